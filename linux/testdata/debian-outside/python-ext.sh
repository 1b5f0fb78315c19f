# Python 3.11's C and Rust extension modules: lxml 4.9 (libxml2 and
# libxslt: parsing, XPath, an XSLT transform, the iterparse of a larger
# document, a syntax error), PyYAML 6 with its C loader and dumper
# (libyaml), cryptography 38 (Rust and OpenSSL: hashes, HMAC, AES-GCM and
# ChaCha20-Poly1305 with fixed keys and nonces, Ed25519 and X25519 from
# fixed private bytes, PBKDF2, a tampered tag), Pillow 9.4 (an image drawn,
# filtered, resized, rotated, saved to PNG, JPEG and GIF and read back,
# its statistics).
cat > x.py <<'E'
from lxml import etree
doc = etree.fromstring(b'<lib><book id="1" y="1999"><t>A</t></book><book id="2" y="2005"><t>B</t></book></lib>')
print([b.get('id') for b in doc.xpath('//book[@y > 2000]')], doc.xpath('count(//t)'), doc.xpath('string(//book[1]/t)'))
x = etree.XSLT(etree.XML(b'<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:output method="text"/><xsl:template match="/"><xsl:for-each select="//book"><xsl:sort select="@y" order="descending"/><xsl:value-of select="t"/>:<xsl:value-of select="@y"/>;</xsl:for-each></xsl:template></xsl:stylesheet>'))
print(str(x(doc)))
print(etree.tostring(doc[0], pretty_print=True).decode(), end='')
import io
big = b'<r>' + b''.join(b'<i n="%d">%d</i>' % (k, k * k) for k in range(20000)) + b'</r>'
print(sum(int(e.text) for _, e in etree.iterparse(io.BytesIO(big), tag='i')))
try:
    etree.fromstring(b'<a><b></a>')
except etree.XMLSyntaxError as e:
    print('syntax', e.msg if hasattr(e, 'msg') else e)
import yaml
d = yaml.load('a: 1\nb: [x, y, {c: 2.5}]\nd: !!binary aGVsbG8=\ne: 2001-12-14\n', Loader=yaml.CLoader)
print(d)
print(yaml.dump({'k': [1, 2, {'z': None}], 's': 'multi\nline'}, Dumper=yaml.CDumper, sort_keys=True), end='')
print(len(list(yaml.load_all('---\na: 1\n---\nb: 2\n', Loader=yaml.CSafeLoader))))
try:
    yaml.load('a: [1, 2', Loader=yaml.CSafeLoader)
except yaml.YAMLError as e:
    print('yaml error', type(e).__name__)
from cryptography.hazmat.primitives import hashes, hmac
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
from cryptography.hazmat.primitives.asymmetric import ed25519, x25519
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC
from cryptography.hazmat.primitives import serialization
import cryptography
h = hashes.Hash(hashes.SHA3_256()); h.update(b'abc'); print(h.finalize().hex())
m = hmac.HMAC(b'k' * 32, hashes.SHA512()); m.update(b'msg'); print(m.finalize().hex()[:32])
ct = AESGCM(bytes(range(32))).encrypt(bytes(12), b'secret text', b'aad'); print(ct.hex())
print(AESGCM(bytes(range(32))).decrypt(bytes(12), ct, b'aad'))
try:
    AESGCM(bytes(range(32))).decrypt(bytes(12), ct[:-1] + bytes([ct[-1] ^ 1]), b'aad')
except cryptography.exceptions.InvalidTag:
    print('invalid tag')
print(ChaCha20Poly1305(bytes(32)).encrypt(bytes(12), b'chacha', None).hex())
sk = ed25519.Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
sig = sk.sign(b'message'); print(sig.hex()[:40]); sk.public_key().verify(sig, b'message'); print('verified')
a = x25519.X25519PrivateKey.from_private_bytes(bytes([1] * 32)); b = x25519.X25519PrivateKey.from_private_bytes(bytes([2] * 32))
print(a.exchange(b.public_key()) == b.exchange(a.public_key()), a.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()[:16])
print(PBKDF2HMAC(hashes.SHA256(), 32, b'salt', 10000).derive(b'password').hex())
from PIL import Image, ImageDraw, ImageFilter, ImageStat, ImageOps
im = Image.new('RGB', (120, 80), (10, 20, 30)); dr = ImageDraw.Draw(im)
dr.rectangle((10, 10, 60, 50), fill=(200, 50, 50)); dr.ellipse((50, 20, 110, 70), outline=(0, 255, 0), width=3); dr.line((0, 79, 119, 0), fill=(255, 255, 0), width=2)
im2 = im.filter(ImageFilter.GaussianBlur(2)).resize((60, 40), Image.LANCZOS).rotate(30, expand=True)
print(im2.size, [round(v, 3) for v in ImageStat.Stat(im2).mean])
im.save('a.png'); im.save('a.jpg', quality=85); ImageOps.grayscale(im).save('a.gif')
for f in ('a.png', 'a.jpg', 'a.gif'):
    r = Image.open(f); r.load(); print(f, r.format, r.mode, r.size, sum(r.convert('L').histogram()[:100]))
import hashlib
print(hashlib.md5(Image.open('a.png').tobytes()).hexdigest(), hashlib.md5(im.tobytes()).hexdigest())
E
python3 x.py; echo "python $?"
python3 -c 'import yaml, sys; yaml.safe_dump(yaml.safe_load(sys.stdin), sys.stdout)' <<'E'
list: [3, 1, 2]
map: {b: 1, a: 2}
E
