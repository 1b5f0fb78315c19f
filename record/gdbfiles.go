package record

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
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
// its Files (the libraries in the recording's sysroot) and its program
// (Exe, or /proc/PID/exe: the host's file at that path), or none
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
	exe := g.exeLink(pid, path)
	if g.Files != nil && !exe {
		f, err := g.Files.OpenFile(pid, path)
		if err == nil || path != g.Exe {
			return f, err
		}
	}
	if g.live == nil && g.Exe != "" && (exe || path == g.Exe) {
		return openHostFile(g.Exe)
	}
	return nil, fs.ErrNotExist
}

// ReadLink implements gdbstub.Files: a live program's links (its Live
// implements gdbstub.Files); a replay's /proc/PID/exe (Exe) and its
// Files' links, or none.
func (g *GDBTarget) ReadLink(pid int, path string) (string, error) {
	if lf, ok := g.live.(gdbstub.Files); ok {
		return lf.ReadLink(pid, path)
	}
	if g.live == nil && g.Exe != "" && g.exeLink(pid, path) {
		return g.Exe, nil
	}
	if g.live == nil && g.Files != nil {
		return g.Files.ReadLink(pid, path)
	}
	return "", fs.ErrNotExist
}

// exeLink reports whether path is /proc/PID/exe of the process debugged
// (pid 0 or its id).
func (g *GDBTarget) exeLink(pid int, path string) bool {
	me := g.Pid()
	return me != 0 && (pid == 0 || pid == me) && path == "/proc/"+strconv.Itoa(me)+"/exe"
}

// openHostFile opens the host's regular file at path for reading: a
// directory is EISDIR, anything else not a regular file EACCES (an open
// of a device or a FIFO may act or block, so its type is looked at
// first).
func openHostFile(path string) (gdbstub.File, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, err
	} else if fi.IsDir() {
		return nil, gdbstub.FileEISDIR
	} else if !fi.Mode().IsRegular() {
		return nil, gdbstub.FileEACCES
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return hostFile{f}, nil
}

// hostFile is a File of a host file.
type hostFile struct{ f *os.File }

func (h hostFile) ReadAt(p []byte, off int64) (int, error) { return h.f.ReadAt(p, off) }
func (h hostFile) Close() error                            { return h.f.Close() }

// Stat: the mode, size and modification time (what GDB looks at: the size
// and whether the file changed since it read it).
func (h hostFile) Stat() (gdbstub.FileStat, error) {
	fi, err := h.f.Stat()
	if err != nil {
		return gdbstub.FileStat{}, err
	}
	return gdbstub.FileStat{Mode: 0o100000 | uint32(fi.Mode().Perm()), Nlink: 1, Size: uint64(fi.Size()),
		Mtime: uint32(fi.ModTime().Unix())}, nil
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
