package decode_test

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
)

// vector is one line of testdata/decode.txt.
type vector struct {
	line   int
	enc    string // the left-hand side, as written
	src    []byte // bytes in big-endian order
	words  []uint32
	want   string // "error: …" or the expected fields
	fields []string
}

func readVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("testdata/decode.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		enc, rest, ok := strings.Cut(line, "|\t")
		if !ok {
			t.Fatalf("decode.txt:%d: no \"|<TAB>\": %q", n, line)
		}
		v := vector{line: n, enc: enc, want: rest, fields: strings.Split(rest, "\t")}
		for _, w := range strings.Split(enc, ":") {
			b, err := hex.DecodeString(w)
			if err != nil {
				t.Fatalf("decode.txt:%d: %v", n, err)
			}
			v.src = append(v.src, b...)
			if len(b) == 4 {
				v.words = append(v.words, binary.BigEndian.Uint32(b))
			}
		}
		vs = append(vs, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return vs
}

// parseArgs turns "r3,off:-8,r1" into operand kinds and values.
func parseArgs(s string) ([]decode.ArgKind, []int64, error) {
	if s == "-" {
		return nil, nil, nil
	}
	var kinds []decode.ArgKind
	var vals []int64
	for _, a := range strings.Split(s, ",") {
		var k decode.ArgKind
		var num string
		if name, n, ok := strings.Cut(a, ":"); ok {
			num = n
			switch name {
			case "acc":
				k = decode.ArgACC
			case "crb":
				k = decode.ArgCRBit
			case "cr":
				k = decode.ArgCRField
			case "spr":
				k = decode.ArgSPR
			case "imm":
				k = decode.ArgImm
			case "off":
				k = decode.ArgOffset
			case "rel":
				k = decode.ArgPCRel
			case "abs":
				k = decode.ArgLabel
			}
		} else {
			for _, p := range []struct {
				prefix string
				kind   decode.ArgKind
			}{{"vs", decode.ArgVSR}, {"r", decode.ArgGPR}, {"f", decode.ArgFPR}, {"v", decode.ArgVR}} {
				if n, ok := strings.CutPrefix(a, p.prefix); ok {
					k, num = p.kind, n
					break
				}
			}
		}
		v, err := strconv.ParseInt(num, 10, 64)
		if k == decode.ArgNone || err != nil {
			return nil, nil, fmt.Errorf("bad operand %q", a)
		}
		kinds = append(kinds, k)
		vals = append(vals, v)
	}
	return kinds, vals, nil
}

// leBytes returns src with every whole 4-byte word byte-swapped: the same
// instruction stream in little-endian order.
func leBytes(src []byte) []byte {
	out := append([]byte(nil), src...)
	for i := 0; i+4 <= len(out); i += 4 {
		binary.LittleEndian.PutUint32(out[i:], binary.BigEndian.Uint32(src[i:]))
	}
	return out
}

// TestDecodeVectors checks every line of testdata/decode.txt, in both byte
// orders and through DecodeWord.
func TestDecodeVectors(t *testing.T) {
	vs := readVectors(t)
	if len(vs) < 100 {
		t.Errorf("only %d vectors in testdata/decode.txt", len(vs))
	}
	for _, v := range vs {
		t.Run(v.enc, func(t *testing.T) {
			in, err := decode.Decode(v.src, binary.BigEndian)
			inLE, errLE := decode.Decode(leBytes(v.src), binary.LittleEndian)
			if in != inLE || !errors.Is(errLE, sentinel(err)) {
				t.Errorf("decode.txt:%d: big- and little-endian decodes differ:\n%+v, %v\n%+v, %v", v.line, in, err, inLE, errLE)
			}
			if len(v.src) >= 4 && len(v.src) == 4*len(v.words) && !(len(v.words) == 1 && v.words[0]>>26 == 1) {
				var suffix uint32
				if len(v.words) == 2 {
					suffix = v.words[1]
				}
				inW, errW := decode.DecodeWord(v.words[0], suffix)
				if inW != in || !errors.Is(errW, sentinel(err)) {
					t.Errorf("decode.txt:%d: DecodeWord differs from Decode:\n%+v, %v\n%+v, %v", v.line, inW, errW, in, err)
				}
			}
			checkVector(t, v, &in, err)
		})
	}
}

// sentinel returns the sentinel error err wraps (nil for nil).
func sentinel(err error) error {
	for _, s := range []error{decode.ErrTruncated, decode.ErrUnknown, decode.ErrInvalidForm, decode.ErrReservedBits} {
		if errors.Is(err, s) {
			return s
		}
	}
	return err
}

func checkVector(t *testing.T, v vector, in *decode.Inst, err error) {
	t.Helper()
	if e, ok := strings.CutPrefix(v.want, "error: "); ok {
		want := map[string]error{"unknown": decode.ErrUnknown, "truncated": decode.ErrTruncated}[e]
		if want == nil {
			t.Fatalf("decode.txt:%d: unknown error %q", v.line, e)
		}
		if !errors.Is(err, want) {
			t.Errorf("decode.txt:%d: Decode(%s) = %v, %v; want an error wrapping %v", v.line, v.enc, in.Op, err, want)
		}
		if *in != encodingOnly(v.words) {
			t.Errorf("decode.txt:%d: Decode(%s) returned more than the encoding with its error: %+v", v.line, v.enc, *in)
		}
		return
	}
	if len(v.fields) < 4 || len(v.fields) > 5 {
		t.Fatalf("decode.txt:%d: want 4 or 5 fields, have %q", v.line, v.fields)
	}
	if err != nil {
		t.Fatalf("decode.txt:%d: Decode(%s): %v; want %s", v.line, v.enc, err, v.want)
	}
	kinds, vals, perr := parseArgs(v.fields[3])
	if perr != nil {
		t.Fatalf("decode.txt:%d: %v", v.line, perr)
	}
	flags := "-"
	if names := in.Flags.Names(); len(names) > 0 {
		flags = strings.Join(names, ",")
	}
	var wantInvalid decode.Invalid
	if len(v.fields) == 5 {
		for _, r := range strings.Split(strings.TrimPrefix(v.fields[4], "invalid: "), "+") {
			switch r {
			case "form":
				wantInvalid |= decode.InvalidForm
			case "reserved":
				wantInvalid |= decode.InvalidReservedBits
			default:
				t.Fatalf("decode.txt:%d: bad invalid field %q", v.line, v.fields[4])
			}
		}
	}
	type view struct {
		Op, Class, Flags string
		Len              int
		Word, Suffix     uint32
		Kinds            []decode.ArgKind
		Args             []int64
		Invalid          decode.Invalid
	}
	wantLen, wantSuffix := 4, uint32(0)
	if len(v.words) == 2 {
		wantLen, wantSuffix = 8, v.words[1]
	}
	want := view{v.fields[0], v.fields[1], v.fields[2], wantLen, v.words[0], wantSuffix, kinds, vals, wantInvalid}
	got := view{in.Op.String(), in.Class.String(), flags, int(in.Len), in.Word, in.Suffix,
		in.Kinds[:in.NArgs], in.Args[:in.NArgs], in.Invalid}
	if len(got.Kinds) == 0 {
		got.Kinds, got.Args = nil, nil
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decode.txt:%d: Decode(%s) (-want +got):\n%s", v.line, v.enc, diff)
	}
	for i := int(in.NArgs); i < len(in.Args); i++ {
		if in.Kinds[i] != decode.ArgNone || in.Args[i] != 0 {
			t.Errorf("decode.txt:%d: operand %d beyond NArgs=%d is set: %v %d", v.line, i, in.NArgs, in.Kinds[i], in.Args[i])
		}
	}
}

// randomInsts returns n random words, one in 8 a prefix word, with a random
// suffix (one in two with a prefixable primary opcode).
func randomInsts(r *rand.Rand, n int) [][2]uint32 {
	out := make([][2]uint32, n)
	for i := range out {
		w, s := r.Uint32(), r.Uint32()
		if r.IntN(8) == 0 {
			w = 1<<26 | w&(1<<26-1)
			if r.IntN(2) == 0 {
				s = uint32(32+r.IntN(32))<<26 | s&(1<<26-1)
			}
		}
		out[i] = [2]uint32{w, s}
	}
	return out
}

// TestDecodeByteOrders: Decode of the same instruction in either byte order
// equals DecodeWord, and DecodeWord ignores the suffix of a non-prefix.
func TestDecodeByteOrders(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, ws := range randomInsts(r, 100_000) {
		var be, le [8]byte
		binary.BigEndian.PutUint32(be[:], ws[0])
		binary.BigEndian.PutUint32(be[4:], ws[1])
		binary.LittleEndian.PutUint32(le[:], ws[0])
		binary.LittleEndian.PutUint32(le[4:], ws[1])
		want, wantErr := decode.DecodeWord(ws[0], ws[1])
		for _, c := range []struct {
			src   []byte
			order binary.ByteOrder
		}{{be[:], binary.BigEndian}, {le[:], binary.LittleEndian}} {
			in, err := decode.Decode(c.src, c.order)
			if in != want || sentinel(err) != sentinel(wantErr) {
				t.Fatalf("%08x:%08x: Decode(%s) = %+v, %v; DecodeWord = %+v, %v", ws[0], ws[1], c.order, in, err, want, wantErr)
			}
		}
		if ws[0]>>26 != 1 {
			if in, err := decode.DecodeWord(ws[0], 0); in != want || sentinel(err) != sentinel(wantErr) {
				t.Fatalf("%08x: DecodeWord depends on the suffix of a non-prefixed word", ws[0])
			}
			if want.Len == 8 || want.Suffix != 0 {
				t.Fatalf("%08x: non-prefixed word decoded with Len %d, Suffix %08x", ws[0], want.Len, want.Suffix)
			}
		}
		if wantErr == nil && want.Word != ws[0] {
			t.Fatalf("%08x: Word = %08x", ws[0], want.Word)
		}
	}
}

// TestDecodeTruncated: fewer than 4 bytes, or a prefix word with fewer than 8
// bytes, is ErrTruncated in both byte orders.
func TestDecodeTruncated(t *testing.T) {
	for _, order := range []binary.ByteOrder{binary.BigEndian, binary.LittleEndian} {
		nop := make([]byte, 4)
		order.PutUint32(nop, 0x60000000)
		for n := 0; n < 4; n++ {
			if _, err := decode.Decode(nop[:n], order); !errors.Is(err, decode.ErrTruncated) {
				t.Errorf("%s: Decode(%d bytes) error = %v, want ErrTruncated", order, n, err)
			}
		}
		if in, err := decode.Decode(nop, order); err != nil || in.Op != ppc64asm.NOP {
			t.Errorf("%s: Decode(nop) = %v, %v", order, in.Op, err)
		}
		pld := make([]byte, 8) // pld r3,8(r4)
		order.PutUint32(pld, 0x04000000)
		order.PutUint32(pld[4:], 0xe4640008)
		for n := 4; n < 8; n++ {
			in, err := decode.Decode(pld[:n], order)
			if !errors.Is(err, decode.ErrTruncated) {
				t.Errorf("%s: Decode(prefix, %d bytes) = %v, %v; want ErrTruncated", order, n, in.Op, err)
			}
		}
		if in, err := decode.Decode(append(pld, 0xff, 0xff), order); err != nil || in.Op != ppc64asm.PLD || in.Len != 8 {
			t.Errorf("%s: Decode(pld + 2 bytes) = %v (len %d), %v", order, in.Op, in.Len, err)
		}
	}
}

// TestLookupCache: Lookup hands out the cached entry, so the same word gives
// the same pointer, and its value equals DecodeWord's.
func TestLookupCache(t *testing.T) {
	words := [][2]uint32{{0x7c642a14, 0}, {0xe8610008, 0}, {0x04000000, 0xe4640008}, {0x4bffff02, 0}}
	for _, w := range words {
		p1, err1 := decode.Lookup(w[0], w[1])
		p2, err2 := decode.Lookup(w[0], w[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("%08x: %v, %v", w[0], err1, err2)
		}
		if p1 != p2 {
			t.Errorf("%08x:%08x: Lookup returned different pointers for the same word", w[0], w[1])
		}
		if in, _ := decode.DecodeWord(w[0], w[1]); in != *p1 {
			t.Errorf("%08x: Lookup = %+v, DecodeWord = %+v", w[0], *p1, in)
		}
	}
	// The suffix of a non-prefixed word is not part of the key.
	p1, _ := decode.Lookup(0x7c642a14, 0)
	p2, _ := decode.Lookup(0x7c642a14, 0xdeadbeef)
	if p1 != p2 {
		t.Errorf("Lookup(add, suffix) used the suffix of a non-prefixed word")
	}
	// Unknown words return an error, and a pointer to the zero Inst.
	p, err := decode.Lookup(0, 0)
	if !errors.Is(err, decode.ErrUnknown) || p == nil || *p != (decode.Inst{}) {
		t.Errorf("Lookup(0) = %+v, %v; want the zero Inst and ErrUnknown", p, err)
	}
}

// TestDecodeConcurrent decodes from many goroutines at once, with more
// distinct words than cache slots so that slots are replaced while read. Run
// with -race.
func TestDecodeConcurrent(t *testing.T) {
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	insts := randomInsts(rand.New(rand.NewPCG(3, 4)), n)
	type result struct {
		in  decode.Inst
		err error
	}
	want := make([]result, len(insts))
	for i, w := range insts {
		in, err := decode.DecodeWord(w[0], w[1])
		want[i] = result{in, sentinel(err)}
	}
	const workers = 16
	var wg sync.WaitGroup
	errs := make(chan string, workers)
	for g := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range len(insts) / 4 {
				i := (k*workers + g*7919) % len(insts)
				w := insts[i]
				var in decode.Inst
				var err error
				switch k % 3 {
				case 0:
					in, err = decode.DecodeWord(w[0], w[1])
				case 1:
					var p *decode.Inst
					p, err = decode.Lookup(w[0], w[1])
					in = *p
				default:
					var b [8]byte
					binary.LittleEndian.PutUint32(b[:], w[0])
					binary.LittleEndian.PutUint32(b[4:], w[1])
					in, err = decode.Decode(b[:], binary.LittleEndian)
				}
				if in != want[i].in || sentinel(err) != want[i].err {
					errs <- fmt.Sprintf("%08x:%08x: concurrent decode = %+v, %v; want %+v, %v", w[0], w[1], in, err, want[i].in, want[i].err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestDecodeRandomAgainstPpc64asm decodes a few million random words: no
// panic, and Decode accepts exactly what ppc64asm accepts (except the zero
// word), with ppc64asm's op, length and number of operands.
func TestDecodeRandomAgainstPpc64asm(t *testing.T) {
	n := 2_000_000
	if testing.Short() {
		n = 200_000
	}
	r := rand.New(rand.NewPCG(5, 6))
	var accepted, prefixed int
	var src [8]byte
	for range n {
		w, s := r.Uint32(), r.Uint32()
		if r.IntN(16) == 0 {
			w = 1<<26 | w&(1<<26-1)
		}
		binary.BigEndian.PutUint32(src[:], w)
		binary.BigEndian.PutUint32(src[4:], s)
		pi, perr := ppc64asm.Decode(src[:], binary.BigEndian)
		in, err := decode.DecodeWord(w, s)
		if perr != nil || pi.Op == 0 {
			if !errors.Is(err, decode.ErrUnknown) {
				t.Fatalf("%08x:%08x: ppc64asm rejects (%v, op %v), Decode = %v, %v; want ErrUnknown", w, s, perr, pi.Op, in.Op, err)
			}
			continue
		}
		accepted++
		if pi.Len == 8 {
			prefixed++
		}
		nargs := 0
		for nargs < len(pi.Args) && pi.Args[nargs] != nil {
			nargs++
		}
		if err != nil || in.Op != pi.Op || int(in.Len) != pi.Len || int(in.NArgs) != nargs {
			t.Fatalf("%08x:%08x: Decode = %v (len %d, %d args), %v; ppc64asm = %v (len %d, %d args)",
				w, s, in.Op, in.Len, in.NArgs, err, pi.Op, pi.Len, nargs)
		}
		if in.Class == decode.ClassUnknown {
			t.Fatalf("%08x:%08x: %v has no class", w, s, in.Op)
		}
	}
	t.Logf("%d random words: ppc64asm and Decode accept %d (%d prefixed)", n, accepted, prefixed)
}

// TestInstString compares Inst.String with GNU objdump's output (binutils
// 2.40, -M power10, extended mnemonics on) for words where ppc64asm prints
// the same (it does not for e.g. trap, which it prints as tw 31,r0,r0).
func TestInstString(t *testing.T) {
	tests := []struct {
		word, suffix uint32
		want         string
	}{
		{0x7c642a14, 0, "add r3,r4,r5"},
		{0x7c642a15, 0, "add. r3,r4,r5"},
		{0xe8610008, 0, "ld r3,8(r1)"},
		{0xf821ff91, 0, "stdu r1,-112(r1)"},
		{0x7c8802a6, 0, "mflr r4"},
		{0x38600001, 0, "li r3,1"},
		{0x60000000, 0, "nop"},
		{0x7ce32699, 0, "lxvd2x vs39,r3,r4"},
		{0x04000000, 0xe4640008, "pld r3,8(r4)"},
	}
	for _, tt := range tests {
		in, err := decode.DecodeWord(tt.word, tt.suffix)
		if err != nil {
			t.Errorf("%08x: %v", tt.word, err)
			continue
		}
		if got := in.String(); got != tt.want {
			t.Errorf("%08x:%08x: String() = %q, want %q", tt.word, tt.suffix, got, tt.want)
		}
	}
}

// TestInstErr: Err is nil for a valid form, wraps ErrInvalidForm or
// ErrReservedBits otherwise (invalid forms first), and names the op.
func TestInstErr(t *testing.T) {
	tests := []struct {
		word uint32
		want error
		op   string
	}{
		{0xe8610009, nil, "ldu"},                      // ldu r3,8(r1)
		{0xe8600001, decode.ErrInvalidForm, "ldu"},    // ldu r3,0(0)
		{0x7c8802a7, decode.ErrReservedBits, "mfspr"}, // mfspr r4,8 with bit 31 set
		{0x7c6320ef, decode.ErrInvalidForm, "lbzux"},  // lbzux r3,r3,r4 with bit 31 set: both, form first
	}
	for _, tt := range tests {
		in, err := decode.DecodeWord(tt.word, 0)
		if err != nil {
			t.Fatalf("%08x: %v", tt.word, err)
		}
		got := in.Err()
		if tt.want == nil {
			if got != nil {
				t.Errorf("%08x: Err() = %v, want nil", tt.word, got)
			}
			continue
		}
		if !errors.Is(got, tt.want) {
			t.Errorf("%08x: Err() = %v, want it to wrap %v", tt.word, got, tt.want)
		}
		var fe *decode.FormError
		if !errors.As(got, &fe) || fe.Word != tt.word || fe.Op.String() != tt.op {
			t.Errorf("%08x: Err() = %#v, want a *FormError for %s", tt.word, got, tt.op)
		}
		if msg := got.Error(); !strings.Contains(msg, tt.op) || !strings.Contains(msg, fmt.Sprintf("%08x", tt.word)) {
			t.Errorf("%08x: Err().Error() = %q, want the op and the word", tt.word, msg)
		}
	}
	if in, _ := decode.DecodeWord(0x7c6320ef, 0); in.Invalid != decode.InvalidForm|decode.InvalidReservedBits {
		t.Errorf("lbzux r3,r3,r4 with bit 31: Invalid = %v, want form and reserved bits", in.Invalid)
	}
	_, err := decode.DecodeWord(0, 0)
	var de *decode.DecodeError
	if !errors.As(err, &de) || de.Err != decode.ErrUnknown || de.Len != 4 {
		t.Errorf("DecodeWord(0) error = %#v, want a *DecodeError with ErrUnknown and Len 4", err)
	}
}

// TestCrossesBoundary: a prefixed instruction at offset 60 of a 64-byte block
// has its suffix in the next block; at 56 it does not.
func TestCrossesBoundary(t *testing.T) {
	pld, err := decode.DecodeWord(0x04000000, 0xe4640008)
	if err != nil {
		t.Fatal(err)
	}
	ld, err := decode.DecodeWord(0xe8610008, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		in   *decode.Inst
		addr uint64
		want bool
	}{
		{&pld, 60, true},
		{&pld, 56, false},
		{&pld, 0, false},
		{&pld, 0x1000_003c, true},
		{&pld, 0xffff_ffff_ffff_fffc, true},
		{&pld, 0x1000_0038, false},
		{&ld, 60, false},
		{&ld, 56, false},
	} {
		if got := tt.in.CrossesBoundary(tt.addr); got != tt.want {
			t.Errorf("%v at %#x: CrossesBoundary = %v, want %v", tt.in.Op, tt.addr, got, tt.want)
		}
	}
}

func TestIsPrefix(t *testing.T) {
	for w, want := range map[uint32]bool{
		0x04100000: true, 0x04000000: true, 0x06000000: true, 0x07ffffff: true,
		0x00000000: false, 0x08000000: false, 0xe4600000: false, 0x7fe00008: false,
	} {
		if decode.IsPrefix(w) != want {
			t.Errorf("IsPrefix(%#08x) = %v", w, !want)
		}
	}
}

// encodingOnly is what a failed decode returns: the word and, for a
// prefixed encoding given in full, the suffix; nothing for fewer than 4 bytes.
func encodingOnly(words []uint32) decode.Inst {
	var in decode.Inst
	if len(words) > 0 {
		in.Word = words[0]
	}
	if len(words) == 2 && decode.IsPrefix(words[0]) {
		in.Suffix = words[1]
	}
	return in
}
