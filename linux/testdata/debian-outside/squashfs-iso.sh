# squashfs-tools 4.5 (mksquashfs: a reader, a deflator per processor and
# a writer thread, here two processors; unsquashfs listing, extracting
# and a single file) and xorriso 1.5 (an ISO 9660 image with Rock Ridge
# and Joliet from a tree, listed, a file extracted, the image checked),
# as one builds images without a loop device. Times are fixed (-mkfs-time,
# -all-time, SOURCE_DATE_EPOCH) and the tree's mtimes set, so that the
# images' bytes do not follow the clock.
PATH=/usr/sbin:/sbin:$PATH
mkdir -p src/sub/deep; seq 1 50000 > src/n.txt; echo hello squash > src/sub/h.txt; yes xyz | head -5000 > src/sub/deep/y.txt; ln -s n.txt src/link
find src -exec touch -h -d @1000000000 {} +
mksquashfs src s.img -processors 2 -comp xz -noappend -all-root -mkfs-time 1000000000 -all-time 1000000000 -quiet -no-progress; echo "mksquashfs $?"
md5sum s.img; unsquashfs -s s.img | grep -E -v '^(Creation|Filesystem size)'
unsquashfs -lls -n s.img | awk '{print $1, $2, $3, $6, $7, $8}'
unsquashfs -q -n -d x s.img; echo "unsquashfs $?"; diff -r src x && echo same tree
unsquashfs -q -n -cat s.img sub/h.txt
mksquashfs src g.img -processors 2 -comp gzip -b 4096 -noappend -all-root -mkfs-time 0 -all-time 0 -quiet -no-progress; md5sum g.img
unsquashfs -q -n -d y nosuch.img 2>&1 | head -2; echo "missing $?"
export SOURCE_DATE_EPOCH=1000000000
xorriso -no_rc -report_about SORRY -outdev i.iso -volid SWEEP -joliet on -rockridge on -map src / -commit 2>&1 | grep -v -e '^xorriso' -e 'Writing' -e 'libisofs'; echo "xorriso $?"
xorriso -no_rc -report_about SORRY -indev i.iso -find / -exec lsdl -- 2>/dev/null | awk '{print $1, $5, $NF}'
xorriso -no_rc -report_about SORRY -osirrox on -indev i.iso -extract /sub/h.txt h.out 2>/dev/null; cat h.out
xorriso -no_rc -report_about SORRY -indev i.iso -check_media -- 2>&1 | grep -i -E 'Media (checks|region)' | head -3
xorriso -no_rc -report_about SORRY -indev i.iso -pvd_info 2>/dev/null | grep -E '^(Volume Id|Volume Set Id|Publisher Id|App Id)'
