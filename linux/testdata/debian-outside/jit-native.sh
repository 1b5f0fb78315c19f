# libffi closures (ctypes callbacks) and pcre2's JIT (grep -P) beside ripgrep's regex engine.
python3 -c '
import ctypes
libc = ctypes.CDLL("libc.so.6")
CMP = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))
arr = (ctypes.c_int * 10)(5, 3, 9, 1, 7, 2, 8, 6, 4, 0)
libc.qsort(arr, 10, 4, CMP(lambda a, b: a[0] - b[0]))
print(list(arr))
DCB = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_double, ctypes.c_int, ctypes.c_float)
print(DCB(lambda x, n, y: x * n + y)(1.5, 3, ctypes.c_float(0.25)))
'
seq 200000 | sed 's/$/ abc-123 xyz/' > big.txt
grep -P -c '(\d)\1|^(1+)2' big.txt; grep -P -o '\b\d{6}\b' big.txt | tail -2
rg -c '(?P<x>\d)(?P=x)' big.txt 2>&1; rg -c '[0-9]{2}[5-7] abc' big.txt
