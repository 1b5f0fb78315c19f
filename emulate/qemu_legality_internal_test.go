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
	byName := map[string]decode.Op{}
	for i := 1; i < decode.NumOps; i++ {
		byName[decode.Op(i).String()] = decode.Op(i)
	}
	seen := map[string]bool{}
	for _, row := range qemuLegalityRows {
		op, ok := byName[row.name]
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

// TestQEMULegalityHandLists: the hand-filled qemuReservedOK and
// qemuInvalidFormOK entries (no longer consulted) must agree with the
// measurement, so that deleting them changes nothing.
func TestQEMULegalityHandLists(t *testing.T) {
	for i := 1; i < decode.NumOps; i++ {
		op := decode.Op(i)
		if _, value, _, _ := decode.Encoding(op); !decodesAsItself(op, value) {
			continue // never comes out of the decoder (cmp, cmpi, …): unmeasured
		}
		if hand := uint64(qemuReservedOK[op]) << 32; hand != 0 {
			_, _, rsv, _ := decode.Encoding(op)
			if extra := hand & rsv &^ qemuLegality[op].ignored; extra != 0 {
				t.Errorf("%v: qemuReservedOK has bits %#x that the survey measured as not ignored", op, extra)
			}
		}
		if qemuInvalidFormOK[op] && !qemuLegality[op].invExec {
			t.Errorf("%v: qemuInvalidFormOK, but the survey measured its invalid forms as refused", op)
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
		if Emulated(op) {
			t.Errorf("%v: emulated, but QEMU refuses it in problem state: Step's fast path would execute it", op)
			continue
		}
		r := regs.Regs{MSR: regs.MSRPR | regs.MSRSF}
		err = New(Config{Profile: QEMU}).Step(&r, nil, &in)
		if !errors.Is(err, ErrIllegal) && !errors.Is(err, ErrPrivileged) {
			t.Errorf("%v: QEMU profile, problem state: %v, want refused", op, err)
		}
		if err := New(Config{}).Step(&r, nil, &in); !errors.Is(err, ErrNotEmulated) {
			t.Errorf("%v: hardware profile: %v, want ErrNotEmulated", op, err)
		}
	}
}

func decodesAsItself(op decode.Op, x uint64) bool {
	in, err := decode.DecodeWord(uint32(x>>32), uint32(x))
	return err == nil && in.Op == op
}
