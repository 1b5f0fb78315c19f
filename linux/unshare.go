//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// unshare(2), as Linux 6.1's ksys_unshare for what the runner has: the
// descriptor table (CLONE_FILES) is copied when another thread or process
// shares it; CLONE_THREAD, CLONE_SIGHAND and CLONE_VM, which Linux does
// not implement, are 0 when there is nothing to unshare and EINVAL
// otherwise, by Linux's checks; CLONE_SYSVSEM lets go of the thread's
// SEM_UNDO list, as exit_sem does: applied if no other thread or process
// holds it, and the thread's next SEM_UNDO operation starts a new one
// (sysvipc.go semUndoList). Namespaces: the runner has
// none to give, so a namespace flag is answered as a kernel built
// without namespaces answers it: CLONE_NEWUSER EINVAL (unshare_userns
// without CONFIG_USER_NS), the others EPERM without CAP_SYS_ADMIN (the
// check comes first in unshare_nsproxy_namespaces) and EINVAL with it
// (create_new_namespaces without the namespace's option). EINVAL is
// what util-linux's unshare and programs that probe for namespaces
// (bubblewrap, browsers' sandboxes) take for "not supported here".
//
// CLONE_FS gives a thread of several its own working directory, root and
// umask (a copy: Thread.ownFS, fs.go), which the threads it then creates
// share, as unshare_fs copies a shared fs_struct; in a single-threaded
// process there is nothing shared to unshare.

// unshareKnown are the flags ksys_unshare accepts (check_unshare_flags).
const unshareKnown = abi.CLONE_THREAD | abi.CLONE_FS | abi.CLONE_NEWNS | abi.CLONE_SIGHAND |
	abi.CLONE_VM | abi.CLONE_FILES | abi.CLONE_SYSVSEM | abi.CLONE_NEWUTS | abi.CLONE_NEWIPC |
	abi.CLONE_NEWNET | abi.CLONE_NEWUSER | abi.CLONE_NEWPID | abi.CLONE_NEWCGROUP | abi.CLONE_NEWTIME

// unshareNamespaces are the namespaces of unshare_nsproxy_namespaces.
const unshareNamespaces = abi.CLONE_NEWNS | abi.CLONE_NEWUTS | abi.CLONE_NEWIPC | abi.CLONE_NEWNET |
	abi.CLONE_NEWPID | abi.CLONE_NEWCGROUP | abi.CLONE_NEWTIME

// unshareFlags widens flags as ksys_unshare does before it checks them: a
// new user namespace unshares the thread group and the file-system
// information, CLONE_VM the signal handlers, CLONE_SIGHAND the thread
// group, a new mount namespace the file-system information.
func unshareFlags(flags uint64) uint64 {
	if flags&abi.CLONE_NEWUSER != 0 {
		flags |= abi.CLONE_THREAD | abi.CLONE_FS
	}
	if flags&abi.CLONE_VM != 0 {
		flags |= abi.CLONE_SIGHAND
	}
	if flags&abi.CLONE_SIGHAND != 0 {
		flags |= abi.CLONE_THREAD
	}
	if flags&abi.CLONE_NEWNS != 0 {
		flags |= abi.CLONE_FS
	}
	return flags
}

func sysUnshare(t *Thread, a *sysArgs) (uint64, int) {
	flags := unshareFlags(a.Ulong(0))
	if flags&^unshareKnown != 0 {
		return 0, abi.EINVAL
	}
	threads := len(t.group.threads) > 1
	if flags&(abi.CLONE_THREAD|abi.CLONE_SIGHAND|abi.CLONE_VM) != 0 && threads {
		return 0, abi.EINVAL
	}
	if flags&(abi.CLONE_SIGHAND|abi.CLONE_VM) != 0 && t.p.sharesWith(t, func(u *Thread) bool { return u.sighand == t.sighand }) {
		return 0, abi.EINVAL
	}
	if flags&abi.CLONE_VM != 0 && t.p.sharesWith(t, func(u *Thread) bool { return u.mm == t.mm }) {
		return 0, abi.EINVAL
	}
	if flags&abi.CLONE_NEWUSER != 0 {
		return 0, abi.EINVAL
	}
	if flags&unshareNamespaces != 0 {
		if !t.cred.capable(unix.CAP_SYS_ADMIN) {
			return 0, abi.EPERM
		}
		return 0, abi.EINVAL
	}
	if flags&abi.CLONE_FILES != 0 && t.files.users > 1 {
		f, err := t.files.copy()
		if err != nil {
			return 0, errnoOf(err)
		}
		t.files.users--
		t.files = f
		f.users = 1
	}
	if flags&abi.CLONE_SYSVSEM != 0 {
		t.exitSem()
	}
	if flags&abi.CLONE_FS != 0 {
		t.unshareFS()
	}
	return 0, 0
}

// sharesWith reports whether a thread of p other than t has what shared
// says t has.
func (p *Process) sharesWith(t *Thread, shared func(u *Thread) bool) bool {
	for _, g := range p.groups {
		for _, u := range g.threads {
			if u != t && shared(u) {
				return true
			}
		}
	}
	return false
}
