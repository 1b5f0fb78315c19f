# sort with temporary files (-S, -T, --parallel, -m, --batch-size),
# csplit, od and hexdump formats, tar incremental and exclude, find with
# -newer/-exec +/-execdir/-delete, xargs -P, moreutils' parallel (its
# jobs write files: what they print goes through a copier process that
# parallel SIGKILLs once the jobs ended, whatever it has not copied yet).
seq 1 30000 | sed 's/^\(.*\)\(.\)$/\2\1 k\1/' > big; mkdir tmp
sort -S 32K -T tmp big | md5sum; sort -n -S 32K -T tmp --parallel=2 big | tail -2; ls tmp | wc -l
sort -S 16K -T tmp --batch-size=2 -k2,2 big | head -2; sort -c big 2>&1; echo "check $?"
sort -t' ' -k2 big > s1; sort -t' ' -k2 -o s2 big; cmp s1 s2 && echo same; head -100 s1 > a; sed -n '101,200p' s1 > b; head -200 s1 > ab; sort -m -t' ' -k2 a b | cmp - ab && echo merged
TMPDIR=/nonexistent sort -S 16K big 2>&1 | tail -1 | sed 's/: .*/: ERR/'; sort -T tmp -S 1 big | wc -l
seq 1 40 > n; csplit -s -z -f cs n '/5$/' '{*}' && wc -l cs* | head -5; csplit -f cb -b '%03d.txt' n 10 '%20%' '/3[0-9]/+2' 2>&1; ls cb*
csplit -s n '/nomatch/' 2>&1; echo "csplit $?"; csplit -k -s -f ck n 5 50 2>&1; echo "ck $? $(ls ck* | wc -l)"
printf 'Hello, \001\377 world\n\t' > bin
od -c bin; od -An -tx1 bin; od -A x -t x1z -v bin; od -t d2 -N 6 bin; od -j 3 -t o1 bin; od -t f8 -N 8 /dev/zero; od -w4 -t u1 bin | head -3
hexdump -C bin; hexdump -v -e '4/1 "%02x" "\n"' bin; hexdump -s 2 -n 5 -e '"%_ad: " 5/1 "%3u " "\n"' bin; hd bin | tail -1
mkdir -p src/d && echo 1 > src/a && echo 2 > src/d/b && echo 3 > src/skip.o
o='--owner=0 --group=0 --numeric-owner --sort=name'
tar $o -g snap -cf full.tar src && tar -tf full.tar; echo 4 > src/d/c; rm src/a; tar $o -g snap -cf inc.tar src && tar -tf inc.tar
mkdir r && tar -xf full.tar -C r -g /dev/null && tar -xf inc.tar -C r -g /dev/null && find r | sort
tar $o --exclude='*.o' --exclude=d -cf ex.tar src && tar -tf ex.tar; tar $o -cf - src | tar -tvf - --wildcards '*/b' | awk '{print $1, $NF}'
touch -d '2020-01-01' old; touch -d '2021-01-01' mid; touch -d '2022-01-01' new; find . -maxdepth 1 -newer mid -name '[omn]*' | sort; find . -maxdepth 1 -name 'o*' ! -newer mid
find src -type f -exec echo found {} + | tr ' ' '\n' | sort; find src -name b -execdir pwd \; | sed 's,.*/src,src,'
find src -type f -print0 | sort -z | xargs -0 -n1 -P3 wc -c | sort; find src -name '*.o' -delete; ls src
seq 6 | xargs -P 3 -I{} sh -c 'echo item {}' | sort; echo a b c | xargs -n2 echo; xargs -a n -n 20 echo | wc -l; echo x | xargs false; echo "xargs $?"
echo x | xargs sh -c 'exit 255'; echo "xargs255 $?"; printf 'a\0b c\0' | xargs -0 printf '<%s>'; echo
parallel -j 2 sh -c 'echo p$0 > par.$0' -- 1 2 3; cat par.*; parallel -i sh -c 'echo X{}Y > pi.{}' -- a b; cat pi.*; parallel sh -c 'exit $0' -- 0 3; echo "parallel $?"
pr -2 -t -w 20 n | head -3; ptx -A n | head -2; printf 'a,b,c' | tac -s,; echo; printf 'x\n\ny\n' | nl -ba -s: -w2; echo hi | basenc --base32hex; cksum -a sha256 --untagged n
