# Servers and clients on loopback and unix sockets, both ends guest processes.
# Ports are chosen by the servers (port 0) and read from what they report.
waitfor() { n=0; until grep -q "$2" "$1" 2>/dev/null; do n=$((n+1)); [ $n -gt 600 ] && { echo "no $2 in $1"; cat "$1"; return 1; }; sleep 0.1; done; }
mkdir www && printf 'hello from www\n' > www/hello.txt && printf '<p>index</p>\n' > www/index.html
python3 -u -m http.server 0 --bind 127.0.0.1 --directory www > http.log 2>&1 &
hp=$!
waitfor http.log 'port' && port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' http.log | head -1)
curl -s http://127.0.0.1:$port/hello.txt; curl -s -o /dev/null -w '%{http_code} %{size_download}\n' http://127.0.0.1:$port/nosuch
curl -sI http://127.0.0.1:$port/hello.txt | grep -v -e '^Date' -e '^Last-Modified' | tr -d '\r'
wget -q -O - http://127.0.0.1:$port/index.html; wget -q -O /dev/null http://127.0.0.1:$port/nosuch; echo "wget $?"
curl -s file://$(pwd)/www/hello.txt; curl -s http://127.0.0.1:1/ ; echo "curl refused $?"
kill $hp; wait $hp 2>/dev/null; echo "http.server $?"
# socat: a TCP echo service and a unix socket service, each forking per connection
socat -d -d TCP-LISTEN:0,bind=127.0.0.1,reuseaddr,fork EXEC:'tr a-z A-Z' 2> socat.log &
sp=$!
waitfor socat.log 'listening on' && sport=$(sed -n 's/.*listening on .*:\([0-9]*\)$/\1/p' socat.log | head -1)
echo 'tcp one' | socat - TCP:127.0.0.1:$sport; echo 'tcp two' | socat -t 5 - TCP:127.0.0.1:$sport
kill $sp; wait $sp 2>/dev/null
socat UNIX-LISTEN:u.sock,fork SYSTEM:'rev' 2>/dev/null & up=$!
until [ -S u.sock ]; do sleep 0.1; done
echo 'unix socket' | socat -t 5 - UNIX-CONNECT:u.sock; printf 'a\nbc\n' | socat -t 5 - UNIX-CONNECT:u.sock
kill $up; wait $up 2>/dev/null
# netcat-openbsd: a unix socket pair, one message each way
nc.openbsd -lU n.sock > n.got & np=$!
until [ -S n.sock ]; do sleep 0.1; done
echo 'to the listener' | nc.openbsd -NU n.sock; wait $np; echo "nc $?"; cat n.got
nc.openbsd -z 127.0.0.1 1 2>&1; echo "nc -z $?"
