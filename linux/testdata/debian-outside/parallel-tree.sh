# GNU parallel 20221122 (Perl: fork, pipes, select and signals of its job
# slots), run as a user would: -k to keep the order, two job slots,
# ::: and :::: inputs, {} {.} {/} {#} replacements, --pipe blocks into
# wc, --halt on a failing job and its exit status, --joblog's exit
# columns, -X, --tag; its home (~/.parallel) in the work directory.
# tree 2.1: a tree with -a, -s, -F, --dirsfirst, -L, -P, --du, -J and -X
# (sizes, not dates), a missing directory. Every parallel has -j: without
# it parallel counts the CPUs with lscpu, which reads /sys: empty in the
# reference's chroot ("lscpu: failed to determine number of CPUs"), the
# host's under -L (the reference's setting, not the runner).
export HOME=$PWD
mkdir -p d/a d/b; for i in 1 2 3; do echo "file $i" > d/a/f$i.txt; done; seq 100 > d/b/n.log; ln -s a/f1.txt d/link
parallel --will-cite -k -j 2 echo {} {.} {/} {#} ::: d/a/f1.txt d/a/f2.txt d/b/n.log
parallel --will-cite -k -j 2 'echo {1}-{2}' ::: a b ::: 1 2 3
seq 1 5 > in; parallel --will-cite -k -j 2 'expr {} \* {}' :::: in
seq 1 100000 | parallel --will-cite -k -j 2 --pipe --block 100k wc -l | awk '{s+=$1} END {print "lines", s}'
parallel --will-cite -k -j 2 --tag 'wc -l < {}' ::: d/a/f1.txt d/b/n.log
parallel --will-cite -k -j 1 -X echo ::: 1 2 3 4
parallel --will-cite -k -j 1 --halt now,fail=1 'echo job {}; exit {}' ::: 0 0 3 0 2>&1; echo "halt $?"
parallel --will-cite -k -j 2 'exit {}' ::: 0 1 2; echo "failed $?"
parallel --will-cite -k --joblog jl -j 2 'test {} -lt 3' ::: 1 2 3 4 5; echo "joblog $?"; awk 'NR>1 {print $1, $7, $8, $9}' jl | sort -n
tree d; tree -a -s -F --dirsfirst d; tree -L 1 d; tree -P '*.txt' --noreport d; tree --du -h d/a | tail -1
tree -J d/a | tr -d ' \n'; echo; tree -X -L 1 d | grep -v '^$'
tree nosuch; echo "tree $?"
