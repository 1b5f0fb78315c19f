//go:build linux

package linux

import (
	"strconv"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// /proc/self/mem, answered for the guest: the file's offsets are the
// guest's addresses, and reading or writing it reads or writes the guest's
// memory of the address space it was opened in (a child that inherits the
// descriptor still reaches its parent's memory, as on Linux, where the
// file holds the mm it was opened for). As Linux's mem_rw does with
// FOLL_FORCE, an access ignores the pages' protection (a debugger writes a
// breakpoint into read-only text this way) but needs the pages mapped: it
// stops at the first unmapped page, returning what it moved so far, or EIO
// when that was nothing. The offset is unsigned (Linux sets
// FMODE_UNSIGNED_OFFSET), though pread's and preadv's negative one is
// EINVAL as for any file; lseek takes SEEK_SET and SEEK_CUR only. The
// vector calls (readv, preadv, preadv2 and their writes) move one
// iovec at a time, as Linux's do_loop_readv_writev; a read of a
// write-only descriptor, or a write of a read-only one, is EBADF.
//
// The guest's descriptor is a host memfd, which holds the offset of
// read/write/lseek (shared by dup'ed descriptors, as a file description's
// is); its contents are never used. fdTable.memfds records which host
// descriptors these are.

// procMemOpen opens /proc/PID/mem of the process whose address space is
// mm, with open flags flags. The memory file is reopened with the open's
// access mode, which the host descriptor then keeps for procMemAccess.
func (t *Thread) procMemOpen(mm *addressSpace, flags int) (int, int) {
	mfd, err := unix.MemfdCreate("ppc64emu-proc-mem", unix.MFD_CLOEXEC)
	if err != nil {
		return -1, errnoOf(err)
	}
	// newFD sets close-on-exec from the guest's flags: the reopen leaves
	// it clear.
	fd, err := unix.Open("/proc/self/fd/"+strconv.Itoa(mfd), flags&unix.O_ACCMODE, 0)
	unix.Close(mfd)
	if err != nil {
		return -1, errnoOf(err)
	}
	ft := t.files
	if ft.memfds == nil {
		ft.memfds = map[int]*addressSpace{}
	}
	ft.memfds[fd] = mm
	return fd, 0
}

// procMemAccess is the check of vfs_read (write false) or vfs_write on a
// /proc/self/mem descriptor h: EBADF unless it was opened for that.
func procMemAccess(h int, write bool) int {
	ev := int16(unix.POLLIN)
	if write {
		ev = unix.POLLOUT
	}
	if !openFor(h, ev) {
		return abi.EBADF
	}
	return 0
}

// memDupped records host descriptor nh, a dup of h, as a /proc/self/mem
// descriptor if h is one.
func (ft *fdTable) memDupped(h, nh int) {
	if mm := ft.memfds[h]; mm != nil {
		ft.memfds[nh] = mm
	}
}

// memCopied records in c (a copy of ft for a new process) host descriptor
// nh, c's copy of ft's h, if h is a /proc/self/mem descriptor.
func (ft *fdTable) memCopied(c *fdTable, h, nh int) {
	if mm := ft.memfds[h]; mm != nil {
		if c.memfds == nil {
			c.memfds = map[int]*addressSpace{}
		}
		c.memfds[nh] = mm
	}
}

// procMemRW is read/write (off < 0: at the descriptor's offset, which it
// advances) or pread64/pwrite64 (at off, which their callers checked is
// not negative) of a /proc/self/mem descriptor reaching mm: a[1] is the
// caller's buffer, a[2] its size.
func (t *Thread) procMemRW(mm *addressSpace, a *sysArgs, write bool, off int64) (uint64, int) {
	return t.procMemRWv(mm, a.Fd(0), []abi.Iovec{{Base: a.Ptr(1), Len: a.Size(2)}}, write, off, 0)
}

// procMemAt is a read or write of a /proc/self/mem descriptor reaching mm
// at guest address addr (a[1] the caller's buffer, a[2] its size),
// advancing the descriptor's offset past what moved if atPos.
func (t *Thread) procMemAt(mm *addressSpace, a *sysArgs, write bool, addr uint64, atPos bool) (uint64, int) {
	h := t.fd(a.Fd(0))
	buf, n := a.Ptr(1), a.Size(2)
	done := uint64(0)
	for done < n {
		// At most to the end of the page, as Linux moves it a page at a
		// time and stops at the first page it cannot reach.
		k := min(n-done, mem.PageSize-(addr+done)&(mem.PageSize-1), 1<<20)
		b := t.ioBuf(k)
		var err error
		if write {
			if t.mm.Mem.Read(buf+done, b) != nil {
				return 0, abi.EFAULT
			}
			err = mm.Mem.Poke(addr+done, b)
		} else {
			err = mm.Mem.Peek(addr+done, b)
			if err == nil {
				if e := t.write(buf+done, b); e != 0 {
					return 0, e
				}
			}
		}
		if err != nil {
			break
		}
		done += k
	}
	if done == 0 && n > 0 {
		return 0, abi.EIO
	}
	if atPos {
		if _, err := unix.Seek(h, int64(addr+done), unix.SEEK_SET); err != nil {
			return 0, errnoOf(err)
		}
	}
	return done, 0
}

// procMemRWv is readv/writev (off < 0) or preadv/pwritev at off of a
// /proc/self/mem descriptor reaching mm: as Linux's do_loop_readv_writev
// for a file without read_iter, one read or write per iovec at the
// descriptor's offset (advanced by what moved) or at off, stopping after
// a short one; an error counts only when nothing moved. The open's access
// mode is checked first (do_iter_read: EBADF), then an RWF_ flag of
// preadv2 or pwritev2 but RWF_HIPRI is EOPNOTSUPP when there is
// something to move.
func (t *Thread) procMemRWv(mm *addressSpace, fd int, iov []abi.Iovec, write bool, off int64, flags int) (uint64, int) {
	h := t.fd(fd)
	if e := procMemAccess(h, write); e != 0 {
		return 0, e
	}
	var total uint64
	for _, v := range iov {
		total += v.Len
	}
	if total > 0 && flags&^unix.RWF_HIPRI != 0 {
		return 0, abi.EOPNOTSUPP
	}
	addr := uint64(off)
	if off < 0 {
		cur, err := unix.Seek(h, 0, unix.SEEK_CUR)
		if err != nil {
			return 0, errnoOf(err)
		}
		addr = uint64(cur)
	}
	total = 0
	for _, v := range iov {
		a := sysArgs{uint64(fd), v.Base, v.Len}
		n, e := t.procMemAt(mm, &a, write, addr+total, off < 0)
		if e != 0 {
			if total > 0 {
				break
			}
			return 0, e
		}
		total += n
		if n != v.Len {
			break
		}
	}
	return total, 0
}
