# Terminal programs as a user at a terminal runs them (issue 26), each on a
# pseudo-terminal of its own made by ptydrive.py (tty-programs.d), which
# writes keys and resizes the terminal once the program has printed what
# it waits for: util-linux's script(1) running stty -a, tty, tput and,
# after a resize (SIGWINCH through script's signalfd to the session
# below), stty size; less (pages, G, g, a search, a resize's repaint) and
# more; vim.tiny -es and an interactive ex session; nano --version;
# top -b's header and an interactive top -n1; dialog and whiptail
# (infobox, yesno, inputbox). What a screen library draws after a key
# depends on when the key came (ncurses stops a refresh on typeahead), so
# it is skipped up to a marker the shell prints after the program.
# Process lists (top) are left out: qemu-user's chroot sees the host's.
export TERM=xterm LESSHISTFILE=- SHELL=/bin/sh
d="python3 ptydrive.py"
seq 100 >n.txt
echo "== script: stty, tty, tput, a resize"
$d size=24x80 wait=ready resize=30x100 -- script -q -e -c 'stty -a; tty | sed "s,[0-9][0-9]*,N,"; tput cols; tput lines; tput colors; tput longname; echo; tput cup 5 10; tput bold; tput sgr0; tput setaf 1; tput clear; python3 -c "
import os, signal
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGWINCH])
print(\"ready\", flush=True)
signal.sigwait([signal.SIGWINCH])
os.execvp(\"stty\", [\"stty\", \"size\"])"; tput cols; exit 3' /dev/null
echo "== less, more"
$d size=10x40 wait=--9-- keys=" " wait=--18-- keys=G wait=--100-- keys=g wait=--9-- keys="/50\r" wait=--58-- resize=15x40 wait=--63-- keys=q -- less -Ps--%lb-- n.txt
$d size=10x40 wait=--More-- keys=" " wait=--More-- keys=q -- more n.txt
echo "== vim -es, ex"
$d -- vim.tiny -es -u NONE -i NONE -c '%s/5/five/g' -c 'g/^1/d' -c 'w v.txt' -c q n.txt
head -3 v.txt; wc -l <v.txt
$d wait=: keys="3,5p\r" wait=: keys="\$=\r" wait=: keys="q!\r" -- vim.tiny -e -u NONE -i NONE n.txt
echo "== nano, top"
$d -- nano --version
$d size=24x100 -- top -b -n1 | sed -n 's/^\(top -\) .*/\1/p; /PID USER/p'
$d wait=RC: skip -- sh -c 'top -n1; echo RC: $?'
echo "== dialog, whiptail"
$d -- dialog --print-maxsize
$d -- dialog --infobox "hello from dialog" 5 30
$d wait=Continue? mark keys="\r" wait=RC: skip -- sh -c 'dialog --yesno Continue? 6 30; echo RC: $?'
$d wait=Name mark keys="ppc64\r" wait=RC: skip -- sh -c 'dialog --inputbox Name 8 30 2>ans; echo RC: $?; cat ans'
$d -- whiptail --infobox "hello from whiptail" 8 30
$d wait=Continue? mark keys="\t\r" wait=RC: skip -- sh -c 'whiptail --yesno Continue? 8 30; echo RC: $?'
