//go:build linux

package linux

import (
	"debug/elf"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"

	"github.com/ppc64emu/ppc64emu/linux/loader"
)

// perfMap writes Config.PerfMap: a line per piece of generated code
// (emulate.Config.NativeCode) in the format perf reads from
// /tmp/perf-PID.map for code it finds no file for ("START SIZE NAME", the
// first two in hex; tools/perf/Documentation/jit-interface.txt), NAME the
// guest address of the code's first instruction, the function of the
// guest's symbols containing it with the offset, the file mapped there
// and the number of instructions: "0x7fff9c012340 memcpy+0x40
// (libc.so.6) 12". Lines are written in batches, the last when the run
// ends (flush).
type perfMap struct {
	mu    sync.Mutex
	w     io.Writer
	buf   []byte
	ended bool                    // flush ran: lines go out at once
	files map[string]*perfMapFile // by host path
}

// perfMapFile is what names addresses in a mapped ELF file: its
// symbols at their unrelocated addresses and its loadable segments;
// nil when it has none or cannot be read.
type perfMapFile struct {
	syms  *loader.Symbols
	loads []*elf.Prog
}

// perfMapBatch is how many bytes of lines perfMap keeps before it
// writes them.
const perfMapBatch = 64 << 10

func newPerfMap(w io.Writer) *perfMap {
	return &perfMap{w: w, files: map[string]*perfMapFile{}}
}

// add writes the line of n instructions' code at addr of mm, size bytes
// at code. mm's names are read under the process lock, which the caller
// (the emulator's Run, on the thread holding it) holds.
func (pm *perfMap) add(mm *addressSpace, code uintptr, size int, addr uint64, n int) {
	name := pm.name(mm, addr)
	pm.mu.Lock()
	defer pm.mu.Unlock()
	pm.buf = fmt.Appendf(pm.buf, "%x %x %#x%s %d\n", code, size, addr, name, n)
	if pm.ended || len(pm.buf) >= perfMapBatch {
		pm.writeOut()
	}
}

// flush writes the lines kept; later lines are written at once.
func (pm *perfMap) flush() {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	pm.ended = true
	pm.writeOut()
}

func (pm *perfMap) writeOut() {
	if len(pm.buf) > 0 {
		pm.w.Write(pm.buf) // a map is an aid: a failed write loses lines, nothing else
		pm.buf = pm.buf[:0]
	}
}

// name is the part of addr's line after the address: " FUNC+OFF (FILE)",
// " (FILE)" without a symbol, "" outside a file mapping.
func (pm *perfMap) name(mm *addressSpace, addr uint64) string {
	k := sort.Search(len(mm.names), func(i int) bool { return mm.names[i].end > addr })
	if k == len(mm.names) || mm.names[k].start > addr {
		return ""
	}
	fn := mm.names[k]
	s := fmt.Sprintf(" (%s)", perfMapText(filepath.Base(fn.path)))
	pm.mu.Lock()
	f, ok := pm.files[fn.path]
	pm.mu.Unlock()
	if !ok {
		f = readPerfMapFile(fn.path)
		pm.mu.Lock()
		pm.files[fn.path] = f
		pm.mu.Unlock()
	}
	if f == nil {
		return s
	}
	off := fn.off + (addr - fn.start)
	for _, p := range f.loads {
		if off >= p.Off && off-p.Off < p.Filesz {
			v := p.Vaddr + (off - p.Off)
			if sym, base := f.syms.Lookup(v); sym != "" {
				return fmt.Sprintf(" %s+%#x%s", perfMapText(sym), v-base, s)
			}
			break
		}
	}
	return s
}

// perfMapText is s, a name the guest chose (a file's, a symbol's), with
// each control character as '?': a newline in it would start a line of
// the map's own.
func perfMapText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, s)
}

// readPerfMapFile reads the symbols and loadable segments of the ELF
// file at path, or returns nil; nil too when path is no longer a regular
// file (the guest may have put a FIFO there since it mapped the file: the
// open does not wait for a writer).
func readPerfMapFile(path string) *perfMapFile {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	syms, err := loader.ReadSymbols(f, 0)
	if err != nil || len(syms.All()) == 0 {
		return nil
	}
	ef, err := elf.NewFile(f)
	if err != nil {
		return nil
	}
	pf := &perfMapFile{syms: syms}
	for _, p := range ef.Progs {
		if p.Type == elf.PT_LOAD {
			pf.loads = append(pf.loads, p)
		}
	}
	return pf
}
