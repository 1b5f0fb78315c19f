cat > p.py <<'P'
import argparse, csv, io, datetime, zoneinfo, locale, tempfile, shutil, tarfile, gzip, lzma, bz2, os, sys, unicodedata, ctypes, ctypes.util, signal, socket, struct, hashlib, base64, json, textwrap, fractions, statistics, random, heapq, bisect, string, re
ap = argparse.ArgumentParser(prog="tool"); ap.add_argument("-n", type=int, default=3); ap.add_argument("files", nargs="*"); ap.add_argument("--flag", action="store_true")
a = ap.parse_args(["-n", "5", "x", "--flag"]); print(a.n, a.files, a.flag)
try: ap.parse_args(["-n", "notint"])
except SystemExit as e: print("argparse exit", e.code)
buf = io.StringIO(); w = csv.writer(buf); w.writerow(["a", "b,c", 'q"t']); w.writerow([1, 2.5, None]); print(repr(buf.getvalue()))
print(list(csv.DictReader(io.StringIO("x,y\n1,2\n3,4\n"))))
ny = zoneinfo.ZoneInfo("America/New_York"); t = datetime.datetime(2024, 3, 10, 6, 59, tzinfo=datetime.timezone.utc)
print(t.astimezone(ny), (t + datetime.timedelta(minutes=2)).astimezone(ny), datetime.datetime(2021, 7, 1, tzinfo=zoneinfo.ZoneInfo("Europe/Berlin")).utcoffset())
print(datetime.datetime.fromtimestamp(1e9, datetime.timezone.utc).isoformat(), datetime.date(2024, 12, 30).isocalendar(), datetime.datetime.strptime("2020-02-03 04:05", "%Y-%m-%d %H:%M").strftime("%a %j"))
print(locale.setlocale(locale.LC_ALL, "C"), locale.getlocale(), locale.localeconv()["decimal_point"], locale.format_string("%.2f", 1234.5, grouping=True))
try: locale.setlocale(locale.LC_ALL, "xx_YY.UTF-8")
except locale.Error as e: print("locale error", e)
with tempfile.TemporaryDirectory() as d:
    src = os.path.join(d, "src"); os.makedirs(os.path.join(src, "sub")); open(os.path.join(src, "sub", "f.txt"), "w").write("data\n" * 100)
    os.symlink("sub/f.txt", os.path.join(src, "link"))
    shutil.copytree(src, os.path.join(d, "copy"), symlinks=True); print(sorted(os.listdir(os.path.join(d, "copy"))), os.readlink(os.path.join(d, "copy", "link")))
    shutil.move(os.path.join(d, "copy"), os.path.join(d, "moved")); print(shutil.disk_usage(d).total > 0, shutil.which("sh"), shutil.which("nosuch"))
    for mode, kw in (("w", {}), ("w:gz", {"compresslevel": 1}), ("w:bz2", {"compresslevel": 1}), ("w:xz", {"preset": 0})):
        p = os.path.join(d, "t.tar" + mode[2:])
        with tarfile.open(p, mode, **kw) as tf: tf.add(src, arcname="src")
        with tarfile.open(p) as tf: print(mode, sorted(m.name for m in tf.getmembers()), tf.extractfile("src/sub/f.txt").read()[:5])
    arch = shutil.make_archive(os.path.join(d, "arch"), "gztar", src); print(os.path.basename(arch)); shutil.unpack_archive(arch, os.path.join(d, "un")); print(sorted(os.listdir(os.path.join(d, "un"))))
    shutil.rmtree(src); print(os.path.exists(src))
data = b"hello world " * 1000
for m, c in ((gzip, gzip.compress(data, 1)), (lzma, lzma.compress(data, preset=0)), (bz2, bz2.compress(data, 1))): print(m.__name__, m.decompress(c) == data, len(c))
print(len(gzip.compress(data, mtime=0)), hashlib.md5(gzip.compress(b"abc", mtime=0)).hexdigest(), len(lzma.compress(b"abc", format=lzma.FORMAT_ALONE, preset=0)))
print(unicodedata.name("é"), unicodedata.normalize("NFD", "é").encode(), unicodedata.category("A"), unicodedata.numeric("½"), unicodedata.unidata_version, "ß".upper(), "ǅ".swapcase())
libc = ctypes.CDLL("libc.so.6"); print(libc.strlen(b"abcdef"), libc.abs(-5), libc.getpid() == os.getpid())
buf = ctypes.create_string_buffer(32); libc.snprintf(buf, 32, b"%d-%s-%.2f", 42, b"x", ctypes.c_double(2.5)); print(buf.value)
qs = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))(lambda a, b: a[0] - b[0])
arr = (ctypes.c_int * 5)(5, 1, 4, 2, 3); libc.qsort(arr, 5, ctypes.sizeof(ctypes.c_int), qs); print(list(arr))
class S(ctypes.Structure): _fields_ = [("a", ctypes.c_char), ("b", ctypes.c_double), ("c", ctypes.c_uint16)]
print(ctypes.sizeof(S), S.b.offset, ctypes.sizeof(ctypes.c_long), ctypes.sizeof(ctypes.c_longdouble))
got = []
signal.signal(signal.SIGALRM, lambda s, f: got.append(s)); signal.alarm(1); signal.pause(); print("alarm", got)
signal.signal(signal.SIGUSR1, lambda s, f: got.append(s)); os.kill(os.getpid(), signal.SIGUSR1); print("usr1", got)
signal.setitimer(signal.ITIMER_REAL, 0.05); signal.sigwait([signal.SIGALRM]) if False else signal.pause(); print("itimer", got)
old = signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR2]); os.kill(os.getpid(), signal.SIGUSR2); print("pending", signal.SIGUSR2 in signal.sigpending()); print(signal.sigwait([signal.SIGUSR2])); signal.pthread_sigmask(signal.SIG_SETMASK, old)
try:
    signal.signal(signal.SIGALRM, lambda s, f: 1 / 0); signal.alarm(1); signal.pause()
except ZeroDivisionError: print("raised in handler")
s1, s2 = socket.socketpair(); s1.sendall(b"ping"); print(s2.recv(10)); s2.send(b"pong"); print(s1.recv(10)); s1.close(); print(s2.recv(10))
u1, u2 = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM); u1.send(b"d1"); u1.send(b"d2"); print(u2.recv(1), u2.recv(10))
r, w = os.pipe(); s3, s4 = socket.socketpair(); socket.send_fds(s3, [b"fd"], [w]); msg, fds, _, _ = socket.recv_fds(s4, 10, 1); os.write(fds[0], b"via passed fd"); print(msg, os.read(r, 100))
srv = socket.socket(); srv.bind(("127.0.0.1", 0)); srv.listen(); cl = socket.create_connection(srv.getsockname()); c, _ = srv.accept(); cl.sendall(b"tcp"); print(c.recv(3)); cl.close(); c.close(); srv.close()
print(fractions.Fraction(3, 4) + fractions.Fraction(1, 6), statistics.median([3, 1, 2, 5]), statistics.stdev([1, 2, 3, 4]), random.Random(1).randint(1, 100), heapq.nsmallest(2, [5, 1, 3]), bisect.bisect([1, 3, 5], 4))
print(textwrap.fill("word " * 20, 30)); print(string.Template("$a-$b").substitute(a=1, b=2), re.sub(r"(?P<x>\d+)", lambda m: str(int(m["x"]) * 2), "a1b22"))
print(sys.version_info[:2], sys.byteorder, sys.maxsize, sys.getfilesystemencoding(), os.cpu_count() > 0, os.uname().machine, struct.calcsize("P"), sys.float_info.max)
P
python3 p.py; echo "python $?"
