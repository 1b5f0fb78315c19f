package emulate

import (
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
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
		_, value, _, _ := decode.Encoding(op)
		in, err := decode.DecodeWord(uint32(value>>32), uint32(value))
		if err != nil || in.Op != op || in.Flags&decode.FlagPrivileged != 0 {
			continue
		}
		t.Logf("%v: refused with si_code %d, not FlagPrivileged, emulated=%v", op, q.psCode, Emulated(op))
		// Step's fast path runs an emulated op's semantic function without
		// consulting the table, so such a function must refuse by itself
		// under the QEMU profile (icbt does).
		r := regs.Regs{MSR: regs.MSRPR | regs.MSRSF}
		err = New(Config{Profile: QEMU}).Step(&r, emulateNoMemory{}, &in)
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

func (emulateNoMemory) Read(uint64, []byte) error  { return ErrUnmapped }
func (emulateNoMemory) Write(uint64, []byte) error { return ErrUnmapped }
