# util-linux's file system and partition tools on image files of the work
# directory, as one prepares a disk image without a loop device: mkfs.minix
# and fsck.minix, mkswap (a fixed label and UUID; its warnings of a file
# with holes, from FS_IOC_FIEMAP, and of a world-readable file), swaplabel,
# wipefs (list, -n, -a with its backups in $HOME, here the work
# directory: not /tmp), mkfs.cramfs of a tree, fsck.cramfs, mkfs.bfs, a
# DOS partition table written with printf and read by partx and blkid, an
# ISO 9660 image from bsdtar and isosize, blkid's low-level probes (-p),
# and the block device calls of blockdev and blkdiscard on a regular file
# (ENOTTY, "not a block device"); cp --reflink=always and =auto (FICLONE:
# "Operation not supported" on ext4). Random UUIDs and the ISO's dates
# are left out.
PATH=/usr/sbin:/sbin:$PATH
truncate -s 4M m.img; mkfs.minix -1 -n 30 -i 200 m.img; echo "mkfs.minix $?"; fsck.minix -f m.img; echo "fsck.minix $?"
blkid -p -o export m.img; mkfs.minix -3 m.img | sed -n 1,2p; fsck.minix -f m.img; echo "fsck.minix -3 $?"
truncate -s 1M s.img; mkswap -p 4096 -L sw -U 11111111-2222-3333-4444-555555555555 s.img; echo "mkswap $?"
mkswap nosuch.img; echo "mkswap $?"
blkid -p s.img; swaplabel s.img; swaplabel -L other s.img; swaplabel -U 01234567-89ab-cdef-0123-456789abcdef s.img; blkid -s LABEL -s UUID -o value s.img
wipefs s.img; wipefs -n -a s.img; HOME=$PWD wipefs -a -b s.img; ls wipefs-*; od -An -c -N 10 wipefs-s.img-0x00000ff6.bak; blkid -p s.img; echo "blkid $?"
chmod 600 s.img; mkswap -p 4096 s.img | grep -v UUID; mkswap -p 4096 -L again s.img | grep -v UUID; blkid -s LABEL -s TYPE s.img
mkdir -p tree/sub; echo hello > tree/a; printf 'x%.0s' $(seq 1000) > tree/sub/b; ln -s a tree/l; mkfifo tree/f
mkfs.cramfs -n vol tree c.img; echo "mkfs.cramfs $?"; fsck.cramfs -v c.img; echo "fsck.cramfs $?"; blkid -p -o export c.img
dd if=c.img of=bad.img bs=1k count=2 2>/dev/null; fsck.cramfs bad.img; echo "fsck.cramfs $?"
truncate -s 512K b.img; mkfs.bfs -v -N 32 -V vol -F fname b.img; echo "mkfs.bfs $?"; blkid -p b.img
truncate -s 4M d.img
printf '\203\000\000\000\000\010\000\000\000\010\000\000' | dd of=d.img bs=1 seek=450 conv=notrunc 2>/dev/null
printf '\202\000\000\000\000\020\000\000\000\004\000\000' | dd of=d.img bs=1 seek=466 conv=notrunc 2>/dev/null
printf '\125\252' | dd of=d.img bs=1 seek=510 conv=notrunc 2>/dev/null
printf '\170\126\064\022' | dd of=d.img bs=1 seek=440 conv=notrunc 2>/dev/null
partx --show d.img; partx -g -o NR,START,END,SECTORS,SIZE,TYPE d.img; partx --show --nr 2 d.img; partx --show --nr 5 d.img; echo "partx $?"
blkid -p -o export d.img; partx --show m.img; echo "partx $?"
bsdtar --format iso9660 --options volume-id=MYISO -cf x.iso tree/a tree/sub; isosize x.iso; isosize -x x.iso; isosize -d 2048 x.iso; blkid -p -s TYPE -s LABEL x.iso; isosize m.img; echo "isosize $?"
blockdev --getsize64 m.img; echo "blockdev $?"; blockdev --getss --getbsz m.img; echo "blockdev $?"; blkdiscard m.img; echo "blkdiscard $?"
wipefs -a m.img c.img | sed 's/ [0-9a-f][0-9a-f]\( [0-9a-f][0-9a-f]\)*$/ .../'; blkid -p m.img c.img; echo "blkid $?"
echo data > r1; cp --reflink=always r1 r2; echo "cp $?"; cp --reflink=auto r1 r3; echo "cp $?"; cat r3
