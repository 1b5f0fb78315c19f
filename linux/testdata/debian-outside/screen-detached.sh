# GNU screen 4.9 driven without a terminal: a detached session (-d -m)
# whose window runs a shell script on a pseudo-terminal, -X commands to
# it over its socket (SCREENDIR in the work directory): stuff of input,
# hardcopy of the window's contents, a second window, title, a logfile,
# -Q answering queries, -ls, quit. Every read of a window waits for
# what it looks for first (hardcopy until the text is there; the log
# until cat -n's line, which follows the echoed one, is in it).
# qemu-user 7.2 cannot be the reference: its screen server ends at once
# (known-failures.txt); this output is Debian's amd64 screen 4.9's run
# natively on the host (Linux 6.1), which ppc64emu's matched.
export SCREENDIR=$PWD/sd HOME=$PWD
mkdir -m 700 sd
s() { screen -S sw "$@"; }
upto() { n=0; until { s -p "$1" -X hardcopy "$PWD/hc"; grep -q "$2" hc 2>/dev/null; } || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done; }
screen -c /dev/null -d -m -S sw sh -c 'printf "ready\n"; exec cat -n'; echo "screen $?"
n=0; until s -Q select . >/dev/null 2>&1 || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done
upto 0 ready; grep -v '^$' hc
s -p 0 -X stuff 'first line\n'; upto 0 '1.*first line'
s -p 0 -X stuff 'second\n'; upto 0 '2.*second'; grep -v '^$' hc
s -X screen -t two sh -c 'echo window two; exec sleep 1000'; upto two 'window two'; grep -v '^$' hc
s -Q windows | tr -s ' ' | sed 's/\$//g'; echo
s -Q number; echo; s -p two -Q title; echo
s -X logfile "$PWD/log.txt"; s -p 0 -X log on; s -p 0 -X stuff 'logged\n'; upto 0 '3.*logged'
s -p 0 -X log off; n=0; until grep -q '3.logged' log.txt 2>/dev/null || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done; grep -c logged log.txt
screen -ls | grep -c 'sw'; s -X quit; echo "quit $?"
n=0; until ! screen -ls >/dev/null 2>&1 || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done
screen -ls | sed "s,$PWD,W,"; echo "ls $?"
screen -S nosuch -X stuff x; echo "nosuch $?"
