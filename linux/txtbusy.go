//go:build linux

package linux

import (
	"golang.org/x/sys/unix"
)

// A running program's file cannot be written: Linux denies write access
// to the file a process runs (deny_write_access at execve, held while the
// process runs it), so opening it for writing (or with O_TRUNC, which
// asks for write access) and truncate(2) fail with ETXTBSY, after the
// permission checks, while a process runs it (txtbusy.c's expected output
// is a native run's). The host kernel cannot say so for a
// guest's program (the host runs the runner, not it): the runner checks
// the files its guest processes run (threadGroup.exeID). Only the
// program's own file: the dynamic loader and the libraries are mapped,
// not run (Linux lets them be written, which a private mapping's pages
// then show: privfile.go).

// The other way round (fs/exec.c do_open_execat's deny_write_access):
// execve of a file that is open for writing is ETXTBSY, for the program,
// a script and each interpreter it names, and the ELF interpreter
// (open_exec), after the permission and file-type checks; a descriptor
// of the caller counts too, close-on-exec or not (they close after the
// check). The runner looks for such a descriptor in its guest processes'
// tables (execBusy): a host program's or another program's writer outside
// the run, a descriptor in flight in a Unix socket's message and a
// MAP_SHARED mapping whose descriptor was closed (its file stays open for
// writing on Linux) are not seen.

// execBusy is deny_write_access at execve for the file at host path:
// ETXTBSY while a descriptor of a guest process is open for writing on
// it, else 0.
func (p *Process) execBusy(host string) int {
	var st unix.Stat_t
	if unix.Stat(host, &st) != nil {
		return 0
	}
	id := fileID{uint64(st.Dev), uint64(st.Ino)}
	for ft := range p.fdTables() {
		for _, h := range ft.host {
			if h < 0 || h == badFD {
				continue
			}
			fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0)
			if err != nil || fl&unix.O_ACCMODE == unix.O_RDONLY || fl&unix.O_PATH != 0 {
				continue
			}
			if hid, ok := lockFile(h); ok && hid == id {
				return int(unix.ETXTBSY)
			}
		}
	}
	return 0
}

// setExe makes host path exe g's program (execve, the first process).
func (g *threadGroup) setExe(exe string) {
	var st unix.Stat_t
	g.exe = exe
	g.exeOK = unix.Stat(exe, &st) == nil
	g.exeID = fileID{uint64(st.Dev), uint64(st.Ino)} // uint32 on some 32-bit hosts
}

// running reports whether the file of st is the program of a guest
// process that has not ended.
func (p *Process) running(st *unix.Stat_t) bool {
	id := fileID{uint64(st.Dev), uint64(st.Ino)}
	for _, g := range p.groups {
		if g.exeOK && g.exeID == id && !g.zombie {
			return true
		}
	}
	return false
}

// textBusy checks an open for writing (or truncation) of path at host
// directory dirfd (not following a final symbolic link with nofollow),
// or a truncate of it: ETXTBSY if it is a guest's running program and the
// caller may write it (the permission's errno if not, which comes
// first), else 0 (the host's call then has its own outcome).
func (t *Thread) textBusy(dirfd int, path string, nofollow bool) int {
	var st unix.Stat_t
	fl := 0
	if nofollow {
		fl = unix.AT_SYMLINK_NOFOLLOW
	}
	if unix.Fstatat(dirfd, path, &st, fl) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || !t.p.running(&st) {
		return 0
	}
	if err := t.faccessat(dirfd, path, unix.W_OK, unix.AT_EACCESS); err != nil {
		return errnoOf(err)
	}
	return int(unix.ETXTBSY)
}
