package decode

import (
	"debug/elf"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode/internal/dectree"
	"github.com/ppc64emu/ppc64emu/decode/internal/optab"
	"github.com/ppc64emu/ppc64emu/internal/tools/gentest"
)

// TestDecTableUpToDate regenerates dectable.go and compares it with the
// committed file.
func TestDecTableUpToDate(t *testing.T) {
	dir, err := archDir()
	if err != nil {
		t.Skipf("skipping: the %s module directory cannot be found: %v", optab.Module, err)
	}
	want, err := dectree.Generate(dir, optab.VersionOf(dir))
	if err != nil {
		t.Fatal(err)
	}
	gentest.UpToDate(t, "dectable.go", want, "go generate ./decode")
}

// equivChecker decodes encodings with the generated decoder and with the
// ppc64asm reference, and reports the first few differences.
type equivChecker struct {
	t     *testing.T
	n     atomic.Int64
	bad   atomic.Int64
	valid atomic.Int64
}

// check compares one encoding: word, and suffix for a prefix word.
func (c *equivChecker) check(word, suffix uint32) {
	if !IsPrefix(word) {
		suffix = 0
	}
	c.n.Add(1)
	got, gerr := decodeUncached(word, suffix)
	want, werr := decodeReference(word, suffix)
	if got == want && sameDecodeErr(gerr, werr) {
		if gerr == nil {
			c.valid.Add(1)
		}
		return
	}
	if c.bad.Add(1) <= 20 {
		c.t.Errorf("%s: generated decoder %+v, %v; ppc64asm %+v, %v", encString(word, suffix), got, gerr, want, werr)
	}
}

func (c *equivChecker) done(what string) {
	c.t.Logf("%s: %d encodings (%d instructions), %d differences", what, c.n.Load(), c.valid.Load(), c.bad.Load())
	if c.n.Load() == 0 {
		c.t.Errorf("%s: nothing compared", what)
	}
}

// suffixOpcodes are the suffix primary opcodes of ppc64asm's prefixed rows.
var suffixOpcodes = []uint32{0, 14, 32, 34, 36, 38, 40, 41, 42, 43, 44, 46, 47, 48, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63}

// TestDecodeMatchesPPC64ASMRandom compares the generated decoder with
// ppc64asm on random words read in both byte orders, and on prefix words
// (every prefix type, random fields) with random suffixes of every
// suffix opcode.
func TestDecodeMatchesPPC64ASMRandom(t *testing.T) {
	n := 1 << 20 // 3 encodings each
	if testing.Short() || raceEnabled {
		n = 1 << 16
	}
	c := &equivChecker{t: t}
	r := rand.New(rand.NewPCG(15, 0x5eed))
	for range n {
		x := r.Uint64()
		w, s := uint32(x>>32), uint32(x)
		c.check(w, s)
		c.check(bits.ReverseBytes32(w), bits.ReverseBytes32(s)) // the same bytes in the other order
		// A prefix word and a suffix with a prefixable primary opcode.
		p := 1<<26 | w&(1<<26-1)
		c.check(p, suffixOpcodes[s%uint32(len(suffixOpcodes))]<<26|uint32(x>>7)&(1<<26-1))
	}
	c.done("random")
}

// libcFiles are real ppc64 libraries: every word of their code is compared.
var libcFiles = []string{
	"/usr/powerpc64le-linux-gnu/lib/libc.so.6",
	"/usr/powerpc64-linux-gnu/lib/libc.so.6",
}

// libcWords returns the encodings of the executable sections of an ELF
// file: every aligned word, paired with the next word as its suffix.
func libcWords(tb testing.TB, path string) (ws [][2]uint32, ok bool) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	for _, s := range f.Sections {
		if s.Type != elf.SHT_PROGBITS || s.Flags&elf.SHF_EXECINSTR == 0 {
			continue
		}
		data, err := s.Data()
		if err != nil {
			tb.Fatal(err)
		}
		for i := 0; i+4 <= len(data); i += 4 {
			var e [2]uint32
			e[0] = f.ByteOrder.Uint32(data[i:])
			if i+8 <= len(data) {
				e[1] = f.ByteOrder.Uint32(data[i+4:])
			}
			ws = append(ws, e)
		}
	}
	return ws, true
}

// TestDecodeMatchesPPC64ASMLibc compares the generated decoder with ppc64asm
// on every word (and prefixed pair) of the cross toolchains' C libraries.
func TestDecodeMatchesPPC64ASMLibc(t *testing.T) {
	found := 0
	for _, path := range libcFiles {
		ws, ok := libcWords(t, path)
		if !ok {
			continue
		}
		found++
		c := &equivChecker{t: t}
		for _, e := range ws {
			c.check(e[0], e[1])
		}
		c.done(path)
	}
	if found == 0 {
		t.Skipf("skipping: no cross-toolchain libc (%s); install gcc-powerpc64le-linux-gnu", strings.Join(libcFiles, ", "))
	}
}

// TestDecodeMatchesPPC64ASMExhaustive compares every 32-bit word (each
// prefix word with 4 random suffixes of prefixable opcodes). It takes about
// an hour of CPU: set PPC64EMU_EXHAUSTIVE=all to run it, or to a
// comma-separated list of primary opcodes (e.g. 4,31,63) to compare the
// 2^26 words of each.
func TestDecodeMatchesPPC64ASMExhaustive(t *testing.T) {
	env := os.Getenv("PPC64EMU_EXHAUSTIVE")
	if env == "" {
		t.Skip("skipping: set PPC64EMU_EXHAUSTIVE=all (or a list of primary opcodes) to compare all 2^32 words")
	}
	var opcodes []uint32
	if env == "all" || env == "1" {
		for p := range uint32(64) {
			opcodes = append(opcodes, p)
		}
	} else {
		for _, f := range strings.Split(env, ",") {
			p, err := strconv.ParseUint(strings.TrimSpace(f), 10, 6)
			if err != nil {
				t.Fatalf("PPC64EMU_EXHAUSTIVE=%q: %v", env, err)
			}
			opcodes = append(opcodes, uint32(p))
		}
	}
	c := &equivChecker{t: t}
	const chunkBits = 20 // 64 chunks per primary opcode
	var next atomic.Uint32
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := next.Add(1) - 1
				if int(k) >= len(opcodes)<<(26-chunkBits) || c.bad.Load() > 20 {
					return
				}
				hi := opcodes[k>>(26-chunkBits)]<<26 | k&(1<<(26-chunkBits)-1)<<chunkBits
				r := rand.New(rand.NewPCG(uint64(hi), 1))
				for lo := range uint32(1 << chunkBits) {
					w := hi | lo
					if !IsPrefix(w) {
						c.check(w, 0)
						continue
					}
					for range 4 {
						s := r.Uint32()
						c.check(w, suffixOpcodes[s%uint32(len(suffixOpcodes))]<<26|r.Uint32()&(1<<26-1))
					}
				}
			}
		}()
	}
	wg.Wait()
	c.done("primary opcodes " + env)
}
