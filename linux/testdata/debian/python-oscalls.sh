# Python's os and signal calls the other Python cases leave out: vector
# and positioned I/O, fallocate/fadvise, truncation, links and their
# errors, utime in nanoseconds, chmod of a symbolic link, extended
# attributes, mmap resize/madvise/find, getrandom, waitid with WNOWAIT,
# wait3/wait4, sigtimedwait, siginterrupt, process groups, umask, access.
cat > o.py <<'P'
import os, sys, signal, mmap, errno, time, stat
def tryit(name, f):
    try:
        print(name, "ok", f())
    except OSError as e:
        print(name, "err", errno.errorcode.get(e.errno, e.errno))
    except (NotImplementedError, ValueError) as e:
        print(name, type(e).__name__)
fd = os.open("f", os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o640)
print("writev", os.writev(fd, [b"abc", b"", b"defgh"]), "pwritev", os.pwritev(fd, [b"XY", b"Z"], 1))
print("preadv", os.preadv(fd, [bytearray(2), bytearray(3)], 0), "pread", os.pread(fd, 100, 2), "readv-at-end", os.readv(fd, [bytearray(4)]))
os.lseek(fd, 0, 0); b1, b2 = bytearray(3), bytearray(10); print("readv", os.readv(fd, [b1, b2]), bytes(b1), bytes(b2))
tryit("posix_fallocate", lambda: os.posix_fallocate(fd, 0, 100000))
print("size", os.fstat(fd).st_size)
tryit("fadvise", lambda: os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED))
tryit("fadvise-bad", lambda: os.posix_fadvise(fd, 0, 0, 99))
tryit("ftruncate", lambda: os.ftruncate(fd, 5)); tryit("truncate-path", lambda: os.truncate("f", 4)); print("size", os.stat("f").st_size)
tryit("truncate-neg", lambda: os.truncate("f", -1)); tryit("truncate-dir", lambda: os.truncate(".", 0))
tryit("SEEK_DATA", lambda: os.lseek(fd, 0, os.SEEK_DATA)); tryit("SEEK_HOLE", lambda: os.lseek(fd, 0, os.SEEK_HOLE)); tryit("SEEK_DATA-end", lambda: os.lseek(fd, 10, os.SEEK_DATA))
tryit("link", lambda: os.link("f", "f2")); print("nlink", os.stat("f").st_nlink)
tryit("link-exists", lambda: os.link("f", "f2")); tryit("symlink", lambda: os.symlink("f", "s")); print("readlink", os.readlink("s"))
tryit("readlink-file", lambda: os.readlink("f")); tryit("unlink-dir", lambda: os.unlink(".")); tryit("rmdir-file", lambda: os.rmdir("f"))
os.mkdir("dd"); open("dd/x", "w").close(); tryit("rmdir-notempty", lambda: os.rmdir("dd")); tryit("rename-into-self", lambda: os.rename("dd", "dd/sub"))
tryit("rename-dir-over-file", lambda: os.rename("dd", "f2"))
os.utime("f", ns=(1_000_000_123, 2_000_000_456)); st = os.stat("f"); print("utime", st.st_atime_ns, st.st_mtime_ns)
os.utime("s", ns=(5_000_000_000, 6_000_000_000), follow_symlinks=False); print("lutime", os.lstat("s").st_mtime_ns, os.stat("s").st_mtime_ns)
tryit("lchmod", lambda: os.chmod("s", 0o600, follow_symlinks=False))
print("mode", oct(os.stat("f").st_mode), stat.filemode(os.stat("f").st_mode))
tryit("setxattr", lambda: os.setxattr("f", "user.color", b"blue")); tryit("getxattr", lambda: os.getxattr("f", "user.color"))
tryit("listxattr", lambda: os.listxattr("f")); tryit("getxattr-none", lambda: os.getxattr("f", "user.none"))
tryit("setxattr-create-exists", lambda: os.setxattr("f", "user.color", b"red", os.XATTR_CREATE)); tryit("removexattr", lambda: os.removexattr("f", "user.color"))
tryit("setxattr-badns", lambda: os.setxattr("f", "bogus.x", b"1"))
old = os.umask(0o077); g = os.open("g", os.O_CREAT | os.O_WRONLY, 0o666); print("umask", oct(old), oct(os.fstat(g).st_mode & 0o777)); os.umask(old)
print("access", os.access("f", os.R_OK), os.access("nosuch", os.F_OK), os.access("f", os.X_OK))
m = mmap.mmap(-1, 8192); m.write(b"hello mmap world"); print("find", m.find(b"mmap"), m.rfind(b"o"))
m.resize(16384); print("resized", len(m), m[0:5]); tryit("madvise", lambda: m.madvise(mmap.MADV_DONTNEED, 0, 4096)); print("after dontneed", m[0:5])
fm = open("f", "r+b"); os.truncate("f", 8192); mm = mmap.mmap(fm.fileno(), 0); mm[0:4] = b"MMAP"; mm.flush(); print("file", open("f", "rb").read(4)); mm.close()
tryit("mmap-empty", lambda: mmap.mmap(os.open("g", os.O_RDONLY), 0, prot=mmap.PROT_READ))
print("getrandom", len(os.getrandom(16)), len(os.getrandom(8, os.GRND_NONBLOCK)))
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.close(w); os.read(r, 1); os._exit(7)
os.close(r)
print("waitid-nohang", os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG))
os.close(w)
info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT); print("waitid-nowait", info.si_code == os.CLD_EXITED, info.si_status)
p2, status, ru = os.wait4(pid, 0); print("wait4", p2 == pid, os.waitstatus_to_exitcode(status), ru.ru_maxrss > 0)
tryit("wait4-none", lambda: os.wait4(-1, os.WNOHANG))
pid = os.fork()
if pid == 0:
    os.kill(os.getpid(), signal.SIGSTOP); os._exit(1)
p2, status, ru = os.wait3(os.WUNTRACED); print("wait3-stopped", os.WIFSTOPPED(status), os.WSTOPSIG(status))
os.kill(pid, signal.SIGKILL); print("killed", os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1, signal.SIGUSR2])
os.kill(os.getpid(), signal.SIGUSR2)
si = signal.sigtimedwait([signal.SIGUSR1, signal.SIGUSR2], 5); print("sigtimedwait", si.si_signo == signal.SIGUSR2, si.si_code, si.si_pid == os.getpid())
print("sigtimedwait-timeout", signal.sigtimedwait([signal.SIGUSR1], 0.01))
print("pending", signal.sigpending())
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGUSR1, signal.SIGUSR2])
# The read is interrupted (siginterrupt), the handler writes what it then reads (PEP 475's retry).
got = []
r, w = os.pipe()
signal.signal(signal.SIGALRM, lambda *a: (got.append(1), os.write(w, b"x"))); signal.siginterrupt(signal.SIGALRM, True)
signal.setitimer(signal.ITIMER_REAL, 0.05)
print("read after the handler", os.read(r, 1), got)
sys.stdout.flush()
pid = os.fork()
if pid == 0:
    os.setpgid(0, 0); os.write(1, b"child pgrp own %d\n" % (os.getpgrp() == os.getpid())); os._exit(0)
os.waitpid(pid, 0)
tryit("setpgid-other-session", lambda: os.setpgid(1, 0)); tryit("killpg-none", lambda: os.killpg(999999, 0)); tryit("getsid-none", lambda: os.getsid(999999))
tryit("kill-bad-sig", lambda: os.kill(os.getpid(), 99))
print("priority", os.getpriority(os.PRIO_PROCESS, 0) == os.nice(0))
P
python3 o.py 2>&1
