//go:build linux

package linux

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Errno values execve returns that linux/abi does not name yet
// (asm-generic/errno-base.h and errno.h, which powerpc uses).
const (
	e2BIG   = 7
	eNOEXEC = 8
	eLOOP   = 40
)

// maxInterp bounds the #! interpreters one execve follows (Linux 5.x:
// binfmt_script's recursion ends in ELOOP after 4 more levels).
const maxInterp = 4

// maxArgs bounds the argv and envp entries execve reads (Linux bounds
// their total size; E2BIG beyond).
const maxArgs = 1 << 17

// maxArgStrlen is the longest argv or envp string execve takes, its NUL
// included: Linux 6.1's MAX_ARG_STRLEN, 32 pages (include/uapi/linux/
// binfmts.h; copy_strings' strnlen_user gives E2BIG beyond it, EFAULT for
// an unreadable byte before the NUL).
const maxArgStrlen = 32 * mem.PageSize

func sysExecve(t *Thread, a *sysArgs) (uint64, int) {
	path, e := t.path(a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	return t.execveStrv(path, a, 1)
}

// execveStrv runs path with the argv and envp arrays of syscall arguments
// i and i+1.
func (t *Thread) execveStrv(path string, a *sysArgs, i int) (uint64, int) {
	args, e := t.strv(a.Ptr(i))
	if e != 0 {
		return 0, e
	}
	env, e := t.strv(a.Ptr(i + 1))
	if e != 0 {
		return 0, e
	}
	return t.execve(path, args, env)
}

// sysExecveat is execveat(dirfd, path, argv, envp, flags): a relative
// path is looked up from dirfd, an empty one with AT_EMPTY_PATH is dirfd's
// file itself, and with AT_SYMLINK_NOFOLLOW a symbolic link is ELOOP.
func sysExecveat(t *Thread, a *sysArgs) (uint64, int) {
	path, e := t.path(a.Ptr(1))
	if e != 0 {
		return 0, e
	}
	flags := a.Int(4)
	if flags&^(unix.AT_EMPTY_PATH|unix.AT_SYMLINK_NOFOLLOW) != 0 {
		return 0, abi.EINVAL
	}
	host := "" // the program's host path, if not path's lookup
	if dirfd := a.Fd(0); !strings.HasPrefix(path, "/") && dirfd != unix.AT_FDCWD {
		h := t.fd(dirfd)
		if h == badFD || h < 0 {
			return 0, abi.EBADF
		}
		fdName := "/proc/self/fd/" + itoa(h)
		switch {
		case path == "" && flags&unix.AT_EMPTY_PATH == 0:
			return 0, abi.ENOENT
		case path == "":
			// dirfd's own file: no link to follow or refuse.
			path, host, flags = fdName, fdName, flags&^unix.AT_SYMLINK_NOFOLLOW
		case t.fsOf().root != "":
			// In a chroot(2) root: from a directory inside the root,
			// the guest's name of what dirfd and path name, looked up
			// in the root; from one outside it, the path from there,
			// as Linux's walk from dirfd (chroot.go).
			if g, _, in := t.rootPath(h, path); in {
				path = g
			} else {
				path = fdName + "/" + path
				host = path
			}
		default:
			path = fdName + "/" + path
		}
	}
	if flags&unix.AT_SYMLINK_NOFOLLOW != 0 {
		name, e := host, 0
		if name == "" {
			name, e = t.hostName(path, false)
		}
		var st unix.Stat_t
		if e == 0 && unix.Lstat(name, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK {
			return 0, eLOOP
		}
	}
	args, e := t.strv(a.Ptr(2))
	if e != 0 {
		return 0, e
	}
	env, e := t.strv(a.Ptr(3))
	if e != 0 {
		return 0, e
	}
	return t.execveAt(path, host, args, env)
}

// strv reads a NULL-terminated array of string pointers (argv, envp); a
// NULL array is empty.
func (t *Thread) strv(addr uint64) ([]string, int) {
	var v []string
	for addr != 0 {
		if len(v) >= maxArgs {
			return nil, e2BIG
		}
		ptr, e := t.get64(addr)
		if e != 0 {
			return nil, e
		}
		if ptr == 0 {
			break
		}
		s, err := t.mm.Mem.ReadString(ptr, maxArgStrlen)
		if err != nil {
			var ae *mem.AccessError
			if errors.As(err, &ae) {
				return nil, abi.EFAULT
			}
			return nil, e2BIG
		}
		v = append(v, s)
		addr += 8
	}
	return v, 0
}

// execFile describes the program file at host path for execve's
// credentials: its set-user-ID and set-group-ID bits count when the
// runner may give a guest other ids (it runs as root: hostcred.go) and the
// file is not on a nosuid mount (fs/exec.c's mnt_may_suid); a runner that
// is not root ignores them, as on a nosuid mount, since its guest has its
// user's rights only.
func (p *Process) execFile(host string) execFile {
	var st unix.Stat_t
	var fs unix.Statfs_t
	if !p.hostCred.switchable() || unix.Stat(host, &st) != nil || st.Mode&(unix.S_ISUID|unix.S_ISGID) == 0 ||
		unix.Statfs(host, &fs) != nil || fs.Flags&unix.ST_NOSUID != 0 {
		return execFile{}
	}
	return execFile{setid: true, mode: st.Mode, uid: st.Uid, gid: st.Gid}
}

// execve replaces t's process's program with the one at path (a guest
// path), as Linux's execve: a #! script runs its interpreter with the
// script's path as an argument; the new program gets a new address space;
// the descriptors marked close-on-exec close; caught signals return to
// their default action; the other threads of the process end. The program
// must have the runner's byte order (ENOEXEC otherwise); a program for
// another architecture is ENOEXEC, one that cannot be opened as a program
// EACCES (openExec).
func (t *Thread) execve(path string, args, env []string) (uint64, int) {
	return t.execveAt(path, "", args, env)
}

// execveAt is execve of the program at host path at, named path, or with
// at "" the one path names.
func (t *Thread) execveAt(path, at string, args, env []string) (uint64, int) {
	p := t.p
	comm := procComm(path)
	m := mem.New()
	m.Limit, m.Budget = t.mm.Mem.Limit, t.mm.Mem.Budget
	var img, interp *loader.Image
	var exeHost string // the program's host path
	for depth := 0; ; depth++ {
		if depth > maxInterp {
			return 0, eLOOP
		}
		host := at
		if depth > 0 || host == "" {
			var e int
			if host, e = t.hostName(path, true); e != 0 {
				return 0, e
			}
		}
		if ref, _, own := t.procLookup(t.cwd(), path); own && ref.entry == "exe" {
			host = p.exeOf(ref.g) // the guest's program, not the runner
		}
		// Execute permission with the thread's credentials (the file-system
		// ids, as Linux's may_open(MAY_EXEC)); the kernel then reads the
		// file whether or not they may (an execute-only program runs), so
		// the runner reads it with its own (hostcred.go).
		if err := t.faccessat(unix.AT_FDCWD, host, unix.X_OK, unix.AT_EACCESS); err != nil {
			return 0, errnoOf(err)
		}
		if e := t.execLease(host); e != 0 {
			return 0, e // a write lease the exec's open breaks (lease.go)
		}
		var line []byte
		var e int
		t.asRunner(func() { line, e = shebang(host) })
		if e == 0 {
			e = p.execBusy(host)
		}
		if e != 0 {
			return 0, e
		}
		if line == nil {
			exeHost = host
			var native bool
			t.asRunner(func() { native = hostProgram(host) })
			if native {
				return t.execHost(host, args, env) // hostexec.go
			}
			var err error
			t.asRunner(func() { img, interp, err = loadProgram(m, host, t.interpHost) })
			if err != nil {
				// A host error (a missing interpreter: ENOENT) as it
				// is; anything the loader refuses is no program.
				var en unix.Errno
				if errors.As(err, &en) {
					return 0, int(en)
				}
				return 0, eNOEXEC
			}
			if interp != nil {
				// The interpreter's open (load_elf_binary's open_exec)
				// breaks a write lease too.
				if ih, err := t.interpHost(img.Interp); err == nil {
					if e := t.execLease(ih); e != 0 {
						return 0, e
					}
					if e := p.execBusy(ih); e != 0 {
						return 0, e
					}
				}
			}
			break
		}
		// "#!interp [arg]": interp [arg] path args[1:] (Linux keeps the
		// rest of the line, trimmed, as one argument).
		fields := strings.SplitN(strings.TrimSpace(string(line)), " ", 2)
		if fields[0] == "" {
			return 0, eNOEXEC
		}
		nargs := []string{fields[0]}
		if len(fields) == 2 && strings.TrimSpace(fields[1]) != "" {
			nargs = append(nargs, strings.TrimSpace(fields[1]))
		}
		nargs = append(nargs, path)
		if len(args) > 1 {
			nargs = append(nargs, args[1:]...)
		}
		path, args = fields[0], nargs
	}
	if img.Order != p.order {
		// One byte order per runner: the other byte order's program
		// runs under another runner, if there is one (hostexec.go).
		if len(p.cfg.Runner) == 0 {
			return 0, eNOEXEC
		}
		a := append([]string{}, p.cfg.Runner...)
		if t.group.rand != nil {
			// A seeded run's other runner is seeded from the process's
			// stream (seed.go).
			var b [8]byte
			t.group.random(b[:])
			a = append(a, "-seed", strconv.FormatUint(binary.LittleEndian.Uint64(b[:]), 10))
		}
		a = append(a, "-0", argv0(args, path), t.realHost(exeHost))
		if len(args) > 1 {
			a = append(a, args[1:]...)
		}
		return t.execHost(p.cfg.Runner[0], a, env)
	}
	cred, secure := t.cred.execve(p.execFile(exeHost))
	sp, stack, err := p.setupImage(m, img, interp, path, args, env, cred, secure, t.group)
	if err != nil {
		return 0, abi.ENOMEM
	}
	// The point of no return: the other threads end, the rest changes.
	g := t.group
	for tid, u := range g.threads {
		if u != t {
			u.execed = true // not an heir for threadGone
			u.flushCount()  // as groupExit: its goroutine may wake after the run's end
			p.ptraceGone(u, ExitStatus{Signal: abi.SIGKILL})
			p.threadGone(u)
			u.exitSem() // its end (de_thread); t keeps its list
			if u.files.users--; u.files.users == 0 {
				u.files.closeAll()
			}
			u.dropFS()
			delete(g.threads, tid)
			g.nthreads.Add(-1)
			u.execed = true
			u.wakeUp()
		}
	}
	// The dumpable flag, from the credentials before the exec (Linux's
	// begin_new_exec) and an unreadable program (would_dump); setCred
	// then applies the change of credentials.
	old := t.cred
	readable := t.faccessat(unix.AT_FDCWD, exeHost, unix.R_OK, unix.AT_EACCESS) == nil
	oldMM := t.mm
	t.group.self.noteRSS(oldMM)
	t.mm = newAddressSpace(m, img.Brk)
	t.mm.vdso = vdsoAddr // setupImage mapped it
	t.mm.dumpFilter = oldMM.dumpFilter
	p.shmClose(oldMM, t.group.tgid)
	p.aioClose(oldMM)
	if !readable || old.uid.e != old.uid.r || old.gid.e != old.gid.r {
		t.mm.dumpable = suidDumpable()
	}
	t.mm.stack = stack
	t.mm.procSetup(p.order, img, sp, stack.hi-stack.min)
	t.mm.nameProgram(img, interp, t.realHost(exeHost), p.cfg.Sysroot)
	t.comm = comm
	t.setCred(cred)
	if secure {
		t.pdeathSig = 0 // a parent cannot signal a privileged process (begin_new_exec)
	}
	t.personality = execPersonality(t.personality, secure)
	if t.files.users > 1 {
		if f, err := t.files.copy(); err == nil {
			t.files.users--
			t.files = f
			f.users = 1
		}
	}
	t.files.closeCloexec()
	t.p.mqClosed(g)
	t.sighand = t.sighand.copy() // no longer shared with a vfork parent
	for sig := range t.sighand.actions {
		if h := t.sighand.actions[sig].handler; h != abi.SIG_IGN {
			t.sighand.actions[sig] = sigAction{}
		}
	}
	t.altSP, t.altSize, t.altFlags = 0, 0, 0
	t.rseq, t.rseqSig, t.robustList, t.clearTID = 0, 0, 0, 0
	t.mm.e = p.newEmulator(t.mm)
	t.startRegs(img, interp, sp)
	t.mm.e.SetContext(&t.ctx)
	g.execed = true
	g.execs++
	g.setExe(exePath(t.realHost(exeHost)))
	g.deletePosixTimers()
	g.vforkDoneOnce()
	t.ptraceExec()
	return 0, errNoResult
}

// closeCloexec closes the descriptors marked close-on-exec (execve).
func (ft *fdTable) closeCloexec() {
	for g, h := range ft.host {
		if h < 0 {
			continue
		}
		if fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFD, 0); err == nil && fl&unix.FD_CLOEXEC != 0 {
			ft.host[g] = -1
			_ = ft.closeHost(h)
		}
	}
}

// shebang returns the rest of the first line of the file at host path if
// it starts with "#!" (at most 255 bytes, as Linux's BINPRM_BUF_SIZE), nil
// if it does not.
func shebang(host string) ([]byte, int) {
	f, err := openExec(host)
	if err != nil {
		var en unix.Errno
		if errors.As(err, &en) {
			return nil, int(en)
		}
		return nil, abi.EACCES
	}
	defer f.Close()
	var b [256]byte
	n, _ := f.Read(b[:])
	if n < 2 || b[0] != '#' || b[1] != '!' {
		return nil, 0
	}
	line := b[2:n]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	return line, 0
}
