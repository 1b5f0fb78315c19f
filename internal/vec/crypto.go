package vec

import "math/bits"

// Cryptography support (Power ISA 3.1B Book I 6.11): AES rounds, SHA-2
// sigma functions and polynomial (carry-less) multiply-sum.
//
// AES state: byte i of the register is the state byte of row i mod 4 and
// column i / 4 (FIPS-197 3.4: the input block in order, column by column).

// gmul multiplies in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS-197 4.2).
func gmul(a, b uint8) uint8 {
	var p uint8
	for b != 0 {
		if b&1 != 0 {
			p ^= a
		}
		hi := a & 0x80
		a <<= 1
		if hi != 0 {
			a ^= 0x1b
		}
		b >>= 1
	}
	return p
}

// sbox and invSbox are built from their definition (FIPS-197 5.1.1): the
// multiplicative inverse in GF(2^8) (0 for 0) followed by the affine
// transformation b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^ rotl(b,4) ^ 0x63.
var sbox, invSbox = func() (s, inv [256]uint8) {
	for x := range 256 {
		// x^254 is the inverse of x ≠ 0 (the group has order 255) and 0 for 0.
		b, p := uint8(1), uint8(x)
		for e := 254; e != 0; e >>= 1 {
			if e&1 != 0 {
				b = gmul(b, p)
			}
			p = gmul(p, p)
		}
		v := b ^ bits.RotateLeft8(b, 1) ^ bits.RotateLeft8(b, 2) ^ bits.RotateLeft8(b, 3) ^ bits.RotateLeft8(b, 4) ^ 0x63
		s[x] = v
		inv[v] = uint8(x)
	}
	return s, inv
}()

func subBytes(s *[16]uint8, box *[256]uint8) {
	for i := range s {
		s[i] = box[s[i]]
	}
}

// shiftRowsFrom[i] is the byte ShiftRows moves to byte i (row i mod 4
// rotated left by its row number), and invShiftRowsFrom the inverse.
var shiftRowsFrom, invShiftRowsFrom = func() (f, inv [16]uint8) {
	for row := range 4 {
		for c := range 4 {
			f[row+4*c] = uint8(row + 4*((c+row)&3))
			inv[row+4*c] = uint8(row + 4*((c-row+4)&3))
		}
	}
	return f, inv
}()

// shiftRows rotates row r left by r columns (inverse: right).
func shiftRows(s [16]uint8, inverse bool) (r [16]uint8) {
	from := &shiftRowsFrom
	if inverse {
		from = &invShiftRowsFrom
	}
	for i := range r {
		r[i] = s[from[i]]
	}
	return r
}

// mulTab[k][x] is gmul(x, k) for the MixColumns coefficients.
var mulTab = func() (t [15][256]uint8) {
	for _, k := range []uint8{1, 2, 3, 9, 11, 13, 14} {
		for x := range 256 {
			t[k][x] = gmul(uint8(x), k)
		}
	}
	return t
}()

// mixColumns multiplies each column by the MixColumns matrix (FIPS-197
// 5.1.3: rows 2 3 1 1 rotated) or its inverse (5.3.3: 14 11 13 9).
func mixColumns(s *[16]uint8, inverse bool) {
	k0, k1, k2, k3 := &mulTab[2], &mulTab[3], &mulTab[1], &mulTab[1]
	if inverse {
		k0, k1, k2, k3 = &mulTab[14], &mulTab[11], &mulTab[13], &mulTab[9]
	}
	for c := 0; c < 16; c += 4 {
		a0, a1, a2, a3 := s[c], s[c+1], s[c+2], s[c+3]
		s[c] = k0[a0] ^ k1[a1] ^ k2[a2] ^ k3[a3]
		s[c+1] = k0[a1] ^ k1[a2] ^ k2[a3] ^ k3[a0]
		s[c+2] = k0[a2] ^ k1[a3] ^ k2[a0] ^ k3[a1]
		s[c+3] = k0[a3] ^ k1[a0] ^ k2[a1] ^ k3[a2]
	}
}

// Cipher is vcipher (last = false) and vcipherlast: SubBytes, ShiftRows,
// MixColumns (not for the last round) of the state a, then AddRoundKey b.
func Cipher(a, b V, last bool) V {
	s := Bytes(a)
	subBytes(&s, &sbox)
	s = shiftRows(s, false)
	if !last {
		mixColumns(&s, false)
	}
	return Xor(FromBytes(s), b)
}

// InvCipher is vncipher (last = false) and vncipherlast: InvShiftRows,
// InvSubBytes, AddRoundKey b, then InvMixColumns (not for the last round).
func InvCipher(a, b V, last bool) V {
	s := shiftRows(Bytes(a), true)
	subBytes(&s, &invSbox)
	k := Bytes(b)
	for i := range s {
		s[i] ^= k[i]
	}
	if !last {
		mixColumns(&s, true)
	}
	return FromBytes(s)
}

// SBox is vsbox: SubBytes of a.
func SBox(a V) V {
	s := Bytes(a)
	subBytes(&s, &sbox)
	return FromBytes(s)
}

// SHA256Sigma is vshasigmaw: for word i, with st = 0 the message-schedule
// functions σ0 (six bit i = 0) or σ1, with st = 1 the compression
// functions Σ0 or Σ1 (FIPS 180-4 4.1.2). Bit i of six counts from its most
// significant of four bits.
func SHA256Sigma(a V, st bool, six uint) V {
	x := Words(a)
	for i := range x {
		v := x[i]
		one := six>>(3-uint(i))&1 != 0
		r := bits.RotateLeft32
		switch {
		case !st && !one:
			v = r(v, -7) ^ r(v, -18) ^ v>>3
		case !st && one:
			v = r(v, -17) ^ r(v, -19) ^ v>>10
		case st && !one:
			v = r(v, -2) ^ r(v, -13) ^ r(v, -22)
		default:
			v = r(v, -6) ^ r(v, -11) ^ r(v, -25)
		}
		x[i] = v
	}
	return FromWords(x)
}

// SHA512Sigma is vshasigmad: for doubleword i, six bit 2i selects as in
// SHA256Sigma between the SHA-512 functions (FIPS 180-4 4.1.3).
func SHA512Sigma(a V, st bool, six uint) V {
	f := func(v uint64, one bool) uint64 {
		r := bits.RotateLeft64
		switch {
		case !st && !one:
			return r(v, -1) ^ r(v, -8) ^ v>>7
		case !st && one:
			return r(v, -19) ^ r(v, -61) ^ v>>6
		case st && !one:
			return r(v, -28) ^ r(v, -34) ^ r(v, -39)
		}
		return r(v, -14) ^ r(v, -18) ^ r(v, -41)
	}
	return V{Hi: f(a.Hi, six&8 != 0), Lo: f(a.Lo, six&2 != 0)}
}

// clmul64 is the carry-less product of two 64-bit values.
func clmul64(x, y uint64) V {
	var r V
	for i := uint(0); y != 0; i++ {
		if y&1 != 0 {
			r = Xor(r, shl128(V{Lo: x}, i))
		}
		y >>= 1
	}
	return r
}

// PolyMultiplySum is vpmsumb, vpmsumh, vpmsumw, vpmsumd (w = 1, 2, 4, 8):
// each double-width element is the XOR of the carry-less products of the
// two pairs of w-byte elements of a and b it covers.
func PolyMultiplySum(a, b V, w int) V {
	if w == 8 {
		return Xor(clmul64(a.Hi, b.Hi), clmul64(a.Lo, b.Lo))
	}
	x, n := elems(a, w)
	y, _ := elems(b, w)
	var r [16]uint64
	for i := 0; i < n/2; i++ {
		r[i] = clmul64(x[2*i], y[2*i]).Lo ^ clmul64(x[2*i+1], y[2*i+1]).Lo
	}
	return fromElems(&r, 2*w)
}
