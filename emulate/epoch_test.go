package emulate_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// TestRunSeesCodeWrittenBetweenRuns makes a loop hot (a block built,
// translated under EngineNative), changes its first instruction between
// two Runs by each kind of writer that Run keeps its epoch across (paged.go,
// pageCache.begin), and checks that the next Run runs the new instruction.
// It also checks that the epoch stays when nothing was written, or only a
// page without execute permission.
func TestRunSeesCodeWrittenBetweenRuns(t *testing.T) {
	const (
		page   = codeBase &^ (mem.PageSize - 1)
		other  = 0x30000 // another page: a store instruction, a moved copy
		alias  = 0x40000 // a second mapping of a shared object
		data   = 0x50000 // a data page
		loops  = 400     // hot: blockHot entries and the native threshold after them
		after  = 10      // loops run after the write
		hotR3  = loops   // r3 after the hot loops (addi r3,r3,1)
		wantR3 = hotR3 + after*16
	)
	wAddi4 := enc(ppc64asm.ADDI, 4, 4, 1) // addi r4,r4,1
	type env struct {
		t   *testing.T
		m   *mem.Memory
		msr uint64
		e   *emulate.Emulator // the Emulator running the loop
	}
	// store runs the stw r5,0(r4) at other, storing the new word at
	// codeBase, with e2 (Run or Step).
	store := func(v env, e2 *emulate.Emulator, run bool) {
		r := regs.Regs{MSR: v.msr, NIP: other}
		r.GPR[4], r.GPR[5] = codeBase, uint64(wAddi3By16)
		var err error
		if run {
			_, err = e2.Run(&r, v.m, emulate.RunOptions{MaxSteps: 1})
			if err == emulate.ErrStepLimit {
				err = nil
			}
		} else {
			err = e2.Fetch(&r, v.m)
		}
		if err != nil || r.NIP != other+4 {
			v.t.Fatalf("stw: %v, NIP %#x", err, r.NIP)
		}
	}
	for _, tc := range []struct {
		name string
		perm mem.Perm // the code page's
		// shared maps the code page from a Shared object, and the same
		// object at alias with RW in a second Memory (m2 in write).
		shared bool
		write  func(v env, m2 *mem.Memory)
		// illegal: the first word is then 0 (Run stops at it).
		illegal bool
	}{
		{name: "Write (a system call's result, read(2) into code)", perm: mem.RWX, write: func(v env, _ *mem.Memory) {
			if err := v.m.Write(codeBase, words(v.msr, wAddi3By16)); err != nil {
				v.t.Fatal(err)
			}
		}},
		{name: "Poke (the GDB stub, ptrace, process_vm_writev, a loader)", perm: mem.RX, write: func(v env, _ *mem.Memory) {
			if err := v.m.Poke(codeBase, words(v.msr, wAddi3By16)); err != nil {
				v.t.Fatal(err)
			}
		}},
		{name: "Apply (a replay's write)", perm: mem.RX, write: func(v env, _ *mem.Memory) {
			if err := v.m.Apply(&mem.Change{Op: mem.ChangeWrite, Addr: codeBase, Size: 4, Data: words(v.msr, wAddi3By16)}); err != nil {
				v.t.Fatal(err)
			}
		}},
		{name: "Page lent for writing", perm: mem.RWX, write: func(v env, _ *mem.Memory) {
			p, ok := v.m.Page(codeBase, mem.Write)
			if !ok {
				v.t.Fatal("Page refused")
			}
			copy(p[codeBase%mem.PageSize:], words(v.msr, wAddi3By16))
		}},
		{name: "another Emulator's Run (another thread)", perm: mem.RWX, write: func(v env, _ *mem.Memory) {
			store(v, emulate.New(emulate.Config{}), true)
		}},
		{name: "Step outside Run", perm: mem.RWX, write: func(v env, _ *mem.Memory) {
			store(v, v.e, false)
		}},
		{name: "Unmap and Map (munmap, mmap)", perm: mem.RX, write: func(v env, _ *mem.Memory) {
			if err := v.m.Unmap(page, mem.PageSize); err != nil {
				v.t.Fatal(err)
			}
			if err := v.m.Map(page, mem.PageSize, mem.RX); err != nil {
				v.t.Fatal(err)
			}
			poke(v.t, v.m, v.msr, codeBase, wAddi3By16, wAddi4, wBack8)
		}},
		{name: "Move (mremap)", perm: mem.RX, write: func(v env, _ *mem.Memory) {
			if err := v.m.Map(other, mem.PageSize, mem.RX); err != nil {
				v.t.Fatal(err)
			}
			poke(v.t, v.m, v.msr, other+codeBase%mem.PageSize, wAddi3By16, wAddi4, wBack8)
			if err := v.m.Unmap(page, mem.PageSize); err != nil {
				v.t.Fatal(err)
			}
			if err := v.m.Move(page, other, mem.PageSize); err != nil {
				v.t.Fatal(err)
			}
		}},
		{name: "Protect (mprotect) around a write", perm: mem.RX, write: func(v env, _ *mem.Memory) {
			if err := v.m.Protect(page, mem.PageSize, mem.RW); err != nil {
				v.t.Fatal(err)
			}
			// Not counted by ExecWrites (no execute permission):
			// Protect's new Generation is what Run sees.
			if err := v.m.Write(codeBase, words(v.msr, wAddi3By16)); err != nil {
				v.t.Fatal(err)
			}
			if err := v.m.Protect(page, mem.PageSize, mem.RX); err != nil {
				v.t.Fatal(err)
			}
		}},
		{name: "Zero (madvise MADV_DONTNEED)", perm: mem.RX, illegal: true, write: func(v env, _ *mem.Memory) {
			v.m.Zero(page, mem.PageSize)
		}},
		{name: "Restore (a snapshot)", perm: mem.RX, write: nil},
		{name: "shared mapping written through another Memory (a forked process)", perm: mem.RX, shared: true, write: func(v env, m2 *mem.Memory) {
			if err := m2.Write(alias+codeBase%mem.PageSize, words(v.msr, wAddi3By16)); err != nil {
				v.t.Fatal(err)
			}
		}},
		{name: "shared mapping written through another Emulator's Run on another Memory", perm: mem.RX, shared: true, write: func(v env, m2 *mem.Memory) {
			r := regs.Regs{MSR: v.msr, NIP: other}
			r.GPR[4], r.GPR[5] = alias+codeBase%mem.PageSize, uint64(wAddi3By16)
			if _, err := emulate.New(emulate.Config{}).Run(&r, m2, emulate.RunOptions{MaxSteps: 1}); err != emulate.ErrStepLimit {
				v.t.Fatal(err)
			}
		}},
	} {
		for _, eng := range []emulate.Engine{emulate.EngineNative, emulate.EngineBlock, emulate.EngineCached} {
			for _, msr := range []uint64{regs.MSRLinuxUser, regs.MSRLinuxUserLE} {
				m := mem.New()
				var m2 *mem.Memory
				if tc.shared {
					s := mem.NewShared(nil)
					m2 = mem.New()
					if err := m.MapShared(page, mem.PageSize, tc.perm, s, 0); err != nil {
						t.Fatal(err)
					}
					if err := m2.MapShared(alias, mem.PageSize, mem.RW, s, 0); err != nil {
						t.Fatal(err)
					}
					if err := m2.Map(other, mem.PageSize, mem.RX); err != nil {
						t.Fatal(err)
					}
					poke(t, m2, msr, other, wStwR5)
				} else if err := m.Map(page, mem.PageSize, tc.perm); err != nil {
					t.Fatal(err)
				}
				if err := m.Map(data, mem.PageSize, mem.RW); err != nil {
					t.Fatal(err)
				}
				var snap *mem.Snapshot
				if tc.write == nil {
					poke(t, m, msr, codeBase, wAddi3By16, wAddi4, wBack8)
					snap = m.Snapshot()
				}
				if tc.name != "Move (mremap)" && !tc.shared {
					// stw r5,0(r4), which store runs.
					if err := m.Map(other, mem.PageSize, mem.RX); err != nil {
						t.Fatal(err)
					}
					poke(t, m, msr, other, wStwR5)
				}
				poke(t, m, msr, codeBase, wAddi3, wAddi4, wBack8)
				e := emulate.New(emulate.Config{Engine: eng})
				v := env{t, m, msr, e}
				r := regs.Regs{MSR: msr, NIP: codeBase}
				if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 3 * loops}); n != 3*loops || err != emulate.ErrStepLimit || r.GPR[3] != hotR3 {
					t.Fatalf("%s, %v, MSR %#x: hot loop: %d, %v, r3 %d", tc.name, eng, msr, n, err, r.GPR[3])
				}
				if got := emulate.BlockBuilt(e, codeBase); got != (eng != emulate.EngineCached) {
					t.Fatalf("%s, %v, MSR %#x: block at the loop %v after %d loops", tc.name, eng, msr, got, loops)
				}
				// Nothing written, or only a data page: the epoch stays
				// (not for a shared executable mapping: always moved).
				ep := emulate.Epoch(e)
				if err := m.Write(data, []byte{1, 2, 3}); err != nil {
					t.Fatal(err)
				}
				if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 3}); err != emulate.ErrStepLimit || r.GPR[3] != hotR3+1 {
					t.Fatalf("%s, %v, MSR %#x: one loop: %v, r3 %d", tc.name, eng, msr, err, r.GPR[3])
				}
				if moved := emulate.Epoch(e) != ep; moved != tc.shared {
					t.Errorf("%s, %v, MSR %#x: epoch moved %v by a Run after nothing changed code, want %v", tc.name, eng, msr, moved, tc.shared)
				}
				r.GPR[3] = hotR3
				if tc.write == nil {
					m.Restore(snap)
				} else {
					tc.write(v, m2)
				}
				n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 3 * after})
				if tc.illegal {
					if n != 0 || !errors.Is(err, emulate.ErrIllegal) || r.NIP != codeBase {
						t.Errorf("%s, %v, MSR %#x: after the write: %d, %v at %#x; want 0, an illegal instruction at %#x", tc.name, eng, msr, n, err, r.NIP, uint64(codeBase))
					}
					continue
				}
				if n != 3*after || err != emulate.ErrStepLimit || r.GPR[3] != wantR3 {
					t.Errorf("%s, %v, MSR %#x: after the write: %d, %v, r3 %d; want %d, the step limit, %d", tc.name, eng, msr, n, err, r.GPR[3], 3*after, wantR3)
				}
			}
		}
	}
}

// words are the bytes of ws in the byte order of msr.
func words(msr uint64, ws ...uint32) []byte {
	var order binary.ByteOrder = binary.BigEndian
	if msr&regs.MSRLE != 0 {
		order = binary.LittleEndian
	}
	b := make([]byte, 4*len(ws))
	for i, w := range ws {
		order.PutUint32(b[4*i:], w)
	}
	return b
}
