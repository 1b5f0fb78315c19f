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
