# Shell features and small utilities no other case runs: gawk's
# two-way coprocesses (|&), bash's DEBUG and ERR traps with set -E/-T,
# read -t on a FIFO, ulimit -n/-c seen by children, System V IPC through
# ipcmk/ipcs/lsipc/ipcrm, getent, hardlink, choom (/proc/PID/oom_*),
# renice, pwdx, pidwait (no match), mountpoint, moreutils' errno, rename.ul,
# savelog, gencat. Not here (docs/debian-corpus.md): ulimit -v and -s
# (qemu-user keeps neither), fincore (qemu-user's mincore fails), choom
# and ulimit -c lowering or raising past what an unprivileged user may
# (the reference's user namespace lacks the capabilities).
cat > co.awk <<'A'
BEGIN {
  cmd = "sort -n"
  for (i = 5; i >= 1; i--) print i * 7 |& cmd
  close(cmd, "to")
  while ((cmd |& getline line) > 0) out = out " " line
  close(cmd); print "sorted" out
  bc = "bc"
  print "2^40" |& bc; bc |& getline v; print "bc " v
  print "scale=3; 1/7" |& bc; bc |& getline v; print "bc " v
  close(bc)
  "echo pipe-in" | getline p; print p; close("echo pipe-in")
  print "to-cat" | "cat 1>&2"; close("cat 1>&2")
  r = system("exit 3"); print "system " r
}
A
gawk -f co.awk 2>&1
cat > t.bash <<'B'
set -E -T
trap 'echo "ERR at $LINENO: $BASH_COMMAND -> $?"' ERR
f() { false; echo "in f"; }
f
( false ) ; echo "sub $?"
false || echo "or-list no ERR"
if false; then :; fi
trap - ERR
n=0; trap 'n=$((n+1))' DEBUG; a=1; b=2; c=3; trap - DEBUG; echo "debug-count $n"
shopt -s extdebug; trap '[[ $BASH_COMMAND == skip* ]] && return 1 || true' DEBUG
skipme() { echo no; }; g() { skipme; echo "after skip"; }; g; trap - DEBUG; shopt -u extdebug
mkfifo ff
read -t 0.2 line < <(sleep 5); echo "read-timeout $?"
(exec 3>ff; sleep 0.1; echo fifo-line >&3) & read -t 10 line < ff; echo "read-fifo $? $line"; wait
read -t 0 line < /dev/null; echo "read-t0 $?"
printf 'abc' | { read -N 2 x; read -n 5 y; echo "N:$x n:$y"; }
IFS=: read -r -a parts <<< "a:b::c"; echo "parts ${#parts[@]} ${parts[3]}"
(ulimit -n 12; exec 11>/dev/null && echo "fd11 ok"; ulimit -n; sh -c 'ulimit -n')
(ulimit -c 0; ulimit -c; sh -c 'ulimit -c')
(ulimit -H -n 64; ulimit -n 100 2>&1 | sed 's/.*: //'; ulimit -Hn)
B
bash t.bash 2>&1
k1=$(ipcmk -Q -p 0600 | sed 's/.*: //'); k2=$(ipcmk -M 8192 -p 0640 | sed 's/.*: //'); k3=$(ipcmk -S 3 | sed 's/.*: //')
echo "ids $(echo $k1 $k2 $k3 | wc -w)"
ipcs -q -i $k1 | sed -n 's/^\(uid\|mode\|qbytes\|lspid\|lrpid\|qnum\|cbytes\)\(.*\)/\1\2/p; /msqid/p' | sed 's/=[0-9]*\t*\(mode\)/=N \1/; s/msqid=[0-9]*/msqid=ID/; s/ctime=.*//; s/uid=[0-9]*/uid=U/g' | sort
ipcs -m -i $k2 | grep -E 'size|mode|att|nattch' | sed 's/uid=[0-9]*/uid=U/g; s/[a-z]*time=.*//; s/cpid=[0-9]*/cpid=P/'
ipcs -s -i $k3 | grep -E 'nsems|mode|semnum|^[0-9]' | sed 's/uid=[0-9]*/uid=U/g; s/ *[A-Z][a-z][a-z] [A-Z][a-z][a-z].*//'
lsipc -q -i $k1 -o PERMS,USEDBYTES,MSGS --noheadings; lsipc -m -i $k2 -o PERMS,SIZE,NATTCH --noheadings -b; lsipc -s -i $k3 -o NSEMS,PERMS --noheadings
ipcrm -q $k1 -m $k2 -s $k3; echo "ipcrm $?"; ipcrm -q $k1 2>&1 | sed 's/[0-9][0-9]*/ID/'; ipcs -q -i $k1 2>&1 | sed 's/[0-9][0-9]*/ID/'
getent passwd root postgres | cut -d: -f1,3,4,6; getent group root; getent hosts localhost; getent services 22 2>&1 | head -1; getent passwd nosuch; echo "getent-missing $?"; getent nosuchdb x; echo "getent-db $?"
mkdir h; for f in a b c; do echo same > h/$f; done; echo other > h/d
hardlink -v h 2>&1 | grep -v -i -E 'time|duration' | sed "s|$PWD/||g"; stat -c '%h %n' h/a h/b h/c h/d
choom -p $$ | sed 's/pid [0-9]*/pid P/; s/score: [0-9]*$/score: N/'; choom -n 300 -- sh -c 'cat /proc/self/oom_score_adj /proc/self/oom_adj'; choom -n 1001 -- true 2>&1
sleep 30 & s=$!; renice -n 19 -p $s | sed "s/^$s /PID /"; ps -o ni= -p $s; [ "$(pwdx $s)" = "$s: $PWD" ] && echo pwdx-same; kill $s; pidwait -x napper30 ; echo "pidwait-none $?"
mountpoint -q h; echo "mountpoint-h $?"; mountpoint -d /proc >/dev/null; echo "mp-d $?"
errno ENOENT; errno 13; errno -l | wc -l; errno -s 'Broken pipe'; errno NOSUCH; echo "errno $?"
touch x1.txt x2.txt; rename.ul -v .txt .md x1.txt x2.txt; ls x*; rename.ul -n md text x1.md; rename.ul nothing y x1.md; echo "rename-none $?"
echo log1 > app.log; savelog -q -c 3 app.log; echo log2 > app.log; savelog -q -c 3 app.log; ls app.log*; zcat app.log.1.gz 2>/dev/null || cat app.log.1
printf '$set 1\n1 hello catalog\n2 second\n' > m.msg; gencat m.cat m.msg; echo "gencat $?"; od -An -c m.cat | head -2 | wc -l
