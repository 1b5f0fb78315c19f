bash -c 'sleep 0.1 & pid=$!; wait $pid; echo waited $?; (exit 5) & wait $!; echo bg $?; { echo a; echo b; } | cat; for i in 1 2 3; do echo $i & done; wait; echo all' | sort
