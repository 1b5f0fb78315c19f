# NumPy 1.24 (C loops for the ppc64le vector unit, VSX, chosen at run time
# from AT_HWCAP and AT_HWCAP2; reference BLAS and LAPACK, Fortran):
# elementwise arithmetic in every width (int8 wrapping, float16, float32,
# complex), reductions, sorting and argsort of 100000 values, unique,
# searchsorted, transcendental functions on float32 and float64, the
# seeded PCG64 generator and its distributions, matmul, einsum, linalg
# (solve, inv, det, eig, svd, qr, cholesky, lstsq, a singular matrix),
# FFT, polynomial fits, datetime64, structured arrays, memory maps, save
# and load, errors. Results are printed in full (repr) unless they come
# from BLAS/LAPACK, whose last bits depend on the order of operations.
python3 - <<'EOF'
import numpy as np, io, os
np.set_printoptions(precision=17, linewidth=120)
print(np.__version__)
a = np.arange(24, dtype=np.int8).reshape(4, 6)
print(a * 11, (a * 11).sum(), (a * 11).sum(dtype=np.int64), a.astype(np.uint8) - 30)
f = np.linspace(-3, 3, 13)
for t in (np.float16, np.float32, np.float64):
    x = f.astype(t)
    print(t.__name__, repr(x * x - x / 3), repr(np.sqrt(np.abs(x))), repr(x.sum()), repr(x.mean()))
for t in (np.float32, np.float64):
    x = np.linspace(-10, 10, 41, dtype=t)
    print(t.__name__, [repr(v) for v in (np.sin(x).sum(), np.cos(x)[7], np.exp(x / 4)[-1], np.log1p(np.abs(x))[3], np.tanh(x)[20], np.arctan2(x, 3)[9])])
    print(repr(np.exp(x[:8])), repr(np.log(np.abs(x[:8]))), repr(np.sin(x[:8])))
c = (np.arange(6) + 1j * np.arange(6)[::-1]).astype(np.complex64)
print(repr(c * c.conj()), repr(np.abs(c)), repr(c.prod()))
rng = np.random.default_rng(26)
v = rng.standard_normal(100000)
print(repr(v[:4]), repr(rng.integers(0, 100, 10)), repr(rng.uniform(size=3)), repr(rng.choice(10, 5, replace=False)), repr(rng.poisson(4, 6)))
s = np.sort(v); o = np.argsort(v, kind='stable')
print(repr(s[:3]), repr(s[-2:]), o[:5], bool((v[o] == s).all()), np.searchsorted(s, [0.0, 1.0]))
w = rng.integers(0, 50, 1000).astype(np.float32)
u, cnt = np.unique(w, return_counts=True)
print(len(u), cnt[:8], repr(np.median(w)), repr(np.percentile(v, [5, 50, 95])))
print(repr(np.sort(rng.random(10).astype(np.float32))), np.sort(rng.integers(-1000, 1000, 12, dtype=np.int16)))
m = np.arange(1, 10, dtype=float).reshape(3, 3) + np.eye(3)
print(m @ m, np.einsum('ij,jk->ik', m, m).sum(), np.einsum('ii', m), np.trace(m), np.kron(np.eye(2), [[1, 2]]))
print(np.round(np.linalg.solve(m, [1, 2, 3]), 10), round(np.linalg.det(m), 9), np.round(np.linalg.inv(m) @ m, 10))
print(np.round(np.sort(np.linalg.eigvals(m)), 9), np.round(np.linalg.svd(m, compute_uv=False), 9))
q, r = np.linalg.qr(m); print(np.allclose(q @ r, m), np.round(np.linalg.cholesky(m @ m.T), 6))
print(np.round(np.linalg.lstsq(np.vander(np.arange(5.0), 2), np.arange(5.0) * 2 + 1, rcond=None)[0], 9))
try:
    np.linalg.inv(np.ones((2, 2)))
except np.linalg.LinAlgError as e:
    print('LinAlgError:', e)
print(np.round(np.fft.fft(np.arange(8)), 9), np.round(np.fft.irfft(np.fft.rfft(np.arange(6.0))), 9))
print(np.round(np.polyfit(np.arange(6.0), np.arange(6.0) ** 2, 2), 9), np.polyval([1, 2, 3], 4), np.roots([1, -3, 2]))
d = np.arange('2024-02-27', '2024-03-02', dtype='datetime64[D]'); print(d, np.busday_count('2024-01-01', '2024-02-01'))
st = np.array([(1, 2.5, b'ab'), (2, -1.0, b'cd')], dtype=[('i', '<i4'), ('f', '>f8'), ('s', 'S2')])
print(st, st['f'].sum(), st.tobytes().hex(), np.sort(st, order='f')['i'])
b = io.BytesIO(); np.save(b, m); b.seek(0); print(np.array_equal(np.load(b), m))
mm = np.memmap('mm.dat', dtype=np.uint16, mode='w+', shape=(4, 4)); mm[:] = np.arange(16).reshape(4, 4); mm.flush(); del mm
print(np.fromfile('mm.dat', dtype=np.uint16).reshape(4, 4)[1:3], os.path.getsize('mm.dat'))
with np.errstate(divide='raise'):
    try:
        np.float64(1) / np.float64(0)
    except FloatingPointError as e:
        print('FloatingPointError:', e)
print(np.array([1.0, -1.0, 0.0]) / 0.0)
try:
    np.ones(3) + np.ones(4)
except ValueError as e:
    print('ValueError:', e)
print(np.iinfo(np.int64).max, np.finfo(np.float32).eps, np.finfo(np.longdouble).nmant, np.dtype(np.longdouble).itemsize)
print(repr(np.longdouble(1) / 3), np.little_endian)
np.nosuch
EOF
echo "numpy $?"
