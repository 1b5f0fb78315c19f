python3 - <<'P'
import os, signal, select, mmap, resource, socket, fcntl, errno, time, sys
print(os.sched_getscheduler(0), os.sched_getparam(0), sorted(os.sched_getaffinity(0))[:1], os.sched_get_priority_max(os.SCHED_FIFO))
os.sched_setaffinity(0, {0}); print(os.sched_getaffinity(0))
print(os.getpriority(os.PRIO_PROCESS, 0), resource.getrlimit(resource.RLIMIT_NOFILE)[0] > 0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss > 0)
r, w = os.pipe(); os.set_blocking(r, False)
try: os.read(r, 1)
except BlockingIOError as e: print("EAGAIN", e.errno)
p = select.poll(); p.register(r, select.POLLIN); os.write(w, b"x"); print(p.poll(100))
ep = select.epoll(); ep.register(r, select.EPOLLIN); print(ep.poll(0.1)); ep.close()
m = mmap.mmap(-1, 8192); m[0:5] = b"hello"; m.move(10, 0, 5); print(m[10:15]); m.resize(16384) if hasattr(m, "resize") else None; print(len(m))
with open("mm", "wb") as f: f.write(b"\0" * 4096)
with open("mm", "r+b") as f:
    mm = mmap.mmap(f.fileno(), 0); mm[:4] = b"abcd"; mm.flush(); mm.close()
print(open("mm", "rb").read(4))
a, b = socket.socketpair(); a.sendall(b"ping"); print(b.recv(4)); a.close(); print(b.recv(4))
fd = os.open("lk", os.O_CREAT | os.O_RDWR); fcntl.lockf(fd, fcntl.LOCK_EX); print(fcntl.fcntl(fd, fcntl.F_GETFD))
sys.stdout.flush(); pid = os.fork()
if pid == 0:
    try: fcntl.lockf(os.open("lk", os.O_RDWR), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e: print("child lock", e.errno); sys.stdout.flush()
    os._exit(3)
print(os.waitpid(pid, 0)[1] >> 8)
signal.signal(signal.SIGUSR1, lambda s, f: print("usr1")); os.kill(os.getpid(), signal.SIGUSR1)
print(signal.pthread_sigmask(signal.SIG_BLOCK, []), signal.getitimer(signal.ITIMER_REAL))
m, sl = os.openpty(); print(os.ttyname(sl).startswith("/dev/pts/"), os.isatty(m)); os.write(sl, b"hi\n"); print(os.read(m, 10)); os.close(sl); os.close(m)
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", 0)); s.listen()
c = socket.create_connection(s.getsockname()); conn, _ = s.accept(); c.sendall(b"tcp"); print(conn.recv(3)); c.close(); conn.close(); s.close()
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.bind(("127.0.0.1", 0)); u.sendto(b"udp", u.getsockname()); print(u.recvfrom(3)[0])
print(os.times().elapsed > 0, time.monotonic() > 0, time.clock_getres(time.CLOCK_MONOTONIC) > 0, os.cpu_count(), os.uname().machine)
print(os.statvfs(".").f_bsize > 0, os.get_terminal_size(os.open("/dev/null", 0)) if False else "noterm", os.getloadavg()[0] >= 0)
P
awk 'BEGIN { for (i = 1; i <= 5; i++) a[i] = i * i; n = asort(a, b); printf "%d %s %s\n", n, b[1], b[5]; print length("héllo"), toupper("abc"), sprintf("%c", 65), index("hello", "ll"), substr("hello", 2, 3); split("a:b:c", p, ":"); print p[3]; print 2**10, int(-3.7), 7%3, log(exp(1)), atan2(0, -1) }'
printf 'k1 3\nk2 5\nk1 4\n' | awk '{s[$1] += $2} END {PROCINFO["sorted_in"] = "@ind_str_asc"; for (k in s) print k, s[k]}'; echo 'a,b,"c,d"' | awk -v FPAT='([^,]+)|("[^"]+")' '{print NF, $3}'
awk 'BEGIN { "date -u -d @0 +%Y" | getline y; print y; while (("printf \"1\\n2\\n\"" | getline l) > 0) s += l; print s; print "to sort" | "sort"; close("sort"); printf "%s\n", strftime("%Y", 0, 1); print systime() > 0 }'
dash -c 'set -e; f() { return 3; }; f || echo "f $?"; x=${UNSET:-def}; echo $x ${#x}; case abc in a*) echo glob;; esac; i=0; while [ $i -lt 3 ]; do i=$((i+1)); done; echo $i; read a b <<EOF
one two
EOF
echo $b; set -- x y z; shift; echo "$@" $#; trap "echo bye" EXIT; echo ${x%f} ${x#d}; getopts ab: o -b v; echo $o $OPTARG; exec 3>&1; echo fd3 >&3; command -v ls; type cd; echo $(( 0x10 + 010 ))'
dash -c 'umask 027; touch um; stat -c %a um; ulimit -n; kill -l 15; printf "%s|%5.2f|%x\n" s 3.14159 255; wait; jobs; false; echo $?; (exit 7); echo $?; exec sh -c "echo exec"'
