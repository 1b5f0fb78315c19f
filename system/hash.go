package system

import (
	"errors"
	"math/bits"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// The hash instructions (Power ISA 3.1B Book I 3.3.17, "Hash
// Instructions"): hashst stores HashDigest((RA), (RB), key) at
// EA = (RA) + offset, hashchk loads the doubleword there and traps when
// it differs; the key is HASHKEYR, or HASHPKEYR for the privileged forms
// hashstp and hashchkp. Whether they act or execute as no-ops is the
// NPHIE (hashst, hashchk) or PHIE (hashstp, hashchkp) aspect of the
// DEXCR/HDEXCR that applies in the current state (Book III 9.6):
// HDEXCR's hypervisor half in hypervisor state, DEXCR's privileged half
// or HDEXCR's enforced half in privileged state, DEXCR's problem-state
// half or HDEXCR's enforced half in problem state. An EA that is not a
// multiple of 8 takes the alignment interrupt (as Microwatt's
// loadstore1.vhdl does; the ISA leaves it to the implementation).

// DEXCR and HDEXCR aspects: bits of each 32-bit half (ISA bit numbers
// within the half), the upper half for privileged (DEXCR) or hypervisor
// (HDEXCR) state, the lower for problem state (DEXCR) or enforced
// (HDEXCR).
const (
	DEXCRSBHE   = 1 << 31 // bit 0: speculative branch hint enable
	DEXCRIBRTPD = 1 << 28 // bit 3: indirect branch recurrent target prediction disable
	DEXCRSRAPD  = 1 << 27 // bit 4: subroutine return address prediction disable
	DEXCRNPHIE  = 1 << 26 // bit 5: non-privileged hash instruction enable
	DEXCRPHIE   = 1 << 25 // bit 6: privileged hash instruction enable
)

func init() {
	for _, op := range []decode.Op{ppc64asm.HASHST, ppc64asm.HASHCHK, ppc64asm.HASHSTP, ppc64asm.HASHCHKP} {
		sysOps[op] = opHash
	}
}

// hashEnabled reports whether the aspect (DEXCRNPHIE or DEXCRPHIE) is on
// in the current state.
func (c *CPU) hashEnabled(aspect uint64) bool {
	var eff uint64
	switch msr := c.Regs.MSR; {
	case msr&regs.MSRPR != 0:
		eff = c.SPR.DEXCR | c.SPR.HDEXCR
	case msr&regs.MSRHV != 0:
		eff = c.SPR.HDEXCR >> 32
	default:
		eff = c.SPR.DEXCR>>32 | c.SPR.HDEXCR
	}
	return eff&aspect != 0
}

// errHashTrap is hashchk's outcome for a hash that does not match: the
// trap program interrupt.
var errHashTrap = &emulate.OpError{Kind: emulate.ErrTrap, Reason: "hashchk: hash does not match"}

// opHash is hashst, hashchk, hashstp and hashchkp RB,offset(RA).
func opHash(c *CPU, in *decode.Inst) error {
	priv := in.Op == ppc64asm.HASHSTP || in.Op == ppc64asm.HASHCHKP
	if priv && c.problemState() {
		return errPrivileged
	}
	aspect, key := uint64(DEXCRNPHIE), c.SPR.HASHKEYR
	if priv {
		aspect, key = DEXCRPHIE, c.SPR.HASHPKEYR
	}
	if !c.hashEnabled(aspect) {
		c.advance(in)
		return nil
	}
	r := &c.Regs
	ra := r.GPR[in.Args[2]&31]
	ea := ra + uint64(in.Args[1])
	if !r.Is64() {
		ea &= 0xffffffff
	}
	store := in.Op == ppc64asm.HASHST || in.Op == ppc64asm.HASHSTP
	if ea&7 != 0 {
		return &emulate.Fault{Addr: ea, EA: ea, Size: 8, Write: store, Alignment: true}
	}
	hash := HashDigest(ra, r.GPR[in.Args[0]&31], key)
	le := r.MSR&regs.MSRLE != 0
	b := c.buf[:8]
	var err error
	if store {
		putN(b, hash, le)
		err = c.data.Write(ea, b)
	} else if err = c.data.Read(ea, b); err == nil && getN(b, le) != hash {
		return errHashTrap
	}
	if err != nil {
		f := &emulate.Fault{Addr: ea, EA: ea, Size: 8, Write: store, Err: err}
		var ae *mem.AccessError
		if errors.As(err, &ae) {
			f.Addr = ae.Addr
		}
		return f
	}
	c.advance(in)
	return nil
}

// HashDigest is the Power ISA 3.1B hash of the hash instructions (Book I
// 3.3.17, HashDigest(x, y, key)): the bytes of x (from the most
// significant) and of y (from the least significant) are interleaved into
// four 32-bit lanes, two bytes of each per lane; each lane goes through a
// 32-round SIMON-32/64-like Feistel cipher whose 64-bit key schedule
// (constant c = 0xfffc, the z sequence 0xFA2561CDF44AC398) is rotated by
// the lane number within each group of four round keys; the result is
// lanes 0‖1 XOR lanes 2‖3.
func HashDigest(x, y, key uint64) uint64 {
	var lane [4]uint32
	for i := range 8 {
		h := uint32(y>>(8*i)&0xff)<<8 | uint32(x>>(56-8*i)&0xff)
		lane[i/2] = lane[i/2]<<16 | h
	}
	var k [32]uint16
	k[0], k[1], k[2], k[3] = uint16(key>>48), uint16(key>>32), uint16(key>>16), uint16(key)
	const z uint64 = 0xFA2561CDF44AC398
	for i := range 28 {
		t := bits.RotateLeft16(k[i+3], -3) ^ k[i+1]
		k[i+4] = 0xfffc ^ uint16(z>>(63-i)&1) ^ k[i] ^ t ^ bits.RotateLeft16(t, -1)
	}
	var out [4]uint64
	for n, v := range lane {
		l, r := uint16(v), uint16(v>>16)
		for i := range 32 {
			f := bits.RotateLeft16(l, 1)&bits.RotateLeft16(l, 8) ^ bits.RotateLeft16(l, 2)
			l, r = r^f^k[i&^3+(i+n)&3], l
		}
		out[n] = uint64(r)<<16 | uint64(l)
	}
	return (out[0]<<32 | out[1]) ^ (out[2]<<32 | out[3])
}
