package emulate_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// crcMachine maps crcLoop at codeBase with its buffer at 0x20000 and its
// table at 0x28000, and the registers to run it count times.
func crcMachine(t testing.TB, count uint64) (*mem.Memory, regs.Regs) {
	t.Helper()
	msr := regs.MSRLinuxUserLE
	m := code(t, msr, codeBase, mem.RX, crcLoop...)
	if err := m.Map(0x20000, 16*mem.PageSize, mem.RW); err != nil {
		t.Fatal(err)
	}
	r := regs.Regs{MSR: msr, NIP: codeBase, CTR: count}
	r.GPR[3] = 0xffffffff
	r.GPR[7], r.GPR[9] = 0x20000, 0x28000
	return m, r
}

// hookCounts is what the hooks of TestRunHooks saw.
type hookCounts struct {
	Code, Blocks, BufReads, TableReads, Writes, Elsewhere int
	BlockAddrs                                            map[uint64]int
}

// TestRunHooks runs crcLoop 100 times with code, block and memory hooks,
// on the paged fast path, with a stop address (Run's per-step loop) and
// on a memory that is not a PagedMemory. By the loop's shape (Power ISA
// bdnz: CTR 100 gives 99 taken branches back to the top): 800
// instructions; 100 blocks, all at the loop's start (Run's start, then
// each taken bdnz); one byte read from the buffer and one word from the
// table per iteration; no stores. Hooks on ranges nothing touches see
// nothing, and the registers end as without hooks.
func TestRunHooks(t *testing.T) {
	const iters = 100
	end := uint64(codeBase + 4*len(crcLoop))
	m0, r0 := crcMachine(t, iters)
	e := emulate.New(emulate.Config{})
	if _, err := e.Run(&r0, m0, emulate.RunOptions{Until: []uint64{end}}); err != nil {
		t.Fatal(err)
	}
	want := hookCounts{Code: 8 * iters, Blocks: iters, BufReads: iters, TableReads: iters, BlockAddrs: map[uint64]int{codeBase: iters}}
	for _, tc := range []struct {
		name         string
		until, paged bool
	}{{"paged", false, true}, {"until", true, true}, {"unpaged", false, false}} {
		t.Run(tc.name, func(t *testing.T) {
			m, r := crcMachine(t, iters)
			got := hookCounts{BlockAddrs: map[uint64]int{}}
			far := uint64(0x7000000)
			h := &emulate.Hooks{
				Code: []emulate.CodeHook{
					{Lo: codeBase, Hi: end, Fn: func(*regs.Regs, *decode.Inst) error { got.Code++; return nil }},
					{Lo: far, Hi: far + 64, Fn: func(*regs.Regs, *decode.Inst) error { got.Elsewhere++; return nil }},
				},
				Block: []emulate.BlockHook{
					{Lo: codeBase, Hi: end, Fn: func(_ *regs.Regs, a uint64) error { got.Blocks++; got.BlockAddrs[a]++; return nil }},
				},
				Mem: []emulate.MemHook{
					{Lo: 0x20000, Hi: 0x20000 + iters, Kind: emulate.MemLoads, Fn: func(a uint64, p []byte, w bool) { got.BufReads++ }},
					{Lo: 0x28000, Hi: 0x28400, Kind: emulate.MemLoads, Fn: func(a uint64, p []byte, w bool) { got.TableReads++ }},
					{Lo: 0x20000, Hi: 0x30000, Kind: emulate.MemStores, Fn: func(a uint64, p []byte, w bool) { got.Writes++ }},
					{Lo: far, Hi: far + 4096, Fn: func(uint64, []byte, bool) { got.Elsewhere++ }},
				},
			}
			var mm emulate.Memory = m
			if !tc.paged {
				mm = unpaged{m}
			}
			opts := emulate.RunOptions{Hooks: h, MaxSteps: 8 * iters}
			if tc.until {
				opts = emulate.RunOptions{Hooks: h, Until: []uint64{end}}
			}
			n, err := e.Run(&r, mm, opts)
			if n != 8*iters || (err != nil && !errors.Is(err, emulate.ErrStepLimit)) {
				t.Fatalf("Run = %d, %v", n, err)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("hooks saw (-want +got):\n%s", d)
			}
			if d := cmp.Diff(r0, r); d != "" {
				t.Errorf("registers differ from the run without hooks (-want +got):\n%s", d)
			}
		})
	}
}

// TestRunHookStops: a code hook's error stops Run before the instruction,
// with NIP at it and the count of those before it.
func TestRunHookStops(t *testing.T) {
	m, r := crcMachine(t, 100)
	stop := errors.New("stop")
	calls := 0
	h := &emulate.Hooks{Code: []emulate.CodeHook{{Lo: codeBase + 4, Hi: codeBase + 8, Fn: func(r *regs.Regs, in *decode.Inst) error {
		if calls++; calls == 3 {
			return stop
		}
		return nil
	}}}}
	e := emulate.New(emulate.Config{})
	n, err := e.Run(&r, m, emulate.RunOptions{Hooks: h, MaxSteps: 10000})
	// Calls 1 and 2 are iterations 1 and 2; the third stops iteration 3
	// before its xor: 2 iterations of 8 and its lbzx ran.
	if !errors.Is(err, stop) || n != 17 || r.NIP != codeBase+4 {
		t.Errorf("Run = %d, %v, NIP %#x; want 17, stop, %#x", n, err, r.NIP, codeBase+4)
	}
}

// BenchmarkRunHooks runs crcLoop (as BenchmarkRunCRC) with hooks of each
// kind on a range the loop never touches, and on the loop's own pages:
// cpu-ns/insn side by side in one run shows that a hook costs nothing
// where it does not apply, and that a memory hook costs only on its page.
func BenchmarkRunHooks(b *testing.B) {
	far := uint64(0x7000000)
	nop := func(*regs.Regs, *decode.Inst) error { return nil }
	nopBlock := func(*regs.Regs, uint64) error { return nil }
	nopMem := func(uint64, []byte, bool) {}
	for _, bc := range []struct {
		name string
		h    *emulate.Hooks
	}{
		{"none", nil},
		{"code-elsewhere", &emulate.Hooks{Code: []emulate.CodeHook{{Lo: far, Hi: far + 4096, Fn: nop}}}},
		{"block-elsewhere", &emulate.Hooks{Block: []emulate.BlockHook{{Lo: far, Hi: far + 4096, Fn: nopBlock}}}},
		{"mem-elsewhere", &emulate.Hooks{Mem: []emulate.MemHook{{Lo: far, Hi: far + 4096, Fn: nopMem}}}},
		{"mem-on-table", &emulate.Hooks{Mem: []emulate.MemHook{{Lo: 0x28000, Hi: 0x28400, Kind: emulate.MemLoads, Fn: nopMem}}}},
		{"block-on-loop", &emulate.Hooks{Block: []emulate.BlockHook{{Lo: codeBase, Hi: codeBase + 32, Fn: nopBlock}}}},
		{"code-on-loop", &emulate.Hooks{Code: []emulate.CodeHook{{Lo: codeBase, Hi: codeBase + 32, Fn: nop}}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			m, r := crcMachine(b, 1<<62)
			benchCRC(b, &r, m, bc.h)
		})
	}
}

// TestRunHooksCrossPage: a loop on one page calls a function on another
// (crossPageCode); hooks on the callee's page see every
// call, on each engine, though the loop's page runs on the fast path and
// an earlier Run without hooks chained the two pages' blocks. 100
// iterations: 100 calls of 2 instructions, 100 blocks entered at the
// callee (each by bl).
func TestRunHooksCrossPage(t *testing.T) {
	msr := regs.MSRLinuxUserLE
	const callee = crossCallee
	for _, engine := range []emulate.Engine{emulate.EngineBlock, emulate.EngineCached, emulate.EngineStep, emulate.EngineNative} {
		m := crossPageCode(t, msr)
		e := emulate.New(emulate.Config{Engine: engine})
		r := regs.Regs{MSR: msr, NIP: codeBase, CTR: 1000}
		if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 400}); err != emulate.ErrStepLimit {
			t.Fatal(err)
		}
		r = regs.Regs{MSR: msr, NIP: codeBase, CTR: 100}
		code, blocks := 0, 0
		h := &emulate.Hooks{
			Code:  []emulate.CodeHook{{Lo: callee, Hi: callee + 8, Fn: func(*regs.Regs, *decode.Inst) error { code++; return nil }}},
			Block: []emulate.BlockHook{{Lo: callee, Hi: callee + 8, Fn: func(_ *regs.Regs, a uint64) error { blocks++; return nil }}},
		}
		if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 400, Hooks: h}); err != emulate.ErrStepLimit {
			t.Fatal(err)
		}
		if code != 200 || blocks != 100 || r.GPR[3] != 100 {
			t.Errorf("engine %v: code hook %d, block hook %d, r3 %d; want 200, 100, 100", engine, code, blocks, r.GPR[3])
		}
	}
}

// TestMemHookKinds: a store then a load of the same word (stw r4,0(r7);
// lwz r5,0(r7)) under a memory hook of
// each kind: MemAny sees both accesses in program order, MemLoads only the
// load, MemStores only the store.
func TestMemHookKinds(t *testing.T) {
	type access struct {
		Addr  uint64
		Write bool
	}
	const buf = 0x20000
	for _, tc := range []struct {
		name string
		kind emulate.MemKind
		want []access
	}{
		{"any", emulate.MemAny, []access{{buf, true}, {buf, false}}},
		{"loads", emulate.MemLoads, []access{{buf, false}}},
		{"stores", emulate.MemStores, []access{{buf, true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msr := regs.MSRLinuxUserLE
			m := code(t, msr, codeBase, mem.RX, enc(ppc64asm.STW, 4, 0, 7), enc(ppc64asm.LWZ, 5, 0, 7)) // stw r4,0(r7); lwz r5,0(r7)
			if err := m.Map(buf, mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			r := regs.Regs{MSR: msr, NIP: codeBase}
			r.GPR[4], r.GPR[7] = 0x11223344, buf
			var got []access
			h := &emulate.Hooks{Mem: []emulate.MemHook{{Lo: buf, Hi: buf + 4, Kind: tc.kind, Fn: func(a uint64, p []byte, w bool) {
				got = append(got, access{a, w})
			}}}}
			n, err := emulate.New(emulate.Config{}).Run(&r, m, emulate.RunOptions{Hooks: h, MaxSteps: 2})
			if n != 2 || (err != nil && !errors.Is(err, emulate.ErrStepLimit)) {
				t.Fatalf("Run = %d, %v", n, err)
			}
			if r.GPR[5] != 0x11223344 {
				t.Fatalf("r5 = %#x, want the stored word", r.GPR[5])
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("hook saw (-want +got):\n%s", d)
			}
		})
	}
}
