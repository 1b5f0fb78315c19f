//go:build linux

package linux

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
)

// The guest's /proc/self. The guest runs inside the runner's host process,
// whose pid it is given, so the host's /proc/self, /proc/thread-self,
// /proc/<pid> and /proc/<tid of a runner thread> describe the runner: its
// x86-64 mappings, its memory (which the host's /proc/self/mem would let the
// guest overwrite), its auxv and executable. Every lookup of such a path is
// answered here for the guest instead (as qemu-user fakes some of them):
//
//   - exe names the guest's program (a link to it; opening it opens it);
//   - maps and smaps list the guest's mappings in Linux's format, with
//     [stack] and [heap] named (glibc's pthread_getattr_np reads it),
//     smaps with each mapping's figures (proctask.go procSmaps);
//   - stat, status, statm, auxv, cmdline, environ, comm and personality
//     are the guest's (stat and status start from the host's and replace
//     what differs; statm counts the guest's pages: procStatm);
//   - fd and task are directories listing the guest's descriptors and
//     threads; fd/N is guest descriptor N (path in sys_file.go);
//     task/TID/stat, status and comm are thread TID's (its id and name),
//     its other entries the process's;
//   - comm (of the process or of a thread) opened for writing names the
//     thread, as pthread_setname_np does through it (procCommWrite);
//   - oom_score, oom_score_adj and oom_adj are the process's (procoom.go),
//     the last two writable;
//   - io, syscall, wchan, timerslack_ns, coredump_filter, sched,
//     schedstat, timers, smaps_rollup and numa_maps are the guest's
//     (proctask.go), the task/TID ones the thread's; arch_status (x86's)
//     is ENOENT;
//   - /proc/locks names the guest processes that hold the locks
//     (proclocks.go), as /proc/sysvipc lists the runner's IPC objects
//     (procsysvipc.go);
//   - mem reads and writes the guest's memory at the file offset (procmem.go),
//     never the runner's;
//   - pagemap and every other entry that would show the runner's memory or
//     let the guest change the runner are refused (EACCES), a name the
//     host's process directory lacks is ENOENT; an entry without a write
//     opens for writing only with CAP_DAC_OVERRIDE, and its writes are
//     EINVAL;
//   - cwd, root, mounts, mountinfo, cgroup, limits, net and ns are the
//     host's, which are the guest's too; so is attr, the runner's
//     security labels (procAttrOpen); so are loginuid and sessionid
//     (the audit login of the runner, which its guest processes share:
//     glibc's getlogin reads loginuid first, and answers ENXIO for an
//     unset one, as under qemu-user); so is autogroup; so are uid_map, gid_map,
//     projid_map and setgroups (the runner's user namespace is the
//     guest's: unshare refuses CLONE_NEWUSER, so a write is the host's
//     EPERM of a namespace whose maps are set) and cpuset.
//
// A path is classified after cleaning ("//proc/./self/../self/maps"), and
// relative to the directory it is looked up in (a descriptor of /proc or
// the working directory); a file the host opened through a symbolic link
// into the runner's /proc directory is recognised by where it landed and
// answered the same way.

// procHost are the entries of the process directory the host answers.
var procHost = map[string]bool{
	"cwd": true, "root": true, "mounts": true, "mountinfo": true, "mountstats": true,
	"cgroup": true, "limits": true, "net": true, "ns": true, "fd": true, "fdinfo": true,
	"loginuid": true, "sessionid": true, "attr": true,
	"uid_map": true, "gid_map": true, "projid_map": true, "setgroups": true, "cpuset": true,
	"autogroup": true,
}

// procState is what /proc/PID reports of an address space from its
// program's start (execve): where the argument and environment strings lie
// in its memory (cmdline and environ are read from there, as Linux's
// get_mm_cmdline reads arg_start..arg_end, so a program that rewrites its
// argv shows it), the auxiliary vector, and the main thread's stack.
type procState struct {
	argStart, argEnd, envStart, envEnd uint64
	auxv                               []byte
	stackLo, stackHi                   uint64           // the main thread's stack mapping
	segs                               []loader.Segment // the program's segments (maps names them)
}

// procSetup records the start-up facts of mm's /proc entries: the bounds
// of the argument and environment strings and the auxiliary vector, read
// back from the initial stack at sp.
func (mm *addressSpace) procSetup(order binary.ByteOrder, img *loader.Image, sp, stackSize uint64) {
	ps := &mm.proc
	*ps = procState{segs: img.Segments}
	ps.stackHi = stackTop - mem.PageSize
	ps.stackLo = ps.stackHi - pageUp(stackSize)
	// sp: argc, argv…, 0, envp…, 0, auxv pairs up to AT_NULL.
	var w [8]byte
	word := func(a uint64) uint64 {
		if mm.Mem.Peek(a, w[:]) != nil {
			return 0
		}
		return order.Uint64(w[:])
	}
	// strEnd is the address after the NUL of the string at a.
	strEnd := func(a uint64) uint64 {
		var b [256]byte
		for a != 0 {
			n := min(uint64(len(b)), mem.PageSize-a%mem.PageSize)
			if mm.Mem.Peek(a, b[:n]) != nil {
				return a
			}
			if i := bytes.IndexByte(b[:n], 0); i >= 0 {
				return a + uint64(i) + 1
			}
			a += n
		}
		return 0
	}
	// span returns the bounds of the strings of the pointer array at a and
	// the address after its NULL.
	span := func(a uint64) (lo, hi, next uint64) {
		for ; word(a) != 0; a += 8 {
			s := word(a)
			if lo == 0 {
				lo = s
			}
			hi = strEnd(s)
		}
		return lo, hi, a + 8
	}
	var a uint64
	ps.argStart, ps.argEnd, a = span(sp + 8)
	ps.envStart, ps.envEnd, a = span(a)
	if ps.argStart == 0 {
		ps.argStart, ps.argEnd = ps.envStart, ps.envStart
	}
	for i := 0; i < 64; i++ {
		typ := word(a + 16*uint64(i))
		var pair [16]byte
		_ = mm.Mem.Peek(a+16*uint64(i), pair[:])
		ps.auxv = append(ps.auxv, pair[:]...)
		if typ == 0 {
			break
		}
	}
}

// procBytes reads [lo, hi) of mm, as far as it is mapped (a bounded
// amount: the strings area of a stack).
func (mm *addressSpace) procBytes(lo, hi uint64) []byte {
	if hi <= lo || hi-lo > 1<<22 {
		return nil
	}
	b := make([]byte, hi-lo)
	for i := uint64(0); i < uint64(len(b)); {
		n := min(uint64(len(b))-i, mem.PageSize-(lo+i)%mem.PageSize)
		if mm.Mem.Peek(lo+i, b[i:i+n]) != nil {
			return b[:i]
		}
		i += n
	}
	return b
}

// cmdline is /proc/PID/cmdline: the argument strings as they are now in
// memory.
func (mm *addressSpace) cmdline() []byte { return mm.procBytes(mm.proc.argStart, mm.proc.argEnd) }

// procCleanup removes the host directory of the listings.
func (p *Process) procCleanup() {
	if p.procDir != "" {
		_ = os.RemoveAll(p.procDir)
	}
}

// procRef names an entry of a guest process's /proc directory.
type procRef struct {
	g     *threadGroup // the process
	entry string       // the path below its directory: "" for the directory itself, "maps", "fd/3", …
	// u is the thread of a task/TID directory, nil for the process's
	// own: its stat, status and comm are the thread's.
	u *Thread
}

// procEntry classifies a host path the guest looks up: if it names an
// entry of a guest process's directory — /proc/self, /proc/thread-self,
// /proc/<pid> of a guest process or /proc/<tid> of one of its threads —
// the process and the entry's path below the directory ("" for the
// directory itself, "maps", "task/123/stat", …) and true; a nil process
// with true for /proc/<n> of no guest process. landed says the
// path is where the host resolved a link: the runner's own host pid and
// threads there mean t's process.
func (t *Thread) procEntry(path string, landed bool) (procRef, bool) {
	if !strings.HasPrefix(path, "/") {
		return procRef{}, false
	}
	path = filepath.Clean(path)
	rest, ok := strings.CutPrefix(path, "/proc/")
	if !ok {
		return procRef{}, false
	}
	first, sub, _ := strings.Cut(rest, "/")
	g := t.group
	switch first {
	case "self":
	case "thread-self":
		sub = strings.TrimPrefix("task/"+strconv.Itoa(t.tid)+"/"+sub, "/")
		sub = strings.TrimSuffix(sub, "/")
	default:
		n, err := strconv.Atoi(first)
		if err != nil || first != strconv.Itoa(n) {
			return procRef{}, false
		}
		// The host resolved a link to the runner's /proc/<pid> or
		// /proc/<tid>: t's own. Otherwise a guest id comes first: guest
		// ids are numbers just above the runner's pid, as the host ids
		// of the runner's own threads are, so the two can be equal; a
		// runner thread's id that is no guest's is t's own too.
		switch g = t.p.procGroup(n); {
		case landed:
			if n != t.p.hostPid && !t.p.hostThread(n) {
				return procRef{}, false
			}
			g = t.group
		case g == nil && !t.p.guestPid(n) && t.p.hostThread(n):
			g = t.group
		case g == nil && n == 1 && (sub == "root" || strings.HasPrefix(sub, "root/")) && t.initRootAllowed():
			// init's root directory, which chroot detectors compare
			// with "/" (ischroot, systemd's running_in_chroot): the
			// runner's own (procLookup), not a host process's.
			return procRef{entry: sub}, true
		case g == nil:
			// No guest process: the host's would be another's.
			return procRef{}, true
		}
	}
	// task/<tid>/x is x of the thread: stat, status and comm its own,
	// the rest the process's.
	var u *Thread
	if after, ok := strings.CutPrefix(sub, "task/"); ok {
		tid, x, _ := strings.Cut(after, "/")
		if n, err := strconv.Atoi(tid); err == nil && (g.threads[n] != nil || g == t.group && (landed || !t.p.guestPid(n)) && t.p.hostThread(n)) {
			sub, u = x, g.threads[n]
			if u == nil {
				u = t
			}
		}
	}
	return procRef{g, sub, u}, true
}

// initRootAllowed reports whether t may follow /proc/1/root of a host
// init, a process of user and group 0: Linux's ptrace access check
// (PTRACE_MODE_READ_FSCREDS) lets a caller whose file-system ids are 0,
// or one with CAP_SYS_PTRACE. Where Linux says EACCES to another caller,
// the runner says ENOENT, as for the rest of the host's /proc/1.
func (t *Thread) initRootAllowed() bool {
	c := t.cred
	return c.uid.fs == 0 && c.gid.fs == 0 || c.capable(unix.CAP_SYS_PTRACE)
}

// procGroup returns the guest process /proc/<n> names: the process whose
// id n is (a zombie too), or the one with a thread n; nil if none.
func (p *Process) procGroup(n int) *threadGroup {
	if g := p.groups[n]; g != nil {
		return g
	}
	for _, g := range p.groups {
		if g.threads[n] != nil {
			return g
		}
	}
	return nil
}

// hostThread reports whether n is the runner's host process or one of its
// threads: a link into the runner's /proc directory lands there.
func (p *Process) hostThread(n int) bool {
	var st unix.Stat_t
	return n > 0 && unix.Stat("/proc/self/task/"+strconv.Itoa(n), &st) == nil
}

// anyThread returns the thread of g that answers for it (its leader if
// alive), or nil for a process that has ended (a zombie: no memory, no
// descriptors).
func (g *threadGroup) anyThread() *Thread {
	if g.zombie || g.exiting {
		return nil
	}
	if u := g.threads[g.tgid]; u != nil {
		return u
	}
	var best *Thread
	for _, u := range g.threads {
		if best == nil || u.tid < best.tid {
			best = u
		}
	}
	return best
}

// procAbs makes a guest path absolute against its directory (a guest
// descriptor's host descriptor, or AT_FDCWD: the working directory, which
// the runner shares with the guest).
func procAbs(dirfd int, path string) string {
	if strings.HasPrefix(path, "/") || !maybeUnderProc(dirfd, path) {
		return path
	}
	var dir string
	if dirfd == unix.AT_FDCWD {
		d, err := os.Getwd()
		if err != nil {
			return path
		}
		dir = d
	} else {
		b := make([]byte, 4096)
		n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(dirfd), b)
		if err != nil {
			return path
		}
		dir = string(b[:n])
	}
	if !strings.HasPrefix(dir, "/proc") {
		return path
	}
	return dir + "/" + path
}

// maybeUnderProc reports whether path relative to dirfd (a host
// descriptor or AT_FDCWD) may be an entry of /proc: false when the
// directory is on no procfs and path has no ".." that could lead out of
// it, the question answered with one statfs instead of a readlink of
// /proc/self/fd/N (a guest's fstat is fstatat(fd, "", AT_EMPTY_PATH), and
// comes here on every call).
func maybeUnderProc(dirfd int, path string) bool {
	if strings.Contains(path, "..") {
		return true
	}
	var fs unix.Statfs_t
	var err error
	if dirfd == unix.AT_FDCWD {
		err = unix.Statfs(".", &fs)
	} else {
		err = unix.Fstatfs(dirfd, &fs)
	}
	return err != nil || fs.Type == unix.PROC_SUPER_MAGIC
}

// procLookup classifies the path a guest looks up relative to dirfd (a
// host descriptor or AT_FDCWD): own reports whether it names an entry of
// a guest process's directory, and host is the host path that answers
// it when the host does ("" when the runner must: procOpen), with fd/N
// and fdinfo/N translated through the process's descriptor table and cwd
// to its working directory.
func (t *Thread) procLookup(dirfd int, raw string) (ref procRef, host string, own bool) {
	if !t.seesHostFS("proc") && (strings.HasPrefix(raw, "/") || t.files.procDirs[dirfd] == nil) {
		return procRef{}, "", false // a chroot(2) root without /proc (chroot.go)
	}
	if g := t.files.procDirs[dirfd]; g != nil && !strings.HasPrefix(raw, "/") {
		// Through a descriptor of /proc/PID (the runner's /proc/self on
		// the host): an entry of that guest process, not of the caller.
		ref, own = t.procEntry("/proc/"+strconv.Itoa(g.tgid)+"/"+raw, false)
	} else {
		ref, own = t.procEntry(procAbs(dirfd, raw), false)
	}
	switch {
	case !own:
		return procRef{}, "", false
	case ref.g == nil && ref.entry != "":
		// /proc/1/root of a host init (procEntry): the runner's root,
		// "/" on the host. Under -L ROOT, or after chroot(2), the
		// guest's "/" is another directory, as in a chroot.
		return ref, "/" + strings.TrimPrefix(ref.entry, "root"), true
	case ref.g == nil:
		return procRef{}, "/proc/-1", true // no such process: ENOENT
	}
	return ref, procHostPath(ref), true
}

// procHostPath is the host path that answers ref, or "" when the runner
// must (procOpen).
func procHostPath(ref procRef) string {
	u := ref.g.anyThread()
	name, rest, _ := strings.Cut(ref.entry, "/")
	switch {
	case name == "":
		// The directory itself: entries looked up through a descriptor of
		// it come back here (procAbs).
		return "/proc/self"
	case (name == "fd" || name == "fdinfo") && rest != "":
		num, tail, _ := strings.Cut(rest, "/")
		g, err := strconv.Atoi(num)
		h := badFD
		if err == nil && num == strconv.Itoa(g) && u != nil {
			h = u.files.get(g)
		}
		if h == badFD {
			return "/proc/self/" + name + "/-1" // no such entry
		}
		host := "/proc/self/" + name + "/" + strconv.Itoa(h)
		if tail != "" {
			host += "/" + tail
		}
		return host
	case name == "fd":
		return ""
	case name == "root" && ref.fs().root != "":
		return ref.fs().walkRoot()
	case name == "cwd" && ref.fs().cwd >= 0:
		return "/proc/self/fd/" + strconv.Itoa(ref.fs().cwd)
	case procAbsent[name] || ref.u != nil && procProcessOnly[name]:
		return "/proc/self/-1" // no such entry: ENOENT
	case procHost[name]:
		return "/proc/self/" + ref.entry
	}
	return ""
}

// procAttrOpen checks an open of ref with flags, answered by the host's
// path: the security attributes (attr/current, attr/exec, ...) are the
// runner's, the host's LSM's labels of the process all guest processes
// run in. Reading them gives that label, or EINVAL from a host without an
// LSM, as Linux without one answers (runcon and libselinux's getcon read
// attr/current). Writing them would relabel the runner: it is EACCES
// where the host has an LSM; without one the host's write is EINVAL, as
// Linux's.
func procAttrOpen(ref procRef, flags int) int {
	if name, _, _ := strings.Cut(ref.entry, "/"); name != "attr" || ref.g == nil {
		return 0
	}
	if flags&unix.O_ACCMODE != unix.O_RDONLY && hostHasLSM() {
		return abi.EACCES
	}
	return 0
}

// hostHasLSM reports whether the host has a security module that labels
// processes: reading the runner's attr/current is not EINVAL.
var hostHasLSM = sync.OnceValue(func() bool {
	b := make([]byte, 256)
	fd, err := unix.Open("/proc/self/attr/current", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return true
	}
	defer unix.Close(fd)
	_, err = unix.Read(fd, b)
	return err != unix.EINVAL
})

// procLink is the target of the link at raw if it is /proc/self (the
// caller's process id) or /proc/thread-self (pid/task/tid): the host's
// would name the runner.
func (t *Thread) procLink(dirfd int, raw string) (string, bool) {
	if !t.seesHostFS("proc") {
		return "", false
	}
	switch filepath.Clean(procAbs(dirfd, raw)) {
	case "/proc/self":
		return strconv.Itoa(t.group.tgid), true
	case "/proc/thread-self":
		return strconv.Itoa(t.group.tgid) + "/task/" + strconv.Itoa(t.tid), true
	}
	return "", false
}

// exeOf is the absolute host path of g's program (/proc/PID/exe).
func (p *Process) exeOf(g *threadGroup) string {
	if g.exe != "" {
		return g.exe
	}
	return p.exe
}

// procOpen answers an open of an entry of a guest process's directory
// that the host does not answer: the host descriptor to give the guest,
// or an errno. A descriptor that reads an entry of procReadChecked is
// recorded in procReads, for the check at read (procReadCheck).
func (t *Thread) procOpen(ref procRef, flags int) (int, int) {
	fd, e := t.procOpenFD(ref, flags)
	if e == 0 {
		procFileMade(fd, procRefFile(ref))
	}
	if e == 0 && procReadChecked[ref.entry] && flags&unix.O_ACCMODE != unix.O_WRONLY {
		if t.files.procReads == nil {
			t.files.procReads = map[int]procRef{}
		}
		t.files.procReads[fd] = ref
	}
	return fd, e
}

// procOpenFD is procOpen but for the record.
func (t *Thread) procOpenFD(ref procRef, flags int) (int, int) {
	p, g := t.p, ref.g
	u := g.anyThread()
	switch ref.entry {
	case "exe":
		if flags&unix.O_ACCMODE != unix.O_RDONLY || flags&unix.O_TRUNC != 0 {
			if e := t.textBusy(unix.AT_FDCWD, p.exeOf(g), false); e != 0 {
				return -1, e // a running program (txtbusy.go)
			}
		}
		fd, err := unix.Open(p.exeOf(g), flags, 0)
		if err != nil {
			return -1, errnoOf(err)
		}
		return fd, 0
	case "fd", "task":
		// The listing is the runner's own (hostcred.go), made and
		// opened with its credentials.
		fd, e := -1, 0
		t.asRunner(func() {
			var dir string
			if dir, e = p.procListing(g, ref.entry); e != 0 {
				return
			}
			if ref.entry == "fd" && u != nil && u.files == t.files {
				// The descriptor this open is about to become: Linux
				// lists the directory's entries when it is read, and
				// the caller's own descriptor of it is one of them.
				_ = os.Symlink("/proc/"+strconv.Itoa(g.tgid)+"/fd", filepath.Join(dir, strconv.Itoa(t.files.lowestFree())))
			}
			var err error
			if fd, err = unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0); err != nil {
				fd, e = -1, errnoOf(err)
			}
		})
		return fd, e
	}
	if ref.entry == "mem" {
		if u == nil {
			return -1, abi.EACCES
		}
		return t.procMemOpen(u.mm, flags)
	}
	var content []byte
	switch ref.entry {
	case "stat":
		content = p.procStat(g, ref.u, t)
	case "status":
		content = p.procStatus(g, ref.u, t)
	case "comm":
		content = []byte(p.procName(g, ref.u) + "\n")
		if flags&unix.O_ACCMODE != unix.O_RDONLY {
			return t.procWritableOpen(ref, content, flags)
		}
	case "oom_score":
		content = p.procOOMScore(g)
	case "oom_score_adj", "oom_adj":
		content = g.oom.content(ref.entry)
		if flags&unix.O_ACCMODE != unix.O_RDONLY {
			if e := t.procOwnerCheck(g); e != 0 {
				return -1, e
			}
			return t.procWritableOpen(ref, content, flags)
		}
	case "personality":
		// The thread's (the process's: its leader's, or any thread
		// left), unmapped, as Linux's proc_pid_personality prints it.
		if v := ref.u; v != nil {
			u = v
		} else if l := g.threads[g.tgid]; l != nil {
			u = l
		}
		if u == nil {
			// A zombie's: Linux still has its task, the runner keeps
			// no personality for it.
			return -1, abi.ESRCH
		}
		content = fmt.Appendf(nil, "%08x\n", u.personality)
	case "maps", "smaps", "auxv", "cmdline", "environ":
		// A zombie has no memory: empty.
		if u != nil {
			content = u.procMemEntry(ref.entry)
		}
	case "statm":
		content = []byte("0 0 0 0 0 0 0\n") // a zombie's, as Linux's without an mm
		if u != nil {
			content = u.mm.procStatm()
		}
	default:
		var e int
		if content, e = t.procTaskEntry(ref, flags); e != 0 {
			return -1, e
		}
		if flags&unix.O_ACCMODE != unix.O_RDONLY && procTaskWritable[ref.entry] {
			return t.procWritableOpen(ref, content, flags)
		}
	}
	if flags&unix.O_ACCMODE != unix.O_RDONLY {
		// An entry without a write: its mode lets no one write it but
		// one with CAP_DAC_OVERRIDE, whose writes are EINVAL, as
		// vfs_write's for a file without one (procTaskWrite).
		if !t.cred.capable(unix.CAP_DAC_OVERRIDE) {
			return -1, abi.EACCES
		}
		return t.procWritableOpen(ref, content, flags)
	}
	return memFileNamed(procPidMemName, content)
}

// procMemEntry is the content of an entry of the /proc directory of u's
// process that describes its memory.
func (u *Thread) procMemEntry(entry string) []byte {
	mm := u.mm
	switch entry {
	case "maps":
		return u.procMaps()
	case "smaps":
		return u.procSmaps()
	case "auxv":
		return mm.proc.auxv
	case "cmdline":
		return mm.cmdline()
	}
	return mm.procBytes(mm.proc.envStart, mm.proc.envEnd)
}

// procOpenErr is procOpen as newFD takes it.
func (t *Thread) procOpenErr(ref procRef, flags int) (int, error) {
	fd, e := t.procOpen(ref, flags)
	if e != 0 {
		return -1, unix.Errno(e)
	}
	return fd, nil
}

// memFile returns a read-only host descriptor reading content.
func memFile(content []byte) (int, int) { return memFileNamed("ppc64emu-proc", content) }

// memFileNamed is memFile with the memory file named name.
func memFileNamed(name string, content []byte) (int, int) {
	return memFileAcc(name, content, unix.O_RDONLY)
}

// procPidMemName is the name of the memory files that stand for the
// entries of a /proc/PID directory the runner answers (procOpen), as the
// host shows them; the runner knows them by inode (procfile.go).
const procPidMemName = "ppc64emu-proc-pid"

// procPidHostFD reports whether host descriptor h stands for an entry of
// a /proc/PID directory other than mem (procfile.go): Linux's have no
// splice_read (proc_single_file_operations and the like: .read, not
// .read_iter), so sendfile and splice from them are EINVAL, where a
// memory file's splice would succeed. It costs an fstat, made only by
// sendfile and splice.
func procPidHostFD(h int) bool {
	f, ok := procFileOf(h)
	return ok && f.pidEntry() && f.seek != seekMem
}

// procMemfd reports whether host descriptor h is a memory file standing
// for a /proc file (procfile.go).
func procMemfd(h int) bool {
	_, ok := procFileOf(h)
	return ok
}

// memfdName is the name host descriptor h's memory file was made with
// (and " (deleted)"), "" if h is not a memory file. It costs a readlink.
func memfdName(h int) string {
	b := make([]byte, 64)
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(h), b)
	if err != nil {
		return ""
	}
	name, ok := strings.CutPrefix(string(b[:n]), "/memfd:")
	if !ok {
		return ""
	}
	return name
}

// memFileAcc is memFileNamed opened for access acc (unix.O_RDONLY, or
// unix.O_WRONLY for a write-only open of an entry, whose reads are then
// EBADF as Linux's: its writes the runner makes, procWrite).
func memFileAcc(name string, content []byte, acc int) (int, int) {
	fd, err := unix.MemfdCreate(name, unix.MFD_CLOEXEC|unix.MFD_ALLOW_SEALING)
	if err != nil {
		return -1, errnoOf(err)
	}
	if len(content) > 0 {
		if _, err := unix.Pwrite(fd, content, 0); err != nil {
			unix.Close(fd)
			return -1, errnoOf(err)
		}
	}
	_, _ = unix.FcntlInt(uintptr(fd), unix.F_ADD_SEALS, unix.F_SEAL_WRITE|unix.F_SEAL_GROW|unix.F_SEAL_SHRINK|unix.F_SEAL_SEAL)
	// Reopen read-only (or write-only: sealed, it takes no write), so
	// that the guest's descriptor cannot write.
	ro, err := unix.Open("/proc/self/fd/"+strconv.Itoa(fd), acc|unix.O_CLOEXEC, 0)
	unix.Close(fd)
	if err != nil {
		return -1, errnoOf(err)
	}
	return ro, 0
}

// procName is the command name of g's thread u, or of g if u is nil.
func (p *Process) procName(g *threadGroup, u *Thread) string {
	if u != nil {
		return u.comm
	}
	return p.commOf(g)
}

// commOf is g's command name: its leader's (a zombie's: its program's).
func (p *Process) commOf(g *threadGroup) string {
	if u := g.anyThread(); u != nil {
		return u.comm
	}
	return procComm(p.exeOf(g))
}

// procComm is the command name of the program: its base name, at most 15
// bytes (TASK_COMM_LEN).
func procComm(exe string) string {
	c := filepath.Base(exe)
	if len(c) > 15 {
		c = c[:15]
	}
	return c
}

// procListing fills a host directory with the entries of g's fd
// (symbolic links named by guest descriptor, to what the host descriptor
// names) or task (a directory per guest thread) directory.
func (p *Process) procListing(g *threadGroup, which string) (string, int) {
	if p.procDir == "" {
		d, err := os.MkdirTemp("", "ppc64emu-proc-")
		if err != nil {
			return "", errnoOf(err)
		}
		p.procDir = d
	}
	// A directory of its own for each open (another listing of the same
	// process may still be read): the listings no descriptor holds are
	// removed first.
	p.procListingGC()
	dir, err := os.MkdirTemp(p.procDir, strconv.Itoa(g.tgid)+"-"+which+"-")
	if err != nil {
		return "", errnoOf(err)
	}
	p.procFill(dir, g, which)
	return dir, 0
}

// procFill makes the entries of listing dir those of g's fd or task
// directory now.
func (p *Process) procFill(dir string, g *threadGroup, which string) {
	u := g.anyThread()
	switch {
	case u == nil:
	case which == "fd":
		for g, h := range u.files.host {
			if h < 0 {
				continue
			}
			target, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(h))
			if err != nil {
				target = "anon_inode:[unknown]"
			}
			if link, ok := procFileLink("/proc/self/fd/" + strconv.Itoa(h)); ok {
				target = link
			}
			if u.files.pidfds[h] != nil {
				target = pidfdLink
			}
			_ = os.Symlink(target, filepath.Join(dir, strconv.Itoa(g)))
		}
	case which == "task":
		for tid := range g.threads {
			_ = os.Mkdir(filepath.Join(dir, strconv.Itoa(tid)), 0o500)
		}
	}
}

// procRefill makes the listing at host descriptor fd, when read from its
// start, list what its process has now, as Linux reads the table at each
// getdents: a listing opened before a descriptor was made, or rewound,
// names it. A process that ended keeps its last listing.
func (t *Thread) procRefill(fd int) {
	p := t.p
	if pos, err := unix.Seek(fd, 0, io.SeekCurrent); err != nil || pos != 0 {
		return
	}
	dir, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil {
		return
	}
	name := strings.TrimPrefix(dir, p.procDir+"/")
	pid, rest, _ := strings.Cut(name, "-") // PID-which-RANDOM
	which, _, _ := strings.Cut(rest, "-")
	id, err := strconv.Atoi(pid)
	g := p.groups[id]
	if err != nil || g == nil || g.anyThread() == nil {
		return
	}
	t.asRunner(func() {
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			_ = os.RemoveAll(filepath.Join(dir, e.Name()))
		}
		p.procFill(dir, g, which)
	})
}

// procListingGC removes the listings of procDir that no host descriptor
// of the runner is open on.
func (p *Process) procListingGC() {
	held := map[string]bool{}
	fds, _ := os.ReadDir("/proc/self/fd")
	for _, e := range fds {
		if target, err := os.Readlink("/proc/self/fd/" + e.Name()); err == nil {
			held[strings.TrimSuffix(target, " (deleted)")] = true
		}
	}
	dirs, _ := os.ReadDir(p.procDir)
	for _, e := range dirs {
		if d := filepath.Join(p.procDir, e.Name()); !held[d] {
			_ = os.RemoveAll(d)
		}
	}
}

// isProcListing reports whether host descriptor fd is open on a listing
// of procListing (one readlink, only once a listing was made).
func (p *Process) isProcListing(fd int) bool {
	if p.procDir == "" {
		return false
	}
	b := make([]byte, 4096)
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(fd), b)
	return err == nil && strings.HasPrefix(string(b[:n]), p.procDir+"/")
}

// sortDents orders the getdents64 records of b (host byte order) as
// Linux lists /proc/PID/fd and /proc/PID/task: "." and "..", then the
// numbers in ascending order. A listing's directory is the host's, whose
// order is its file system's (a hash on ext4); one getdents reads a
// listing whole unless it has more entries than the buffer holds.
func sortDents(b []byte) {
	head := abi.Dirent64Layout.Size() - len(abi.Dirent64{}.Name)
	type rec struct {
		key  int
		data []byte
	}
	var recs []rec
	for off := 0; off+head <= len(b); {
		var d abi.Dirent64
		abi.Dirent64Layout.Decode(binary.NativeEndian, b[off:], &d)
		r := int(d.Reclen)
		if r < head || off+r > len(b) {
			return // not records: leave them as they are
		}
		name := b[off+head : off+r]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		key := -1 // "." and ".." first, in that order
		if string(name) == "." {
			key = -2
		} else if v, err := strconv.Atoi(string(name)); err == nil {
			key = v
		}
		recs = append(recs, rec{key, bytes.Clone(b[off : off+r])})
		off += r
	}
	sort.SliceStable(recs, func(i, j int) bool { return recs[i].key < recs[j].key })
	out := b[:0]
	for _, r := range recs {
		out = append(out, r.data...)
	}
}

// procListingName is the name a guest sees for host path target: the
// /proc/PID/fd or /proc/PID/task directory a listing of procListing
// stands for (a descriptor of it, read through /proc/self/fd), else
// target unchanged.
func (p *Process) procListingName(target string) string {
	if p.procDir == "" {
		return target
	}
	rest, ok := strings.CutPrefix(target, p.procDir+"/")
	if !ok {
		return target
	}
	pid, rest, _ := strings.Cut(rest, "-") // PID-which-RANDOM
	which, _, ok := strings.Cut(rest, "-")
	if !ok || (which != "fd" && which != "task") {
		return target
	}
	return "/proc/" + pid + "/" + which
}

// procTicks converts a duration to clock ticks (USER_HZ, 100 on Linux).
func procTicks(d time.Duration) uint64 { return uint64(d / (time.Second / 100)) }

// procRunState is the state of g (its leader thread's), or of its thread u
// if not nil, as /proc/PID/stat and status give it, seen by thread self:
// running (the caller's own process or thread), stopped, in a ptrace stop
// (ptrace.go), zombie, sleeping
// (in a wait of a system call: Thread.asleep), or running for a thread that
// waits for the processor (the runner runs one thread at a time; Linux
// shows such a runnable task as R too). A leader that has ended while
// other threads go on reads as sleeping.
func (g *threadGroup) procRunState(u, self *Thread) (byte, string) {
	switch {
	case g.zombie || g.exiting:
		return 'Z', "Z (zombie)"
	case g.stopped:
		return 'T', "T (stopped)"
	}
	if v := u; v != nil || g.threads[g.tgid] != nil {
		if v == nil {
			v = g.threads[g.tgid]
		}
		if v.pt != nil && v.pt.stopped {
			return 't', "t (tracing stop)"
		}
	}
	switch {
	case u == nil && g == self.group || u == self:
		return 'R', "R (running)"
	}
	if u == nil {
		u = g.threads[g.tgid]
	}
	if u == nil || u.asleep.Load() {
		return 'S', "S (sleeping)"
	}
	return 'R', "R (running)"
}

// procSignals are the signal sets /proc/PID/stat and status give of g's
// thread u (its answering thread, the leader, if u is nil): its pending
// signals and the process's, its blocked ones, and the ignored and
// caught ones (fs/proc/array.c's task_sig and do_task_stat).
func (g *threadGroup) procSignals(u *Thread) (pend, shared, blocked, ign, caught uint64) {
	shared = g.shared.pending
	if u == nil {
		u = g.anyThread()
	}
	if u == nil {
		return
	}
	for sig := 1; sig <= abi.NSIG; sig++ {
		switch h := u.sighand.actions[sig].handler; h {
		case abi.SIG_DFL:
		case abi.SIG_IGN:
			ign |= 1 << (sig - 1)
		default:
			caught |= 1 << (sig - 1)
		}
	}
	return u.sigq.pending, shared, u.mask, ign, caught
}

// procStat is /proc/PID/stat of g: the runner's host line (what the host
// answers alike for every guest process: tty, flags, priority, limits)
// with the fields that describe the guest process replaced
// (fs/proc/array.c, do_task_stat).
func (p *Process) procStat(g *threadGroup, u *Thread, self *Thread) []byte {
	host, err := os.ReadFile("/proc/self/stat")
	i := bytes.LastIndexByte(host, ')')
	if err != nil || i < 0 {
		return nil
	}
	f := strings.Fields(string(host[i+2:]))
	// f[0] is field 3 (state).
	set := func(field int, v uint64) {
		if k := field - 3; k >= 0 && k < len(f) {
			f[k] = strconv.FormatUint(v, 10)
		}
	}
	state, _ := g.procRunState(u, self)
	f[0] = string(state)
	set(4, uint64(p.ppidOf(g)))
	set(5, uint64(g.pgid))
	set(6, uint64(g.sid))
	// tty_nr and tpgid: its controlling terminal (ctty.go), or 0 and -1.
	if k := 8 - 3; k < len(f) {
		f[k-1], f[k] = "0", "-1"
		if c := g.tty; c != nil {
			f[k-1], f[k] = strconv.FormatUint(encodeDev(c.dev), 10), strconv.Itoa(c.pgrp)
		}
	}
	// A thread's own CPU time (task/TID/stat), or the process's, every
	// thread's (fs/proc/array.c: task_cputime_adjusted and
	// thread_group_cputime_adjusted); children's are the process's in both.
	if u != nil {
		set(14, procTicks(u.utime))
		set(15, 0)
	} else {
		set(14, procTicks(g.self.utime))
		set(15, procTicks(g.self.stime))
	}
	set(16, procTicks(g.children.utime))
	set(17, procTicks(g.children.stime))
	// Priority, nice value, real-time priority and policy: the thread's,
	// or the leader's (any thread's once it ended) for the process.
	if s := u; s != nil || g.anyThread() != nil {
		if s == nil {
			s = g.anyThread()
		}
		sa := s.sched
		if len(f) > 41-3 {
			f[18-3], f[19-3] = strconv.Itoa(sa.prio), strconv.Itoa(sa.nice)
			set(40, uint64(sa.rtPrio))
			set(41, uint64(sa.policy))
		}
	}
	set(20, uint64(len(g.threads)))
	if len(f) > 22-3 {
		if start, err := strconv.ParseUint(f[22-3], 10, 64); err == nil {
			set(22, start+procTicks(g.started.Sub(p.started)))
		}
	}
	// The thread's own pending signals (not the process's), and the low
	// 31 signals of each set only, as do_task_stat.
	pend, _, blocked, ign, caught := g.procSignals(u)
	const low31 = 0x7fffffff
	set(31, pend&low31)
	set(32, blocked&low31)
	set(33, ign&low31)
	set(34, caught&low31)
	if g != p.group {
		set(38, uint64(g.exitSignal))
	}
	// A zombie has no memory: 0 for its sizes and addresses, as Linux.
	for _, k := range []int{23, 24, 26, 27, 28, 29, 30, 45, 46, 47, 48, 49, 50, 51} {
		set(k, 0)
	}
	if u := g.anyThread(); u != nil {
		mm := u.mm
		var codeLo, codeHi, dataLo, dataHi uint64
		for _, s := range mm.proc.segs {
			if s.Perm&mem.Exec != 0 && codeHi == 0 {
				codeLo, codeHi = s.Addr, s.Addr+s.FileSize
			} else if s.Perm&mem.Write != 0 && dataHi == 0 {
				dataLo, dataHi = s.Addr, s.Addr+s.FileSize
			}
		}
		set(23, mm.Mem.Size())
		set(24, mm.Mem.Resident()/mem.PageSize)
		set(26, codeLo)
		set(27, codeHi)
		set(28, mm.proc.stackHi)
		set(45, dataLo)
		set(46, dataHi)
		set(47, mm.brkBase)
		set(48, mm.proc.argStart)
		set(49, mm.proc.argEnd)
		set(50, mm.proc.envStart)
		set(51, mm.proc.envEnd)
	}
	if g.zombie {
		set(52, uint64(g.waitStatus()))
	} else {
		set(52, 0)
	}
	id := g.tgid
	if u != nil {
		id = u.tid
	}
	return []byte(fmt.Sprintf("%d (%s) %s\n", id, p.procName(g, u), strings.Join(f, " ")))
}

// procStatus is /proc/PID/status of g: the runner's host lines with the
// guest process's name, state, ids, thread count, signal sets and memory
// sizes; the runner's other memory lines are left out.
func (p *Process) procStatus(g *threadGroup, thread *Thread, self *Thread) []byte {
	host, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return nil
	}
	var b bytes.Buffer
	kb := func(n uint64) string { return fmt.Sprintf("%8d kB", n/1024) }
	var size, rss uint64
	u := g.anyThread()
	if u != nil {
		size, rss = u.mm.Mem.Size(), u.mm.Mem.Resident()
	}
	pid, cred := g.tgid, g.creds() // a zombie's too, as Linux
	if thread != nil {
		u, pid, cred = thread, thread.tid, thread.cred
	}
	_, state := g.procRunState(thread, self)
	pend, shared, blocked, ign, caught := g.procSignals(thread)
	sigs := map[string]uint64{"SigPnd": pend, "ShdPnd": shared, "SigBlk": blocked, "SigIgn": ign, "SigCgt": caught}
	for _, line := range strings.SplitAfter(string(host), "\n") {
		key, _, _ := strings.Cut(line, ":")
		if l, ok := cred.statusLine(key); ok {
			b.WriteString(l)
			continue
		}
		switch {
		case key == "Name":
			line = "Name:\t" + p.procName(g, thread) + "\n"
		case key == "State":
			line = "State:\t" + state + "\n"
		case key == "Tgid":
			line = key + ":\t" + strconv.Itoa(g.tgid) + "\n"
		case key == "Pid":
			line = key + ":\t" + strconv.Itoa(pid) + "\n"
		case key == "PPid":
			line = "PPid:\t" + strconv.Itoa(p.ppidOf(g)) + "\n"
		case key == "TracerPid":
			line = "TracerPid:\t" + strconv.Itoa(g.tracerPid(thread)) + "\n"
		case key == "NStgid":
			line = key + ":\t" + strconv.Itoa(g.tgid) + "\n"
		case key == "NSpid":
			line = key + ":\t" + strconv.Itoa(pid) + "\n"
		case key == "NSpgid":
			line = key + ":\t" + strconv.Itoa(g.pgid) + "\n"
		case key == "NSsid":
			line = key + ":\t" + strconv.Itoa(g.sid) + "\n"
		case key == "Seccomp" || key == "Seccomp_filters":
			// The thread's, or the process's leader's (fs/proc/array.c).
			s := thread
			if s == nil {
				s = g.threads[g.tgid]
			}
			n := 0
			if s != nil && key == "Seccomp" {
				n = s.seccompMode()
			} else if s != nil && s.seccomp != nil {
				n = s.seccomp.filter.Count()
			}
			line = key + ":\t" + strconv.Itoa(n) + "\n"
		case key == "Threads":
			line = "Threads:\t" + strconv.Itoa(len(g.threads)) + "\n"
		case sigs[key] != 0 || key == "SigPnd" || key == "ShdPnd" || key == "SigBlk" || key == "SigIgn" || key == "SigCgt":
			line = fmt.Sprintf("%s:\t%016x\n", key, sigs[key])
		case (key == "VmPeak" || key == "VmSize") && u != nil:
			line = key + ":\t" + kb(size) + "\n"
		case (key == "VmHWM" || key == "VmRSS" || key == "RssAnon") && u != nil:
			line = key + ":\t" + kb(rss) + "\n"
		case strings.HasPrefix(key, "Vm") || strings.HasPrefix(key, "Rss"):
			continue
		}
		b.WriteString(line)
	}
	return b.Bytes()
}

// procDev is the device of the host's proc file system (a host descriptor
// on it may have reached the runner's /proc entries through a link).
var procDev = func() uint64 {
	var st unix.Stat_t
	if unix.Stat("/proc/self", &st) != nil {
		return ^uint64(0)
	}
	return uint64(st.Dev) // Stat_t.Dev is uint32 on the linux/mips family, uint64 elsewhere
}()

// procLanded checks a descriptor the host opened for the guest: if it is
// on /proc and names an entry of the runner's process directory (reached
// through a symbolic link, or a directory descriptor), the entry.
func (t *Thread) procLanded(fd int) (procRef, bool) {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || uint64(st.Dev) != procDev {
		return procRef{}, false
	}
	b := make([]byte, 4096)
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(fd), b)
	if err != nil {
		return procRef{}, false
	}
	ref, ok := t.procEntry(string(b[:n]), true)
	return ref, ok
}

// procRootIno is the inode of the host's /proc directory.
var procRootIno = func() uint64 {
	var st unix.Stat_t
	if unix.Stat("/proc", &st) != nil {
		return ^uint64(0)
	}
	return st.Ino
}()

// procRoot reports whether host descriptor fd is open on /proc itself.
func procRoot(fd int) bool {
	var st unix.Stat_t
	return unix.Fstat(fd, &st) == nil && uint64(st.Dev) == procDev && st.Ino == procRootIno
}

// procRootDir is where a listing of /proc is in the guest processes, which
// come after the host's other entries.
type procRootDir struct {
	pids []int
	next int
}

// procRootDents reads entries of /proc at host descriptor fd into b as
// getdents64 does (host byte order): the host's entries other than its
// process directories, then a directory for each guest process. The
// guest sees its own processes, as in a pid namespace, not the host's,
// whose ids may be a guest's too. A listing restarts (rewinddir) when
// the host's position is back at 0.
func (t *Thread) procRootDents(fd int, b []byte) (int, error) {
	ft := t.files
	r := ft.procRoots[fd]
	if pos, err := unix.Seek(fd, 0, io.SeekCurrent); err != nil || pos == 0 || r == nil {
		r = &procRootDir{}
		for pid := range t.p.groups {
			r.pids = append(r.pids, pid)
		}
		sort.Ints(r.pids)
		if ft.procRoots == nil {
			ft.procRoots = map[int]*procRootDir{}
		}
		ft.procRoots[fd] = r
	}
	head := abi.Dirent64Layout.Size() - len(abi.Dirent64{}.Name)
	for r.next == 0 {
		n, err := unix.Getdents(fd, b)
		if err != nil || n == 0 {
			if err != nil {
				return 0, err
			}
			break
		}
		// Keep the entries whose names are not process ids.
		out := 0
		for off := 0; off+head <= n; {
			var d abi.Dirent64
			abi.Dirent64Layout.Decode(binary.NativeEndian, b[off:], &d)
			if d.Reclen == 0 || off+int(d.Reclen) > n {
				break
			}
			name := b[off+head : off+int(d.Reclen)]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if _, err := strconv.Atoi(string(name)); err != nil {
				copy(b[out:], b[off:off+int(d.Reclen)])
				out += int(d.Reclen)
			}
			off += int(d.Reclen)
		}
		if out > 0 {
			return out, nil
		}
	}
	out := 0
	for ; r.next < len(r.pids); r.next++ {
		name := strconv.Itoa(r.pids[r.next])
		reclen := (head + len(name) + 1 + 7) &^ 7
		if out+reclen > len(b) {
			if out == 0 {
				return 0, unix.EINVAL // the buffer holds no entry
			}
			break
		}
		e := b[out : out+reclen]
		clear(e)
		d := abi.Dirent64{Ino: uint64(r.pids[r.next]), Off: 1<<62 + int64(r.next), Reclen: uint16(reclen), Type: unix.DT_DIR}
		abi.Dirent64Layout.Encode(binary.NativeEndian, e, &d)
		copy(e[head:], name)
		e[head+len(name)] = 0
		out += reclen
	}
	return out, nil
}

// procWritableOpen opens an entry the runner answers for writing
// (/proc/PID/comm, task/TID/comm, oom_score_adj, oom_adj, ...) with open
// flags flags: a descriptor reading content (none written-only: its reads
// are EBADF), whose writes set the entry (procWrite).
func (t *Thread) procWritableOpen(ref procRef, content []byte, flags int) (int, int) {
	acc := unix.O_RDONLY
	if flags&unix.O_ACCMODE == unix.O_WRONLY {
		acc = unix.O_WRONLY
	}
	fd, e := memFileAcc(procPidMemName, content, acc)
	if e != 0 {
		return -1, e
	}
	ft := t.files
	if ft.procWrites == nil {
		ft.procWrites = map[int]procRef{}
	}
	ft.procWrites[fd] = ref
	return fd, 0
}

// procCommWrite is a write of b to a comm descriptor of ref, as Linux's
// comm_write: the first 15 bytes (TASK_COMM_LEN - 1) up to a NUL become
// the thread's name (the process's leader's for /proc/PID/comm), newline
// and all; a thread of another process is EINVAL.
func (t *Thread) procCommWrite(ref procRef, b []byte) int {
	if ref.g != t.group {
		return abi.EINVAL
	}
	u := ref.u
	if u == nil {
		u = ref.g.anyThread()
	}
	b = b[:min(len(b), commLen-1)]
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	if u != nil {
		u.comm = string(b)
	}
	return 0
}
