# sshd 9.2 run as root, as a system runs it: privilege separation (before
# authentication a child chroots to /run/sshd and takes the sshd user of
# the root layout; after it, the session's child takes the user's ids and
# groups), a host key and authorized keys of the work directory. Logins
# as root and as postgres: commands with stdout, stderr and an exit
# status, stdin, the user's ids, groups and home, a rejected key, scp by
# sftp and by the old protocol (-O: the remote scp -t), rsync over ssh
# (the remote rsync --server), sftp. sshd re-executes itself per
# connection (rexec) and forks the privilege-separated children.
chmod 755 .; w=$(pwd); mkdir s
ssh-keygen -q -t ed25519 -N '' -C host -f s/host; ssh-keygen -q -t ed25519 -N '' -C user -f s/user; ssh-keygen -q -t ed25519 -N '' -C other -f s/other
cp s/user.pub s/authorized_keys; chmod 644 s/authorized_keys
port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
printf 'ListenAddress 127.0.0.1\nPort %s\nHostKey %s/s/host\nAuthorizedKeysFile %s/s/authorized_keys\nStrictModes no\nUsePAM no\nPidFile %s/s/pid\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nPrintMotd no\nSubsystem sftp /usr/lib/openssh/sftp-server\n' $port $w $w $w > s/cfg
ls -ld /run/sshd | cut -d' ' -f1,3,4; grep '^sshd:' /etc/passwd
/usr/sbin/sshd -t -f $w/s/cfg; echo "config $?"
/usr/sbin/sshd -D -e -f $w/s/cfg 2> s/log & sp=$!
n=0; until grep -q 'listening on' s/log || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done
o="-F /dev/null -o UserKnownHostsFile=$w/s/known -o StrictHostKeyChecking=accept-new -o LogLevel=ERROR -o BatchMode=yes -o IdentitiesOnly=yes"
x() { ssh $o -p $port "$@"; }
x -i s/user root@127.0.0.1 'echo "hello from $(id -un) $(id -u) $(id -G)"; pwd; echo "to stderr" >&2; exit 3'; echo "ssh $?"
x -i s/user postgres@127.0.0.1 'id; pwd; echo "$HOME $SHELL $USER $LOGNAME"; grep -E "^(Uid|Gid|Groups):" /proc/self/status; ls -ld /run/sshd | cut -d" " -f1,3'
printf 'line one\nline two\n' | x -i s/user root@127.0.0.1 'wc -l; tr a-z A-Z'
x -i s/other root@127.0.0.1 true; echo "other key $?"
x -i s/user postgres@127.0.0.1 "touch $w/s/nope" 2>&1 | sed "s,$w,WORK,"; echo "write $?"
mkdir -p src/d && printf 'alpha\n' > src/a && printf 'beta\n' > src/d/b && ln -s a src/l && seq 1 20000 > src/big
scp $o -i s/user -P $port src/a root@127.0.0.1:$w/s/a.sftp; echo "scp $?"; cmp src/a s/a.sftp && echo "scp same"
scp -O $o -i s/user -P $port -r src root@127.0.0.1:$w/s/legacy; echo "scp -O $?"; (cd s/legacy && find . | sort)
scp $o -i s/user -P $port root@127.0.0.1:$w/s/nosuch got 2>&1 | sed "s,$w,WORK,"; echo "scp missing $?"
rsync -a -e "ssh $o -i $w/s/user -p $port" src/ root@127.0.0.1:$w/s/rs/; echo "rsync $?"; (cd s/rs && find . | sort); cmp src/big s/rs/big && echo "rsync same"
echo changed > src/a; rm src/d/b; rsync -a -i --delete -e "ssh $o -i $w/s/user -p $port" src/ root@127.0.0.1:$w/s/rs/ | sort; cat s/rs/a
rsync -a -e "ssh $o -i $w/s/user -p $port" root@127.0.0.1:$w/s/rs/ back/; echo "rsync back $?"; diff -r src back && echo "back same"
printf 'ls -1 %s/s/rs\nget %s/s/rs/a fromsftp\nrm %s/s/rs/big\n' $w $w $w > s/batch
sftp $o -i s/user -P $port -b s/batch root@127.0.0.1 2>&1 | sed "s,$w,WORK,g"; cat fromsftp; ls s/rs
kill $sp; wait $sp 2>/dev/null; echo "sshd $?"
grep -c 'Accepted publickey for root' s/log; grep -c 'Accepted publickey for postgres' s/log
