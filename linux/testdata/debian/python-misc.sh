python3 -c '
import os, tempfile, struct, zlib, math, collections, itertools, functools, datetime, io, sqlite3
with tempfile.TemporaryDirectory() as d:
    p = os.path.join(d, "f"); open(p, "w").write("abc"); print(os.path.getsize(p), sorted(os.listdir(d)))
print(struct.pack("<IH", 1, 2), struct.unpack(">d", struct.pack(">d", 1.5)))
print(zlib.crc32(b"hello"), len(zlib.compress(b"a" * 1000)))
print(math.sqrt(2), math.factorial(20), math.gcd(12, 18), math.log(10))
print(collections.Counter("abracadabra").most_common(2), list(itertools.permutations("abc", 2))[:3])
print(functools.reduce(lambda a, b: a * b, range(1, 10)), datetime.date(2020, 2, 29) + datetime.timedelta(days=1))
c = sqlite3.connect(":memory:"); c.execute("create table t(x)"); c.executemany("insert into t values (?)", [(i,) for i in range(10)]); print(c.execute("select sum(x) from t").fetchone())
'
