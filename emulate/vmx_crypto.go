package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/vec"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// VMX cryptography support (Power ISA 3.1B Book I 6.11); kernels in
// internal/vec/crypto.go.

func init() {
	def(opVCipher, p.VCIPHER, p.VCIPHERLAST)
	def(opVNCipher, p.VNCIPHER, p.VNCIPHERLAST)
	def(vUn0(vec.SBox), p.VSBOX)
	def(opVSHASigma, p.VSHASIGMAW, p.VSHASIGMAD)
	defElem(vBin(vec.PolyMultiplySum), p.VPMSUMB, p.VPMSUMH, p.VPMSUMW, p.VPMSUMD)
}

func opVCipher(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setVRT(r, in, vec.Cipher(vA(r, in), vB(r, in), in.Op == p.VCIPHERLAST))
	return nil
}

func opVNCipher(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setVRT(r, in, vec.InvCipher(vA(r, in), vB(r, in), in.Op == p.VNCIPHERLAST))
	return nil
}

// opVSHASigma: vshasigmaw/d VRT,VRA,ST,SIX.
func opVSHASigma(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, st, six := vA(r, in), in.Args[2]&1 != 0, uint(in.Args[3]&15)
	if in.Op == p.VSHASIGMAW {
		setVRT(r, in, vec.SHA256Sigma(a, st, six))
	} else {
		setVRT(r, in, vec.SHA512Sigma(a, st, six))
	}
	return nil
}
