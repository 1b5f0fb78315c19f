package trap

import (
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
)

// FuzzTrap checks, for any word, operands and probe site, that nothing panics
// and that the functions agree with one another. (Self-contained, like every
// fuzz target: OSS-Fuzz builds it without the package's other test files.)
func FuzzTrap(f *testing.F) {
	const nop, pld = 0x60000000, 0x04100000 // pld: a prefix word (8LS, R=1)
	f.Add(uint32(LinuxBreakpoint), uint64(0), uint64(0), uint64(0x10000000), uint32(nop))
	f.Add(uint32(GDBBreakpoint), uint64(5), uint64(6), uint64(0x10000004), uint32(pld))
	f.Add(uint32(0x0c438000), uint64(0x7fffffff), uint64(1), uint64(0x1000003c), uint32(0))
	f.Add(uint32(0x7c8a5809), uint64(0x1234567800000001), uint64(0xffffffff00000001), uint64(3), uint32(0))
	f.Add(uint32(pld), uint64(0), uint64(0), uint64(0x1000003c), uint32(pld))
	f.Add(uint32(0x4c000024), uint64(0), uint64(0), uint64(0x10000000), uint32(0))
	f.Fuzz(func(t *testing.T, word uint32, a, b, addr uint64, prev uint32) {
		in, ok := Classify(word)
		if ok != IsTrap(word) {
			t.Fatalf("Classify ok = %v, IsTrap = %v", ok, !ok)
		}
		// Bit 31 never changes whether a word is a trap.
		if IsTrap(word) != IsTrap(word^1) {
			t.Fatalf("bit 31 changes IsTrap(%#08x)", word)
		}
		if !ok {
			if in != (Info{}) {
				t.Fatalf("non-trap Info not zero: %+v", in)
			}
			if _, isTrap := Evaluate(word, func(int) uint64 { return 0 }); isTrap {
				t.Fatal("Evaluate says trap")
			}
		} else {
			if in.Op == NotTrap || in.TO > 31 || in.RA > 31 || in.RB > 31 || in.SI < -32768 || in.SI > 32767 {
				t.Fatalf("fields out of range: %+v", in)
			}
			if IsTrap(word) && CanSingleStep(word) {
				t.Fatalf("trap %#08x is single-steppable", word)
			}
			// Evaluate with a = RA's value, b = RB's value (shared
			// when RA = RB).
			var g [32]uint64
			g[in.RB] = b
			g[in.RA] = a
			fires := in.FiresGPR(&g)
			if f2, _ := Evaluate(word, func(n int) uint64 { return g[n] }); f2 != fires {
				t.Fatalf("Evaluate = %v, FiresGPR = %v", f2, fires)
			}
			switch in.Kind {
			case Always:
				if !fires {
					t.Fatalf("%v (always) does not fire: a=%#x b=%#x", in, g[in.RA], g[in.RB])
				}
			case Never:
				if fires {
					t.Fatalf("%v (never) fires: a=%#x b=%#x", in, g[in.RA], g[in.RB])
				}
			}
			// The static kind never contradicts the TO-only kind.
			if k := KindOf(in.TO); k != Conditional && k != in.Kind {
				t.Fatalf("%v: KindOf = %v, Kind = %v", in, k, in.Kind)
			}
		}

		// Compare returns exactly one of LT/GT/EQ and, unless EQ, one of
		// LTU/GTU.
		for _, w := range []bool{false, true} {
			c := Compare(a, b, w)
			switch c {
			case EQ, LT | LTU, LT | GTU, GT | LTU, GT | GTU:
			default:
				t.Fatalf("Compare(%#x, %#x, %v) = %05b", a, b, w, c)
			}
			if (c == EQ) != (a == b || (w && uint32(a) == uint32(b))) {
				t.Fatalf("Compare(%#x, %#x, %v) = %05b: EQ wrong", a, b, w, c)
			}
		}

		uerr := CheckUprobe(addr, word)
		kerr := CheckKprobe(addr, word, prev)
		for _, err := range []error{uerr, kerr} {
			if err == nil {
				continue
			}
			var pe *ProbeError
			if !errors.As(err, &pe) || pe.Error() == "" {
				t.Fatalf("not a *ProbeError: %v", err)
			}
		}
		aligned := addr&3 == 0
		if errors.Is(uerr, ErrMisaligned) == aligned || errors.Is(kerr, ErrMisaligned) == aligned {
			t.Fatalf("alignment: uprobe %v, kprobe %v", uerr, kerr)
		}
		if aligned {
			if errors.Is(uerr, ErrTrapInstruction) != IsTrap(word) || errors.Is(kerr, ErrTrapInstruction) != IsTrap(word) {
				t.Fatalf("trap: uprobe %v, kprobe %v", uerr, kerr)
			}
			boundary := errors.Is(uerr, ErrPrefixBoundary)
			if boundary != (decode.IsPrefix(word) && addr&63 == 60) {
				t.Fatalf("boundary: %v", uerr)
			}
			if !boundary && (uerr == nil) != CanSingleStep(word) {
				t.Fatalf("uprobe: %v but CanSingleStep = %v", uerr, CanSingleStep(word))
			}
			if !CanSingleStep(word) && !errors.Is(kerr, ErrCannotSingleStep) {
				t.Fatalf("kprobe: %v but CanSingleStep = false", kerr)
			}
			if CanSingleStep(word) && (kerr != nil) != (addr%DefaultPageSize != 0 && decode.IsPrefix(prev)) {
				t.Fatalf("kprobe suffix rule: %v", kerr)
			}
		}
	})
}
