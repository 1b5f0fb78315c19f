package mem_test

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/mem"
)

// TestExecWrites checks which calls change ExecWrites: every write to a
// page with execute permission, every lending of such a page for writing,
// every change of Generation on a range with such a page (and Snapshot,
// Clone), and every call while a shared mapping has execute permission;
// and that reads, fetches and writes to pages without execute permission,
// maps, and unmaps, protects, moves and zeroings of ranges without it
// (though they change Generation) leave it alone.
func TestExecWrites(t *testing.T) {
	const (
		x  = 0x10000 // RWX
		rx = 0x20000 // RX
		rw = 0x30000 // RW
	)
	setup := func(t *testing.T) *mem.Memory {
		m := mem.New()
		mustMap(t, m, x, mem.PageSize, mem.RWX)
		mustMap(t, m, rx, mem.PageSize, mem.RX)
		mustMap(t, m, rw, 2*mem.PageSize, mem.RW)
		for _, a := range []uint64{x, rx, rw, rw + mem.PageSize} {
			if err := m.Poke(a, []byte{1}); err != nil { // storage for the fast paths
				t.Fatal(err)
			}
		}
		return m
	}
	b := make([]byte, 8)
	for _, tc := range []struct {
		name    string
		f       func(m *mem.Memory) error
		changes bool
	}{
		{"Write to RWX", func(m *mem.Memory) error { return m.Write(x+8, b) }, true},
		{"Write refused (crossing into an unmapped page)", func(m *mem.Memory) error { return m.Write(x+mem.PageSize-4, b) }, false},
		{"Write crossing RW pages", func(m *mem.Memory) error { return m.Write(rw+mem.PageSize-4, b) }, false},
		{"Write to RW", func(m *mem.Memory) error { return m.Write(rw, b) }, false},
		{"WritePage of RWX", func(m *mem.Memory) error { m.Read(x, b); m.WritePage(x, 8); return nil }, true},
		{"WritePage of RW", func(m *mem.Memory) error { m.Read(rw, b); m.WritePage(rw, 8); return nil }, false},
		{"Poke to RX", func(m *mem.Memory) error { return m.Poke(rx, b) }, true},
		{"Poke to RW", func(m *mem.Memory) error { return m.Poke(rw, b) }, false},
		{"Apply of a write to RX", func(m *mem.Memory) error {
			return m.Apply(&mem.Change{Op: mem.ChangeWrite, Addr: rx, Size: 8, Data: b})
		}, true},
		{"Page of RWX with Write", func(m *mem.Memory) error { m.Page(x, mem.Write); return nil }, true},
		{"AccessPage of RWX for writing", func(m *mem.Memory) error { m.AccessPage(x, mem.AccessWrite); return nil }, true},
		{"AccessPage of RWX for reading", func(m *mem.Memory) error { m.AccessPage(x, mem.AccessRead); return nil }, false},
		{"AccessPage of RX for execution", func(m *mem.Memory) error { m.AccessPage(rx, mem.AccessExec); return nil }, false},
		{"AccessPage of RW for writing", func(m *mem.Memory) error { m.AccessPage(rw, mem.AccessWrite); return nil }, false},
		{"Read, Fetch, Peek", func(m *mem.Memory) error {
			m.Read(x, b)
			m.Fetch(rx, b)
			return m.Peek(rw, b)
		}, false},
		{"Protect RW", func(m *mem.Memory) error { return m.Protect(rw, mem.PageSize, mem.Read) }, false},
		{"Protect RW to RX", func(m *mem.Memory) error { return m.Protect(rw, mem.PageSize, mem.RX) }, false},
		{"Protect RX", func(m *mem.Memory) error { return m.Protect(rx, mem.PageSize, mem.Read) }, true},
		{"Protect RX to RWX", func(m *mem.Memory) error { return m.Protect(rx, mem.PageSize, mem.RWX) }, true},
		{"Map", func(m *mem.Memory) error { return m.Map(0x40000, mem.PageSize, mem.RW) }, false},
		{"Map RX", func(m *mem.Memory) error { return m.Map(0x40000, mem.PageSize, mem.RX) }, false},
		{"Unmap RW", func(m *mem.Memory) error { return m.Unmap(rw, mem.PageSize) }, false},
		{"Unmap RX", func(m *mem.Memory) error { return m.Unmap(rx, mem.PageSize) }, true},
		{"Unmap across RWX", func(m *mem.Memory) error { return m.Unmap(0, 0x20000) }, true},
		{"Zero RW", func(m *mem.Memory) error { m.Zero(rw, mem.PageSize); return nil }, false},
		{"Zero RWX", func(m *mem.Memory) error { m.Zero(x, mem.PageSize); return nil }, true},
		{"Move RW", func(m *mem.Memory) error { return m.Move(0x40000, rw, mem.PageSize) }, false},
		{"Move RX", func(m *mem.Memory) error { return m.Move(0x40000, rx, mem.PageSize) }, true},
		{"Snapshot", func(m *mem.Memory) error { m.Snapshot(); return nil }, true},
		{"Clone", func(m *mem.Memory) error { m.Clone(); return nil }, true},
		{"MapShared RW", func(m *mem.Memory) error {
			return m.MapShared(0x40000, mem.PageSize, mem.RW, mem.NewShared(nil), 0)
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := setup(t)
			before := m.ExecWrites()
			if again := m.ExecWrites(); again != before {
				t.Fatalf("ExecWrites %d, then %d with nothing between", before, again)
			}
			tc.f(m)
			if changed := m.ExecWrites() != before; changed != tc.changes {
				t.Errorf("ExecWrites changed: %v, want %v", changed, tc.changes)
			}
		})
	}
	// A shared mapping with execute permission: every call differs.
	m := setup(t)
	if err := m.MapShared(0x40000, mem.PageSize, mem.RX, mem.NewShared(nil), 0); err != nil {
		t.Fatal(err)
	}
	if a, b := m.ExecWrites(), m.ExecWrites(); a == b {
		t.Errorf("ExecWrites %d twice with an executable shared mapping", a)
	}
	if err := m.Protect(0x40000, mem.PageSize, mem.Read); err != nil {
		t.Fatal(err)
	}
	if a, b := m.ExecWrites(), m.ExecWrites(); a != b {
		t.Errorf("ExecWrites %d, %d after the shared mapping lost execute permission", a, b)
	}
}
