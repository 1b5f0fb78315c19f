//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Translation of the powerpc struct termios (linux/abi/termios.go) to the
// host's and back, with the host's own constants and layout
// (golang.org/x/sys/unix for the host's GOARCH); the host's requests are
// hostTCGETS… (termios_tcgets2.go, termios_ppc64x.go).

// bitPair is one flag bit: its powerpc and host values.
type bitPair struct{ g, h uint32 }

// fieldMap is a multi-bit field: its masks and its values, powerpc and
// host, index for index.
type fieldMap struct {
	gmask, hmask uint32
	g, h         []uint32
}

// termFlags translates one flag word.
type termFlags struct {
	bits   []bitPair
	fields []fieldMap
}

func (m *termFlags) toHost(v uint32) uint32 { return m.convert(v, true) }

func (m *termFlags) toGuest(v uint32) uint32 { return m.convert(v, false) }

// convert translates flag word v from powerpc's values to the host's
// (toHost) or back.
func (m *termFlags) convert(v uint32, toHost bool) uint32 {
	var out uint32
	for _, b := range m.bits {
		from, to := b.g, b.h
		if !toHost {
			from, to = b.h, b.g
		}
		if v&from != 0 {
			out |= to
		}
	}
	for _, f := range m.fields {
		mask, from, to := f.gmask, f.g, f.h
		if !toHost {
			mask, from, to = f.hmask, f.h, f.g
		}
		for i, x := range from {
			if v&mask == x {
				out |= to[i]
				break
			}
		}
	}
	return out
}

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
	termIflag = termFlags{bits: append(same(unix.IGNBRK, unix.BRKINT, unix.IGNPAR, unix.PARMRK, unix.INPCK, unix.ISTRIP,
		unix.INLCR, unix.IGNCR, unix.ICRNL, unix.IXANY),
		bitPair{abi.IXON, unix.IXON}, bitPair{abi.IXOFF, unix.IXOFF}, bitPair{abi.IUCLC, unix.IUCLC},
		bitPair{abi.IMAXBEL, unix.IMAXBEL}, bitPair{abi.IUTF8, unix.IUTF8})}
	termOflag = termFlags{
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
	termCflag = termFlags{
		bits: []bitPair{{abi.CSTOPB, unix.CSTOPB}, {abi.CREAD, unix.CREAD}, {abi.PARENB, unix.PARENB},
			{abi.PARODD, unix.PARODD}, {abi.HUPCL, unix.HUPCL}, {abi.CLOCAL, unix.CLOCAL},
			{abi.CMSPAR, unix.CMSPAR}, {abi.CRTSCTS, unix.CRTSCTS}},
		fields: []fieldMap{
			{abi.CSIZE, unix.CSIZE, []uint32{0, 0x100, 0x200, 0x300}, []uint32{unix.CS5, unix.CS6, unix.CS7, unix.CS8}},
			baudCodes(0),
			baudCodes(unix.IBSHIFT),
		},
	}
	termLflag = termFlags{bits: []bitPair{{abi.ISIG, unix.ISIG}, {abi.ICANON, unix.ICANON}, {abi.XCASE, unix.XCASE},
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

// putTermios encodes the host's termios as powerpc's.
func (p *Process) putTermios(b []byte, h *unix.Termios) {
	o := p.order
	o.PutUint32(b[0:], termIflag.toGuest(h.Iflag))
	o.PutUint32(b[4:], termOflag.toGuest(h.Oflag))
	o.PutUint32(b[8:], termCflag.toGuest(h.Cflag))
	o.PutUint32(b[12:], termLflag.toGuest(h.Lflag))
	for _, c := range termCc {
		b[abi.TermiosCc+c[0]] = h.Cc[c[1]]
	}
	b[abi.TermiosLine] = h.Line
	o.PutUint32(b[abi.TermiosIspeed:], h.Ispeed)
	o.PutUint32(b[abi.TermiosOspeed:], h.Ospeed)
}

// getTermios decodes powerpc's termios into the host's.
func (p *Process) getTermios(b []byte) *unix.Termios {
	o := p.order
	h := &unix.Termios{
		Iflag:  termIflag.toHost(o.Uint32(b[0:])),
		Oflag:  termOflag.toHost(o.Uint32(b[4:])),
		Cflag:  termCflag.toHost(o.Uint32(b[8:])),
		Lflag:  termLflag.toHost(o.Uint32(b[12:])),
		Line:   b[abi.TermiosLine],
		Ispeed: o.Uint32(b[abi.TermiosIspeed:]),
		Ospeed: o.Uint32(b[abi.TermiosOspeed:]),
	}
	for _, c := range termCc {
		h.Cc[c[1]] = b[abi.TermiosCc+c[0]]
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
		b := make([]byte, abi.TermiosSize)
		t.p.putTermios(b, h)
		return 0, t.write(arg, b), true
	case abi.TCSETS, abi.TCSETSW, abi.TCSETSF:
		b, e := t.read(arg, abi.TermiosSize)
		if e != 0 {
			return 0, e, true
		}
		hreq := map[uint64]uint{abi.TCSETS: hostTCSETS, abi.TCSETSW: hostTCSETSW, abi.TCSETSF: hostTCSETSF}[req]
		var err error
		h := t.p.getTermios(b)
		// TCSETSW and TCSETSF wait for the output to drain.
		t.block(func() { err = unix.IoctlSetTermios(fd, hreq, h) })
		return 0, errnoOf(err), true
	case abi.TIOCSWINSZ:
		b, e := t.read(arg, 8)
		if e != 0 {
			return 0, e, true
		}
		o := t.p.order
		ws := &unix.Winsize{Row: o.Uint16(b[0:]), Col: o.Uint16(b[2:]), Xpixel: o.Uint16(b[4:]), Ypixel: o.Uint16(b[6:])}
		return 0, errnoOf(unix.IoctlSetWinsize(fd, unix.TIOCSWINSZ, ws)), true
	case abi.TCFLSH, abi.TCXONC, abi.TCSBRK:
		hreq := map[uint64]uint{abi.TCFLSH: unix.TCFLSH, abi.TCXONC: unix.TCXONC, abi.TCSBRK: unix.TCSBRK}[req]
		var err error
		t.block(func() { err = unix.IoctlSetInt(fd, hreq, int(int32(arg))) })
		return 0, errnoOf(err), true
	case abi.TIOCGPGRP, abi.TIOCOUTQ:
		hreq := map[uint64]uint{abi.TIOCGPGRP: unix.TIOCGPGRP, abi.TIOCOUTQ: unix.TIOCOUTQ}[req]
		v, err := unix.IoctlGetInt(fd, hreq)
		if err != nil {
			return 0, errnoOf(err), true
		}
		return 0, t.put32(arg, uint32(v)), true
	case abi.TIOCSPGRP:
		v, e := t.get32(arg)
		if e != 0 {
			return 0, e, true
		}
		return 0, errnoOf(unix.IoctlSetPointerInt(fd, unix.TIOCSPGRP, int(int32(v)))), true
	}
	return 0, 0, false
}
