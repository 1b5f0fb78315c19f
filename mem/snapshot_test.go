package mem_test

import (
	"encoding/binary"
	"errors"
	"math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// region is one mapping of a state.
type region struct {
	Start, End uint64
	Perm       mem.Perm
}

// state is everything a Memory holds, as a plain copy: the mappings and
// the contents of every page that is not all zeros.
type state struct {
	Regions  []region
	Pages    map[uint64][mem.PageSize]byte
	Size     uint64
	Resident uint64
}

// dump copies m's state (its mappings must be small).
func dump(t testing.TB, m *mem.Memory) state {
	t.Helper()
	s := state{Pages: map[uint64][mem.PageSize]byte{}, Size: m.Size(), Resident: m.Resident()}
	m.Regions(func(start, end uint64, p mem.Perm) {
		s.Regions = append(s.Regions, region{start, end, p})
		for a := start; a != end; a += mem.PageSize {
			if got, ok := m.Perm(a); got != p || !ok {
				t.Fatalf("Perm(%#x) = %v, %v; its region says %v", a, got, ok, p)
			}
			var b [mem.PageSize]byte
			if err := m.Peek(a, b[:]); err != nil {
				t.Fatal(err)
			}
			if b != [mem.PageSize]byte{} {
				s.Pages[a] = b
			}
		}
	})
	return s
}

// Addresses of the snapshot tests: two mappings and a page table leaf
// (32 MiB) that nothing touches before the snapshot.
const (
	snapText = 0x10000000
	snapData = 0x10010000
	snapFar  = 0x40000000
)

// snapMemory is a small process: text with code, data with two written
// pages and one never written.
func snapMemory(t testing.TB) *mem.Memory {
	t.Helper()
	m := mem.New()
	if err := m.Map(snapText, 2*mem.PageSize, mem.RX); err != nil {
		t.Fatal(err)
	}
	if err := m.Map(snapData, 4*mem.PageSize, mem.RW); err != nil {
		t.Fatal(err)
	}
	for _, w := range []struct {
		addr uint64
		b    []byte
	}{{snapText, []byte{0x38, 0x60, 0x00, 0x01}}, {snapData, []byte("data")}, {snapData + 2*mem.PageSize - 2, []byte("span")}} {
		if err := m.Poke(w.addr, w.b); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// snapChanges are changes to snapMemory that Restore must undo.
var snapChanges = []struct {
	name string
	f    func(m *mem.Memory) error
}{
	{"write written page", func(m *mem.Memory) error { return m.Write(snapData+1, []byte("XY")) }},
	{"write fresh page", func(m *mem.Memory) error { return m.Write(snapData+3*mem.PageSize, []byte("new")) }},
	{"write across pages", func(m *mem.Memory) error { return m.Write(snapData+mem.PageSize-1, []byte("ab")) }},
	{"poke text", func(m *mem.Memory) error { return m.Poke(snapText, []byte{0x38, 0x60, 0x00, 0x02}) }},
	{"lend and store", func(m *mem.Memory) error {
		p, ok := m.Page(snapData, mem.Write)
		if !ok {
			return errors.New("no page")
		}
		p[5] = 'Z'
		return nil
	}},
	{"lend for read then store", func(m *mem.Memory) error {
		p, ok := m.Page(snapText, mem.Exec)
		if !ok {
			return errors.New("no page")
		}
		p[0] = 0 // a debugger's breakpoint through a lent page
		return nil
	}},
	{"map and write", func(m *mem.Memory) error {
		if err := m.Map(snapData+4*mem.PageSize, mem.PageSize, mem.RW); err != nil {
			return err
		}
		return m.Write(snapData+4*mem.PageSize, []byte("grown"))
	}},
	{"map and write in a new leaf", func(m *mem.Memory) error {
		if err := m.Map(snapFar, 2*mem.PageSize, mem.RWX); err != nil {
			return err
		}
		return m.Write(snapFar+mem.PageSize, []byte("far"))
	}},
	{"map and read in a new leaf", func(m *mem.Memory) error {
		if err := m.Map(snapFar, mem.PageSize, mem.RW); err != nil {
			return err
		}
		return m.Read(snapFar, make([]byte, 8))
	}},
	{"unmap", func(m *mem.Memory) error { return m.Unmap(snapData, 2*mem.PageSize) }},
	{"unmap all and remap", func(m *mem.Memory) error {
		if err := m.Unmap(0, 1<<62); err != nil {
			return err
		}
		return m.Map(snapData, mem.PageSize, mem.RWX)
	}},
	{"protect", func(m *mem.Memory) error { return m.Protect(snapData, mem.PageSize, mem.None) }},
	{"protect text writable and write", func(m *mem.Memory) error {
		if err := m.Protect(snapText, mem.PageSize, mem.RWX); err != nil {
			return err
		}
		return m.Write(snapText+4, []byte{1, 2, 3, 4})
	}},
	{"zero", func(m *mem.Memory) error { m.Zero(snapData, 2*mem.PageSize); return nil }},
	{"move", func(m *mem.Memory) error { return m.Move(snapFar, snapData, 4*mem.PageSize) }},
	{"move and write", func(m *mem.Memory) error {
		if err := m.Move(snapData+0x100000, snapData, 4*mem.PageSize); err != nil {
			return err
		}
		return m.Write(snapData+0x100000, []byte("moved"))
	}},
}

// TestSnapshotRestore makes each change after a snapshot, restores, and
// finds the memory as it was; then does it again from the restored state
// (restore is repeatable), and checks the snapshot was not changed by a
// change that followed it (a second memory restored from it).
func TestSnapshotRestore(t *testing.T) {
	for _, tc := range snapChanges {
		t.Run(tc.name, func(t *testing.T) {
			m := snapMemory(t)
			want := dump(t, m)
			s := m.Snapshot()
			for round := 0; round < 3; round++ {
				if err := tc.f(m); err != nil {
					t.Fatal(err)
				}
				if round == 0 && cmp.Equal(dump(t, m), want) {
					t.Fatal("the change changed nothing")
				}
				m.Restore(s)
				if d := cmp.Diff(want, dump(t, m)); d != "" {
					t.Fatalf("round %d: after Restore (-want +got):\n%s", round, d)
				}
			}
			other := mem.New()
			other.Restore(s)
			if d := cmp.Diff(want, dump(t, other)); d != "" {
				t.Fatalf("another memory restored from the snapshot (-want +got):\n%s", d)
			}
		})
	}
}

// TestClone changes a memory or its clone and finds the other unchanged.
func TestClone(t *testing.T) {
	for _, tc := range snapChanges {
		for _, changeClone := range []bool{false, true} {
			name := tc.name + "/parent"
			if changeClone {
				name = tc.name + "/clone"
			}
			t.Run(name, func(t *testing.T) {
				m := snapMemory(t)
				want := dump(t, m)
				c := m.Clone()
				if d := cmp.Diff(want, dump(t, c)); d != "" {
					t.Fatalf("clone (-parent +clone):\n%s", d)
				}
				changed, other := m, c
				if changeClone {
					changed, other = c, m
				}
				if err := tc.f(changed); err != nil {
					t.Fatal(err)
				}
				if cmp.Equal(dump(t, changed), want) {
					t.Fatal("the change changed nothing")
				}
				if d := cmp.Diff(want, dump(t, other)); d != "" {
					t.Fatalf("the other memory changed (-want +got):\n%s", d)
				}
			})
		}
	}
}

// TestSnapshotsCoexist restores three snapshots in turn, out of order,
// twice each.
func TestSnapshotsCoexist(t *testing.T) {
	m := snapMemory(t)
	var snaps []*mem.Snapshot
	var want []state
	for _, tc := range snapChanges[:6] {
		snaps = append(snaps, m.Snapshot())
		want = append(want, dump(t, m))
		if err := tc.f(m); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
	}
	for _, i := range []int{0, 5, 2, 2, 0, 3, 5, 1, 4} {
		m.Restore(snaps[i])
		if d := cmp.Diff(want[i], dump(t, m)); d != "" {
			t.Fatalf("snapshot %d (-want +got):\n%s", i, d)
		}
		if err := snapChanges[len(snapChanges)-1-i].f(m); err != nil {
			t.Fatal(err)
		}
	}
	m.Restore(nil)
	if d := cmp.Diff(state{Pages: map[uint64][mem.PageSize]byte{}}, dump(t, m)); d != "" {
		t.Fatalf("Restore(nil) (-want +got):\n%s", d)
	}
}

// TestSnapshotRandom makes random changes to a memory and its clones,
// taking and restoring snapshots at random, and compares every restored
// memory and every clone with a plain copy of what it should be.
func TestSnapshotRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	// 48 pages straddling a leaf boundary (8192 pages).
	const lo = (1<<13 - 24) * mem.PageSize
	page := func() uint64 { return lo + uint64(rng.Intn(48))*mem.PageSize }
	pages := func() uint64 { return uint64(1+rng.Intn(6)) * mem.PageSize }
	perms := []mem.Perm{mem.None, mem.Read, mem.RW, mem.RX, mem.RWX}
	type snap struct {
		s    *mem.Snapshot
		want state
	}
	type clone struct {
		m    *mem.Memory
		want state
	}
	mems := []*mem.Memory{mem.New()}
	var snaps []snap
	var clones []clone
	for step := 0; step < 4000; step++ {
		m := mems[rng.Intn(len(mems))]
		switch rng.Intn(12) {
		case 0:
			_ = m.Map(page(), pages(), perms[rng.Intn(len(perms))])
		case 1:
			_ = m.Unmap(page(), pages())
		case 2:
			_ = m.Protect(page(), pages(), perms[rng.Intn(len(perms))])
		case 3:
			m.Zero(page(), pages())
		case 4:
			_ = m.Move(page(), page(), pages())
		case 5, 6:
			b := make([]byte, 1+rng.Intn(16))
			rng.Read(b)
			_ = m.Write(page()+uint64(rng.Intn(mem.PageSize)), b)
		case 7:
			if p, ok := m.Page(page(), perms[1+rng.Intn(len(perms)-1)]); ok {
				p[rng.Intn(mem.PageSize)] = byte(rng.Intn(256))
			}
		case 8:
			if m == mems[0] {
				snaps = append(snaps, snap{m.Snapshot(), dump(t, m)})
			}
		case 9, 10:
			if m == mems[0] && len(snaps) > 0 {
				s := snaps[rng.Intn(len(snaps))]
				if rng.Intn(2) == 0 {
					s = snaps[len(snaps)-1]
				}
				m.Restore(s.s)
				if d := cmp.Diff(s.want, dump(t, m)); d != "" {
					t.Fatalf("step %d: restored (-want +got):\n%s", step, d)
				}
			}
		case 11:
			if len(mems) < 4 {
				c := m.Clone()
				mems = append(mems, c)
				clones = append(clones, clone{c, dump(t, m)})
			}
		}
	}
	// The snapshots were never changed: restore each into a new memory.
	for i, s := range snaps {
		n := mem.New()
		n.Restore(s.s)
		if d := cmp.Diff(s.want, dump(t, n)); d != "" {
			t.Fatalf("snapshot %d (-want +got):\n%s", i, d)
		}
	}
	if len(snaps) < 50 || len(clones) < 3 {
		t.Fatalf("only %d snapshots, %d clones", len(snaps), len(clones))
	}
}

// TestCloneFrozen checks that a clone left alone keeps the state it was
// cloned with while the parent changes, snapshots and restores.
func TestCloneFrozen(t *testing.T) {
	m := snapMemory(t)
	s := m.Snapshot()
	c := m.Clone()
	want := dump(t, c)
	for _, tc := range snapChanges {
		_ = tc.f(m) // some fail after the changes before them
		if tc.name == "protect" {
			m.Restore(s)
		}
	}
	if d := cmp.Diff(want, dump(t, c)); d != "" {
		t.Fatalf("clone (-want +got):\n%s", d)
	}
}

// TestSnapshotFetchCache runs code on an Emulator (which keeps the code
// page and its decodings), overwrites the code after a snapshot, and
// restores: the emulator must run the code memory holds each time, with
// Run's caches and with Fetch's.
func TestSnapshotFetchCache(t *testing.T) {
	li := func(v byte) []byte { return []byte{0x38, 0x60, 0x00, v} } // li r3,v (big-endian)
	for _, run := range []struct {
		name string
		f    func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error
	}{
		{"Run", func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error {
			_, err := e.Run(r, m, emulate.RunOptions{MaxSteps: 1})
			if errors.Is(err, emulate.ErrStepLimit) {
				err = nil
			}
			return err
		}},
		{"Fetch", func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error { return e.Fetch(r, m) }},
	} {
		t.Run(run.name, func(t *testing.T) {
			m := mem.New()
			if err := m.Map(snapText, mem.PageSize, mem.RX); err != nil {
				t.Fatal(err)
			}
			e := emulate.New(emulate.Config{})
			step := func(want uint64) {
				t.Helper()
				r := regs.Regs{MSR: regs.MSRLinuxUser, NIP: snapText}
				if err := run.f(e, &r, m); err != nil {
					t.Fatal(err)
				}
				if r.GPR[3] != want {
					t.Fatalf("r3 = %d, want %d", r.GPR[3], want)
				}
			}
			_ = m.Poke(snapText, li(1))
			step(1)
			s := m.Snapshot()
			_ = m.Poke(snapText, li(2)) // after the snapshot: the page is copied
			step(2)
			m.Restore(s)
			step(1)
			_ = m.Poke(snapText, li(3))
			step(3)
			m.Restore(s)
			step(1)
			c := m.Clone()
			_ = m.Poke(snapText, li(4)) // after the clone: copied again
			step(4)
			m, c = c, m
			step(1)
			m = c
			step(4)
		})
	}
}

// TestSnapshotEmulatorStores has the emulator store into a data page
// before and after a snapshot: the snapshot keeps the first value.
func TestSnapshotEmulatorStores(t *testing.T) {
	m := snapMemory(t)
	// stw r3,0(r4) (big-endian)
	if err := m.Poke(snapText, []byte{0x90, 0x64, 0x00, 0x00}); err != nil {
		t.Fatal(err)
	}
	e := emulate.New(emulate.Config{})
	store := func(v uint64) {
		t.Helper()
		r := regs.Regs{MSR: regs.MSRLinuxUser, NIP: snapText}
		r.GPR[3], r.GPR[4] = v, snapData
		if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 1}); !errors.Is(err, emulate.ErrStepLimit) {
			t.Fatal(err)
		}
	}
	load := func() uint32 {
		var b [4]byte
		if err := m.Read(snapData, b[:]); err != nil {
			t.Fatal(err)
		}
		return binary.BigEndian.Uint32(b[:])
	}
	store(7)
	s := m.Snapshot()
	store(8)
	if got := load(); got != 8 {
		t.Fatalf("after store: %d, want 8", got)
	}
	m.Restore(s)
	if got := load(); got != 7 {
		t.Fatalf("after restore: %d, want 7", got)
	}
	store(9)
	m.Restore(s)
	if got := load(); got != 7 {
		t.Fatalf("after second restore: %d, want 7", got)
	}
}

// bigMemory is a 64 MiB mapping with every page written, snapshotted.
func bigMemory(b *testing.B) (*mem.Memory, *mem.Snapshot) {
	m := mem.New()
	const base, size = 0x10000000, 64 << 20
	if err := m.Map(base, size, mem.RW); err != nil {
		b.Fatal(err)
	}
	for a := uint64(base); a < base+size; a += mem.PageSize {
		if err := m.Write(a, []byte{1}); err != nil {
			b.Fatal(err)
		}
	}
	return m, m.Snapshot()
}

// write100 writes to 100 pages spread over bigMemory.
func write100(b *testing.B, m *mem.Memory) {
	for i := uint64(0); i < 100; i++ {
		if err := m.Write(0x10000000+i*163*mem.PageSize, []byte{2}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRestore64MB is a fuzzer's reset: 100 pages written, in a 64 MiB
// address space all of whose pages hold data, then Restore.
// "writes-only" is the same writes with no snapshot (no copy-on-write),
// the baseline.
func BenchmarkRestore64MB(b *testing.B) {
	b.Run("write100+restore", func(b *testing.B) {
		m, s := bigMemory(b)
		timedLoop(b, func() {
			write100(b, m)
			m.Restore(s)
		})
	})
	b.Run("writes-only", func(b *testing.B) {
		m, _ := bigMemory(b)
		m = m.Clone()
		write100(b, m) // the clone owns these pages from now on
		timedLoop(b, func() { write100(b, m) })
	})
	b.Run("snapshot", func(b *testing.B) {
		m, _ := bigMemory(b)
		timedLoop(b, func() { m.Snapshot() })
	})
	b.Run("clone", func(b *testing.B) {
		m, _ := bigMemory(b)
		timedLoop(b, func() { m.Clone() })
	})
}

// timedLoop runs op b.N times, reporting its allocations and the
// process's CPU time per op (ns/op is wall time, which a loaded machine
// inflates) as cpu-ns/op.
func timedLoop(b *testing.B, op func()) {
	b.ReportAllocs()
	b.ResetTimer()
	cpu := emutest.CPUTime()
	for i := 0; i < b.N; i++ {
		op()
	}
	b.ReportMetric(float64(emutest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
}

// TestRestoreAllocs: a reset loop (write pages, restore) allocates nothing
// once it has run: Restore keeps the copies it takes back for the next
// copy-on-write.
func TestRestoreAllocs(t *testing.T) {
	m := snapMemory(t)
	s := m.Snapshot()
	loop := func() {
		for a := uint64(snapData); a < snapData+4*mem.PageSize; a += mem.PageSize {
			_ = m.Write(a, []byte{9})
		}
		_ = m.Poke(snapText, []byte{0})
		m.Restore(s)
	}
	loop()
	if n := testing.AllocsPerRun(100, loop); n != 0 {
		t.Fatalf("%v allocations per write-and-restore", n)
	}
}

// TestRestoreExecHook: Restore tells ExecHook that the code it puts back
// changed (a decoded-instruction cache outside the emulator drops it).
func TestRestoreExecHook(t *testing.T) {
	m := snapMemory(t)
	s := m.Snapshot()
	_ = m.Poke(snapText, []byte{0, 0, 0, 0})
	var told bool
	m.ExecHook = func(addr, size uint64) {
		told = told || addr <= snapText && snapText-addr < size
	}
	m.Restore(s)
	if !told {
		t.Fatal("Restore did not call ExecHook for the restored text")
	}
}

// TestSnapshotUnchanged: between a snapshot before and one after each
// change, Unchanged never says a page is unchanged whose permission or
// contents differ, and says so of the stored pages the change left alone
// (with no change: all of them).
func TestSnapshotUnchanged(t *testing.T) {
	pages := []uint64{snapText, snapText + mem.PageSize, snapData, snapData + mem.PageSize, snapData + 2*mem.PageSize,
		snapData + 3*mem.PageSize, snapData + 0x100000, snapFar, snapFar + mem.PageSize}
	look := func(s *mem.Snapshot, a uint64) (mem.Perm, bool, [mem.PageSize]byte) {
		m := mem.New()
		m.Restore(s)
		p, ok := m.Perm(a)
		var b [mem.PageSize]byte
		_ = m.Peek(a, b[:])
		return p, ok, b
	}
	changes := append([]struct {
		name string
		f    func(m *mem.Memory) error
	}{{"none", func(*mem.Memory) error { return nil }}}, snapChanges...)
	for _, tc := range changes {
		t.Run(tc.name, func(t *testing.T) {
			m := snapMemory(t)
			before := m.Snapshot()
			if err := tc.f(m); err != nil {
				t.Fatal(err)
			}
			after := m.Snapshot()
			for _, a := range pages {
				p0, ok0, b0 := look(before, a)
				p1, ok1, b1 := look(after, a)
				same := p0 == p1 && ok0 == ok1 && b0 == b1
				got := before.Unchanged(after, a)
				if got && !same {
					t.Errorf("page %#x: Unchanged, but it changed", a)
				}
				if stored := a == snapText || a == snapData || a == snapData+mem.PageSize; tc.name == "none" && stored && !got {
					t.Errorf("page %#x: not Unchanged without a change", a)
				}
			}
		})
	}
	m := snapMemory(t)
	s := m.Snapshot()
	if err := m.Write(snapData, []byte("x")); err != nil {
		t.Fatal(err)
	}
	later := m.Snapshot()
	if s.Unchanged(later, snapData) || !s.Unchanged(later, snapData+mem.PageSize) || !s.Unchanged(later, snapText) {
		t.Errorf("a write to %#x: Unchanged %v, %v for the next page, %v for the text; want false, true, true",
			snapData, s.Unchanged(later, snapData), s.Unchanged(later, snapData+mem.PageSize), s.Unchanged(later, snapText))
	}
}
