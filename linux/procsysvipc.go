//go:build linux

package linux

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/mem"
)

// /proc/sysvipc/shm, msg and sem list the runner's System V IPC objects
// (sysvipc.go), not the host's, in Linux 6.1's format (ipc/shm.c, msg.c,
// sem.c: ipc_init_proc_interface's header, then one line per object in
// index order, whoever may access it), which ipcs(1) reads.

// sysvipcHeaders are the files' first lines.
var sysvipcHeaders = map[string]string{
	"shm": "       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap\n",
	"msg": "       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime\n",
	"sem": "       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime\n",
}

// sysvipcProcFile reports which of /proc/sysvipc's files the guest opens
// at raw relative to dirfd (a host descriptor or AT_FDCWD): "shm", "msg"
// or "sem", or "".
func (t *Thread) sysvipcProcFile(dirfd int, raw string) string {
	if !t.seesHostFS("proc") {
		return ""
	}
	abs := procAbs(dirfd, raw)
	if !strings.HasPrefix(abs, "/") {
		return ""
	}
	name, ok := strings.CutPrefix(filepath.Clean(abs), "/proc/sysvipc/")
	if _, known := sysvipcHeaders[name]; !ok || !known {
		return ""
	}
	return name
}

// sysvipcOpen opens /proc/sysvipc/NAME for reading: its content now.
func (p *Process) sysvipcOpen(name string) (int, int) {
	fd, e := memFile([]byte(p.sysvipcContent(name)))
	if e == 0 {
		host := "/proc/sysvipc/" + name
		procFileMade(fd, procFile{path: host, stat: host, iter: true, pde: true})
	}
	return fd, e
}

// sysvipcContent is /proc/sysvipc/NAME of the runner's IPC namespace.
func (p *Process) sysvipcContent(name string) string {
	ns := p.ipcNS()
	ids := map[string]*ipcIDs{"shm": &ns.shm, "msg": &ns.msg, "sem": &ns.sem}[name]
	var b strings.Builder
	b.WriteString(sysvipcHeaders[name])
	objs := make([]ipcObject, 0, len(ids.byID))
	for _, o := range ids.byID {
		objs = append(objs, o)
	}
	slices.SortFunc(objs, func(x, y ipcObject) int {
		return x.ipcPerm().id%ipcSeqMultiplier - y.ipcPerm().id%ipcSeqMultiplier
	})
	for _, o := range objs {
		pm := o.ipcPerm()
		switch o := o.(type) {
		case *shmSeg:
			fmt.Fprintf(&b, "%10d %10d  %4o %21d %5d %5d  %5d %5d %5d %5d %5d %10d %10d %10d %21d %21d\n",
				pm.key, pm.id, pm.mode, o.size, o.cpid, o.lpid, p.nattch(o), pm.uid, pm.gid, pm.cuid, pm.cgid,
				o.atime, o.dtime, o.ctime, uint64(o.obj.Resident())*mem.PageSize, 0)
		case *msgQueue:
			fmt.Fprintf(&b, "%10d %10d  %4o  %10d %10d %5d %5d %5d %5d %5d %5d %10d %10d %10d\n",
				pm.key, pm.id, pm.mode, o.cbytes, len(o.msgs), o.lspid, o.lrpid, pm.uid, pm.gid, pm.cuid, pm.cgid,
				o.stime, o.rtime, o.ctime)
		case *semSet:
			fmt.Fprintf(&b, "%10d %10d  %4o %10d %5d %5d %5d %5d %10d %10d\n",
				pm.key, pm.id, pm.mode, len(o.vals), pm.uid, pm.gid, pm.cuid, pm.cgid, o.otime, o.ctime)
		}
	}
	return b.String()
}

// sysvipcOpenFlags reports whether an open with host flags reads only: the
// runner answers those; another goes to the host's file (0444: its errno).
func sysvipcOpenFlags(flags int) bool { return flags&unix.O_ACCMODE == unix.O_RDONLY }
