package trace

import (
	"encoding/binary"
	"errors"

	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Errors of the trace machine's memory.
var (
	ErrUnmapped  = mem.ErrUnmapped // the one sentinel, from mem
	ErrProtected = errors.New("trace: write to a read-only page")
)

// Machine is the state a vector runs on: the register file, the 1 MiB code
// region (every word a trap, the instruction at CIA) and the 8 KiB scratch
// region. It implements emulate.Memory with the format's permissions: the
// code region is readable, only its page at CodePage is writable; scratch is
// readable and writable; everything else is unmapped. Only the code page is
// stored: the rest of the code region reads as trap words.
type Machine struct {
	Regs     regs.Regs // the register file the instruction runs on
	LE       bool      // the vector was built little-endian (MSR[LE] set, code page words stored LE)
	CodePage []byte    // CodePageSize bytes at CodePage
	Scratch  []byte    // ScratchSize bytes at ScratchBase
	trap     [4]byte
}

// MSR is the machine state of every vector: 64-bit Linux user mode with FP,
// VMX and VSX available, FE0 = FE1 = 0; LE added for little-endian files.
const MSR = regs.MSRLinuxUser

// Splitmix64Fill fills b from splitmix64 seeded with seed: byte 8k+j is byte
// j (little-endian numbering) of the k-th output, as the format specifies.
func Splitmix64Fill(b []byte, seed uint64) {
	state := seed
	var out [8]byte
	for i := 0; i < len(b); i += 8 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		z ^= z >> 31
		binary.LittleEndian.PutUint64(out[:], z)
		copy(b[i:], out[:])
	}
}

// Machine builds the machine of v in the given byte order. It never
// panics: on a vector that does not pass Line.Validate (one built by hand)
// it skips the assignments and m@ bytes that do not fit.
func (v *Vector) Machine(le bool) *Machine {
	m := &Machine{LE: le, CodePage: make([]byte, CodePageSize), Scratch: make([]byte, ScratchSize)}
	var order binary.ByteOrder = binary.BigEndian
	if le {
		order = binary.LittleEndian
	}
	order.PutUint32(m.trap[:], TrapWord)
	for i := 0; i < CodePageSize; i += 4 {
		copy(m.CodePage[i:], m.trap[:])
	}
	order.PutUint32(m.CodePage[CIA-CodePage:], v.Word)
	if v.Len == 8 {
		order.PutUint32(m.CodePage[CIA-CodePage+4:], v.Suffix)
	}
	r := &m.Regs
	r.MSR = MSR
	if le {
		r.MSR |= regs.MSRLE
	}
	r.NIP = CIA
	r.VSCR = DefaultVSCR
	var seed uint64
	for _, a := range v.Sets {
		if a.Key == "mseed" {
			seed, _ = parseHex64(a.Value)
			continue
		}
		setReg(r, a.Key, a.Value)
	}
	Splitmix64Fill(m.Scratch, seed)
	for _, p := range v.Mem {
		if p.Off < ScratchSize {
			copy(m.Scratch[p.Off:], p.Bytes)
		}
	}
	return m
}

// access says whether byte a may be read (or written).
func access(a uint64, write bool) error {
	switch {
	case a >= ScratchBase && a < ScratchBase+ScratchSize:
		return nil
	case a >= CodePage && a < CodePage+CodePageSize:
		return nil
	case a >= CodeBase && a < CodeBase+CodeSize:
		if write {
			return ErrProtected
		}
		return nil
	}
	return ErrUnmapped
}

// check says whether [addr, addr+n) is mapped (and writable, for write).
// For a partly accessible range the error is an *mem.AccessError naming
// the first byte that fails, as QEMU (and hardware, in DAR) report it.
func check(addr uint64, n int, write bool) error {
	if err := access(addr, write); err != nil {
		return err
	}
	for i := 1; i < n; i++ {
		if a := addr + uint64(i); a&0xfff == 0 || a < addr {
			if err := access(a, write); err != nil {
				return &mem.AccessError{Addr: a, Err: err}
			}
		}
	}
	return nil
}

// byteAt returns a pointer to the stored byte at a mapped address, or nil
// for a byte of the trap-filled part of the code region.
func (m *Machine) byteAt(a uint64) *byte {
	switch {
	case a >= ScratchBase && a < ScratchBase+ScratchSize:
		return &m.Scratch[a-ScratchBase]
	case a >= CodePage && a < CodePage+CodePageSize:
		return &m.CodePage[a-CodePage]
	}
	return nil
}

// Read implements emulate.Memory.
func (m *Machine) Read(addr uint64, p []byte) error {
	if err := check(addr, len(p), false); err != nil {
		return err
	}
	for i := range p {
		a := addr + uint64(i)
		if b := m.byteAt(a); b != nil {
			p[i] = *b
		} else {
			p[i] = m.trap[a&3]
		}
	}
	return nil
}

// Write implements emulate.Memory.
func (m *Machine) Write(addr uint64, p []byte) error {
	if err := check(addr, len(p), true); err != nil {
		return err
	}
	for i, v := range p {
		*m.byteAt(addr + uint64(i)) = v
	}
	return nil
}
