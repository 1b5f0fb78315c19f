# Signals and jobs in non-interactive shells: job specs without job
# control, disown, wait -n -p, ignored signals inherited, SIGPIPE in
# pipelines, timeout's statuses, tail --pid following a growing file.
cat > j.bash <<'B'
sleep 5 & sleep 6 & jobs | sed 's/  */ /g'; kill %1; wait %1 2>/dev/null; echo "kill%1 $?"; kill %2 2>/dev/null; wait 2>/dev/null
sleep 5 & p=$!; disown; jobs; echo "disowned $(jobs | wc -l)"; kill $p; wait $p 2>/dev/null; echo "wait-disowned $?"
(exit 3) & a=$!; (sleep 0.3; exit 4) & b=$!; wait -n -p who $a $b; echo "wait-n $? $([ "$who" = "$a" ] && echo a)"; wait -n -p who; echo "wait-n2 $? $([ "$who" = "$b" ] && echo b)"; wait -n; echo "none $?"
wait 99999 2>&1 | sed 's/.*: //'; kill -0 99999 2>&1 | sed 's/.*: //'
trap '' INT; sh -c 'kill -INT $$; echo survived-int'; trap - INT
trap 'echo usr1-trap' USR1; kill -USR1 $$; sh -c 'kill -USR1 $PPID'; sleep 0.1; trap - USR1
sleep 5 & s=$!; kill -STOP $s; kill -CONT $s; kill -TERM $s; wait $s; echo "stop-cont-term $?"
sh -c 'trap "" TERM; exec sh -c "kill -TERM \$\$; echo term-ignored-after-exec"'
set -o pipefail; yes | head -n1; echo "pipestatus ${PIPESTATUS[*]}"; set +o pipefail
(trap '' PIPE; yes 2>&1 >&3 3>&- | cat >&2) 3>&1 | head -n1 2>/dev/null; (trap '' PIPE; seq 100000) | head -n1 2>&1
seq 3 | while read -r n; do echo "line $n"; done; { echo x >&2; } 2>&1 | tr x y
kill -l 15 9 SIGHUP 2>&1 | tr '\n' ' '; echo; kill -l 143; kill -s NOSUCH $$ 2>&1 | sed 's/.*: //'
f() { trap 'echo "return trap $1"' RETURN; }; f one; trap - RETURN
( trap 'echo sub-exit' EXIT; exit 2 ); echo "sub $?"; ( set -e; false; echo not ) ; echo "sub-e $?"
B
bash j.bash 2>&1 | sed 's/  *[0-9][0-9]* Terminated/ PID Terminated/; s/line [0-9]*: //'
timeout 0.2 sleep 3; echo "timeout $?"; timeout --preserve-status 0.2 sleep 3; echo "preserve $?"
# The shells below must set their traps before timeout's signal: 2 s.
timeout -k 0.3 2 sh -c 'trap "" TERM; sleep 10; echo no'; echo "kill-after $?"
timeout -s INT 2 sh -c 'trap "echo got-int; exit 9" INT; while :; do sleep 0.05; done'; echo "int $?"
timeout 3 nosuchcmd; echo "notfound $?"; printf 'x' > notexec; timeout 3 ./notexec; echo "notexec $?"; timeout -s BOGUS 1 true; echo "badsig $?"
timeout --foreground 0.2 sleep 3; echo "foreground $?"; timeout 3 sh -c 'exit 7'; echo "passthru $?"
: > grow; (for i in 1 2 3; do echo "g$i" >> grow; sleep 0.1; done) & w=$!
tail -n +1 --pid=$w -s 0.05 -f grow; echo "tail-pid $?"; tail -n1 -F --pid=$w grow; echo "tail-F $?"
nohup sh -c 'echo to-nohup; echo err-nohup >&2' > n.out 2>&1; echo "nohup $?"; cat n.out
dash -c 'trap "echo dash-exit" EXIT; trap "echo dash-usr1" USR1; kill -USR1 $$; sleep 5 & kill $!; wait $!; echo "dash-wait $?"' 2>&1
