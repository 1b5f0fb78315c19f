//go:build linux && (ppc64 || ppc64le)

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// The host's termios requests on a powerpc host: there the plain TCGETS
// struct carries c_ispeed and c_ospeed (Linux has no TCGETS2 on powerpc).
const (
	hostTCGETS  = unix.TCGETS
	hostTCSETS  = unix.TCSETS
	hostTCSETSW = unix.TCSETSW
	hostTCSETSF = unix.TCSETSF
)

// The host's FIOQSIZE: powerpc's, the guest's.
const hostFIOQSIZE = abi.FIOQSIZE

// The host's file requests (fileioctl.go) on a powerpc host: the guest's.
const (
	hostFS_IOC_GETVERSION = abi.FS_IOC_GETVERSION
	hostFS_IOC_SETVERSION = abi.FS_IOC_SETVERSION
	hostFS_IOC_FSGETXATTR = abi.FS_IOC_FSGETXATTR
	hostFS_IOC_FSSETXATTR = abi.FS_IOC_FSSETXATTR
	hostFIBMAP            = abi.FIBMAP
	hostFIGETBSZ          = abi.FIGETBSZ
	hostFS_IOC_GETFSLABEL = abi.FS_IOC_GETFSLABEL
	hostFS_IOC_SETFSLABEL = abi.FS_IOC_SETFSLABEL
)
