//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Flag translations between powerpc's values and the host's, one table per
// flag word, used both ways.

// bitPair is one flag bit: its powerpc and host values. A zero on one side
// drops the bit when translating from the other.
type bitPair struct{ g, h uint32 }

// fieldMap is a multi-bit field: its masks and its values, powerpc and
// host, index for index.
type fieldMap struct {
	gmask, hmask uint32
	g, h         []uint32
}

// flagMap translates one flag word. With rest, the bits that no row names
// pass unchanged; without, they are dropped.
type flagMap struct {
	bits   []bitPair
	fields []fieldMap
	rest   bool
}

func (m *flagMap) toHost(v uint32) uint32 { return m.convert(v, true) }

func (m *flagMap) toGuest(v uint32) uint32 { return m.convert(v, false) }

// convert translates flag word v from powerpc's values to the host's
// (toHost) or back.
func (m *flagMap) convert(v uint32, toHost bool) uint32 {
	var out, named uint32
	for _, b := range m.bits {
		from, to := b.g, b.h
		if !toHost {
			from, to = b.h, b.g
		}
		named |= from
		if v&from != 0 {
			out |= to
		}
	}
	for _, f := range m.fields {
		mask, from, to := f.gmask, f.g, f.h
		if !toHost {
			mask, from, to = f.hmask, f.h, f.g
		}
		named |= mask
		for i, x := range from {
			if v&mask == x {
				out |= to[i]
				break
			}
		}
	}
	if m.rest {
		out |= v &^ named
	}
	return out
}

// hostOLargefile is the host kernel's O_LARGEFILE bit, which F_GETFL
// reports (golang.org/x/sys gives 0 for it on 64-bit hosts).
const hostOLargefile = 0x8000

// openFlagMap translates open(2) and fcntl(F_GETFL/F_SETFL) flags: powerpc
// numbers four of them differently from the generic values. O_LARGEFILE
// is dropped both ways (a 64-bit process has large files anyway).
var openFlagMap = flagMap{
	bits: []bitPair{
		{abi.O_DIRECTORY, unix.O_DIRECTORY}, {abi.O_NOFOLLOW, unix.O_NOFOLLOW}, {abi.O_DIRECT, unix.O_DIRECT},
		{abi.O_LARGEFILE, 0}, {0, hostOLargefile},
	},
	rest: true,
}

// openFlags translates powerpc open flags to the host's.
func openFlags(g uint64) int { return int(openFlagMap.toHost(uint32(g))) }

// guestOpenFlags translates host open flags to powerpc's.
func guestOpenFlags(h int) int { return int(openFlagMap.toGuest(uint32(h))) }

// valueMap translates a value that names one thing among several (a socket
// option, …), both ways; values no row names pass unchanged.
type valueMap [][2]uint64 // powerpc, host

func (m valueMap) toHost(g uint64) uint64 {
	for _, r := range m {
		if r[0] == g {
			return r[1]
		}
	}
	return g
}

func (m valueMap) toGuest(h uint64) uint64 {
	for _, r := range m {
		if r[1] == h {
			return r[0]
		}
	}
	return h
}

// solSocketOpts translates SOL_SOCKET option names: powerpc numbers 16-21
// differently from most architectures (asm/socket.h).
var solSocketOpts = valueMap{
	{16, unix.SO_RCVLOWAT}, {17, unix.SO_SNDLOWAT}, {18, unix.SO_RCVTIMEO},
	{19, unix.SO_SNDTIMEO}, {20, unix.SO_PASSCRED}, {21, unix.SO_PEERCRED},
}
