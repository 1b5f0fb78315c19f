package emulate

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestRefusalNamesOp: the refusals that used to be shared values without an
// op (sc, scv, the rfid family, QEMU's supervisor-state SPR refusal) name
// the op decode gives for the word, and their text says it. Encodings from
// Power ISA 3.1B (sc: B-form 17 with bit 30 set; scv: bit 31; rfid/hrfid/
// urfid/rfscv: XL-form 19 with XO 18, 274, 306, 82).
func TestRefusalNamesOp(t *testing.T) {
	tests := []struct {
		name string
		word uint32
		msr  uint64
		p    Profile
		kind error
	}{
		{"sc", 0x44000002, regs.MSRSF | regs.MSRPR, Hardware, ErrMustNotStep},
		{"scv", 0x44000001, regs.MSRSF | regs.MSRPR, Hardware, ErrMustNotStep},
		{"rfid", 0x4c000024, regs.MSRSF, Hardware, ErrMustNotStep},
		{"hrfid", 0x4c000224, regs.MSRSF, Hardware, ErrMustNotStep},
		{"urfid", 0x4c000264, regs.MSRSF, Hardware, ErrMustNotStep},
		{"rfscv", 0x4c0000a4, regs.MSRSF, Hardware, ErrMustNotStep},
		// mfspr r3,2 in supervisor state: an SPR QEMU 7.2 does not provide.
		{"mfspr-qemu-supervisor", 0x7c6202a6, regs.MSRSF, QEMU, ErrIllegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := decode.Lookup(tt.word, 0)
			if err != nil {
				t.Fatalf("decode %#08x: %v", tt.word, err)
			}
			r := regs.Regs{MSR: tt.msr, NIP: 0x1000}
			err = New(Config{Profile: tt.p}).StepWord(&r, &regions.Regions{}, tt.word, 0)
			var oe *OpError
			if !errors.As(err, &oe) || !errors.Is(err, tt.kind) {
				t.Fatalf("StepWord = %v, want an OpError matching %v", err, tt.kind)
			}
			if oe.Op != in.Op || oe.Op == 0 {
				t.Errorf("Op = %v, want %v", oe.Op, in.Op)
			}
			if strings.Contains(err.Error(), "Op(0)") || !strings.Contains(err.Error(), in.Op.String()) {
				t.Errorf("text %q does not name %v", err, in.Op)
			}
		})
	}
}

// TestRefusalOpSweep: over random words, machine states and both profiles,
// an OpError has no op only when the word does not decode.
func TestRefusalOpSweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 3))
	n := 200000
	if testing.Short() {
		n = 20000
	}
	mem := regions.Regions{{Addr: 0, Data: make([]byte, 0x10000), Writable: true}}
	emus := []*Emulator{New(Config{}), New(Config{Profile: QEMU})}
	msrs := []uint64{regs.MSRSF | regs.MSRPR, regs.MSRSF, emutest.MSR | regs.MSRLE, 0}
	for i := 0; i < n; i++ {
		w, s := rng.Uint32(), rng.Uint32()
		r := regs.Regs{MSR: msrs[i%len(msrs)], NIP: 0x100}
		for j := range r.GPR {
			r.GPR[j] = uint64(rng.IntN(0x8000))
		}
		err := emus[i%2].StepWord(&r, &mem, w, s)
		var oe *OpError
		if !errors.As(err, &oe) || oe.Op != 0 {
			continue
		}
		if _, derr := decode.Lookup(w, s); derr == nil {
			t.Fatalf("%#08x %#08x (MSR %#x, profile %d): %v: decodes, but the OpError has no op", w, s, r.MSR, i%2, err)
		}
		if strings.Contains(err.Error(), "Op(0)") {
			t.Fatalf("%#08x: text %q", w, err)
		}
	}
}

// TestRefusalAllocs: refusing allocates nothing once the op has been
// refused before (system call, facility unavailable, problem state).
func TestRefusalAllocs(t *testing.T) {
	e := New(Config{})
	var mem Memory = &regions.Regions{}
	for _, tt := range []struct {
		name string
		word uint32
		msr  uint64
	}{
		{"sc", 0x44000002, regs.MSRSF | regs.MSRPR},
		{"rfid", 0x4c000024, regs.MSRSF},
		{"fadd-fp-off", 0xfc22182a, regs.MSRSF | regs.MSRPR}, // fadd f1,f2,f3
		{"mfmsr-problem-state", 0x7c6000a6, regs.MSRSF | regs.MSRPR},
	} {
		in, err := decode.Lookup(tt.word, 0)
		if err != nil {
			t.Fatal(err)
		}
		r := new(regs.Regs)
		r.MSR = tt.msr
		allocs := testing.AllocsPerRun(100, func() {
			if e.Step(r, mem, in) == nil {
				t.Fatalf("%s: stepped", tt.name)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per refusal", tt.name, allocs)
		}
	}
}

// TestRefuseShared: goroutines refusing the same new keys at once all get
// one *OpError per key (the one refuse publishes first), with its reason
// joined from the key's parts; keys that differ only in a part or the op
// get different errors. Run with -race.
func TestRefuseShared(t *testing.T) {
	const keys, workers = 24, 8
	key := func(i int) refusalKey {
		return refusalKey{op: decode.Op(1 + i%3), kind: ErrNotEmulated, err: decode.ErrInvalidForm,
			reason: [4]string{"TestRefuseShared ", string(rune('a' + i)), ": ", "part"}}
	}
	got := make([][keys]*OpError, workers)
	done := make(chan int)
	for w := 0; w < workers; w++ {
		go func() {
			for i := 0; i < keys; i++ {
				got[w][(i+w)%keys] = refuse(key((i + w) % keys))
			}
			done <- w
		}()
	}
	for w := 0; w < workers; w++ {
		<-done
	}
	seen := map[*OpError]int{}
	for i := 0; i < keys; i++ {
		e := got[0][i]
		k := key(i)
		if e.Op != k.op || e.Kind != k.kind || e.Err != k.err || e.Reason != "TestRefuseShared "+string(rune('a'+i))+": part" {
			t.Errorf("key %d: %+v", i, e)
		}
		for w := 1; w < workers; w++ {
			if got[w][i] != e {
				t.Errorf("key %d: worker %d got another *OpError", i, w)
			}
		}
		if j, dup := seen[e]; dup {
			t.Errorf("keys %d and %d share an *OpError", j, i)
		}
		seen[e] = i
		if refuse(k) != e {
			t.Errorf("key %d: a later refuse gives another *OpError", i)
		}
	}
}
