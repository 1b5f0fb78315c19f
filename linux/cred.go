//go:build linux

package linux

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/linux/loader"
)

// Credentials of guest threads. Linux keeps them per thread (struct cred):
// real, effective, saved and file-system user and group ids, the
// supplementary groups and the capability sets. qemu-user passes the set*id
// calls to the host, so as root a guest setuid changes the host thread's
// credentials; the runner cannot, since several guest processes and threads
// share its one Go process, whose threads Go's scheduler moves goroutines
// between. So each guest thread carries virtual credentials, started from
// the runner's host ones, changed by the set*id, setgroups and capset calls
// under the rules of Linux's kernel/sys.c, kernel/groups.c,
// kernel/capability.c and security/commoncap.c, copied by clone (fork and
// new threads alike), recomputed by execve (set-user-ID and set-group-ID
// bits when the runner is root and the mount is not nosuid, unless
// PR_SET_NO_NEW_PRIVS; the saved and file-system ids reset; the
// capabilities as for a program without file capabilities, with the
// ambient set and the securebits; AT_SECURE), and reported by the get*id
// calls, capget, prctl, /proc/PID/status and the si_uid of the signals a
// thread sends.
//
// The host process's real, effective and saved ids never change, so a
// guest never gets more than the user running it has. Under a root runner
// the host thread running a guest thread carries its file-system ids,
// groups and effective capabilities (hostcred.go), so the host kernel
// checks its file operations as Linux checks the guest's. access,
// faccessat and faccessat2 also check the real ids (the file's mode bits,
// owner and group, as Linux's generic_permission without ACLs), and kill
// between guest processes checks the ids. A host program the guest
// executes (hostexec.go) is started with the guest's credentials in full
// when the runner is root (hostshim.go), and with its no_new_privs
// always, so a set-user-ID host program gains nothing.

// capFSMask are the capabilities a file-system id change from or to 0
// drops or raises (CAP_FS_MASK of include/linux/capability.h).
const capFSMask = 1<<unix.CAP_CHOWN | 1<<unix.CAP_MKNOD | 1<<unix.CAP_DAC_OVERRIDE | 1<<unix.CAP_DAC_READ_SEARCH |
	1<<unix.CAP_FOWNER | 1<<unix.CAP_FSETID | 1<<unix.CAP_MAC_OVERRIDE

// ngroupsMax is NGROUPS_MAX: the most supplementary groups.
const ngroupsMax = 65536

// noID is (uid_t)-1 and (gid_t)-1: "unchanged" for setre*id and setres*id,
// invalid elsewhere.
const noID = ^uint32(0)

// ids are the real, effective, saved and file-system ids of one kind.
type ids struct{ r, e, s, fs uint32 }

// cred is a thread's credentials. A cred is never changed once made: a
// call that changes credentials gives the thread a new one (as Linux's
// prepare_creds/commit_creds), so threads and processes share it freely.
type cred struct {
	uid, gid                       ids
	groups                         []uint32 // sorted
	capInh, capPrm, capEff, capBnd uint64
	capAmb                         uint64
	securebits                     uint32 // abi.SECURE_* (prctl PR_SET_SECUREBITS, PR_SET_KEEPCAPS)
	// noNewPrivs is prctl PR_SET_NO_NEW_PRIVS: a task flag in Linux, not
	// a credential, but like them the calling thread's, copied by clone
	// and kept by execve; it is never cleared.
	noNewPrivs bool
}

// secure reports whether securebit bit is set.
func (c *cred) secure(bit uint32) bool { return c.securebits&bit != 0 }

// hostCred reads the runner's own credentials: the first guest thread's.
// They are read on one host thread (locked for the reads) and from that
// thread's /proc entry: the runner gives a host thread a guest thread's
// file-system ids, groups and effective capabilities while that guest
// thread runs on it (hostcred.go), and that thread may be the process's
// main one, whose entry /proc/self/status is — a second run in the same
// process (a library user's, a test binary's) read such a guest's
// capabilities there as the runner's. A thread not locked to a guest
// thread carries the runner's own.
func hostCred() *cred {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c := &cred{}
	r, e, s := unix.Getresuid()
	c.uid = ids{uint32(r), uint32(e), uint32(s), uint32(e)}
	r, e, s = unix.Getresgid()
	c.gid = ids{uint32(r), uint32(e), uint32(s), uint32(e)}
	if gs, err := unix.Getgroups(); err == nil {
		for _, g := range gs {
			c.groups = append(c.groups, uint32(g))
		}
		slices.Sort(c.groups)
	}
	status, _ := os.ReadFile("/proc/thread-self/status")
	for _, line := range strings.Split(string(status), "\n") {
		key, val, _ := strings.Cut(line, ":\t")
		v, err := strconv.ParseUint(val, 16, 64)
		if err != nil {
			continue
		}
		switch key {
		case "CapInh":
			c.capInh = v
		case "CapPrm":
			c.capPrm = v
		case "CapEff":
			c.capEff = v
		case "CapBnd":
			c.capBnd = v
		case "CapAmb":
			c.capAmb = v
		}
	}
	return c
}

// SecureExec reports the runner's own AT_SECURE (the auxiliary vector
// the kernel gave it, kept by Go's runtime; /proc/self/auxv is not
// readable by a set-user-ID process): whether it was started
// privilege-elevated (a set-user-ID program run through binfmt_misc with
// the C flag), which the first guest program inherits (Start).
func SecureExec() bool {
	aux, err := unix.Auxv()
	if err != nil {
		return false
	}
	for _, kv := range aux {
		if kv[0] == loader.AT_SECURE {
			return kv[1] != 0
		}
	}
	return false
}

// capable reports whether the thread has capability n in its effective
// set.
func (c *cred) capable(n int) bool { return c.capEff&(1<<n) != 0 }

// clone returns a copy of c to change.
func (c *cred) clone() *cred {
	n := *c
	n.groups = slices.Clone(c.groups)
	return &n
}

// fixSetuid adjusts the capabilities of n after a change of user ids
// from old (security/commoncap.c, cap_task_fix_setuid): fs says only
// the file-system id changed.
func (n *cred) fixSetuid(old *cred, fs bool) {
	if old.secure(abi.SECURE_NO_SETUID_FIXUP) {
		return
	}
	if fs {
		switch {
		case old.uid.fs == 0 && n.uid.fs != 0:
			n.capEff &^= capFSMask
		case old.uid.fs != 0 && n.uid.fs == 0:
			n.capEff |= n.capPrm & capFSMask
		}
		return
	}
	wasRoot := old.uid.r == 0 || old.uid.e == 0 || old.uid.s == 0
	isRoot := n.uid.r == 0 || n.uid.e == 0 || n.uid.s == 0
	if wasRoot && !isRoot {
		if !old.secure(abi.SECURE_KEEP_CAPS) {
			n.capPrm, n.capEff = 0, 0
		}
		n.capAmb = 0
	}
	switch {
	case old.uid.e == 0 && n.uid.e != 0:
		n.capEff = 0
	case old.uid.e != 0 && n.uid.e == 0:
		n.capEff = n.capPrm
	}
}

// execFile is what execve's new credentials take from the program file:
// its set-user-ID and set-group-ID bits with its owner and group, when
// they count (setid: fs/exec.c's bprm_fill_uid, for a file on a mount
// without nosuid, and a root runner; see Process.execFile).
type execFile struct {
	setid    bool
	mode     uint32
	uid, gid uint32
}

// execve returns the credentials after an execve of program f, which has
// no file capabilities, and whether the exec is privilege-elevated
// (AT_SECURE), as fs/exec.c's bprm_fill_uid and security/commoncap.c's
// cap_bprm_creds_from_file: the effective user id becomes the file's
// owner for a set-user-ID file, the effective group its group for a
// set-group-ID one that group members may execute (neither under
// PR_SET_NO_NEW_PRIVS); root (real or effective, unless SECURE_NOROOT)
// gets the bounding and inheritable sets as permitted, effective when its
// effective id is 0; under no_new_privs a change of ids (the new effective
// id not the old real one) or of permitted capabilities is undone (the
// effective ids become the real ones, the permitted set at most the old);
// the saved and file-system ids become the effective ones; a change of
// ids clears the ambient set, which joins the permitted set and is the
// effective one otherwise; SECURE_KEEP_CAPS is cleared.
func (c *cred) execve(f execFile) (*cred, bool) {
	n := c.clone()
	if f.setid && !c.noNewPrivs {
		if f.mode&unix.S_ISUID != 0 {
			n.uid.e = f.uid
		}
		if f.mode&(unix.S_ISGID|unix.S_IXGRP) == unix.S_ISGID|unix.S_IXGRP {
			n.gid.e = f.gid
		}
	}
	n.capPrm = 0
	effective := false
	if !c.secure(abi.SECURE_NOROOT) {
		if n.uid.e == 0 || n.uid.r == 0 {
			n.capPrm = c.capBnd | c.capInh
		}
		effective = n.uid.e == 0
	}
	isSetid := n.uid.e != c.uid.r || n.gid.e != c.gid.r
	if (isSetid || n.capPrm&^c.capPrm != 0) && c.noNewPrivs {
		n.uid.e, n.gid.e = n.uid.r, n.gid.r
		n.capPrm &= c.capPrm
	}
	n.uid.s, n.uid.fs = n.uid.e, n.uid.e
	n.gid.s, n.gid.fs = n.gid.e, n.gid.e
	if isSetid {
		n.capAmb = 0
	}
	n.capPrm |= n.capAmb
	n.capEff = n.capAmb
	if effective {
		n.capEff = n.capPrm
	}
	n.securebits &^= abi.SECURE_KEEP_CAPS
	secure := isSetid || n.uid.r != 0 && (effective || n.capPrm&^n.capAmb != 0)
	return n, secure
}

// idKind selects the user or the group ids of a cred, with the
// capability that lets a thread set them freely.
type idKind struct {
	of  func(*cred) *ids
	cap int
	uid bool // user ids: capabilities follow (fixSetuid)
}

var (
	uidKind = idKind{func(c *cred) *ids { return &c.uid }, unix.CAP_SETUID, true}
	gidKind = idKind{func(c *cred) *ids { return &c.gid }, unix.CAP_SETGID, false}
)

// idRange is a line of a user namespace's uid_map or gid_map: count ids
// from first (the ids inside the namespace).
type idRange struct{ first, count uint64 }

// nsIDs are the runner's user namespace's uid_map and gid_map
// (/proc/self/uid_map and gid_map): Linux maps a guest's id into a kernel
// id with them (make_kuid, make_kgid), and an id outside them is not a
// valid id (uid_valid): the set*id calls answer EINVAL, setfs*id leaves
// the id alone. In the initial namespace ("0 0 4294967295") that is
// (uid_t)-1 only. A map that cannot be read counts as the initial one.
var nsIDs = sync.OnceValue(func() [2][]idRange {
	var m [2][]idRange
	for i, f := range []string{"/proc/self/uid_map", "/proc/self/gid_map"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for line := range strings.Lines(string(b)) {
			var in, out, n uint64
			if _, err := fmt.Sscan(line, &in, &out, &n); err == nil {
				m[i] = append(m[i], idRange{in, n})
			}
		}
	}
	return m
})

// valid reports whether id is an id of k's kind in the runner's user
// namespace.
func (k idKind) valid(id uint32) bool {
	if id == noID {
		return false
	}
	m := nsIDs()[1]
	if k.uid {
		m = nsIDs()[0]
	}
	if m == nil {
		return true
	}
	for _, r := range m {
		if uint64(id) >= r.first && uint64(id)-r.first < r.count {
			return true
		}
	}
	return false
}

// commit gives t the credentials n made from old by a change of k's ids.
func (t *Thread) commit(k idKind, old, n *cred, fs bool) {
	if k.uid {
		n.fixSetuid(old, fs)
	}
	t.setCred(n)
}

// setCred gives t the credentials n, and its host thread their
// file-system part (hostcred.go). A change of the effective or
// file-system ids, or permitted capabilities that are not a subset of the
// old ones, makes the process's dumpable flag the host's suid_dumpable,
// as Linux's commit_creds.
func (t *Thread) setCred(n *cred) {
	o := t.cred
	if o != nil && (o.uid.e != n.uid.e || o.gid.e != n.gid.e || o.uid.fs != n.uid.fs || o.gid.fs != n.gid.fs ||
		n.capPrm&^o.capPrm != 0) {
		t.mm.dumpable = suidDumpable()
		t.pdeathSig = 0
	}
	t.cred = n
	t.syncHostCred()
}

// SUID_DUMP_USER, PR_SET_DUMPABLE's one value other than 0 (uapi
// linux/sched/coredump.h; 2 only comes from fs.suid_dumpable).
const suidDumpUser = 1

// suidDumpable is the host's fs.suid_dumpable (0 if it cannot be read),
// what a process whose credentials changed gets as its dumpable flag.
func suidDumpable() int {
	b, err := os.ReadFile("/proc/sys/fs/suid_dumpable")
	if err != nil {
		return 0
	}
	n, err := strconv.Atoi(string(bytes.TrimSpace(b)))
	if err != nil {
		return 0
	}
	return n
}

// setID is setuid and setgid (kernel/sys.c, __sys_setuid): with the
// capability all four ids, else the effective and file-system ones if id
// is the real or saved one; (uid_t)-1, or an id the user namespace does
// not map, is EINVAL.
func setID(t *Thread, k idKind, id uint32) (uint64, int) {
	if !k.valid(id) {
		return 0, abi.EINVAL
	}
	old := t.cred
	n := old.clone()
	o, x := k.of(old), k.of(n)
	switch {
	case old.capable(k.cap):
		x.r, x.s = id, id
	case id != o.r && id != o.s:
		return 0, abi.EPERM
	}
	x.e, x.fs = id, id
	t.commit(k, old, n, false)
	return 0, 0
}

// setreID is setreuid and setregid: the real id may become the effective
// one, the effective id the real, effective or saved one; the saved id
// follows the effective one when the real one is set or the effective
// one set to another than the real one. An id the user namespace does
// not map is EINVAL, before the permission checks.
func setreID(t *Thread, k idKind, r, e uint32) (uint64, int) {
	if r != noID && !k.valid(r) || e != noID && !k.valid(e) {
		return 0, abi.EINVAL
	}
	old := t.cred
	n := old.clone()
	o, x := k.of(old), k.of(n)
	free := old.capable(k.cap)
	if r != noID {
		if r != o.r && r != o.e && !free {
			return 0, abi.EPERM
		}
		x.r = r
	}
	if e != noID {
		if e != o.r && e != o.e && e != o.s && !free {
			return 0, abi.EPERM
		}
		x.e = e
	}
	if r != noID || e != noID && e != o.r {
		x.s = x.e
	}
	x.fs = x.e
	t.commit(k, old, n, false)
	return 0, 0
}

// setresID is setresuid and setresgid: without the capability each id
// given must be one of the three current ones. An id the user namespace
// does not map is EINVAL, first.
func setresID(t *Thread, k idKind, r, e, s uint32) (uint64, int) {
	for _, v := range []uint32{r, e, s} {
		if v != noID && !k.valid(v) {
			return 0, abi.EINVAL
		}
	}
	old := t.cred
	o := k.of(old)
	// Nothing to change: nothing done, not even the file-system id set
	// (kernel/sys.c of current kernels).
	if (r == noID || r == o.r) && (e == noID || e == o.e && e == o.fs) && (s == noID || s == o.s) {
		return 0, 0
	}
	allowed := func(v uint32) bool { return v == noID || v == o.r || v == o.e || v == o.s }
	if !old.capable(k.cap) && !(allowed(r) && allowed(e) && allowed(s)) {
		return 0, abi.EPERM
	}
	n := old.clone()
	x := k.of(n)
	for _, f := range []struct {
		v   uint32
		dst *uint32
	}{{r, &x.r}, {e, &x.e}, {s, &x.s}} {
		if f.v != noID {
			*f.dst = f.v
		}
	}
	x.fs = x.e
	t.commit(k, old, n, false)
	return 0, 0
}

// setfsID is setfsuid and setfsgid: the old file-system id, always; the
// id changes if it is one of the real, effective, saved or file-system
// ones, or with the capability ((uid_t)-1 or an id the user namespace
// does not map never).
func setfsID(t *Thread, k idKind, id uint32) (uint64, int) {
	old := t.cred
	o := k.of(old)
	prev := o.fs
	if k.valid(id) && id != o.fs && (id == o.r || id == o.e || id == o.s || old.capable(k.cap)) {
		n := old.clone()
		k.of(n).fs = id
		t.commit(k, old, n, true)
	}
	return uint64(prev), 0
}

func sysGetuid(t *Thread, a *sysArgs) (uint64, int)  { return uint64(t.cred.uid.r), 0 }
func sysGeteuid(t *Thread, a *sysArgs) (uint64, int) { return uint64(t.cred.uid.e), 0 }
func sysGetgid(t *Thread, a *sysArgs) (uint64, int)  { return uint64(t.cred.gid.r), 0 }
func sysGetegid(t *Thread, a *sysArgs) (uint64, int) { return uint64(t.cred.gid.e), 0 }

func sysSetuid(t *Thread, a *sysArgs) (uint64, int) { return setID(t, uidKind, a.Uint(0)) }
func sysSetgid(t *Thread, a *sysArgs) (uint64, int) { return setID(t, gidKind, a.Uint(0)) }
func sysSetreuid(t *Thread, a *sysArgs) (uint64, int) {
	return setreID(t, uidKind, a.Uint(0), a.Uint(1))
}
func sysSetregid(t *Thread, a *sysArgs) (uint64, int) {
	return setreID(t, gidKind, a.Uint(0), a.Uint(1))
}
func sysSetresuid(t *Thread, a *sysArgs) (uint64, int) {
	return setresID(t, uidKind, a.Uint(0), a.Uint(1), a.Uint(2))
}
func sysSetresgid(t *Thread, a *sysArgs) (uint64, int) {
	return setresID(t, gidKind, a.Uint(0), a.Uint(1), a.Uint(2))
}
func sysSetfsuid(t *Thread, a *sysArgs) (uint64, int) { return setfsID(t, uidKind, a.Uint(0)) }
func sysSetfsgid(t *Thread, a *sysArgs) (uint64, int) { return setfsID(t, gidKind, a.Uint(0)) }

func sysGetresuid(t *Thread, a *sysArgs) (uint64, int) { return getresID(t, a, t.cred.uid) }
func sysGetresgid(t *Thread, a *sysArgs) (uint64, int) { return getresID(t, a, t.cred.gid) }

// getresID stores the real, effective and saved ids at the three
// pointers.
func getresID(t *Thread, a *sysArgs, x ids) (uint64, int) {
	for i, v := range []uint32{x.r, x.e, x.s} {
		if e := t.put32(a.Ptr(i), v); e != 0 {
			return 0, e
		}
	}
	return 0, 0
}

// sysGetgroups is getgroups (kernel/groups.c): the number of
// supplementary groups, and them if the buffer holds them all (a size of
// 0 asks for the number only; a smaller one is EINVAL).
func sysGetgroups(t *Thread, a *sysArgs) (uint64, int) {
	gs := t.cred.groups
	n := a.Int(0)
	switch {
	case n < 0:
		return 0, abi.EINVAL
	case n == 0:
		return uint64(len(gs)), 0
	case n < len(gs):
		return 0, abi.EINVAL
	}
	return uint64(len(gs)), putStructs(t, a.Ptr(1), gs, abi.Uint32Layout)
}

// sysSetgroups is setgroups (kernel/groups.c): EPERM without CAP_SETGID
// or in a user namespace that denies setgroups,
// then EINVAL for a negative count or more than NGROUPS_MAX, then EFAULT
// or EINVAL for a group (gid_t)-1 or one the user namespace does not
// map; the list is kept sorted. (qemu-user
// 7.2 checks the count and copies the list before the host's call, so
// for a user without CAP_SETGID it answers EINVAL and EFAULT where Linux
// answers EPERM.)
func sysSetgroups(t *Thread, a *sysArgs) (uint64, int) {
	n := a.Int(0)
	if !t.cred.capable(unix.CAP_SETGID) || setgroupsDenied() {
		return 0, abi.EPERM
	}
	if n < 0 || n > ngroupsMax {
		return 0, abi.EINVAL
	}
	gs, e := getStructs(t, a.Ptr(1), n, abi.Uint32Layout)
	if e != 0 {
		return 0, e
	}
	if slices.ContainsFunc(gs, func(g uint32) bool { return !gidKind.valid(g) }) {
		return 0, abi.EINVAL
	}
	slices.Sort(gs)
	c := t.cred.clone()
	c.groups = gs
	t.setCred(c)
	return 0, 0
}

// setgroupsDenied reports whether the runner's user namespace denies
// setgroups (/proc/self/setgroups "deny", as `unshare --map-root-user`
// leaves it): Linux's may_setgroups then answers EPERM whatever the
// capabilities.
var setgroupsDenied = sync.OnceValue(func() bool {
	b, err := os.ReadFile("/proc/self/setgroups")
	return err == nil && strings.TrimSpace(string(b)) == "deny"
})

// capHeader reads a capget/capset header: the number of 32-bit words of
// each set the version has and the pid. An unknown version is EINVAL,
// with the preferred version written back (cap_validate_magic).
func capHeader(t *Thread, hdr uint64) (words int, pid int, errno int) {
	v, e := t.get32(hdr)
	if e != 0 {
		return 0, 0, e
	}
	switch v {
	case unix.LINUX_CAPABILITY_VERSION_1:
		words = 1
	case unix.LINUX_CAPABILITY_VERSION_2, unix.LINUX_CAPABILITY_VERSION_3:
		words = 2
	default:
		if e := t.put32(hdr, unix.LINUX_CAPABILITY_VERSION_3); e != 0 {
			return 0, 0, e
		}
		return 0, 0, abi.EINVAL
	}
	p, e := t.get32(hdr + 4)
	return words, int(int32(p)), e
}

// sysCapget is capget: the effective, permitted and inheritable sets of
// the calling thread (pid 0 or its own id) or of another guest thread, as
// words of {effective, permitted, inheritable}; a NULL data pointer only
// checks the version (0 for an unknown one).
func sysCapget(t *Thread, a *sysArgs) (uint64, int) {
	words, pid, e := capHeader(t, a.Ptr(0))
	if a.Ptr(1) == 0 {
		if e == abi.EINVAL {
			return 0, 0
		}
		return 0, e
	}
	if e != 0 {
		return 0, e
	}
	if pid < 0 {
		return 0, abi.EINVAL
	}
	c := t.cred
	if pid != 0 && pid != t.tid {
		u := t.p.guestThread(pid)
		if u == nil {
			return 0, abi.ESRCH
		}
		c = u.cred
	}
	d := make([]abi.CapUserData, words)
	for w := range d {
		sh := 32 * w
		d[w] = abi.CapUserData{Effective: uint32(c.capEff >> sh), Permitted: uint32(c.capPrm >> sh), Inheritable: uint32(c.capInh >> sh)}
	}
	return 0, putStructs(t, a.Ptr(1), d, abi.CapUserDataLayout)
}

// sysCapset is capset on the calling thread (another pid is EPERM): the
// new inheritable set within the old inheritable and permitted ones
// (without CAP_SETPCAP) and the bounding set, the permitted set within
// the old one, the effective within the new permitted (cap_capset).
func sysCapset(t *Thread, a *sysArgs) (uint64, int) {
	words, pid, e := capHeader(t, a.Ptr(0))
	if e != 0 {
		return 0, e
	}
	if pid != 0 && pid != t.tid {
		return 0, abi.EPERM
	}
	d, e := getStructs(t, a.Ptr(1), words, abi.CapUserDataLayout)
	if e != 0 {
		return 0, e
	}
	var eff, prm, inh uint64
	for w, x := range d {
		sh := 32 * w
		eff |= uint64(x.Effective) << sh
		prm |= uint64(x.Permitted) << sh
		inh |= uint64(x.Inheritable) << sh
	}
	old := t.cred
	subset := func(x, of uint64) bool { return x&^of == 0 }
	if !old.capable(unix.CAP_SETPCAP) && !subset(inh, old.capInh|old.capPrm) ||
		!subset(inh, old.capInh|old.capBnd) || !subset(prm, old.capPrm) || !subset(eff, prm) {
		return 0, abi.EPERM
	}
	n := old.clone()
	n.capEff, n.capPrm, n.capInh = eff, prm, inh
	n.capAmb &= prm & inh
	t.setCred(n)
	return 0, 0
}

// guestThread returns the guest thread with id tid, nil if none.
func (p *Process) guestThread(tid int) *Thread {
	for _, g := range p.groups {
		if u := g.threads[tid]; u != nil {
			return u
		}
	}
	return nil
}

// prctlCred answers the prctl options of credentials (uapi linux/prctl.h
// through x/sys) as security/commoncap.c's cap_task_prctl and
// kernel/sys.c: the bounding set (PR_CAPBSET_READ, PR_CAPBSET_DROP with
// CAP_SETPCAP), the securebits (PR_GET/SET_SECUREBITS: no change of a
// locked bit, no unlocking, only known bits, and CAP_SETPCAP;
// PR_GET/SET_KEEPCAPS), the ambient set (PR_CAP_AMBIENT: raise only what
// is permitted and inheritable and not SECURE_NO_CAP_AMBIENT_RAISE) and
// no_new_privs (PR_SET/GET_NO_NEW_PRIVS, with the unused arguments 0); ok
// is false for another option.
func prctlCred(t *Thread, a *sysArgs) (r uint64, errno int, ok bool) {
	c := t.cred
	validCap := func(n uint64) bool { return n <= lastCap() }
	change := func(f func(n *cred)) (uint64, int, bool) {
		n := c.clone()
		f(n)
		t.setCred(n)
		return 0, 0, true
	}
	arg := a.Ulong
	switch a.Uint(0) { // option is an int
	case unix.PR_CAPBSET_READ:
		if !validCap(arg(1)) {
			return 0, abi.EINVAL, true
		}
		return (c.capBnd >> arg(1)) & 1, 0, true
	case unix.PR_CAPBSET_DROP:
		switch {
		case !c.capable(unix.CAP_SETPCAP):
			return 0, abi.EPERM, true
		case !validCap(arg(1)):
			return 0, abi.EINVAL, true
		}
		return change(func(n *cred) { n.capBnd &^= 1 << arg(1) })
	case unix.PR_GET_SECUREBITS:
		return uint64(c.securebits), 0, true
	case unix.PR_SET_SECUREBITS:
		old, v := uint64(c.securebits), arg(1)
		locks := old & abi.SECURE_ALL_LOCKS
		if locks>>1&(old^v) != 0 || locks&^v != 0 || v&^(abi.SECURE_ALL_LOCKS|abi.SECURE_ALL_BITS) != 0 ||
			!c.capable(unix.CAP_SETPCAP) {
			return 0, abi.EPERM, true
		}
		return change(func(n *cred) { n.securebits = uint32(v) })
	case unix.PR_GET_KEEPCAPS:
		if c.secure(abi.SECURE_KEEP_CAPS) {
			return 1, 0, true
		}
		return 0, 0, true
	case unix.PR_SET_KEEPCAPS:
		switch {
		case arg(1) > 1:
			return 0, abi.EINVAL, true
		case c.secure(abi.SECURE_KEEP_CAPS_LOCKED):
			return 0, abi.EPERM, true
		}
		return change(func(n *cred) {
			n.securebits &^= abi.SECURE_KEEP_CAPS
			if arg(1) == 1 {
				n.securebits |= abi.SECURE_KEEP_CAPS
			}
		})
	case unix.PR_CAP_AMBIENT:
		if arg(1) == unix.PR_CAP_AMBIENT_CLEAR_ALL {
			if arg(2)|arg(3)|arg(4) != 0 {
				return 0, abi.EINVAL, true
			}
			return change(func(n *cred) { n.capAmb = 0 })
		}
		if !validCap(arg(2)) || arg(3)|arg(4) != 0 {
			return 0, abi.EINVAL, true
		}
		bit := uint64(1) << arg(2)
		switch arg(1) {
		case unix.PR_CAP_AMBIENT_IS_SET:
			if c.capAmb&bit != 0 {
				return 1, 0, true
			}
			return 0, 0, true
		case unix.PR_CAP_AMBIENT_RAISE:
			if c.capPrm&bit == 0 || c.capInh&bit == 0 || c.secure(abi.SECURE_NO_CAP_AMBIENT_RAISE) {
				return 0, abi.EPERM, true
			}
			return change(func(n *cred) { n.capAmb |= bit })
		case unix.PR_CAP_AMBIENT_LOWER:
			return change(func(n *cred) { n.capAmb &^= bit })
		}
		return 0, abi.EINVAL, true
	case unix.PR_SET_PDEATHSIG:
		if arg(1) > abi.NSIG {
			return 0, abi.EINVAL, true
		}
		t.pdeathSig = int(arg(1))
		return 0, 0, true
	case unix.PR_GET_PDEATHSIG:
		return 0, t.put32(a.Ptr(1), uint32(t.pdeathSig)), true
	case unix.PR_GET_DUMPABLE:
		return uint64(t.mm.dumpable), 0, true
	case unix.PR_SET_DUMPABLE:
		if arg(1) != 0 && arg(1) != suidDumpUser {
			return 0, abi.EINVAL, true
		}
		t.mm.dumpable = int(arg(1))
		return 0, 0, true
	case unix.PR_SET_NO_NEW_PRIVS:
		if arg(1) != 1 || arg(2)|arg(3)|arg(4) != 0 {
			return 0, abi.EINVAL, true
		}
		return change(func(n *cred) { n.noNewPrivs = true })
	case unix.PR_GET_NO_NEW_PRIVS:
		if arg(1)|arg(2)|arg(3)|arg(4) != 0 {
			return 0, abi.EINVAL, true
		}
		if c.noNewPrivs {
			return 1, 0, true
		}
		return 0, 0, true
	}
	return 0, 0, false
}

// lastCap is the host kernel's highest capability number
// (/proc/sys/kernel/cap_last_cap): the guest runs on that kernel.
func lastCap() uint64 {
	b, err := os.ReadFile("/proc/sys/kernel/cap_last_cap")
	if err != nil {
		return unix.CAP_LAST_CAP
	}
	n, err := strconv.ParseUint(string(bytes.TrimSpace(b)), 10, 64)
	if err != nil {
		return unix.CAP_LAST_CAP
	}
	return n
}

// statusLines are the credential lines of /proc/PID/status for key, as
// fs/proc/array.c writes them; ok is false for another key.
func (c *cred) statusLine(key string) (string, bool) {
	switch key {
	case "Uid":
		return fmt.Sprintf("Uid:\t%d\t%d\t%d\t%d\n", c.uid.r, c.uid.e, c.uid.s, c.uid.fs), true
	case "Gid":
		return fmt.Sprintf("Gid:\t%d\t%d\t%d\t%d\n", c.gid.r, c.gid.e, c.gid.s, c.gid.fs), true
	case "Groups":
		var b strings.Builder
		b.WriteString("Groups:\t")
		for i, g := range c.groups {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.FormatUint(uint64(g), 10))
		}
		b.WriteString(" \n")
		return b.String(), true
	case "NoNewPrivs":
		nnp := 0
		if c.noNewPrivs {
			nnp = 1
		}
		return fmt.Sprintf("NoNewPrivs:\t%d\n", nnp), true
	}
	caps := map[string]uint64{"CapInh": c.capInh, "CapPrm": c.capPrm, "CapEff": c.capEff, "CapBnd": c.capBnd, "CapAmb": c.capAmb}
	if v, ok := caps[key]; ok {
		return fmt.Sprintf("%s:\t%016x\n", key, v), true
	}
	return "", false
}

// accessOK checks access(2)'s mode (R_OK, W_OK, X_OK bits) on the file
// st describes with c's credentials, as Linux's generic_permission
// without ACLs: the effective ids and capabilities with AT_EACCESS, else
// the real ids, with the permitted capabilities for a real id of 0 and
// none otherwise (access_override_creds).
func (c *cred) accessOK(st *unix.Stat_t, mode uint32, eaccess bool) bool {
	uid, gid, caps := c.uid.fs, c.gid.fs, c.capEff
	if !eaccess {
		uid, gid, caps = c.uid.r, c.gid.r, 0
		if uid == 0 {
			caps = c.capPrm
		}
	}
	mode &= unix.R_OK | unix.W_OK | unix.X_OK
	perm := st.Mode & 0o7
	_, inGroups := slices.BinarySearch(c.groups, st.Gid)
	switch {
	case st.Uid == uid:
		perm = st.Mode >> 6 & 0o7
	case st.Gid == gid || inGroups:
		perm = st.Mode >> 3 & 0o7
	}
	if uint32(perm)&mode == mode {
		return true
	}
	dir := st.Mode&unix.S_IFMT == unix.S_IFDIR
	has := func(n int) bool { return caps&(1<<n) != 0 }
	if has(unix.CAP_DAC_OVERRIDE) && (mode&unix.X_OK == 0 || dir || st.Mode&0o111 != 0) {
		return true
	}
	if has(unix.CAP_DAC_READ_SEARCH) && (mode == unix.R_OK || dir && mode&unix.W_OK == 0) {
		return true
	}
	return false
}

// creds are g's credentials: its answering thread's, or those it ended
// with.
func (g *threadGroup) creds() *cred {
	if u := g.anyThread(); u != nil {
		return u.cred
	}
	if g.cred != nil {
		return g.cred
	}
	return hostCred()
}

// hostAttr is how a host helper of the guest thread with credentials c
// (a FIFO opener, fifo.go) is started, for a runner with credentials
// host: with c's effective user and group ids (as real, effective and
// saved ones) and groups when they differ from the runner's and the
// runner may set them (CAP_SETUID and CAP_SETGID); nil (the runner's)
// otherwise. Host programs get the guest's credentials in full through
// their shim (hostshim.go).
func (host *cred) hostAttr(c *cred) *syscall.SysProcAttr {
	if c.uid.e == host.uid.e && c.gid.e == host.gid.e && slices.Equal(c.groups, host.groups) ||
		!host.capable(unix.CAP_SETUID) || !host.capable(unix.CAP_SETGID) {
		return nil
	}
	return &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: c.uid.e, Gid: c.gid.e, Groups: slices.Clone(c.groups)}}
}

// mayKill is Linux's check_kill_permission of a signal from t to a
// thread of process g with credentials c: its own process, the same
// real or effective user id as c's real or saved one, CAP_KILL, or
// SIGCONT within the session; EPERM otherwise.
func (t *Thread) mayKill(g *threadGroup, c *cred, sig int) int {
	s := t.cred
	switch {
	case g == t.group, s.capable(unix.CAP_KILL),
		s.uid.e == c.uid.s || s.uid.e == c.uid.r || s.uid.r == c.uid.s || s.uid.r == c.uid.r,
		sig == abi.SIGCONT && g.sid == t.group.sid:
		return 0
	}
	return abi.EPERM
}

// mayKillHost is mayKill for host process pid (kill, sigqueue): the host
// checks a signal with the runner's credentials, so when t's are not the
// runner's the runner checks them first as check_kill_permission does,
// with the target's real and saved user ids from /proc/PID/status:
// EPERM unless t's real or effective uid is one of them, t has
// CAP_KILL, or the signal is SIGCONT within t's process's session.
// A process the runner cannot read is left to the host (ESRCH).
func (t *Thread) mayKillHost(pid, sig int) int {
	s, h := t.cred, t.p.hostCred
	if h == nil || (s.uid == h.uid && s.capEff == h.capEff) || s.capable(unix.CAP_KILL) {
		return 0
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	var r, e, sv uint32
	found := false
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "Uid:"); ok {
			_, err := fmt.Sscan(rest, &r, &e, &sv)
			found = err == nil
		}
	}
	switch {
	case !found, s.uid.e == sv || s.uid.e == r || s.uid.r == sv || s.uid.r == r:
		return 0
	case sig == abi.SIGCONT:
		if sid, err := unix.Getsid(pid); err == nil && sid == t.group.sid {
			return 0
		}
	}
	return abi.EPERM
}

// faccessat checks access to the host path relative to the host
// descriptor dirfd: the host's answer with the runner's credentials, and
// if the thread's credentials are not the runner's, accessOK's with them
// too (cred.go's introduction).
func (t *Thread) faccessat(dirfd int, path string, mode uint32, flags int) error {
	if err := unix.Faccessat(dirfd, path, mode, flags); err != nil {
		return err
	}
	c, h := t.cred, t.p.hostCred
	if mode != unix.F_OK && !(c.uid == h.uid && c.gid == h.gid && slices.Equal(c.groups, h.groups) && c.capEff == h.capEff && c.capPrm == h.capPrm) {
		var st unix.Stat_t
		if err := unix.Fstatat(dirfd, path, &st, flags&(unix.AT_SYMLINK_NOFOLLOW|unix.AT_EMPTY_PATH)); err != nil {
			return err
		}
		if !c.accessOK(&st, mode, flags&unix.AT_EACCESS != 0) {
			return unix.EACCES
		}
	}
	if mode&unix.W_OK != 0 && (path != "" || flags&unix.AT_EMPTY_PATH != 0) {
		return procSysROErr(dirfd, path, flags&unix.AT_SYMLINK_NOFOLLOW == 0) // the read-only /proc/sys (procsys.go)
	}
	return nil
}
