package record

import (
	"bytes"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestSessionReadMemory: ReadMemory gives a page the replay has not been
// given yet the data of its later fill, whatever its permissions (a page
// of a file's private mapping the program has not touched yet), if that
// is the first later record that changes the page's contents or mapping
// (a protect is passed over), and leaves it as the replay has it
// otherwise: a page already stored, a partial or whole-page write, a zero,
// an unmap or a move first, no later change; across a page boundary, each
// page by its own rule.
func TestSessionReadMemory(t *testing.T) {
	const at = 0x30000000 // a two-page mapping
	page := func(b byte) []byte { return bytes.Repeat([]byte{b}, mem.PageSize) }
	write := func(addr uint64, d []byte) mem.Change {
		return mem.Change{Op: mem.ChangeWrite, Addr: addr, Size: uint64(len(d)), Data: d}
	}
	fill := func(addr uint64, b byte) mem.Change {
		return mem.Change{Op: mem.ChangeFill, Addr: addr, Size: mem.PageSize, Data: page(b)}
	}
	tests := []struct {
		name   string
		perm   mem.Perm
		before []mem.Change // before the first instruction
		later  []mem.Change // after it
		addr   uint64
		n      int
		want   []byte
	}{
		{"read-only", mem.Read, nil, []mem.Change{fill(at, 'A')}, at, 4, []byte("AAAA")},
		{"code", mem.Read | mem.Exec, nil, []mem.Change{fill(at+mem.PageSize, 'C'), fill(at, 'A')}, at + mem.PageSize - 2, 4, []byte("AACC")},
		{"writable", mem.RW, nil, []mem.Change{fill(at, 'A')}, at, 4, []byte("AAAA")},
		{"no-access", 0, nil, []mem.Change{{Op: mem.ChangeProtect, Addr: at, Size: mem.PageSize, Perm: mem.Read}, fill(at, 'A')}, at, 4, []byte("AAAA")},
		{"protect-first", mem.Read, nil, []mem.Change{{Op: mem.ChangeProtect, Addr: at, Size: 2 * mem.PageSize, Perm: mem.RW}, fill(at, 'A')}, at, 4, []byte("AAAA")},
		{"fill-then-write", mem.RW, nil, []mem.Change{fill(at, 'A'), write(at, []byte("xy"))}, at, 4, []byte("AAAA")},
		{"stored", mem.Read, []mem.Change{write(at, page('B'))}, []mem.Change{fill(at, 'A')}, at, 4, []byte("BBBB")},
		{"partial-first", mem.RW, nil, []mem.Change{write(at+8, []byte("xy")), fill(at, 'A')}, at, 4, make([]byte, 4)},
		{"write-first", mem.RW, nil, []mem.Change{write(at, page('W')), fill(at, 'A')}, at, 4, make([]byte, 4)},
		{"zero-first", mem.RW, nil, []mem.Change{{Op: mem.ChangeZero, Addr: at, Size: mem.PageSize}, fill(at, 'A')}, at, 4, make([]byte, 4)},
		{"unmap-first", mem.Read, nil, []mem.Change{{Op: mem.ChangeUnmap, Addr: at, Size: mem.PageSize}, {Op: mem.ChangeMap, Addr: at, Size: mem.PageSize, Perm: mem.Read}, fill(at, 'A')}, at, 4, make([]byte, 4)},
		{"moved-away", mem.RW, nil, []mem.Change{{Op: mem.ChangeMove, Addr: at + 0x100000, Src: at, Size: mem.PageSize}, fill(at+0x100000, 'A')}, at, 4, make([]byte, 4)},
		{"other-page", mem.Read, nil, []mem.Change{fill(at+mem.PageSize, 'C')}, at + mem.PageSize - 2, 4, []byte{0, 0, 'C', 'C'}},
		{"none", mem.RW, nil, nil, at, 4, make([]byte, 4)},
	}
	nop := []byte{0, 0, 0, 0x60} // ori 0,0,0 (little-endian)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var log bytes.Buffer
			cfg := emulate.Config{Level: decode.LevelPOWER9}
			w := NewWriter(&log, Header{LittleEndian: true, Config: cfg})
			w.Space(0)
			changes := append([]mem.Change{
				{Op: mem.ChangeMap, Addr: loopCode, Size: mem.PageSize, Perm: mem.RX},
				write(loopCode, bytes.Repeat(nop, 4)),
				{Op: mem.ChangeMap, Addr: at, Size: 2 * mem.PageSize, Perm: tc.perm},
			}, tc.before...)
			for i := range changes {
				w.Mem(0, &changes[i])
			}
			start := emulate.Context{Regs: regs.Regs{NIP: loopCode, MSR: regs.MSRLinuxUserLE}}
			w.Thread(1, 0, &start)
			w.Switch(1)
			w.Run(2)
			for i := range tc.later {
				w.Mem(0, &tc.later[i])
			}
			w.Run(2)
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			s, err := NewSession(log.Bytes(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := make([]byte, tc.n)
			if err := s.ReadMemory(tc.addr, got); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("ReadMemory (-want +got):\n%s", d)
			}
			// Asked again at the same point: the same answer.
			again := make([]byte, tc.n)
			if err := s.ReadMemory(tc.addr, again); err != nil || !bytes.Equal(again, got) {
				t.Errorf("asked again: %q, %v; want %q", again, err, got)
			}
		})
	}
}

// TestSessionReadMemoryVersion2: in a log of version 2, which logs a fill
// as a whole-page write (testdata/v2-lookahead.log: a read-only page and a
// writable one, each written whole after the first instructions),
// ReadMemory looks ahead only for a page mapped without write permission.
func TestSessionReadMemoryVersion2(t *testing.T) {
	const at = 0x30000000 // read-only, then a writable page
	log, err := os.ReadFile("testdata/v2-lookahead.log")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(log, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		addr uint64
		want []byte
	}{
		{"read-only", at, []byte("RRRR")},
		{"writable", at + mem.PageSize, make([]byte, 4)},
		{"across", at + mem.PageSize - 2, []byte{'R', 'R', 0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := make([]byte, len(tc.want))
			if err := s.ReadMemory(tc.addr, got); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("ReadMemory (-want +got):\n%s", d)
			}
		})
	}
}

// TestSessionFillIndex: the index ReadMemory consults before looking
// through the rest of the log (Session.fills) holds, by address space and
// page, the records that may hold a page's later data: a version 3 log's
// fills (not a whole-page write, nor another space's page counted for
// this one), a version 2 log's whole-page writes; a page with none later
// reads as zeros.
func TestSessionFillIndex(t *testing.T) {
	const at = 0x30000000
	page := func(b byte) []byte { return bytes.Repeat([]byte{b}, mem.PageSize) }
	var log bytes.Buffer
	w := NewWriter(&log, Header{LittleEndian: true, Config: emulate.Config{Level: decode.LevelPOWER9}})
	w.Space(0)
	w.Space(1)
	nop := []byte{0, 0, 0, 0x60} // ori 0,0,0 (little-endian)
	changes := []mem.Change{
		{Op: mem.ChangeMap, Addr: loopCode, Size: mem.PageSize, Perm: mem.RX},
		{Op: mem.ChangeWrite, Addr: loopCode, Size: 16, Data: bytes.Repeat(nop, 4)},
		{Op: mem.ChangeMap, Addr: at, Size: 4 * mem.PageSize, Perm: mem.RW},
	}
	for i := range changes {
		w.Mem(0, &changes[i])
	}
	w.Mem(1, &mem.Change{Op: mem.ChangeMap, Addr: at, Size: mem.PageSize, Perm: mem.RW})
	start := emulate.Context{Regs: regs.Regs{NIP: loopCode, MSR: regs.MSRLinuxUserLE}}
	w.Thread(1, 0, &start)
	w.Switch(1)
	w.Run(2)
	later := []struct {
		as uint64
		c  mem.Change
	}{
		{0, mem.Change{Op: mem.ChangeFill, Addr: at, Size: mem.PageSize, Data: page('A')}},
		{0, mem.Change{Op: mem.ChangeWrite, Addr: at + mem.PageSize, Size: mem.PageSize, Data: page('W')}},
		{1, mem.Change{Op: mem.ChangeFill, Addr: at, Size: mem.PageSize, Data: page('B')}},
		{0, mem.Change{Op: mem.ChangeFill, Addr: at, Size: mem.PageSize, Data: page('C')}},
	}
	for i := range later {
		w.Mem(later[i].as, &later[i].c)
	}
	w.Run(2)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(log.Bytes(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	count := func(s *Session) map[[2]uint64]int {
		n := map[[2]uint64]int{}
		for k, offs := range s.fills {
			n[k] = len(offs)
		}
		return n
	}
	if d := cmp.Diff(map[[2]uint64]int{{0, at}: 2, {1, at}: 1}, count(s)); d != "" {
		t.Errorf("version 3 index (-want +got):\n%s", d)
	}
	for _, tc := range []struct {
		addr uint64
		want []byte
	}{{at, []byte("AAAA")}, {at + mem.PageSize, make([]byte, 4)}, {at + 2*mem.PageSize, make([]byte, 4)}} {
		got := make([]byte, 4)
		if err := s.ReadMemory(tc.addr, got); err != nil || !bytes.Equal(got, tc.want) {
			t.Errorf("ReadMemory(%#x) = %q, %v; want %q", tc.addr, got, err, tc.want)
		}
	}

	v2, err := os.ReadFile("testdata/v2-lookahead.log")
	if err != nil {
		t.Fatal(err)
	}
	if s, err = NewSession(v2, Options{}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(map[[2]uint64]int{{0, at}: 1, {0, at + mem.PageSize}: 1}, count(s)); d != "" {
		t.Errorf("version 2 index (-want +got):\n%s", d)
	}
}
