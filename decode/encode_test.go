package decode

import (
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// randOperand returns a random value of the operand field f, drawn from its
// full range with Decode's conventions for the value.
func randOperand(r *rand.Rand, f *encField) int64 {
	bits := 0
	for _, b := range f.Fields[:f.N] {
		bits += int(b.Bits)
	}
	raw := int64(r.Uint64() & (1<<bits - 1))
	switch f.Mode {
	case encSigned:
		raw = raw << (64 - bits) >> (64 - bits)
	case encNegative:
		raw -= 1 << bits
	case encPair:
		return raw * 2
	}
	return raw << f.Shift
}

// TestEncodeReference encodes every op of the table with random operands and
// decodes the result with ppc64asm, the reference decoder: it must give the
// same op and the same operands. An op that ppc64asm decodes as another op
// is accepted only when that op's encoding claims the bits (an earlier form
// of ppc64asm's table, see Encoding); ops that never come out as themselves
// are logged.
func TestEncodeReference(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 9))
	const trials = 40
	covered, skipped := 0, 0
	for op := Op(1); int(op) < NumOps; op++ {
		if _, _, _, ok := Encoding(op); !ok {
			continue
		}
		self := 0
		claimed := map[Op]bool{}
		for range trials {
			var args []int64
			for _, i := range encOps[op] {
				if i == 0 {
					break
				}
				args = append(args, randOperand(r, &encFields[i]))
			}
			w, s, err := Encode(op, args...)
			if err != nil {
				t.Fatalf("Encode(%v, %d) = %v", op, args, err)
			}
			var src [8]byte
			binary.BigEndian.PutUint32(src[0:], w)
			binary.BigEndian.PutUint32(src[4:], s)
			n := 4
			if IsPrefix(w) {
				n = 8
			} else if s != 0 {
				t.Fatalf("Encode(%v, %d): suffix %#x for a word that is not a prefix", op, args, s)
			}
			pi, err := ppc64asm.Decode(src[:n], binary.BigEndian)
			if err != nil {
				t.Fatalf("Encode(%v, %d) = %#08x %#08x: ppc64asm: %v", op, args, w, s, err)
			}
			if pi.Op != op {
				m, v, _, _ := Encoding(pi.Op)
				if (uint64(w)<<32|uint64(s))&m != v {
					t.Fatalf("Encode(%v, %d) = %#08x %#08x decodes as %v, whose encoding does not claim it", op, args, w, s, pi.Op)
				}
				claimed[pi.Op] = true
				continue
			}
			self++
			for i, a := range pi.Args {
				if a == nil {
					if i != len(args) {
						t.Fatalf("Encode(%v, %d) = %#08x %#08x: ppc64asm gives %d operands", op, args, w, s, i)
					}
					break
				}
				kind, v := convertArg(a)
				if i >= len(args) || kind != encFields[encOps[op][i]].Kind || v != args[i] {
					t.Fatalf("Encode(%v, %d) = %#08x %#08x: ppc64asm operand %d is %v %d (%v)", op, args, w, s, i+1, kind, v, pi)
				}
			}
		}
		if self == 0 {
			skipped++
			t.Logf("%v never decodes as itself: claimed by %v", op, keys(claimed))
			continue
		}
		covered++
	}
	t.Logf("%d ops encode and decode as themselves, %d are always claimed by another op", covered, skipped)
	if covered < 1000 {
		t.Errorf("only %d ops covered", covered)
	}
}

func keys(m map[Op]bool) []Op {
	var ks []Op
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// TestEncodeErrors checks the refusals: each wraps ErrOperand and the words
// are zero.
func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		name string
		op   Op
		args []int64
	}{
		{"not an op", 0, nil},
		{"past the table", Op(NumOps), nil},
		{"too few", ppc64asm.ADD, []int64{1, 2}},
		{"too many", ppc64asm.ADD, []int64{1, 2, 3, 4}},
		{"register 32", ppc64asm.ADD, []int64{32, 2, 3}},
		{"negative register", ppc64asm.ADD, []int64{-1, 2, 3}},
		{"SI too big", ppc64asm.ADDI, []int64{3, 1, 1 << 15}},
		{"SI too small", ppc64asm.ADDI, []int64{3, 1, -1<<15 - 1}},
		{"UI negative", ppc64asm.ORI, []int64{3, 1, -1}},
		{"DS not a multiple of 4", ppc64asm.LD, []int64{3, 6, 1}},
		{"DQ not a multiple of 16", ppc64asm.LXV, []int64{3, 8, 1}},
		{"odd VSR pair", ppc64asm.LXVP, []int64{3, 0, 1}},
		{"VSR 64", ppc64asm.XXLAND, []int64{64, 0, 0}},
		{"SPR 1024", ppc64asm.MFSPR, []int64{3, 1024}},
		{"branch offset odd", ppc64asm.B, []int64{6}},
		{"branch offset too far", ppc64asm.B, []int64{1 << 25}},
		{"34-bit displacement too big", ppc64asm.PLD, []int64{3, 1 << 33, 0, 0}},
		{"hash offset positive", ppc64asm.HASHST, []int64{3, 8, 1}},
		{"hash offset too small", ppc64asm.HASHST, []int64{3, -520, 1}},
	}
	for _, tt := range tests {
		w, s, err := Encode(tt.op, tt.args...)
		if !errors.Is(err, ErrOperand) || w != 0 || s != 0 {
			t.Errorf("%s: Encode(%v, %d) = %#x, %#x, %v; want ErrOperand", tt.name, tt.op, tt.args, w, s, err)
		}
	}
}

// TestEncodeKnown checks the split and scaled fields against words that GNU
// as assembled (powerpc64-linux-gnu-as -mpower10, read back with objdump;
// the source line is each row's comment).
func TestEncodeKnown(t *testing.T) {
	tests := []struct {
		op         Op
		args       []int64
		word, suff uint32
	}{
		{ppc64asm.MFSPR, []int64{3, 8}, 0x7c6802a6, 0},                 // mflr r3
		{ppc64asm.MTSPR, []int64{9, 3}, 0x7c6903a6, 0},                 // mtctr r3
		{ppc64asm.LD, []int64{3, 8, 1}, 0xe8610008, 0},                 // ld r3,8(r1)
		{ppc64asm.STDU, []int64{1, -32, 1}, 0xf821ffe1, 0},             // stdu r1,-32(r1)
		{ppc64asm.PLD, []int64{3, 4096, 0, 1}, 0x04100000, 0xe4601000}, // pld r3,4096(0),1
		{ppc64asm.XXLAND, []int64{34, 35, 36}, 0xf0432417, 0},          // xxland vs34,vs35,vs36
		{ppc64asm.BL, []int64{-4}, 0x4bfffffd, 0},                      // bl .-4
	}
	for _, tt := range tests {
		w, s, err := Encode(tt.op, tt.args...)
		if err != nil || w != tt.word || s != tt.suff {
			t.Errorf("Encode(%v, %d) = %#08x, %#08x, %v; want %#08x, %#08x", tt.op, tt.args, w, s, err, tt.word, tt.suff)
		}
	}
}
