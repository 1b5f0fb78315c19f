# Busybox ash (static, big-endian): pipelines, subshells, command
# substitution, here-documents, loops, functions, case, arithmetic, traps,
# background jobs and wait, over busybox's applets.
set -u
words() { for w in "$@"; do echo "$w"; done; }
words pear apple fig apple kiwi | sort | uniq -c | sort -rn | head -3
n=$(words a b c d | wc -l); echo "count $((n * 10 + 1))"
d=$(pwd); (cd /; pwd; exit 3); echo "subshell rc $?, directory kept: $([ "$(pwd)" = "$d" ] && echo yes)"
cat <<EOT | tr a-z A-Z
here-doc with $n words and $(echo nested) substitution
  indented line
EOT
cat <<'EOT' | sed 's/plain/quoted/'
plain $n stays
EOT
i=0; while [ $i -lt 5 ]; do i=$((i + 1)); [ $i = 3 ] && continue; printf '%s,' $i; done; echo
for f in 1 2 3; do case $f in 1) echo one;; 2|3) echo "two or three: $f";; esac; done
seq 1 100 | awk '{s += $1} END {print "sum", s}'
echo "a:b:c" | { IFS=: read x y z; echo "$z$y$x"; }
trap 'echo trapped EXIT' EXIT
(sleep 0; echo bg one) & (echo bg two) > bg2.txt & wait; cat bg2.txt
false | true; echo "pipeline rc $?"
sh -c 'exit 7'; echo "sh -c rc $?"
v=$(sh -c 'echo inner; kill -TERM $$'); echo "killed rc $? out $v"
printf '%s\n' x y z | while read l; do echo "<$l>"; done | paste -s -d' '
echo "$(( (7 << 3) ^ 0x15 )) $(printf '%x' 255) ${#n}"
exec 3>out.txt; echo to fd3 >&3; exec 3>&-; cat out.txt
