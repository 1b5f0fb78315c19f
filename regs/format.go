package regs

import (
	"fmt"
	"strconv"
	"strings"
)

// Register names, for Get, Set, Diff and String: "r0".."r31", the
// ScalarReg names ("nip", "msr", "cr", "fpscr", …), "f0".."f31" (FPR i,
// doubleword 0 of VSR i), and for the 128-bit registers "vs0".."vs63" and
// "v0".."v31" (VR i is VSR 32+i).

// ScalarByName returns the ScalarReg called name ("nip", "cr", …).
func ScalarByName(name string) (ScalarReg, bool) {
	for s := ScalarReg(0); s < NumScalarRegs; s++ {
		if s.Name() == name {
			return s, true
		}
	}
	return 0, false
}

// index parses prefix followed by a decimal number below n.
func index(name, prefix string, n int) (int, bool) {
	if !strings.HasPrefix(name, prefix) || len(name) == len(prefix) || len(name) > len(prefix)+2 {
		return 0, false
	}
	num := name[len(prefix):]
	i, err := strconv.Atoi(num)
	if err != nil || i < 0 || i >= n || strconv.Itoa(i) != num {
		return 0, false // not a number, out of range, or not written plainly ("r+1", "r01")
	}
	return i, true
}

// Get returns the register called name if it is 64 bits wide or less (a
// GPR, FPR or ScalarReg; 32-bit registers zero-extended).
func (r *Regs) Get(name string) (uint64, bool) {
	if i, ok := index(name, "r", 32); ok {
		return r.GPR[i], true
	}
	if i, ok := index(name, "f", 32); ok {
		return r.FPR(i), true
	}
	if s, ok := ScalarByName(name); ok {
		return s.Get(r), true
	}
	return 0, false
}

// Set stores v in the register called name (as Get; truncated to a
// 32-bit register's width, doubleword 1 of VSR i unchanged for "fi"). It
// reports whether name is such a register.
func (r *Regs) Set(name string, v uint64) bool {
	if i, ok := index(name, "r", 32); ok {
		r.GPR[i] = v
		return true
	}
	if i, ok := index(name, "f", 32); ok {
		r.SetFPR(i, v)
		return true
	}
	if s, ok := ScalarByName(name); ok {
		s.Set(r, v)
		return true
	}
	return false
}

// vsrIndex is the VSR number of the register called "vsN" or "vN" (VR N
// is VSR 32+N).
func vsrIndex(name string) (int, bool) {
	if i, ok := index(name, "vs", 64); ok {
		return i, true
	}
	i, ok := index(name, "v", 32)
	return 32 + i, ok
}

// GetVSR returns the 128-bit register called "vsN" or "vN".
func (r *Regs) GetVSR(name string) (VSR, bool) {
	i, ok := vsrIndex(name)
	if !ok {
		return VSR{}, false
	}
	return r.VSR[i], true
}

// SetVSR stores v in the 128-bit register called "vsN" or "vN" and
// reports whether name is one.
func (r *Regs) SetVSR(name string, v VSR) bool {
	i, ok := vsrIndex(name)
	if ok {
		r.VSR[i] = v
	}
	return ok
}

// Change is one register that differs between two register files.
type Change struct {
	Name     string // "r3", "cr", "vs34"
	Old, New VSR    // 64-bit and narrower registers in Lo
	Wide     bool   // a 128-bit register (VSR)
}

func (c Change) String() string {
	if c.Wide {
		return fmt.Sprintf("%s: 0x%016x_%016x → 0x%016x_%016x", c.Name, c.Old.Hi, c.Old.Lo, c.New.Hi, c.New.Lo)
	}
	return fmt.Sprintf("%s: %#x → %#x", c.Name, c.Old.Lo, c.New.Lo)
}

// Changes lists the registers that differ between a and b: GPRs, then the
// ScalarRegs in their order, then VSRs (named "vsN"; FPR i is VSR i's
// doubleword 0). It allocates only for what differs: compare with ==
// first in a hot loop.
func Changes(a, b *Regs) []Change {
	var out []Change
	for i := range a.GPR {
		if a.GPR[i] != b.GPR[i] {
			out = append(out, Change{Name: "r" + strconv.Itoa(i), Old: VSR{Lo: a.GPR[i]}, New: VSR{Lo: b.GPR[i]}})
		}
	}
	for s := ScalarReg(0); s < NumScalarRegs; s++ {
		if x, y := s.Get(a), s.Get(b); x != y {
			out = append(out, Change{Name: s.Name(), Old: VSR{Lo: x}, New: VSR{Lo: y}})
		}
	}
	for i := range a.VSR {
		if a.VSR[i] != b.VSR[i] {
			out = append(out, Change{Name: "vs" + strconv.Itoa(i), Old: a.VSR[i], New: b.VSR[i], Wide: true})
		}
	}
	return out
}

// Diff describes the registers that differ between a and b, by name, as
// "r3: 0x0 → 0xc, cr: 0x0 → 0x20000000"; "" when a == b. For tests and
// fuzzers: compare with == first (cheap), then report Diff.
func Diff(a, b *Regs) string {
	if *a == *b {
		return ""
	}
	var sb strings.Builder
	for i, c := range Changes(a, b) {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(c.String())
	}
	return sb.String()
}

// String lists the register file by name in hex: the GPRs four to a line,
// the scalar registers, then the VSRs that are not zero.
func (r *Regs) String() string {
	var sb strings.Builder
	for i := 0; i < 32; i += 4 {
		for j := i; j < i+4; j++ {
			if j > i {
				sb.WriteString("  ")
			}
			fmt.Fprintf(&sb, "%-4s 0x%016x", "r"+strconv.Itoa(j), r.GPR[j])
		}
		sb.WriteByte('\n')
	}
	for s := ScalarReg(0); s < NumScalarRegs; s++ {
		fmt.Fprintf(&sb, "%-9s %#x\n", s.Name(), s.Get(r))
	}
	for i, v := range r.VSR {
		if v != (VSR{}) {
			fmt.Fprintf(&sb, "%-9s 0x%016x_%016x\n", "vs"+strconv.Itoa(i), v.Hi, v.Lo)
		}
	}
	return sb.String()
}
