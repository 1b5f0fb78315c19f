package emulate

import (
	"github.com/ppc64emu/ppc64emu/regs"

	"github.com/ppc64emu/ppc64emu/decode"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// alwaysRefused marks the ops whose semantic function refuses every
// encoding (sc, scv, the rfid family, stop): Emulated says yes for them,
// Emulates no.
var alwaysRefused [decode.NumOps]*opErrs

// defRefusal registers ops that are never stepped: every step gives c's
// error for the op.
func defRefusal(c *opErrs, ops ...decode.Op) {
	for _, op := range ops {
		def(func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error { return c.get(in.Op) }, op)
		alwaysRefused[op] = c
	}
}

// Emulates reports whether e can step in under its Config, as far as the
// instruction alone decides: nil if a Step may complete, else the refusal
// a Step would give whatever the registers and memory hold (an *OpError).
// Unlike Emulated(op), it answers for this encoding and this Config: mftb
// and mfspr of the time base are not emulated without Config.TimeBase,
// darn not without Config.Random, an op newer than Config.Level is
// illegal, an invalid encoding is what the Profile makes of it, and sc,
// scv, the rfid family and stop are never stepped. A nil answer does not
// promise success: a step can still fault, trap, or refuse an operand
// whose result the ISA leaves undefined.
func (e *Emulator) Emulates(in *decode.Inst) error {
	switch {
	case in.Len == 0:
		return illegalWord(decode.ErrUnknown)
	case in.Level > e.level:
		return e.tooNew(in)
	case !Emulated(in.Op):
		return notEmulated(in.Op)
	case alwaysRefused[in.Op] != nil:
		return alwaysRefused[in.Op].get(in.Op)
	}
	if in.Invalid != 0 {
		if err := e.prof.invalid(in, false); err != nil {
			return err
		}
	}
	switch in.Op {
	case ppc64asm.MFTB:
		if e.cfg.TimeBase == nil {
			return errNoTimeBase[1]
		}
	case ppc64asm.MFSPR:
		if n := in.Args[1]; (n == sprTB || n == sprTBU) && e.cfg.TimeBase == nil {
			return errNoTimeBase[0]
		}
	case ppc64asm.DARN:
		if e.cfg.Random == nil {
			return refusal(in.Op, ErrNotEmulated, "no Config.Random", nil)
		}
	}
	return nil
}
