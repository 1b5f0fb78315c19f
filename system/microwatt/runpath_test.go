package microwatt_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/system/microwatt"
)

// machineState is what the per-step path and Run's fast path must leave
// identical: registers, SPRs, the step count, memory and the console.
type machineState struct {
	Regs    any
	SPR     any
	Steps   uint64
	Taken   any
	RAM     [32]byte
	Console string
	Err     string
}

func stateOf(m *microwatt.Machine, out *bytes.Buffer, err error) machineState {
	s := machineState{
		Regs: m.CPU.Regs, SPR: m.CPU.SPR, Steps: m.CPU.Steps, Taken: m.CPU.Taken,
		RAM: sha256.Sum256(m.RAM), Console: out.String(),
	}
	if err != nil {
		s.Err = err.Error()
	}
	return s
}

// TestRunSameAsStep runs each of Microwatt's tests twice, with
// CPU.StepExact (Step per instruction) and through Run's fast path
// (stretches through emulate.Run), and compares the registers, SPRs,
// step count, memory and console output at the end (issue 29 item 5).
func TestRunSameAsStep(t *testing.T) {
	names := microwattTests(t)
	if len(names) == 0 {
		t.Skip("Microwatt's tests not found: run scripts/microwatt-tests.sh, or set MICROWATT_DIR to a checkout of github.com/antonblanchard/microwatt")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			bin, ok := microwattFile(t, "tests/test_"+name+".bin")
			if !ok {
				t.Skipf("test_%s.bin not readable", name)
			}
			var got [2]machineState
			for i, exact := range []bool{true, false} {
				m, out := newMachine(t, bin)
				m.CPU.StepExact = exact
				err := m.Run(50_000_000)
				got[i] = stateOf(m, out, err)
			}
			if d := cmp.Diff(got[0], got[1]); d != "" {
				t.Errorf("Step path vs Run's fast path (-step +run):\n%s", d)
			}
		})
	}
}

// TestLinuxBootRunSameAsStep boots the Linux image of TestLinuxBoot both
// ways for the same numbers of steps and compares the machine at each
// checkpoint.
func TestLinuxBootRunSameAsStep(t *testing.T) {
	file, img := linuxImageFile(t)
	vmlinux, dtb := vmlinuxOf(t, file, img)
	var ms [2]*microwatt.Machine
	var outs [2]*bytes.Buffer
	for i := range ms {
		outs[i] = new(bytes.Buffer)
		m, err := microwatt.New(microwatt.Config{RAMSize: 256 << 20, Console: outs[i]})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.LoadLinux(vmlinux, dtb); err != nil {
			t.Fatal(err)
		}
		m.CPU.StepExact = i == 0
		ms[i] = m
	}
	const chunk, chunks = 5_000_000, 8
	for k := 1; k <= chunks; k++ {
		var got [2]machineState
		for i, m := range ms {
			err := m.Run(chunk)
			if errors.Is(err, emulate.ErrStepLimit) {
				err = nil
			}
			got[i] = stateOf(m, outs[i], err)
		}
		if d := cmp.Diff(got[0], got[1]); d != "" {
			t.Fatalf("after %d steps: Step path vs Run's fast path (-step +run):\n%s", k*chunk, d)
		}
	}
	t.Logf("identical over %d steps; console: %d bytes", chunk*chunks, outs[0].Len())
}
