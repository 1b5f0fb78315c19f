cat > s.bash <<'B'
trap 'echo "exit trap $?"' EXIT
trap 'echo "err trap at $LINENO: $BASH_COMMAND"' ERR
set -o pipefail
false
( exit 3 ) | true; echo "pipefail $?"
sleep 2 & a=$!; (sleep 0.05; exit 4) & b=$!
wait -n; echo "wait-n $?"; wait $a; echo "wait-a $?"
n=0; trap 'n=$((n+1))' CHLD; for i in 1 2 3; do true & wait $!; done; trap - CHLD; echo "chld $n"
coproc UP { tr a-z A-Z; }; echo hello >&"${UP[1]}"; exec {UP[1]}>&-; read -r line <&"${UP[0]}"; echo "coproc $line"; wait $UP_PID; echo "coproc status $?"
diff <(printf 'a\nb\n') <(printf 'a\nc\n'); echo "diff $?"; paste <(seq 3) <(seq 4 6) | tr '\t' ,
tee >(wc -l > wc.out) >/dev/null < <(seq 7); wait $!; cat wc.out
read -t 0.2 x < <(sleep 1); echo "read-t $? ${x-unset}"; read -t 1 y < <(echo fast); echo "read $y"
printf -v v '%05.1f|%s' 3.14159 "a b"; echo "$v"; printf -v arr[2] '%x' 255; echo "${arr[2]}"
a=(z y "x w"); a+=(v); echo "${#a[@]} ${a[2]} ${a[-1]} ${!a[*]}"; unset 'a[1]'; echo "${a[@]}" "${#a[@]}"
declare -A m=([k1]=v1 [k2]=v2); m[k3]=v3; for k in $(printf '%s\n' "${!m[@]}" | sort); do echo -n "$k=${m[$k]} "; done; echo
mapfile -t lines < <(printf 'l1\nl2\nl3\n'); echo "${lines[1]} ${#lines[@]}"; IFS=, read -ra parts <<< "p,q,r"; echo "${parts[2]}"
s="Hello World"; echo "${s,,} ${s^^} ${s/World/There} ${s:6:3} ${#s} ${s// /_}"; echo $((2**62 + 1)) $((0x1f)) $((7 / -2)) $((-7 % 3))
ulimit -n; ulimit -n 64; ulimit -n; ulimit -S -n 32; echo "soft $(ulimit -S -n) hard $(ulimit -H -n)"
exec 3> fd3.txt; echo to-fd3 >&3; exec 3>&-; cat fd3.txt; exec 4< fd3.txt; read -r l <&4; echo "fd4 $l"; exec 4<&-
exec 5<<< "here-string"; cat /dev/fd/5; echo data | cat /dev/fd/0; ls /dev/fd/ >/dev/null && echo devfd
mkfifo ready; ( flock -n 9 && echo locked > ready && sleep 1 ) 9>lock & read -r r < ready; echo "$r"; flock -n lock -c 'echo got' || echo "busy $?"; wait; flock -w 2 lock -c 'echo after'
f() { local -n ref=$1; ref=changed; }; val=orig; f val; echo "$val"; g() { return 7; }; g || echo "g $?"
shopt -s extglob nullglob; touch a.c b.h c.c; echo !(*.h|*.bash|*.txt|lock|wc.out); echo *.none; shopt -u nullglob
case "abc" in a*) echo glob-case;; esac; [[ "foo123" =~ ^([a-z]+)([0-9]+)$ ]] && echo "${BASH_REMATCH[2]}"
x=$(kill -0 $$ && echo alive); echo "$x"; (trap 'echo got USR1; exit 0' USR1; kill -USR1 $BASHPID; sleep 1); echo "sub $?"
sleep 5 & k=$!; kill -TERM $k; wait $k; echo "killed $?"; jobs; set -m 2>/dev/null; true & wait; echo "end ${PIPESTATUS[0]}"
B
bash s.bash; echo "script $?"; bash -c 'set -e; false; echo no'; echo "set-e $?"; bash -c 'echo ${BASH_VERSINFO[0]}'
