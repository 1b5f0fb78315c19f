# sshd 9.2 listening on loopback with a host key of the work directory, as
# the postgres user (a non-root sshd: as root its privilege separation
# chroots to /run/sshd and takes the sshd user, see docs/debian-corpus.md),
# a connection per ssh: commands, stdin and stderr, the exit status, a
# rejected key, sftp (the server's subsystem). sshd forks a process per
# connection and a privilege-separated child for each.
chmod 755 .; mkdir s; chown postgres:postgres s; w=$(pwd)
u() { setpriv --reuid=postgres --regid=postgres --init-groups env HOME=$w/s "$@"; }
u ssh-keygen -q -t ed25519 -N '' -C host -f s/host; u ssh-keygen -q -t ed25519 -N '' -C user -f s/user; u ssh-keygen -q -t ed25519 -N '' -C other -f s/other
u cp s/user.pub s/authorized_keys
port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
printf 'ListenAddress 127.0.0.1\nPort %s\nHostKey %s/s/host\nAuthorizedKeysFile %s/s/authorized_keys\nStrictModes no\nUsePAM no\nPidFile %s/s/pid\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nSubsystem sftp /usr/lib/openssh/sftp-server\n' $port $w $w $w > s/cfg
u /usr/sbin/sshd -t -f s/cfg; echo "config $?"
# setpriv execs sshd: $! is the server's pid (a function run with & would be a subshell's)
setpriv --reuid=postgres --regid=postgres --init-groups /usr/sbin/sshd -D -e -f $w/s/cfg 2> s/log & sp=$!
n=0; until grep -q 'listening on' s/log || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done
x() { u ssh -F /dev/null -o UserKnownHostsFile=$w/s/known -o StrictHostKeyChecking=accept-new -o LogLevel=ERROR -o BatchMode=yes -p $port "$@"; }
x -i s/user postgres@127.0.0.1 'echo "hello from $(id -un) $(id -u)"; uname -m; echo "to stderr" >&2; pwd; exit 3'; echo "ssh $?"
printf 'line one\nline two\n' | x -i s/user postgres@127.0.0.1 'wc -l; tr a-z A-Z'
x -i s/other postgres@127.0.0.1 true; echo "other key $?"
printf 'put user.pub %s/s/up.pub\nget %s/s/up.pub down.pub\nls -1 %s/s/up.pub\nrm %s/s/up.pub\n' $w $w $w $w > s/batch
cd s && u sftp -F /dev/null -o UserKnownHostsFile=$w/s/known -o LogLevel=ERROR -i user -b batch -P $port postgres@127.0.0.1 2>&1 | sed "s,$w,WORK,g"; cd ..
cmp s/user.pub s/down.pub && echo "sftp round trip"
kill $sp; wait $sp 2>/dev/null; echo "sshd $?"
grep -c 'Accepted publickey' s/log
