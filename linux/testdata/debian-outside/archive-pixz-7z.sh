# pixz 1.0 (parallel xz with an index: threads that compress blocks while
# the reader fills the next), its listing and a single file pulled out of
# a tarball; 7-Zip 16.02 (p7zip: its own thread pool) archiving a tree
# with LZMA2 and two threads, listing, testing, extracting, a password's
# AES, a wrong password; xxd of a few bytes of each. The tree's times are
# fixed: 7z's compressed header holds them, so its size followed the clock.
mkdir -p t/sub; seq 1 60000 > t/n.txt; printf 'hello pixz\n' > t/sub/h.txt; yes 'a line of text' | head -20000 > t/sub/y.txt
touch -d @1000000000 t/n.txt t/sub/h.txt t/sub/y.txt t/sub t
tar -cf t.tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner t
pixz -p 2 -9 t.tar t.tpxz; echo "pixz $?"; pixz -l t.tpxz; echo "list $?"
pixz -x t/sub/h.txt < t.tpxz | tar -xOf -; echo "extract one $?"
pixz -d -p 2 t.tpxz t2.tar; echo "pixz -d $?"; cmp t.tar t2.tar && echo same
pixz -p 2 < t/n.txt > n.xz; xz -dc n.xz | md5sum; xz -l n.xz | tail -1 | awk '{print $1, $2, $5, $6}'
pixz -d nosuch.tpxz out.tar; echo "missing $?"
7z a -bd -mmt=2 -mx=5 a.7z t >/dev/null; echo "7z a $?"
7z l -slt a.7z | grep -E '^(Path|Size|Attributes|Method|Solid|Blocks) =' | sort | uniq -c
7z t a.7z | grep -E '^(Everything|Files|Size|Compressed)'; echo "7z t"
mkdir x; (cd x && 7z x ../a.7z >/dev/null && find . -type f | sort | xargs md5sum)
7z a -pSecret -mhe=on e.7z t/sub/h.txt >/dev/null; echo "7z a -p $?"
7z x -so -pSecret e.7z t/sub/h.txt 2>/dev/null; 7z x -so -pWrong e.7z 2>&1 >/dev/null | grep -E 'ERROR|Wrong|Can' | head -2; 7z t -pWrong e.7z >/dev/null 2>&1; echo "wrong $?"
7z a -tzip z.zip t/sub >/dev/null; unzip -l z.zip | awk 'NR>3 && $1 ~ /^[0-9]+$/ {print $1, $4}'
xxd -l 32 a.7z | cut -c1-30; xxd -s -16 -g 4 t.tar
