//go:build linux && !ppc64 && !ppc64le

package linux

import "golang.org/x/sys/unix"

// The host's termios requests: TCGETS2 and its setters, whose struct
// carries c_ispeed and c_ospeed as powerpc's TCGETS/TCSETS do (the host's
// plain TCGETS struct has no speeds on these architectures).
const (
	hostTCGETS  = unix.TCGETS2
	hostTCSETS  = unix.TCSETS2
	hostTCSETSW = unix.TCSETSW2
	hostTCSETSF = unix.TCSETSF2
)

// The host's FIOQSIZE (uapi asm-generic/ioctls.h).
const hostFIOQSIZE = 0x5460

// The host's file requests (fileioctl.go) that golang.org/x/sys/unix does
// not name, in the generic encoding (asm-generic/ioctl.h: read 2<<30,
// write 1<<30, none 0).
const (
	hostFS_IOC_GETVERSION = 0x80087601
	hostFS_IOC_SETVERSION = 0x40087602
	hostFS_IOC_FSGETXATTR = 0x801c581f
	hostFS_IOC_FSSETXATTR = 0x401c5820
	hostFIBMAP            = 0x1
	hostFIGETBSZ          = 0x2
	hostFS_IOC_GETFSLABEL = 0x81009431
	hostFS_IOC_SETFSLABEL = 0x41009432
)
