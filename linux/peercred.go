//go:build linux

package linux

import (
	"encoding/binary"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// SO_PEERCRED between guest processes. Every guest process is the
// runner's host process, so the host answers SO_PEERCRED of a Unix socket
// with the runner's pid and its ids whichever guest process made the
// other end. Linux records the peer's credentials (its thread group id
// and effective ids, af_unix.c init_peercred and copy_peercred) when
// socketpair makes both ends (the caller's, for each end), when a
// socket listens (the listener's, its own SO_PEERCRED and what a
// connecting socket gets) and when connect makes the server's end (the connecting
// process's, which the socket accept returns has). The runner keeps the
// same, by the host socket's inode number: socketpair and listen record
// the caller's (listen also by the socket's bound address); connect
// records the caller's for the connecting socket (before the host's
// connect) and, once it succeeded, gives the connecting socket the
// listener's (found by the address it is connected to, as getpeername
// gives it: the listening socket's bound address); accept gives the new socket the
// credentials its peer, the connecting socket, recorded (the peer found
// through the host's sock_diag, UNIX_DIAG_PEER). getsockopt(SO_PEERCRED)
// answers from them for a socket the runner knows, else the host's
// answer. Sockets of host processes are the host's.

// peerCred is a struct ucred's values as the guest sees them.
type peerCred struct {
	pid, uid, gid uint32
}

// peerCreds is what the runner knows of Unix sockets' credentials.
type peerCreds struct {
	peer      map[uint64]peerCred // a socket's peer's (SO_PEERCRED)
	connector map[uint64]peerCred // the process that connected a socket
	listener  map[string]peerCred // a listening socket's, by its bound address
}

// maxPeerCreds bounds each map: an entry is dropped when its socket is
// closed only by chance (an inode number is not reused until sockfs's
// counter wraps), so a program making many sockets would grow them.
const maxPeerCreds = 1 << 14

func (pc *peerCreds) put(m map[uint64]peerCred, ino uint64, c peerCred) {
	if len(m) >= maxPeerCreds {
		for k := range m {
			delete(m, k)
			break
		}
	}
	m[ino] = c
}

// myPeerCred is t's credentials as Linux records them for a peer: its
// process's id and its effective user and group ids.
func (t *Thread) myPeerCred() peerCred {
	return peerCred{pid: uint32(t.group.tgid), uid: t.cred.uid.e, gid: t.cred.gid.e}
}

// sockIno is the inode number of the socket at host descriptor fd, 0 if
// it is not a socket.
func sockIno(fd int) uint64 {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFSOCK {
		return 0
	}
	return st.Ino
}

// unixSocket reports whether host descriptor fd is an AF_UNIX socket.
func unixSocket(fd int) bool {
	d, err := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_DOMAIN)
	return err == nil && d == unix.AF_UNIX
}

func (p *Process) peers() *peerCreds {
	if p.peerCreds == nil {
		p.peerCreds = &peerCreds{peer: map[uint64]peerCred{}, connector: map[uint64]peerCred{}, listener: map[string]peerCred{}}
	}
	return p.peerCreds
}

// socketpairMade records t's credentials for both ends of a new pair.
func (t *Thread) socketpairMade(fds [2]int) {
	if !unixSocket(fds[0]) {
		return
	}
	pc := t.p.peers()
	for _, fd := range fds {
		if ino := sockIno(fd); ino != 0 {
			pc.put(pc.peer, ino, t.myPeerCred())
		}
	}
}

// listened records t's credentials for the listening socket at fd.
func (t *Thread) listened(fd int) {
	if !unixSocket(fd) {
		return
	}
	sa := make([]byte, 128)
	n := uint32(len(sa))
	if _, _, e := unix.RawSyscall(unix.SYS_GETSOCKNAME, uintptr(fd), uintptr(unsafe.Pointer(&sa[0])), uintptr(unsafe.Pointer(&n))); e != 0 || n <= 2 {
		return
	}
	pc := t.p.peers()
	if len(pc.listener) >= maxPeerCreds {
		clear(pc.listener)
	}
	pc.listener[string(sa[:min(n, 128)])] = t.myPeerCred()
	if ino := sockIno(fd); ino != 0 {
		pc.put(pc.peer, ino, t.myPeerCred()) // its own SO_PEERCRED too
	}
}

// connecting records t's credentials as the connector's of the socket
// at fd, before the host's connect: the process that accepts may run as
// soon as the host connected, before t has the process lock back.
func (t *Thread) connecting(fd int) {
	if !unixSocket(fd) {
		return
	}
	if ino := sockIno(fd); ino != 0 {
		pc := t.p.peers()
		pc.put(pc.connector, ino, t.myPeerCred())
	}
}

// connected records, after t connected the socket at fd, the listener's
// credentials as its peer's.
func (t *Thread) connected(fd int) {
	pc := t.p.peerCreds
	if pc == nil || !unixSocket(fd) {
		return
	}
	ino := sockIno(fd)
	if ino == 0 {
		return
	}
	sa := make([]byte, 128)
	n := uint32(len(sa))
	if _, _, e := unix.RawSyscall(unix.SYS_GETPEERNAME, uintptr(fd), uintptr(unsafe.Pointer(&sa[0])), uintptr(unsafe.Pointer(&n))); e != 0 {
		return
	}
	if c, ok := pc.listener[string(sa[:min(n, 128)])]; ok {
		pc.put(pc.peer, ino, c)
	}
}

// accepted records, for the socket accept returned at fd, the
// credentials its connecting peer recorded.
func (t *Thread) accepted(fd int) {
	pc := t.p.peerCreds
	if pc == nil || len(pc.connector) == 0 || !unixSocket(fd) {
		return
	}
	ino := sockIno(fd)
	if peer := unixPeerIno(ino); peer != 0 {
		if c, ok := pc.connector[peer]; ok {
			pc.put(pc.peer, ino, c)
		}
	}
}

// peerCredOf returns the credentials the runner knows of the peer of the
// socket at fd.
func (t *Thread) peerCredOf(fd int) (peerCred, bool) {
	pc := t.p.peerCreds
	if pc == nil {
		return peerCred{}, false
	}
	c, ok := pc.peer[sockIno(fd)]
	return c, ok
}

// sock_diag for AF_UNIX (uapi linux/sock_diag.h, linux/unix_diag.h).
const (
	sockDiagByFamily = 20
	udiagShowPeer    = 0x4
	unixDiagPeer     = 2
)

// unixPeerIno asks the host's sock_diag for the inode number of the peer
// of the Unix socket with inode ino (0 if it cannot tell).
func unixPeerIno(ino uint64) uint64 {
	if ino == 0 || ino > 0xffffffff {
		return 0
	}
	fd, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, unix.NETLINK_SOCK_DIAG)
	if err != nil {
		return 0
	}
	defer unix.Close(fd)
	ne := binary.NativeEndian
	hl, rl := abi.NlMsghdrLayout.Size(), abi.UnixDiagReqLayout.Size()
	req := make([]byte, hl+rl)
	abi.NlMsghdrLayout.Encode(ne, req, &abi.NlMsghdr{Len: uint32(hl + rl), Type: sockDiagByFamily, Flags: unix.NLM_F_REQUEST})
	abi.UnixDiagReqLayout.Encode(ne, req[hl:], &abi.UnixDiagReq{
		Family: unix.AF_UNIX, States: 0xffffffff, Ino: uint32(ino), Show: udiagShowPeer,
		Cookie: [2]uint32{0xffffffff, 0xffffffff}, // no cookie
	})
	if err := unix.Sendto(fd, req, 0, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		return 0
	}
	buf := make([]byte, 1024)
	n, _, err := unix.Recvfrom(fd, buf, 0)
	ml := abi.UnixDiagMsgLayout.Size()
	if err != nil || n < hl+ml {
		return 0
	}
	var h abi.NlMsghdr
	var m abi.UnixDiagMsg
	abi.NlMsghdrLayout.Decode(ne, buf, &h)
	abi.UnixDiagMsgLayout.Decode(ne, buf[hl:], &m)
	if h.Type != sockDiagByFamily || m.Ino != uint32(ino) || int(h.Len) > n || int(h.Len) < hl+ml {
		return 0
	}
	// The attributes, each aligned to 4 bytes.
	al := abi.RtattrLayout.Size()
	for a := buf[hl+ml : h.Len]; len(a) >= al; {
		var at abi.Rtattr
		abi.RtattrLayout.Decode(ne, a, &at)
		if int(at.Len) < al || int(at.Len) > len(a) {
			break
		}
		if at.Type == unixDiagPeer && int(at.Len) >= al+4 {
			var peer uint32
			abi.Uint32Layout.Decode(ne, a[al:], &peer)
			return uint64(peer)
		}
		a = a[min((int(at.Len)+3)&^3, len(a)):]
	}
	return 0
}
