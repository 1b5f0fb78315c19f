package decode_test

import (
	"encoding/binary"
	"errors"
	"fmt"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
)

// Decode an instruction from little-endian memory, as a ppc64le process
// holds it.
func ExampleDecode() {
	mem := []byte{0x08, 0x00, 0x61, 0xe8} // ld r3,8(r1)
	in, err := decode.Decode(mem, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(in.String())
	fmt.Println(in.Op, in.Len, in.Class, in.Size)
	if in.Kinds[0] == decode.ArgGPR && in.Kinds[1] == decode.ArgOffset && in.Kinds[2] == decode.ArgGPR {
		fmt.Printf("RT=r%d DS=%d RA=r%d\n", in.Args[0], in.Args[1], in.Args[2])
	}
	// Output:
	// ld r3,8(r1)
	// ld 4 load 8
	// RT=r3 DS=8 RA=r1
}

// A prefixed instruction is 8 bytes; its flags say it is prefixed and, with
// R=1, PC-relative.
func ExampleDecodeWord_prefixed() {
	in, err := decode.DecodeWord(0x04100000, 0xe4601000) // pld r3,4096(0),1
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(in.Op, in.Len, in.Class, in.Level)
	fmt.Println(in.Flags.Names())
	fmt.Println("offset", in.Args[1], "crosses at 60:", in.CrossesBoundary(0x1003c))
	// Output:
	// pld 8 load POWER10
	// [prefixed pc-relative]
	// offset 4096 crosses at 60: true
}

// Words in an invalid form or with reserved bits set still decode; Err says
// what is wrong with them.
func ExampleInst_Err() {
	for _, w := range []uint32{
		0xe8610009, // ldu r3,8(r1)
		0xe8600001, // ldu r3,0(0): update form with RA=0
		0x7c8802a7, // mfspr r4,8 with reserved bit 31 set
	} {
		in, _ := decode.DecodeWord(w, 0)
		err := in.Err()
		fmt.Printf("%08x %-6s invalid form: %-5v reserved bits: %v\n", w, in.Op,
			errors.Is(err, decode.ErrInvalidForm), errors.Is(err, decode.ErrReservedBits))
	}
	_, err := decode.DecodeWord(0, 0)
	fmt.Println(errors.Is(err, decode.ErrUnknown))
	// Output:
	// e8610009 ldu    invalid form: false reserved bits: false
	// e8600001 ldu    invalid form: true  reserved bits: false
	// 7c8802a7 mfspr  invalid form: false reserved bits: true
	// true
}

// Decode a page of code into a table the caller owns, without the cache
// and without an allocation per instruction.
func ExampleDecodeWordTo() {
	code := []uint32{0x38600001, 0x7c632214, 0x4e800020} // li r3,1; add r3,r3,r4; blr
	table := make([]decode.Inst, len(code))
	for i, w := range code {
		if err := decode.DecodeWordTo(&table[i], w, 0); err != nil {
			fmt.Println(err)
			return
		}
	}
	for i := range table {
		fmt.Println(table[i].String())
	}
	// Output:
	// li r3,1
	// add r3,r3,r4
	// blr
}

// A step loop keeps one scratch Inst: first-seen words are decoded into it,
// words seen again come from the cache.
func ExampleLookupTo() {
	var scratch decode.Inst
	for range 2 {
		in, err := decode.LookupTo(&scratch, 0x3bbe04d2, 0) // addi r29,r30,1234, not looked up before
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(in.String(), in == &scratch)
	}
	// Output:
	// addi r29,r30,1234 true
	// addi r29,r30,1234 false
}

// Encode builds instruction words from operands in Decode's conventions:
// here an SPR number split across its two halves and a DS displacement.
func ExampleEncode() {
	w, _, err := decode.Encode(ppc64asm.MFSPR, 3, 8) // mflr r3
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%#08x\n", w)
	w, _, _ = decode.Encode(ppc64asm.LD, 3, 8, 1) // ld r3,8(r1)
	in, _ := decode.DecodeWord(w, 0)
	fmt.Printf("%#08x %s\n", w, in.String())
	_, _, err = decode.Encode(ppc64asm.LD, 3, 6, 1) // DS must be a multiple of 4
	fmt.Println(errors.Is(err, decode.ErrOperand))
	// Output:
	// 0x7c6802a6
	// 0xe8610008 ld r3,8(r1)
	// true
}

// The properties decode's op table gives an op, through its base encoding.
// cmp has no base instruction of its own: its word decodes as cmpw.
func ExampleBaseInst() {
	in, ok := decode.BaseInst(ppc64asm.LHAUX)
	fmt.Println(ok, in.Op, in.Size, in.Flags.Names())
	_, ok = decode.BaseInst(ppc64asm.CMP)
	fmt.Println(ok)
	// Output:
	// true lhaux 2 [update indexed sign-extend]
	// false
}

// byteMem is memory as a byte slice at an address, for the example.
type byteMem struct {
	base uint64
	b    []byte
}

func (m byteMem) Read(addr uint64, p []byte) error {
	if addr < m.base || addr-m.base+uint64(len(p)) > uint64(len(m.b)) {
		return errors.New("unmapped")
	}
	copy(p, m.b[addr-m.base:])
	return nil
}

// Disassemble a range of memory, with no register state, and print it as
// objdump -d does, naming the branch targets.
func ExampleDisassemble() {
	code := []uint32{0x38600000, 0x38630001, 0x2c030010, 0x4082fff8, 0x4e800020, 0x00000000}
	m := byteMem{base: 0x10000000}
	for _, w := range code {
		m.b = binary.LittleEndian.AppendUint32(m.b, w)
	}
	symname := func(addr uint64) (string, uint64) {
		if addr >= 0x10000000 && addr < 0x10000014 {
			return "count", 0x10000000
		}
		return "", 0
	}
	lines, err := decode.Disassemble(m, 0x10000000, 0x10000018, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
	}
	for _, l := range lines {
		fmt.Printf("%x:\t%s\n", l.Addr, l.Inst.Syntax(l.Addr, symname))
	}
	// Output:
	// 10000000:	li r3,0
	// 10000004:	addi r3,r3,1
	// 10000008:	cmpwi r3,16
	// 1000000c:	bne 0x10000004 <count+0x4>
	// 10000010:	blr
	// 10000014:	.long 0x0
}
