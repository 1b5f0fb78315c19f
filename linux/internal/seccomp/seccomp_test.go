//go:build linux

package seccomp

import (
	"errors"
	"testing"

	"golang.org/x/sys/unix"
)

func stmt(code uint16, k uint32) Insn { return Insn{Code: code, K: k} }

func jump(code uint16, k uint32, jt, jf uint8) Insn { return Insn{Code: code, Jt: jt, Jf: jf, K: k} }

const (
	ldAbs = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
	retK  = unix.BPF_RET | unix.BPF_K
	retA  = unix.BPF_RET | unix.BPF_A
	jeqK  = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
	allow = unix.SECCOMP_RET_ALLOW
)

func TestCheck(t *testing.T) {
	long := make([]Insn, unix.BPF_MAXINSNS+1)
	for i := range long {
		long[i] = stmt(retK, allow)
	}
	tests := []struct {
		name string
		prog []Insn
		pc   int // the InvalidError's PC, or -2 for none
	}{
		{"empty", nil, -1},
		{"too long", long, -1},
		{"longest", long[1:], -2},
		{"allow", []Insn{stmt(retK, allow)}, -2},
		{"load nr", []Insn{stmt(ldAbs, 0), stmt(retA, 0)}, -2},
		{"load args[5] high", []Insn{stmt(ldAbs, 60), stmt(retA, 0)}, -2},
		{"load past the end", []Insn{stmt(ldAbs, 64), stmt(retA, 0)}, 0},
		{"unaligned load", []Insn{stmt(ldAbs, 2), stmt(retA, 0)}, 0},
		{"half load (classic only)", []Insn{stmt(unix.BPF_LD|unix.BPF_H|unix.BPF_ABS, 0), stmt(retA, 0)}, 0},
		{"ancillary load", []Insn{stmt(ldAbs, skfAdOff+4), stmt(retA, 0)}, 0},
		{"unknown ancillary load", []Insn{stmt(ldAbs, skfAdOff+64), stmt(retA, 0)}, 0},
		{"indirect load", []Insn{stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_IND, 0), stmt(retA, 0)}, 0},
		{"mod (classic only)", []Insn{stmt(unix.BPF_ALU|unix.BPF_MOD|unix.BPF_K, 3), stmt(retA, 0)}, 0},
		{"mod by zero", []Insn{stmt(unix.BPF_ALU|unix.BPF_MOD|unix.BPF_K, 0), stmt(retA, 0)}, 0},
		{"div by zero", []Insn{stmt(unix.BPF_ALU|unix.BPF_DIV|unix.BPF_K, 0), stmt(retA, 0)}, 0},
		{"shift by 32", []Insn{stmt(unix.BPF_ALU|unix.BPF_LSH|unix.BPF_K, 32), stmt(retA, 0)}, 0},
		{"shift by 31", []Insn{stmt(unix.BPF_ALU|unix.BPF_RSH|unix.BPF_K, 31), stmt(retA, 0)}, -2},
		{"unknown opcode", []Insn{stmt(0xff, 0), stmt(retA, 0)}, 0},
		{"no return at the end", []Insn{stmt(retK, allow), stmt(ldAbs, 0)}, 2},
		{"ja out", []Insn{stmt(unix.BPF_JMP|unix.BPF_JA, 1), stmt(retK, allow)}, 0},
		{"ja in", []Insn{stmt(unix.BPF_JMP|unix.BPF_JA, 0), stmt(retK, allow)}, -2},
		{"jt out", []Insn{jump(jeqK, 0, 1, 0), stmt(retK, allow)}, 0},
		{"jf out", []Insn{jump(jeqK, 0, 0, 1), stmt(retK, allow)}, 0},
		{"scratch index", []Insn{stmt(unix.BPF_ST, 16), stmt(retA, 0)}, 0},
		{"scratch unwritten", []Insn{stmt(unix.BPF_LD|unix.BPF_MEM, 3), stmt(retA, 0)}, 0},
		{"scratch written", []Insn{stmt(unix.BPF_ST, 3), stmt(unix.BPF_LDX|unix.BPF_MEM, 3), stmt(retA, 0)}, -2},
		{"scratch written on one path", []Insn{
			jump(jeqK, 0, 0, 1), stmt(unix.BPF_ST, 3), stmt(unix.BPF_LD|unix.BPF_MEM, 3), stmt(retA, 0)}, 2},
		{"length load", []Insn{stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_LEN, 0), stmt(retA, 0)}, -2},
		{"msh (classic only)", []Insn{stmt(unix.BPF_LDX|unix.BPF_B|unix.BPF_MSH, 0), stmt(retA, 0)}, 0},
	}
	for _, tt := range tests {
		_, err := Check(tt.prog)
		var ie *InvalidError
		switch {
		case tt.pc == -2 && err != nil:
			t.Errorf("%s: %v, want accepted", tt.name, err)
		case tt.pc != -2 && !errors.As(err, &ie):
			t.Errorf("%s: %v, want an InvalidError", tt.name, err)
		case tt.pc != -2 && ie.PC != tt.pc:
			t.Errorf("%s: %v, want the error at %d", tt.name, err, tt.pc)
		}
	}
}

func TestLen(t *testing.T) {
	ja := stmt(unix.BPF_JMP|unix.BPF_JA, 0)
	tests := []struct {
		name string
		prog []Insn
		want int
	}{
		{"ret k", []Insn{stmt(retK, allow)}, 5},
		{"ret a", []Insn{stmt(retA, 0)}, 4},
		{"load", []Insn{stmt(ldAbs, 0), stmt(retA, 0)}, 5},
		{"div x", []Insn{stmt(unix.BPF_ALU|unix.BPF_DIV|unix.BPF_X, 0), stmt(retA, 0)}, 9},
		{"jeq, false next", []Insn{jump(jeqK, 1, 1, 0), ja, stmt(retA, 0)}, 6},
		{"jeq, true next", []Insn{jump(jeqK, 1, 0, 1), ja, stmt(retA, 0)}, 6},
		{"jset, true next", []Insn{jump(unix.BPF_JMP|unix.BPF_JSET|unix.BPF_K, 1, 0, 1), ja, stmt(retA, 0)}, 7},
		{"jeq, neither next", []Insn{jump(jeqK, 1, 1, 2), ja, ja, stmt(retA, 0)}, 8},
		{"jeq, negative k", []Insn{jump(jeqK, 0x80000000, 1, 0), ja, stmt(retA, 0)}, 7},
		{"jeq x, negative k", []Insn{jump(unix.BPF_JMP|unix.BPF_JEQ|unix.BPF_X, 0x80000000, 1, 0), ja, stmt(retA, 0)}, 6},
	}
	for _, tt := range tests {
		if got := Len(tt.prog); got != tt.want {
			t.Errorf("%s: Len %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestAttachLimit(t *testing.T) {
	// 4095 jumps to the next instruction and a return: 4100 eBPF
	// instructions; 7 take 7*4104 = 28728 of the 32768.
	prog := make([]Insn, unix.BPF_MAXINSNS)
	for i := range prog {
		prog[i] = stmt(unix.BPF_JMP|unix.BPF_JA, 0)
	}
	prog[len(prog)-1] = stmt(retK, allow)
	var f *Filter
	for i := 0; i < 7; i++ {
		var err error
		if f, err = Attach(f, prog, false); err != nil {
			t.Fatalf("filter %d: %v", i+1, err)
		}
	}
	tests := []struct {
		n    int // the last n instructions of prog
		want int // the TooLongError's count, 0 for attached
	}{
		{unix.BPF_MAXINSNS, 7*4104 + 4100},
		{4037, 7*4104 + 4041},
		{4036, 0}, // 28728 + 4040 = 32768
		{1, 0},
	}
	for _, tt := range tests {
		g, err := Attach(f, prog[len(prog)-tt.n:], false)
		var tl *TooLongError
		switch {
		case tt.want == 0 && (err != nil || g.Count() != 8):
			t.Errorf("%d instructions: %v, count %d", tt.n, err, g.Count())
		case tt.want != 0 && (!errors.As(err, &tl) || tl.Insns != tt.want):
			t.Errorf("%d instructions: %v, want a TooLongError of %d", tt.n, err, tt.want)
		}
	}
}

// retIf returns a program that returns ret when word k of the data is v,
// and allows the call otherwise.
func retIf(k, v, ret uint32) []Insn {
	return []Insn{stmt(ldAbs, k), jump(jeqK, v, 0, 1), stmt(retK, ret), stmt(retK, allow)}
}

func TestRun(t *testing.T) {
	data := Data{Nr: 20, Arch: unix.AUDIT_ARCH_PPC64LE, IP: 0x1000_0000_2000, Args: [6]uint64{0x1111_2222_3333_4444, 5}}
	be := data
	be.BigEndian, be.Arch = true, unix.AUDIT_ARCH_PPC64
	errno := uint32(unix.SECCOMP_RET_ERRNO | 7)
	trap := uint32(unix.SECCOMP_RET_TRAP | 9)
	tests := []struct {
		name  string
		progs [][]Insn // oldest first
		d     *Data
		want  uint32
		match int // the matching filter's index in progs, -1 for none
	}{
		{"nr", [][]Insn{retIf(0, 20, errno)}, &data, errno, 0},
		{"other nr", [][]Insn{retIf(0, 21, errno)}, &data, allow, -1},
		{"arch le", [][]Insn{retIf(4, unix.AUDIT_ARCH_PPC64LE, errno)}, &data, errno, 0},
		{"arch be", [][]Insn{retIf(4, unix.AUDIT_ARCH_PPC64, errno)}, &be, errno, 0},
		{"ip low le", [][]Insn{retIf(8, 0x2000, errno)}, &data, errno, 0},
		{"ip high be", [][]Insn{retIf(8, 0x1000, errno)}, &be, errno, 0},
		{"arg0 low le", [][]Insn{retIf(16, 0x3333_4444, errno)}, &data, errno, 0},
		{"arg0 high le", [][]Insn{retIf(20, 0x1111_2222, errno)}, &data, errno, 0},
		{"arg0 high be", [][]Insn{retIf(16, 0x1111_2222, errno)}, &be, errno, 0},
		{"arg1 low be", [][]Insn{retIf(28, 5, errno)}, &be, errno, 0},
		{"trap before errno", [][]Insn{retIf(0, 20, errno), retIf(0, 20, trap)}, &data, trap, 1},
		{"trap before errno, older", [][]Insn{retIf(0, 20, trap), retIf(0, 20, errno)}, &data, trap, 0},
		{"tie: the newest", [][]Insn{retIf(0, 20, errno), retIf(0, 20, errno+1)}, &data, errno + 1, 1},
		{"kill process first", [][]Insn{retIf(0, 20, unix.SECCOMP_RET_KILL_PROCESS), retIf(0, 20, unix.SECCOMP_RET_KILL_THREAD)}, &data, unix.SECCOMP_RET_KILL_PROCESS, 0},
		{"log before allow", [][]Insn{retIf(0, 20, unix.SECCOMP_RET_LOG)}, &data, unix.SECCOMP_RET_LOG, 0},
		{"length", [][]Insn{{stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_LEN, 0), stmt(retA, 0)}}, &data, DataSize, 0},
		{"div by zero X", [][]Insn{{stmt(unix.BPF_LD|unix.BPF_IMM, 8), stmt(unix.BPF_ALU|unix.BPF_DIV|unix.BPF_X, 0), stmt(retK, allow)}}, &data, 0, 0},
		{"alu", [][]Insn{{
			stmt(ldAbs, 24), // A = 5 (args[1] low, LE)
			stmt(unix.BPF_ALU|unix.BPF_MUL|unix.BPF_K, 3), // 15
			stmt(unix.BPF_MISC|unix.BPF_TAX, 0),           // X = 15
			stmt(unix.BPF_ALU|unix.BPF_LSH|unix.BPF_K, 4), // 240
			stmt(unix.BPF_ALU|unix.BPF_SUB|unix.BPF_X, 0), // 225
			stmt(unix.BPF_ST, 2),
			stmt(unix.BPF_LDX|unix.BPF_MEM, 2),            // X = 225
			stmt(unix.BPF_ALU|unix.BPF_XOR|unix.BPF_X, 0), // 0
			stmt(unix.BPF_ALU|unix.BPF_OR|unix.BPF_K, 0x50003),
			jump(unix.BPF_JMP|unix.BPF_JSET|unix.BPF_K, 2, 0, 1),
			stmt(retA, 0),
			stmt(retK, allow),
		}}, &data, errno - 4, 0},
		{"ja", [][]Insn{{stmt(unix.BPF_JMP|unix.BPF_JA, 1), stmt(retK, allow), stmt(retK, errno)}}, &data, errno, 0},
	}
	for _, tt := range tests {
		var chain []*Filter
		var f *Filter
		for _, p := range tt.progs {
			c, err := Check(p)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if f, err = Attach(f, c, false); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			chain = append(chain, f)
		}
		got, match := f.Run(tt.d)
		var want *Filter
		if tt.match >= 0 {
			want = chain[tt.match]
		}
		if got != tt.want || match != want {
			t.Errorf("%s: %#x from filter %p, want %#x from %p", tt.name, got, match, tt.want, want)
		}
	}
}

func TestDescends(t *testing.T) {
	prog := []Insn{stmt(retK, allow)}
	a, _ := Attach(nil, prog, false)
	b, _ := Attach(a, prog, false)
	c, _ := Attach(a, prog, false)
	tests := []struct {
		f, a *Filter
		want bool
	}{
		{b, nil, true}, {b, a, true}, {b, b, true}, {b, c, false}, {a, b, false}, {nil, nil, true}, {nil, a, false},
	}
	for i, tt := range tests {
		if got := tt.f.Descends(tt.a); got != tt.want {
			t.Errorf("%d: Descends = %v, want %v", i, got, tt.want)
		}
	}
	if b.Count() != 2 || (*Filter)(nil).Count() != 0 {
		t.Errorf("Count: %d, %d", b.Count(), (*Filter)(nil).Count())
	}
}

// TestRunAllocates nothing: the runner runs the chain on every system
// call of a thread under seccomp.
func TestRunAllocates(t *testing.T) {
	prog, err := Check(retIf(0, 20, unix.SECCOMP_RET_ERRNO|1))
	if err != nil {
		t.Fatal(err)
	}
	f, _ := Attach(nil, prog, false)
	f, _ = Attach(f, prog, false)
	d := Data{Nr: 20}
	var ret uint32
	if n := testing.AllocsPerRun(100, func() { ret, _ = f.Run(&d) }); n != 0 || ret != unix.SECCOMP_RET_ERRNO|1 {
		t.Errorf("Run: %v allocations, %#x", n, ret)
	}
}
