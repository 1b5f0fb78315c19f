b=busybox; mkdir -p d/e && printf 'x\ny\nx\n' > d/f && seq 100 > d/e/n
$b find d -type f | $b sort; $b find d -name n -exec $b wc -l {} \; ; $b xargs -n 2 echo < d/f; $b du -s d >/dev/null && echo du
$b tar -cf - d | $b tar -tf - | $b sort; $b tar -czf d.tgz d && $b gzip -t d.tgz && echo tgz; $b bzip2 -c d/e/n | $b bunzip2 | $b md5sum; $b xz -dc /dev/null 2>&1 | head -1
$b printf '%05d %s\n' 42 z; $b seq 3 | $b paste -s -d+ | $b bc 2>/dev/null || $b seq 3 | $b awk '{s+=$1} END {print s}'
$b sh -c 'x=$((6*7)); echo $x; for i in a b; do echo $i; done | $b tac; f() { echo "f $1"; }; f arg; (exit 3); echo $?; echo $(echo sub) `echo bq`; true && false || echo or'
$b sh -c 'trap "echo trapped" EXIT; sleep 0.1 & wait $!; echo waited $?; cat <<X | $b wc -c
heredoc
X
'
$b od -An -tx1 d/f; $b hexdump -C d/f | head -1; $b cmp d/f d/f && echo cmp; $b diff d/f d/e/n >/dev/null; echo "diff $?"; $b stat -c '%s %n' d/f; $b date -u -d @0 +%F; $b expr length abcd
$b dd if=d/e/n bs=10 count=1 2>/dev/null; echo; $b sha1sum d/f; $b base64 d/f; $b wc -w d/e/n; $b sort -rn d/e/n | $b head -1; $b uniq -c d/f; $b cut -d' ' -f1 /dev/null; $b tr -d x < d/f
$b timeout 1 $b sleep 3; echo "timeout $?"; $b env -i X=1 $b env; $b realpath d/e/../f | $b sed "s,$(pwd),PWD,"; $b which busybox >/dev/null; echo "which $?"; $b nonexistentapplet 2>&1; echo "applet $?"
$b mktemp -d -p . | $b grep -c tmp; $b ls d | $b wc -l; $b ln -s f d/l && $b readlink d/l; $b rm -r d; $b test -e d || echo removed; $b ash -c 'echo ${#0} ${x:-def}; set -- a b c; shift; echo "$@"'
