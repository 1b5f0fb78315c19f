//go:build linux

package linux

import (
	"bufio"
	"bytes"
	"debug/elf"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// The host-exec shim. Every host program a guest executes (hostexec.go)
// is started through the runner's own executable (/proc/self/exe, argv[0]
// hostShimArg0, hostShimEnv naming its spec descriptor, as the FIFO
// opener of fifo.go), which puts itself in the run's world and then
// executes the program in its place, so the program has the guest
// process's pid, parent and status:
//
//   - when the runner may confine it (CAP_SYS_ADMIN, a root runner): a
//     new UTS namespace with the run's host and domain names (uts.go),
//     and a new mount namespace (every mount private) in which /proc/sys
//     and every mount below it is bind-remounted read-only, as procsys.go
//     answers a guest; a chroot(2) root of the guest is entered in it
//     (and its own /proc/sys, if it has one, made read-only too);
//   - when the runner may set credentials (CAP_SETUID and CAP_SETGID): the
//     guest thread's real, effective and saved user and group ids, its
//     groups, its inheritable, permitted, effective, ambient and bounding
//     capability sets and its securebits, so that the host kernel's
//     execve of the program computes from them what Linux computes for
//     the guest's execve of that file (a root guest that dropped a
//     capability from its bounding set, or set SECBIT_NOROOT, or changed
//     to another user, does not get it back);
//   - always: no_new_privs when the guest thread has it, its signal mask,
//     and its ignored signals (SIG_IGN, kept by execve; every other
//     action is the default), on a host whose signal numbers are the
//     guest's (not the MIPS family's).
//
// A shim that cannot do one of these writes which step failed on its
// status pipe and exits; the runner then refuses the guest's execve with
// EACCES, as Linux refuses one that a security module denies
// (security_bprm_check), and nothing of the guest changed. The status
// pipe is close-on-exec: an end of file without a word says the program
// was executed; a word is the host execve's errno, which the guest's
// execve returns. A program started through the shim is the host's
// process with the host's own kernel: a host program that itself has
// CAP_SYS_ADMIN (a root guest that kept it) can still leave these
// namespaces (setns into another process's, a new mount of proc), and a
// sethostname in it changes its namespace's name, not the run's, which
// lives in the runner (the guest's next uname still answers the run's).

// hostShimEnv is the shim's only environment variable: the number of its
// spec descriptor (its status pipe's is the next).
const hostShimEnv = "PPC64EMU_HOSTEXEC"

// hostShimArg0 is the shim's argv[0].
const hostShimArg0 = "ppc64emu-hostexec"

// hostShimFailed marks a status word that says a confinement step failed
// (the low bits are the host errno), not the program's execve.
const hostShimFailed = 1 << 31

// hostSpec is what the shim is told: the program, how to confine it and
// the guest's state it inherits.
type hostSpec struct {
	Path       string   // the program (in Root when Root is set)
	Argv, Env  []string // the guest's execve arguments
	Dir        string   // working directory ("": the runner's, or left outside Root)
	Root       string   // the guest's chroot(2) root, or ""
	Closed     []int    // descriptors below 3 the guest does not have
	Confine    bool     // new UTS and mount namespaces (Node, Domain, /proc/sys)
	Node       []byte   // the run's host name, its length as set
	Domain     []byte   // the run's domain name
	Cred       *hostSpecCred
	NoNewPrivs bool
	Rlimits    []hostSpecRlimit
	Signals    bool   // carry Mask and Ignored
	Mask       uint64 // blocked signals, bit sig-1
	Ignored    uint64 // signals whose action is SIG_IGN, bit sig-1
}

// hostSpecCred are the guest thread's credentials the program starts from.
type hostSpecCred struct {
	Uid, Gid                [3]uint32 // real, effective, saved
	Groups                  []uint32
	Inh, Prm, Eff, Bnd, Amb uint64
	Securebits              uint32
}

// hostSpecRlimit is a resource limit of the guest process, by the host's
// resource number (hostResource).
type hostSpecRlimit struct {
	Res      int
	Cur, Max uint64
}

// hostShimError is a confinement step of the shim that failed.
type hostShimError struct {
	Step string
	Err  unix.Errno
}

func (e *hostShimError) Error() string { return "host-exec shim: " + e.Step + ": " + e.Err.Error() }

// hostShimStarted is set by package initialisation (before any init
// function, so before the FIFO opener's check of its variable): in the
// shim it never returns.
var hostShimStarted = hostShimMain()

func hostShimMain() bool {
	v, ok := os.LookupEnv(hostShimEnv)
	if !ok || len(os.Args) == 0 || os.Args[0] != hostShimArg0 {
		return false
	}
	fd, err := strconv.Atoi(v)
	if err != nil || fd < 3 {
		os.Exit(127)
	}
	os.Exit(hostShim(fd))
	return true
}

// hostShim is the shim's main with its spec on descriptor fd and its
// status pipe on fd+1; it returns only when it failed.
func hostShim(fd int) int {
	runtime.LockOSThread() // every step below is this host thread's
	status := fd + 1
	report := func(word uint32) int {
		var b [4]byte
		binary.NativeEndian.PutUint32(b[:], word)
		_, _ = unix.Write(status, b[:])
		return 127
	}
	var s hostSpec
	f := os.NewFile(uintptr(fd), "spec")
	err := gob.NewDecoder(bufio.NewReader(f)).Decode(&s)
	f.Close()
	if err != nil {
		return report(hostShimFailed | uint32(unix.EINVAL))
	}
	if _, err := unix.FcntlInt(uintptr(status), unix.F_SETFD, unix.FD_CLOEXEC); err != nil {
		return report(hostShimFailed | uint32(errnoOf(err)))
	}
	if err := s.enter(); err != nil {
		var se *hostShimError
		e := unix.EIO
		if errors.As(err, &se) {
			e = se.Err
		}
		return report(hostShimFailed | uint32(e))
	}
	for _, c := range s.Closed {
		unix.Close(c) // one the Go runtime opened on /dev/null
	}
	err = s.exec()
	return report(uint32(errnoOf(err)))
}

// enter gives the calling host thread the spec's world: namespaces, root,
// working directory, credentials and no_new_privs.
func (s *hostSpec) enter() error {
	step := func(name string, e syscall.Errno) error {
		if e != 0 {
			return &hostShimError{Step: name, Err: e}
		}
		return nil
	}
	if s.Confine {
		if err := step("unshare", errnoOf2(unix.Unshare(unix.CLONE_NEWUTS|unix.CLONE_NEWNS))); err != nil {
			return err
		}
		if err := step("private mounts", errnoOf2(unix.Mount("none", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""))); err != nil {
			return err
		}
		if err := step("sethostname", errnoOf2(unix.Sethostname(s.Node))); err != nil {
			return err
		}
		if err := step("setdomainname", errnoOf2(unix.Setdomainname(s.Domain))); err != nil {
			return err
		}
		if err := readOnlyProcSys(); err != nil {
			return err
		}
	}
	if s.Root != "" {
		if err := step("chroot", errnoOf2(unix.Chroot(s.Root))); err != nil {
			return err
		}
		if s.Confine {
			if err := readOnlyProcSys(); err != nil {
				return err
			}
		}
	}
	if s.Dir != "" {
		if err := step("chdir", errnoOf2(unix.Chdir(s.Dir))); err != nil {
			return err
		}
	}
	if s.Cred != nil {
		if err := s.Cred.apply(); err != nil {
			return err
		}
	}
	if s.NoNewPrivs {
		if err := step("no_new_privs", errnoOf2(unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))); err != nil {
			return err
		}
	}
	return nil
}

// errnoOf2 is err as an Errno (0 for nil).
func errnoOf2(err error) syscall.Errno { return syscall.Errno(errnoOf(err)) }

// readOnlyProcSys bind-mounts /proc/sys (with what is mounted below it)
// on itself and remounts each of those mounts read-only, keeping its
// other flags. A root without /proc/sys has nothing to protect.
func readOnlyProcSys() error {
	const dir = "/proc/sys"
	if err := unix.Mount(dir, dir, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		if err == unix.ENOENT {
			return nil
		}
		return &hostShimError{Step: "bind " + dir, Err: errnoOf2(err)}
	}
	b, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return &hostShimError{Step: "mountinfo", Err: errnoOf2(errors.Unwrap(err))}
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 5 {
			continue
		}
		mp := unescapeMount(fields[4])
		if mp != dir && !strings.HasPrefix(mp, dir+"/") || seen[mp] {
			continue
		}
		seen[mp] = true
		var st unix.Statfs_t
		if err := unix.Statfs(mp, &st); err != nil {
			return &hostShimError{Step: "statfs " + mp, Err: errnoOf2(err)}
		}
		fl := uintptr(unix.MS_BIND | unix.MS_REMOUNT | unix.MS_RDONLY)
		for _, m := range [...]struct{ st, ms uintptr }{
			{unix.ST_NOSUID, unix.MS_NOSUID}, {unix.ST_NODEV, unix.MS_NODEV}, {unix.ST_NOEXEC, unix.MS_NOEXEC},
			{unix.ST_NOATIME, unix.MS_NOATIME}, {unix.ST_NODIRATIME, unix.MS_NODIRATIME}, {unix.ST_RELATIME, unix.MS_RELATIME},
		} {
			if uintptr(st.Flags)&m.st != 0 {
				fl |= m.ms
			}
		}
		if err := unix.Mount("none", mp, "", fl, ""); err != nil {
			return &hostShimError{Step: "read-only " + mp, Err: errnoOf2(err)}
		}
	}
	return nil
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b bytes.Buffer
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// capset sets the calling host thread's capability sets.
func capset(inh, prm, eff uint64) syscall.Errno {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var d [2]unix.CapUserData
	for w := range d {
		sh := 32 * w
		d[w] = unix.CapUserData{Effective: uint32(eff >> sh), Permitted: uint32(prm >> sh), Inheritable: uint32(inh >> sh)}
	}
	_, _, e := unix.RawSyscall(unix.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&d[0])), 0)
	return e
}

// capPermitted is the calling host thread's permitted set.
func capPermitted() (uint64, syscall.Errno) {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var d [2]unix.CapUserData
	_, _, e := unix.RawSyscall(unix.SYS_CAPGET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&d[0])), 0)
	return uint64(d[0].Permitted) | uint64(d[1].Permitted)<<32, e
}

// apply gives the calling host thread (the shim's, which executes the
// program next) the guest's credentials. With its permitted set kept
// across the id change (PR_SET_KEEPCAPS), it sets the inheritable set
// before the bounding set shrinks (capset takes no inheritable capability
// outside the bounding set), the ids, the ambient set, the bounding set
// and the securebits while its effective set is still the runner's
// (CAP_SETPCAP), and the guest's own sets last.
func (c *hostSpecCred) apply() error {
	step := func(name string, e syscall.Errno) error {
		if e != 0 {
			return &hostShimError{Step: name, Err: e}
		}
		return nil
	}
	prm, e := capPermitted()
	if err := step("capget", e); err != nil {
		return err
	}
	if err := step("capset inheritable", capset(c.Inh, prm, prm)); err != nil {
		return err
	}
	if _, _, e := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_SET_KEEPCAPS, 1, 0, 0, 0, 0); e != 0 {
		return step("keepcaps", e)
	}
	// Each id call is made only for a change: a user namespace that
	// denies setgroups (unshare --map-root-user) refuses even the same
	// groups.
	if !sameGroups(c.Groups) {
		var gp unsafe.Pointer
		if len(c.Groups) > 0 {
			gp = unsafe.Pointer(&c.Groups[0])
		}
		if _, _, e := unix.RawSyscall(unix.SYS_SETGROUPS, uintptr(len(c.Groups)), uintptr(gp), 0); e != 0 {
			return step("setgroups", e)
		}
	}
	if r, e, sv := unix.Getresgid(); [3]uint32{uint32(r), uint32(e), uint32(sv)} != c.Gid {
		if _, _, e := unix.RawSyscall(unix.SYS_SETRESGID, uintptr(c.Gid[0]), uintptr(c.Gid[1]), uintptr(c.Gid[2])); e != 0 {
			return step("setresgid", e)
		}
	}
	if r, e, sv := unix.Getresuid(); [3]uint32{uint32(r), uint32(e), uint32(sv)} != c.Uid {
		if _, _, e := unix.RawSyscall(unix.SYS_SETRESUID, uintptr(c.Uid[0]), uintptr(c.Uid[1]), uintptr(c.Uid[2])); e != 0 {
			return step("setresuid", e)
		}
	}
	if err := step("capset runner's", capset(c.Inh, prm, prm)); err != nil {
		return err
	}
	if _, _, e := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0, 0); e != 0 {
		return step("clear ambient", e)
	}
	for n := 0; n < 64; n++ {
		if c.Amb&(1<<n) != 0 {
			if _, _, e := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_RAISE, uintptr(n), 0, 0, 0); e != 0 {
				return step("raise ambient "+strconv.Itoa(n), e)
			}
		}
	}
	for n := 0; n < 64; n++ {
		in, _, e := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_CAPBSET_READ, uintptr(n), 0, 0, 0, 0)
		if e != 0 {
			break // beyond the host's last capability
		}
		if in == 1 && c.Bnd&(1<<n) == 0 {
			if _, _, e := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_CAPBSET_DROP, uintptr(n), 0, 0, 0, 0); e != 0 {
				return step("drop bounding "+strconv.Itoa(n), e)
			}
		}
	}
	if _, _, e := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_SET_SECUREBITS, uintptr(c.Securebits), 0, 0, 0, 0); e != 0 {
		return step("securebits", e)
	}
	return step("capset guest's", capset(c.Inh, c.Prm, c.Eff))
}

// sameGroups reports whether the calling host thread's supplementary
// groups are groups (sorted, as a guest's).
func sameGroups(groups []uint32) bool {
	cur, err := unix.Getgroups()
	if err != nil || len(cur) != len(groups) {
		return false
	}
	slices.Sort(cur)
	for i, g := range cur {
		if uint32(g) != groups[i] {
			return false
		}
	}
	return true
}

// exec gives the calling host thread the guest's signal actions and mask
// and executes the program; it returns only when that failed.
func (s *hostSpec) exec() error {
	argv, err := syscall.SlicePtrFromStrings(s.Argv)
	if err != nil {
		return err
	}
	envv, err := syscall.SlicePtrFromStrings(s.Env)
	if err != nil {
		return err
	}
	path, err := syscall.BytePtrFromString(s.Path)
	if err != nil {
		return err
	}
	// The guest's limits, as execve keeps them, set with the guest's
	// credentials (Cred.apply): one it could not have raised is lowered
	// to what the host allows.
	for _, r := range s.Rlimits {
		rl := unix.Rlimit{Cur: r.Cur, Max: r.Max}
		if _, _, e := unix.RawSyscall6(unix.SYS_PRLIMIT64, 0, uintptr(r.Res), uintptr(unsafe.Pointer(&rl)), 0, 0, 0); e == unix.EPERM {
			var h unix.Rlimit
			if _, _, e := unix.RawSyscall6(unix.SYS_PRLIMIT64, 0, uintptr(r.Res), 0, uintptr(unsafe.Pointer(&h)), 0, 0); e == 0 {
				rl.Cur, rl.Max = min(rl.Cur, h.Max), min(rl.Max, h.Max)
				unix.RawSyscall6(unix.SYS_PRLIMIT64, 0, uintptr(r.Res), uintptr(unsafe.Pointer(&rl)), 0, 0, 0)
			}
		}
	}
	if s.Signals {
		for sig := 1; sig <= abi.NSIG; sig++ {
			if sig == abi.SIGKILL || sig == abi.SIGSTOP {
				continue
			}
			// The kernel's struct sigaction with only its handler set:
			// SIG_DFL (0) or SIG_IGN (1), whatever the layout of the rest.
			var act struct {
				handler uintptr
				rest    [4]uint64
			}
			if s.Ignored&sigBit(sig) != 0 {
				act.handler = 1
			}
			unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), 0, 8, 0, 0)
		}
		mask := s.Mask &^ unblockable
		unix.RawSyscall6(unix.SYS_RT_SIGPROCMASK, unix.SIG_SETMASK, uintptr(unsafe.Pointer(&mask)), 0, 8, 0, 0)
	}
	_, _, e := unix.RawSyscall(unix.SYS_EXECVE, uintptr(unsafe.Pointer(path)), uintptr(unsafe.Pointer(&argv[0])), uintptr(unsafe.Pointer(&envv[0])))
	if s.Signals {
		// Not executed: the shim reports and exits with the runner's
		// mask (the guest's could block a signal that ends it).
		var none uint64
		unix.RawSyscall6(unix.SYS_RT_SIGPROCMASK, unix.SIG_SETMASK, uintptr(unsafe.Pointer(&none)), 0, 8, 0, 0)
	}
	return e
}

// startHost starts the program spec describes for t (execHost) with
// host descriptors files (numbered as the guest numbers them) through
// the shim, completing spec from t's process and thread, and returns its
// host pid once it has executed the program, or the errno the guest's
// execve returns.
func (t *Thread) startHost(spec *hostSpec, files []uintptr) (int, int) {
	h := t.p.hostCred
	for fd := 0; fd < 3; fd++ {
		if files[fd] == ^uintptr(0) {
			spec.Closed = append(spec.Closed, fd)
		}
	}
	privileged := h != nil && (h.capable(unix.CAP_SYS_ADMIN) || h.switchable())
	if h != nil && h.capable(unix.CAP_SYS_ADMIN) {
		spec.Confine = true
		node, domain := t.p.uts.get(utsNode), t.p.uts.get(utsDomain)
		spec.Node, spec.Domain = bytes.TrimRight(node[:abi.NewUtsLen], "\x00"), bytes.TrimRight(domain[:abi.NewUtsLen], "\x00")
	}
	if h != nil && h.switchable() {
		c := t.cred
		spec.Cred = &hostSpecCred{
			Uid: [3]uint32{c.uid.r, c.uid.e, c.uid.s}, Gid: [3]uint32{c.gid.r, c.gid.e, c.gid.s},
			Groups: c.groups, Inh: c.capInh, Prm: c.capPrm, Eff: c.capEff, Bnd: c.capBnd, Amb: c.capAmb,
			Securebits: c.securebits,
		}
	}
	spec.NoNewPrivs = t.cred.noNewPrivs
	spec.Rlimits = t.hostRlimits()
	if hostMachine() != elf.EM_MIPS { // the MIPS family numbers signals otherwise
		spec.Signals, spec.Mask = true, t.mask
		for sig := 1; sig <= abi.NSIG; sig++ {
			if t.sighand.actions[sig].handler == abi.SIG_IGN {
				spec.Ignored |= sigBit(sig)
			}
		}
	}
	exe, err := shimExecutable()
	if err != nil {
		if privileged {
			return 0, abi.EACCES // not started unconfined
		}
		return t.startDirect(spec, files)
	}
	specFD, err := unix.MemfdCreate("ppc64emu-hostexec", unix.MFD_CLOEXEC)
	if err != nil {
		return 0, errnoOf(err)
	}
	defer unix.Close(specFD)
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(spec); err != nil {
		return 0, abi.EIO
	}
	for b := buf.Bytes(); len(b) > 0; {
		n, err := unix.Write(specFD, b)
		if err != nil {
			return 0, errnoOf(err)
		}
		b = b[n:]
	}
	if _, err := unix.Seek(specFD, 0, 0); err != nil {
		return 0, errnoOf(err)
	}
	var pipe [2]int
	if err := unix.Pipe2(pipe[:], unix.O_CLOEXEC); err != nil {
		return 0, errnoOf(err)
	}
	defer unix.Close(pipe[0])
	n := len(files)
	files = append(files[:n:n], uintptr(specFD), uintptr(pipe[1]))
	var pid int
	// Started from the runner's credentials (the child inherits the host
	// thread's, hostcred.go); the shim gives the program the guest's.
	t.asRunner(func() {
		pid, err = syscall.ForkExec(exe, []string{hostShimArg0}, &syscall.ProcAttr{
			Env:   []string{hostShimEnv + "=" + strconv.Itoa(n)},
			Files: files,
		})
	})
	unix.Close(pipe[1])
	if err != nil {
		if privileged {
			return 0, abi.EACCES
		}
		return 0, errnoOf(err)
	}
	var word [4]byte
	got := 0
	for got < len(word) {
		m, err := unix.Read(pipe[0], word[got:])
		if err == unix.EINTR {
			continue
		}
		if err != nil || m == 0 {
			break
		}
		got += m
	}
	if got == 0 {
		return pid, 0 // executed: the pipe closed with the exec
	}
	var ws unix.WaitStatus
	for {
		if _, err := unix.Wait4(pid, &ws, 0, nil); err != unix.EINTR {
			break
		}
	}
	w := binary.NativeEndian.Uint32(word[:])
	switch {
	case got < len(word):
		return 0, abi.EIO
	case w&hostShimFailed != 0:
		if privileged {
			return 0, abi.EACCES // refused rather than run unconfined
		}
		return 0, int(w &^ hostShimFailed)
	case w == 0:
		return 0, abi.EIO
	}
	return 0, int(w)
}

// shimExecutable is the path the runner's shim is executed by:
// /proc/self/exe, which the child that executes it resolves to the
// runner's own file even when its path is not reachable (the runner
// started by binfmt_misc's F flag for a guest in a chroot) or names
// another file now (the runner rebuilt during the run); else the
// executable's path.
func shimExecutable() (string, error) {
	const self = "/proc/self/exe"
	if unix.Access(self, unix.X_OK) == nil {
		return self, nil
	}
	return os.Executable()
}

// startDirect starts the program spec describes without the shim (a
// runner without privileges whose executable is gone): as the runner's
// own child with the guest's descriptors and working directory, nothing
// more of the guest's.
func (t *Thread) startDirect(spec *hostSpec, files []uintptr) (int, int) {
	attr := &syscall.SysProcAttr{Chroot: spec.Root}
	var pid int
	var err error
	t.asRunner(func() {
		pid, err = syscall.ForkExec(spec.Path, spec.Argv, &syscall.ProcAttr{Dir: spec.Dir, Env: spec.Env, Files: files, Sys: attr})
	})
	return pid, errnoOf(err)
}
