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
// Generation stays (paged.go, pageCache.begin and end). A loop loads a
// doubleword from a data page until it is hot (a block, generated code
// under EngineNative); then, between two Runs, the page's contents or
// its mapping change, or the next access is a Step on another memory
// holding other data at that address, and the loads after it must see
// the new state: the new value, or the fault of an unreadable page.
func TestRunReadCacheAcrossRuns(t *testing.T) {
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
			if err := m.Poke(keptData, dw(2)); err != nil {
				t.Fatal(err)
			}
			return nil
		}, want: 2},
		{name: "Unmap and Map (other storage: Generation)", between: func(t *testing.T, m *mem.Memory) *mem.Memory {
			if err := m.Unmap(keptData, mem.PageSize); err != nil {
				t.Fatal(err)
			}
			if err := m.Map(keptData, mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			if err := m.Poke(keptData, dw(3)); err != nil {
				t.Fatal(err)
			}
			return nil
		}, want: 3},
		{name: "Protect to none (Generation)", between: func(t *testing.T, m *mem.Memory) *mem.Memory {
			if err := m.Protect(keptData, mem.PageSize, 0); err != nil {
				t.Fatal(err)
			}
			return nil
		}, fault: true},
		{name: "Step on another memory", between: func(t *testing.T, m *mem.Memory) *mem.Memory {
			m2 := code(t, msr, codeBase, mem.RX, prog...)
			if err := m2.Map(keptData, mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			if err := m2.Poke(keptData, dw(4)); err != nil {
				t.Fatal(err)
			}
			return m2
		}, want: 1},
	} {
		for _, engine := range []emulate.Engine{emulate.EngineNative, emulate.EngineBlock, emulate.EngineCached} {
			t.Run(tc.name+"/"+engine.String(), func(t *testing.T) {
				e, r, m := hotRun(t, engine, prog, mem.RW, dw(1))
				if r.GPR[3] != 1 || r.NIP != codeBase {
					t.Fatalf("first Run: r3 %d at %#x; want 1 at %#x", r.GPR[3], r.NIP, uint64(codeBase))
				}
				if m2 := tc.between(t, m); m2 != nil {
					// The Step's load: from m2, not from a page of m
					// a Run cached.
					r2 := regs.Regs{MSR: msr, NIP: codeBase}
					r2.GPR[4] = keptData
					if err := e.Fetch(&r2, m2); err != nil || r2.GPR[3] != 4 {
						t.Fatalf("Step on m2: %v, r3 %d; want r3 4", err, r2.GPR[3])
					}
				}
				r.GPR[3] = 0
				if !runAgain(t, e, r, m, tc.fault) {
					return
				}
				if r.GPR[3] != tc.want {
					t.Fatalf("second Run: r3 %d; want r3 %d", r.GPR[3], tc.want)
				}
			})
		}
	}
}

// The data page and loop of TestRunReadCacheAcrossRuns and
// TestRunWriteCacheAcrossRuns.
const (
	keptData  = 0x50000
	keptLoops = 400 // hot: blockHot entries and the native threshold after them
)

// hotRun maps prog at codeBase and a page of perm at keptData holding
// init, and runs prog there with r4 = keptData under engine for keptLoops
// iterations of its three instructions (a Run ending at its step limit).
func hotRun(t *testing.T, engine emulate.Engine, prog []uint32, perm mem.Perm, init []byte) (*emulate.Emulator, *regs.Regs, *mem.Memory) {
	t.Helper()
	msr := uint64(regs.MSRLinuxUserLE)
	m := code(t, msr, codeBase, mem.RX, prog...)
	if err := m.Map(keptData, mem.PageSize, perm); err != nil {
		t.Fatal(err)
	}
	if err := m.Poke(keptData, init); err != nil {
		t.Fatal(err)
	}
	e := emulate.New(emulate.Config{Engine: engine})
	r := &regs.Regs{MSR: msr, NIP: codeBase}
	r.GPR[4] = keptData
	if _, err := e.Run(r, m, emulate.RunOptions{MaxSteps: 3 * keptLoops}); !errors.Is(err, emulate.ErrStepLimit) {
		t.Fatalf("first Run: %v", err)
	}
	return e, r, m
}

// runAgain runs ten more iterations and reports whether they ran to the
// step limit; with fault, they must instead stop at the first
// instruction's fault (and runAgain reports false).
func runAgain(t *testing.T, e *emulate.Emulator, r *regs.Regs, m *mem.Memory, fault bool) bool {
	t.Helper()
	_, err := e.Run(r, m, emulate.RunOptions{MaxSteps: 3 * 10})
	if fault {
		if errors.Is(err, emulate.ErrStepLimit) || err == nil || r.NIP != codeBase {
			t.Fatalf("second Run: %v at %#x; want the access's fault at %#x", err, r.NIP, uint64(codeBase))
		}
		return false
	}
	if !errors.Is(err, emulate.ErrStepLimit) {
		t.Fatalf("second Run: %v", err)
	}
	return true
}

// TestRunWriteCacheAcrossRuns: Run keeps the pages it wrote through its
// data cache for the next Run on the same memory while the memory's
// Generation stays, except pages lent with execute permission (paged.go,
// pageCache.end). A loop stores a counter into a data page until it is
// hot (a block, generated code under EngineNative); then, between two
// Runs, the page's mapping changes, the memory is cloned (a fork's
// copy-on-write) or nothing happens, and the stores of the next Run must
// land where the memory now has the page, or fault. A page with execute
// permission is lent again in the next Run (mem.Memory.ExecWrites moves:
// another thread's decoded code on it is checked again).
func TestRunWriteCacheAcrossRuns(t *testing.T) {
	// The loop: std r3,0(r4); addi r3,r3,1; b back.
	prog := []uint32{enc(ppc64asm.STD, 3, 0, 4), enc(ppc64asm.ADDI, 3, 3, 1), enc(ppc64asm.B, -8)}
	peek := func(t *testing.T, m *mem.Memory) uint64 {
		var b [8]byte
		if err := m.Peek(keptData, b[:]); err != nil {
			t.Fatal(err)
		}
		return binary.LittleEndian.Uint64(b[:])
	}
	for _, tc := range []struct {
		name string
		perm mem.Perm // the data page's
		// between changes m after the first Run (r3 is then n, the
		// last value stored n-1); check looks at the memories after
		// the second Run, which stores from 1000 on.
		between func(t *testing.T, m *mem.Memory) (check func(t *testing.T, m *mem.Memory))
		fault   bool // the second Run's store faults instead
	}{
		{name: "nothing", perm: mem.RW, between: func(*testing.T, *mem.Memory) func(*testing.T, *mem.Memory) {
			return nil
		}},
		{name: "Unmap and Map (other storage: Generation)", perm: mem.RW, between: func(t *testing.T, m *mem.Memory) func(*testing.T, *mem.Memory) {
			if err := m.Unmap(keptData, mem.PageSize); err != nil {
				t.Fatal(err)
			}
			if err := m.Map(keptData, mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			return nil
		}},
		{name: "Protect to read-only (Generation)", perm: mem.RW, between: func(t *testing.T, m *mem.Memory) func(*testing.T, *mem.Memory) {
			if err := m.Protect(keptData, mem.PageSize, mem.Read); err != nil {
				t.Fatal(err)
			}
			return nil
		}, fault: true},
		{name: "Clone (copy-on-write)", perm: mem.RW, between: func(t *testing.T, m *mem.Memory) func(*testing.T, *mem.Memory) {
			child := m.Clone()
			old := peek(t, m)
			return func(t *testing.T, _ *mem.Memory) {
				if got := peek(t, child); got != old {
					t.Errorf("the clone's doubleword %d after the parent's Run; want %d (copy-on-write)", got, old)
				}
			}
		}},
		{name: "execute permission (lent again)", perm: mem.RWX, between: func(t *testing.T, m *mem.Memory) func(*testing.T, *mem.Memory) {
			ew := m.ExecWrites()
			return func(t *testing.T, m *mem.Memory) {
				if m.ExecWrites() == ew {
					t.Errorf("ExecWrites unchanged by the second Run's stores into an executable page")
				}
			}
		}},
	} {
		for _, engine := range []emulate.Engine{emulate.EngineNative, emulate.EngineBlock, emulate.EngineCached} {
			t.Run(tc.name+"/"+engine.String(), func(t *testing.T) {
				e, r, m := hotRun(t, engine, prog, tc.perm, make([]byte, 8))
				if r.GPR[3] != keptLoops || r.NIP != codeBase || peek(t, m) != keptLoops-1 {
					t.Fatalf("first Run: r3 %d at %#x, stored %d; want %d at %#x, stored %d", r.GPR[3], r.NIP, peek(t, m), keptLoops, uint64(codeBase), keptLoops-1)
				}
				check := tc.between(t, m)
				r.GPR[3] = 1000
				if !runAgain(t, e, r, m, tc.fault) {
					return
				}
				if got := peek(t, m); got != 1009 {
					t.Errorf("after the second Run the memory holds %d; want 1009", got)
				}
				if check != nil {
					check(t, m)
				}
			})
		}
	}
}

// TestStepAfterRunNoMemory: the pages a Run's data caches keep for the
// next Run (pageCache.begin and end) are not used by a Step outside Run:
// a load or store of the page the Run's loop read, stepped with no
// memory, faults with ErrNoMemory and the page keeps its contents.
func TestStepAfterRunNoMemory(t *testing.T) {
	msr := uint64(regs.MSRLinuxUserLE)
	prog := []uint32{enc(ppc64asm.LD, 3, 0, 4), enc(ppc64asm.ADDI, 5, 5, 1), enc(ppc64asm.B, -8)}
	for _, op := range []uint32{
		enc(ppc64asm.LD, 3, 0, 4), enc(ppc64asm.STD, 5, 0, 4),
		enc(ppc64asm.LXVX, 3, 0, 4), enc(ppc64asm.STXVX, 3, 0, 4),
	} {
		for _, engine := range []emulate.Engine{emulate.EngineNative, emulate.EngineBlock, emulate.EngineCached} {
			e, _, m := hotRun(t, engine, prog, mem.RW, binary.LittleEndian.AppendUint64(nil, 1))
			r := regs.Regs{MSR: msr, NIP: codeBase}
			r.GPR[4], r.GPR[5] = keptData, 7
			err := e.StepWord(&r, nil, op, 0)
			if !errors.Is(err, emulate.ErrNoMemory) || !errors.Is(err, emulate.ErrDataFault) {
				t.Errorf("%08x after a %v Run: %v, want a data fault with ErrNoMemory", op, engine, err)
			}
			b := make([]byte, 16)
			if err := m.Read(keptData, b); err != nil || binary.LittleEndian.Uint64(b) != 1 || binary.LittleEndian.Uint64(b[8:]) != 0 {
				t.Errorf("%08x after a %v Run: the page holds % x (%v), want it unchanged", op, engine, b, err)
			}
		}
	}
}
