//go:build linux

package linux

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"weak"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/mem"
)

// Private file mappings (MAP_PRIVATE of a regular file) read their pages
// when the guest first touches them (mem.NewPrivate), from a descriptor
// of the runner's own for the file: a program's libraries and data files
// cost the pages it uses, not their size (postgres --version mapped 30
// MB of libicudata and used a few pages of it). One object per file
// (device and inode), kept while a mapping of it lives: every mapping of
// the file is a mapping of it at its own offset, as Linux's are of the
// file's page cache, and the runner holds one descriptor per mapped file
// however many mappings it has. The descriptor is closed when the last
// mapping is gone and the object collected (os.File's cleanup).
//
// A recording (Config.Record, the debugger) logs each page as it is read
// in (mem.ChangeFill): the replay has no file.

// privateFiles are the objects of the files mapped privately, by file.
var privateFiles struct {
	sync.Mutex
	m map[fileID]weak.Pointer[mem.Shared]
}

// privateFile returns the object for private mappings of the regular
// file open at host descriptor fd (st is its status), or an errno.
func privateFile(fd int, st *unix.Stat_t) (*mem.Shared, int) {
	id := fileID{uint64(st.Dev), uint64(st.Ino)} // uint32 on some 32-bit hosts
	privateFiles.Lock()
	defer privateFiles.Unlock()
	if s := privateFiles.m[id].Value(); s != nil {
		return s, 0
	}
	f, err := reopenFile(fd)
	if err != nil {
		return nil, errnoOf(err)
	}
	s := mem.NewPrivate(func(i uint64, p []byte) int { return readFilePages(f, i, p) })
	if privateFiles.m == nil {
		privateFiles.m = map[fileID]weak.Pointer[mem.Shared]{}
	}
	w := weak.Make(s)
	privateFiles.m[id] = w
	runtime.AddCleanup(s, func(id fileID) {
		privateFiles.Lock()
		if privateFiles.m[id] == w {
			delete(privateFiles.m, id)
		}
		privateFiles.Unlock()
	}, id)
	return s, 0
}

// privateExec is loader.Layout.Private: the object of a host file's
// private mappings, for the loader to map an executable's segments
// from; nil for a reader that is not an open regular file.
func privateExec(r io.ReaderAt) *mem.Shared {
	f, ok := r.(*os.File)
	var st unix.Stat_t
	if !ok || unix.Fstat(int(f.Fd()), &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil
	}
	s, _ := privateFile(int(f.Fd()), &st)
	return s
}

// reopenFile opens the file of host descriptor fd for reading, apart
// from the guest's open file description (its O_DIRECT and offset are
// the guest's), or duplicates fd if the file cannot be opened again (a
// file whose mode no longer lets the runner open it).
func reopenFile(fd int) (*os.File, error) {
	name := fmt.Sprintf("/proc/self/fd/%d", fd)
	if h, err := unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NOATIME, 0); err == nil {
		return os.NewFile(uintptr(h), name), nil
	} else if h, err = unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0); err == nil {
		return os.NewFile(uintptr(h), name), nil
	}
	h, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(h), name), nil
}

// readFilePages reads f from page i into p and returns the bytes read,
// fewer at the file's end, 0 if the file has no page i or the read fails
// (Linux's SIGBUS for both).
func readFilePages(f *os.File, i uint64, p []byte) int {
	if i >= 1<<(63-12) {
		return 0
	}
	n, err := f.ReadAt(p, int64(i*mem.PageSize))
	if err != nil && !errors.Is(err, io.EOF) {
		return 0
	}
	return n
}
