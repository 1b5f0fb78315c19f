package decode

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// benchWords returns the encodings a first-seen benchmark cycles through:
// random words (a sixteenth of them prefix words with a prefixable suffix),
// or every word of the little-endian cross libc.
func benchWords(b *testing.B, corpus string) [][2]uint32 {
	switch corpus {
	case "random":
		r := rand.New(rand.NewPCG(1, 2))
		ws := make([][2]uint32, 1<<16)
		for i := range ws {
			ws[i] = [2]uint32{r.Uint32(), r.Uint32()}
			if i%16 == 0 {
				ws[i][0] = 1<<26 | ws[i][0]&(1<<26-1)
				ws[i][1] = suffixOpcodes[ws[i][1]%uint32(len(suffixOpcodes))]<<26 | ws[i][1]&(1<<26-1)
			}
		}
		return ws
	case "libc":
		ws, ok := libcWords(b, libcFiles[0])
		if !ok {
			b.Skipf("skipping: %s not found", libcFiles[0])
		}
		return ws
	}
	panic(corpus)
}

// BenchmarkFirstSeen compares, on the same encodings, the generated decoder
// building a full Inst (classification, legality) and ppc64asm.Decode alone.
// Run both sub-benchmarks in one run and report the ratio.
func BenchmarkFirstSeen(b *testing.B) {
	for _, corpus := range []string{"random", "libc"} {
		ws := benchWords(b, corpus)
		srcs := make([][]byte, len(ws))
		for i, e := range ws {
			srcs[i] = binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, e[0]), e[1])
		}
		b.Run(corpus+"/generated", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				e := ws[i]
				s := e[1]
				if !IsPrefix(e[0]) {
					s = 0
				}
				var in Inst
				decodeInto(&in, e[0], s)
				i++
				if i == len(ws) {
					i = 0
				}
			}
		})
		b.Run(corpus+"/ppc64asm", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				_, _ = ppc64asm.Decode(srcs[i], binary.BigEndian)
				i++
				if i == len(ws) {
					i = 0
				}
			}
		})
	}
}

// TestDecodeIntoAllocs: the generated decoder allocates nothing, for
// instructions and for words that are not instructions.
func TestDecodeIntoAllocs(t *testing.T) {
	for _, w := range [][2]uint32{{0x7c642a14, 0}, {0x04000000, 0xe4640008}, {0, 0}, {0x7c0007fe, 0}, {0xffffffff, 0}} {
		n := testing.AllocsPerRun(1000, func() {
			var in Inst
			decodeInto(&in, w[0], w[1])
		})
		if n != 0 {
			t.Errorf("%08x:%08x: %v allocations, want 0", w[0], w[1], n)
		}
	}
}
