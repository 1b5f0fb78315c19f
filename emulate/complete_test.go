package emulate

import (
	"errors"
	"math"
	"testing"

	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// stepComplete steps words on the hardware profile with Config.Complete
// set or not.
func (m *machine) stepComplete(t testing.TB, complete bool, words ...uint32) error {
	t.Helper()
	b := make([]byte, 4*len(words))
	for i, w := range words {
		m.order().PutUint32(b[4*i:], w)
	}
	return New(Config{Profile: Hardware, Complete: complete}).StepBytes(&m.r, m.mem, b)
}

// TestComplete: where no source shows the POWER9/10 result, the hardware
// profile answers ErrNotEmulated with the state untouched (a debugger
// steps the real CPU) and, with Config.Complete, takes the row's Runner
// choice; a quadword access off a 16-byte boundary is the alignment
// interrupt, and with Complete it is performed as Linux's alignment
// handler performs it. Expected values are the ISA's: fre's estimate
// within the ISA's relative error bound (1/256 is the loosest any
// version states), lvebx's element in place, CR6 = SO for an invalid BCD
// operand, lq's doublewords from EA and EA+8 in big-endian mode, lmw's
// words in the process's byte order (Linux's emulate_loadstore), also
// from an address off a word boundary, wait
// resuming at the next instruction.
func TestComplete(t *testing.T) {
	const x = 3.0
	for _, c := range []struct {
		name  string
		row   diffID
		le    bool
		setup func(m *machine)
		word  uint32
		check func(m *machine) bool
	}{
		{"fre", diffFPEstimate, true, func(m *machine) { m.r.SetFPR(2, math.Float64bits(x)) },
			enc(ppc64asm.FRE, 1, 2), func(m *machine) bool {
				return math.Abs(math.Float64frombits(m.r.FPR(1))*x-1) <= 1.0/256
			}},
		{"lvebx", diffLveOtherBytes, false, func(m *machine) {
			m.r.GPR[3] = scratchBase + 5
			m.scratch[5] = 0xab
			m.r.SetVR(1, regs.VSR{})
		}, enc(ppc64asm.LVEBX, 1, 0, 3), func(m *machine) bool {
			return m.r.VR(1) == regs.VSR{Hi: 0xab << 16} // byte 5 of VRT in BE numbering
		}},
		{"bcdadd. invalid sign", diffBCDInvalid, true, func(m *machine) {
			m.r.SetVR(2, regs.VSR{Lo: 0x15})
			m.r.SetVR(3, regs.VSR{Lo: 0x1c})
		}, enc(ppc64asm.BCDADDCC, 1, 2, 3, 0), func(m *machine) bool { return m.r.CRField(6) == regs.CRSO }},
		{"lmw little-endian", diffMultipleLe, true, func(m *machine) {
			m.r.GPR[3] = scratchBase
			copy(m.scratch, []byte{1, 2, 3, 4, 5, 6, 7, 8})
		}, enc(ppc64asm.LMW, 30, 0, 3), func(m *machine) bool {
			return m.r.GPR[30] == 0x04030201 && m.r.GPR[31] == 0x08070605
		}},
		{"wait", diffWait, true, func(m *machine) {}, enc(ppc64asm.WAIT, 0, 0),
			func(m *machine) bool { return m.r.NIP == cia+4 }},
		{"lmw unaligned", diffLmwUnaligned, false, func(m *machine) {
			m.r.GPR[3] = scratchBase + 2
			copy(m.scratch[2:], []byte{1, 2, 3, 4, 5, 6, 7, 8})
		}, enc(ppc64asm.LMW, 30, 0, 3), func(m *machine) bool {
			return m.r.GPR[30] == 0x01020304 && m.r.GPR[31] == 0x05060708
		}},
		{"lq unaligned", diffLqUnaligned, false, func(m *machine) {
			m.r.GPR[3] = scratchBase + 8
			for i := range 16 {
				m.scratch[8+i] = byte(i + 1)
			}
		}, enc(ppc64asm.LQ, 4, 0, 3), func(m *machine) bool {
			return m.r.GPR[4] == 0x0102030405060708 && m.r.GPR[5] == 0x090a0b0c0d0e0f10
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if differenceRows[c.row].Runner == "" {
				t.Fatalf("row %s has no Runner choice", differenceRows[c.row].ID)
			}
			m := newMachine(c.le)
			c.setup(m)
			before := m.r
			err := m.stepComplete(t, false, c.word)
			var f *Fault
			if !errors.Is(err, ErrNotEmulated) && !(errors.As(err, &f) && f.Alignment) {
				t.Errorf("without Complete: %v, want ErrNotEmulated or an alignment interrupt", err)
			}
			if m.r != before {
				t.Error("without Complete: the state changed")
			}
			if err := m.stepComplete(t, true, c.word); err != nil {
				t.Fatalf("with Complete: %v", err)
			}
			if !c.check(m) {
				t.Errorf("with Complete: wrong result (FPR1 %#x VR1 %x CR %#x r4 %#x r5 %#x)",
					m.r.FPR(1), m.r.VR(1), m.r.CR, m.r.GPR[4], m.r.GPR[5])
			}
		})
	}
	// Every Runner choice is a documented change of a hardware step or of
	// an interrupt Linux completes.
	for _, d := range Differences() {
		if d.Runner != "" && d.Hardware != HardwareStep && d.ID != "lq-unaligned" && d.ID != "multiple-le" {
			t.Errorf("row %s: Runner choice for hardware action %v", d.ID, d.Hardware)
		}
	}
}
