package mem_test

import (
	"bytes"
	"testing"

	"github.com/ppc64emu/ppc64emu/mem"
)

// TestReadPageWritePage: ReadPage and WritePage answer only what Read and
// Write would do from that one page with nothing else to do, and change
// nothing: where ReadPage says ok, Read succeeds with the bytes of the
// page it gives (zeros for nil); where WritePage gives a page, Write
// succeeds and its bytes land in that page. They decline (false, nil) a
// fault, a page across the access, a copy-on-write page (for a store), a
// Journal (for a store), a shared page without storage and a page not
// looked up last, and take the common cases: a written page and (for a
// load) one never written.
func TestReadPageWritePage(t *testing.T) {
	const (
		rw = 0x10000000 // two RW pages, the first written
		ro = 0x10100000 // a read-only page, written through Poke
		no = 0x10200000 // a PROT_NONE page
		sh = 0x10300000 // a shared RW page, never touched
	)
	setup := func(t *testing.T) *mem.Memory {
		m := mem.New()
		for _, r := range []struct {
			addr uint64
			n    uint64
			p    mem.Perm
		}{{rw, 2 * mem.PageSize, mem.RW}, {ro, mem.PageSize, mem.Read}, {no, mem.PageSize, mem.None}} {
			if err := m.Map(r.addr, r.n, r.p); err != nil {
				t.Fatal(err)
			}
		}
		if err := m.MapShared(sh, mem.PageSize, mem.RW, mem.NewShared(nil), 0); err != nil {
			t.Fatal(err)
		}
		if err := m.Write(rw, bytes.Repeat([]byte{0xa5}, mem.PageSize)); err != nil {
			t.Fatal(err)
		}
		if err := m.Poke(ro+8, []byte{1, 2, 3, 4, 5, 6, 7, 8}); err != nil {
			t.Fatal(err)
		}
		return m
	}
	tests := []struct {
		name     string
		prep     func(t *testing.T, m *mem.Memory) // after setup, before the calls
		addr     uint64
		n        int
		readOK   bool // ReadPage answers
		readNil  bool // … with no page (never written: zeros)
		writeOK  bool // WritePage gives a page
		noLookup bool // no Read of addr before the calls
	}{
		{name: "written page", addr: rw + 0x10, n: 8, readOK: true, writeOK: true},
		{name: "written page, last bytes", addr: rw + mem.PageSize - 4, n: 4, readOK: true, writeOK: true},
		{name: "one byte", addr: rw + 3, n: 1, readOK: true, writeOK: true},
		{name: "never written", addr: rw + mem.PageSize + 8, n: 8, readOK: true, readNil: true},
		{name: "across pages", addr: rw + mem.PageSize - 4, n: 8},
		{name: "read-only", addr: ro + 8, n: 8, readOK: true},
		{name: "PROT_NONE", addr: no, n: 8},
		{name: "unmapped", addr: 0x30000000, n: 8},
		// Not read first: a Read of a shared page gives it storage. The
		// leaf is the one looked up last (the Poke of ro).
		{name: "shared, never touched", addr: sh, n: 8, noLookup: true},
		{name: "shared, written", prep: func(t *testing.T, m *mem.Memory) {
			if err := m.Write(sh, []byte{9}); err != nil {
				t.Fatal(err)
			}
		}, addr: sh, n: 8, readOK: true, writeOK: true},
		{name: "copy-on-write after Snapshot", prep: func(t *testing.T, m *mem.Memory) { m.Snapshot() },
			addr: rw + 0x10, n: 8, readOK: true},
		{name: "Journal", prep: func(t *testing.T, m *mem.Memory) { m.Journal = func(*mem.Change) {} },
			addr: rw + 0x10, n: 8, readOK: true},
		{name: "leaf not looked up last", prep: func(t *testing.T, m *mem.Memory) {
			if err := m.Map(0x7000000000, mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			if err := m.Write(0x7000000000, []byte{1}); err != nil {
				t.Fatal(err)
			}
		}, addr: rw + 0x10, n: 8, noLookup: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := setup(t)
			if tc.prep != nil {
				tc.prep(t, m)
			}
			if !tc.noLookup {
				_ = m.Read(tc.addr, make([]byte, 1)) // as a step's earlier access would
			}
			gen, res := m.Generation(), m.Resident()
			d, ok := m.ReadPage(tc.addr, tc.n)
			w := m.WritePage(tc.addr, tc.n)
			if m.Generation() != gen || m.Resident() != res {
				t.Errorf("Generation %d → %d, Resident %d → %d: ReadPage or WritePage changed m", gen, m.Generation(), res, m.Resident())
			}
			if ok != tc.readOK || (ok && (d == nil) != tc.readNil) {
				t.Errorf("ReadPage: page %v, ok %v; want ok %v, no page %v", d != nil, ok, tc.readOK, tc.readNil)
			}
			if (w != nil) != tc.writeOK {
				t.Errorf("WritePage: page %v, want %v", w != nil, tc.writeOK)
			}
			off := tc.addr % mem.PageSize
			if ok {
				want := make([]byte, tc.n)
				if d != nil {
					copy(want, d[off:])
				}
				got := make([]byte, tc.n)
				if err := m.Read(tc.addr, got); err != nil || !bytes.Equal(got, want) {
					t.Errorf("Read = % x, %v; ReadPage's bytes % x", got, err, want)
				}
			}
			if w != nil {
				v := bytes.Repeat([]byte{0x3c}, tc.n)
				if err := m.Write(tc.addr, v); err != nil {
					t.Fatalf("Write: %v", err)
				}
				if !bytes.Equal(w[off:off+uint64(tc.n)], v) {
					t.Errorf("Write's bytes are not in WritePage's page: % x", w[off:off+uint64(tc.n)])
				}
			}
		})
	}
}
