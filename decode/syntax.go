package decode

import (
	"encoding/binary"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// Asm returns the instruction as golang.org/x/arch's ppc64asm decodes it,
// for callers that want its argument types or its Go or GNU syntax. It
// fails for an Inst that did not decode.
func (in *Inst) Asm() (ppc64asm.Inst, error) {
	if in.Len != 4 && in.Len != 8 {
		return ppc64asm.Inst{}, &DecodeError{Word: in.Word, Suffix: in.Suffix, Err: ErrUnknown}
	}
	src := in.bytes(binary.BigEndian)
	asmReady()
	return ppc64asm.Decode(src[:in.Len], binary.BigEndian)
}

// asmFirst makes ppc64asm's first Decode, which builds a package-level
// table (about 200 KB in 700 allocations) without synchronisation, once
// and before any other: concurrent first calls would race on it. Done on
// the first Asm, not at init, so a run that never disassembles (every
// ppc64emu start) does not pay for it.
var asmFirst sync.Once

// asmReady makes ppc64asm's first Decode if it is not made yet (asmFirst).
func asmReady() {
	asmFirst.Do(func() { _, _ = ppc64asm.Decode([]byte{0x60, 0, 0, 0}, binary.BigEndian) })
}

// String returns the instruction as GNU objdump -d prints it by default,
// with its extended mnemonics ("mr r3,r4", "srdi r9,r9,3", "beq cr7,…",
// "trap"), and a branch target relative to the instruction, as the
// assembler writes it: "bne .-0xc", "b .+0x20". Syntax gives absolute
// targets; RawString the base mnemonics. An Inst that did not decode
// (Decode's result with an error) is ".long 0x<word>".
func (in *Inst) String() string {
	return in.syntax(0, false, nil, false)
}

// Syntax returns the instruction as GNU objdump -d prints it by default
// (extended mnemonics) at address pc: a branch target is an absolute
// address, followed by "<name+0xoff>" when symname names it (symname
// returns the symbol's name and start, or "" for none; it may be nil). In
// 32-bit mode pass a pc below 2^32: targets are computed modulo 2^64.
//
// TestObjdumpSyntaxLibc compares it with objdump -d on a whole C library
// in both byte orders; the differences that remain are listed with their
// reasons in testdata/objdump-syntax.txt.
func (in *Inst) Syntax(pc uint64, symname func(addr uint64) (name string, base uint64)) string {
	return in.syntax(pc, true, symname, false)
}

// RawString is String with the base mnemonics ("or r3,r4,r4",
// "rldicl r9,r9,61,3", "tw 31,r0,r0"), as golang.org/x/arch's ppc64asm
// writes GNU syntax (which uses a few extended mnemonics of its own: li,
// nop, mflr, blr, beq…). It is the form String had before it followed
// objdump's default; a word that did not decode is ".long 0x<8 digits>".
func (in *Inst) RawString() string {
	return in.syntax(0, false, nil, true)
}

// RawSyntax is Syntax with RawString's base mnemonics.
func (in *Inst) RawSyntax(pc uint64, symname func(addr uint64) (name string, base uint64)) string {
	return in.syntax(pc, true, symname, true)
}

func (in *Inst) syntax(pc uint64, abs bool, symname func(uint64) (string, uint64), raw bool) string {
	pi, err := in.Asm()
	if err != nil {
		if raw {
			if IsPrefix(in.Word) && in.Len == 0 && in.Suffix != 0 {
				return fmt.Sprintf(".long 0x%08x, 0x%08x", in.Word, in.Suffix)
			}
			return fmt.Sprintf(".long 0x%08x", in.Word)
		}
		if IsPrefix(in.Word) && in.Len == 0 && in.Suffix != 0 {
			return fmt.Sprintf(".long %#x, %#x", in.Word, in.Suffix)
		}
		return fmt.Sprintf(".long %#x", in.Word)
	}
	if !raw {
		if in.objdumpRejects() {
			return fmt.Sprintf(".long %#x", in.Word)
		}
		switch in.Class {
		case ClassBranch:
			return in.Op.String() + " " + in.target(pc, abs, symname)
		case ClassCondBranch:
			return in.condBranch(in.target(pc, abs, symname))
		}
		if s := in.extended(); s != "" {
			return s
		}
	}
	text := ppc64asm.GNUSyntax(pi, pc)
	if !raw {
		text = in.zeroRA(text)
	}
	for _, a := range pi.Args {
		var gnu string // how GNUSyntax wrote the target
		switch a := a.(type) {
		case ppc64asm.PCRel:
			gnu = fmt.Sprintf("%#x", pc+uint64(int64(a)))
			if a == 0 {
				gnu = ".+0x0"
			}
		case ppc64asm.Label:
			gnu = fmt.Sprintf("%#x", uint32(a))
		default:
			continue
		}
		return replaceLast(text, gnu, in.target(pc, abs, symname))
	}
	return text
}

// target returns the text of the instruction's branch target: relative
// (".-0xc") when abs is false, else the absolute address with symname's
// "<name+0xoff>".
func (in *Inst) target(pc uint64, abs bool, symname func(uint64) (string, uint64)) string {
	var target uint64
	for i := 0; i < int(in.NArgs); i++ {
		switch in.Kinds[i] {
		case ArgPCRel:
			if !abs {
				return fmt.Sprintf(".%+#x", in.Args[i])
			}
			target = pc + uint64(in.Args[i])
		case ArgLabel:
			target = uint64(in.Args[i]) // sign-extended: a branch to the top of the address space
		default:
			continue
		}
		s := fmt.Sprintf("%#x", target)
		if symname != nil {
			if name, base := symname(target); name != "" {
				if off := target - base; off != 0 {
					s += fmt.Sprintf(" <%s+%#x>", name, off)
				} else {
					s += " <" + name + ">"
				}
			}
		}
		return s
	}
	return ""
}

// zeroRA rewrites an (RA|0) operand of register 0 of an X-form storage
// access as "0", as objdump prints it: "lwzx r3,0,r4", "dcbz 0,r4".
func (in *Inst) zeroRA(text string) string {
	if in.Len != 4 || in.Word>>16&31 != 0 {
		return text
	}
	switch in.Class {
	case ClassLoad, ClassStore, ClassAtomic, ClassCache:
	default:
		if !in.Has(FlagIndexed) && in.Op != ppc64asm.LVSL && in.Op != ppc64asm.LVSR {
			return text
		}
	}
	// RA is the GPR operand before the last one (RA, RB), or the last
	// one of the atomic memory operations (RT,RA,FC).
	last, ra := -1, -1
	for i := 0; i < int(in.NArgs); i++ {
		switch in.Kinds[i] {
		case ArgGPR:
			ra, last = last, i
		case ArgOffset:
			return text // D-form: GNUSyntax writes "d(0)"
		}
	}
	switch in.Op {
	case ppc64asm.LWAT, ppc64asm.LDAT, ppc64asm.STWAT, ppc64asm.STDAT:
		ra = last
	}
	if ra < 0 || in.Args[ra] != 0 {
		return text
	}
	mnem, args, ok := strings.Cut(text, " ")
	if !ok {
		return text
	}
	ops := strings.Split(args, ",")
	if ra >= len(ops) || ops[ra] != "r0" {
		return text
	}
	ops[ra] = "0"
	return mnem + " " + strings.Join(ops, ",")
}

func replaceLast(s, old, new string) string {
	i := strings.LastIndex(s, old)
	if i < 0 {
		return s
	}
	return s[:i] + new + s[i+len(old):]
}
