//go:build linux

package linux

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Translation of the powerpc struct termios (linux/abi/termios.go) to the
// host's and back, with the host's own constants and layout
// (golang.org/x/sys/unix for the host's GOARCH); the host's requests are
// hostTCGETS… (termios_tcgets2.go, termios_ppc64x.go).

// same lists the bits powerpc shares with the generic values
// (asm-generic/termbits-common.h).
func same(vs ...uint32) []bitPair {
	p := make([]bitPair, len(vs))
	for i, v := range vs {
		p[i] = bitPair{v, v}
	}
	return p
}

// baudCodes are the CBAUD codes: powerpc's 0..0x1f and the host's
// (generic: B0..B38400 the same, then CBAUDEX|1..15, BOTHER = CBAUDEX).
func baudCodes(shift uint) fieldMap {
	f := fieldMap{gmask: abi.CBAUD << shift, hmask: unix.CBAUD << shift}
	for c := uint32(0); c <= abi.BOTHER; c++ {
		h := c
		switch {
		case c == abi.BOTHER:
			h = unix.BOTHER
		case c >= 0x10:
			h = unix.CBAUDEX | (c - 0x10 + 1)
		}
		f.g = append(f.g, c<<shift)
		f.h = append(f.h, h<<shift)
	}
	return f
}

var (
	termIflag = flagMap{bits: append(same(unix.IGNBRK, unix.BRKINT, unix.IGNPAR, unix.PARMRK, unix.INPCK, unix.ISTRIP,
		unix.INLCR, unix.IGNCR, unix.ICRNL, unix.IXANY),
		bitPair{abi.IXON, unix.IXON}, bitPair{abi.IXOFF, unix.IXOFF}, bitPair{abi.IUCLC, unix.IUCLC},
		bitPair{abi.IMAXBEL, unix.IMAXBEL}, bitPair{abi.IUTF8, unix.IUTF8})}
	termOflag = flagMap{
		bits: append(same(unix.OPOST, unix.OCRNL, unix.ONOCR, unix.ONLRET, unix.OFILL, unix.OFDEL),
			bitPair{abi.ONLCR, unix.ONLCR}, bitPair{abi.OLCUC, unix.OLCUC}, bitPair{abi.FFDLY, unix.FFDLY},
			bitPair{abi.BSDLY, unix.BSDLY}, bitPair{abi.VTDLY, unix.VTDLY}),
		fields: []fieldMap{
			// The host has NL0 and NL1 only.
			{abi.NLDLY, unix.NLDLY, []uint32{0, 0x100}, []uint32{unix.NL0, unix.NL1}},
			{abi.TABDLY, unix.TABDLY, []uint32{0, 0x400, 0x800, 0xc00}, []uint32{unix.TAB0, unix.TAB1, unix.TAB2, unix.TAB3}},
			{abi.CRDLY, unix.CRDLY, []uint32{0, 0x1000, 0x2000, 0x3000}, []uint32{unix.CR0, unix.CR1, unix.CR2, unix.CR3}},
		},
	}
	termCflag = flagMap{
		bits: []bitPair{{abi.CSTOPB, unix.CSTOPB}, {abi.CREAD, unix.CREAD}, {abi.PARENB, unix.PARENB},
			{abi.PARODD, unix.PARODD}, {abi.HUPCL, unix.HUPCL}, {abi.CLOCAL, unix.CLOCAL},
			{abi.CMSPAR, unix.CMSPAR}, {abi.CRTSCTS, unix.CRTSCTS}},
		fields: []fieldMap{
			{abi.CSIZE, unix.CSIZE, []uint32{0, 0x100, 0x200, 0x300}, []uint32{unix.CS5, unix.CS6, unix.CS7, unix.CS8}},
			baudCodes(0),
			baudCodes(unix.IBSHIFT),
		},
	}
	termLflag = flagMap{bits: []bitPair{{abi.ISIG, unix.ISIG}, {abi.ICANON, unix.ICANON}, {abi.XCASE, unix.XCASE},
		{abi.ECHO, unix.ECHO}, {abi.ECHOE, unix.ECHOE}, {abi.ECHOK, unix.ECHOK}, {abi.ECHONL, unix.ECHONL},
		{abi.NOFLSH, unix.NOFLSH}, {abi.TOSTOP, unix.TOSTOP}, {abi.ECHOCTL, unix.ECHOCTL}, {abi.ECHOPRT, unix.ECHOPRT},
		{abi.ECHOKE, unix.ECHOKE}, {abi.FLUSHO, unix.FLUSHO}, {abi.PENDIN, unix.PENDIN}, {abi.IEXTEN, unix.IEXTEN},
		{abi.EXTPROC, unix.EXTPROC}}}
	// termCc maps powerpc c_cc indices to the host's.
	termCc = [...][2]int{
		{abi.VINTR, unix.VINTR}, {abi.VQUIT, unix.VQUIT}, {abi.VERASE, unix.VERASE}, {abi.VKILL, unix.VKILL},
		{abi.VEOF, unix.VEOF}, {abi.VMIN, unix.VMIN}, {abi.VEOL, unix.VEOL}, {abi.VTIME, unix.VTIME},
		{abi.VEOL2, unix.VEOL2}, {abi.VSWTC, unix.VSWTC}, {abi.VWERASE, unix.VWERASE}, {abi.VREPRINT, unix.VREPRINT},
		{abi.VSUSP, unix.VSUSP}, {abi.VSTART, unix.VSTART}, {abi.VSTOP, unix.VSTOP}, {abi.VLNEXT, unix.VLNEXT},
		{abi.VDISCARD, unix.VDISCARD},
	}
)

// guestTermios translates the host's termios to powerpc's.
func guestTermios(h *unix.Termios) abi.Termios {
	g := abi.Termios{
		Iflag: termIflag.toGuest(h.Iflag), Oflag: termOflag.toGuest(h.Oflag),
		Cflag: termCflag.toGuest(h.Cflag), Lflag: termLflag.toGuest(h.Lflag),
		Line: h.Line, Ispeed: h.Ispeed, Ospeed: h.Ospeed,
	}
	for _, c := range termCc {
		g.Cc[c[0]] = h.Cc[c[1]]
	}
	return g
}

// hostTermios translates powerpc's termios to the host's.
func hostTermios(g *abi.Termios) *unix.Termios {
	h := &unix.Termios{
		Iflag: termIflag.toHost(g.Iflag), Oflag: termOflag.toHost(g.Oflag),
		Cflag: termCflag.toHost(g.Cflag), Lflag: termLflag.toHost(g.Lflag),
		Line: g.Line, Ispeed: g.Ispeed, Ospeed: g.Ospeed,
	}
	for _, c := range termCc {
		h.Cc[c[1]] = g.Cc[c[0]]
	}
	return h
}

// termiosIoctl handles the terminal ioctls whose numbers or structures
// differ on powerpc; ok is false for other requests.
func termiosIoctl(t *Thread, fd int, req, arg uint64) (ret uint64, errno int, ok bool) {
	switch req {
	case abi.TCGETS:
		h, err := unix.IoctlGetTermios(fd, hostTCGETS)
		if err != nil {
			return 0, errnoOf(err), true
		}
		g := guestTermios(h)
		return 0, putStruct(t, arg, abi.TermiosLayout, &g), true
	case abi.TCSETS, abi.TCSETSW, abi.TCSETSF:
		g, e := getStruct(t, arg, abi.TermiosLayout)
		if e != 0 {
			return 0, e, true
		}
		hreq := map[uint64]uint{abi.TCSETS: hostTCSETS, abi.TCSETSW: hostTCSETSW, abi.TCSETSF: hostTCSETSF}[req]
		var err error
		h := hostTermios(&g)
		// TCSETSW and TCSETSF wait for the output to drain, restarted
		// after a signal (Linux's set_termios: -ERESTARTSYS).
		if req != abi.TCSETS {
			if e := t.drain(fd, errRestart); e != 0 {
				return 0, e, true
			}
		}
		t.block(func() { err = unix.IoctlSetTermios(fd, hreq, h) })
		return 0, errnoOf(err), true
	case abi.TIOCSWINSZ:
		g, e := getStruct(t, arg, abi.WinsizeLayout)
		if e != 0 {
			return 0, e, true
		}
		ws := &unix.Winsize{Row: g.Row, Col: g.Col, Xpixel: g.Xpixel, Ypixel: g.Ypixel}
		return 0, errnoOf(unix.IoctlSetWinsize(fd, unix.TIOCSWINSZ, ws)), true
	case abi.TCFLSH, abi.TCXONC, abi.TCSBRK:
		hreq := map[uint64]uint{abi.TCFLSH: unix.TCFLSH, abi.TCXONC: unix.TCXONC, abi.TCSBRK: unix.TCSBRK}[req]
		// TCSBRK (tcdrain, and a break after it for 0) waits for the
		// output to drain; a signal ends it with EINTR (tty_ioctl).
		if req == abi.TCSBRK {
			if e := t.drain(fd, abi.EINTR); e != 0 {
				return 0, e, true
			}
		}
		var err error
		t.block(func() { err = unix.IoctlSetInt(fd, hreq, int(int32(arg))) })
		return 0, errnoOf(err), true
	case abi.TIOCOUTQ:
		v, err := unix.IoctlGetInt(fd, unix.TIOCOUTQ)
		if err != nil {
			return 0, errnoOf(err), true
		}
		return 0, t.put32(arg, uint32(v)), true
	case abi.TIOCGPTN, abi.TIOCGPTLCK:
		hreq := map[uint64]uint{abi.TIOCGPTN: unix.TIOCGPTN, abi.TIOCGPTLCK: unix.TIOCGPTLCK}[req]
		v, err := unix.IoctlGetUint32(fd, hreq)
		if err != nil {
			return 0, errnoOf(err), true
		}
		return 0, t.put32(arg, v), true
	case abi.TIOCSPTLCK:
		v, e := t.get32(arg)
		if e != 0 {
			return 0, e, true
		}
		return 0, errnoOf(unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, int(int32(v)))), true
	case abi.TIOCPKT, abi.TIOCGPKT:
		// The host master's packet mode (its reads then start with the
		// status byte, the host driver's). A descriptor that is no
		// pseudo-terminal is ENOTTY before the argument is read (Linux
		// reaches pty_set_pktmode's get_user only through a pty's
		// ioctl): the host's TIOCGPKT says which it is.
		mode, err := unix.IoctlGetInt(fd, unix.TIOCGPKT)
		if err != nil {
			return 0, errnoOf(err), true
		}
		if req == abi.TIOCGPKT {
			return 0, t.put32(arg, uint32(mode)), true
		}
		v, e := t.get32(arg)
		if e != 0 {
			return 0, e, true
		}
		return 0, errnoOf(unix.IoctlSetPointerInt(fd, unix.TIOCPKT, int(int32(v)))), true
	case abi.TIOCGPTPEER:
		// A descriptor of the slave, opened with open's flags (O_RDWR,
		// O_NOCTTY, O_CLOEXEC...).
		r, _, err := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), unix.TIOCGPTPEER, uintptr(openFlags(arg)))
		if err != 0 {
			return 0, int(err), true
		}
		g, e := t.newFD(int(r), nil)
		return g, e, true
	}
	return 0, 0, false
}

// drain waits, interruptibly, until host terminal fd's driver holds no
// output (TIOCOUTQ 0), before a request whose host call waits for that
// (Linux's tty_wait_until_sent: TCSETSW, TCSETSF, TCSBRK), which a guest
// signal would not reach: a serial line stopped by flow control holds its
// output for good. A signal for the thread ends the wait with intr, the
// run's end with errExit; the host's own wait is then at most what the
// driver sends in the meantime. A pseudo-terminal keeps no output in its
// driver (TIOCOUTQ is always 0): its drain never waits, on Linux either.
func (t *Thread) drain(fd, intr int) int {
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		if n, err := unix.IoctlGetInt(fd, unix.TIOCOUTQ); err != nil || n == 0 {
			return 0
		}
		switch t.waitFor(nil, pause) {
		case waitExit:
			return errExit
		case waitSignal:
			return intr
		}
	}
}
