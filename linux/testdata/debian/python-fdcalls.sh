# Python's os, fcntl, select, signal and mmap calls on descriptors that
# the other Python cases leave out: memfd seals, eventfd, pipe sizes and
# packet pipes, sendfile/copy_file_range/splice, leases, selectors,
# set_wakeup_fd, setitimer, signal.pidfd_send_signal, faulthandler on a
# SIGSEGV, termios on a pseudo-terminal, getaddrinfo from /etc/hosts, dbm.
cat > f.py <<'P'
import os, fcntl, select, selectors, signal, mmap, errno, socket, struct, sys, termios, dbm, pickle, subprocess
def tryit(name, f):
    try:
        r = f()
        print(name, "ok", r)
    except OSError as e:
        print(name, "err", errno.errorcode.get(e.errno, e.errno))
    except termios.error as e:
        print(name, "termios.error", errno.errorcode.get(e.args[0], e.args[0]))
# memfd and seals
fd = os.memfd_create("m", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
os.write(fd, b"hello memfd")
print("memfd", os.readlink("/proc/self/fd/%d" % fd), os.get_inheritable(fd))
tryit("seals0", lambda: fcntl.fcntl(fd, fcntl.F_GET_SEALS))
tryit("addseal", lambda: fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW))
tryit("seals1", lambda: fcntl.fcntl(fd, fcntl.F_GET_SEALS))
tryit("shrink", lambda: os.ftruncate(fd, 2))
tryit("grow", lambda: os.pwrite(fd, b"x", 100))
tryit("inplace", lambda: os.pwrite(fd, b"J", 0))
tryit("sealseal", lambda: fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SEAL))
tryit("afterseal", lambda: fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_WRITE))
print("pread", os.pread(fd, 64, 0))
fd2 = os.memfd_create("n")
tryit("noseal", lambda: fcntl.fcntl(fd2, fcntl.F_ADD_SEALS, fcntl.F_SEAL_WRITE))
os.write(fd2, b"abc" * 2000)
m = mmap.mmap(fd2, 0)
tryit("sealwrite-mapped", lambda: fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_WRITE))
m.close()
# eventfd
e = os.eventfd(3, os.EFD_NONBLOCK | os.EFD_CLOEXEC)
os.eventfd_write(e, 4)
print("eventfd", os.eventfd_read(e))
tryit("eventfd-empty", lambda: os.eventfd_read(e))
s = os.eventfd(0, os.EFD_SEMAPHORE | os.EFD_NONBLOCK)
os.eventfd_write(s, 2)
print("sem", os.eventfd_read(s), os.eventfd_read(s))
tryit("sem-empty", lambda: os.eventfd_read(s))
tryit("eventfd-short", lambda: os.read(e, 4))
tryit("eventfd-max", lambda: os.write(e, struct.pack("=Q", 2**64 - 1)))
# pipe sizes, packet pipes
r, w = os.pipe()
print("pipesz", fcntl.fcntl(w, fcntl.F_GETPIPE_SZ))
tryit("setpipesz", lambda: fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 100000))
tryit("setpipesz-huge", lambda: fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 1 << 30))
os.set_blocking(w, False)
n = 0
try:
    while True:
        n += os.write(w, b"z" * 4096)
except BlockingIOError:
    pass
print("filled", n)
os.close(r); os.close(w)
pr, pw = os.pipe2(os.O_DIRECT)
os.write(pw, b"one"); os.write(pw, b"two-two")
print("packets", os.read(pr, 100), os.read(pr, 2), os.read(pr, 100) if select.select([pr], [], [], 0)[0] else "empty")
# sendfile, copy_file_range, splice
with open("src", "wb") as f:
    f.write(bytes(range(256)) * 64)
a = os.open("src", os.O_RDONLY)
b = os.open("dst", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
print("sendfile", os.sendfile(b, a, 100, 1000), os.lseek(a, 0, os.SEEK_CUR), os.lseek(b, 0, os.SEEK_CUR))
print("cfr", os.copy_file_range(a, b, 5000, 0, 10000), os.lseek(b, 0, os.SEEK_CUR))
sr, sw = os.pipe()
print("splice", os.splice(a, sw, 300, offset_src=10), os.read(sr, 5))
tryit("splice-nopipe", lambda: os.splice(a, b, 10))
tryit("cfr-badfd", lambda: os.copy_file_range(a, sr, 10))
os.close(b)
print("dstsize", os.stat("dst").st_size, open("dst", "rb").read()[:4])
# leases
l = os.open("src", os.O_RDONLY)
tryit("getlease0", lambda: fcntl.fcntl(l, fcntl.F_GETLEASE))
tryit("setlease-rd", lambda: fcntl.fcntl(l, fcntl.F_SETLEASE, fcntl.F_RDLCK))
tryit("getlease1", lambda: fcntl.fcntl(l, fcntl.F_GETLEASE))
tryit("setlease-wr-ro", lambda: fcntl.fcntl(l, fcntl.F_SETLEASE, fcntl.F_WRLCK))
tryit("unlease", lambda: fcntl.fcntl(l, fcntl.F_SETLEASE, fcntl.F_UNLCK))
# selectors
sel = selectors.DefaultSelector()
print("selector", type(sel).__name__)
x, y = socket.socketpair()
sel.register(x, selectors.EVENT_READ, "x")
sel.register(y, selectors.EVENT_WRITE, "y")
print("ready", sorted((k.data, ev) for k, ev in sel.select(0)))
y.send(b"ping")
print("ready2", sorted((k.data, ev) for k, ev in sel.select(0)))
sel.modify(y, selectors.EVENT_READ, "y2")
print("ready3", sorted((k.data, ev) for k, ev in sel.select(0)))
sel.close()
for cls in (selectors.PollSelector, selectors.SelectSelector):
    s2 = cls(); s2.register(x, selectors.EVENT_READ)
    print(cls.__name__, len(s2.select(0))); s2.close()
# set_wakeup_fd, setitimer
wr, ww = socket.socketpair()
wr.setblocking(False); ww.setblocking(False)
got = []
signal.signal(signal.SIGALRM, lambda *a: got.append("alrm"))
old = signal.set_wakeup_fd(ww.fileno())
print("oldwakeup", old)
signal.setitimer(signal.ITIMER_REAL, 0.05)
while not got:
    signal.pause() if False else select.select([wr], [], [], 5)
print("wakeup", got, list(wr.recv(10)) == [signal.SIGALRM])
signal.set_wakeup_fd(-1)
print("itimer-off", signal.getitimer(signal.ITIMER_REAL))
signal.setitimer(signal.ITIMER_VIRTUAL, 100, 50)
v = signal.getitimer(signal.ITIMER_VIRTUAL)
print("virtual, a tick more than set", 100 < v[0] <= 100.1, v[1])
signal.setitimer(signal.ITIMER_VIRTUAL, 0)
# pidfd_send_signal
p = subprocess.Popen(["sleep", "30"])
pfd = os.pidfd_open(p.pid)
signal.pidfd_send_signal(pfd, signal.SIGTERM)
print("pidfd-kill", p.wait())
tryit("pidfd-dead", lambda: signal.pidfd_send_signal(pfd, signal.SIGTERM))
tryit("pidfd-badfd", lambda: signal.pidfd_send_signal(r if False else e, 0))
# faulthandler on a SIGSEGV (ctypes reads address 0)
c = subprocess.run([sys.executable, "-X", "faulthandler", "-c", "import ctypes\nctypes.string_at(0)"], capture_output=True, text=True)
print("segv", c.returncode, c.stderr.splitlines()[0], any("line 2" in l for l in c.stderr.splitlines()))
c = subprocess.run([sys.executable, "-c", "import faulthandler,signal,os;faulthandler.register(signal.SIGUSR1, chain=False);os.kill(os.getpid(), signal.SIGUSR1);print('after')"], capture_output=True, text=True)
print("usr1", c.returncode, c.stdout.strip(), [l.split(" 0x")[0] for l in c.stderr.splitlines()[:1]])
# termios on a pty
mfd, sfd = os.openpty()
t = termios.tcgetattr(sfd)
t[3] &= ~termios.ECHO
termios.tcsetattr(sfd, termios.TCSANOW, t)
print("echo-off", bool(termios.tcgetattr(sfd)[3] & termios.ECHO))
os.write(mfd, b"typed\n")
print("read-slave", os.read(sfd, 100))
termios.tcsetattr(sfd, termios.TCSANOW, termios.tcgetattr(sfd)[:3] + [t[3] | termios.ECHO] + termios.tcgetattr(sfd)[4:])
os.write(mfd, b"again\n")
print("read-slave2", os.read(sfd, 100), os.read(mfd, 100))
print("speed", termios.tcgetattr(sfd)[4:6], os.get_terminal_size(sfd))
termios.tcflush(sfd, termios.TCIOFLUSH)
tryit("tcdrain", lambda: termios.tcdrain(sfd))
tryit("tcgetattr-file", lambda: termios.tcgetattr(a))
# getaddrinfo, getnameinfo from /etc/hosts
print("gai", sorted(set(x[4][0] for x in socket.getaddrinfo("localhost", 80, proto=socket.IPPROTO_TCP))))
print("gni", socket.getnameinfo(("127.0.0.1", 22), socket.NI_NUMERICSERV))
print("gai-num", socket.getaddrinfo("10.1.2.3", "http", socket.AF_INET, socket.SOCK_STREAM)[0][4])
tryit("gai-bad", lambda: socket.getaddrinfo("no.such.host.invalid", 80, flags=socket.AI_NUMERICHOST))
# dbm (dumb), pickle across a pipe
with dbm.open("db", "c") as d:
    for i in range(50):
        d[str(i)] = str(i * i)
with dbm.open("db", "r") as d:
    print("dbm", dbm.whichdb("db"), len(d), d[b"7"])
r, w = os.pipe()
if os.fork() == 0:
    os.close(r); os.write(w, pickle.dumps({"pid": "child", "t": (1, 2.5, None)})); os._exit(0)
os.close(w)
data = b""
while chunk := os.read(r, 4096):
    data += chunk
print("pickle", pickle.loads(data), os.wait()[1])
P
python3 f.py 2>&1
