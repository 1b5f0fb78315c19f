package abi

// The powerpc terminal interface (arch/powerpc/include/uapi/asm/termbits.h,
// ioctls.h): struct termios is the kernel's ktermios (Termios), and several
// flag bits, c_cc indices and ioctl numbers differ from the generic values
// other architectures use.

// NCCS is the number of control characters in c_cc.
const NCCS = 19

// Termios is powerpc's struct termios (the kernel's ktermios), 44 bytes.
type Termios struct {
	Iflag, Oflag, Cflag, Lflag uint32
	Cc                         [NCCS]byte
	Line                       uint8
	Ispeed, Ospeed             uint32
}

// TermiosLayout lays out a Termios.
var TermiosLayout = NewLayout[Termios]()

// ioctl requests on terminals (powerpc encodings: _IOR = 2<<29, _IOW =
// 4<<29, _IO = 1<<29, 13-bit size).
const (
	TCSETS     = 0x802c7414
	TCSETSW    = 0x802c7415
	TCSETSF    = 0x802c7416
	TCSBRK     = 0x2000741d
	TCXONC     = 0x2000741e
	TCFLSH     = 0x2000741f
	TIOCSWINSZ = 0x80087467
	TIOCOUTQ   = 0x40047473
	TIOCSPGRP  = 0x80047476
	TIOCGPGRP  = 0x40047477

	// Pseudo-terminal masters (posix_openpt's /dev/ptmx): ptsname's
	// number, unlockpt's lock, and a descriptor of the peer (openpty).
	TIOCGPTN    = 0x40045430
	TIOCSPTLCK  = 0x80045431
	TIOCGPTLCK  = 0x40045439
	TIOCGPTPEER = 0x20005441
	// Packet mode of a master (asm-generic's TIOCPKT, which powerpc
	// keeps, and _IOR('T', 0x38, int)): each read starts with a status
	// byte.
	TIOCPKT  = 0x5420
	TIOCGPKT = 0x40045438

	// Controlling terminals (asm-generic numbers, which powerpc keeps):
	// make it the caller's, give it up, and its session.
	TIOCSCTTY = 0x540e
	TIOCNOTTY = 0x5422
	TIOCGSID  = 0x5429
)

// c_cc indices.
const (
	VINTR    = 0
	VQUIT    = 1
	VERASE   = 2
	VKILL    = 3
	VEOF     = 4
	VMIN     = 5
	VEOL     = 6
	VTIME    = 7
	VEOL2    = 8
	VSWTC    = 9
	VWERASE  = 10
	VREPRINT = 11
	VSUSP    = 12
	VSTART   = 13
	VSTOP    = 14
	VLNEXT   = 15
	VDISCARD = 16
)

// c_iflag bits (the others are the generic values).
const (
	IXON    = 0x0200
	IXOFF   = 0x0400
	IUCLC   = 0x1000
	IMAXBEL = 0x2000
	IUTF8   = 0x4000
)

// c_oflag bits and fields.
const (
	ONLCR  = 0x00002
	OLCUC  = 0x00004
	NLDLY  = 0x00300 // NL0..NL3: 0, 0x100, 0x200, 0x300
	TABDLY = 0x00c00 // TAB0..TAB3: 0, 0x400, 0x800, 0xc00
	CRDLY  = 0x03000 // CR0..CR3: 0, 0x1000, 0x2000, 0x3000
	FFDLY  = 0x04000
	BSDLY  = 0x08000
	VTDLY  = 0x10000
)

// c_cflag bits and fields.
const (
	CBAUD   = 0x000000ff // B0..B38400 = 0..15 (generic), B57600..B4000000 = 0x10..0x1e, BOTHER = 0x1f
	BOTHER  = 0x0000001f
	CSIZE   = 0x00000300 // CS5..CS8: 0, 0x100, 0x200, 0x300
	CSTOPB  = 0x00000400
	CREAD   = 0x00000800
	PARENB  = 0x00001000
	PARODD  = 0x00002000
	HUPCL   = 0x00004000
	CLOCAL  = 0x00008000
	CIBAUD  = 0x00ff0000 // the input speed code, CBAUD << 16
	CMSPAR  = 0x40000000 // generic
	CRTSCTS = 0x80000000 // generic
)

// c_lflag bits.
const (
	ECHOKE  = 0x00000001
	ECHOE   = 0x00000002
	ECHOK   = 0x00000004
	ECHO    = 0x00000008
	ECHONL  = 0x00000010
	ECHOPRT = 0x00000020
	ECHOCTL = 0x00000040
	ISIG    = 0x00000080
	ICANON  = 0x00000100
	IEXTEN  = 0x00000400
	XCASE   = 0x00004000
	TOSTOP  = 0x00400000
	FLUSHO  = 0x00800000
	EXTPROC = 0x10000000
	PENDIN  = 0x20000000
	NOFLSH  = 0x80000000
)
