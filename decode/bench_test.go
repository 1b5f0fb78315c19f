package decode_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
)

// firstSightWords returns 1<<18 distinct valid words (addi with every RT, RA
// and the low 8 bits of SI): 32 times the cache's 8192 slots, so that
// cycling through them misses the direct-mapped cache almost every time.
func firstSightWords() []uint32 {
	ws := make([]uint32, 0, 1<<18)
	for i := uint32(0); i < 1<<18; i++ {
		ws = append(ws, 14<<26|i>>8<<16|i&0xff) // addi RT,RA,SI
	}
	return ws
}

// BenchmarkDecodeFirstSight decodes a word not in the cache: the cost of
// ppc64asm plus classification and publication of a new cache entry.
func BenchmarkDecodeFirstSight(b *testing.B) {
	ws := firstSightWords()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := decode.DecodeWord(ws[i], 0); err != nil {
			b.Fatal(err)
		}
		i++
		if i == len(ws) {
			i = 0
		}
	}
}

// BenchmarkDecodeCached decodes the same 4 bytes again and again.
func BenchmarkDecodeCached(b *testing.B) {
	src := binary.LittleEndian.AppendUint32(nil, 0xe8610008) // ld r3,8(r1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decode.Decode(src, binary.LittleEndian); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeCachedPrefixed is BenchmarkDecodeCached for an 8-byte
// prefixed instruction.
func BenchmarkDecodeCachedPrefixed(b *testing.B) {
	src := binary.LittleEndian.AppendUint32(nil, 0x04000000) // pld r3,8(r4)
	src = binary.LittleEndian.AppendUint32(src, 0xe4640008)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decode.Decode(src, binary.LittleEndian); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookupCached returns the cached entry without copying it.
func BenchmarkLookupCached(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decode.Lookup(0x7c642a14, 0); err != nil { // add r3,r4,r5
			b.Fatal(err)
		}
	}
}

// TestDecodeCachedAllocs: a cached Lookup, DecodeWord or Decode allocates
// nothing, including for an unknown word (its error is cached too).
func TestDecodeCachedAllocs(t *testing.T) {
	src := binary.BigEndian.AppendUint32(nil, 0xe8610008)
	for name, f := range map[string]func(){
		"Lookup":         func() { _, _ = decode.Lookup(0x7c642a14, 0) },
		"LookupPrefixed": func() { _, _ = decode.Lookup(0x04000000, 0xe4640008) },
		"DecodeWord":     func() { _, _ = decode.DecodeWord(0x7c642a14, 0) },
		"Decode":         func() { _, _ = decode.Decode(src, binary.BigEndian) },
		"Unknown":        func() { _, _ = decode.DecodeWord(0, 0) },
	} {
		f() // fill the cache
		if n := testing.AllocsPerRun(1000, f); n != 0 {
			t.Errorf("%s: %v allocations per cached call, want 0", name, n)
		}
	}
}

// TestLookupTo: a word seen for the first time is decoded into the scratch
// Inst without allocating; seen again, it comes from the cache (one
// allocation); both results equal DecodeWord's. A word that is not an
// instruction gives ErrUnknown.
func TestLookupTo(t *testing.T) {
	ws := firstSightWords()[1000:1101] // addi words no other test looks up
	var scratch decode.Inst
	first := make([]decode.Inst, len(ws))
	k := 0
	allocs := testing.AllocsPerRun(len(ws)-1, func() { // AllocsPerRun calls f once more to warm up
		w := ws[k]
		k++
		in, err := decode.LookupTo(&scratch, w, 0)
		if err != nil || in != &scratch {
			t.Errorf("%08x: first sight gave %p, %v; want the scratch Inst", w, in, err)
		}
		first[k-1] = *in
	})
	if allocs != 0 {
		t.Errorf("first sight: %v allocations per LookupTo, want 0", allocs)
	}
	for i, w := range ws {
		if want, _ := decode.DecodeWord(w, 0); first[i] != want {
			t.Errorf("%08x: first sight %+v, want %+v", w, first[i], want)
		}
		in, err := decode.LookupTo(&scratch, w, 0)
		if want, _ := decode.DecodeWord(w, 0); err != nil || in == &scratch || *in != want {
			t.Errorf("%08x: second sight gave %p (scratch %p) %+v, %v; want the cached %+v", w, in, &scratch, *in, err, want)
		}
	}
	if _, err := decode.LookupTo(&scratch, 0x7c0007fe, 0); !errors.Is(err, decode.ErrUnknown) {
		t.Errorf("LookupTo(0x7c0007fe) error %v, want ErrUnknown", err)
	}
}
