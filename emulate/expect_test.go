package emulate

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/regs"
)

// stepCase is one expectation-style test case: an instruction, the state
// it starts from and what it must do. runCases steps it on a fresh test
// machine (newMachine: problem state, 64-bit, FP/VMX/VSX on, NIP = cia,
// code and scratch memory) under each profile and byte order it names,
// and checks the whole machine afterwards:
//   - a completed step must leave exactly the pre-state with want's
//     changes applied and NIP advanced past the instruction: registers,
//     code and scratch memory (and any region setup adds), nothing else;
//   - a refused or faulting step (err set) must return an error that
//     errors.Is err, and leave registers and memory bit-identical.
//
// The expected values of a case come from the ISA, QEMU 7.2 or a standard
// (each table says which), never from running the emulator.
type stepCase struct {
	name   string
	op     string // if set, word (with suffix) must decode to this op
	word   uint32 // the instruction word; the prefix of a prefixed one
	suffix uint32 // the suffix of a prefixed instruction
	prof   Profile
	orders byteOrders
	cfg    Config // the emulator's configuration; Profile comes from prof

	msr      uint64           // MSR bits set on the test machine
	msrClear uint64           // MSR bits cleared (regs.MSRSF: 32-bit mode, regs.MSRPR: supervisor state)
	setup    func(m *machine) // the state beyond the test machine's
	want     func(m *machine) // the expected changes, applied to a copy of the pre-state

	err error // the expected refusal or fault (errors.Is); state must be unchanged
	// exc, with err = ErrFPException: the FPException expected (its Op is
	// not compared).
	exc *FPException
	// check, if set, checks further details of the step's error (a case
	// that pins only some fields of an FPException, say).
	check func(t *testing.T, err error)
}

// anyProfile as a stepCase's prof: the case holds under both profiles.
const anyProfile Profile = 255

// byteOrders says which byte orders a stepCase runs in.
type byteOrders uint8

const (
	bothByteOrders byteOrders = iota // the zero value
	onlyLE
	onlyBE
)

func (c *stepCase) profiles() []Profile {
	if c.prof == anyProfile {
		return []Profile{Hardware, QEMU}
	}
	return []Profile{c.prof}
}

func (c *stepCase) les() []bool {
	switch c.orders {
	case onlyLE:
		return []bool{true}
	case onlyBE:
		return []bool{false}
	}
	return []bool{true, false}
}

// words returns the instruction's words, the suffix after a prefix.
func (c *stepCase) words() []uint32 {
	if c.suffix != 0 || decode.IsPrefix(c.word) {
		return []uint32{c.word, c.suffix}
	}
	return []uint32{c.word}
}

// clone returns a copy of m with its own copies of every region's bytes.
func (m *machine) clone() *machine {
	c := &machine{r: m.r, mem: new(regions.Regions)}
	*c.mem = make(regions.Regions, len(*m.mem))
	for i, reg := range *m.mem {
		cp := *reg
		cp.Data = append([]byte(nil), reg.Data...)
		(*c.mem)[i] = &cp
		switch {
		case len(m.code) > 0 && &reg.Data[0] == &m.code[0]:
			c.code = cp.Data
		case len(m.scratch) > 0 && &reg.Data[0] == &m.scratch[0]:
			c.scratch = cp.Data
		}
	}
	return c
}

// diffMachines reports how got differs from want: registers, then each
// memory region (both machines hold the same regions).
func diffMachines(want, got *machine) string {
	d := cmp.Diff(want.r, got.r)
	for i, reg := range *want.mem {
		if i >= len(*got.mem) || !bytes.Equal(reg.Data, (*got.mem)[i].Data) {
			g := []byte(nil)
			if i < len(*got.mem) {
				g = (*got.mem)[i].Data
			}
			d += fmt.Sprintf("memory at %#x:\n%s", reg.Addr, cmp.Diff(reg.Data, g))
		}
	}
	return d
}

// runCases runs each case as a subtest under every profile and byte order
// it names.
func runCases(t *testing.T, cases []stepCase) {
	t.Helper()
	for i := range cases {
		c := &cases[i]
		if c.op != "" {
			in, err := decode.DecodeWord(c.word, c.suffix)
			if err != nil || in.Op.String() != c.op {
				t.Fatalf("%s: %08x decodes as %v (%v), want %s", c.name, c.word, in.Op, err, c.op)
			}
		}
		t.Run(c.name, func(t *testing.T) {
			for _, p := range c.profiles() {
				for _, le := range c.les() {
					c.run(t, p, le)
				}
			}
		})
	}
}

// run steps c once under profile p in the byte order le.
func (c *stepCase) run(t *testing.T, p Profile, le bool) {
	t.Helper()
	order := "be"
	if le {
		order = "le"
	}
	m := newMachine(le)
	m.r.MSR = m.r.MSR&^c.msrClear | c.msr
	if c.setup != nil {
		c.setup(m)
	}
	before := m.clone()
	cfg := c.cfg
	cfg.Profile = p
	words := c.words()
	err := m.stepWith(New(cfg), words...)
	if c.err != nil {
		if !errors.Is(err, c.err) {
			t.Errorf("%v %s: err = %v, want %v", p, order, err, c.err)
			return
		}
		if d := diffMachines(before, m); d != "" {
			t.Errorf("%v %s: the refused step changed the state (-before +after):\n%s", p, order, d)
		}
		if c.exc != nil {
			var x *FPException
			if !errors.As(err, &x) {
				t.Fatalf("%v %s: %T is not an *FPException", p, order, err)
			}
			got := *x
			got.Op = 0
			if d := cmp.Diff(*c.exc, got); d != "" {
				t.Errorf("%v %s: FPException (-want +got):\n%s", p, order, d)
			}
		}
		c.runCheck(t, err, p, order)
		return
	}
	if err != nil {
		t.Errorf("%v %s: %v", p, order, err)
		return
	}
	c.runCheck(t, err, p, order)
	want := before.clone()
	want.r.NIP += 4 * uint64(len(words))
	if c.want != nil {
		c.want(want)
	}
	if d := diffMachines(want, m); d != "" {
		t.Errorf("%v %s (-want +got):\n%s", p, order, d)
	}
}

// runCheck runs c's check, if any, and says where a check that failed ran.
func (c *stepCase) runCheck(t *testing.T, err error, p Profile, order string) {
	t.Helper()
	if c.check == nil {
		return
	}
	failed := t.Failed()
	c.check(t, err)
	if !failed && t.Failed() {
		t.Logf("(the step ran under %v, %s)", p, order)
	}
}

// checkFPException returns a stepCase check that hands the step's
// *FPException to f (the fields a case pins).
func checkFPException(f func(t *testing.T, x *FPException)) func(t *testing.T, err error) {
	return func(t *testing.T, err error) {
		t.Helper()
		var x *FPException
		if !errors.As(err, &x) {
			t.Fatalf("err %v, want an *FPException", err)
		}
		f(t, x)
	}
}

// onRegs adapts a table's register setup or change to a stepCase's (nil
// stays nil).
func onRegs(f func(r *regs.Regs)) func(m *machine) {
	if f == nil {
		return nil
	}
	return func(m *machine) { f(&m.r) }
}

// bitsIf returns bits if cond holds, else 0.
func bitsIf(cond bool, bits uint64) uint64 {
	if cond {
		return bits
	}
	return 0
}

// stepCases converts a family's table to stepCases.
func stepCases[T any](table []T, f func(T) stepCase) []stepCase {
	cases := make([]stepCase, len(table))
	for i, x := range table {
		cases[i] = f(x)
	}
	return cases
}
