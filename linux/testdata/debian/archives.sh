# zip/unzip, 7zz, bsdtar (libarchive: zip, 7z, cpio, pax, iso9660, xar
# reading), lzip, pax, bzip2, GNU tar with --xattrs/--acls and sparse
# files (SEEK_DATA/SEEK_HOLE), cabextract on a missing file. Files get
# fixed times so that archives are byte for byte the same.
mkdir -p d/sub && printf 'alpha\n' > d/a.txt && seq 1 2000 > d/sub/numbers && printf 'x%.0s' $(seq 1 300) > d/sub/xs && ln -s a.txt d/link
touch -h -d '2020-02-03 04:05:06' d/a.txt d/sub/numbers d/sub/xs d/link d/sub d
zip -q -X -r z.zip d && unzip -l z.zip | sed '$d' | awk '{print $1, $4}'; unzip -Z -1 z.zip | sort; zip -q -X -r -y zy.zip d && unzip -Z zy.zip d/link | awk '{print $1}'
mkdir u && cd u && unzip -q ../z.zip && cmp d/sub/numbers ../d/sub/numbers && echo 'unzip ok' && cd ..
unzip -p z.zip d/a.txt; unzip -tq z.zip; zip -q -e -P secret -X e.zip d/a.txt && unzip -P secret -p e.zip; unzip -P wrong -p e.zip 2>&1; echo "wrong password: $?"
printf 'not a zip' > bad.zip; unzip -l bad.zip 2>&1 | head -3; echo "bad zip: $?"; zipinfo -h z.zip | sed 's/size: [0-9]*/size: N/'
7zz a -bd -bso0 s.7z d && 7zz l -ba s.7z | awk '{print $NF}' | sort; 7zz x -bd -bso0 -oout7 s.7z && cmp out7/d/sub/numbers d/sub/numbers && echo '7z ok'
7zz t -bd s.7z | grep -e '^Everything is Ok' -e '^Files:'; 7zz a -bd -bso0 -tzip s7.zip d/a.txt && unzip -p s7.zip d/a.txt; 7zz x -bd nosuch.7z 2>&1 | grep -i -e 'error' | head -2
bsdtar -cf b.tar d && bsdtar -tvf b.tar | awk '{print $1, $5, $NF}'; bsdtar --format=zip -cf b.zip d && unzip -Z -1 b.zip | sort
bsdtar --format=7zip -cf b.7z d && 7zz l -ba b.7z | wc -l; bsdtar --format=cpio -cf b.cpio d && bsdtar -tf b.cpio | sort | head -3; bsdtar -cJf b.txz d && bsdtar -tf b.txz | wc -l
bsdtar --format=iso9660 -cf b.iso d 2>/dev/null && bsdtar -tf b.iso | sort | head -4; mkdir xb && bsdtar -xf b.zip -C xb && cmp xb/d/sub/xs d/sub/xs && echo 'bsdtar zip ok'
bsdtar -tf bad.zip 2>&1; echo "bsdtar bad: $?"; bsdtar -cf - d | bsdtar -tf - | wc -l
lzip.lzip -k d/sub/numbers && lzip.lzip -t d/sub/numbers.lz && lzip.lzip -dc d/sub/numbers.lz | tail -1; lzip.lzip -l d/sub/numbers.lz | awk 'NR==2 {print $1, $2}'; lzip.lzip -d bad.zip 2>&1; echo "lzip bad: $?"
pax -w -x ustar -f p.tar d && pax -f p.tar | sort; mkdir px && cd px && pax -r -f ../p.tar && cmp d/sub/numbers ../d/sub/numbers && echo 'pax ok'; cd ..; pax -w -x cpio -f p.cpio d && pax -f p.cpio | wc -l
bzip2 -k -9 d/sub/numbers && bzip2 -t d/sub/numbers.bz2 && bzcat d/sub/numbers.bz2 | md5sum; bzip2 -d bad.zip 2>&1; echo "bzip2 bad: $?"
# GNU tar: extended attributes and sparse files
python3 -c "import os; os.setxattr('d/a.txt', 'user.note', b'hello'); print(os.getxattr('d/a.txt', 'user.note'))" 2>&1 | tail -1
tar --xattrs --xattrs-include='user.*' -cf x.tar d/a.txt && mkdir xt && tar --xattrs --xattrs-include='user.*' -xf x.tar -C xt && python3 -c "import os; print(os.getxattr('xt/d/a.txt', 'user.note'))" 2>&1 | tail -1
tar --acls -cf acl.tar d/a.txt && tar --acls -tvf acl.tar | awk '{print $1, $NF}'
truncate -s 4M sp && printf 'in the middle' | dd of=sp bs=1 seek=2097152 conv=notrunc status=none && printf 'end' | dd of=sp bs=1 seek=4194301 conv=notrunc status=none
python3 -c "
import os
f = os.open('sp', os.O_RDONLY)
d = os.lseek(f, 0, os.SEEK_DATA); h = os.lseek(f, d, os.SEEK_HOLE)
print('first data at', d // 4096 * 4096 <= 2097152 < h, 'hole after it', h <= 4194304)
try: os.lseek(f, 4194304, os.SEEK_DATA)
except OSError as e: print('SEEK_DATA at the end:', e.strerror)
"
tar -S -cf sp.tar sp && tar -tvf sp.tar | awk '{print $3, $NF}'; ls -s sp.tar | awk '{print ($1 < 100) ? "sparse archive" : "full archive " $1}'
mkdir st && tar -xf sp.tar -C st && cmp sp st/sp && echo 'sparse round trip' && [ $(du -k st/sp | cut -f1) -lt 1000 ] && echo 'extracted sparse'
cp --sparse=always sp sp2 && cmp sp sp2 && echo 'cp --sparse ok'; bsdtar -cf spb.tar sp && bsdtar -tvf spb.tar | awk '{print $5, $NF}'
cabextract -l nosuch.cab 2>&1; echo "cabextract: $?"
