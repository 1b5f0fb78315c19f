package mem_test

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

func mustMap(t *testing.T, m *mem.Memory, addr, size uint64, p mem.Perm) {
	t.Helper()
	if err := m.Map(addr, size, p); err != nil {
		t.Fatal(err)
	}
}

func faultAddr(t *testing.T, err error, want error) uint64 {
	t.Helper()
	var ae *mem.AccessError
	if !errors.As(err, &ae) {
		t.Fatalf("error %v is not an *mem.AccessError", err)
	}
	if !errors.Is(err, want) {
		t.Fatalf("error %v does not match %v", err, want)
	}
	return ae.Addr
}

func TestMapOverlapAndAlign(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x3000, mem.RW)
	tests := []struct {
		addr, size uint64
		want       error
	}{
		{0x10000, 0x1000, mem.ErrOverlap},
		{0xf000, 0x2000, mem.ErrOverlap},
		{0x12000, 0x1000, mem.ErrOverlap},
		{0x10800, 0x1000, mem.ErrAlign},
		{0x20000, 0x10, mem.ErrAlign},
		{0xfffffffffffff000, 0x2000, mem.ErrRange},
		{0x13000, 0x1000, nil}, // adjacent
		{0xf000, 0x1000, nil},  // adjacent below
		{0xfffffffffffff000, 0x1000, nil},
	}
	for _, tc := range tests {
		err := m.Map(tc.addr, tc.size, mem.RW)
		if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
			t.Errorf("Map(%#x, %#x) = %v, want %v", tc.addr, tc.size, err, tc.want)
		}
	}
}

func TestReadWriteSpanningAdjacentMappings(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x1000, mem.RW)
	mustMap(t, m, 0x11000, 0x1000, mem.RW)
	in := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	if err := m.Write(0x10ffc, in); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 8)
	if err := m.Read(0x10ffc, out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(in, out) {
		t.Fatalf("read back %x, want %x", out, in)
	}
	// Untouched mapped memory reads as zeros.
	if err := m.Read(0x11800, out); err != nil || !bytes.Equal(out, make([]byte, 8)) {
		t.Fatalf("fresh page: %x, %v", out, err)
	}
}

// TestReadNeverWritten: a read of a mapped page never written gives zeros
// whatever p held, also when the page's leaf is the last one looked up
// (Read's fast case), and a write-only page still refuses the read.
func TestReadNeverWritten(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x1000, mem.RW)
	mustMap(t, m, 0x11000, 0x1000, mem.RW)
	mustMap(t, m, 0x12000, 0x1000, mem.Write)
	for _, addr := range []uint64{0x10008, 0x11ff8} {
		out := []byte{1, 2, 3, 4, 5, 6, 7, 8}
		if err := m.Read(addr, out); err != nil || !bytes.Equal(out, make([]byte, 8)) {
			t.Errorf("Read(%#x) = %x, %v; want zeros", addr, out, err)
		}
		if err := m.Write(0x10000, []byte{9}); err != nil { // the leaf looked up last
			t.Fatal(err)
		}
	}
	if err := m.Read(0x12000, make([]byte, 8)); !errors.Is(err, mem.ErrPermission) {
		t.Errorf("Read of a write-only page: %v, want ErrPerm", err)
	}
}

func TestFaultNamesFirstBadByte(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x1000, mem.RW)
	mustMap(t, m, 0x11000, 0x1000, mem.Read)
	mustMap(t, m, 0x20000, 0x1000, mem.None)
	buf := make([]byte, 16)
	tests := []struct {
		name  string
		do    func() error
		addr  uint64
		kind  error
		write bool
	}{
		{"read unmapped", func() error { return m.Read(0x30000, buf) }, 0x30000, mem.ErrUnmapped, false},
		{"read into unmapped", func() error { return m.Read(0x11ff8, buf) }, 0x12000, mem.ErrUnmapped, false},
		{"write into read-only", func() error { return m.Write(0x10ff8, buf) }, 0x11000, mem.ErrPermission, true},
		{"write read-only", func() error { return m.Write(0x11000, buf[:1]) }, 0x11000, mem.ErrPermission, true},
		{"read PROT_NONE", func() error { return m.Read(0x20010, buf[:4]) }, 0x20010, mem.ErrPermission, false},
		{"fetch non-exec", func() error { return m.Fetch(0x10000, buf[:4]) }, 0x10000, mem.ErrPermission, false},
		{"read below mapping", func() error { return m.Read(0xfff8, buf) }, 0xfff8, mem.ErrUnmapped, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before [32]byte
			_ = m.Peek(0x10fe0, before[:])
			err := tc.do()
			if got := faultAddr(t, err, tc.kind); got != tc.addr {
				t.Errorf("fault at %#x, want %#x", got, tc.addr)
			}
			var after [32]byte
			_ = m.Peek(0x10fe0, after[:])
			if before != after {
				t.Errorf("failed access changed memory")
			}
		})
	}
}

func TestProtectUnmap(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x4000, mem.RW)
	if err := m.Write(0x11000, []byte{42}); err != nil {
		t.Fatal(err)
	}
	if err := m.Protect(0x11000, 0x1000, mem.Read); err != nil {
		t.Fatal(err)
	}
	if p, ok := m.Perm(0x11000); !ok || p != mem.Read {
		t.Fatalf("Perm = %v %v", p, ok)
	}
	b := []byte{0}
	if err := m.Read(0x11000, b); err != nil || b[0] != 42 {
		t.Fatalf("contents lost by Protect: %v %v", b, err)
	}
	if err := m.Protect(0x13000, 0x2000, mem.Read); !errors.Is(err, mem.ErrUnmapped) {
		t.Fatalf("Protect of partly unmapped range: %v", err)
	}
	if err := m.Unmap(0x11000, 0x2000); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Perm(0x11000); ok {
		t.Fatal("still mapped after Unmap")
	}
	var spans [][2]uint64
	m.Spans(func(s, e uint64) { spans = append(spans, [2]uint64{s, e}) })
	want := [][2]uint64{{0x10000, 0x11000}, {0x13000, 0x14000}}
	if len(spans) != 2 || spans[0] != want[0] || spans[1] != want[1] {
		t.Fatalf("spans %x, want %x", spans, want)
	}
	// Remapping gives zeroed memory.
	mustMap(t, m, 0x11000, 0x1000, mem.RW)
	if err := m.Read(0x11000, b); err != nil || b[0] != 0 {
		t.Fatalf("remapped page not zero: %v %v", b, err)
	}
}

func TestFindFree(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x1000, mem.RW)
	mustMap(t, m, 0x12000, 0x1000, mem.RW)
	tests := []struct {
		lo, hi, size uint64
		down         bool
		want         uint64
		ok           bool
	}{
		{0x10000, 0x20000, 0x1000, false, 0x11000, true},
		{0x10000, 0x20000, 0x2000, false, 0x13000, true},
		{0x10000, 0x12000, 0x2000, false, 0, false},
		{0x0, 0x13000, 0x1000, true, 0x11000, true},
		{0x0, 0x13000, 0x2000, true, 0xe000, true},
	}
	for _, tc := range tests {
		f := m.FindFree
		if tc.down {
			f = m.FindFreeDown
		}
		got, ok := f(tc.lo, tc.hi, tc.size)
		if got != tc.want || ok != tc.ok {
			t.Errorf("find(%#x,%#x,%#x,down=%v) = %#x %v, want %#x %v", tc.lo, tc.hi, tc.size, tc.down, got, ok, tc.want, tc.ok)
		}
	}
}

func TestReadString(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x2000, mem.RW)
	s := "hello, crossing a page"
	if err := m.Write(0x10ff0, append([]byte(s), 0)); err != nil {
		t.Fatal(err)
	}
	got, err := m.ReadString(0x10ff0, 100)
	if err != nil || got != s {
		t.Fatalf("ReadString = %q, %v", got, err)
	}
	if _, err := m.ReadString(0x10ff0, 5); err == nil {
		t.Fatal("ReadString past max succeeded")
	}
	if err := m.Write(0x11ffe, []byte("ab")); err != nil {
		t.Fatal(err)
	}
	if _, err := m.ReadString(0x11ffe, 100); err == nil {
		t.Fatal("ReadString off the end of the mapping succeeded")
	}
}

// A step through *mem.Memory as an emulate.Memory allocates nothing.
func TestStepAllocs(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000000, 0x1000, mem.RWX)
	var code [8]byte
	// ld r3,8(r4); add r3,r3,r3 (little-endian)
	code[0], code[1], code[2], code[3] = 0x08, 0x00, 0x64, 0xe8
	code[4], code[5], code[6], code[7] = 0x14, 0x1a, 0x63, 0x7c
	if err := m.Write(0x10000000, code[:]); err != nil {
		t.Fatal(err)
	}
	e := emulate.New(emulate.Config{})
	var r regs.Regs
	r.MSR = regs.MSRUser64LE
	r.GPR[4] = 0x10000100
	allocs := testing.AllocsPerRun(1000, func() {
		r.NIP = 0x10000000
		if err := e.Fetch(&r, m); err != nil {
			t.Fatal(err)
		}
		if err := e.Fetch(&r, m); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per step pair", allocs)
	}
}

func BenchmarkFetchStep(b *testing.B) {
	m := mem.New()
	if err := m.Map(0x10000000, 0x1000, mem.RWX); err != nil {
		b.Fatal(err)
	}
	// addi r3,r3,1 ; ld r4,0x100(r5) repeated
	code := []byte{0x01, 0x00, 0x63, 0x38, 0x00, 0x01, 0x85, 0xe8}
	for i := 0; i < 0x800; i += 8 {
		_ = m.Write(0x10000000+uint64(i), code)
	}
	e := emulate.New(emulate.Config{})
	var r regs.Regs
	r.MSR = regs.MSRUser64LE
	r.GPR[5] = 0x10000800
	r.NIP = 0x10000000
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if r.NIP >= 0x10000800 {
			r.NIP = 0x10000000
		}
		if err := e.Fetch(&r, m); err != nil {
			b.Fatal(err)
		}
	}
}

func TestMove(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x1000, mem.RW)
	mustMap(t, m, 0x11000, 0x1000, mem.Read)
	if err := m.Poke(0x10ff8, []byte("abcdefghijkl")); err != nil {
		t.Fatal(err)
	}
	mustMap(t, m, 0x40000, 0x1000, mem.RW)
	for _, tc := range []struct {
		dst, src, size uint64
		want           error
	}{
		{0x30000, 0x10000, 0x3000, mem.ErrUnmapped}, // source not all mapped
		{0x3f000, 0x10000, 0x2000, mem.ErrOverlap},  // destination partly mapped
		{0x30800, 0x10000, 0x1000, mem.ErrAlign},
	} {
		if err := m.Move(tc.dst, tc.src, tc.size); !errors.Is(err, tc.want) {
			t.Errorf("Move(%#x, %#x, %#x) = %v, want %v", tc.dst, tc.src, tc.size, err, tc.want)
		}
	}
	if err := m.Move(0x30000, 0x10000, 0x2000); err != nil {
		t.Fatal(err)
	}
	if m.Mapped(0x10000, 1) || m.Mapped(0x11000, 1) {
		t.Error("source still mapped after Move")
	}
	got := make([]byte, 12)
	if err := m.Read(0x30ff8, got); err != nil || string(got) != "abcdefghijkl" {
		t.Errorf("moved contents %q, %v", got, err)
	}
	if p, _ := m.Perm(0x31000); p != mem.Read {
		t.Errorf("moved permission %v, want %v", p, mem.Read)
	}
	if err := m.Write(0x31000, []byte{1}); err == nil {
		t.Error("write to a moved read-only page succeeded")
	}
}

// TestHugeReservation: reserving, protecting and unmapping a range costs
// the same whatever its size (Linux reserves address space lazily); only
// the pages touched take storage and page table.
func TestHugeReservation(t *testing.T) {
	for _, size := range []uint64{1 << 36, 1 << 40, 1 << 46} {
		m := mem.New()
		base := uint64(1) << 47
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		mustMap(t, m, base, size, mem.None)
		if err := m.Protect(base+size/2, size/4, mem.RW); err != nil {
			t.Fatal(err)
		}
		if err := m.Write(base+size/2+size/4-8, []byte("lastword")); err != nil {
			t.Fatal(err)
		}
		if err := m.Write(base+size/2, []byte{1}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 2<<20 {
			t.Errorf("size %#x: Map+Protect+2 writes allocated %d bytes", size, grew)
		}
		if got := m.Resident(); got != 2*mem.PageSize {
			t.Errorf("size %#x: Resident = %d, want 2 pages", size, got)
		}
		if got := m.Size(); got != size {
			t.Errorf("size %#x: Size = %#x", size, got)
		}
		if err := m.Write(base, []byte{1}); !errors.Is(err, mem.ErrPermission) {
			t.Errorf("size %#x: write to the PROT_NONE part: %v", size, err)
		}
		if err := m.Unmap(base, size); err != nil {
			t.Fatal(err)
		}
		if m.Size() != 0 || m.Resident() != 0 || m.Mapped(base+size/2, 1) {
			t.Errorf("size %#x: after Unmap: Size %d Resident %d", size, m.Size(), m.Resident())
		}
	}
}

// TestLazyLeafPermissions: a page table leaf created after Protect and
// Unmap split a reservation sees each page's current permission.
func TestLazyLeafPermissions(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000000, 0x4000000, mem.Read) // two leaves, never touched
	if err := m.Protect(0x11000000, 0x1000, mem.RW); err != nil {
		t.Fatal(err)
	}
	if err := m.Unmap(0x12ffe000, 0x2000); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		addr uint64
		perm mem.Perm
		ok   bool
	}{
		{0x10000000, mem.Read, true},
		{0x11000000, mem.RW, true},
		{0x11001000, mem.Read, true},
		{0x12ffe000, 0, false},
		{0x12fff000, 0, false},
		{0x13000000, mem.Read, true},
		{0x13fff000, mem.Read, true},
		{0x14000000, 0, false},
	} {
		// Touch through Read (creates the leaf), then ask Perm.
		var b [1]byte
		err := m.Read(tc.addr, b[:])
		if (err == nil) != tc.ok {
			t.Errorf("Read %#x: %v", tc.addr, err)
		}
		if p, ok := m.Perm(tc.addr); p != tc.perm || ok != tc.ok {
			t.Errorf("Perm(%#x) = %v, %v; want %v, %v", tc.addr, p, ok, tc.perm, tc.ok)
		}
	}
	var got [][3]uint64
	m.Regions(func(s, e uint64, p mem.Perm) { got = append(got, [3]uint64{s, e, uint64(p)}) })
	want := [][3]uint64{
		{0x10000000, 0x11000000, uint64(mem.Read)},
		{0x11000000, 0x11001000, uint64(mem.RW)},
		{0x11001000, 0x12ffe000, uint64(mem.Read)},
		{0x13000000, 0x14000000, uint64(mem.Read)},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Regions = %x, want %x", got, want)
	}
}

// TestZero: Zero empties written pages (they read as zeros) and keeps
// their permissions.
func TestZero(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x3000, mem.RW)
	if err := m.Write(0x10ffc, []byte("abcdefgh")); err != nil {
		t.Fatal(err)
	}
	m.Zero(0x11000, 0x1000)
	got := make([]byte, 8)
	if err := m.Read(0x10ffc, got); err != nil || string(got) != "abcd\x00\x00\x00\x00" {
		t.Errorf("after Zero: %q, %v", got, err)
	}
	if p, _ := m.Perm(0x11000); p != mem.RW {
		t.Errorf("Zero changed the permission to %v", p)
	}
	if m.Resident() != mem.PageSize {
		t.Errorf("Resident = %d, want one page", m.Resident())
	}
}

// TestLimit: Map beyond Limit fails with ErrLimit and changes nothing;
// unmapping makes room again.
func TestLimit(t *testing.T) {
	m := mem.New()
	m.Limit = 0x10000
	mustMap(t, m, 0x10000, 0xc000, mem.RW)
	if err := m.Map(0x40000, 0x5000, mem.RW); !errors.Is(err, mem.ErrLimit) {
		t.Fatalf("Map beyond the limit: %v", err)
	}
	if m.Mapped(0x40000, 1) || m.Size() != 0xc000 {
		t.Errorf("refused Map changed the address space: size %#x", m.Size())
	}
	if err := m.Map(0x40000, 1<<62, mem.None); !errors.Is(err, mem.ErrLimit) {
		t.Fatalf("huge Map: %v", err)
	}
	mustMap(t, m, 0x40000, 0x4000, mem.RW)
	if err := m.Unmap(0x10000, 0x4000); err != nil {
		t.Fatal(err)
	}
	mustMap(t, m, 0x50000, 0x4000, mem.RW)
}

// TestBudget: a Budget shared by two Memories (a Clone has its
// original's) bounds their sizes together: a Map that would take the sum
// beyond it fails with ErrLimit and changes nothing; an Unmap in either
// makes room in both.
func TestBudget(t *testing.T) {
	var all []*mem.Memory
	budget := func(m *mem.Memory, grow uint64) bool {
		n := grow
		for _, x := range all {
			n += x.Size()
		}
		return n <= 0x10000
	}
	m := mem.New()
	m.Budget = budget
	mustMap(t, m, 0x10000, 0x6000, mem.RW)
	c := m.Clone()
	all = []*mem.Memory{m, c}
	for _, x := range all { // 0x6000 twice and 0x5000: beyond 0x10000
		if err := x.Map(0x40000, 0x5000, mem.RW); !errors.Is(err, mem.ErrLimit) {
			t.Fatalf("Map beyond the budget: %v", err)
		}
		if x.Mapped(0x40000, 1) || x.Size() != 0x6000 {
			t.Errorf("refused Map changed the address space: size %#x", x.Size())
		}
	}
	if err := m.Unmap(0x10000, 0x2000); err != nil {
		t.Fatal(err)
	}
	mustMap(t, c, 0x40000, 0x5000, mem.RW) // 0x4000 + 0x6000 + 0x5000 = 0xf000
}

// TestAllowedUniform: Allowed and Uniform answer from the mappings, for
// ranges that cross mappings of different permissions and holes.
func TestAllowedUniform(t *testing.T) {
	m := mem.New()
	mustMap(t, m, 0x10000, 0x2000, mem.RW)
	mustMap(t, m, 0x12000, 0x1000, mem.RWX)
	mustMap(t, m, 0x14000, 1<<40, mem.Read)
	for _, tc := range []struct {
		addr, size uint64
		p          mem.Perm
		allowed    bool
		uniform    bool
	}{
		{0x10000, 0x3000, mem.Write, true, false},
		{0x10800, 0x1000, mem.RW, true, true},
		{0x10000, 0x3001, mem.Write, false, false}, // into the hole
		{0x12000, 0x1000, mem.RWX, true, true},
		{0x14000, 1 << 40, mem.Read, true, true},
		{0x14000, 1<<40 + 1, mem.Read, false, false},
		{0x13000, 1, mem.None, false, false},
		{0xfffffffffffff000, 0x2000, mem.None, false, false}, // wraps
	} {
		if got := m.Allowed(tc.addr, tc.size, tc.p); got != tc.allowed {
			t.Errorf("Allowed(%#x, %#x, %v) = %v", tc.addr, tc.size, tc.p, got)
		}
		if _, ok := m.Uniform(tc.addr, tc.size); ok != tc.uniform {
			t.Errorf("Uniform(%#x, %#x) = %v", tc.addr, tc.size, ok)
		}
	}
}
