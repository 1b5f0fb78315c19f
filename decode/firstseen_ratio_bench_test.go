package decode

import (
	"encoding/binary"
	"testing"
	"time"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// BenchmarkFirstSeenRatio measures issue 15's cold-decode target on a
// shared machine: the generated decoder (a full Inst) and ppc64asm.Decode
// take turns on the same blocks of 1024 encodings, so that both see the
// same load, and the benchmark reports each one's ns per word and the
// ratio generated/ppc64asm (the target is ≤ 0.5). One op is one word
// decoded by each.
func BenchmarkFirstSeenRatio(b *testing.B) {
	for _, corpus := range []string{"random", "libc"} {
		b.Run(corpus, func(b *testing.B) {
			ws := benchWords(b, corpus)
			srcs := make([][]byte, len(ws))
			for i, e := range ws {
				srcs[i] = binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, e[0]), e[1])
			}
			const block = 1024
			var gen, ref time.Duration
			i := 0
			for n := 0; n < b.N; n += block {
				lo := i
				t0 := time.Now()
				for j := 0; j < block; j++ {
					e := ws[(lo+j)%len(ws)]
					s := e[1]
					if !IsPrefix(e[0]) {
						s = 0
					}
					var in Inst
					decodeInto(&in, e[0], s)
				}
				t1 := time.Now()
				for j := 0; j < block; j++ {
					_, _ = ppc64asm.Decode(srcs[(lo+j)%len(ws)], binary.BigEndian)
				}
				t2 := time.Now()
				gen += t1.Sub(t0)
				ref += t2.Sub(t1)
				i = (lo + block) % len(ws)
			}
			words := float64((b.N + block - 1) / block * block)
			b.ReportMetric(float64(gen.Nanoseconds())/words, "generated-ns/word")
			b.ReportMetric(float64(ref.Nanoseconds())/words, "ppc64asm-ns/word")
			b.ReportMetric(float64(gen)/float64(ref), "ratio")
		})
	}
}
