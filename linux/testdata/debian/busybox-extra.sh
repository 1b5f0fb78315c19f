b=busybox; seq 20 > n; printf 'a\tb  c\r\nline2\r\n' > crlf
$b ar -h 2>&1 | head -1; $b ar rc a.ar n crlf && $b ar t a.ar; $b crc32 n 2>/dev/null || $b cksum n; $b dos2unix -u crlf; od -c crlf | head -2; $b unix2dos crlf; $b wc -c crlf
$b expand crlf | od -c | head -1; printf 'a    b\n' | $b unexpand -a | od -c | head -1; $b factor 360 97; $b fold -w 3 n | head -3; $b nl -ba n | tail -1; $b rev n | tail -1; $b shuf -i 1-5 -n 5 | sort | tr '\n' ' '; echo
$b strings -n 6 /bin/busybox | head -2; $b xxd -l 16 n; $b xxd -p n | $b xxd -r -p | tail -1; $b uuencode n n | $b uudecode -o - | tail -1; printf 'x\n' | $b ts '%s' | $b wc -w
mkdir rp && printf '#!/bin/sh\necho one\n' > rp/10-a && printf '#!/bin/sh\necho two\n' > rp/20-b && chmod +x rp/*; $b run-parts rp; $b run-parts --test rp; $b time -p true 2>&1 | head -1 | cut -c1-4
$b ipcalc -n -b 192.168.1.10/24; $b sha3sum n | cut -c1-16; $b mkpasswd -m sha512 -S saltsalt pw 2>&1 | cut -c1-20; $b nproc; $b setpriv --nnp true; echo "setpriv $?"; $b getopt -o ab: -- -a -b x y; $b ionice -c3 true; echo "ionice $?"; $b taskset -c 0 true; echo "taskset $?"
$b fallocate -l 4096 fa && $b stat -c %s fa; $b truncate -s 100 fa && $b stat -c %s fa; $b shred -n1 -u fa; ls fa 2>&1; $b usleep 1000; $b yes | $b head -2; $b seq 3 | $b xargs -P 2 -n 1 echo | sort
$b gzip -c n > n.gz; $b unzip 2>&1 | head -1; $b lzop -c n 2>/dev/null | $b lzop -dc 2>/dev/null | tail -1; $b xz -c n | $b xzcat | tail -1; $b lzma -c n 2>/dev/null | $b unlzma -c | tail -1; echo "lzma $?"
$b start-stop-daemon -S -x /bin/echo -- ssd 2>&1; $b pidof nosuch; echo "pidof $?"; $b kill -l 9; $b id -u; $b logname 2>&1; $b whoami 2>&1; $b hostid | wc -c; $b free | head -1 | wc -w; $b df / | head -1 | wc -w; $b stty -a < /dev/null 2>&1 | head -1
$b getopt -o x -- -x; $b dc -e '2 10 ^ p'; echo '2^100' | $b bc; printf 'a\nb\n' > e1; printf '1d\nw\nq\n' | $b ed e1; cat e1
$b vi --help 2>&1 | head -1; $b less n < /dev/null | head -2; $b more n < /dev/null | tail -1; $b dpkg-deb 2>&1 | head -1; $b mim 2>&1 | head -1; $b ascii 2>&1 | head -2; $b cal 1 2000 | head -2; $b ps -o pid,comm 2>&1 | head -1
