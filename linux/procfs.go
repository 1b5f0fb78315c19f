//go:build linux

package linux

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

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
//     [stack] and [heap] named (glibc's pthread_getattr_np reads it);
//   - stat, status, auxv, cmdline, environ and comm are the guest's (stat
//     and status start from the host's and replace what differs);
//   - fd and task are directories listing the guest's descriptors and
//     threads; fd/N is guest descriptor N (path in sys_file.go);
//   - mem reads and writes the guest's memory at the file offset (procmem.go),
//     never the runner's;
//   - pagemap and every other entry that would show the runner's memory or
//     let the guest change the runner are refused (EACCES);
//   - cwd, root, mounts, mountinfo, cgroup, limits, net and ns are the
//     host's, which are the guest's too.
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
}

// procState is what the guest's /proc/self reports from its start: the
// command line, environment and auxiliary vector as the kernel saw them.
type procState struct {
	cmdline, environ, auxv []byte
	stackLo, stackHi       uint64 // the main thread's stack mapping
	dir                    string // a host directory for the fd and task listings, made on first use
}

// procSetup records the start-up facts of the guest's /proc/self: the
// strings of args and env, and the auxiliary vector read back from the
// initial stack at sp.
func (p *Process) procSetup(args, env []string, sp, stackSize uint64) {
	for _, a := range args {
		p.proc.cmdline = append(append(p.proc.cmdline, a...), 0)
	}
	for _, e := range env {
		p.proc.environ = append(append(p.proc.environ, e...), 0)
	}
	p.proc.stackHi = stackTop - mem.PageSize
	p.proc.stackLo = p.proc.stackHi - pageUp(stackSize)
	// sp: argc, argv…, 0, envp…, 0, auxv pairs up to AT_NULL.
	var w [8]byte
	word := func(a uint64) uint64 {
		if p.mm.Mem.Peek(a, w[:]) != nil {
			return 0
		}
		return p.order.Uint64(w[:])
	}
	a := sp + 8 + 8*(word(sp)+1)
	for word(a) != 0 {
		a += 8
	}
	a += 8
	for i := 0; i < 64; i++ {
		typ := word(a + 16*uint64(i))
		var pair [16]byte
		_ = p.mm.Mem.Peek(a+16*uint64(i), pair[:])
		p.proc.auxv = append(p.proc.auxv, pair[:]...)
		if typ == 0 {
			break
		}
	}
}

// procCleanup removes the host directory of the listings.
func (p *Process) procCleanup() {
	if p.proc.dir != "" {
		_ = os.RemoveAll(p.proc.dir)
	}
}

// procEntry classifies a host path the guest looks up: if it names an
// entry of the guest's own process directory, it returns the entry's
// path below that directory ("" for the directory itself, "maps",
// "task/123/stat", …) and true.
func (t *Thread) procEntry(path string) (string, bool) {
	if !strings.HasPrefix(path, "/") {
		return "", false
	}
	path = filepath.Clean(path)
	rest, ok := strings.CutPrefix(path, "/proc/")
	if !ok {
		return "", false
	}
	first, sub, _ := strings.Cut(rest, "/")
	switch first {
	case "self":
	case "thread-self":
		sub = strings.TrimPrefix("task/"+strconv.Itoa(t.tid)+"/"+sub, "/")
		sub = strings.TrimSuffix(sub, "/")
	default:
		n, err := strconv.Atoi(first)
		if err != nil || !t.p.ownID(n) {
			return "", false
		}
	}
	// task/<tid>/x is x of the process (the runner keeps no per-thread
	// entries apart from the listing).
	if after, ok := strings.CutPrefix(sub, "task/"); ok {
		tid, x, _ := strings.Cut(after, "/")
		if n, err := strconv.Atoi(tid); err == nil && t.p.ownID(n) {
			sub = x
		}
	}
	return sub, true
}

// ownID reports whether /proc/<n> names the runner's process: the pid,
// a guest thread's id, or a host thread of the runner.
func (p *Process) ownID(n int) bool {
	if n == p.pid || p.group.threads[n] != nil {
		return true
	}
	var st unix.Stat_t
	return n > 0 && unix.Stat("/proc/self/task/"+strconv.Itoa(n), &st) == nil
}

// procAbs makes a guest path absolute against its directory (a guest
// descriptor's host descriptor, or AT_FDCWD: the working directory, which
// the runner shares with the guest).
func procAbs(dirfd int, path string) string {
	if strings.HasPrefix(path, "/") {
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

// procLookup classifies the path a guest looks up relative to dirfd (a
// host descriptor or AT_FDCWD): own reports whether it names an entry of
// the guest's process directory, and host is the host path that answers
// it when the host does ("" when the runner must: procOpen), with fd/N
// and fdinfo/N translated through the guest's descriptor table.
func (t *Thread) procLookup(dirfd int, raw string) (entry, host string, own bool) {
	entry, own = t.procEntry(procAbs(dirfd, raw))
	if !own {
		return "", "", false
	}
	name, rest, _ := strings.Cut(entry, "/")
	switch {
	case name == "":
		// The directory itself: entries looked up through a descriptor of
		// it come back here (procAbs).
		return entry, "/proc/self", true
	case (name == "fd" || name == "fdinfo") && rest != "":
		num, tail, _ := strings.Cut(rest, "/")
		g, err := strconv.Atoi(num)
		h := badFD
		if err == nil && num == strconv.Itoa(g) {
			h = t.files.get(g)
		}
		if h == badFD {
			return entry, "/proc/self/" + name + "/-1", true // no such entry
		}
		host = "/proc/self/" + name + "/" + strconv.Itoa(h)
		if tail != "" {
			host += "/" + tail
		}
		return entry, host, true
	case name == "fd":
		return entry, "", true
	case procHost[name]:
		return entry, "/proc/self/" + entry, true
	}
	return entry, "", true
}

// procOpen answers an open of an entry of the guest's process directory
// that the host does not answer: the host descriptor to give the guest,
// or an errno.
func (t *Thread) procOpen(entry string, flags int) (int, int) {
	p := t.p
	switch entry {
	case "exe":
		fd, err := unix.Open(t.exe(), flags, 0)
		if err != nil {
			return -1, errnoOf(err)
		}
		return fd, 0
	case "fd", "task":
		dir, e := t.procListing(entry)
		if e != 0 {
			return -1, e
		}
		fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			return -1, errnoOf(err)
		}
		return fd, 0
	}
	if entry == "mem" {
		return t.procMemOpen(flags)
	}
	var content []byte
	switch entry {
	case "maps", "smaps":
		content = t.procMaps()
	case "stat":
		content = t.procStat()
	case "status":
		content = t.procStatus()
	case "auxv":
		content = p.proc.auxv
	case "cmdline":
		content = p.proc.cmdline
	case "environ":
		content = p.proc.environ
	case "comm":
		content = []byte(procComm(t.exe()) + "\n")
	default:
		return -1, int(unix.EACCES)
	}
	if flags&unix.O_ACCMODE != unix.O_RDONLY {
		return -1, int(unix.EACCES)
	}
	return memFile(content)
}

// procOpenErr is procOpen as newFD takes it.
func (t *Thread) procOpenErr(entry string, flags int) (int, error) {
	fd, e := t.procOpen(entry, flags)
	if e != 0 {
		return -1, unix.Errno(e)
	}
	return fd, nil
}

// memFile returns a read-only host descriptor reading content.
func memFile(content []byte) (int, int) {
	fd, err := unix.MemfdCreate("ppc64emu-proc", unix.MFD_CLOEXEC|unix.MFD_ALLOW_SEALING)
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
	// Reopen read-only, so that the guest's descriptor cannot write.
	ro, err := unix.Open("/proc/self/fd/"+strconv.Itoa(fd), unix.O_RDONLY|unix.O_CLOEXEC, 0)
	unix.Close(fd)
	if err != nil {
		return -1, errnoOf(err)
	}
	return ro, 0
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

// procListing fills a host directory with the entries of the guest's fd
// (symbolic links named by guest descriptor, to what the host descriptor
// names) or task (a directory per guest thread) directory.
func (t *Thread) procListing(which string) (string, int) {
	p := t.p
	if p.proc.dir == "" {
		d, err := os.MkdirTemp("", "ppc64emu-proc-")
		if err != nil {
			return "", errnoOf(err)
		}
		p.proc.dir = d
	}
	dir := filepath.Join(p.proc.dir, which)
	_ = os.RemoveAll(dir)
	if err := os.Mkdir(dir, 0o700); err != nil {
		return "", errnoOf(err)
	}
	switch which {
	case "fd":
		for g, h := range t.files.host {
			if h < 0 {
				continue
			}
			target, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(h))
			if err != nil {
				target = "anon_inode:[unknown]"
			}
			_ = os.Symlink(target, filepath.Join(dir, strconv.Itoa(g)))
		}
	case "task":
		for tid := range t.group.threads {
			_ = os.Mkdir(filepath.Join(dir, strconv.Itoa(tid)), 0o500)
		}
	}
	return dir, 0
}

// procMaps is /proc/self/maps: the guest's mappings in Linux's format
// (fs/proc/task_mmu.c, show_map_vma: start-end, rwx and p, offset, device,
// inode, the name padded to column 73), the initial stack named [stack]
// and the break area [heap].
func (t *Thread) procMaps() []byte {
	p := t.p
	var b bytes.Buffer
	type region struct {
		start, end uint64
		perm       mem.Perm
	}
	var rs []region
	t.mm.Mem.Regions(func(s, e uint64, pr mem.Perm) { rs = append(rs, region{s, e, pr}) })
	// Split at the stack's and the heap's bounds, so that they have their
	// own lines.
	cuts := []uint64{p.proc.stackLo, p.proc.stackHi, pageUp(t.mm.brkBase), pageUp(t.mm.brk)}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i] < cuts[j] })
	for _, r := range rs {
		start := r.start
		for _, c := range cuts {
			if c > start && (c < r.end || r.end == 0) {
				b.WriteString(mapsLine(start, c, r.perm, p.mapsName(start, c)))
				start = c
			}
		}
		b.WriteString(mapsLine(start, r.end, r.perm, p.mapsName(start, r.end)))
	}
	return b.Bytes()
}

// mapsName names the mapping [start, end) in /proc/self/maps.
func (p *Process) mapsName(start, end uint64) string {
	switch {
	case start >= p.proc.stackLo && end <= p.proc.stackHi:
		return "[stack]"
	case p.mm.brk > p.mm.brkBase && start >= pageUp(p.mm.brkBase) && end <= pageUp(p.mm.brk):
		return "[heap]"
	}
	for _, s := range p.Image.Segments {
		if start < pageUp(s.Addr+s.FileSize) && end > s.Addr&^(mem.PageSize-1) && s.FileSize > 0 {
			return p.exe
		}
	}
	return ""
}

func mapsLine(start, end uint64, pr mem.Perm, name string) string {
	perm := []byte("---p")
	if pr&mem.Read != 0 {
		perm[0] = 'r'
	}
	if pr&mem.Write != 0 {
		perm[1] = 'w'
	}
	if pr&mem.Exec != 0 {
		perm[2] = 'x'
	}
	line := fmt.Sprintf("%08x-%08x %s %08x 00:00 0 ", start, end, perm, 0)
	if name == "" {
		return line + "\n"
	}
	for len(line) < 73 {
		line += " "
	}
	return line + name + "\n"
}

// procStat is /proc/self/stat: the host's line (times, ids, flags) with
// the fields that describe the guest replaced (fs/proc/array.c,
// do_task_stat): comm, num_threads, vsize, rss, startcode, endcode,
// startstack, kstkesp, kstkeip, start_data, end_data, start_brk,
// arg_start, arg_end, env_start, env_end.
func (t *Thread) procStat() []byte {
	p := t.p
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
	var codeLo, codeHi, dataLo, dataHi uint64
	for _, s := range p.Image.Segments {
		if s.Perm&mem.Exec != 0 && codeHi == 0 {
			codeLo, codeHi = s.Addr, s.Addr+s.FileSize
		} else if s.Perm&mem.Write != 0 && dataHi == 0 {
			dataLo, dataHi = s.Addr, s.Addr+s.FileSize
		}
	}
	set(20, uint64(len(t.group.threads)))
	set(23, t.mm.Mem.Size())
	set(24, t.mm.Mem.Resident()/mem.PageSize)
	set(26, codeLo)
	set(27, codeHi)
	set(28, t.p.proc.stackHi)
	set(29, 0)
	set(30, 0)
	set(45, dataLo)
	set(46, dataHi)
	set(47, t.mm.brkBase)
	set(48, 0)
	set(49, 0)
	set(50, 0)
	set(51, 0)
	return []byte(fmt.Sprintf("%d (%s) %s\n", p.pid, procComm(t.exe()), strings.Join(f, " ")))
}

// procStatus is /proc/self/status: the host's, with the guest's name,
// thread count and memory sizes; the runner's other memory lines are
// left out.
func (t *Thread) procStatus() []byte {
	host, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return nil
	}
	var b bytes.Buffer
	kb := func(n uint64) string { return fmt.Sprintf("%8d kB", n/1024) }
	for _, line := range strings.SplitAfter(string(host), "\n") {
		key, _, _ := strings.Cut(line, ":")
		switch {
		case key == "Name":
			line = "Name:\t" + procComm(t.exe()) + "\n"
		case key == "Threads":
			line = "Threads:\t" + strconv.Itoa(len(t.group.threads)) + "\n"
		case key == "VmPeak" || key == "VmSize":
			line = key + ":\t" + kb(t.mm.Mem.Size()) + "\n"
		case key == "VmHWM" || key == "VmRSS" || key == "RssAnon":
			line = key + ":\t" + kb(t.mm.Mem.Resident()) + "\n"
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
func (t *Thread) procLanded(fd int) (string, bool) {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || uint64(st.Dev) != procDev {
		return "", false
	}
	b := make([]byte, 4096)
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(fd), b)
	if err != nil {
		return "", false
	}
	return t.procEntry(string(b[:n]))
}
