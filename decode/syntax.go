package decode

import (
	"encoding/binary"
	"fmt"
	"strings"

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
	return ppc64asm.Decode(src[:in.Len], binary.BigEndian)
}

// String returns the instruction in GNU assembler syntax (objdump's form,
// without extended mnemonics beyond ppc64asm's), with a branch target
// relative to the instruction, as the assembler writes it: "bne .-0xc",
// "b .+0x20". Syntax gives absolute targets. An Inst that did not decode
// (Decode's result with an error) is ".long 0x<word>".
func (in *Inst) String() string {
	return in.syntax(0, false, nil)
}

// Syntax returns the instruction in GNU assembler syntax as at address pc
// (objdump's form): a branch target is an absolute address, followed by
// "<name+0xoff>" when symname names it (symname returns the symbol's name
// and start, or "" for none; it may be nil). In 32-bit mode pass a pc
// below 2^32: targets are computed modulo 2^64.
func (in *Inst) Syntax(pc uint64, symname func(addr uint64) (name string, base uint64)) string {
	return in.syntax(pc, true, symname)
}

func (in *Inst) syntax(pc uint64, abs bool, symname func(uint64) (string, uint64)) string {
	pi, err := in.Asm()
	if err != nil {
		if IsPrefix(in.Word) && in.Len == 0 && in.Suffix != 0 {
			return fmt.Sprintf(".long 0x%08x, 0x%08x", in.Word, in.Suffix)
		}
		return fmt.Sprintf(".long 0x%08x", in.Word)
	}
	text := ppc64asm.GNUSyntax(pi, pc)
	for _, a := range pi.Args {
		var target uint64
		var gnu string // how GNUSyntax wrote the target
		switch a := a.(type) {
		case ppc64asm.PCRel:
			target = pc + uint64(int64(a))
			gnu = fmt.Sprintf("%#x", target)
			if a == 0 {
				gnu = ".+0x0"
			}
			if !abs {
				return replaceLast(text, gnu, fmt.Sprintf(".%+#x", int64(a)))
			}
		case ppc64asm.Label:
			target = uint64(uint32(a))
			gnu = fmt.Sprintf("%#x", target)
			if int32(a) < 0 { // an absolute branch to the top of the address space
				target = uint64(int64(int32(a)))
			}
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
		return replaceLast(text, gnu, s)
	}
	return text
}

func replaceLast(s, old, new string) string {
	i := strings.LastIndex(s, old)
	if i < 0 {
		return s
	}
	return s[:i] + new + s[i+len(old):]
}
