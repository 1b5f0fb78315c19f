//go:build linux

package linux

import (
	"os"
	"path"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// The /proc files the runner answers itself are host memory files
// (procfs.go's memFileAcc, procmem.go, procsys.go, proclocks.go,
// procsysvipc.go, pidfd.go's fdinfo). What the guest sees of the file
// itself, rather than its content, is Linux's /proc file's: fstat, statx
// and fstatfs describe the host's entry of the same kind (mode 0444 and
// the like, size 0, one link, /proc's file system); readlink of its
// /proc/self/fd link names the /proc path; mmap is ENODEV, fsync EINVAL,
// fallocate EOPNOTSUPP, ftruncate a no-op and fchmod EPERM, seals EINVAL
// (a global entry's mmap EIO and fchmod its owner's),
// and lseek and io_submit as the entry's file operations in Linux 6.1
// (fs/proc/base.c, proc_sysctl.c, task_mmu.c, fs/read_write.c). The
// runner knows its memory files by inode (Process.procFiles), which a
// guest's own memfd_create cannot give itself, whatever its name.

// procFile is what a host memory file the runner made stands for.
type procFile struct {
	path string // the /proc path Linux's d_path gives it: /proc/12/status
	stat string // the host path whose stat, statx and statfs stand for its own
	seek procSeek
	// iter says its Linux file operations have read_iter (and write_iter
	// where it can be written): io_submit's reads and writes need them.
	iter bool
	// pde says it is a proc_dir_entry's file (/proc/locks,
	// /proc/sysvipc/*: proc_reg_file_ops): fchmod goes to
	// proc_notify_change (allowed to its owner), not
	// proc_nochmod_setattr or proc_sys_setattr (EPERM), and mmap to
	// proc_reg_mmap (EIO without a proc_mmap), not do_mmap's ENODEV.
	pde bool
}

// procSeek is an entry's llseek in Linux 6.1.
type procSeek int

const (
	seekSeq  procSeek = iota // seq_lseek: SEEK_SET and SEEK_CUR only
	seekSize                 // generic_file_llseek, default_llseek: of a file of size 0
	seekMem                  // mem_lseek (procmem.go; seek answers it)
)

// procSizeSeek are the entries of a /proc/PID directory whose llseek
// sees the inode's size, 0 (generic_file_llseek, default_llseek); the
// others' are seq_lseek, mem's mem_lseek.
var procSizeSeek = map[string]bool{
	"cmdline": true, "environ": true, "auxv": true, "oom_adj": true, "oom_score_adj": true,
	"coredump_filter": true, "loginuid": true, "sessionid": true,
}

// procFiles are the host memory files standing for /proc files, by
// inode: the runner's (every runner's of this host process: an inode
// names one file in it). kept is how many the last sweep kept.
var procFiles struct {
	sync.Mutex
	m    map[fileKey]procFile
	kept int
	// inFlight holds, per memory file sent in an SCM_RIGHTS message and
	// not yet received, a close-on-exec host descriptor of it for each
	// such descriptor in flight (procFilesSent): a sweep then sees the
	// file held, and its inode cannot name another file meanwhile.
	inFlight map[fileKey][]int
}

// procFileMade records host descriptor h, a memory file just made, as
// the runner's stand-in for /proc file f. The records of memory files no
// descriptor of this host process holds any more are dropped when they
// have doubled since the last sweep (one in flight in a socket's queue is
// held by procFilesSent's descriptor).
func procFileMade(h int, f procFile) {
	var st unix.Stat_t
	if memfdName(h) == "" || unix.Fstat(h, &st) != nil {
		return // (procOpen gives some entries' host descriptors)
	}
	procFiles.Lock()
	defer procFiles.Unlock()
	if procFiles.m == nil {
		procFiles.m = map[fileKey]procFile{}
	}
	if len(procFiles.m) >= max(64, 2*procFiles.kept) {
		held := map[fileKey]bool{}
		fds, _ := os.ReadDir("/proc/self/fd")
		for _, e := range fds {
			n, err := strconv.Atoi(e.Name())
			var st unix.Stat_t
			if err == nil && unix.Fstat(n, &st) == nil {
				held[fileKey{uint64(st.Dev), st.Ino}] = true
			}
		}
		for k := range procFiles.m {
			if !held[k] {
				delete(procFiles.m, k)
			}
		}
		procFiles.kept = len(procFiles.m)
	}
	procFiles.m[fileKey{uint64(st.Dev), st.Ino}] = f
}

// procFilesSent takes note of the runner's memory files among the host
// descriptors the SCM_RIGHTS messages of ctl carried, a control buffer a
// sendmsg has just sent: each is held by a host descriptor of the
// runner's (a dup, close-on-exec) until procFileReceived sees it come out
// of a socket. One sent to a socket the runner never reads from (a host
// program's) stays held: a memory file's pages, for the run's life.
func procFilesSent(ctl []byte) {
	procFiles.Lock()
	none := len(procFiles.m) == 0
	procFiles.Unlock()
	if none || len(ctl) == 0 {
		return
	}
	cms, err := unix.ParseSocketControlMessage(ctl)
	if err != nil {
		return
	}
	for i := range cms {
		fds, err := unix.ParseUnixRights(&cms[i])
		if err != nil {
			continue
		}
		for _, h := range fds {
			var st unix.Stat_t
			if unix.Fstat(h, &st) != nil {
				continue
			}
			if _, ok := procFileStat(&st); !ok {
				continue
			}
			d, err := unix.FcntlInt(uintptr(h), unix.F_DUPFD_CLOEXEC, 0)
			if err != nil {
				continue
			}
			k := fileKey{uint64(st.Dev), st.Ino}
			procFiles.Lock()
			if procFiles.inFlight == nil {
				procFiles.inFlight = map[fileKey][]int{}
			}
			procFiles.inFlight[k] = append(procFiles.inFlight[k], d)
			procFiles.Unlock()
		}
	}
}

// procFileReceived lets go of a descriptor procFilesSent holds for host
// descriptor h, just received in an SCM_RIGHTS message, if it is one of
// the runner's memory files in flight.
func procFileReceived(h int) {
	procFiles.Lock()
	none := len(procFiles.inFlight) == 0
	procFiles.Unlock()
	var st unix.Stat_t
	if none || unix.Fstat(h, &st) != nil {
		return
	}
	k := fileKey{uint64(st.Dev), st.Ino}
	procFiles.Lock()
	defer procFiles.Unlock()
	if ds := procFiles.inFlight[k]; len(ds) > 0 {
		unix.Close(ds[len(ds)-1])
		if len(ds) == 1 {
			delete(procFiles.inFlight, k)
		} else {
			procFiles.inFlight[k] = ds[:len(ds)-1]
		}
	}
}

// procFileStat reports what the file st describes stands for, if it is
// one of the runner's memory files. It makes no system call.
func procFileStat(st *unix.Stat_t) (procFile, bool) {
	return procFileKey(fileKey{uint64(st.Dev), st.Ino})
}

// procFileKey is procFileStat for a file's device and inode numbers
// (a statx's, whose device numbers a Stat_t of every host cannot hold:
// its Dev is 32 bits on mips).
func procFileKey(k fileKey) (procFile, bool) {
	procFiles.Lock()
	defer procFiles.Unlock()
	f, ok := procFiles.m[k]
	return f, ok
}

// procFileOf reports what host descriptor h stands for, if it is one of
// the runner's memory files: an fstat once any was made.
func procFileOf(h int) (procFile, bool) {
	procFiles.Lock()
	none := len(procFiles.m) == 0
	procFiles.Unlock()
	var st unix.Stat_t
	if none || unix.Fstat(h, &st) != nil {
		return procFile{}, false
	}
	return procFileStat(&st)
}

// pidEntry reports whether f is an entry of a /proc/PID directory, whose
// files have no splice_read in Linux 6.1 (sendfile and splice from
// them are EINVAL).
func (f procFile) pidEntry() bool {
	rest, _ := strings.CutPrefix(f.path, "/proc/")
	return rest != "" && rest[0] >= '0' && rest[0] <= '9'
}

// procSysFile reports whether host descriptor h stands for a file of
// /proc/sys (procsys.go: the run's names).
func procSysFile(h int) bool {
	f, ok := procFileOf(h)
	return ok && strings.HasPrefix(f.path, "/proc/sys/")
}

// procRefFile is what the runner's memory file for ref stands for.
func procRefFile(ref procRef) procFile {
	f := procFile{path: "/proc/" + strconv.Itoa(ref.g.tgid) + "/" + ref.entry, stat: procStatPath(ref)}
	switch base := path.Base(ref.entry); {
	case base == "mem":
		f.seek = seekMem
	case procSizeSeek[base]:
		f.seek = seekSize
	}
	return f
}

// procInfoMade records host descriptor h as the runner's stand-in for
// fdinfo entry ref, whose stat is the host's fdinfo entry at host.
func procInfoMade(h int, ref procRef, host string) {
	f := procRefFile(ref)
	f.stat = host
	procFileMade(h, f)
}

// procStatPath is the host entry whose stat describes ref's file (the
// runner's answer has the same kind of file): its own /proc/self's, or
// /proc/thread-self's for an entry of a task directory.
func procStatPath(ref procRef) string {
	if rest, ok := cutTaskDir(ref.entry); ok {
		return "/proc/thread-self/" + rest
	}
	return "/proc/self/" + ref.entry
}

// cutTaskDir cuts "task/TID/" off entry.
func cutTaskDir(entry string) (string, bool) {
	rest, ok := strings.CutPrefix(entry, "task/")
	_, sub, ok2 := strings.Cut(rest, "/")
	return sub, ok && ok2
}

// procFileSeek is lseek of f's memory file h: SEEK_SET and SEEK_CUR are
// the host's; SEEK_END, SEEK_DATA and SEEK_HOLE are seq_lseek's EINVAL,
// or those of a file of size 0 (the end is 0, and there is no data).
func procFileSeek(f procFile, h int, off int64, whence int) (int64, int) {
	switch {
	case whence == unix.SEEK_SET || whence == unix.SEEK_CUR:
	case f.seek != seekSize || whence > unix.SEEK_HOLE:
		return 0, abi.EINVAL
	case whence == unix.SEEK_END:
		if off < 0 {
			return 0, abi.EINVAL
		}
		whence = unix.SEEK_SET
	default:
		return 0, int(unix.ENXIO)
	}
	off, err := unix.Seek(h, off, whence)
	return off, errnoOf(err)
}

// procFileLink is the target Linux gives the link host path names when
// it is a descriptor of this process (/proc/self/fd/N) that stands for a
// /proc file: its /proc path, where the host's names the memory file.
func procFileLink(host string) (string, bool) {
	n, ok := strings.CutPrefix(host, "/proc/self/fd/")
	h, err := strconv.Atoi(n)
	if !ok || err != nil {
		return "", false
	}
	f, ok := procFileOf(h)
	return f.path, ok
}

// procFileSync is fsync and fdatasync (and io_submit's) of host
// descriptor h: EINVAL for a /proc file (no fsync in its operations:
// vfs_fsync_range), 0 otherwise for the caller's host call.
func procFileSync(h int) int {
	if _, ok := procFileOf(h); ok {
		return abi.EINVAL
	}
	return 0
}

// procFileWritable reports whether t's host descriptor h of a /proc
// file was opened for writing: the host's own is read-only for the
// entries whose writes the runner makes (procWrites).
func (t *Thread) procFileWritable(h int) bool {
	_, ok := t.files.procWrites[h]
	return ok || openFor(h, unix.POLLOUT)
}

// procFileTruncate is ftruncate of t's host descriptor h to length n if
// it stands for a /proc file (true): do_sys_ftruncate's EINVAL for a
// negative length or a descriptor not open for writing, else 0 with
// nothing changed (proc_nochmod_setattr copies no size: the file stays
// of size 0; /proc/PID/mem's content is the process's memory).
func (t *Thread) procFileTruncate(h int, n int64) (int, bool) {
	if _, ok := procFileOf(h); !ok {
		return 0, false
	}
	if n < 0 || !t.procFileWritable(h) {
		return abi.EINVAL, true
	}
	return 0, true
}

// procFileAllocate is fallocate of t's host descriptor h if it stands
// for a /proc file (true). vfs_fallocate's checks of the mode and range come
// before its EBADF for a descriptor not open for writing, and a /proc
// file has no fallocate (EOPNOTSUPP): the host's call on a read-only
// descriptor of the same memory file makes the first checks.
func (t *Thread) procFileAllocate(h int, mode uint32, off, n int64) (int, bool) {
	if _, ok := procFileOf(h); !ok {
		return 0, false
	}
	ro, err := unix.Open("/proc/self/fd/"+strconv.Itoa(h), unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return errnoOf(err), true
	}
	defer unix.Close(ro)
	if err := unix.Fallocate(ro, mode, off, n); err != unix.EBADF {
		return errnoOf(err), true
	}
	if !t.procFileWritable(h) {
		return abi.EBADF, true
	}
	if off+n < 0 {
		return int(unix.EFBIG), true
	}
	return int(unix.EOPNOTSUPP), true
}

// procFileInfo is the content of fdinfo entry ref (host path host, the
// host's fdinfo of the descriptor) when the descriptor stands for a /proc
// file (true): the host's text, with seq_show's mnt_id and ino those of
// the /proc file rather than of the memory file, and the access mode of
// flags the guest's (a descriptor of an entry whose writes the runner
// makes is read-only on the host: procWrites).
func procFileInfo(ref procRef, host string) ([]byte, bool) {
	n, ok := strings.CutPrefix(host, "/proc/self/fdinfo/")
	h, err := strconv.Atoi(n)
	if !ok || err != nil || !strings.HasPrefix(ref.entry, "fdinfo/") {
		return nil, false
	}
	f, ok := procFileOf(h)
	if !ok {
		return nil, false
	}
	text, err := os.ReadFile(host)
	var sx unix.Statx_t
	if err != nil || unix.Statx(unix.AT_FDCWD, f.stat, 0, unix.STATX_INO|unix.STATX_MNT_ID, &sx) != nil {
		return nil, false
	}
	rdwr := false
	if u := ref.g.anyThread(); u != nil {
		_, rdwr = u.files.procWrites[h]
	}
	lines := strings.Split(string(text), "\n")
	for i, l := range lines {
		key, val, _ := strings.Cut(l, ":\t")
		switch key {
		case "flags":
			if fl, err := strconv.ParseUint(val, 8, 32); err == nil && rdwr && fl&unix.O_ACCMODE == unix.O_RDONLY {
				lines[i] = "flags:\t0" + strconv.FormatUint(fl|unix.O_RDWR, 8)
			}
		case "mnt_id":
			lines[i] = "mnt_id:\t" + strconv.FormatUint(sx.Mnt_id, 10)
		case "ino":
			lines[i] = "ino:\t" + strconv.FormatUint(sx.Ino, 10)
		}
	}
	return []byte(strings.Join(lines, "\n")), true
}
