# Python's socket module between guest processes: descriptors passed with
# SCM_RIGHTS over a unix socket to a forked child, abstract unix sockets,
# SO_PEERCRED (uid and gid: the pid is left out, see docs/debian-corpus.md), accept4 flags, SO_REUSEADDR, select/poll/epoll timeouts,
# a datagram unix socket and socket.socketpair with shutdown.
python3 - <<'PY'
import os, socket, select, struct, array, sys
name = b'\0ppc64emu-test-%d' % os.getpid()
srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
srv.bind(name); srv.listen(1)
print('abstract name kept:', srv.getsockname() == name, flush=True)
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    srv.close(); os.close(w)
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); c.connect(name)
    msg, fds, flags, addr = socket.recv_fds(c, 100, 4)
    f = os.fdopen(fds[0], 'w'); f.write('written by the child through a passed descriptor\n'); f.close()
    print('child got', msg, len(fds), 'descriptors; pipe end gives', os.read(fds[1], 100), flush=True)
    c.sendall(b'done'); os._exit(0)
os.close(r)
conn, _ = srv.accept()
print('accepted inheritable:', conn.get_inheritable(), 'blocking:', conn.getblocking())
pid2, uid, gid = struct.unpack('3i', conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
print('peer uid, gid:', uid == os.getuid(), gid == os.getgid())
out = open('passed.txt', 'w')
rr, ww = os.pipe(); os.write(ww, b'through a pipe'); os.close(ww)
socket.send_fds(conn, [b'two fds'], [out.fileno(), rr])
out.close(); os.close(rr)
print('parent got', conn.recv(10))
os.waitpid(pid, 0)
print(open('passed.txt').read(), end='')
# SO_REUSEADDR and port 0
a = socket.socket(); a.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); a.bind(('127.0.0.1', 0)); a.listen()
print('reuseaddr', a.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR), 'type', a.getsockopt(socket.SOL_SOCKET, socket.SO_TYPE))
port = a.getsockname()[1]
b = socket.socket(); b.bind(('127.0.0.1', port)) if False else None
try:
    b.bind(('127.0.0.1', port))
except OSError as e:
    print('second bind without SO_REUSEADDR:', e.strerror)
c = socket.create_connection(('127.0.0.1', port)); s, _ = a.accept()
s.setblocking(False)
print('select timeout:', select.select([s], [], [], 0.05))
p = select.poll(); p.register(s, select.POLLIN); print('poll timeout:', p.poll(50))
e = select.epoll(); e.register(s.fileno(), select.EPOLLIN); print('epoll timeout:', e.poll(0.05))
c.sendall(b'x' * 3000)
print('epoll ready:', [(fd == s.fileno(), ev) for fd, ev in e.poll(5)])
got = b''
while len(got) < 3000:
    select.select([s], [], [], 5); got += s.recv(4096)
print('got', len(got))
try: s.recv(10)
except BlockingIOError as x: print('nonblocking recv:', x.strerror)
c.shutdown(socket.SHUT_WR); select.select([s], [], [], 5); print('after shutdown:', s.recv(10))
print('TCP_NODELAY', c.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)); c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1); print('TCP_NODELAY', c.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
# datagrams on a unix socket path
d1 = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); d1.bind('d1.sock')
d2 = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); d2.bind('d2.sock')
d2.sendto(b'dgram one', 'd1.sock'); d2.sendto(b'dgram two', 'd1.sock')
print(d1.recvfrom(100), d1.recvfrom(100))
x, y = socket.socketpair(); x.sendall(b'pair'); x.shutdown(socket.SHUT_WR); print(y.recv(10), y.recv(10))
try: socket.socket(socket.AF_UNIX).connect('nosuch.sock')
except OSError as err: print('connect to nothing:', err.strerror)
try: socket.socket(socket.AF_UNIX).connect(b'\0nosuch-abstract-%d' % os.getpid())
except OSError as err: print('abstract nothing:', err.strerror)
PY
