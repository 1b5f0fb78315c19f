# tmux 3.3a (libevent; a server that daemonizes, listens on a unix socket
# of the work directory and runs each pane on a pseudo-terminal of its
# own; every client passes it its descriptors) and expect 5.45 (Tcl; a
# pseudo-terminal per spawn): sessions, windows, split panes, send-keys
# to cat -n, capture-pane, paste buffers, formats, wait-for channels
# (signalled from inside a pane), run-shell, if-shell, errors,
# kill-server; expect driving a prompting shell script (echo off for a
# password), a regular expression's groups, a timeout, the child's exit
# status. What a spawned program sees of its terminal is left out (tty,
# stty, unbuffer): under qemu-user it has none (docs/debian-corpus.md,
# Left). Every read of a pane waits for what it looks for first: nothing
# depends on the scheduler. Nothing prints what tmux reads
# of /proc/PID (a pane's command, automatic window names): qemu-user's
# own name under qemu.
S=$(pwd)/tsock
t() { tmux -S "$S" -f /dev/null "$@"; }
upto() { n=0; until t capture-pane -p -t "$1" | grep -q "$2" || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done; }
tmux -V
t new-session -d -s main -n first -x 80 -y 24 "printf 'first pane\n'; tmux -S $S wait-for -S started; exec cat -n"; echo "new $?"
t wait-for started; echo "started"
t send-keys -t main 'hello tmux' Enter; upto main '1.*hello tmux'
t send-keys -t main 'second line' Enter; upto main '2.*second line'
t capture-pane -p -t main | grep -v '^$'
t list-sessions -F '#{session_name} #{session_windows} #{session_attached}'
t new-window -d -t main -n two "printf 'in window two\n'; tmux -S $S wait-for -S two; exec sleep 1000"; t wait-for two
t split-window -d -h -t main:two "echo right pane; tmux -S $S wait-for -S right; exec sleep 1000"; t wait-for right
t list-windows -t main -F '#{window_index} #{window_name} #{window_panes}'
t list-panes -t main:two -F '#{pane_index} #{pane_width}x#{pane_height}' | sort
upto main:two.1 'right pane'; t capture-pane -p -t main:two.1 | grep -v '^$'
t set-buffer -b b1 'from a buffer'; t show-buffer -b b1; echo; t paste-buffer -b b1 -t main; t send-keys -t main Enter; upto main '3.*from a buffer'
t capture-pane -p -t main -S 0 -E 5 | grep -v '^$' | tail -2
t display-message -p -t main '#{session_name}:#{window_index} #{pane_width}x#{pane_height} #{pane_id} #{=3:window_name}|#{?#{==:1,1},yes,no}'
t run-shell 'echo from run-shell; exit 2'; echo "run-shell $?"
t if-shell 'test 1 = 1' 'run-shell "echo true branch"' 'run-shell "echo false branch"'
t set-option -g status off; t show-options -g status
t has-session -t nosuch; echo "has $?"; t kill-window -t main:nosuch; echo "kill-window $?"; t nosuchcommand; echo "unknown $?"
# kill-server returns before the server has gone: a client connecting
# meanwhile reads "server exited unexpectedly", so wait for its end first.
t kill-server; echo "kill-server $?"
n=0; until t list-sessions 2>&1 | grep -q 'no server running' || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done
t list-sessions 2>&1 | sed "s,$S,SOCK,"; echo "after $?"
cat > e.exp <<'EOF'
set timeout 60
log_user 0
spawn -noecho sh -c {printf "Name? "; read n; echo "hi $n"; stty -echo; printf "Pass? "; read p; stty echo; echo; echo "len ${#p}"; exit 7}
expect "Name? "
send "world\r"
expect -re {hi ([a-z]+)\r\n}
puts "got $expect_out(1,string)"
expect "Pass? "
send "secret\r"
expect -re {len ([0-9]+)}
puts "len $expect_out(1,string)"
expect eof
lassign [wait] pid spawnid os code
puts "exit $os $code"
spawn -noecho cat
set timeout 1
expect {
  "nothing" { puts "matched" }
  timeout { puts "timed out with [string length $expect_out(buffer)] bytes: [string trim $expect_out(buffer)]" }
}
close; wait
EOF
expect e.exp; echo "expect $?"
expect -c 'puts [expr {6 * 7}]; exit 3'; echo "expect -c $?"
expect nosuch.exp 2>&1; echo "missing $?"
