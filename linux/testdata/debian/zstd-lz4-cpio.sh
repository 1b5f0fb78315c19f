seq 1 20000 > data; head -c 100000 /usr/bin/sh > bin; cat data bin > both
for c in zstd lz4 bzip2; do $c -q -c both > both.$c && $c -q -dc both.$c | cmp - both && echo "$c roundtrip"; $c -q -t both.$c && echo "$c test"; done
zstd -q -9 -c data | zstd -q -dc | md5sum; zstd -q -T2 -c both > b2.zst; zstd -q -dc b2.zst | cmp - both && echo zstdmt; zstd -q -l both.zstd | tail -1 | awk '{print $1,$2}'; zstd -q --rm -f bin && ls bin*; unzstd -q bin.zst && ls bin*
lz4 -q -9 -c data | lz4 -q -dc | md5sum; lz4 -q -BD both b.lz4 && lz4 -q -d b.lz4 b.out && cmp b.out both && echo lz4file; lz4 -q --list b.lz4 | tail -1 | awk '{print $1, $2}'; lz4 -q -m data both; ls *.lz4 | sort
printf 'garbage' | zstd -q -dc; echo "zstd $?"; printf 'garbage' | lz4 -q -dc; echo "lz4 $?"; zstdcat both.zstd | wc -c; zstdgrep -c 1999 both.zstd; lz4cat -q both.lz4 | wc -l
pzstd -q -p 2 -c both > p.zst; pzstd -q -d -c p.zst | md5sum; md5sum < both; tar --zstd -cf t.tar.zst data bin.zst && tar --zstd -tvf t.tar.zst | awk '{print $3, $6}'; tar -I lz4 -cf t.tar.lz4 data && tar -I 'lz4 -d' -xOf t.tar.lz4 | tail -1
mkdir -p t/a/b && echo one > t/a/1 && echo two > t/a/b/2 && ln -s 1 t/a/l && ln t/a/1 t/a/h && mkfifo t/p && touch -h -d '2020-01-01 00:00' t/a/1 t/a/b/2 t/a/l t/a t/a/b t/p t
find t | sort | cpio -o -H newc --quiet > a.cpio; cpio -t --quiet < a.cpio; cpio -tv --quiet < a.cpio | awk '{print $1, $2, $NF}'; mkdir x && (cd x && cpio -idm --quiet < ../a.cpio) && find x | sort && ls -l x/t/a/l | cut -c1 && cat x/t/a/h && stat -c '%n %Y %h' x/t/a/1 x/t/a/h
find t -depth | cpio -o -H ustar --quiet | cpio -t --quiet; find t -name 1 | cpio -p --quiet -d y && find y -type f; cpio -i --quiet < /dev/null; echo "cpio $?"; echo garbage | cpio -i 2>&1; echo "cpio $?"
