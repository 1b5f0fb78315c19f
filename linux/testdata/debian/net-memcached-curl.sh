# memcached on a unix socket (its libevent loop on epoll, worker threads)
# spoken to by nc.openbsd -U and python3; curl --unix-socket to a python3
# HTTP server listening on a unix socket.
memcached -u root -s $(pwd)/mc.sock -a 600 -t 2 -m 8 > mc.log 2>&1 &
mp=$!
n=0; until [ -S mc.sock ] || [ $n -gt 300 ]; do n=$((n+1)); sleep 0.1; done
# as root memcached needs -u; it drops supplementary groups with setgroups,
# which the reference's user namespace refuses (setgroups deny): not compared
grep -v 'failed to drop supplementary groups' mc.log
mc() { printf "$1" | nc.openbsd -NU mc.sock | tr -d '\r'; }
mc 'set greeting 5 0 11\r\nhello world\r\nget greeting\r\n'
mc 'add greeting 0 0 1\r\nx\r\nincr counter 1\r\nset counter 0 0 2\r\n41\r\nincr counter 1\r\ndecr counter 50\r\n'
mc 'append greeting 0 0 1\r\n!\r\ngets greeting\r\n' | sed 's/ [0-9]*$/ CAS/'
mc 'delete greeting\r\nget greeting\r\ndelete greeting\r\nnosuchcommand\r\n'
mc 'stats\r\n' | grep -e 'STAT curr_items' -e 'STAT threads' -e 'STAT cmd_set' -e '^END'
python3 -c "
import socket
s = socket.socket(socket.AF_UNIX); s.connect('mc.sock')
f = s.makefile('rwb')
for i in range(50):
    f.write(b'set k%d 0 0 %d\r\n%s\r\n' % (i, len(str(i * i)), str(i * i).encode()))
f.write(b'get k7 k49 k50\r\n'); f.flush()
out = []
while True:
    line = f.readline()
    out.append(line.decode().strip())
    if line == b'END\r\n': break
print(out.count('STORED'), out[-6:])
"
kill $mp; wait $mp 2>/dev/null; echo "memcached $?"
mkdir www && printf 'over a unix socket\n' > www/f.txt
python3 -c "
import http.server, socketserver, os, functools
class S(socketserver.UnixStreamServer):
    def get_request(self):
        r, a = super().get_request(); return r, ('unix', 0)
class H(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a): pass
h = functools.partial(H, directory='www')
with S('h.sock', h) as s:
    s.handle_request(); s.handle_request()
" &
hp=$!
n=0; until [ -S h.sock ] || [ $n -gt 300 ]; do n=$((n+1)); sleep 0.1; done
curl -s --unix-socket h.sock http://localhost/f.txt; curl -s -o /dev/null -w '%{http_code}\n' --unix-socket h.sock http://localhost/nosuch
wait $hp; echo "server $?"; curl -s --unix-socket nosuch.sock http://localhost/; echo "curl $?"
