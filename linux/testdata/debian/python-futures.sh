# concurrent.futures with every start method, BrokenProcessPool, a Manager,
# shared memory, and the process calls of the os module: posix_spawn,
# pidfd, waitid, wait4, eventfd, memfd, copy_file_range, splice, pipe size.
cat >fut.py <<'PY'
import concurrent.futures as cf, multiprocessing as mp, os, sys, signal, select, fcntl, resource
from multiprocessing import shared_memory
def cube(x): return x ** 3
def boom(x): raise ValueError(f"bad {x}")
def die(x): os._exit(3)
def fill(name, n):
    s = shared_memory.SharedMemory(name=name); s.buf[:n] = bytes(range(n)); s.close()
if __name__ == "__main__":
    for m in ("fork", "spawn", "forkserver"):
        with cf.ProcessPoolExecutor(2, mp_context=mp.get_context(m)) as ex:
            print(m, list(ex.map(cube, range(6))), sorted(f.result() for f in cf.as_completed([ex.submit(cube, i) for i in (7, 8)])))
            try: ex.submit(boom, 1).result()
            except ValueError as e: print("raised", e)
    with cf.ProcessPoolExecutor(1) as ex:
        try: ex.submit(die, 0).result()
        except cf.process.BrokenProcessPool as e: print("broken", type(e).__name__)
    with cf.ThreadPoolExecutor(4) as ex: print("threads", sum(ex.map(cube, range(100))))
    with mp.Manager() as man:
        d = man.dict(); l = man.list()
        ps = [mp.Process(target=d.__setitem__, args=(i, i * i)) for i in range(3)]
        for p in ps: p.start()
        for p in ps: p.join()
        print("manager", sorted(d.items()))
    s = shared_memory.SharedMemory(create=True, size=64); p = mp.Process(target=fill, args=(s.name, 16)); p.start(); p.join()
    print("shm", bytes(s.buf[:16]).hex(), p.exitcode); s.close(); s.unlink()
    a, b = mp.Pipe(); pr = mp.Process(target=lambda c: c.send(os.getpid() != os.getppid()), args=(b,)); pr.start(); print("pipe", a.recv()); pr.join()
    pid = os.posix_spawn("/bin/sh", ["sh", "-c", "exit 5"], os.environ); print("posix_spawn", os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
    pid = os.posix_spawnp("true", ["true"], os.environ, setsid=True); print("spawnp", os.waitpid(pid, 0)[1])
    pid = os.fork()
    if pid == 0: signal.pause(); os._exit(0)
    fd = os.pidfd_open(pid); print("pidfd readable", select.select([fd], [], [], 0)[0] == [fd]); signal.pidfd_send_signal(fd, signal.SIGUSR2)
    print("pidfd after", select.select([fd], [], [], 5)[0] == [fd]); r = os.waitid(os.P_PIDFD, fd, os.WEXITED); print("waitid", r.si_code == os.CLD_KILLED, r.si_status == signal.SIGUSR2); os.close(fd)
    pid = os.fork()
    if pid == 0: sum(range(200000)); os._exit(4)
    _, st, ru = os.wait4(pid, 0); print("wait4", os.WEXITSTATUS(st), ru.ru_utime >= 0, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss > 0)
    e = os.eventfd(3, os.EFD_NONBLOCK); os.eventfd_write(e, 4); print("eventfd", os.eventfd_read(e))
    try: os.eventfd_read(e)
    except BlockingIOError: print("eventfd empty")
    m = os.memfd_create("x", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING); os.write(m, b"memfd data"); fcntl.fcntl(m, fcntl.F_ADD_SEALS, fcntl.F_SEAL_WRITE | fcntl.F_SEAL_GROW)
    try: os.write(m, b"x")
    except PermissionError as ex: print("sealed", ex.errno)
    print("seals", fcntl.fcntl(m, fcntl.F_GET_SEALS), os.readlink(f"/proc/self/fd/{m}"))
    with open("src", "wb") as f: f.write(b"0123456789" * 1000)
    si = os.open("src", os.O_RDONLY); do = os.open("dst", os.O_WRONLY | os.O_CREAT, 0o644)
    print("cfr", os.copy_file_range(si, do, 5000, 10), os.lseek(do, 0, os.SEEK_CUR), os.sendfile(do, si, 0, 100))
    r, w = os.pipe(); print("pipesz", fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 8192), fcntl.fcntl(w, fcntl.F_GETPIPE_SZ)); print("splice", os.splice(si, w, 20, offset_src=3)); print(os.read(r, 20))
    try: fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 1 << 30)
    except OSError as ex: print("pipesz big", ex.errno)
    print("statvfs", os.statvfs(".").f_bsize > 0, os.get_blocking(r), os.get_inheritable(r))
PY
python3 fut.py 2>&1
