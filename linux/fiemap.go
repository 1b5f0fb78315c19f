//go:build linux

package linux

import (
	"encoding/binary"
	"math"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// fiemapChunk is the most extents the runner asks the host for at once:
// a guest may ask for up to FIEMAP_MAX_EXTENTS (some 76 million), and
// Linux writes each extent to the caller's memory as it finds it, so a
// larger request is answered by several host calls, each going on where
// the last one's last extent ended.
const fiemapChunk = 1024

// fiemapMaxExtents is FIEMAP_MAX_EXTENTS (fs/ioctl.c): UINT_MAX over the
// size of an extent.
var fiemapMaxExtents = uint32(uint64(math.MaxUint32) / uint64(abi.FiemapExtentLayout.Size()))

// fiemapIoctl answers FS_IOC_FIEMAP on host descriptor fd, the guest's
// struct fiemap at addr, with the host file's extents (Linux's
// ioctl_fiemap and fiemap_prep, fs/ioctl.c): a file whose file system maps
// no extents (a pipe, a socket, procfs, tmpfs) is EOPNOTSUPP before the
// header is read, an extent count over FIEMAP_MAX_EXTENTS or an empty
// range EINVAL, flags the file system does not know EBADR with those
// flags given back in fm_flags. The header goes back to the guest with the
// flags and the number of extents mapped, also after an error, as Linux
// writes it; an extent or header the guest cannot be written is EFAULT.
func fiemapIoctl(t *Thread, fd int, addr uint64) int {
	m, e := getStruct(t, addr, abi.FiemapLayout)
	if e != 0 {
		// Linux asks whether the file has extents before it reads
		// the header: the host, given no header, says EOPNOTSUPP or
		// EFAULT in the same order.
		return hostFiemap(t, fd, nil)
	}
	hsize, xsize := abi.FiemapLayout.Size(), abi.FiemapExtentLayout.Size()
	want := m.ExtentCount
	if want > fiemapMaxExtents {
		want = 0 // the host's EINVAL; nothing is copied
	}
	end := m.Start + m.Length
	if end < m.Start {
		end = math.MaxUint64
	}
	buf := make([]byte, hsize+xsize*int(min(want, fiemapChunk)))
	var mapped uint32
	errno := 0
	for h := m; ; {
		h.MappedExtents = 0
		h.ExtentCount = min(want-mapped, fiemapChunk)
		if m.ExtentCount > fiemapMaxExtents {
			h.ExtentCount = m.ExtentCount
		}
		abi.FiemapLayout.Encode(binary.NativeEndian, buf, &h)
		errno = hostFiemap(t, fd, buf)
		var got abi.Fiemap
		abi.FiemapLayout.Decode(binary.NativeEndian, buf, &got)
		m.Flags = got.Flags
		if errno != 0 {
			break
		}
		if want == 0 {
			mapped = got.MappedExtents // counted, not copied
			break
		}
		n := int(min(got.MappedExtents, h.ExtentCount))
		var last abi.FiemapExtent
		out := make([]byte, n*xsize)
		for i := 0; i < n; i++ {
			abi.FiemapExtentLayout.Decode(binary.NativeEndian, buf[hsize+i*xsize:], &last)
			abi.FiemapExtentLayout.Encode(t.p.order, out[i*xsize:], &last)
		}
		if errno = t.write(addr+uint64(hsize)+uint64(mapped)*uint64(xsize), out); errno != 0 {
			break
		}
		mapped += uint32(n)
		if n == 0 || uint32(n) < h.ExtentCount || mapped == want || last.Flags&abi.FiemapExtentLast != 0 {
			break
		}
		next := last.Logical + last.Length
		if next <= h.Start || next >= end {
			break
		}
		h.Start, h.Length = next, end-next
	}
	m.MappedExtents = mapped
	if e := putStruct(t, addr, abi.FiemapLayout, &m); e != 0 {
		return e
	}
	return errno
}

// hostFiemap makes the host's FS_IOC_FIEMAP on fd with buf, a struct
// fiemap in host order and room for its extents (nil: no header at all),
// and gives its errno.
func hostFiemap(t *Thread, fd int, buf []byte) int {
	var p unsafe.Pointer
	if len(buf) > 0 {
		p = unsafe.Pointer(&buf[0])
	}
	var errno unix.Errno
	t.block(func() {
		_, _, errno = unix.Syscall(unix.SYS_IOCTL, uintptr(fd), abi.FS_IOC_FIEMAP, uintptr(p))
	})
	return int(errno)
}
