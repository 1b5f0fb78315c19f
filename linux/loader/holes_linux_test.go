//go:build linux

package loader_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
)

// TestLoadSparse: an executable whose second PT_LOAD has 64 GiB of file
// bytes (the most Load takes, maxSegment), in a sparse file that is one
// hole past its header, loads without reading the hole, as Linux maps it
// without reading it: reading it took as long as reading 64 GiB of zeros
// and gave every page storage, 64 GiB of host memory. The segment reads
// as zero past the header. A file shorter than the segment's file part is
// still refused.
func TestLoadSparse(t *testing.T) {
	const segSize = 1 << 36
	order := binary.LittleEndian
	small := loader.ELFImage(order, false)
	b := make([]byte, 0x200+2*56)
	copy(b, small)
	copy(b[0x200:], small[64:64+56])
	order.PutUint64(b[32:], 0x200) // e_phoff
	order.PutUint16(b[56:], 2)
	ph := b[0x200+56:]
	order.PutUint32(ph[0:], 1)               // PT_LOAD
	order.PutUint32(ph[4:], 4)               // R
	order.PutUint64(ph[8:], 0)               // p_offset
	order.PutUint64(ph[16:], 0x100000000000) // p_vaddr
	order.PutUint64(ph[24:], 0x100000000000) // p_paddr
	order.PutUint64(ph[32:], segSize)        // p_filesz
	order.PutUint64(ph[40:], segSize)        // p_memsz
	for _, size := range []int64{segSize, segSize / 2} {
		path := filepath.Join(t.TempDir(), "sparse")
		if err := os.WriteFile(path, b, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, size); err != nil {
			t.Skipf("no sparse file of %d bytes here: %v", size, err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		m := mem.New()
		_, err = loader.Load(m, f, testLayout)
		f.Close()
		runtime.ReadMemStats(&after)
		if size < segSize {
			if err == nil {
				t.Errorf("a file of %d bytes with a segment of %d file bytes loaded", size, int64(segSize))
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
			t.Errorf("Load allocated %d bytes", grew)
		}
		var w [8]byte
		if err := m.Peek(0x100000000000+segSize/2, w[:]); err != nil || w != [8]byte{} {
			t.Errorf("the middle of the segment: %v, %v", w, err)
		}
		if err := m.Peek(0x100000000000, w[:4]); err != nil || string(w[:4]) != "\x7fELF" {
			t.Errorf("the segment's start: %q, %v", w[:4], err)
		}
	}
}
