seq 1 5000 | shuf --random-source=/dev/zero > r; sort -n -S 64K --parallel=2 r | md5sum; sort -n -S 1M --parallel=2 -T . r | tail -1
sort -u -t, -k2,2n <<'X'
a,3
b,1
c,3
d,2
X
split -n l/3 -d r part_ && ls part_* && cat part_* | cmp - r && echo split-ok; split -b 1000 --additional-suffix=.x r s_ && ls s_* | wc -l
timeout 0.5 sleep 5; echo "timeout $?"; timeout -s KILL 0.5 sleep 5; echo "kill $?"; timeout 5 true; echo "fast $?"

env -i A=1 env; env -u PATH sh -c 'echo "path=${PATH-unset}"' ; env -i /usr/bin/printenv HOME; echo "printenv $?"
nice -n 5 nice; nohup sh -c 'echo nohup-out' 2>/dev/null; cat nohup.out 2>/dev/null; echo "nohup $?"
(echo a; sleep 0.1; echo b) | stdbuf -oL tr a-z A-Z; stdbuf -o0 echo unbuffered
TZ=UTC0 date -d @1000000000 '+%F %T %Z'; TZ=America/New_York date -d @1000000000 '+%F %T %Z %z'; TZ=Asia/Kolkata date -d '2020-06-01 12:00 UTC' +%H:%M; TZ=EST5EDT,M3.2.0,M11.1.0 date -d @1700000000 +%T%Z
date -u -d '2024-02-29 +1 year' +%F; date -u -d 'next monday' +%A; date -u --iso-8601=seconds -d @0; date -u -R -d @86400
printf 'abcdefghij' > f; stat -c '%n %s %a %F %h' f; chmod 640 f; stat -c '%A %a' f; stat -L -c %s /dev/null; stat -f -c %T . >/dev/null && echo statfs
dd if=f of=g bs=3 conv=ucase 2>/dev/null; cat g; echo; dd if=f bs=4 skip=1 count=1 status=none; echo; dd if=f of=h conv=notrunc,sync bs=4 2>&1 | head -2; wc -c h; dd if=/dev/zero of=s bs=1 count=0 seek=1M status=none; du -k --apparent-size s; du -k s
printf 'hello\n' | dd conv=swab status=none | od -c | head -1
install -m 0751 -D f inst/bin/tool && stat -c '%a %s' inst/bin/tool; install -d -m 700 inst/priv && stat -c %a inst/priv
t=$(mktemp -p .) && test -f "$t" && stat -c %a "$t"; d=$(mktemp -d -p . tmp.XXXX) && test -d "$d" && echo "${#d}"; mktemp -u -t abc.XXXXXX | grep -c '^/tmp/abc\.'
mkdir -p rp/a && ln -s rp/a link && realpath link | sed "s,$(pwd),PWD,"; realpath -m no/such/../x | sed "s,$(pwd),PWD,"; realpath --relative-to=rp/a rp; realpath -e nope 2>&1; echo "rp $?"
mkdir -p du/x && head -c 10000 /dev/zero > du/x/f && du -s --apparent-size -b du; du -a -b --apparent-size du | sort -k2
ls -l --time-style=+%Y f | cut -c1-10; readlink -f link | sed "s,$(pwd),PWD,"
seq 10 | paste - -; seq 3 | tee t1 t2 >/dev/null; cat t1 t2 | wc -l; echo abc | cksum; printf '%s\n' 3 1 2 | sort -R --random-source=/dev/zero | wc -l
pathchk -p 'a/b'; echo "pathchk $?"; nproc --all >/dev/null && echo nproc; id -un >/dev/null 2>&1; tty; echo "tty $?"; uname -m
seq 5 | sort -nr | head -2; printf 'a b\n' | fold -w 1 | wc -l; csplit -s -f cs r '/^1$/' && ls cs*
