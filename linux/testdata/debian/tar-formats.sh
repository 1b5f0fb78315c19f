# GNU tar's archive formats (posix, gnu, oldgnu, ustar, v7) with names
# and link targets past 100 bytes, a sparse file (-S), --pax-option,
# listing, --compare and extraction; round trips of a 589 kB text through
# gzip, bzip2, xz -T2, zstd -T2, lz4 and lzip with -t and -l (xz -6 of
# 2.7 MB took 24 s of CPU under ppc64emu); split -n.
d=t/$(printf 'd%.0s' $(seq 60))/$(printf 'e%.0s' $(seq 70)); mkdir -p "$d"; echo hi > "$d/file"; ln -s $(printf 'x%.0s' $(seq 120)) t/longlink; ln "$d/file" t/hard
dd if=/dev/zero of=t/sparse bs=1 count=1 seek=3M status=none; printf data >> t/sparse; find t -exec touch -h -d @1700000000 {} +
o='--sort=name --owner=0 --group=0 --numeric-owner --mtime=@1700000000'
for f in posix gnu oldgnu ustar v7; do p=; s=-S; [ $f = posix ] && p=--pax-option=delete=atime,delete=ctime; [ $f = ustar -o $f = v7 ] && s=; tar --format=$f $o $p $s -cf a.$f t 2>&1; echo "$f $? $(wc -c < a.$f)"; tar -tvf a.$f 2>&1 | sed 's/ \+/ /g' | cut -c1-80; done
for f in posix gnu; do rm -rf x; mkdir x; tar -xf a.$f -C x && cmp x/t/sparse t/sparse && echo "$f sparse $(du -k x/t/sparse | cut -f1)k $(stat -c '%h %s %Y' x/$d/file)"; tar -df a.$f 2>&1; echo "diff $?"; done
echo changed > "$d/file"; tar -df a.gnu 2>&1 | sed 's/^tar: //'; echo "diff $?"; tar --format=ustar -cf - "$(printf 'n%.0s' $(seq 160))" 2>&1 | wc -c; tar -tf a.gnu --wildcards '*file' | wc -c; tar -xOf a.posix "$d/file"; tar --delete -f a.gnu t/hard && tar -tf a.gnu | wc -l
tar --format=posix -cf - t | tar --test-label -f -; echo "label $?"; tar -cf - nosuch 2>&1 >/dev/null; echo "missing $?"; printf 'garbage%0512d' 0 > bad.tar; tar -tf bad.tar 2>&1; echo "bad $?"; tar -V lbl $o -cf l.tar t/hard && tar --test-label -f l.tar
seq 1 100000 > big; for c in "gzip -9" "bzip2" "xz -T2 -1" "zstd -q -T2 -5" "lz4 -q -9" "lzip.lzip"; do $c -c big > z; set -- $c; $1 -t z 2>&1 | sed 's/ *$//'; echo "$1 $? $(wc -c < z)"; done
xz -T2 -1 -c big > big.xz; xz -l big.xz; xz -lvv big.xz | sed -n '/Check:/p;/Memory/p'; zstd -q -c --long=27 big | zstd -q -d --long=27 | cmp - big && echo long; gzip -c big | gzip -l; gzip -c big | gzip -lv | awk '{print $1, $2, $6, $7}'
bzip2 -c big | bzip2 -tvv 2>&1 | tail -1; zstd -q -c big > big.zst; zstd -l big.zst; lz4 -q -c big | lz4 -q -d | wc -c; lzip.lzip -c big | lzip.lzip -l | sed 's/ \+/ /g'; head -c 1000 big.xz | xz -t 2>&1; echo "xz $?"
split -n 3 big s_; wc -c s_*; split -b 200K -a 3 --numeric-suffixes=5 big n_; ls n_*; split -l 30000 --filter='wc -l' big; cat s_* | cmp - big && echo joined; split -n l/2/3 big | head -1
