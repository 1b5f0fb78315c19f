//go:build linux

package linux

import (
	"sync"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// The run's host and domain names. A guest never sets the host's: every
// guest process of a run (fork and execve inherit it, as Linux's nsproxy
// is shared) sees one pair of names, the host's uname nodename and
// domainname when the run starts, as a private UTS namespace (unshare
// --uts) would. sethostname and setdomainname set them (sys_proc.go);
// uname (so gethostname) and reads of /proc/sys/kernel/hostname and
// domainname (procsys.go) answer them.

// utsNames are the run's names, each as Linux keeps it: __NEW_UTS_LEN
// bytes and a NUL, the bytes after a set name's length cleared.
type utsNames struct {
	mu     sync.Mutex
	node   [abi.NewUtsLen + 1]byte
	domain [abi.NewUtsLen + 1]byte
}

// utsField selects one of the names a guest may set.
type utsField int

const (
	utsNode   utsField = iota // the host name (sethostname, kernel/hostname)
	utsDomain                 // the NIS domain name (setdomainname, kernel/domainname)
)

// initUTS takes the host's names now, at the run's start.
func (p *Process) initUTS() {
	var u unix.Utsname
	if unix.Uname(&u) != nil {
		return // empty names, as a kernel that could not say
	}
	copy(p.uts.node[:abi.NewUtsLen], u.Nodename[:])
	copy(p.uts.domain[:abi.NewUtsLen], u.Domainname[:])
}

// get returns field f of the run's names, all its bytes (uname copies
// them all, those after a NUL in a set name too).
func (u *utsNames) get(f utsField) [abi.NewUtsLen + 1]byte {
	u.mu.Lock()
	defer u.mu.Unlock()
	if f == utsDomain {
		return u.domain
	}
	return u.node
}

// name returns field f of the run's names up to its first NUL.
func (u *utsNames) name(f utsField) string {
	b := u.get(f)
	return unix.ByteSliceToString(b[:])
}

// set makes field f the len(b) bytes of b (at most __NEW_UTS_LEN), the
// rest cleared, as Linux's memcpy and memset.
func (u *utsNames) set(f utsField, b []byte) {
	u.mu.Lock()
	defer u.mu.Unlock()
	dst := &u.node
	if f == utsDomain {
		dst = &u.domain
	}
	*dst = [abi.NewUtsLen + 1]byte{}
	copy(dst[:abi.NewUtsLen], b)
}
