package emulate

import (
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestQEMULegalityRows: every generated row names an op of this x/arch
// version, once, and its ignored bits are reserved bits of the op.
func TestQEMULegalityRows(t *testing.T) {
	seen := map[string]bool{}
	for _, row := range qemuLegalityRows {
		op, ok := decode.OpByName(row.name)
		if !ok {
			t.Errorf("row %q: no such op", row.name)
			continue
		}
		if seen[row.name] {
			t.Errorf("row %q: duplicate", row.name)
		}
		seen[row.name] = true
		_, _, rsv, _ := decode.Encoding(op)
		if row.ignored&^rsv != 0 {
			t.Errorf("%s: ignored %#x not within the reserved mask %#x", row.name, row.ignored, rsv)
		}
	}
}

// TestQEMURefusedUnprivileged lists the ops QEMU refuses in problem state
// although the decoder does not mark them privileged.
func TestQEMURefusedUnprivileged(t *testing.T) {
	for i := 1; i < decode.NumOps; i++ {
		op := decode.Op(i)
		q := qemuLegality[op]
		if q.psCode == 0 {
			continue
		}
		in, ok := decode.BaseInst(op)
		if !ok || in.Has(decode.FlagPrivileged) {
			continue
		}
		t.Logf("%v: refused with si_code %d, not FlagPrivileged, emulated=%v", op, q.psCode, Emulated(op))
		// Step's fast path runs an emulated op's semantic function without
		// consulting the table, so such a function must refuse by itself
		// under the QEMU profile (icbt does).
		r := regs.Regs{MSR: regs.MSRPR | regs.MSRSF}
		err := New(Config{Profile: QEMU}).Step(&r, emulateNoMemory{}, &in)
		if !errors.Is(err, ErrIllegal) && !errors.Is(err, ErrPrivileged) {
			t.Errorf("%v: QEMU profile, problem state: %v, want refused", op, err)
		}
		if Emulated(op) {
			continue
		}
		if err := New(Config{}).Step(&r, emulateNoMemory{}, &in); !errors.Is(err, ErrNotEmulated) {
			t.Errorf("%v: hardware profile: %v, want ErrNotEmulated", op, err)
		}
	}
}

// emulateNoMemory faults every access.
type emulateNoMemory struct{}

func (emulateNoMemory) Read(uint64, []byte) error  { return mem.ErrUnmapped }
func (emulateNoMemory) Write(uint64, []byte) error { return mem.ErrUnmapped }

// TestQEMUReservedBitsOnRefused: which reserved bits keep the privileged
// outcome of an op refused in problem state is per bit (QEMU 7.2 harness:
// hrfid 4c001a24, bits 19:20 set, gives SIGILL code 5; 4c000225, bit 31
// set, gives code 1; mtspr of SPR 26 with bit 31 set keeps code 6).
func TestQEMUReservedBitsOnRefused(t *testing.T) {
	for _, tc := range []struct {
		word uint32
		want error
	}{
		{0x4c001a24, ErrPrivileged},
		{0x4c000225, ErrIllegal},
		{0x4c200224, ErrIllegal},
		{0x7c7a03a7, ErrPrivileged}, // mtspr SRR0,r3 with bit 31
	} {
		in, err := decode.DecodeWord(tc.word, 0)
		if err != nil {
			t.Fatal(err)
		}
		r := regs.Regs{MSR: regs.MSRPR | regs.MSRSF}
		if err := New(Config{Profile: QEMU}).Step(&r, emulateNoMemory{}, &in); !errors.Is(err, tc.want) {
			t.Errorf("%08x (%v): %v, want %v", tc.word, in.Op, err, tc.want)
		}
	}
}
