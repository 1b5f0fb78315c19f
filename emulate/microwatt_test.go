package emulate_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestMicrowattRandom runs Microwatt's random instruction tests
// (tests/N.bin of github.com/antonblanchard/microwatt, with the register
// dumps N.out recorded on POWER9: shared/reference/power9-behaviour.md)
// on the hardware profile. They are not in this repository:
// scripts/microwatt-tests.sh fetches them and sets MICROWATT_TESTS to
// their directory; without it the test skips.
//
// Each image is loaded at 0 and run from 0 in 64-bit little-endian mode
// (Microwatt's reset state) up to the trap that ends it, whose program
// interrupt reaches the attn at 0x700 where Microwatt's test bench dumps
// the registers. The dump's GPR0-GPR30, CR, LR, CTR and XER are compared
// (GPR31 is not, as Microwatt's scripts/run_test.sh does not).
func TestMicrowattRandom(t *testing.T) {
	dir := os.Getenv("MICROWATT_TESTS")
	if dir == "" {
		t.Skip("MICROWATT_TESTS not set: scripts/microwatt-tests.sh fetches Microwatt's tests and runs this")
	}
	bins, err := filepath.Glob(filepath.Join(dir, "[0-9]*.bin"))
	if err != nil || len(bins) == 0 {
		t.Fatalf("no tests in %s (%v)", dir, err)
	}
	sort.Slice(bins, func(i, j int) bool {
		return len(bins[i]) < len(bins[j]) || len(bins[i]) == len(bins[j]) && bins[i] < bins[j]
	})
	pass := 0
	for _, bin := range bins {
		name := strings.TrimSuffix(filepath.Base(bin), ".bin")
		want, err := readMicrowattDump(strings.TrimSuffix(bin, ".bin") + ".out")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		got, err := runMicrowattImage(bin)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if diff := dumpDiff(want, got); diff != "" {
			t.Errorf("%s: differs from POWER9:\n%s", name, diff)
			continue
		}
		pass++
	}
	t.Logf("Microwatt random tests: %d/%d pass", pass, len(bins))
}

// runMicrowattImage runs one image and returns its register dump.
func runMicrowattImage(bin string) (map[string]string, error) {
	img, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	m := mem.New()
	size := (uint64(len(img)) + 0xffff) &^ 0xffff
	if err := m.Map(0, size, mem.RWX); err != nil {
		return nil, err
	}
	if err := m.Write(0, img); err != nil {
		return nil, err
	}
	var r regs.Regs
	r.MSR = regs.MSRSF | regs.MSRLE
	e := emulate.New(emulate.Config{Profile: emulate.Hardware})
	n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 1 << 20})
	if !errors.Is(err, emulate.ErrTrap) {
		return nil, fmt.Errorf("stopped at %#x after %d instructions: %v, want the final trap", r.NIP, n, err)
	}
	d := map[string]string{
		"CR":  fmt.Sprintf("%016X", uint64(r.CR)),
		"LR":  fmt.Sprintf("%016X", r.LR),
		"CTR": fmt.Sprintf("%016X", r.CTR),
		"XER": fmt.Sprintf("%016X", r.XER),
	}
	for i := range 31 {
		d[fmt.Sprintf("GPR%d", i)] = fmt.Sprintf("%016X", r.GPR[i])
	}
	return d, nil
}

// readMicrowattDump reads a dump's "NAME VALUE" lines (GPR31's value is
// empty and not compared).
func readMicrowattDump(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && f[0] != "GPR31" {
			d[f[0]] = strings.ToUpper(f[1])
		}
	}
	if len(d) != 35 {
		return nil, fmt.Errorf("%s: %d registers, want 35", path, len(d))
	}
	return d, nil
}

// dumpDiff lists the registers whose values differ, sorted.
func dumpDiff(want, got map[string]string) string {
	var out []string
	for k, w := range want {
		if g := got[k]; g != w {
			out = append(out, fmt.Sprintf("  %s: got %s, want %s", k, g, w))
		}
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}
