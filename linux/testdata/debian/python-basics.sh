python3 -c '
import json, hashlib, re, decimal, sys
d = {"a": [1, 2, {"b": None}], "c": "x\u00e9", "f": 1.5}
s = json.dumps(d, sort_keys=True); print(s); print(json.loads(s) == d)
print(hashlib.sha256(b"abc").hexdigest()); print(hashlib.md5(b"abc").hexdigest()); print(hashlib.sha1(b"").hexdigest())
print(re.findall(r"(\w)(\d+)", "a12 b3 c"), re.sub(r"\s+", "_", "a  b   c"))
decimal.getcontext().prec = 30
print(decimal.Decimal(1) / decimal.Decimal(7), decimal.Decimal("1.1") + decimal.Decimal("2.2"))
print(sys.byteorder, sys.maxsize, 2**100, 0.1 + 0.2, float("nan") != float("nan"))
'
