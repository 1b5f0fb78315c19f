package emulate_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestRunReadCacheAcrossRuns: Run keeps the pages it read through its
// data cache for the next Run on the same memory while the memory's
// Generation stays (paged.go, pageCache.rKept). A loop loads a
// doubleword from a data page until it is hot (a block, generated code
// under EngineNative); then, between two Runs, the page's contents or
// its mapping change, or the next access is a Step on another memory
// holding other data at that address, and the loads after it must see
// the new state: the new value, or the fault of an unreadable page.
func TestRunReadCacheAcrossRuns(t *testing.T) {
	const (
		data  = 0x50000
		loops = 400 // hot: blockHot entries and the native threshold after them
	)
	msr := uint64(regs.MSRLinuxUserLE)
	dw := func(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
	// The loop: ld r3,0(r4); addi r5,r5,1; b back.
	prog := []uint32{enc(ppc64asm.LD, 3, 0, 4), enc(ppc64asm.ADDI, 5, 5, 1), enc(ppc64asm.B, -8)}
	for _, tc := range []struct {
		name string
		// between changes m after the first Run; m2, when it returns
		// one, is the memory of the Step after it (the Run after uses m).
		between func(t *testing.T, m *mem.Memory) *mem.Memory
		want    uint64 // r3 after the next Run
		fault   bool   // the next Run's load faults instead
	}{
		{name: "nothing", between: func(*testing.T, *mem.Memory) *mem.Memory { return nil }, want: 1},
		{name: "Poke (same storage)", between: func(t *testing.T, m *mem.Memory) *mem.Memory {
			if err := m.Poke(data, dw(2)); err != nil {
				t.Fatal(err)
			}
			return nil
		}, want: 2},
		{name: "Unmap and Map (other storage: Generation)", between: func(t *testing.T, m *mem.Memory) *mem.Memory {
			if err := m.Unmap(data, mem.PageSize); err != nil {
				t.Fatal(err)
			}
			if err := m.Map(data, mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			if err := m.Poke(data, dw(3)); err != nil {
				t.Fatal(err)
			}
			return nil
		}, want: 3},
		{name: "Protect to none (Generation)", between: func(t *testing.T, m *mem.Memory) *mem.Memory {
			if err := m.Protect(data, mem.PageSize, 0); err != nil {
				t.Fatal(err)
			}
			return nil
		}, fault: true},
		{name: "Step on another memory", between: func(t *testing.T, m *mem.Memory) *mem.Memory {
			m2 := code(t, msr, codeBase, mem.RX, prog...)
			if err := m2.Map(data, mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			if err := m2.Poke(data, dw(4)); err != nil {
				t.Fatal(err)
			}
			return m2
		}, want: 1},
	} {
		for _, engine := range []emulate.Engine{emulate.EngineNative, emulate.EngineBlock, emulate.EngineCached} {
			t.Run(tc.name+"/"+engine.String(), func(t *testing.T) {
				m := code(t, msr, codeBase, mem.RX, prog...)
				if err := m.Map(data, mem.PageSize, mem.RW); err != nil {
					t.Fatal(err)
				}
				if err := m.Poke(data, dw(1)); err != nil {
					t.Fatal(err)
				}
				e := emulate.New(emulate.Config{Engine: engine})
				r := regs.Regs{MSR: msr, NIP: codeBase}
				r.GPR[4] = data
				if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 3 * loops}); !errors.Is(err, emulate.ErrStepLimit) {
					t.Fatalf("first Run: %v", err)
				}
				if r.GPR[3] != 1 || r.NIP != codeBase {
					t.Fatalf("first Run: r3 %d at %#x; want 1 at %#x", r.GPR[3], r.NIP, uint64(codeBase))
				}
				if m2 := tc.between(t, m); m2 != nil {
					// The Step's load: from m2, not from a page of m
					// a Run cached.
					r2 := regs.Regs{MSR: msr, NIP: codeBase}
					r2.GPR[4] = data
					if err := e.Fetch(&r2, m2); err != nil || r2.GPR[3] != 4 {
						t.Fatalf("Step on m2: %v, r3 %d; want r3 4", err, r2.GPR[3])
					}
				}
				r.GPR[3] = 0
				_, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 3 * 10})
				if tc.fault {
					if errors.Is(err, emulate.ErrStepLimit) || err == nil || r.NIP != codeBase {
						t.Fatalf("second Run: %v at %#x; want the load's fault at %#x", err, r.NIP, uint64(codeBase))
					}
					return
				}
				if !errors.Is(err, emulate.ErrStepLimit) || r.GPR[3] != tc.want {
					t.Fatalf("second Run: %v, r3 %d; want r3 %d", err, r.GPR[3], tc.want)
				}
			})
		}
	}
}
