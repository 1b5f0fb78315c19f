# procps and psmisc read /proc; what qemu-user's chroot shows of its own
# (qemu's command line in ps's cmd column, its threads in pstree and ps's
# "l" state) is not compared, and the processes signalled are this case's
# own (a copy of sleep under a name of its own: under qemu-user the chroot
# sees the host's processes; a pattern of pkill -f must not match the
# shell's own command line, which holds this script). grep -q and -c >/dev/null drain their input
# with splice.
printf 'a\nb\n' | grep -q a; echo "grep -q $?"
seq 1 50000 | grep -c 7 >/dev/null; echo "grep -c to /dev/null $?"
ps -e -o comm= | grep -c . >/dev/null; echo "ps | grep $?"
cp /usr/bin/sleep ./napper26
# The processes are orphans (started by a subshell that exits), so that no
# "Terminated" of a job the shell reaps depends on timing.
gone() { while kill -0 "$1" 2>/dev/null; do sleep 0.1; done; echo "$2 gone"; }
s=$( (./napper26 30 </dev/null >/dev/null 2>&1 & echo $!) )
s2=$( (./napper26 "3""1" </dev/null >/dev/null 2>&1 & echo $!) )
sleep 1
ps -o comm= -p $s; ps -o stat= -p $s | cut -c1; ps -o ni= -p $s
pgrep -x napper26 | sort -n | tr '\n' ' ' | sed "s/^$s $s2 $/both/"; echo
pgrep -f 'napper2[6] 31' | grep -qx "$s2" && echo pgrep-f-ok
pkill -0 -x nosuch26; echo "pkill none $?"
pkill -TERM -f 'napper2[6] 31'; echo "pkill $?"; gone $s2 pkill-ed
killall -v -0 napper26 2>&1 | sed 's/([0-9]*)/(N)/'; echo "killall -0 $?"
killall napper26; echo "killall $?"; gone $s killall-ed
killall -q napper26; echo "killall none $?"
prtstat $$ | head -1 | cut -c1-8; echo "prtstat $?"
pmap $$ >/dev/null; echo "pmap $?"
free | head -1; free -b >/dev/null; echo "free $?"
uptime >/dev/null; echo "uptime $?"
top -b -n1 | head -1 | cut -c1-5; echo "top $?"
ps aux >/dev/null; echo "ps aux $?"; ps -ef >/dev/null; echo "ps -ef $?"
w -h >/dev/null; echo "w $?"
fuser . >/dev/null 2>&1; echo "fuser $?"
