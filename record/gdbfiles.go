package record

import (
	"bytes"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/mem"
)

var (
	_ gdbstub.Files   = (*GDBTarget)(nil)
	_ gdbstub.Process = (*GDBTarget)(nil)
)

// Pid implements gdbstub.Process: a live program's process id (its Live
// implements gdbstub.Process), or a replay's, the first thread's of the
// recording (the process it began with); 0 if neither is known.
func (g *GDBTarget) Pid() int {
	if g.live != nil {
		if p, ok := g.live.(gdbstub.Process); ok {
			return p.Pid()
		}
		return 0
	}
	return g.pid
}

// OpenFile implements gdbstub.Files. Where a live program stopped, its
// files (its Live implements gdbstub.Files). In the past, and in a
// replay, /proc/PID/maps and /proc/PID/task/TID/maps of the process are
// its mappings at that point of the recording (addresses and permissions;
// the recording has no file names: GDB finds the vDSO's range there);
// every other file is a live program's as it is now, and a replay's are
// its Files (the libraries in the recording's sysroot), or none
// (fs.ErrNotExist: GDB is then given the program's files with "set
// sysroot").
func (g *GDBTarget) OpenFile(pid int, path string) (gdbstub.File, error) {
	lf, _ := g.live.(gdbstub.Files)
	if g.atLive && lf != nil {
		return lf.OpenFile(pid, path)
	}
	if b, ok := g.pastMaps(pid, path); ok {
		return memFile{bytes.NewReader(b)}, nil
	}
	if lf != nil {
		return lf.OpenFile(pid, path)
	}
	if g.Files != nil {
		return g.Files.OpenFile(pid, path)
	}
	return nil, fs.ErrNotExist
}

// ReadLink implements gdbstub.Files: a live program's links (its Live
// implements gdbstub.Files); a replay's Files', or none.
func (g *GDBTarget) ReadLink(pid int, path string) (string, error) {
	if lf, ok := g.live.(gdbstub.Files); ok {
		return lf.ReadLink(pid, path)
	}
	if g.live == nil && g.Files != nil {
		return g.Files.ReadLink(pid, path)
	}
	return "", fs.ErrNotExist
}

// pastMaps is the content of path if it is /proc/PID/maps or
// /proc/PID/task/TID/maps of the process debugged (pid 0 or its id) in the
// Session, in Linux's format without the file names.
func (g *GDBTarget) pastMaps(pid int, path string) ([]byte, bool) {
	me := g.Pid()
	if g.s == nil || me == 0 || pid != 0 && pid != me {
		return nil, false
	}
	rest, ok := strings.CutPrefix(path, "/proc/"+strconv.Itoa(me)+"/")
	if !ok {
		return nil, false
	}
	if t, ok := strings.CutPrefix(rest, "task/"); ok {
		tid, r, _ := strings.Cut(t, "/")
		n, err := strconv.Atoi(tid)
		if err != nil || g.s.Context(uint64(n)) == nil {
			return nil, false
		}
		rest = r
	}
	m := g.s.Memory(g.s.Current())
	if rest != "maps" || m == nil {
		return nil, false
	}
	var b []byte
	m.Regions(func(start, end uint64, p mem.Perm) {
		perm := []byte("---p")
		for i, f := range []mem.Perm{mem.Read, mem.Write, mem.Exec} {
			if p&f != 0 {
				perm[i] = "rwx"[i]
			}
		}
		b = fmt.Appendf(b, "%08x-%08x %s 00000000 00:00 0\n", start, end, perm)
	})
	return b, true
}

// memFile is a File of bytes in memory: a regular file of mode 0444.
type memFile struct{ *bytes.Reader }

func (f memFile) Stat() (gdbstub.FileStat, error) {
	return gdbstub.FileStat{Mode: 0o100444, Nlink: 1, Size: uint64(f.Size())}, nil
}

func (f memFile) Close() error { return nil }
