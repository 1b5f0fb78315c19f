package decode

import "encoding/binary"

// MemReader reads guest memory: *mem.Memory and every emulate.Memory have
// this method.
type MemReader interface {
	Read(addr uint64, p []byte) error
}

// Line is one instruction of a listing made by Disassemble.
type Line struct {
	Addr uint64 // its address
	Inst Inst   // the instruction (Len 8 for a prefixed one)
	Err  error  // why it did not decode (Inst then prints as .long)
}

// Disassemble decodes the instructions in [start, end) of m in the byte
// order given, one after the other: a prefixed instruction takes 8 bytes,
// a word that does not decode takes 4 and gives a Line with Err set, as
// objdump goes on after data. No register state is needed: print each
// line with l.Inst.Syntax(l.Addr, symname). A failed read ends the listing
// and is returned with the lines before it.
func Disassemble(m MemReader, start, end uint64, order binary.ByteOrder) ([]Line, error) {
	var lines []Line
	var b [8]byte
	for a := start; a < end && a >= start; {
		if err := m.Read(a, b[:4]); err != nil {
			return lines, err
		}
		w := order.Uint32(b[:4])
		l := Line{Addr: a}
		switch {
		case !IsPrefix(w):
			l.Inst, l.Err = DecodeWord(w, 0)
		case end-a < 8: // the suffix is past the end
			l.Inst, l.Err = Inst{Word: w}, &DecodeError{Word: w, Len: 4, Err: ErrTruncated}
		default:
			if err := m.Read(a+4, b[4:8]); err != nil {
				return lines, err
			}
			l.Inst, l.Err = DecodeWord(w, order.Uint32(b[4:8]))
		}
		lines = append(lines, l)
		if l.Err == nil && l.Inst.Len == 8 {
			a += 8
		} else {
			a += 4
		}
	}
	return lines, nil
}
