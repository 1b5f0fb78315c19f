//go:build linux

// Package seccomp checks and runs seccomp's classic BPF filters as Linux
// 6.1 does (kernel/seccomp.c, net/core/filter.c): a program is accepted
// by Check under bpf_check_classic's and seccomp_check_filter's rules, a
// thread's filters form a chain (Attach), and Filter.Run evaluates the
// chain over one system call's struct seccomp_data. It is pure: the
// runner (package linux) decides what an action does.
package seccomp

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// Insn is one classic BPF instruction (struct sock_filter).
type Insn = unix.SockFilter

// DataSize is sizeof(struct seccomp_data): nr and arch (32 bits each),
// instruction_pointer and args[6] (64 bits each).
const DataSize = 64

// NotifSize and NotifRespSize are sizeof(struct seccomp_notif) (an id,
// a pid, flags and a struct seccomp_data) and sizeof(struct
// seccomp_notif_resp) (an id, a value, an error and flags):
// SECCOMP_GET_NOTIF_SIZES's answer with DataSize.
const (
	NotifSize     = 8 + 4 + 4 + DataSize
	NotifRespSize = 8 + 8 + 4 + 4
)

// MaxChainInsns is MAX_INSNS_PER_PATH: the most instructions a thread's
// chain of filters may hold, as Attach counts them.
const MaxChainInsns = 32768 // (1 << 18) / sizeof(struct sock_filter)

// Data is struct seccomp_data: the system call a filter looks at.
type Data struct {
	Nr   int32  // the system call number (r0, as an int)
	Arch uint32 // AUDIT_ARCH_PPC64 or AUDIT_ARCH_PPC64LE
	IP   uint64 // instruction_pointer: the address after the sc
	Args [6]uint64
	// BigEndian says the guest's byte order, in which a filter's 32-bit
	// loads see the halves of the 64-bit fields (the kernel's own order).
	BigEndian bool
}

// word is the 32-bit word at offset k of the structure (k < DataSize and
// a multiple of 4, as Check made sure).
func (d *Data) word(k uint32) uint32 {
	switch {
	case k == 0:
		return uint32(d.Nr)
	case k == 4:
		return d.Arch
	}
	var v uint64
	if k < 16 {
		v = d.IP
	} else {
		v = d.Args[(k-16)/8]
	}
	high := k&4 == 0 // the first word of the field
	if !d.BigEndian {
		high = !high
	}
	if high {
		return uint32(v >> 32)
	}
	return uint32(v)
}

// Classic BPF instruction fields (uapi linux/bpf_common.h, linux/filter.h).
const (
	classLD   = unix.BPF_LD
	classLDX  = unix.BPF_LDX
	classST   = unix.BPF_ST
	classSTX  = unix.BPF_STX
	classALU  = unix.BPF_ALU
	classJMP  = unix.BPF_JMP
	classRET  = unix.BPF_RET
	classMISC = unix.BPF_MISC
)

// codes is the set of classic BPF opcodes Linux knows (net/core/filter.c
// chk_code_allowed), each to the check bpf_check_classic makes of it.
var codes = func() map[uint16]check {
	m := map[uint16]check{}
	for _, src := range []uint16{unix.BPF_K, unix.BPF_X} {
		for _, op := range []uint16{unix.BPF_ADD, unix.BPF_SUB, unix.BPF_MUL, unix.BPF_OR, unix.BPF_AND, unix.BPF_XOR} {
			m[classALU|op|src] = checkNone
		}
		m[classALU|unix.BPF_DIV|src] = checkNone
		m[classALU|unix.BPF_MOD|src] = checkNone
		m[classALU|unix.BPF_LSH|src] = checkNone
		m[classALU|unix.BPF_RSH|src] = checkNone
		for _, op := range []uint16{unix.BPF_JEQ, unix.BPF_JGE, unix.BPF_JGT, unix.BPF_JSET} {
			m[classJMP|op|src] = checkCond
		}
	}
	m[classALU|unix.BPF_DIV|unix.BPF_K] = checkDivK
	m[classALU|unix.BPF_MOD|unix.BPF_K] = checkDivK
	m[classALU|unix.BPF_LSH|unix.BPF_K] = checkShiftK
	m[classALU|unix.BPF_RSH|unix.BPF_K] = checkShiftK
	m[classALU|unix.BPF_NEG] = checkNone
	for _, size := range []uint16{unix.BPF_W, unix.BPF_H, unix.BPF_B} {
		m[classLD|size|unix.BPF_ABS] = checkAbs
		m[classLD|size|unix.BPF_IND] = checkNone
	}
	m[classLD|unix.BPF_W|unix.BPF_LEN] = checkNone
	m[classLD|unix.BPF_IMM] = checkNone
	m[classLD|unix.BPF_MEM] = checkMem
	m[classLDX|unix.BPF_W|unix.BPF_LEN] = checkNone
	m[classLDX|unix.BPF_B|unix.BPF_MSH] = checkNone
	m[classLDX|unix.BPF_IMM] = checkNone
	m[classLDX|unix.BPF_MEM] = checkMem
	m[classST] = checkMem
	m[classSTX] = checkMem
	m[classMISC|unix.BPF_TAX] = checkNone
	m[classMISC|unix.BPF_TXA] = checkNone
	m[classRET|unix.BPF_K] = checkNone
	m[classRET|unix.BPF_A] = checkNone
	m[classJMP|unix.BPF_JA] = checkJA
	return m
}()

// check is what bpf_check_classic checks of an opcode's operands.
type check uint8

const (
	checkNone   check = iota
	checkDivK         // k != 0
	checkShiftK       // k < 32
	checkMem          // k < BPF_MEMWORDS
	checkJA           // the target within the program
	checkCond         // both targets within the program
	checkAbs          // k below the ancillary loads (SKF_AD_OFF) or one of them
)

// skfAdOff is SKF_AD_OFF (uapi linux/filter.h): absolute loads from
// here on are the ancillary data of sockets, which seccomp refuses in
// any case.
const skfAdOff = 0xfffff000

// ancillary are the SKF_AD_* offsets Linux 6.1 knows (SKF_AD_PROTOCOL 0
// to SKF_AD_VLAN_TPID 60, in steps of 4), for which bpf_check_classic lets
// an absolute load of a word, half or byte through to seccomp's check.
func ancillary(k uint32) bool {
	const max = 60
	off := k - skfAdOff
	return k >= skfAdOff && off <= max && off%4 == 0
}

// seccompCodes are the opcodes seccomp_check_filter lets a filter use
// besides its loads of struct seccomp_data (an absolute word load with k
// below DataSize and a multiple of 4, and the length loads).
var seccompCodes = func() map[uint16]bool {
	m := map[uint16]bool{}
	for _, src := range []uint16{unix.BPF_K, unix.BPF_X} {
		for _, op := range []uint16{unix.BPF_ADD, unix.BPF_SUB, unix.BPF_MUL, unix.BPF_DIV, unix.BPF_AND, unix.BPF_OR, unix.BPF_XOR, unix.BPF_LSH, unix.BPF_RSH} {
			m[classALU|op|src] = true
		}
		for _, op := range []uint16{unix.BPF_JEQ, unix.BPF_JGE, unix.BPF_JGT, unix.BPF_JSET} {
			m[classJMP|op|src] = true
		}
	}
	for _, c := range []uint16{classRET | unix.BPF_K, classRET | unix.BPF_A, classALU | unix.BPF_NEG,
		classLD | unix.BPF_IMM, classLDX | unix.BPF_IMM, classMISC | unix.BPF_TAX, classMISC | unix.BPF_TXA,
		classLD | unix.BPF_MEM, classLDX | unix.BPF_MEM, classST, classSTX, classJMP | unix.BPF_JA} {
		m[c] = true
	}
	return m
}()

// InvalidError is a program Linux refuses with EINVAL: the instruction
// at PC (the program's length for a program that does not end with a
// return, -1 for a length out of 1..BPF_MAXINSNS) and why.
type InvalidError struct {
	PC     int
	Reason string
}

func (e *InvalidError) Error() string {
	return fmt.Sprintf("seccomp: invalid filter at instruction %d: %s", e.PC, e.Reason)
}

// TooLongError is a chain of filters beyond MaxChainInsns (Linux's
// ENOMEM): Insns is what the chain would hold.
type TooLongError struct{ Insns int }

func (e *TooLongError) Error() string {
	return fmt.Sprintf("seccomp: a chain of %d instructions exceeds %d", e.Insns, MaxChainInsns)
}

// Check checks prog as Linux's bpf_check_classic and then
// seccomp_check_filter do, and returns it as seccomp runs it (the
// length loads made loads of DataSize); the error is an *InvalidError.
func Check(prog []Insn) ([]Insn, error) {
	n := len(prog)
	if n == 0 || n > unix.BPF_MAXINSNS {
		return nil, &InvalidError{PC: -1, Reason: fmt.Sprintf("length %d out of 1..%d", n, unix.BPF_MAXINSNS)}
	}
	bad := func(pc int, why string) error { return &InvalidError{PC: pc, Reason: why} }
	for pc, in := range prog {
		c, ok := codes[in.Code]
		if !ok {
			return nil, bad(pc, fmt.Sprintf("unknown opcode %#x", in.Code))
		}
		switch c {
		case checkDivK:
			if in.K == 0 {
				return nil, bad(pc, "division by zero")
			}
		case checkShiftK:
			if in.K >= 32 {
				return nil, bad(pc, "shift of 32 or more")
			}
		case checkMem:
			if in.K >= unix.BPF_MEMWORDS {
				return nil, bad(pc, "scratch memory index out of range")
			}
		case checkJA:
			if in.K >= uint32(n-pc-1) {
				return nil, bad(pc, "jump out of the program")
			}
		case checkCond:
			if pc+int(in.Jt)+1 >= n || pc+int(in.Jf)+1 >= n {
				return nil, bad(pc, "jump out of the program")
			}
		case checkAbs:
			if in.K >= skfAdOff && !ancillary(in.K) {
				return nil, bad(pc, "unknown ancillary load")
			}
		}
	}
	if last := prog[n-1].Code; last != classRET|unix.BPF_K && last != classRET|unix.BPF_A {
		return nil, bad(n, "the last instruction is not a return")
	}
	if err := checkMemory(prog); err != nil {
		return nil, err
	}
	out := make([]Insn, n)
	for pc, in := range prog {
		switch in.Code {
		case classLD | unix.BPF_W | unix.BPF_ABS:
			if in.K >= DataSize || in.K&3 != 0 {
				return nil, bad(pc, "load outside struct seccomp_data or unaligned")
			}
		case classLD | unix.BPF_W | unix.BPF_LEN:
			in = Insn{Code: classLD | unix.BPF_IMM, K: DataSize}
		case classLDX | unix.BPF_W | unix.BPF_LEN:
			in = Insn{Code: classLDX | unix.BPF_IMM, K: DataSize}
		default:
			if !seccompCodes[in.Code] {
				return nil, bad(pc, fmt.Sprintf("opcode %#x not allowed in a seccomp filter", in.Code))
			}
		}
		out[pc] = in
	}
	return out, nil
}

// checkMemory refuses a load of a scratch memory word that a store may
// not have written on every path to it (check_load_and_stores).
func checkMemory(prog []Insn) error {
	masks := make([]uint16, len(prog))
	for i := range masks {
		masks[i] = 0xffff
	}
	var valid uint16
	for pc, in := range prog {
		valid &= masks[pc]
		switch codes[in.Code] {
		case checkMem:
			if in.Code == classST || in.Code == classSTX {
				valid |= 1 << in.K
			} else if valid&(1<<in.K) == 0 {
				return &InvalidError{PC: pc, Reason: "load of scratch memory not stored on every path"}
			}
		case checkJA:
			masks[pc+1+int(in.K)] &= valid
			valid = 0xffff
		case checkCond:
			masks[pc+1+int(in.Jt)] &= valid
			masks[pc+1+int(in.Jf)] &= valid
			valid = 0xffff
		}
	}
	return nil
}

// Filter is one attached filter and, through Prev, the ones attached
// before it: a thread's chain. A Filter never changes once attached, so
// threads share chains.
type Filter struct {
	prog []Insn
	// Prev is the filter attached before, or nil.
	Prev *Filter
	// Log is SECCOMP_FILTER_FLAG_LOG's mark.
	Log   bool
	count int // the filters in the chain (/proc's Seccomp_filters)
	insns int // the chain's eBPF instructions, 4 more for each filter (Attach)
}

// Attach returns prev's chain with prog (checked by Check) attached, or
// a *TooLongError. Linux counts a filter by the length of the eBPF
// program it converts it to (Len), and each filter already attached with
// 4 more.
func Attach(prev *Filter, prog []Insn, log bool) (*Filter, error) {
	n := Len(prog)
	f := &Filter{prog: prog, Prev: prev, Log: log, count: 1, insns: n + 4}
	total := n
	if prev != nil {
		f.count += prev.count
		f.insns += prev.insns
		total += prev.insns
	}
	if total > MaxChainInsns {
		return nil, &TooLongError{Insns: total}
	}
	return f, nil
}

// Len is the length of the eBPF program Linux 6.1 converts the checked
// program prog to (net/core/filter.c bpf_convert_filter), the length
// seccomp_attach_filter counts: 3 instructions of prologue (A and X
// cleared, the context saved); one for most instructions; two for a
// RET K (the value, then the exit); five for a DIV X (the check of X
// against 0 that returns 0); for a conditional jump one, or two when
// neither target is the next instruction (unless it is the true one and
// the jump can be inverted: JEQ, JGT, JGE), and one more for a K that is
// negative as a 32-bit number (moved to a register first).
func Len(prog []Insn) int {
	n := 3
	for _, in := range prog {
		switch {
		case in.Code == classRET|unix.BPF_K:
			n += 2
		case in.Code == classALU|unix.BPF_DIV|unix.BPF_X:
			n += 5
		case codes[in.Code] == checkCond:
			if in.Code&0x08 == unix.BPF_K && int32(in.K) < 0 {
				n++
			}
			op := in.Code & 0xf0
			if in.Jf == 0 || in.Jt == 0 && op != unix.BPF_JSET {
				n++
			} else {
				n += 2
			}
		default:
			n++
		}
	}
	return n
}

// Count is the number of filters in the chain.
func (f *Filter) Count() int {
	if f == nil {
		return 0
	}
	return f.count
}

// Descends reports whether f's chain contains a (a nil a is in every
// chain): Linux's is_ancestor(a, f).
func (f *Filter) Descends(a *Filter) bool {
	if a == nil {
		return true
	}
	for ; f != nil; f = f.Prev {
		if f == a {
			return true
		}
	}
	return false
}

// Action returns the action part of a filter's return value (the
// SECCOMP_RET_ACTION_FULL bits).
func Action(ret uint32) uint32 { return ret & unix.SECCOMP_RET_ACTION_FULL }

// Run evaluates every filter of the chain over d, newest first, and
// returns the return value whose action comes first (compared as signed
// 32-bit numbers: KILL_PROCESS before KILL_THREAD before TRAP, ERRNO,
// USER_NOTIF, TRACE, LOG, ALLOW; the newest filter's on a tie) and the
// filter that returned it (nil if every filter allowed the call).
func (f *Filter) Run(d *Data) (ret uint32, match *Filter) {
	ret = unix.SECCOMP_RET_ALLOW
	for ; f != nil; f = f.Prev {
		r := run(f.prog, d)
		if int32(Action(r)) < int32(Action(ret)) {
			ret, match = r, f
		}
	}
	return ret, match
}

// run interprets one checked program over d. A division by a zero X
// ends it with 0 (SECCOMP_RET_KILL_THREAD), as Linux's conversion of
// classic BPF does; a shift by X takes X's low 5 bits.
func run(prog []Insn, d *Data) uint32 {
	var a, x uint32
	var m [unix.BPF_MEMWORDS]uint32
	for pc := 0; pc < len(prog); pc++ {
		in := &prog[pc]
		src := in.K
		if in.Code&0x08 == unix.BPF_X {
			src = x
		}
		switch in.Code {
		case classLD | unix.BPF_W | unix.BPF_ABS:
			a = d.word(in.K)
		case classLD | unix.BPF_IMM:
			a = in.K
		case classLDX | unix.BPF_IMM:
			x = in.K
		case classLD | unix.BPF_MEM:
			a = m[in.K]
		case classLDX | unix.BPF_MEM:
			x = m[in.K]
		case classST:
			m[in.K] = a
		case classSTX:
			m[in.K] = x
		case classMISC | unix.BPF_TAX:
			x = a
		case classMISC | unix.BPF_TXA:
			a = x
		case classALU | unix.BPF_NEG:
			a = -a
		case classALU | unix.BPF_ADD | unix.BPF_K, classALU | unix.BPF_ADD | unix.BPF_X:
			a += src
		case classALU | unix.BPF_SUB | unix.BPF_K, classALU | unix.BPF_SUB | unix.BPF_X:
			a -= src
		case classALU | unix.BPF_MUL | unix.BPF_K, classALU | unix.BPF_MUL | unix.BPF_X:
			a *= src
		case classALU | unix.BPF_DIV | unix.BPF_K, classALU | unix.BPF_DIV | unix.BPF_X:
			if src == 0 {
				return 0
			}
			a /= src
		case classALU | unix.BPF_AND | unix.BPF_K, classALU | unix.BPF_AND | unix.BPF_X:
			a &= src
		case classALU | unix.BPF_OR | unix.BPF_K, classALU | unix.BPF_OR | unix.BPF_X:
			a |= src
		case classALU | unix.BPF_XOR | unix.BPF_K, classALU | unix.BPF_XOR | unix.BPF_X:
			a ^= src
		case classALU | unix.BPF_LSH | unix.BPF_K, classALU | unix.BPF_LSH | unix.BPF_X:
			a <<= src & 31
		case classALU | unix.BPF_RSH | unix.BPF_K, classALU | unix.BPF_RSH | unix.BPF_X:
			a >>= src & 31
		case classJMP | unix.BPF_JA:
			pc += int(in.K)
		case classJMP | unix.BPF_JEQ | unix.BPF_K, classJMP | unix.BPF_JEQ | unix.BPF_X:
			pc += branch(in, a == src)
		case classJMP | unix.BPF_JGT | unix.BPF_K, classJMP | unix.BPF_JGT | unix.BPF_X:
			pc += branch(in, a > src)
		case classJMP | unix.BPF_JGE | unix.BPF_K, classJMP | unix.BPF_JGE | unix.BPF_X:
			pc += branch(in, a >= src)
		case classJMP | unix.BPF_JSET | unix.BPF_K, classJMP | unix.BPF_JSET | unix.BPF_X:
			pc += branch(in, a&src != 0)
		case classRET | unix.BPF_K:
			return in.K
		case classRET | unix.BPF_A:
			return a
		}
	}
	return 0 // not reached: Check made the last instruction a return
}

// branch is a conditional jump's offset.
func branch(in *Insn, cond bool) int {
	if cond {
		return int(in.Jt)
	}
	return int(in.Jf)
}
