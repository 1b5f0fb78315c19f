//go:build linux && (ppc64 || ppc64le)

package ptrace

import (
	"encoding/binary"
	"unsafe"

	"golang.org/x/sys/unix"
)

// System is the Syscalls of the running kernel, with golang.org/x/sys/unix.
type System struct{}

var _ Syscalls = System{}

func ptrace(req int, pid int, addr, data uintptr) error {
	_, _, errno := unix.Syscall6(unix.SYS_PTRACE, uintptr(req), uintptr(pid), addr, data, 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// ptracePtr is ptrace with a pointer as data, converted in the system call
// expression itself so that the pointed-to memory stays valid.
func ptracePtr(req int, pid int, addr uintptr, data unsafe.Pointer) error {
	_, _, errno := unix.Syscall6(unix.SYS_PTRACE, uintptr(req), uintptr(pid), addr, uintptr(data), 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// PeekWord implements Syscalls with PTRACE_PEEKDATA (the raw system call
// stores the word at data).
func (System) PeekWord(pid int, addr uint64) ([WordSize]byte, error) {
	var v uint64
	err := ptracePtr(PTRACE_PEEKDATA, pid, uintptr(addr), unsafe.Pointer(&v))
	var w [WordSize]byte
	binary.NativeEndian.PutUint64(w[:], v)
	return w, err
}

// PokeWord implements Syscalls with PTRACE_POKEDATA.
func (System) PokeWord(pid int, addr uint64, w [WordSize]byte) error {
	return ptrace(PTRACE_POKEDATA, pid, uintptr(addr), uintptr(binary.NativeEndian.Uint64(w[:])))
}

// ReadVM implements Syscalls with process_vm_readv.
func (System) ReadVM(pid int, addr uint64, p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	local := []unix.Iovec{{Base: &p[0]}}
	local[0].SetLen(len(p))
	remote := []unix.RemoteIovec{{Base: uintptr(addr), Len: len(p)}}
	return unix.ProcessVMReadv(pid, local, remote, 0)
}

// WriteVM implements Syscalls with process_vm_writev.
func (System) WriteVM(pid int, addr uint64, p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	local := []unix.Iovec{{Base: &p[0]}}
	local[0].SetLen(len(p))
	remote := []unix.RemoteIovec{{Base: uintptr(addr), Len: len(p)}}
	return unix.ProcessVMWritev(pid, local, remote, 0)
}

// Transfer implements Syscalls: buffer requests pass buf as data; the
// regset requests pass an iovec for it.
func (System) Transfer(req int, pid int, addr uint64, buf []byte) error {
	if len(buf) == 0 {
		return unix.EINVAL
	}
	switch req {
	case PTRACE_GETREGSET, PTRACE_SETREGSET:
		iov := unix.Iovec{Base: &buf[0]}
		iov.SetLen(len(buf))
		return ptracePtr(req, pid, uintptr(addr), unsafe.Pointer(&iov))
	}
	return ptracePtr(req, pid, uintptr(addr), unsafe.Pointer(&buf[0]))
}

// NewThread returns the Thread of a traced, stopped thread id on this host,
// with the host's byte order and the default register sets.
func NewThread(tid int) *Thread {
	return &Thread{Pid: tid, Sys: System{}, Order: binary.NativeEndian}
}
