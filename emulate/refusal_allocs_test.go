package emulate

import (
	"errors"
	"golang.org/x/arch/ppc64/ppc64asm"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestEveryRefusalAllocs: every way Step refuses an instruction (one
// encoding per place that builds a refusal: the shared per-op outcomes, the
// preallocated SPR, VMX and syscall refusals, the refusals whose text names
// the profile or the ISA level, a Difference row's "hardware result
// unknown" and the fixed texts of the semantic functions) allocates nothing
// once it has been given. Each case names a part of its reason, so that it
// is known to reach the place it stands for. Encodings from Power ISA 3.1B.
func TestEveryRefusalAllocs(t *testing.T) {
	const ea = scratchBase + 0x100 // a 128-byte-aligned address inside the scratch region
	tests := []struct {
		name   string
		word   uint32
		cfg    Config
		msr    uint64 // 0: the test machine's (problem state, FP/VMX/VSX on, big-endian)
		setup  func(r *regs.Regs)
		kind   error
		reason string // part of the refusal's text
	}{
		// Shared per-op outcomes (opErrs, notEmulatedErr).
		{name: "sc", word: enc(ppc64asm.SC, 0), kind: ErrMustNotStep, reason: "system call"},
		{name: "rfid", word: enc(ppc64asm.RFID), msr: regs.MSRSF, kind: ErrMustNotStep, reason: "return from interrupt"},
		{name: "fadd-fp-off", word: enc(ppc64asm.FADD, 1, 2, 3), msr: regs.MSRSF | regs.MSRPR, kind: ErrUnavailable, reason: "FP unavailable"},
		{name: "mfmsr-problem-state", word: enc(ppc64asm.MFMSR, 3), kind: ErrPrivileged, reason: "problem state"},
		// mfspr r3,2 in supervisor state: an SPR QEMU 7.2 does not provide.
		{name: "mfspr-qemu-supervisor", word: enc(ppc64asm.MFSPR, 3, 2), cfg: Config{Profile: QEMU}, msr: regs.MSRSF, kind: ErrIllegal, reason: "QEMU 7.2"},
		// ldu r3,0(r3): RA = RT, an invalid form.
		{name: "invalid-form-qemu", word: 0xe8630001, cfg: Config{Profile: QEMU}, kind: ErrIllegal, reason: "invalid form (qemu profile)"},
		// lwzu r3,0(0): update form with RA = 0 (Difference row update-ra0).
		{name: "update-ra0", word: 0x84600000, kind: ErrNotEmulated, reason: "RA=0"},
		// Level: setbc r3,0 (ISA 3.1) on POWER9.
		{name: "newer-than-level", word: enc(ppc64asm.SETBC, 3, 0), cfg: Config{Level: decode.LevelPOWER9}, kind: ErrIllegal, reason: "newer than POWER9"},
		// Semantic functions with a fixed text.
		{name: "darn-no-random", word: enc(ppc64asm.DARN, 3, 1), kind: ErrNotEmulated, reason: "no Config.Random"},       // darn r3,1
		{name: "mftb-no-timebase", word: enc(ppc64asm.MFTB, 3, 268), kind: ErrNotEmulated, reason: "no Config.TimeBase"}, // mftb r3
		{name: "lxvkq-reserved-uim", word: enc(ppc64asm.LXVKQ, 1, 15), kind: ErrIllegal, reason: "reserved UIM"},         // lxvkq vs1,15
		{name: "sync-l4-qemu", word: enc(ppc64asm.SYNC, 4, 0), cfg: Config{Profile: QEMU}, kind: ErrIllegal, reason: "qemu profile"},
		{name: "copy-power9", word: enc(ppc64asm.COPY, 3, 4), cfg: Config{Level: decode.LevelPOWER9}, kind: ErrNotEmulated, reason: "at POWER9"},                      // copy r3,r4
		{name: "copy-ea-unaligned", word: enc(ppc64asm.COPY, 3, 4), setup: func(r *regs.Regs) { r.GPR[4] = ea + 8 }, kind: ErrNotEmulated, reason: "multiple of 128"}, // copy r3,r4 (r3 = 0)
		{name: "paste-l0", word: enc(ppc64asm.PASTECC, 3, 4, 0), setup: func(r *regs.Regs) { r.GPR[4] = ea }, kind: ErrNotEmulated, reason: "L=0"},                    // paste. r3,r4,0 (r3 = 0)
		// mftb r3 with a TBR other than 268/269 (mftb-tbr).
		{name: "mftb-tbr", word: enc(ppc64asm.MFTB, 3, 266), cfg: Config{TimeBase: func() uint64 { return 0 }}, kind: ErrNotEmulated, reason: "TBR other than"},
		// Profile-dependent texts: the profile's name, "hardware result unknown".
		{name: "addex-cy-hardware", word: enc(ppc64asm.ADDEX, 3, 4, 5, 2), kind: ErrNotEmulated, reason: "reserved CY value: hardware result unknown"},           // addex r3,r4,r5,2
		{name: "addex-cy-qemu", word: enc(ppc64asm.ADDEX, 3, 4, 5, 2), cfg: Config{Profile: QEMU}, kind: ErrIllegal, reason: "reserved CY value (qemu profile)"}, // addex r3,r4,r5,2
		{name: "fres-estimate", word: enc(ppc64asm.FRES, 1, 2), kind: ErrNotEmulated, reason: "estimate: hardware result unknown"},                               // fres f1,f2
		{name: "fadd-fpscr-ni", word: enc(ppc64asm.FADD, 1, 2, 3), setup: func(r *regs.Regs) { r.FPSCR |= regs.FPSCRNI }, kind: ErrNotEmulated, reason: "non-IEEE"},
		{name: "lmw-unaligned", word: enc(ppc64asm.LMW, 30, 1, 0), kind: ErrNotEmulated, reason: "unaligned load/store multiple"}, // lmw r30,1(0)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := decode.Lookup(tt.word, 0)
			if err != nil {
				t.Fatalf("decode %#08x: %v", tt.word, err)
			}
			m := newMachine(false)
			if tt.msr != 0 {
				m.r.MSR = tt.msr
			}
			if tt.setup != nil {
				tt.setup(&m.r)
			}
			before := m.r
			e := New(tt.cfg)
			var mem Memory = m.mem
			var got error
			allocs := testing.AllocsPerRun(100, func() {
				got = e.Step(&m.r, mem, in)
			})
			var oe *OpError
			if !errors.As(got, &oe) || !errors.Is(got, tt.kind) {
				t.Fatalf("%v: Step = %v, want an *OpError matching %v", in.Op, got, tt.kind)
			}
			if oe.Op != in.Op || !strings.Contains(oe.Reason, tt.reason) && !strings.Contains(got.Error(), tt.reason) {
				t.Errorf("Step = %v (op %v), want op %v and a text with %q", got, oe.Op, in.Op, tt.reason)
			}
			if m.r != before {
				t.Errorf("registers changed by a refusal")
			}
			if allocs != 0 {
				t.Errorf("%v allocations per refusal (%v), want 0", allocs, got)
			}
			// The same through StepWord, as the README steps.
			if allocs := testing.AllocsPerRun(100, func() {
				got = e.StepWord(&m.r, mem, tt.word, 0)
			}); allocs != 0 || !errors.Is(got, tt.kind) {
				t.Errorf("StepWord: %v allocations per refusal (%v), want 0 and %v", allocs, got, tt.kind)
			}
		})
	}
}

// TestIllegalWordAllocs: StepWord of a word that does not decode refuses it
// (ErrIllegal, no op, the decode error) without allocating once the word
// has been seen. Words from Power ISA 3.1B: primary opcode 0 is not an
// instruction; 0x04000000 is a prefix (opcode 1, type 0) whose suffix 0
// is no prefixed instruction; opcode 31 with extended opcode 1023 is
// unassigned.
func TestIllegalWordAllocs(t *testing.T) {
	e := New(Config{})
	var mem Memory = &regions.Regions{}
	for _, w := range [][2]uint32{{0, 0}, {0x04000000, 0}, {0x7c0007fe, 0}} {
		r := regs.Regs{MSR: emutest.MSR}
		var got error
		allocs := testing.AllocsPerRun(100, func() { got = e.StepWord(&r, mem, w[0], w[1]) })
		var oe *OpError
		var de *decode.DecodeError
		if !errors.As(got, &oe) || oe.Op != 0 || !errors.Is(got, ErrIllegal) || !errors.As(got, &de) || de.Word != w[0] {
			t.Errorf("%#08x: StepWord = %v, want an *OpError without op, matching ErrIllegal, wrapping the word's decode error", w[0], got)
		}
		if allocs != 0 {
			t.Errorf("%#08x: %v allocations per refusal, want 0", w[0], allocs)
		}
	}
}

// TestRefusalAllocsSweep: over every op (its base encoding, and the same
// word with all the operand bits set), both profiles, POWER9 and POWER10,
// problem and supervisor state, with FP/VMX/VSX on and off, a step that is
// refused (an *OpError) allocates nothing the second time.
func TestRefusalAllocsSweep(t *testing.T) {
	type setup struct {
		cfg Config
		msr uint64
	}
	setups := []setup{
		{Config{}, emutest.MSR},
		{Config{Profile: QEMU}, emutest.MSR},
		{Config{Level: decode.LevelPOWER9}, emutest.MSR},
		{Config{}, regs.MSRSF | regs.MSRPR},
		{Config{Profile: QEMU}, regs.MSRSF},
	}
	refusals := 0
	for _, s := range setups {
		e := New(s.cfg)
		for i := range decode.NumOps {
			mask, value, _, ok := decode.Encoding(decode.Op(i))
			if !ok {
				continue
			}
			for _, v := range []uint64{value, value | ^mask} {
				in, err := decode.Lookup(uint32(v>>32), uint32(v))
				if err != nil {
					continue
				}
				m := newMachine(false)
				m.r.MSR = s.msr
				for j := range m.r.GPR {
					m.r.GPR[j] = scratchBase + 0x100
				}
				var mem Memory = m.mem
				var oe *OpError
				if !errors.As(e.Step(&m.r, mem, in), &oe) {
					continue
				}
				refusals++
				var got error
				if a := testing.AllocsPerRun(1, func() { got = e.Step(&m.r, mem, in) }); a != 0 {
					t.Errorf("%v (%#016x, %+v, MSR %#x): %v allocations per refusal (%v)", in.Op, v, s.cfg, s.msr, a, got)
				}
			}
		}
	}
	if refusals < 1000 {
		t.Errorf("only %d refusals seen: the sweep does not reach the refusals", refusals)
	}
	t.Logf("%d refusals", refusals)
}
