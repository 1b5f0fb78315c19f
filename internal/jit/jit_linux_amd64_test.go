//go:build linux && amd64

package jit

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"

	"github.com/ppc64emu/ppc64emu/internal/amd64"
)

// TestCall runs generated code through Call, in a chunk of each kind
// (two views of a memory file, or a private mapping whose pages Add
// flips): it adds the two words its pointers lead to, stores the sum
// after the first, and returns 7.
func TestCall(t *testing.T) {
	kinds := []struct {
		name, perm, file string // the code mapping's permissions and /proc/self/maps name
		kind             int
		writable         bool // a read-write view (Writable)
	}{
		// perf names the code of "/dev/zero" mappings from
		// /tmp/perf-PID.map (ppc64emu run -perfmap).
		{"shared", "r-xs", "/dev/zero (deleted)", kindShared, true},
		{"file", "r-xs", "/memfd:ppc64emu-jit (deleted)", kindFile, true},
		{"private", "r-xp", "", kindPrivate, false},
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			defer func(p int) { chunkKinds = p }(chunkKinds)
			chunkKinds = k.kind
			a, err := NewArena()
			if err != nil {
				t.Fatal(err)
			}
			defer a.Free()
			var asm amd64.Asm
			asm.Load(64, amd64.RAX, amd64.M(amd64.RDI, 0))
			asm.OpMem(amd64.ADD, amd64.RAX, amd64.M(amd64.RSI, 0))
			asm.Store(64, amd64.M(amd64.RDI, 8), amd64.RAX)
			asm.MovImm(amd64.RAX, 7)
			asm.Ret()
			fn, err := a.Add(asm.Buf)
			if err != nil {
				t.Fatal(err)
			}
			x := [2]uint64{40, 0}
			y := uint64(2)
			if got := Call(fn, unsafe.Pointer(&x), unsafe.Pointer(&y)); got != 7 {
				t.Errorf("Call = %d, want 7", got)
			}
			if x[1] != 42 {
				t.Errorf("stored %d, want 42", x[1])
			}
			// W^X: the code's mapping is readable and executable, not
			// writable (shared: the memory file's execute view).
			if perm, file := mapPerm(t, fn); perm != k.perm || file != k.file {
				t.Errorf("code page mapped %q %q, want %q %q", perm, file, k.perm, k.file)
			}
			if !a.Holds(fn, len(asm.Buf)) || a.Holds(fn, ChunkSize+1) || a.Holds(fn-1<<40, 1) {
				t.Errorf("Holds: the code's bytes not held, or more than a chunk, or elsewhere")
			}
			// A data word in the code (RAX = [RIP+1], after the RET),
			// changed through its Writable address: the code reads the
			// new value (two views of one memory); a private chunk has
			// no writable view.
			asm.Buf = asm.Buf[:0]
			asm.Load(64, amd64.RAX, amd64.RIPRel(1))
			asm.Ret()
			at := asm.Len()
			asm.Buf = append(asm.Buf, 5, 0, 0, 0, 0, 0, 0, 0)
			fn, err = a.Add(asm.Buf)
			if err != nil {
				t.Fatal(err)
			}
			w := a.Writable(fn+uintptr(at), 8)
			if (w != nil) != k.writable || len(w) != 8 && w != nil || a.Writable(fn-1<<40, 8) != nil || a.Writable(fn, ChunkSize+1) != nil {
				t.Fatalf("Writable(code) = %v (want one: %v), or one elsewhere", w, k.writable)
			}
			want := uint64(5)
			if w != nil {
				w[0] = 9
				want = 9
			}
			if got := Call(fn, nil, nil); got != want {
				t.Errorf("the data word = %d, want %d", got, want)
			}
		})
	}
}

// TestArenaChunks fills more than a chunk: each piece of code stays
// callable where Add put it, and 16-byte aligned.
func TestArenaChunks(t *testing.T) {
	a, err := NewArena()
	if err != nil {
		t.Fatal(err)
	}
	defer a.Free()
	var fns []uintptr
	for i := 0; i < 3*ChunkSize/4096; i++ {
		var asm amd64.Asm
		asm.MovImm(amd64.RAX, uint64(i))
		asm.Ret()
		asm.Buf = append(asm.Buf, make([]byte, 4000)...) // padding, never run
		fn, err := a.Add(asm.Buf)
		if err != nil {
			t.Fatal(err)
		}
		if fn%16 != 0 {
			t.Fatalf("code %d at %#x: not 16-byte aligned", i, fn)
		}
		fns = append(fns, fn)
	}
	for i, fn := range fns {
		if got := Call(fn, nil, nil); got != uint64(i) {
			t.Fatalf("code %d returned %d", i, got)
		}
	}
	if _, err := a.Add(make([]byte, ChunkSize+1)); err != ErrTooBig {
		t.Errorf("Add of more than a chunk: %v, want ErrTooBig", err)
	}
}

// mapPerm is the permission field and the name (the rest of the line
// after the inode) of /proc/self/maps for addr's mapping.
func mapPerm(t *testing.T, addr uintptr) (string, string) {
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		var lo, hi uintptr
		var perm string
		if _, err := fmt.Sscanf(s.Text(), "%x-%x %s", &lo, &hi, &perm); err == nil && lo <= addr && addr < hi {
			f := strings.Fields(s.Text())
			return perm, strings.Join(f[min(5, len(f)):], " ")
		}
	}
	t.Fatalf("%#x not in /proc/self/maps", addr)
	return "", ""
}

// TestArenaKeepAddresses frees an arena that keeps its addresses, with a
// chunk of each kind: the executable view's addresses stay mapped, with
// no access and no name, the read-write view is gone, the arena can be
// used again, and a second arena's chunks (Add fills one, then takes
// new ones) never get those addresses.
func TestArenaKeepAddresses(t *testing.T) {
	kinds := []struct {
		name string
		kind int
	}{{"shared", kindShared}, {"file", kindFile}, {"private", kindPrivate}}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			defer func(p int) { chunkKinds = p }(chunkKinds)
			chunkKinds = k.kind
			a, err := NewArena()
			if err != nil {
				t.Fatal(err)
			}
			a.KeepAddresses()
			var asm amd64.Asm
			asm.MovImm(amd64.RAX, 1)
			asm.Ret()
			fn, err := a.Add(asm.Buf)
			if err != nil {
				t.Fatal(err)
			}
			var rw uintptr
			if w := a.Writable(fn, 1); w != nil {
				rw = uintptr(unsafe.Pointer(&w[0]))
			}
			if err := a.Free(); err != nil {
				t.Fatalf("Free: %v", err)
			}
			if perm, name := mapPerm(t, fn); perm != "---p" || name != "" {
				t.Errorf("freed code's mapping: %q %q, want \"---p\" and no name", perm, name)
			}
			if rw != 0 && mapped(t, rw) {
				t.Errorf("freed read-write view still mapped at %#x", rw)
			}
			if _, err := a.Add(asm.Buf); err != nil {
				t.Fatalf("Add after Free: %v", err)
			}
			defer a.Free()
			b, err := NewArena()
			if err != nil {
				t.Fatal(err)
			}
			defer b.Free()
			for i := 0; i < 4*ChunkSize/4096; i++ {
				p, err := b.Add(make([]byte, 4000))
				if err != nil {
					t.Fatal(err)
				}
				if fn >= p && fn < p+4000 || b.Holds(fn, 1) {
					t.Fatalf("a second arena's code at %#x holds the freed code's address %#x", p, fn)
				}
			}
		})
	}
}

// mapped reports whether addr is in a mapping of /proc/self/maps.
func mapped(t *testing.T, addr uintptr) bool {
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		var lo, hi uintptr
		if _, err := fmt.Sscanf(l, "%x-%x", &lo, &hi); err == nil && lo <= addr && addr < hi {
			return true
		}
	}
	return false
}
