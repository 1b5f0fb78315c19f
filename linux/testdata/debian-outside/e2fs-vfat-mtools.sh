# e2fsprogs 1.47 on an image file of the work directory, as one builds a
# root image without a loop device: mke2fs -t ext4 with a fixed UUID,
# hash seed and label and -d to fill it from a tree, e2fsck -fn, debugfs
# (ls, stat's sizes, cat, rdump, a write with -w), tune2fs -l and -L,
# dumpe2fs -h's stable fields, resize2fs growing the image, e2label,
# filefrag of a regular file. dosfstools 4.2 and mtools 4.0: mkfs.vfat
# with a fixed volume id, mcopy in and out, mdir -b, mmd, mattrib, mdel,
# minfo's geometry, fsck.vfat -n. Times, dates and the host's
# page-cache-dependent counts are left out.
PATH=/usr/sbin:/sbin:$PATH
export E2FSPROGS_FAKE_TIME=1700000000 MKE2FS_DEVICE_SECTSIZE=512
mkdir -p src/dir; echo hello ext4 > src/a.txt; seq 1 5000 > src/dir/n.txt; ln -s a.txt src/l
truncate -s 16M e.img
mke2fs -q -F -t ext4 -b 1024 -U 0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0 -E hash_seed=01234567-89ab-cdef-0123-456789abcdef -L root -d src e.img; echo "mke2fs $?"
e2fsck -fn e.img 2>&1 | sed 1d; echo "e2fsck $?"
debugfs -R 'ls -l /' e.img 2>/dev/null | awk '{print $1, $2, $(NF)}' | grep -v '^ *$'
debugfs -R 'cat /dir/n.txt' e.img 2>/dev/null | md5sum; debugfs -R 'stat /a.txt' e.img 2>/dev/null | grep -o 'Size: [0-9]*'
printf 'written by debugfs\n' > w.txt; debugfs -w -R 'write w.txt w.txt' e.img 2>&1 | grep -v '^debugfs'; debugfs -R 'cat /w.txt' e.img 2>/dev/null
mkdir out; debugfs -R 'rdump /dir out' e.img 2>/dev/null; cmp out/dir/n.txt src/dir/n.txt && echo rdump same
tune2fs -L newlabel e.img | grep -v '^tune2fs'; e2label e.img
dumpe2fs -h e.img 2>/dev/null | grep -E '^(Filesystem volume name|Filesystem UUID|Block count|Block size|Inode count|Filesystem features|Filesystem state|Inode size|Reserved block count):'
truncate -s 32M e.img; resize2fs e.img 2>&1 | grep -v '^resize2fs'; dumpe2fs -h e.img 2>/dev/null | grep '^Block count'
e2fsck -fy e.img >/dev/null 2>&1; echo "e2fsck -fy $?"
mke2fs -q -F -t ext4 nosuch/e.img 2>&1 | sed 's/ while.*//'; echo "mke2fs missing $?"
truncate -s 2M f.img; mkfs.vfat -i 12345678 -n SWEEP f.img; echo "mkfs.vfat $?"
export MTOOLS_SKIP_CHECK=1 MTOOLSRC=/dev/null
mmd -i f.img ::/docs; mcopy -i f.img src/a.txt ::/docs/A.TXT; mcopy -i f.img src/dir/n.txt ::/N.TXT; echo "mcopy $?"
mdir -i f.img -b ::/ | sort; mdir -i f.img -/ -b ::/ | sort; mtype -i f.img ::/docs/A.TXT
mattrib -i f.img +r ::/N.TXT; mattrib -i f.img ::/N.TXT; mdel -i f.img ::/N.TXT; echo "mdel $?"; mattrib -i f.img -r ::/N.TXT; mdel -i f.img ::/N.TXT; echo "mdel $?"
mcopy -i f.img ::/docs/A.TXT back.txt; cmp back.txt src/a.txt && echo mcopy back same
minfo -i f.img :: | grep -E 'sectors per cluster|heads|serial|label' | head -5
fsck.vfat -n f.img | sed 1d; echo "fsck.vfat $?"
