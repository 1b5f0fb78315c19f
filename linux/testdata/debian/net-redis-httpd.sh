# redis-server on a unix socket (its event loop on epoll; BGSAVE forks a child
# that writes the snapshot), redis-cli; busybox httpd in inetd mode behind socat.
waitfor() { n=0; until grep -q "$2" "$1" 2>/dev/null; do n=$((n+1)); [ $n -gt 600 ] && { echo "no $2 in $1"; cat "$1"; return 1; }; sleep 0.1; done; }
redis-server --port 0 --unixsocket $(pwd)/r.sock --dir $(pwd) --save '' --appendonly no --daemonize no --logfile r.log &
rp=$!
until [ -S r.sock ]; do sleep 0.1; done
c() { redis-cli -s r.sock "$@"; }
c ping; c set greeting 'hello world'; c get greeting; c incr n; c incrby n 41; c append greeting '!'; c strlen greeting
c rpush l a b c d >/dev/null; c lrange l 0 -1; c lpop l; c llen l; c hset h f1 v1 f2 v2; c hgetall h | sort; c sadd s x y z x; c scard s
c zadd z 3 three 1 one 2 two >/dev/null; c zrange z 0 -1 withscores; c expire greeting 1000; c ttl greeting | sed 's/^[0-9]*$/ttl/'
c eval "return redis.call('incr', KEYS[1]) * 2" 1 n; c type h; c exists nosuch; c nosuchcmd 2>&1; c dbsize
printf 'PING\r\nSET k v\r\nGET k\r\n' | c; c --raw mget k n nosuch
c bgsave; n=0; until c info persistence | grep -q 'rdb_bgsave_in_progress:0' && [ -f dump.rdb ]; do sleep 0.1; done
c info persistence | grep -e rdb_last_bgsave_status -e rdb_changes_since_last_save | tr -d '\r'
redis-check-rdb dump.rdb | grep -e 'Checking RDB' -e 'keys read' -e 'RDB looks OK' | sed 's/^\[[^]]*\] *//'
c shutdown nosave 2>&1; wait $rp; echo "redis-server $?"
grep -c 'Background saving terminated with success' r.log
# busybox httpd -i serves one connection on its stdin and stdout; socat
# listens on a port of its own choosing and forks one per connection
mkdir www cgi-bin; printf 'static page\n' > www/page.txt; mkdir www/cgi-bin
printf '#!/bin/sh\nprintf "Content-Type: text/plain\\r\\n\\r\\nquery=%%s method=%%s\\n" "$QUERY_STRING" "$REQUEST_METHOD"\n' > www/cgi-bin/q; chmod +x www/cgi-bin/q
socat -d -d TCP-LISTEN:0,bind=127.0.0.1,reuseaddr,fork EXEC:"busybox httpd -i -h $(pwd)/www" 2> socat.log &
sp=$!
waitfor socat.log 'listening on' && port=$(sed -n 's/.*listening on .*:\([0-9]*\)$/\1/p' socat.log | head -1)
curl -s http://127.0.0.1:$port/page.txt; curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:$port/nosuch
curl -s 'http://127.0.0.1:'$port'/cgi-bin/q?a=1&b=2'; curl -s -d 'x=y' http://127.0.0.1:$port/cgi-bin/q
busybox wget -q -O - http://127.0.0.1:$port/page.txt
kill $sp; wait $sp 2>/dev/null; echo "socat $?"
