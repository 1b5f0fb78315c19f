package gdbstub

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
)

// Files is an optional interface of a Target: GDB's host I/O (the vFile
// packets) reads the program's files through it, as the program itself
// would open them: its executable and libraries (GDB's default sysroot
// "target:"), and its /proc/PID files (info proc, the vDSO's range). The
// Server serves them read-only.
type Files interface {
	// OpenFile opens path for reading as process pid of the program
	// would (0: the process debugged).
	OpenFile(pid int, path string) (File, error)
	// ReadLink returns the target of the symbolic link path as process
	// pid would read it (0: the process debugged).
	ReadLink(pid int, path string) (string, error)
}

// File is a file Files opened.
type File interface {
	// ReadAt reads as io.ReaderAt does; io.EOF at or past the end.
	ReadAt(p []byte, off int64) (int, error)
	Stat() (FileStat, error)
	Close() error
}

// FileStat is what GDB's vFile:fstat reports of a File.
type FileStat struct {
	Dev, Ino, Mode, Nlink, UID, GID, Rdev uint32
	Size, BlockSize, Blocks               uint64
	Atime, Mtime, Ctime                   uint32 // seconds since 1970
}

// Process is an optional interface of a Target: the id of the process it
// debugs. With it the Server speaks GDB's multiprocess extensions (thread
// ids pPID.TID), so that GDB knows the program's real process id: the one
// it names /proc/PID files with (info proc, and the vDSO's range, which
// GDB reads from /proc/PID/task/PID/maps to name the vDSO's symbols).
type Process interface {
	Pid() int
}

// FileErrno is an error number of GDB's File-I/O protocol (its own
// numbering). A Files method may return one to give GDB that errno; the
// Server maps io/fs's ErrNotExist, ErrPermission and ErrExist itself, and
// anything else to FileEUNKNOWN.
type FileErrno int

// GDB's File-I/O errno values.
const (
	FileEPERM        FileErrno = 1
	FileENOENT       FileErrno = 2
	FileEINTR        FileErrno = 4
	FileEBADF        FileErrno = 9
	FileEACCES       FileErrno = 13
	FileEFAULT       FileErrno = 14
	FileEBUSY        FileErrno = 16
	FileEEXIST       FileErrno = 17
	FileENODEV       FileErrno = 19
	FileENOTDIR      FileErrno = 20
	FileEISDIR       FileErrno = 21
	FileEINVAL       FileErrno = 22
	FileENFILE       FileErrno = 23
	FileEMFILE       FileErrno = 24
	FileEFBIG        FileErrno = 27
	FileENOSPC       FileErrno = 28
	FileESPIPE       FileErrno = 29
	FileEROFS        FileErrno = 30
	FileENAMETOOLONG FileErrno = 91
	FileEUNKNOWN     FileErrno = 9999
)

func (e FileErrno) Error() string { return "gdbstub: File-I/O errno " + strconv.Itoa(int(e)) }

// fileErrno is the errno GDB is told for err.
func fileErrno(err error) FileErrno {
	var e FileErrno
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, fs.ErrNotExist):
		return FileENOENT
	case errors.Is(err, fs.ErrPermission):
		return FileEACCES
	case errors.Is(err, fs.ErrExist):
		return FileEEXIST
	}
	return FileEUNKNOWN
}

// GDB's File-I/O open flags that write or create: the Server's files are
// read-only (EROFS).
const fileioWriteFlags = 0x1 | 0x2 | 0x8 | 0x200 | 0x400 | 0x800 // O_WRONLY, O_RDWR, O_APPEND, O_CREAT, O_TRUNC, O_EXCL

// GDB's File-I/O mode bits of a regular file and a directory.
const (
	fileioIFREG = 0o100000
	fileioIFDIR = 0o040000
)

// maxFiles bounds the files a client has open at once (EMFILE beyond).
const maxFiles = 64

// maxPread bounds a pread's bytes: escaped, every byte may take two.
const maxPread = (PacketSize - 32) / 2

// maxPath bounds a path or link GDB names (ENAMETOOLONG beyond), as
// Linux's PATH_MAX.
const maxPath = 4096

// hostIO answers a vFile packet (p without "vFile:"). Every reply is
// "F result[,errno][;data]".
func (s *Server) hostIO(p string) []byte {
	op, arg, _ := strings.Cut(p, ":")
	files, ok := s.t.(Files)
	if !ok {
		return replyEmpty
	}
	args := strings.Split(arg, ",")
	fail := func(e FileErrno) []byte { return []byte(fmt.Sprintf("F-1,%x", int(e))) }
	switch op {
	case "setfs":
		pid, ok := fileInt(arg)
		if !ok || pid < 0 {
			return fail(FileEINVAL)
		}
		if pid != 0 && pid != int64(s.pid()) {
			return fail(FileEPERM) // a process the Server does not debug
		}
		s.fsPid = int(pid)
		return []byte("F0")
	case "open":
		if len(args) != 3 {
			return fail(FileEINVAL)
		}
		path, ok := filePath(args[0])
		flags, ok1 := fileInt(args[1])
		_, ok2 := fileInt(args[2])
		switch {
		case !ok || !ok1 || !ok2:
			return fail(FileEINVAL)
		case len(path) > maxPath:
			return fail(FileENAMETOOLONG)
		case flags&fileioWriteFlags != 0:
			return fail(FileEROFS)
		}
		fd := -1
		for i := 0; i < maxFiles; i++ {
			if s.files[i] == nil {
				fd = i
				break
			}
		}
		if fd < 0 {
			return fail(FileEMFILE)
		}
		f, err := files.OpenFile(s.fsPid, path)
		if err != nil {
			return fail(fileErrno(err))
		}
		if s.files == nil {
			s.files = map[int]File{}
		}
		s.files[fd] = f
		return []byte(fmt.Sprintf("F%x", fd))
	case "close":
		f, fd := s.file(arg)
		if f == nil {
			return fail(FileEBADF)
		}
		delete(s.files, fd)
		if err := f.Close(); err != nil {
			return fail(fileErrno(err))
		}
		return []byte("F0")
	case "pread":
		if len(args) != 3 {
			return fail(FileEINVAL)
		}
		f, _ := s.file(args[0])
		n, ok1 := fileInt(args[1])
		off, ok2 := fileInt(args[2])
		switch {
		case f == nil:
			return fail(FileEBADF)
		case !ok1 || !ok2 || n < 0 || off < 0:
			return fail(FileEINVAL)
		}
		b := make([]byte, min(n, maxPread))
		k, err := f.ReadAt(b, off)
		if err != nil && !errors.Is(err, io.EOF) && k == 0 {
			return fail(fileErrno(err))
		}
		return append([]byte(fmt.Sprintf("F%x;", k)), b[:k]...)
	case "pwrite":
		if f, _ := s.file(args[0]); f == nil {
			return fail(FileEBADF)
		}
		return fail(FileEBADF) // open for reading only, as Linux's write to one
	case "fstat":
		f, _ := s.file(arg)
		if f == nil {
			return fail(FileEBADF)
		}
		st, err := f.Stat()
		if err != nil {
			return fail(fileErrno(err))
		}
		b := binary.BigEndian.AppendUint32(nil, st.Dev)
		for _, v := range []uint32{st.Ino, st.Mode, st.Nlink, st.UID, st.GID, st.Rdev} {
			b = binary.BigEndian.AppendUint32(b, v)
		}
		for _, v := range []uint64{st.Size, st.BlockSize, st.Blocks} {
			b = binary.BigEndian.AppendUint64(b, v)
		}
		for _, v := range []uint32{st.Atime, st.Mtime, st.Ctime} {
			b = binary.BigEndian.AppendUint32(b, v)
		}
		return append([]byte(fmt.Sprintf("F%x;", len(b))), b...)
	case "unlink":
		return fail(FileEROFS)
	case "readlink":
		path, ok := filePath(arg)
		switch {
		case !ok:
			return fail(FileEINVAL)
		case len(path) > maxPath:
			return fail(FileENAMETOOLONG)
		}
		link, err := files.ReadLink(s.fsPid, path)
		if err != nil {
			return fail(fileErrno(err))
		}
		if len(link) > maxPread {
			return fail(FileENAMETOOLONG)
		}
		return append([]byte(fmt.Sprintf("F%x;", len(link))), link...)
	}
	return replyEmpty
}

// file returns the open file whose number x is (hex), or nil.
func (s *Server) file(x string) (File, int) {
	fd, ok := fileInt(x)
	if !ok || fd < 0 || fd >= maxFiles {
		return nil, -1
	}
	return s.files[int(fd)], int(fd)
}

// closeFiles closes every file the client left open (at the end of the
// session, a kill or a detach).
func (s *Server) closeFiles() {
	for fd, f := range s.files {
		_ = f.Close()
		delete(s.files, fd)
	}
}

// fileInt parses a vFile number: hex, with an explicit minus sign for a
// negative one.
func fileInt(x string) (int64, bool) {
	v, err := strconv.ParseInt(x, 16, 64)
	return v, err == nil
}

// filePath decodes a vFile path (hex bytes); a NUL in it is refused.
func filePath(x string) (string, bool) {
	b, err := hex.DecodeString(x)
	if err != nil || len(b) == 0 || strings.IndexByte(string(b), 0) >= 0 {
		return "", false
	}
	return string(b), true
}

// pid is the process id the Target debugs (Process), or 0.
func (s *Server) pid() int {
	if p, ok := s.t.(Process); ok {
		return p.Pid()
	}
	return 0
}
