printf 'a\t3\na\t5\nb\t2\nb\t10\nc\t7\n' > d.tsv
datamash -g 1 sum 2 mean 2 < d.tsv
datamash min 2 max 2 median 2 sstdev 2 < d.tsv
datamash transpose < d.tsv
seq 1 1000 | datamash sum 1 q1 1 q3 1 pvar 1
seq 100000 > n.txt
brotli -q 9 -c n.txt > n.br; echo "brotli $?"; md5sum n.br; brotli -dc n.br | md5sum
brotli -q 11 -w 16 -c n.txt | brotli -dc | tail -1
