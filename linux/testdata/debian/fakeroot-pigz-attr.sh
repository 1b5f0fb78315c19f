# fakeroot 1.31 (libfakeroot preloaded into every program; faked-sysv
# answers it over System V message queues, faked-tcp over loopback TCP):
# chown, chmod, mknod, stat and ls of faked owners, a tar and a .deb
# built under it, -s/-i to save and reload its database; pigz 2.6 (block
# compression in threads: -p, -b, -i, -z, -l, -t, -d, a corrupt input);
# GNU time 1.9 (wait4's status: an exit status, a signal, -o, -a, a
# missing program); attr's setfattr/getfattr and acl's setfacl/getfacl
# (user.* attributes, access and default ACLs, inheritance, removal).
mkdir fr && cd fr
fakeroot sh -c 'touch f; chown 1234:5678 f; chmod 4751 f; mknod dev c 1 3; mknod blk b 8 1; mkfifo p; chown -h 42:43 p
  stat -c "%n %u %g %a %F %t,%T" f dev blk p; id -u; ls -ln f dev | cut -d" " -f1,3-6; tar cf ../t.tar f dev blk p' ; echo "fakeroot $?"
tar tvf ../t.tar | awk '{print $1, $2, $3, $NF}'; stat -c '%n %u %a %F' f dev | sed 's/ 0 / ROOT /'
fakeroot -s ../state sh -c 'chown 7:8 f; echo saved'; fakeroot -i ../state stat -c '%u %g' f; fakeroot -i ../state -s ../state sh -c 'chown 9 f'; fakeroot -i ../state stat -c '%u %g' f
fakeroot-tcp sh -c 'chown 77:88 f; stat -c "%u %g" f; echo "$FAKEROOTKEY" | grep -c .'
mkdir -p pkg/DEBIAN pkg/usr/share/fr26 && printf 'Package: fr26\nVersion: 1.0\nArchitecture: all\nMaintainer: t <t@t>\nDescription: t\n' > pkg/DEBIAN/control && echo data > pkg/usr/share/fr26/d
fakeroot sh -c 'chown -R 0:0 pkg; dpkg-deb -b pkg fr26.deb' >/dev/null; echo "deb $?"; dpkg-deb -c fr26.deb | awk '{print $1, $2, $NF}'
fakeroot nosuch26; echo "missing $?"; cd ..
seq 1 300000 > d; cp d d0
pigz -k -p 2 -b 128 d; echo "pigz $?"; pigz -c -n -p 2 -b 128 d | md5sum; pigz -c -n -p 1 -b 128 d | md5sum; gzip -c -n d | pigz -dc | cmp - d && echo "gzip to pigz"
pigz -l d.gz | awk '{print $1, $2, $NF}'; pigz -t d.gz; echo "test $?"; pigz -dc d.gz | cmp - d0 && echo same
pigz -c -i -p 2 d | pigz -dc | md5sum; pigz -z -c d | pigz -dz | tail -1; pigz -c -9 -p 2 --rsyncable d | gzip -dc | wc -l
head -c 1000 d.gz > cut.gz; pigz -t cut.gz 2>&1; echo "cut $?"; echo notgzip > bad.gz; pigz -d bad.gz 2>&1; echo "bad $?"
/usr/bin/time -f '%x %C' sh -c 'exit 3'; echo "time $?"; /usr/bin/time -f '%x' sh -c 'kill -TERM $$'; echo "signal $?"
/usr/bin/time -o t.out -f 'first %x' true; /usr/bin/time -a -o t.out -f 'second %x' false; cat t.out; /usr/bin/time nosuch26 2>&1 | head -1; echo "missing $?"
touch x; mkdir dir
setfattr -n user.color -v blue x; setfattr -n user.empty x; setfattr -n user.bin -v 0x0001ff x; getfattr -d x; getfattr -d -e hex x | grep bin
getfattr -n user.color --only-values x; echo; setfattr -x user.color x; getfattr -n user.color x 2>&1; echo "gone $?"; getfattr -m '^user\.' x | sort
setfattr -x user.nosuch x 2>&1; echo "rm $?"
chmod 640 x; setfacl -m u:postgres:rw,g:nogroup:r x; getfacl -n x; getfacl -c x | sort; ls -l x | cut -c1-11
setfacl -m m::r x; getfacl -c --omit-header x 2>/dev/null | grep -E 'mask|effective'; setfacl -b x; getfacl -c x; ls -l x | cut -c1-11
setfacl -d -m u:postgres:rwx dir; touch dir/new; mkdir dir/sub; getfacl -c dir/new; getfacl -c dir/sub | grep default | sort
setfacl -m u:nosuchuser:r x 2>&1; echo "bad user $?"; getfacl nosuch 2>&1; echo "missing $?"
