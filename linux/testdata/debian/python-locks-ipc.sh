# Python between processes: fcntl record locks (lockf conflicts, F_GETLK's
# pid, independent flock, OFD locks, a wait interrupted by a timer, EDEADLK
# of a cycle of two), shared and file mappings across fork, FIFO
# non-blocking opens, sigwaitinfo/sigtimedwait/sigwait in a thread,
# edge-triggered epoll, a full non-blocking socket, prctl's name.
cat > ex.py <<'PY'
import os, signal, fcntl, select, socket, time, mmap, struct, errno, sys, ctypes, threading
# fcntl locks between processes: flock, POSIX F_GETLK (pid), OFD locks
fd = os.open("lk", os.O_RDWR | os.O_CREAT, 0o644); os.write(fd, b"x" * 100)
fcntl.lockf(fd, fcntl.LOCK_EX, 10, 0)
pid = os.fork()
if pid == 0:
    f2 = os.open("lk", os.O_RDWR)
    try: fcntl.lockf(f2, fcntl.LOCK_EX | fcntl.LOCK_NB, 10, 0)
    except OSError as e: print("child lockf", errno.errorcode[e.errno])
    r = fcntl.fcntl(f2, fcntl.F_GETLK, struct.pack("hhqqi", fcntl.F_WRLCK, 0, 0, 10, 0))
    t, w, s, l, p = struct.unpack("hhqqi", r); print("getlk", t == fcntl.F_WRLCK, s, l, p == os.getppid())
    fcntl.lockf(f2, fcntl.LOCK_EX | fcntl.LOCK_NB, 10, 20); print("other range ok")
    try: fcntl.flock(f2, fcntl.LOCK_EX | fcntl.LOCK_NB); print("flock independent ok")
    except OSError as e: print("flock", e.errno)
    F_OFD_SETLK = 37
    try: fcntl.fcntl(f2, F_OFD_SETLK, struct.pack("hhqqi", fcntl.F_WRLCK, 0, 0, 10, 0))
    except OSError as e: print("ofd", errno.errorcode[e.errno])
    os._exit(0)
os.waitpid(pid, 0)
# blocking lock wait interrupted by a signal
def _alrm(*a): raise InterruptedError
signal.signal(signal.SIGALRM, _alrm)
pid = os.fork()
if pid == 0:
    f2 = os.open("lk", os.O_RDWR); signal.setitimer(signal.ITIMER_REAL, 0.3)
    try: fcntl.lockf(f2, fcntl.LOCK_EX, 10, 0); print("got it?")
    except InterruptedError: print("lock wait EINTR")
    os._exit(0)
os.waitpid(pid, 0)
# deadlock detection
fcntl.lockf(fd, fcntl.LOCK_UN, 0, 0)
r, w = os.pipe(); r2, w2 = os.pipe()
pid = os.fork()
if pid == 0:
    f2 = os.open("lk", os.O_RDWR); fcntl.lockf(f2, fcntl.LOCK_EX, 1, 50); os.write(w, b"1"); os.read(r2, 1)
    try: fcntl.lockf(f2, fcntl.LOCK_EX, 1, 60); print("child got 60")
    except OSError as e: print("child", errno.errorcode[e.errno])
    os._exit(0)
fcntl.lockf(fd, fcntl.LOCK_EX, 1, 60); os.read(r, 1); os.write(w2, b"1"); time.sleep(0.3)
try: fcntl.lockf(fd, fcntl.LOCK_EX, 1, 50); print("parent got 50")
except OSError as e: print("parent", errno.errorcode[e.errno])
fcntl.lockf(fd, fcntl.LOCK_UN, 0, 0); os.waitpid(pid, 0)
# shared mmap between processes
m = mmap.mmap(-1, 4096, flags=mmap.MAP_SHARED); pid = os.fork()
if pid == 0: m[:5] = b"hello"; os._exit(0)
os.waitpid(pid, 0); print("shared", m[:5])
mf = mmap.mmap(fd, 100); pid = os.fork()
if pid == 0: mf[0:3] = b"abc"; mf.flush(); os._exit(0)
os.waitpid(pid, 0); print("file map", os.pread(fd, 3, 0))
# fifo non-blocking opens
os.mkfifo("ff")
try: os.open("ff", os.O_WRONLY | os.O_NONBLOCK)
except OSError as e: print("fifo w", errno.errorcode[e.errno])
rf = os.open("ff", os.O_RDONLY | os.O_NONBLOCK); wf = os.open("ff", os.O_WRONLY | os.O_NONBLOCK)
print("fifo read empty", end=" ")
try: os.read(rf, 1)
except BlockingIOError: print("EAGAIN")
os.close(wf); print("after writer closed", os.read(rf, 1))
# sigwaitinfo, sigtimedwait, signal to a thread
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1, signal.SIGUSR2])
os.kill(os.getpid(), signal.SIGUSR1); si = signal.sigwaitinfo([signal.SIGUSR1]); print("sigwaitinfo", si.si_signo == signal.SIGUSR1, si.si_pid == os.getpid(), si.si_code)
print("sigtimedwait", signal.sigtimedwait([signal.SIGUSR2], 0.1))
ev = threading.Event(); got = []
def th():
    got.append(signal.sigwait([signal.SIGUSR2])); ev.set()
t = threading.Thread(target=th); t.start(); time.sleep(0.1); signal.pthread_kill(t.ident, signal.SIGUSR2); ev.wait(5); t.join(); print("thread sigwait", got)
# epoll edge-triggered, socketpair shutdown, SO_RCVBUF
a, b = socket.socketpair(); ep = select.epoll(); ep.register(a.fileno(), select.EPOLLIN | select.EPOLLET)
b.send(b"x"); print("et1", [e for _, e in ep.poll(0.5)]); print("et2", ep.poll(0.1)); b.send(b"y"); print("et3", [e for _, e in ep.poll(0.5)])
b.shutdown(socket.SHUT_WR); print("rdhup", a.recv(10), a.recv(10))
a.setblocking(False)
try: a.send(b"z" * 10000000)
except BlockingIOError: print("send EAGAIN")
print("timerfd-ish clock", time.clock_gettime(time.CLOCK_BOOTTIME) > 0, time.clock_getres(time.CLOCK_MONOTONIC_RAW) > 0)
print("affinity", len(os.sched_getaffinity(0)) >= 1, os.cpu_count() >= 1)
print("random", len(os.getrandom(16)), len(os.urandom(8)))
libc = ctypes.CDLL(None); libc.syscall.restype = ctypes.c_long
print("prctl name", libc.prctl(15, b"renamed", 0, 0, 0), open("/proc/self/comm").read().strip())
print("status", [l.split(":")[0] for l in open("/proc/self/status") if l.startswith(("Name", "State", "Threads", "SigBlk"))])
print("limits", open("/proc/self/limits").readline().split()[:2])
PY
python3 -u ex.py 2>&1
