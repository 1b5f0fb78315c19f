cat > t_u.py <<'P'
import unittest
class T(unittest.TestCase):
    def test_ok(self): self.assertEqual(1 + 1, 2)
    def test_fail(self): self.assertEqual([1, 2], [1, 3])
    @unittest.skip("why")
    def test_skip(self): pass
    def test_err(self): raise KeyError("k")
    def test_sub(self):
        for i in range(3):
            with self.subTest(i=i): self.assertLess(i, 2)
P
python3 -m unittest -v t_u 2>&1 | sed 's/ in [0-9.]*s$//; s,File "/.*/t_u.py",File "t_u.py",'; echo "unittest $?"
python3 - <<'P'
import ctypes
libc = ctypes.CDLL(None)
print(libc.strlen(b"hello"))
# qsort calling back into Python through a libffi closure: code written to memory and run
CMP = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))
arr = (ctypes.c_int * 8)(5, 1, 7, 3, 8, 2, 6, 4)
libc.qsort(arr, len(arr), ctypes.sizeof(ctypes.c_int), CMP(lambda a, b: a[0] - b[0]))
print(list(arr))
libm = ctypes.CDLL("libm.so.6")
libm.pow.restype = ctypes.c_double; libm.pow.argtypes = (ctypes.c_double, ctypes.c_double)
print(libm.pow(2.0, 10.5))
class S(ctypes.Structure):
    _fields_ = [("a", ctypes.c_char), ("b", ctypes.c_double), ("c", ctypes.c_short * 3)]
print(ctypes.sizeof(S), S.b.offset, S.c.offset)
CB = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_double, ctypes.c_int, ctypes.c_float, ctypes.c_longlong)
print(CB(lambda a, b, c, d: a + b + c + d)(1.5, 2, 0.25, 10**12))
p = ctypes.c_char_p(b"abc"); print(ctypes.string_at(p, 3), ctypes.cast(p, ctypes.c_void_p).value != 0)
try: ctypes.CDLL("libnosuch.so.9")
except OSError as e: print("OSError", e)
import asyncio
async def main():
    p = await asyncio.create_subprocess_exec("sh", "-c", "echo out; echo err >&2; exit 3", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    print(await p.communicate(), p.returncode)
    p = await asyncio.create_subprocess_shell("cat", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    o, _ = await p.communicate(b"x" * 100000); print(len(o), p.returncode)
    ps = [await asyncio.create_subprocess_exec("sh", "-c", f"echo {i}", stdout=asyncio.subprocess.PIPE) for i in range(3)]
    print(sorted([(await p.communicate())[0] for p in ps]))
    try: await asyncio.create_subprocess_exec("nosuchprog")
    except FileNotFoundError as e: print("FNF", e.errno)
    p = await asyncio.create_subprocess_exec("sleep", "10"); p.terminate(); print(await p.wait())
asyncio.run(main())
import tempfile, shutil, os, zipfile, tarfile, sqlite3, locale, glob
d = tempfile.mkdtemp(prefix="t")
with open(os.path.join(d, "f.txt"), "w") as f: f.write("hello\n" * 100)
with tempfile.TemporaryDirectory() as td: print(os.path.isdir(td))
with tempfile.NamedTemporaryFile() as nt: print(os.path.exists(nt.name))
os.makedirs(os.path.join(d, "a/b")); shutil.copy2(f.name, os.path.join(d, "a/b/c.txt"))
shutil.copytree(os.path.join(d, "a"), os.path.join(d, "a2")); shutil.move(os.path.join(d, "a2"), os.path.join(d, "a3"))
print(sorted(os.path.relpath(p, d) for p in glob.glob(d + "/**", recursive=True)))
print(shutil.disk_usage(d).total > 0, shutil.which("sh"), shutil.make_archive(os.path.join(d, "ar"), "gztar", d, "a").endswith(".tar.gz"))
z = os.path.join(d, "z.zip")
with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
    zf.write(f.name, "f.txt"); zf.writestr("s.txt", "str" * 1000)
    zf.writestr(zipfile.ZipInfo("l.txt", (2020, 1, 1, 0, 0, 0)), "lz", compress_type=zipfile.ZIP_LZMA)
    zf.writestr("b.txt", "bz" * 500, compress_type=zipfile.ZIP_BZIP2)
with zipfile.ZipFile(z) as zf: print([(i.filename, i.file_size) for i in zf.infolist()], zf.testzip(), zf.read("l.txt"))
for mode in ("xz", "bz2", "gz"):
    t = os.path.join(d, "t.tar." + mode)
    with tarfile.open(t, "w:" + mode) as tf: tf.add(os.path.join(d, "a"), arcname="a")
    with tarfile.open(t) as tf: print(mode, sorted(tf.getnames()), tf.extractfile("a/b/c.txt").read()[:6])
src = sqlite3.connect(":memory:"); src.execute("create table t(x)"); src.executemany("insert into t values(?)", [(i,) for i in range(1000)]); src.commit()
dst = sqlite3.connect(os.path.join(d, "b.db")); src.backup(dst, pages=3); print(dst.execute("select count(*), sum(x) from t").fetchone())
print(locale.setlocale(locale.LC_ALL, "C.UTF-8"), locale.localeconv()["decimal_point"], locale.strxfrm("b") > locale.strxfrm("a"))
try: locale.setlocale(locale.LC_ALL, "de_DE.UTF-8")
except locale.Error as e: print("locale.Error", e)
shutil.rmtree(d); print(os.path.exists(d))
import curses
try: curses.setupterm("nosuchterm", 1)
except curses.error as e: print("curses.error", e)
try: curses.initscr()
except curses.error as e: print("initscr", e)
P
python3 -c 'import curses; curses.setupterm("dumb", 1); print(curses.tigetnum("cols"), repr(curses.tigetstr("bel")))' 2>&1
