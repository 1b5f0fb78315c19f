# Python's data formats and numbers: struct, array and ctypes in both
# byte orders, float repr/hex/format of edge values and their parsing,
# math's libm results, decimal at 50 digits, fractions, statistics;
# xml.etree, html.parser, email's MIME building and parsing, csv
# dialects, argparse's errors on stderr, logging to rotating files.
cat > n.py <<'P'
import struct, array, ctypes, sys, math, decimal, fractions, statistics, cmath
vals = [0.0, -0.0, 1.0, 0.1, 1/3, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, float("inf"), float("nan"), 1e23, 123456789.125]
for v in vals:
    print(repr(v), v.hex(), "%.17g" % v, "{:e}".format(v), "{:.3%}".format(v) if math.isfinite(v) else "-", struct.pack(">d", v).hex(), struct.pack("<f", v).hex() if abs(v) < 3e38 or not math.isfinite(v) else "big")
for s in ["1e-400", "-1e400", "0x1.8p3", "  12.5  ", "1_000.5", "nan", "-nan", "InFiNiTy", "4.9e-324", "2.4703282292062328e-324", "2.4703282292062327e-324", "9007199254740993", "1.00000000000000011102230246251565404236316680908203125"]:
    try: f = float(s) if not s.startswith("0x") else float.fromhex(s); print(repr(s), repr(f), f.hex())
    except ValueError as e: print(repr(s), "ValueError", e)
print(struct.pack("<hHiIqQ?xcbB", -2, 65535, -3, 4000000000, -5, 2**64-1, True, b"z", -128, 255).hex())
print(struct.pack(">hHiIqQ?xcbB", -2, 65535, -3, 4000000000, -5, 2**64-1, True, b"z", -128, 255).hex())
print(struct.pack("@bhiq", 1, 2, 3, 4).hex(), struct.calcsize("@bhiq"), struct.calcsize("=bhiq"), struct.pack("e", 1.5).hex(), struct.unpack("<e", b"\x00\x7c"), struct.unpack(">e", b"\x3c\x01"))
print(struct.unpack("!4sxH", b"abcd\x00\x01\x02"), struct.pack("5p", b"hi").hex(), struct.iter_unpack("<H", b"\x01\x00\x02\x00").__next__())
for fmt in ["<i", ">Q", "<x"]:
    try: struct.pack(fmt, -1 if "Q" in fmt else 2**31)
    except struct.error as e: print(fmt, "error", e)
a = array.array("i", range(5)); b = array.array("d", [1.5, -2.25]); print(a.tobytes().hex(), b.tobytes().hex()); a.byteswap(); b.byteswap(); print(a.tobytes().hex(), list(b)); print(array.array("u", "héllo").tobytes().hex(), array.array("b", b"\xff\x01").tolist())
class P(ctypes.Structure): _fields_ = [("a", ctypes.c_uint8), ("b", ctypes.c_uint32), ("c", ctypes.c_double), ("d", ctypes.c_uint16, 3), ("e", ctypes.c_uint16, 9)]
class B(ctypes.BigEndianStructure): _fields_ = [("a", ctypes.c_uint16), ("b", ctypes.c_uint32), ("f", ctypes.c_uint8, 3), ("g", ctypes.c_uint8, 5)]
class L(ctypes.LittleEndianStructure): _fields_ = [("a", ctypes.c_uint16), ("b", ctypes.c_uint32), ("f", ctypes.c_uint8, 3), ("g", ctypes.c_uint8, 5)]
p = P(1, 2, 3.5, 5, 300); bb = B(0x102, 0x3040506, 5, 17); ll = L(0x102, 0x3040506, 5, 17)
print(ctypes.sizeof(P), P.c.offset, bytes(p).hex(), bytes(bb).hex(), bytes(ll).hex(), ctypes.sizeof(ctypes.c_longdouble), ctypes.alignment(ctypes.c_longdouble))
u = (ctypes.c_uint32 * 2).from_buffer_copy(b"\x01\x00\x00\x00\x00\x00\x00\x80"); print(list(u), ctypes.c_int8(200).value, ctypes.c_uint16(-1).value, ctypes.c_float(0.1).value, sys.byteorder)
libm = ctypes.CDLL("libm.so.6"); libm.cbrt.restype = ctypes.c_double; libm.cbrt.argtypes = [ctypes.c_double]; libm.ldexpf.restype = ctypes.c_float; libm.ldexpf.argtypes = [ctypes.c_float, ctypes.c_int]; print(libm.cbrt(27.0), libm.cbrt(-2.0), libm.ldexpf(1.5, 10))
print([f"{f(x):.17g}" for f in (math.sin, math.cos, math.tan, math.exp, math.log, math.log2, math.log10, math.sqrt, math.atan, math.asinh, math.erf, math.gamma, math.lgamma, math.expm1, math.log1p) for x in (0.5, 3.7)])
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.hypot(3e200, 4e200), math.frexp(1e-310), math.ldexp(1, -1074), math.nextafter(1, 2), math.ulp(1e300), math.remainder(10, 3), math.fmod(-10, 3), math.copysign(0, -1), math.isqrt(10**40 + 1), math.comb(60, 30), math.factorial(25), round(2.675, 2), round(0.5), round(1.5), round(-2.5), 7 // -2, -7 % 3, divmod(-7.5, 2), 2 ** -1074, 10 ** 0.5, pow(3, -1, 7))
for bad in (lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.exp(1000), lambda: 1 / 0.0, lambda: float("1e") ):
    try: bad()
    except (ValueError, OverflowError, ZeroDivisionError) as e: print(type(e).__name__, e)
print(cmath.sqrt(-4), cmath.exp(1j * math.pi), cmath.phase(-1 - 0j), complex("1+2j") ** 2)
print(int("123_456"), int("ff", 16), int("-0b101", 0), (2**100).to_bytes(13, "big").hex(), int.from_bytes(b"\x01\x02", "little"), (-1).to_bytes(2, "little", signed=True), hex(2**64 // 3), 10**30 // 7, (10**20).bit_length(), format(1234567.891, ",.2f"), format(255, "#010b"), format(-0.0, "+.1f"), format(1e100, ".3g"), format(12345.6789, "_.3e"))
decimal.getcontext().prec = 50; D = decimal.Decimal
print(D(1) / D(7), D(2).sqrt(), D(10).ln(), D("1.1").exp(), D("123.456").quantize(D("0.01"), rounding=decimal.ROUND_HALF_EVEN), D("2.5").to_integral_value(), D(0.1), D("1e-5000") * D("1e-5000"), D("NaN").is_nan(), D("-0") == 0)
ctx = decimal.Context(prec=5, traps=[decimal.Inexact]);
try: ctx.divide(D(1), D(3))
except decimal.Inexact: print("Inexact trapped")
try: D(1) / D(0)
except decimal.DivisionByZero as e: print("DivisionByZero", e)
F = fractions.Fraction; print(F(3, 4) + F(5, 6), F(0.1), F("3.1415926535").limit_denominator(1000), F(1, 3) ** 2, float(F(22, 7)), F(7, -14), round(F(5, 2)))
print(statistics.mean([1, 2, 3.5]), statistics.median([5, 1, 4, 2]), statistics.stdev([2, 4, 4, 4, 5, 5, 7, 9]), statistics.pvariance([1.5, 2.5, 2.5, 2.75]), statistics.fmean([1e307, 3e307]), statistics.geometric_mean([1, 10, 100]), statistics.quantiles(range(1, 101), n=4), statistics.mode("abracadabra"), statistics.NormalDist(100, 15).cdf(130), statistics.correlation([1, 2, 3, 4], [2, 4, 5, 9]), statistics.linear_regression([1, 2, 3], [2, 4, 7]))
P
python3 n.py
cat > t.py <<'P'
import re, xml.etree.ElementTree as ET, html.parser, csv, io, argparse, logging, logging.handlers, sys, os, email, email.policy, json
from email.message import EmailMessage
root = ET.fromstring('<?xml version="1.0"?><lib xmlns:x="urn:x"><book id="2" x:lang="en"><t>Go &amp; C</t><p>12.50</p></book><book id="1"><t>Perl</t><p>3</p><!-- c --></book><![CDATA[<raw>]]></lib>')
for b in sorted(root.iter("book"), key=lambda e: int(e.get("id"))): print(b.get("id"), b.findtext("t"), float(b.findtext("p")) * 2, b.attrib)
print(root.findall(".//book[@id='2']/t")[0].text, [e.tag for e in root.iter()], repr(root.text))
n = ET.SubElement(root, "new", a="<&\">"); n.text = "é\u00e9 ü"; ET.indent(root); print(ET.tostring(root, encoding="unicode")); print(ET.tostring(n, encoding="utf-8").hex())
for ev, el in ET.iterparse(io.BytesIO(b"<a><b>1</b><b>2</b></a>"), events=("start", "end")): print(ev, el.tag, el.text)
try: ET.fromstring("<a><b></a>")
except ET.ParseError as e: print("ParseError", e, e.position)
class H(html.parser.HTMLParser):
    def handle_starttag(self, t, a): print("start", t, a)
    def handle_endtag(self, t): print("end", t)
    def handle_data(self, d): print("data", repr(d)) if d.strip() else None
    def handle_entityref(self, n): print("entity", n)
    def handle_comment(self, c): print("comment", repr(c))
H(convert_charrefs=True).feed('<html><body class=x id="y"><p>a &amp; b &#233; &lt;<br/><img src=a.png alt></p><!-- note --><script>if (a<b) x()</script></body>')
m = EmailMessage(); m["From"] = "Ann <ann@example.org>"; m["To"] = "bob@example.org"; m["Subject"] = "Grüße — über Ümlaute and a long subject line that must be folded somewhere along the way"
m["Date"] = "Sun, 06 Dec 2026 01:00:00 +0000"; m["Message-ID"] = "<1@example.org>"; m.set_content("Hallo Welt, ça va?\n" + "x" * 100 + "\n")
m.add_alternative("<p>Hallo</p>", subtype="html"); m.add_attachment(bytes(range(256)), maintype="application", subtype="octet-stream", filename="data.bin")
s = m.as_string(); print(re.sub(r"={15}[0-9]+==", "BOUNDARY", s))
r = email.message_from_string(s, policy=email.policy.default); print(r["subject"], [p.get_content_type() for p in r.walk()], len(r.get_payload()[1].get_content()), r.get_body(("plain",)).get_content()[:10])
print(email.utils.parseaddr("Bob Q <bob@x.org>"), email.utils.formataddr(("Zoë", "z@x.org")), email.header.decode_header("=?utf-8?q?caf=C3=A9?="), email.utils.parsedate_to_datetime("Tue, 1 Jul 2003 10:52:37 +0200"))
for d in ("excel", "excel-tab", "unix"):
    o = io.StringIO(); w = csv.writer(o, dialect=d); w.writerow(["a,b", 'q"t', "nl\nx", 1.5, None, ""]); print(d, repr(o.getvalue()))
print(list(csv.reader(['a,"b,c",d', '"x""y",,"multi', 'line"'])), list(csv.DictReader(io.StringIO("k;v\n1;2\n3"), delimiter=";")), csv.Sniffer().sniff("a|b|c\n1|2|3\n").delimiter)
try: list(csv.reader(['a,"b'], strict=True))
except csv.Error as e: print("csv.Error", e)
p = argparse.ArgumentParser(prog="tool", description="demo"); p.add_argument("n", type=int); p.add_argument("--mode", choices=["a", "b"], default="a"); p.add_argument("-v", action="count", default=0); g = p.add_mutually_exclusive_group(); g.add_argument("--x", action="store_true"); g.add_argument("--y", action="store_true")
print(p.parse_args(["3", "-vv", "--mode=b"])); p.print_help()
for argv in (["x"], ["1", "--mode", "c"], ["1", "--x", "--y"], [], ["1", "--bogus"]):
    try: p.parse_args(argv)
    except SystemExit as e: print("exit", e.code, file=sys.stderr)
log = logging.getLogger("app"); log.setLevel(logging.DEBUG); h = logging.handlers.RotatingFileHandler("app.log", maxBytes=200, backupCount=2); h.setFormatter(logging.Formatter("%(levelname)s:%(name)s:%(message)s")); log.addHandler(h)
e = logging.StreamHandler(sys.stderr); e.setLevel(logging.WARNING); log.addHandler(e)
for i in range(12): log.info("message number %d with %s", i, "padding" * 2)
log.warning("a warning %r", {"k": 1}); log.debug("dbg")
try: 1 / 0
except ZeroDivisionError: log.exception("failed")
h.close(); print(sorted(os.listdir(".")), open("app.log").read().splitlines()[0], open("app.log.1").read().count("\n"))
print(json.dumps({"f": [0.1, 1e300, -0.0, 1e-7, 2**70], "s": "é\u2028\ud83d\ude00"}, sort_keys=True), json.loads("[1e400, -1e-400, 1.0000000000000002, 12345678901234567890]"), json.dumps(float("nan")))
try: json.loads('{"a": 1,}')
except json.JSONDecodeError as e: print("JSONDecodeError", e)
P
python3 t.py 2>err; echo "status $?"; sed 's/File "[^"]*"/File F/' err
