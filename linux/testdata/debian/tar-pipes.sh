mkdir -p t/sub && printf 'hello\n' > t/a && seq 1000 > t/sub/b && ln -s a t/l && touch -d '2021-02-03 04:05:06 UTC' t/a t/sub/b t/sub t
o='--owner=0 --group=0 --numeric-owner --mtime=2021-02-03 --sort=name'
tar $o -cf t.tar t && tar -tf t.tar && tar -tvf t.tar | sed 's/  */ /g'
tar $o -czf t.tgz t && gzip -t t.tgz && tar -tzf t.tgz | wc -l
tar $o -cJf t.txz t && xz -t t.txz && tar -tJf t.txz | wc -l
tar $o -cjf t.tbz t && bzip2 -t t.tbz && tar -tjf t.tbz | wc -l
tar $o -cf - t | gzip -9 | gzip -d | tar -tf - | tail -1
tar $o -cf - t | xz -T2 | xz -d | cksum
mkdir x && tar -xzf t.tgz -C x && diff -r t x/t && echo same-gz
mkdir y && xz -dc t.txz | (cd y && tar -xf -) && cmp y/t/sub/b t/sub/b && echo same-xz
mkdir z && tar -xjf t.tbz -C z --strip-components=1 sub/b 2>&1; tar -xjf t.tbz -C z t/sub/b && ls -R z
tar -xf t.tar -O t/a; tar -rf t.tar Makefile 2>&1 | sed 's/.*Makefile.*/no Makefile/'; tar -tf t.tar | tail -1
tar --use-compress-program='gzip -1' $o -cf t2.tgz t && tar -tzf t2.tgz | head -1
tar -xf missing.tar 2>&1; echo "missing $?"
bzip2 -c t/sub/b | bunzip2 | md5sum; echo abc | bzip2 | bzcat
