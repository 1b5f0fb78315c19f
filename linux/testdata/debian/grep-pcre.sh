printf 'foo123bar\nbaz\nfoo  bar\nαβγ 42\n' > f
grep -P '\d+' f; grep -oP 'foo\K\d+' f; grep -cP '(?<=foo)\s+bar' f; grep -P '(?i)BAZ' f
grep -P '^(?:(?!bar).)*$' f; grep -oP '\b\w+(?=bar)' f; LC_ALL=C.UTF-8 grep -oP '\p{Greek}+' f
seq 1 20000 | grep -cP '^(\d)\d*\1$'; seq 1 20000 | grep -P '^(1|2)+$' | tail -2
seq 1 5000 | sed 's/$/ x/' | grep -cP '(\d)(?=(\d\d)+ )'
grep -P 'a{2,' f; echo "bad $?"; grep -P '(' f 2>&1; echo "err $?"
grep -rn --include='*.txt' -e needle . ; printf 'needle\n' > n.txt; grep -rHn needle .; grep -E 'o{2}[0-9]+' f; grep -wF baz f; grep -v -e foo -e α f
grep -A1 -B0 baz f; grep -m1 -b foo f; grep -l foo f /dev/null; grep -L foo f /dev/null; grep -z -c . f; grep -q nothing f; echo "q $?"
