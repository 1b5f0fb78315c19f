# dpkg 1.21: dpkg-deb -b (a reproducible gzip .deb with a postinst), -c, -I,
# -f, -x; dpkg -x; dpkg --root install into a scratch root (the postinst
# run chrootless), -l, -L, -s, -r (a postrm run), -L and -l after it; a
# missing archive. Then coreutils and
# util-linux readers of the system: df, stat -f, nproc, uname -m, id,
# groups, who, env -i, timeout, nice, stdbuf.
mkdir -p pkg/DEBIAN pkg/usr/share/hello26 && printf 'Package: hello26\nVersion: 1.0\nArchitecture: all\nMaintainer: T <t@example.org>\nDescription: a test\n' > pkg/DEBIAN/control
printf 'hi\n' > pkg/usr/share/hello26/file; printf '#!/bin/sh\necho postinst "$@"\n' > pkg/DEBIAN/postinst; printf '#!/bin/sh\necho postrm "$@"\n' > pkg/DEBIAN/postrm; chmod 755 pkg/DEBIAN/postinst pkg/DEBIAN/postrm
SOURCE_DATE_EPOCH=0 dpkg-deb --root-owner-group -Zgzip -b pkg h.deb | sed 's/ in .*//'; echo "rc $?"
dpkg-deb -c h.deb | awk '{print $1, $2, $6}'; dpkg-deb -I h.deb | sed -n '/Package/,$p'; dpkg-deb -f h.deb Version
dpkg-deb -x h.deb out; cat out/usr/share/hello26/file; dpkg -x h.deb out2; ls out2/usr/share/hello26
mkdir -p r/var/lib/dpkg/info r/var/lib/dpkg/updates r/var/log; : > r/var/lib/dpkg/status; : > r/var/lib/dpkg/available
PATH=/usr/sbin:$PATH dpkg --root=$PWD/r --force-script-chrootless --force-not-root --log=/dev/null -i h.deb 2>&1 | grep -v '^(Reading'; echo "rc $?"
dpkg --root=$PWD/r -l hello26 | tail -1 | awk '{print $1, $2, $3}'; dpkg --root=$PWD/r -L hello26; dpkg --root=$PWD/r -s hello26 | head -2
PATH=/usr/sbin:$PATH dpkg --root=$PWD/r --force-script-chrootless --force-not-root --log=/dev/null -r hello26 2>&1 | grep -v '^(Reading'; ls r/usr/share 2>&1
dpkg --root=$PWD/r -L hello26 2>&1; echo "rc $?"; dpkg --root=$PWD/r -l hello26 2>&1 | tail -1; dpkg-query --root=$PWD/r -W -f '${Status}\n' hello26 2>&1; echo "rc $?"
dpkg-deb -I nosuch.deb; echo "rc $?"
df -P . >/dev/null; echo "df $?"; stat -f -c '%T' /; nproc >/dev/null; echo "nproc $?"; uname -m; id -u; groups >/dev/null; echo "groups $?"
who; echo "who $?"; env -i A=1 env; timeout 1 sleep 5; echo "timeout $?"; nice -n 5 nice; stdbuf -oL echo buf
