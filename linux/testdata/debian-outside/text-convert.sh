# Text converters: recode 3.6 (latin1, HTML entities, base64, a
# surface), dos2unix 7.4 (CRLF both ways, -i info, BOMs, a binary file
# refused), aspell 0.60 (list mode and pipe mode with the English
# dictionary), lzop 1.04 (-1 to -9, -t, -l and -d, a corrupted file) and
# ncompress 4.2 (compress and uncompress, -v's ratio).
printf 'caf\351 na\357ve\n' > l1.txt; recode latin1..utf8 < l1.txt | od -c | head -2
printf 'caf\303\251 <b>\n' | recode utf8..html; printf 'hello\n' | recode ../b64; printf 'aGVsbG8K\n' | recode ../b64..
printf 'a\nb\n' | recode ../crlf | od -c | head -1; printf 'x\351\n' | recode utf8..latin1; echo "recode bad $?"
printf 'one\r\ntwo\r\n' > d.txt; dos2unix -i d.txt; dos2unix d.txt 2>&1; od -c d.txt | head -1
unix2dos -n d.txt u.txt 2>&1; od -c u.txt | head -1; unix2dos -m d.txt 2>&1; od -An -tx1 -N 3 d.txt
printf '\000\001\002\r\n' > bin.dat; dos2unix bin.dat 2>&1; echo "dos2unix bin $?"
printf 'The quik brown fox jumpd over the lazzy dog\n' | aspell -d en_US list
printf 'recieve\n' | aspell -d en_US -a | sed -n 2p | cut -d, -f1-3
seq 1 100000 > n.txt
for l in 1 9; do lzop -$l -c n.txt > n$l.lzo; lzop -t n$l.lzo && echo "lzop -$l ok"; lzop -dc n$l.lzo | md5sum; done
lzop -l n9.lzo | awk 'NR>1 {print $1, $2, $3}'
head -c 200 n1.lzo > bad.lzo; lzop -t bad.lzo 2>&1; echo "lzop bad $?"
cp n.txt c.txt; compress -v c.txt 2>&1; ls c.txt*; uncompress c.txt.Z; cmp c.txt n.txt && echo compress same
compress -c n.txt | md5sum; echo junk > j.Z; uncompress j.Z 2>&1; echo "uncompress bad $?"
