package vec

import (
	"crypto/aes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
	"math/rand/v2"
	"testing"
	"unsafe"
)

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func vOf(b []byte) V {
	return V{Hi: binary.BigEndian.Uint64(b[:8]), Lo: binary.BigEndian.Uint64(b[8:16])}
}

func bytesOfV(v V) []byte {
	b := Bytes(v)
	return b[:]
}

// expandKey is the AES key expansion of FIPS-197 5.2, with SubWord done by
// the vsbox kernel. It returns the Nr+1 round keys.
func expandKey(key []byte) []V {
	nk := len(key) / 4
	nr := nk + 6
	w := make([]uint32, 4*(nr+1))
	for i := range nk {
		w[i] = binary.BigEndian.Uint32(key[4*i:])
	}
	rcon := uint32(0x01)
	for i := nk; i < len(w); i++ {
		t := w[i-1]
		subWord := func(x uint32) uint32 { return uint32(SBox(V{Lo: uint64(x)}).Lo) }
		if i%nk == 0 {
			t = subWord(t<<8|t>>24) ^ rcon<<24
			rcon = uint32(gmul(uint8(rcon), 2))
		} else if nk > 6 && i%nk == 4 {
			t = subWord(t)
		}
		w[i] = w[i-nk] ^ t
	}
	keys := make([]V, nr+1)
	for r := range keys {
		keys[r] = FromWords([4]uint32{w[4*r], w[4*r+1], w[4*r+2], w[4*r+3]})
	}
	return keys
}

// encrypt runs the cipher the way Power code does: AddRoundKey, Nr-1
// vcipher, one vcipherlast.
func encrypt(keys []V, in V) V {
	s := Xor(in, keys[0])
	for r := 1; r < len(keys)-1; r++ {
		s = Cipher(s, keys[r], false)
	}
	return Cipher(s, keys[len(keys)-1], true)
}

// decrypt is FIPS-197 5.3's inverse cipher with vncipher/vncipherlast.
func decrypt(keys []V, in V) V {
	n := len(keys) - 1
	s := Xor(in, keys[n])
	for r := n - 1; r > 0; r-- {
		s = InvCipher(s, keys[r], false)
	}
	return InvCipher(s, keys[0], true)
}

// FIPS-197 Appendix C: example vectors for AES-128, AES-192, AES-256.
func TestAESFIPS197(t *testing.T) {
	plain := mustHex(t, "00112233445566778899aabbccddeeff")
	for _, tc := range []struct{ key, cipher string }{
		{"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
		{"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
		{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},
	} {
		keys := expandKey(mustHex(t, tc.key))
		got := encrypt(keys, vOf(plain))
		if h := hex.EncodeToString(bytesOfV(got)); h != tc.cipher {
			t.Errorf("AES-%d encrypt = %s, want %s", 32*len(tc.key)/8, h, tc.cipher)
		}
		back := decrypt(keys, vOf(mustHex(t, tc.cipher)))
		if h := hex.EncodeToString(bytesOfV(back)); h != hex.EncodeToString(plain) {
			t.Errorf("AES-%d decrypt = %s, want %x", 32*len(tc.key)/8, h, plain)
		}
	}
	// FIPS-197 Appendix C.1 round 1: start of round 1 state after the
	// first vcipher with round key 1.
	keys := expandKey(mustHex(t, "000102030405060708090a0b0c0d0e0f"))
	s := Cipher(Xor(vOf(plain), keys[0]), keys[1], false)
	if h := hex.EncodeToString(bytesOfV(s)); h != "89d810e8855ace682d1843d8cb128fe4" {
		t.Errorf("round[2].start = %s", h)
	}
}

// Random keys and blocks against crypto/aes (the standard library as an
// independent reference).
func TestAESStdlib(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{16, 24, 32} {
		for range 20 {
			key := make([]byte, n)
			for i := range key {
				key[i] = byte(rng.Uint32())
			}
			blk := make([]byte, 16)
			for i := range blk {
				blk[i] = byte(rng.Uint32())
			}
			c, _ := aes.NewCipher(key)
			want := make([]byte, 16)
			c.Encrypt(want, blk)
			keys := expandKey(key)
			if got := bytesOfV(encrypt(keys, vOf(blk))); hex.EncodeToString(got) != hex.EncodeToString(want) {
				t.Fatalf("key %x block %x: %x, want %x", key, blk, got, want)
			}
			if got := bytesOfV(decrypt(keys, vOf(want))); hex.EncodeToString(got) != hex.EncodeToString(blk) {
				t.Fatalf("decrypt key %x: %x, want %x", key, got, blk)
			}
		}
	}
}

// sha256Digest is FIPS 180-4 6.2.2 with all four sigma functions computed
// by vshasigmaw (every lane the same function).
func sha256Digest(msg []byte) []byte {
	h := [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
	return shaDigest(msg, h, k256[:], func(x uint32, st bool, six uint) uint32 {
		return SHA256Sigma(FromWords([4]uint32{x, x, x, x}), st, six).Word(3)
	})
}

// sha512Digest is FIPS 180-4 6.4.2 with the sigma functions of vshasigmad.
func sha512Digest(msg []byte) []byte {
	h := [8]uint64{0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
		0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179}
	return shaDigest(msg, h, k512[:], func(x uint64, st bool, six uint) uint64 { return SHA512Sigma(V{Hi: x, Lo: x}, st, six).Lo })
}

// shaDigest is the FIPS 180-4 hash of msg with words W (SHA-256: 32 bits,
// 64-byte blocks; SHA-512: 64 bits, 128-byte blocks), initial value h,
// round constants k (one a round) and sig computing σ0, σ1 (st false) and
// Σ0, Σ1 (st true) as vshasigma's SIX 0 and 0xf select them.
func shaDigest[W uint32 | uint64](msg []byte, h [8]W, k []W, sig func(x W, st bool, six uint) W) []byte {
	size := int(unsafe.Sizeof(W(0)))
	word := func(b []byte) W {
		if size == 4 {
			return W(binary.BigEndian.Uint32(b))
		}
		return W(binary.BigEndian.Uint64(b))
	}
	l := uint64(len(msg)) * 8
	msg = append(msg, 0x80)
	for len(msg)%(16*size) != 14*size {
		msg = append(msg, 0)
	}
	if size == 8 {
		msg = binary.BigEndian.AppendUint64(msg, 0) // the length's high half
	}
	msg = binary.BigEndian.AppendUint64(msg, l)
	for len(msg) > 0 {
		w := make([]W, len(k))
		for i := range 16 {
			w[i] = word(msg[size*i:])
		}
		for i := 16; i < len(k); i++ {
			w[i] = sig(w[i-2], false, 0xf) + w[i-7] + sig(w[i-15], false, 0) + w[i-16]
		}
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for i := range k {
			t1 := hh + sig(e, true, 0xf) + (e&f ^ ^e&g) + k[i] + w[i]
			t2 := sig(a, true, 0) + (a&b ^ a&c ^ b&c)
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		for i, v := range [8]W{a, b, c, d, e, f, g, hh} {
			h[i] += v
		}
		msg = msg[16*size:]
	}
	out := make([]byte, 0, 8*size)
	for _, v := range h {
		if size == 4 {
			out = binary.BigEndian.AppendUint32(out, uint32(v))
		} else {
			out = binary.BigEndian.AppendUint64(out, uint64(v))
		}
	}
	return out
}

// FIPS 180-4 (examples in the NIST CSRC "SHA256.pdf"/"SHA512.pdf"): "abc".
func TestSHADigests(t *testing.T) {
	if got := hex.EncodeToString(sha256Digest([]byte("abc"))); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Errorf("SHA-256(abc) = %s", got)
	}
	if got := hex.EncodeToString(sha512Digest([]byte("abc"))); got != "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" {
		t.Errorf("SHA-512(abc) = %s", got)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 300; n += 37 {
		m := make([]byte, n)
		for i := range m {
			m[i] = byte(rng.Uint32())
		}
		w256, w512 := sha256.Sum256(m), sha512.Sum512(m)
		if hex.EncodeToString(sha256Digest(m)) != hex.EncodeToString(w256[:]) {
			t.Errorf("SHA-256 of %d bytes differs from crypto/sha256", n)
		}
		if hex.EncodeToString(sha512Digest(m)) != hex.EncodeToString(w512[:]) {
			t.Errorf("SHA-512 of %d bytes differs from crypto/sha512", n)
		}
	}
}

// Mixed lanes: each word/doubleword uses its own SIX bit.
func TestSHASigmaLanes(t *testing.T) {
	x := uint32(0x12345678)
	in := FromWords([4]uint32{x, x, x, x})
	s0 := SHA256Sigma(in, false, 0).Word(0)
	s1 := SHA256Sigma(in, false, 0xf).Word(0)
	got := SHA256Sigma(in, false, 0b1010)
	if got.Word(0) != s1 || got.Word(1) != s0 || got.Word(2) != s1 || got.Word(3) != s0 {
		t.Errorf("vshasigmaw six=1010 = %08x", Words(got))
	}
	d := V{Hi: 0x0123456789abcdef, Lo: 0x0123456789abcdef}
	a := SHA512Sigma(d, true, 0b1000)
	b := SHA512Sigma(d, true, 0b0010)
	if a.Hi != b.Lo || a.Lo != b.Hi || a.Hi == a.Lo {
		t.Errorf("vshasigmad six bits 0 and 2 select doublewords 0 and 1: %x %x", a, b)
	}
}

var k256 = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

var k512 = [80]uint64{
	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
	0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
	0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
	0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
	0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
	0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
	0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
	0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
	0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
	0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
	0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
}

// polyMod reduces the polynomial given as big-endian bytes (most
// significant coefficient first) modulo the 33-bit polynomial p: plain
// long division, independent of the kernels.
func polyMod(b []byte, p uint64) uint32 {
	var r uint64
	for _, x := range b {
		for i := 7; i >= 0; i-- {
			r = r<<1 | uint64(x>>i&1)
			if r>>32 != 0 {
				r ^= p
			}
		}
	}
	return uint32(r)
}

// xPowMod is x^n mod p.
func xPowMod(n int, p uint64) uint64 {
	r := uint64(1)
	for range n {
		r <<= 1
		if r>>32 != 0 {
			r ^= p
		}
	}
	return r
}

// CRC-32 (IEEE) by folding 128-bit blocks with vpmsumd, against
// hash/crc32. In the bit-reversed-byte (MSB-first) domain the CRC is
// reflect32((M·x^32 + ~0·x^len) mod P) ^ ~0; folding replaces acc·x^128
// by acc.hi·(x^192 mod P) + acc.lo·(x^128 mod P), one vpmsumd.
func TestCRC32Folding(t *testing.T) {
	const p = 0x104c11db7 // the CRC-32 polynomial, MSB-first, with x^32
	k1, k2 := xPowMod(192, p), xPowMod(128, p)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{16, 32, 64, 256, 1024} {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(rng.Uint32())
		}
		m := make([]byte, n)
		for i, b := range msg {
			m[i] = reverse8(b)
		}
		for i := range 4 {
			m[i] ^= 0xff // the initial value ~0
		}
		acc := vOf(m[:16])
		for off := 16; off < n; off += 16 {
			acc = Xor(PolyMultiplySum(acc, V{Hi: k1, Lo: k2}, 8), vOf(m[off:off+16]))
		}
		tail := append(bytesOfV(acc), 0, 0, 0, 0) // × x^32
		got := reverse32(polyMod(tail, p)) ^ 0xffffffff
		if want := crc32.ChecksumIEEE(msg); got != want {
			t.Errorf("%d bytes: folded CRC %08x, hash/crc32 %08x", n, got, want)
		}
	}
}

func reverse8(b byte) byte {
	var r byte
	for i := range 8 {
		r |= (b >> i & 1) << (7 - i)
	}
	return r
}

func reverse32(x uint32) uint32 {
	var r uint32
	for i := range 32 {
		r |= (x >> i & 1) << (31 - i)
	}
	return r
}
