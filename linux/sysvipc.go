//go:build linux

package linux

import (
	"math"
	"slices"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// System V IPC: shared memory segments, semaphore sets and message queues.
//
// The runner keeps its own IPC namespace, shared by all guest processes
// (they are thread groups of the one runner: fork.go), as a fresh IPC
// namespace of Linux 6.1 with the default limits; host processes, a host
// program the guest executes included, do not see it. qemu-user passes
// the calls to the host instead, and its guest sees the host's objects.
// An own namespace is what makes the guest's credentials count: the
// runner's host credentials never change (cred.go), so the host kernel
// would check and record the runner's, where Linux's ipc/util.c checks and
// records the caller's. Here, as there:
//
//   - access (ipcperms) compares the guest thread's effective user id with
//     the object's owner and creator, then its file-system group id and
//     supplementary groups with their groups, and takes the owner's, the
//     group's or the others' mode bits; CAP_IPC_OWNER passes every check;
//   - a new object's owner and creator are the caller's effective ids;
//   - IPC_SET and IPC_RMID need the owner's or creator's effective user id
//     or CAP_SYS_ADMIN (EPERM); IPC_SET changes the owner, group and the
//     low nine mode bits;
//   - ids are an index (the lowest free one after the last given, as
//     Linux's idr_alloc_cyclic) plus a sequence number times 32768.
//
// Both entry points are served: the direct calls (shmget, semtimedop, ...: powerpc has no semop),
// whose control commands take the 64-bit structures (a command with the
// IPC_64 bit is EINVAL, as Linux's sys_shmctl has it), and the ipc(2)
// multiplexer glibc uses on powerpc, whose commands carry IPC_64 (the
// old layouts of commands without it are EINVAL: no powerpc64 glibc uses
// them). What differs from Linux is in docs/syscalls.md's notes.

// IPC constants (uapi linux/ipc.h, linux/shm.h, linux/sem.h, linux/msg.h,
// and the defaults of include/uapi/linux/{shm,sem,msg}.h and ipc/util.h).
const (
	ipcPrivate = 0
	ipcCreat   = 0o1000
	ipcExcl    = 0o2000
	ipcNoWait  = 0o4000
	ipcRmid    = 0
	ipcSet     = 1
	ipcStat    = 2
	ipcInfo    = 3
	ipc64      = 0x100

	ipcSeqMultiplier = 32768
	ipcMaxIndex      = 32768 // IPCMNI

	shmRdonly  = 0o10000
	shmRnd     = 0o20000
	shmRemap   = 0o40000
	shmExec    = 0o100000
	shmDest    = 0o1000 // in the mode: removed, freed at the last detach
	shmLocked  = 0o2000 // in the mode: SHM_LOCK
	shmLock    = 11
	shmUnlock  = 12
	shmStat    = 13
	shmInfo    = 14
	shmStatAny = 15
	shmMin     = 1
	shmMax     = math.MaxUint64 - 1<<24 // SHMMAX and SHMALL
	shmMni     = 4096
	shmLBA     = mem.PageSize

	semUndo    = 0x1000
	semVMX     = 32767
	semAEM     = semVMX
	semMSL     = 32000
	semMNI     = 32000
	semMNS     = semMNI * semMSL
	semOPM     = 500
	semGetPid  = 11
	semGetVal  = 12
	semGetAll  = 13
	semGetNcnt = 14
	semGetZcnt = 15
	semSetVal  = 16
	semSetAll  = 17
	semStat    = 18
	semInfo    = 19
	semStatAny = 20

	msgNoError = 0o10000
	msgExcept  = 0o20000
	msgCopy    = 0o40000
	msgStat    = 11
	msgInfo    = 12
	msgStatAny = 13
	msgMax     = 8192
	msgMnb     = 16384
	msgMni     = 32000

	capIPCLock     = 14 // CAP_IPC_LOCK
	capIPCOwner    = 15 // CAP_IPC_OWNER
	capSysResource = 24 // CAP_SYS_RESOURCE

	sIRUGO = 0o444
	sIWUGO = 0o222
	sIXUGO = 0o111
)

// ipcPerm is struct kern_ipc_perm's part a guest sees (struct ipc64_perm).
type ipcPerm struct {
	key                  int32
	uid, gid, cuid, cgid uint32
	mode                 uint32
	seq                  uint32
	id                   int
	removed              bool // IPC_RMID: waiters see EIDRM
}

// ipcObject is a shared memory segment, semaphore set or message queue.
type ipcObject interface{ ipcPerm() *ipcPerm }

// ipcIDs are the objects of one kind (Linux's struct ipc_ids).
type ipcIDs struct {
	byID    map[int]ipcObject
	seq     uint32
	lastIdx int
	max     int // the most objects (SHMMNI, SEMMNI, MSGMNI)
}

// ipcNamespace is the runner's IPC namespace; the process lock guards it.
type ipcNamespace struct {
	shm, sem, msg ipcIDs
	// changed is closed, and replaced, when a semaphore set or message
	// queue changes: a waiting semop, msgsnd or msgrcv tries again.
	changed chan struct{}
	// undo are the live SEM_UNDO lists (semUndoList), held by threads.
	undo map[*semUndoList]struct{}
	// shmLocked are the pages of the segments SHM_LOCK locked, by the
	// real user id of the caller that locked them (Linux's ucounts'
	// UCOUNT_RLIMIT_MEMLOCK, which user_shm_lock checks against
	// RLIMIT_MEMLOCK).
	shmLocked map[uint32]uint64
}

// ipcNS is the runner's IPC namespace, made on first use.
func (p *Process) ipcNS() *ipcNamespace {
	if p.ipc == nil {
		p.ipc = &ipcNamespace{changed: make(chan struct{}), undo: map[*semUndoList]struct{}{}, shmLocked: map[uint32]uint64{}}
		for _, ids := range []*ipcIDs{&p.ipc.shm, &p.ipc.sem, &p.ipc.msg} {
			ids.byID = map[int]ipcObject{}
			ids.lastIdx = -1
		}
		p.ipc.shm.max, p.ipc.sem.max, p.ipc.msg.max = shmMni, semMNI, msgMni
	}
	return p.ipc
}

func (ns *ipcNamespace) wakeAll() {
	close(ns.changed)
	ns.changed = make(chan struct{})
}

// add gives o an id (ENOSPC when the kind is full).
func (ids *ipcIDs) add(o ipcObject) int {
	if len(ids.byID) >= ids.max {
		return int(unix.ENOSPC)
	}
	used := map[int]bool{}
	for id := range ids.byID {
		used[id%ipcSeqMultiplier] = true
	}
	idx := ids.lastIdx + 1
	for used[idx%ipcMaxIndex] {
		idx++
	}
	idx %= ipcMaxIndex
	if idx <= ids.lastIdx {
		ids.seq++
		if ids.seq >= math.MaxInt32/ipcSeqMultiplier {
			ids.seq = 0
		}
	}
	ids.lastIdx = idx
	pm := o.ipcPerm()
	pm.seq = ids.seq
	pm.id = int(ids.seq)*ipcSeqMultiplier + idx
	ids.byID[pm.id] = o
	return 0
}

// find returns the object with key, or nil.
func (ids *ipcIDs) find(key int32) ipcObject {
	for _, o := range ids.byID {
		if o.ipcPerm().key == key {
			return o
		}
	}
	return nil
}

// get returns the object with id (EINVAL if there is none).
func (ids *ipcIDs) get(id int) (ipcObject, int) {
	if id < 0 {
		return nil, abi.EINVAL
	}
	o := ids.byID[id]
	if o == nil {
		return nil, abi.EINVAL
	}
	return o, 0
}

// remove takes o out of ids.
func (ids *ipcIDs) remove(o ipcObject) {
	pm := o.ipcPerm()
	pm.removed = true
	delete(ids.byID, pm.id)
}

// inGroup is Linux's in_group_p: gid is c's file-system group id or one of
// its supplementary groups.
func (c *cred) inGroup(gid uint32) bool {
	if c.gid.fs == gid {
		return true
	}
	_, ok := slices.BinarySearch(c.groups, gid)
	return ok
}

// ipcAllowed is Linux's ipcperms: whether c may access pm with the
// permission bits of flag (the low nine bits, any class asking).
func (c *cred) ipcAllowed(pm *ipcPerm, flag uint32) bool {
	requested := (flag >> 6) | (flag >> 3) | flag
	granted := pm.mode
	switch {
	case c.uid.e == pm.cuid || c.uid.e == pm.uid:
		granted >>= 6
	case c.inGroup(pm.cgid) || c.inGroup(pm.gid):
		granted >>= 3
	}
	return requested&^granted&0o7 == 0 || c.capable(capIPCOwner)
}

// ipcOwner is Linux's ipcctl_obtain_check's test for IPC_SET and
// IPC_RMID: the owner, the creator or CAP_SYS_ADMIN.
func (c *cred) ipcOwner(pm *ipcPerm) bool {
	return c.uid.e == pm.cuid || c.uid.e == pm.uid || c.capable(capSysAdmin)
}

// ipcGet is Linux's ipcget: a new object for IPC_PRIVATE or a key without
// one (with IPC_CREAT), else the key's after the kind's own checks
// (check) and the permission check of flg's mode bits.
func (t *Thread) ipcGet(ids *ipcIDs, key int32, flg uint32, create func() (ipcObject, int), check func(o ipcObject) int) (uint64, int) {
	var o ipcObject
	if key != ipcPrivate {
		o = ids.find(key)
	}
	if o == nil {
		if key != ipcPrivate && flg&ipcCreat == 0 {
			return 0, abi.ENOENT
		}
		o, e := create()
		if e != 0 {
			return 0, e
		}
		pm := o.ipcPerm()
		pm.key, pm.mode = key, flg&0o777
		pm.uid, pm.cuid = t.cred.uid.e, t.cred.uid.e
		pm.gid, pm.cgid = t.cred.gid.e, t.cred.gid.e
		if e := ids.add(o); e != 0 {
			return 0, e
		}
		return uint64(pm.id), 0
	}
	if flg&ipcCreat != 0 && flg&ipcExcl != 0 {
		return 0, abi.EEXIST
	}
	if e := check(o); e != 0 {
		return 0, e
	}
	if !t.cred.ipcAllowed(o.ipcPerm(), flg) {
		return 0, abi.EACCES
	}
	return uint64(o.ipcPerm().id), 0
}

// abi is pm as struct ipc64_perm.
func (pm *ipcPerm) abi() abi.IPC64Perm {
	return abi.IPC64Perm{Key: pm.key, UID: pm.uid, GID: pm.gid, CUID: pm.cuid, CGID: pm.cgid, Mode: pm.mode, Seq: pm.seq}
}

// set is IPC_SET's change of owner, group and the low nine mode bits
// (Linux's ipc_update_perm).
func (pm *ipcPerm) set(to *abi.IPC64Perm) {
	pm.uid, pm.gid = to.UID, to.GID
	pm.mode = pm.mode&^0o777 | to.Mode&0o777
}

// ipcStatCmd is IPC_STAT and a kind's *_STAT and *_STAT_ANY (Linux's
// shm_stat, semctl_stat, msgctl_stat): the object with id (IPC_STAT,
// through get) or at index id, the read permission check but for
// statAny, and the structure ds makes of it written to buf. IPC_STAT
// answers 0, the others the object's id.
func ipcStatCmd[T ipcObject, D any](t *Thread, ids *ipcIDs, get func(int) (T, int), id, cmd, statAny int, buf uint64, l *abi.Layout[D], ds func(T) D) (uint64, int) {
	var o T
	if cmd == ipcStat {
		var e int
		if o, e = get(id); e != 0 {
			return 0, e
		}
	} else {
		x := ids.byIndex(id)
		if x == nil {
			return 0, abi.EINVAL
		}
		o = x.(T)
	}
	pm := o.ipcPerm()
	if cmd != statAny && !t.cred.ipcAllowed(pm, sIRUGO) {
		return 0, abi.EACCES
	}
	d := ds(o)
	if e := putStruct(t, buf, l, &d); e != 0 {
		return 0, e
	}
	if cmd == ipcStat {
		return 0, 0
	}
	return uint64(pm.id), 0
}

// ipcCtlObtain is the common start of IPC_SET and IPC_RMID (Linux's
// ipcctl_obtain_check): IPC_SET's structure read from buf, the object
// with id (through get) and the owner check (EPERM). The caller does the
// rest.
func ipcCtlObtain[T ipcObject, D any](t *Thread, get func(int) (T, int), id, cmd int, buf uint64, l *abi.Layout[D]) (T, D, int) {
	var o T
	var ds D
	if cmd == ipcSet {
		var e int
		if ds, e = getStruct(t, buf, l); e != 0 {
			return o, ds, e
		}
	}
	o, e := get(id)
	if e != 0 {
		return o, ds, e
	}
	if !t.cred.ipcOwner(o.ipcPerm()) {
		return o, ds, abi.EPERM
	}
	return o, ds, 0
}

// ipcVersion splits a control command of the ipc(2) multiplexer: the
// command and whether it asked for the 64-bit layouts (IPC_64).
func ipcVersion(cmd int) (int, bool) {
	if cmd&ipc64 != 0 {
		return cmd &^ ipc64, true
	}
	return cmd, false
}

// ipcOldLayout says whether a control command (already without IPC_64)
// moves a structure whose old layout the runner does not have.
func ipcOldLayout(cmd int, new bool) bool {
	if new {
		return false
	}
	switch cmd {
	case ipcStat, ipcSet, ipcInfo, shmStat, shmInfo, shmStatAny, semStat, semInfo, semStatAny, msgInfo:
		return true
	}
	return false
}

func nowSec() int64 { return time.Now().Unix() }

// ---- Shared memory ----

// shmSeg is a shared memory segment (struct shmid_kernel).
type shmSeg struct {
	perm                ipcPerm
	name                int32 // the key it was made with (its name in /proc/PID/maps)
	size                uint64
	atime, dtime, ctime int64
	cpid, lpid          int
	obj                 *mem.Shared
	lockUID             uint32 // the real user id charged for SHM_LOCK
}

func (s *shmSeg) ipcPerm() *ipcPerm { return &s.perm }

// sysvShm is the Owner of a segment's mem.Shared.
type sysvShm struct{ seg *shmSeg }

// nattch counts the mappings of s in the live guest processes' address
// spaces (each run of pages once, as Linux counts a segment's areas).
func (p *Process) nattch(s *shmSeg) uint64 {
	var n uint64
	seen := map[*addressSpace]bool{}
	for _, g := range p.groups {
		if g.exiting || g.zombie {
			continue
		}
		for _, th := range g.threads {
			if seen[th.mm] {
				continue
			}
			seen[th.mm] = true
			th.mm.Mem.SharedIn(0, ^uint64(0), func(o *mem.Shared) {
				if o == s.obj {
					n++
				}
			})
		}
	}
	return n
}

// shmGet returns segment id, freeing it first if it was removed and is no
// longer attached (EINVAL).
func (t *Thread) shmGet(id int) (*shmSeg, int) {
	ns := t.p.ipcNS()
	o, e := ns.shm.get(id)
	if e != 0 {
		return nil, e
	}
	s := o.(*shmSeg)
	if s.perm.mode&shmDest != 0 && t.p.nattch(s) == 0 {
		ns.shmDestroy(s)
		return nil, abi.EINVAL
	}
	return s, 0
}

func sysShmget(t *Thread, a *sysArgs) (uint64, int) {
	return t.shmget(int32(a.Int(0)), a.Size(1), a.Uint(2))
}

func (t *Thread) shmget(key int32, size uint64, flg uint32) (uint64, int) {
	ns := t.p.ipcNS()
	create := func() (ipcObject, int) {
		if size < shmMin || size > shmMax {
			return nil, abi.EINVAL
		}
		s := &shmSeg{size: size, ctime: nowSec(), cpid: t.group.tgid, name: key}
		s.obj = mem.NewShared(nil)
		s.obj.Owner = sysvShm{s}
		return s, 0
	}
	check := func(o ipcObject) int {
		if o.(*shmSeg).size < size {
			return abi.EINVAL
		}
		return 0
	}
	return t.ipcGet(&ns.shm, key, flg, create, check)
}

func sysShmat(t *Thread, a *sysArgs) (uint64, int) {
	return t.shmat(a.Int(0), a.Ptr(1), a.Uint(2))
}

// shmat is Linux's do_shmat.
func (t *Thread) shmat(id int, addr uint64, flg uint32) (uint64, int) {
	if id < 0 {
		return 0, abi.EINVAL
	}
	if addr != 0 {
		if addr&(shmLBA-1) != 0 {
			if flg&shmRnd == 0 {
				return 0, abi.EINVAL
			}
			addr &^= shmLBA - 1
			if addr == 0 && flg&shmRemap != 0 {
				return 0, abi.EINVAL
			}
		}
	} else if flg&shmRemap != 0 {
		return 0, abi.EINVAL
	}
	prot, acc := uint64(abi.PROT_READ|abi.PROT_WRITE), uint32(sIRUGO|sIWUGO)
	if flg&shmRdonly != 0 {
		prot, acc = abi.PROT_READ, sIRUGO
	}
	if flg&shmExec != 0 {
		prot |= abi.PROT_EXEC
		acc |= sIXUGO
	}
	s, e := t.shmGet(id)
	if e != 0 {
		return 0, e
	}
	if !t.cred.ipcAllowed(&s.perm, acc) {
		return 0, abi.EACCES
	}
	size := pageUp(s.size)
	if addr != 0 {
		if addr+size < addr || addr > taskSize-size {
			if flg&shmRemap == 0 {
				return 0, abi.EINVAL
			}
			return 0, abi.ENOMEM
		}
		if flg&shmRemap == 0 && !t.mm.free(addr, size) {
			return 0, abi.EINVAL
		}
		_ = t.mm.Mem.Unmap(addr, size)
	} else {
		var ok bool
		if addr, ok = t.mm.Mem.FindFreeDown(mmapBottom, mmapTop, size); !ok {
			return 0, abi.ENOMEM
		}
	}
	t.mm.unname(addr, addr+size)
	if t.mm.Mem.MapShared(addr, size, protPerm(prot), s.obj, 0) != nil {
		return 0, abi.ENOMEM
	}
	s.atime, s.lpid = nowSec(), t.group.tgid
	return addr, 0
}

func sysShmdt(t *Thread, a *sysArgs) (uint64, int) { return t.shmdt(a.Ptr(0)) }

// shmdt unmaps the segment mapped at addr: every mapping of it from addr
// up to the segment's size that is at the offset it was attached with.
func (t *Thread) shmdt(addr uint64) (uint64, int) {
	if addr&(mem.PageSize-1) != 0 {
		return 0, abi.EINVAL
	}
	o, off, ok := t.mm.Mem.SharedAt(addr)
	if !ok || off != 0 {
		return 0, abi.EINVAL
	}
	sh, ok := o.Owner.(sysvShm)
	if !ok {
		return 0, abi.EINVAL
	}
	size := pageUp(sh.seg.size)
	for a := addr; a < addr+size; a += mem.PageSize {
		if o2, off2, ok := t.mm.Mem.SharedAt(a); ok && o2 == o && off2 == a-addr {
			_ = t.mm.Mem.Unmap(a, mem.PageSize)
		}
	}
	sh.seg.dtime, sh.seg.lpid = nowSec(), t.group.tgid
	if sh.seg.perm.mode&shmDest != 0 && t.p.nattch(sh.seg) == 0 {
		t.p.ipcNS().shmDestroy(sh.seg)
	}
	return 0, 0
}

func sysShmctl(t *Thread, a *sysArgs) (uint64, int) {
	if a.Int(1)&ipc64 != 0 {
		return 0, abi.EINVAL
	}
	return t.shmctl(a.Int(0), a.Int(1), a.Ptr(2))
}

// shmctl is Linux's ksys_shmctl with the 64-bit layouts.
func (t *Thread) shmctl(id, cmd int, buf uint64) (uint64, int) {
	ns := t.p.ipcNS()
	if cmd < 0 || id < 0 {
		return 0, abi.EINVAL
	}
	switch cmd {
	case ipcInfo:
		info := abi.Shminfo{Shmmax: shmMax, Shmmin: shmMin, Shmmni: shmMni, Shmseg: shmMni, Shmall: shmMax}
		if e := putStruct(t, buf, abi.ShminfoLayout, &info); e != 0 {
			return 0, e
		}
		return uint64(max(ns.shm.highest(), 0)), 0
	case shmInfo:
		info := abi.ShmInfo{UsedIDs: int32(len(ns.shm.byID))}
		for _, o := range ns.shm.byID {
			s := o.(*shmSeg)
			info.ShmTot += pageUp(s.size) / mem.PageSize
			info.ShmRss += uint64(s.obj.Resident())
		}
		if e := putStruct(t, buf, abi.ShmInfoLayout, &info); e != 0 {
			return 0, e
		}
		return uint64(max(ns.shm.highest(), 0)), 0
	case shmLock, shmUnlock:
		return 0, t.shmLockCmd(id, cmd == shmLock)
	case ipcStat, shmStat, shmStatAny:
		return ipcStatCmd(t, &ns.shm, t.shmGet, id, cmd, shmStatAny, buf, abi.ShmidDSLayout, func(s *shmSeg) abi.ShmidDS {
			return abi.ShmidDS{Perm: s.perm.abi(), Atime: s.atime, Dtime: s.dtime, Ctime: s.ctime, Segsz: s.size,
				Cpid: int32(s.cpid), Lpid: int32(s.lpid), Nattch: t.p.nattch(s)}
		})
	case ipcSet, ipcRmid:
		s, ds, e := ipcCtlObtain(t, t.shmGet, id, cmd, buf, abi.ShmidDSLayout)
		if e != 0 {
			return 0, e
		}
		if cmd == ipcSet {
			s.perm.set(&ds.Perm)
			s.ctime = nowSec()
			return 0, 0
		}
		if t.p.nattch(s) == 0 {
			ns.shmDestroy(s)
		} else {
			s.perm.mode |= shmDest
			s.perm.key = ipcPrivate
		}
		return 0, 0
	}
	return 0, abi.EINVAL
}

// shmLockCmd is SHM_LOCK (lock) and SHM_UNLOCK, as Linux 6.1's shmctl_do_lock:
// without CAP_IPC_LOCK only the owner or creator (EPERM), and SHM_LOCK
// only with a non-zero RLIMIT_MEMLOCK (EPERM); a lock is charged to the
// caller's real user id and fails past RLIMIT_MEMLOCK without
// CAP_IPC_LOCK (shmem_lock's ENOMEM). Locking a locked segment or
// unlocking an unlocked one does nothing. Guest memory is the runner's to
// keep resident, so a lock changes only SHM_LOCKED in the mode.
func (t *Thread) shmLockCmd(id int, lock bool) int {
	s, e := t.shmGet(id)
	if e != 0 {
		return e
	}
	capable := t.cred.capable(capIPCLock)
	rl, _ := getrlimit(t, rlimitMemlock)
	if !capable {
		if t.cred.uid.e != s.perm.uid && t.cred.uid.e != s.perm.cuid {
			return abi.EPERM
		}
		if lock && rl.Cur == 0 {
			return abi.EPERM
		}
	}
	ns := t.p.ipcNS()
	pages := pageUp(s.size) / mem.PageSize
	switch {
	case lock && s.perm.mode&shmLocked == 0:
		uid := t.cred.uid.r
		limit := uint64(math.MaxUint64)
		if rl.Cur != unix.RLIM_INFINITY {
			limit = rl.Cur / mem.PageSize
		}
		if ns.shmLocked[uid]+pages > limit && !capable {
			return abi.ENOMEM
		}
		ns.shmLocked[uid] += pages
		s.perm.mode |= shmLocked
		s.lockUID = uid
	case !lock && s.perm.mode&shmLocked != 0:
		ns.shmUnlock(s)
	}
	return 0
}

// shmUnlock takes locked segment s's pages off the count of the user
// that locked it.
func (ns *ipcNamespace) shmUnlock(s *shmSeg) {
	ns.shmLocked[s.lockUID] -= pageUp(s.size) / mem.PageSize
	if ns.shmLocked[s.lockUID] == 0 {
		delete(ns.shmLocked, s.lockUID)
	}
	s.perm.mode &^= shmLocked
}

// shmDestroy frees segment s (Linux's shm_destroy): it is unlocked first.
func (ns *ipcNamespace) shmDestroy(s *shmSeg) {
	if s.perm.mode&shmLocked != 0 {
		ns.shmUnlock(s)
	}
	ns.shm.remove(s)
}

// highest is the highest index in use, or -1.
func (ids *ipcIDs) highest() int {
	h := -1
	for id := range ids.byID {
		h = max(h, id%ipcSeqMultiplier)
	}
	return h
}

// byIndex returns the object at index idx (the *_STAT commands), or nil.
func (ids *ipcIDs) byIndex(idx int) ipcObject {
	for id, o := range ids.byID {
		if id%ipcSeqMultiplier == idx {
			return o
		}
	}
	return nil
}

// shmIn calls f once with each segment mapped in mm.
func shmIn(mm *addressSpace, f func(s *shmSeg)) {
	seen := map[*shmSeg]bool{}
	mm.Mem.SharedIn(0, ^uint64(0), func(o *mem.Shared) {
		if sh, ok := o.Owner.(sysvShm); ok && !seen[sh.seg] {
			seen[sh.seg] = true
			f(sh.seg)
		}
	})
}

// shmOpen is Linux's shm_open for the segments fork's child maps in mm,
// a copy of its parent's: their shm_atime is now and their shm_lpid the
// parent's tgid (the current process in dup_mmap).
func (p *Process) shmOpen(mm *addressSpace, tgid int) {
	if p.ipc == nil {
		return
	}
	shmIn(mm, func(s *shmSeg) { s.atime, s.lpid = nowSec(), tgid })
}

// mmInUse reports whether a live guest process other than one leaving
// it (exiting, or past its execve) has address space mm: a vfork parent.
func (p *Process) mmInUse(mm *addressSpace) bool {
	for _, g := range p.groups {
		if g.exiting || g.zombie {
			continue
		}
		for _, th := range g.threads {
			if th.mm == mm && !th.execed {
				return true
			}
		}
	}
	return false
}

// shmClose is Linux's shm_close for the segments mapped in mm as guest
// process tgid leaves it (its exit, or its execve), if no other live
// guest process shares mm (a vfork parent): their shm_dtime is now,
// their shm_lpid tgid, and a removed one that nothing maps any more is
// freed.
func (p *Process) shmClose(mm *addressSpace, tgid int) {
	if p.ipc == nil || p.mmInUse(mm) {
		return
	}
	shmIn(mm, func(s *shmSeg) {
		s.dtime, s.lpid = nowSec(), tgid
		if s.perm.mode&shmDest != 0 && !s.perm.removed && p.nattch(s) == 0 {
			p.ipc.shmDestroy(s)
		}
	})
}

// ---- Semaphores ----

// semSet is a semaphore set (struct sem_array).
type semSet struct {
	perm         ipcPerm
	vals         []int
	pids         []int
	otime, ctime int64
	// waiting are the blocking operations of the threads waiting in
	// semop: the semaphore number and operation each waits on.
	waiting map[*Thread][2]int
}

func (s *semSet) ipcPerm() *ipcPerm { return &s.perm }

func sysSemget(t *Thread, a *sysArgs) (uint64, int) {
	return t.semget(int32(a.Int(0)), a.Int(1), a.Uint(2))
}

func (t *Thread) semget(key int32, nsems int, flg uint32) (uint64, int) {
	ns := t.p.ipcNS()
	if nsems < 0 || nsems > semMSL {
		return 0, abi.EINVAL
	}
	create := func() (ipcObject, int) {
		if nsems == 0 {
			return nil, abi.EINVAL
		}
		if ns.usedSems()+nsems > semMNS {
			return nil, int(unix.ENOSPC)
		}
		s := &semSet{vals: make([]int, nsems), pids: make([]int, nsems), ctime: nowSec(), waiting: map[*Thread][2]int{}}
		return s, 0
	}
	check := func(o ipcObject) int {
		if nsems > len(o.(*semSet).vals) {
			return abi.EINVAL
		}
		return 0
	}
	return t.ipcGet(&ns.sem, key, flg, create, check)
}

// usedSems counts the semaphores of all sets.
func (ns *ipcNamespace) usedSems() int {
	n := 0
	for _, o := range ns.sem.byID {
		n += len(o.(*semSet).vals)
	}
	return n
}

func (t *Thread) semGet(id int) (*semSet, int) {
	o, e := t.p.ipcNS().sem.get(id)
	if e != 0 {
		return nil, e
	}
	return o.(*semSet), 0
}

func sysSemtimedop(t *Thread, a *sysArgs) (uint64, int) {
	return t.semtimedop(a.Int(0), a.Ptr(1), uint64(a.Uint(2)), a.Ptr(3))
}

// semtimedop is Linux's do_semtimedop: the operations apply all at once or
// not at all; one that cannot yet waits (unless IPC_NOWAIT: EAGAIN) until
// the set changes, the timeout passes (EAGAIN), the set is removed
// (EIDRM) or a signal comes (EINTR, never restarted).
func (t *Thread) semtimedop(id int, sops, nsops, timeout uint64) (uint64, int) {
	ns := t.p.ipcNS()
	if nsops < 1 || id < 0 {
		return 0, abi.EINVAL
	}
	if nsops > semOPM {
		return 0, abi.E2BIG
	}
	raw, e := getStructs(t, sops, int(nsops), abi.SembufLayout)
	if e != 0 {
		return 0, e
	}
	d := time.Duration(-1)
	if timeout != 0 {
		if d, e = t.getTimespec(timeout); e != 0 {
			return 0, e
		}
	}
	type sop struct{ num, op, flg int }
	ops := make([]sop, nsops)
	maxNum, undo, alter := 0, false, false
	for i, b := range raw {
		ops[i] = sop{int(b.Num), int(b.Op), int(b.Flg)}
		maxNum = max(maxNum, ops[i].num)
		undo = undo || ops[i].flg&semUndo != 0
		alter = alter || ops[i].op != 0
	}
	var un *semUndoEntry
	if undo {
		if un, e = t.findAllocUndo(id); e != 0 {
			return 0, e
		}
	}
	s, e := t.semGet(id)
	if e != 0 {
		return 0, e
	}
	if maxNum >= len(s.vals) {
		return 0, int(unix.EFBIG)
	}
	acc := uint32(sIRUGO)
	if alter {
		acc = sIWUGO
	}
	if !t.cred.ipcAllowed(&s.perm, acc) {
		return 0, abi.EACCES
	}
	var deadline time.Time
	if d >= 0 {
		deadline = time.Now().Add(d)
	}
	for {
		if s.perm.removed {
			return 0, int(unix.EIDRM)
		}
		var adj []int
		if un != nil {
			if len(un.adj) != len(s.vals) {
				un.adj = make([]int, len(s.vals)) // not another set's (IPC_RMID drops the entries)
			}
			adj = un.adj
		}
		vals := slices.Clone(s.vals)
		var adjNew []int
		if adj != nil {
			adjNew = slices.Clone(adj)
		}
		blocked := -1
		for i, op := range ops {
			v := vals[op.num]
			if op.op == 0 && v != 0 || v+op.op < 0 {
				if op.flg&ipcNoWait != 0 {
					return 0, abi.EAGAIN
				}
				blocked = i
				break
			}
			v += op.op
			if v > semVMX {
				return 0, abi.ERANGE
			}
			if op.flg&semUndo != 0 {
				u := adjNew[op.num] - op.op
				if u < -semAEM-1 || u > semAEM {
					return 0, abi.ERANGE
				}
				adjNew[op.num] = u
			}
			vals[op.num] = v
		}
		if blocked < 0 {
			copy(s.vals, vals)
			if adj != nil {
				copy(adj, adjNew)
			}
			for _, op := range ops {
				s.pids[op.num] = t.group.tgid
			}
			s.otime = nowSec()
			if alter {
				ns.wakeAll()
			}
			return 0, 0
		}
		left := time.Duration(-1)
		if d >= 0 {
			if left = time.Until(deadline); left <= 0 {
				return 0, abi.EAGAIN
			}
		}
		s.waiting[t] = [2]int{ops[blocked].num, ops[blocked].op}
		r := t.waitFor(ns.changed, left)
		delete(s.waiting, t)
		switch r {
		case waitTimeout:
			return 0, abi.EAGAIN
		case waitExit:
			return 0, errExit
		case waitSignal:
			return 0, abi.EINTR
		}
	}
}

// semUndoList is Linux's struct sem_undo_list: the SEM_UNDO adjustments
// of the threads that hold it (Thread.semUndo; a guest process that
// became a host process holds its last thread's, threadGroup.hostUndo).
// A thread has none until its first semtimedop with SEM_UNDO or a clone
// with CLONE_SYSVSEM makes one (get_undo_list); clone with CLONE_SYSVSEM
// shares it with the new thread or process, without it the new task has
// none (copy_semundo); execve keeps it; a thread's end and
// unshare(CLONE_SYSVSEM) let go of it, and whoever lets go of it last
// applies it (exit_sem). The namespace (ipcNamespace.undo) keeps every
// live list, which IPC_RMID, SETVAL and SETALL change.
type semUndoList struct {
	users int // its holders (Linux's refcnt)
	// entries are its sets' adjustments, the most recently used first:
	// lookup_undo moves the one a semtimedop finds to the front, a new
	// one goes there, and exit_sem applies them in this order.
	entries []*semUndoEntry
}

// semUndoEntry is Linux's struct sem_undo: one set's adjustments in a list.
type semUndoEntry struct {
	id  int   // the set's id
	adj []int // one per semaphore of the set
}

// semUndoList is t's SEM_UNDO list, made if it has none (Linux's
// get_undo_list).
func (t *Thread) semUndoList() *semUndoList {
	if t.semUndo == nil {
		t.semUndo = &semUndoList{users: 1}
		t.p.ipcNS().undo[t.semUndo] = struct{}{}
	}
	return t.semUndo
}

// lookup returns l's entry for set id, moved to the front, or nil
// (Linux's lookup_undo).
func (l *semUndoList) lookup(id int) *semUndoEntry {
	for i, u := range l.entries {
		if u.id == id {
			copy(l.entries[1:i+1], l.entries[:i])
			l.entries[0] = u
			return u
		}
	}
	return nil
}

// findAllocUndo returns t's adjustments of set id (Linux's
// find_alloc_undo): its list is made first, whatever follows; a set it
// has no entry for yet gets a zeroed one at the front of the list, EINVAL
// if there is no set id. It checks neither the caller's access nor the
// operations: semtimedop does that after.
func (t *Thread) findAllocUndo(id int) (*semUndoEntry, int) {
	l := t.semUndoList()
	if u := l.lookup(id); u != nil {
		return u, 0
	}
	s, e := t.semGet(id)
	if e != 0 {
		return nil, e
	}
	u := &semUndoEntry{id: id, adj: make([]int, len(s.vals))}
	l.entries = slices.Insert(l.entries, 0, u)
	return u, 0
}

// exitSem lets go of t's SEM_UNDO list (Linux's exit_sem, as a thread
// ends or unshares CLONE_SYSVSEM): the list is applied if t was its last
// holder.
func (t *Thread) exitSem() {
	l := t.semUndo
	if l == nil {
		return
	}
	t.semUndo = nil
	t.p.semUndoPut(l, t.group.tgid)
}

// semUndoPut drops one hold of l by a thread of process tgid; the last
// applies l's entries in order, each to its set if it still exists: every
// value adjusted and clamped to 0..SEMVMX, the semaphores it changed
// credited to tgid, the set's last operation time set, waiters woken
// (Linux's exit_sem).
func (p *Process) semUndoPut(l *semUndoList, tgid int) {
	if l.users--; l.users > 0 {
		return
	}
	ns := p.ipcNS()
	delete(ns.undo, l)
	for _, u := range l.entries {
		o := ns.sem.byID[u.id]
		if o == nil {
			continue // removed (IPC_RMID also drops the entry)
		}
		s := o.(*semSet)
		for i, a := range u.adj {
			if a != 0 && i < len(s.vals) {
				s.vals[i] = min(max(s.vals[i]+a, 0), semVMX)
				s.pids[i] = tgid
			}
		}
		s.otime = nowSec()
	}
	if len(l.entries) > 0 {
		ns.wakeAll()
	}
	l.entries = nil
}

// semDropUndo clears every list's adjustments of semaphore num of set id
// (num < 0: all of them), as SETVAL and SETALL do, or drops the lists'
// entries of the removed set (freeary).
func (ns *ipcNamespace) semDropUndo(id, num int, removed bool) {
	for l := range ns.undo {
		for i, u := range l.entries {
			if u.id != id {
				continue
			}
			switch {
			case removed:
				l.entries = slices.Delete(l.entries, i, i+1)
			case num < 0:
				clear(u.adj)
			case num < len(u.adj):
				u.adj[num] = 0
			}
			break
		}
	}
}

func sysSemctl(t *Thread, a *sysArgs) (uint64, int) {
	if a.Int(2)&ipc64 != 0 {
		return 0, abi.EINVAL
	}
	return t.semctl(a.Int(0), a.Int(1), a.Int(2), a.Ulong(3))
}

// semctl is Linux's ksys_semctl with the 64-bit layouts; arg is union
// semun as a register holds it.
func (t *Thread) semctl(id, num, cmd int, arg uint64) (uint64, int) {
	ns := t.p.ipcNS()
	if id < 0 {
		return 0, abi.EINVAL
	}
	o := t.p.order
	switch cmd {
	case ipcInfo, semInfo:
		// SEM_INFO has the sets in use as semusz and the semaphores in
		// use as semaem.
		info := abi.Seminfo{Semmap: semMNS, Semmni: semMNI, Semmns: semMNS, Semmnu: semMNS, Semmsl: semMSL,
			Semopm: semOPM, Semume: semOPM, Semusz: 20, Semvmx: semVMX, Semaem: semAEM}
		if cmd == semInfo {
			info.Semusz, info.Semaem = int32(len(ns.sem.byID)), int32(ns.usedSems())
		}
		if e := putStruct(t, arg, abi.SeminfoLayout, &info); e != 0 {
			return 0, e
		}
		return uint64(max(ns.sem.highest(), 0)), 0
	case ipcStat, semStat, semStatAny:
		return ipcStatCmd(t, &ns.sem, t.semGet, id, cmd, semStatAny, arg, abi.SemidDSLayout, func(s *semSet) abi.SemidDS {
			return abi.SemidDS{Perm: s.perm.abi(), Otime: s.otime, Ctime: s.ctime, Nsems: uint64(len(s.vals))}
		})
	case ipcSet, ipcRmid:
		s, ds, e := ipcCtlObtain(t, t.semGet, id, cmd, arg, abi.SemidDSLayout)
		if e != 0 {
			return 0, e
		}
		if cmd == ipcSet {
			s.perm.set(&ds.Perm)
			s.ctime = nowSec()
			return 0, 0
		}
		ns.sem.remove(s)
		ns.semDropUndo(s.perm.id, -1, true)
		ns.wakeAll()
		return 0, 0
	case semSetVal:
		val := int(int32(arg))
		if !t.p.le {
			val = int(int32(arg >> 32)) // union semun's int in a big-endian long
		}
		if val > semVMX || val < 0 {
			return 0, abi.ERANGE
		}
		s, e := t.semGet(id)
		if e != 0 {
			return 0, e
		}
		if num < 0 || num >= len(s.vals) {
			return 0, abi.EINVAL
		}
		if !t.cred.ipcAllowed(&s.perm, sIWUGO) {
			return 0, abi.EACCES
		}
		ns.semDropUndo(s.perm.id, num, false)
		s.vals[num], s.pids[num] = val, t.group.tgid
		s.ctime = nowSec()
		ns.wakeAll()
		return 0, 0
	case semGetAll, semGetVal, semGetPid, semGetNcnt, semGetZcnt, semSetAll:
		s, e := t.semGet(id)
		if e != 0 {
			return 0, e
		}
		acc := uint32(sIRUGO)
		if cmd == semSetAll {
			acc = sIWUGO
		}
		if !t.cred.ipcAllowed(&s.perm, acc) {
			return 0, abi.EACCES
		}
		switch cmd {
		case semGetAll:
			b := make([]byte, 2*len(s.vals))
			for i, v := range s.vals {
				off := 2 * i
				o.PutUint16(b[off:], uint16(v))
			}
			return 0, t.write(arg, b)
		case semSetAll:
			b, e := t.read(arg, 2*len(s.vals))
			if e != 0 {
				return 0, e
			}
			vals := make([]int, len(s.vals))
			for i := range vals {
				if vals[i] = int(o.Uint16(b)); vals[i] > semVMX {
					return 0, abi.ERANGE
				}
				b = b[2:]
			}
			ns.semDropUndo(s.perm.id, -1, false)
			copy(s.vals, vals)
			for i := range s.pids {
				s.pids[i] = t.group.tgid
			}
			s.ctime = nowSec()
			ns.wakeAll()
			return 0, 0
		}
		if num < 0 || num >= len(s.vals) {
			return 0, abi.EINVAL
		}
		switch cmd {
		case semGetVal:
			return uint64(s.vals[num]), 0
		case semGetPid:
			return uint64(s.pids[num]), 0
		}
		n := 0
		for _, w := range s.waiting {
			if w[0] == num && (cmd == semGetZcnt) == (w[1] == 0) && (cmd == semGetZcnt || w[1] < 0) {
				n++
			}
		}
		return uint64(n), 0
	}
	return 0, abi.EINVAL
}

// ---- Message queues ----

// msgQueue is a message queue (struct msg_queue).
type msgQueue struct {
	perm                ipcPerm
	msgs                []sysvMsg
	cbytes, qbytes      uint64
	stime, rtime, ctime int64
	lspid, lrpid        int
}

type sysvMsg struct {
	typ  int64
	text []byte
}

func (q *msgQueue) ipcPerm() *ipcPerm { return &q.perm }

func sysMsgget(t *Thread, a *sysArgs) (uint64, int) {
	return t.msgget(int32(a.Int(0)), a.Uint(1))
}

func (t *Thread) msgget(key int32, flg uint32) (uint64, int) {
	ns := t.p.ipcNS()
	create := func() (ipcObject, int) {
		return &msgQueue{qbytes: msgMnb, ctime: nowSec()}, 0
	}
	return t.ipcGet(&ns.msg, key, flg, create, func(ipcObject) int { return 0 })
}

func (t *Thread) msgGet(id int) (*msgQueue, int) {
	o, e := t.p.ipcNS().msg.get(id)
	if e != 0 {
		return nil, e
	}
	return o.(*msgQueue), 0
}

func sysMsgsnd(t *Thread, a *sysArgs) (uint64, int) {
	return t.msgsnd(a.Int(0), a.Ptr(1), a.Size(2), a.Uint(3))
}

// msgsnd is Linux's ksys_msgsnd and do_msgsnd.
func (t *Thread) msgsnd(id int, msgp, size uint64, flg uint32) (uint64, int) {
	ns := t.p.ipcNS()
	typ, e := t.get64(msgp)
	if e != 0 {
		return 0, e
	}
	if size > msgMax || id < 0 {
		return 0, abi.EINVAL
	}
	if int64(typ) < 1 {
		return 0, abi.EINVAL
	}
	text, e := t.read(msgp+8, int(size))
	if e != 0 {
		return 0, e
	}
	q, e := t.msgGet(id)
	if e != 0 {
		return 0, e
	}
	for {
		if !t.cred.ipcAllowed(&q.perm, sIWUGO) {
			return 0, abi.EACCES
		}
		if q.perm.removed {
			return 0, int(unix.EIDRM)
		}
		if size+q.cbytes <= q.qbytes && uint64(1+len(q.msgs)) <= q.qbytes {
			break
		}
		if flg&ipcNoWait != 0 {
			return 0, abi.EAGAIN
		}
		switch t.waitFor(ns.changed, -1) {
		case waitExit:
			return 0, errExit
		case waitSignal:
			return 0, errRestartNoHand
		}
	}
	q.lspid, q.stime = t.group.tgid, nowSec()
	q.msgs = append(q.msgs, sysvMsg{int64(typ), text})
	q.cbytes += size
	ns.wakeAll()
	return 0, 0
}

func sysMsgrcv(t *Thread, a *sysArgs) (uint64, int) {
	return t.msgrcv(a.Int(0), a.Ptr(1), a.Size(2), a.Long(3), a.Uint(4))
}

// msgrcv is Linux's do_msgrcv: msgtyp 0 takes the first message, a
// positive one the first of that type (with MSG_EXCEPT the first of
// another type), a negative one the first of the lowest type at most
// -msgtyp; MSG_COPY (with IPC_NOWAIT) copies message number msgtyp.
func (t *Thread) msgrcv(id int, msgp, size uint64, msgtyp int64, flg uint32) (uint64, int) {
	ns := t.p.ipcNS()
	if id < 0 || int64(size) < 0 {
		return 0, abi.EINVAL
	}
	if flg&msgCopy != 0 && (flg&msgExcept != 0 || flg&ipcNoWait == 0) {
		return 0, abi.EINVAL
	}
	q, e := t.msgGet(id)
	if e != 0 {
		return 0, e
	}
	for {
		if !t.cred.ipcAllowed(&q.perm, sIRUGO) {
			return 0, abi.EACCES
		}
		if q.perm.removed {
			return 0, int(unix.EIDRM)
		}
		k := q.find(msgtyp, flg)
		if k >= 0 {
			m := q.msgs[k]
			if size < uint64(len(m.text)) && flg&msgNoError == 0 {
				return 0, abi.E2BIG
			}
			if flg&msgCopy == 0 {
				q.msgs = slices.Delete(q.msgs, k, k+1)
				q.rtime, q.lrpid = nowSec(), t.group.tgid
				q.cbytes -= uint64(len(m.text))
				ns.wakeAll()
			}
			n := min(size, uint64(len(m.text)))
			if e := t.put64(msgp, uint64(m.typ)); e != 0 {
				return 0, e
			}
			if e := t.write(msgp+8, m.text[:n]); e != 0 {
				return 0, e
			}
			return n, 0
		}
		if flg&ipcNoWait != 0 {
			return 0, int(unix.ENOMSG)
		}
		switch t.waitFor(ns.changed, -1) {
		case waitExit:
			return 0, errExit
		case waitSignal:
			return 0, errRestartNoHand
		}
	}
}

// find is Linux's find_msg: the index of the message msgtyp and flg
// select, or -1.
func (q *msgQueue) find(msgtyp int64, flg uint32) int {
	switch {
	case flg&msgCopy != 0:
		if msgtyp >= 0 && msgtyp < int64(len(q.msgs)) {
			return int(msgtyp)
		}
	case msgtyp == 0:
		if len(q.msgs) > 0 {
			return 0
		}
	case msgtyp < 0:
		limit := int64(math.MaxInt64)
		if msgtyp != math.MinInt64 {
			limit = -msgtyp
		}
		best := -1
		for i, m := range q.msgs {
			if m.typ <= limit && (best < 0 || m.typ < q.msgs[best].typ) {
				best = i
			}
		}
		return best
	case flg&msgExcept != 0:
		for i, m := range q.msgs {
			if m.typ != msgtyp {
				return i
			}
		}
	default:
		for i, m := range q.msgs {
			if m.typ == msgtyp {
				return i
			}
		}
	}
	return -1
}

func sysMsgctl(t *Thread, a *sysArgs) (uint64, int) {
	if a.Int(1)&ipc64 != 0 {
		return 0, abi.EINVAL
	}
	return t.msgctl(a.Int(0), a.Int(1), a.Ptr(2))
}

// msgctl is Linux's ksys_msgctl with the 64-bit layouts.
func (t *Thread) msgctl(id, cmd int, buf uint64) (uint64, int) {
	ns := t.p.ipcNS()
	if cmd < 0 || id < 0 {
		return 0, abi.EINVAL
	}
	switch cmd {
	case ipcInfo, msgInfo:
		// MSG_INFO has the queues, messages and bytes in use as
		// msgpool, msgmap and msgtql.
		info := abi.Msginfo{Msgpool: msgMni * msgMnb / 1024, Msgmap: msgMnb, Msgmax: msgMax, Msgmnb: msgMnb,
			Msgmni: msgMni, Msgssz: 16, Msgtql: msgMnb, Msgseg: 0xffff}
		if cmd == msgInfo {
			info.Msgpool, info.Msgmap, info.Msgtql = int32(len(ns.msg.byID)), 0, 0
			for _, x := range ns.msg.byID {
				info.Msgmap += int32(len(x.(*msgQueue).msgs))
				info.Msgtql += int32(x.(*msgQueue).cbytes)
			}
		}
		if e := putStruct(t, buf, abi.MsginfoLayout, &info); e != 0 {
			return 0, e
		}
		return uint64(max(ns.msg.highest(), 0)), 0
	case ipcStat, msgStat, msgStatAny:
		return ipcStatCmd(t, &ns.msg, t.msgGet, id, cmd, msgStatAny, buf, abi.MsqidDSLayout, func(q *msgQueue) abi.MsqidDS {
			return abi.MsqidDS{Perm: q.perm.abi(), Stime: q.stime, Rtime: q.rtime, Ctime: q.ctime, Cbytes: q.cbytes,
				Qnum: uint64(len(q.msgs)), Qbytes: q.qbytes, Lspid: int32(q.lspid), Lrpid: int32(q.lrpid)}
		})
	case ipcSet, ipcRmid:
		q, ds, e := ipcCtlObtain(t, t.msgGet, id, cmd, buf, abi.MsqidDSLayout)
		if e != 0 {
			return 0, e
		}
		if cmd == ipcRmid {
			ns.msg.remove(q)
			ns.wakeAll()
			return 0, 0
		}
		if ds.Qbytes > msgMnb && !t.cred.capable(capSysResource) {
			return 0, abi.EPERM
		}
		q.perm.set(&ds.Perm)
		q.qbytes, q.ctime = ds.Qbytes, nowSec()
		ns.wakeAll()
		return 0, 0
	}
	return 0, abi.EINVAL
}

// ---- ipc(2) ----

// ipc(2)'s calls (uapi linux/ipc.h).
const (
	ipcSemop      = 1
	ipcSemget     = 2
	ipcSemctl     = 3
	ipcSemtimedop = 4
	ipcMsgsnd     = 11
	ipcMsgrcv     = 12
	ipcMsgget     = 13
	ipcMsgctl     = 14
	ipcShmat      = 21
	ipcShmdt      = 22
	ipcShmget     = 23
	ipcShmctl     = 24
)

// sysIpc is the multiplexer, as Linux's ksys_ipc: ipc(call, first,
// second, third, ptr, fifth), the version in call's high 16 bits.
func sysIpc(t *Thread, a *sysArgs) (uint64, int) {
	call, version := a.Uint(0)&0xffff, a.Uint(0)>>16
	first, second, third, ptr, fifth := a.Int(1), a.Ulong(2), a.Ulong(3), a.Ptr(4), a.Ulong(5)
	ctl := func(cmd int) (int, bool, int) {
		c, new := ipcVersion(cmd)
		if ipcOldLayout(c, new) {
			return 0, false, abi.EINVAL
		}
		return c, new, 0
	}
	switch call {
	case ipcSemop:
		return t.semtimedop(first, ptr, uint64(int32(second)), 0)
	case ipcSemtimedop:
		return t.semtimedop(first, ptr, uint64(int32(second)), fifth)
	case ipcSemget:
		return t.semget(int32(first), int(int32(second)), uint32(third))
	case ipcSemctl:
		if ptr == 0 {
			return 0, abi.EINVAL
		}
		arg, e := t.get64(ptr)
		if e != 0 {
			return 0, e
		}
		cmd, _, e := ctl(int(int32(third)))
		if e != 0 {
			return 0, e
		}
		return t.semctl(first, int(int32(second)), cmd, arg)
	case ipcMsgsnd:
		return t.msgsnd(first, ptr, second, uint32(third))
	case ipcMsgrcv:
		if version != 0 {
			return t.msgrcv(first, ptr, second, int64(fifth), uint32(third))
		}
		if ptr == 0 {
			return 0, abi.EINVAL
		}
		k, e := getStruct(t, ptr, abi.IPCKludgeLayout)
		if e != 0 {
			return 0, e
		}
		return t.msgrcv(first, k.Msgp, second, k.Type, uint32(third))
	case ipcMsgget:
		return t.msgget(int32(first), uint32(second))
	case ipcMsgctl:
		cmd, _, e := ctl(int(int32(second)))
		if e != 0 {
			return 0, e
		}
		return t.msgctl(first, cmd, ptr)
	case ipcShmat:
		if version == 1 {
			return 0, abi.EINVAL
		}
		r, e := t.shmat(first, ptr, uint32(second))
		if e != 0 {
			return 0, e
		}
		return 0, t.put64(third, r)
	case ipcShmdt:
		return t.shmdt(ptr)
	case ipcShmget:
		return t.shmget(int32(first), second, uint32(third))
	case ipcShmctl:
		cmd, _, e := ctl(int(int32(second)))
		if e != 0 {
			return 0, e
		}
		return t.shmctl(first, cmd, ptr)
	}
	return 0, abi.ENOSYS
}
