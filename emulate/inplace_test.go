package emulate_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/tools/lsgen"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// onlyMemory hides a *mem.Memory's type from Step: every access is a call
// of its Read or Write.
type onlyMemory struct{ m *mem.Memory }

func (o onlyMemory) Read(addr uint64, b []byte) error  { return o.m.Read(addr, b) }
func (o onlyMemory) Write(addr uint64, b []byte) error { return o.m.Write(addr, b) }

// TestLoadStoreInPlace: the integer loads and stores, which outside Run
// read and write a *mem.Memory's page in place when ReadPage or WritePage
// lends it, have the outcomes of the same step through the Memory's Read
// and Write (the memory's type hidden): error, registers, the bytes of
// every page and what the Journal is told, for every op of lsgen's lists,
// both byte orders, and addresses on a written page, a never-written
// page, across them, a read-only page, an unmapped one, a page shared
// copy-on-write with a Snapshot and with a Journal attached.
func TestLoadStoreInPlace(t *testing.T) {
	const (
		rwA  = 0x20000000 // written
		zA   = rwA + mem.PageSize
		roA  = zA + mem.PageSize // read-only, written through Poke
		unA  = roA + mem.PageSize
		size = 3 * mem.PageSize
	)
	type env struct {
		m   *mem.Memory
		log []string // the Journal's changes after the setup
	}
	build := func(t *testing.T, snapshot, journal bool) *env {
		v := &env{m: mem.New()}
		if err := v.m.Map(rwA, 2*mem.PageSize, mem.RW); err != nil {
			t.Fatal(err)
		}
		if err := v.m.Map(roA, mem.PageSize, mem.Read); err != nil {
			t.Fatal(err)
		}
		pat := make([]byte, mem.PageSize)
		for i := range pat {
			pat[i] = byte(i*7 + 1)
		}
		if err := v.m.Write(rwA, pat); err != nil {
			t.Fatal(err)
		}
		if err := v.m.Poke(roA, pat); err != nil {
			t.Fatal(err)
		}
		if snapshot {
			v.m.Snapshot()
		}
		if journal {
			v.m.Journal = func(c *mem.Change) { v.log = append(v.log, fmt.Sprintf("%v %#x %x", c.Op, c.Addr, c.Data)) }
		}
		return v
	}
	var ops []decode.Op
	ops = append(append(ops, lsgen.Loads...), lsgen.Stores...)
	addrs := []uint64{rwA + 0x18, zA + 0x20, zA - 4, roA + 0x28, unA + 8}
	n := 0
	for _, op := range ops {
		base, ok := decode.BaseInst(op)
		if !ok {
			t.Fatalf("%v: no base encoding", op)
		}
		args := []int64{3, 8, 4} // RT, D, RA: EA = r4 + 8
		if base.Has(decode.FlagIndexed) {
			args = []int64{3, 4, 5} // RT, RA, RB: EA = r4 + r5
		} else if base.Len == 8 {
			args = append(args, 0) // R = 0
		}
		w, s, err := decode.Encode(op, args...)
		if err != nil {
			t.Fatalf("%v: %v", op, err)
		}
		in, err := decode.DecodeWord(w, s)
		if err != nil {
			t.Fatalf("%v: %v", op, err)
		}
		for _, msr := range []uint64{regs.MSRLinuxUser, regs.MSRLinuxUserLE} {
			for _, addr := range addrs {
				for _, kind := range []struct {
					name              string
					snapshot, journal bool
				}{{"plain", false, false}, {"snapshot", true, false}, {"journal", false, true}} {
					var got [2]struct {
						err   string
						fault emulate.Fault
						r     regs.Regs
						mem   []byte
						log   []string
					}
					for i := range got {
						v := build(t, kind.snapshot, kind.journal)
						r := regs.Regs{MSR: msr, NIP: 0x10000000}
						r.GPR[3], r.GPR[4], r.GPR[5] = 0x0102030405060708, addr-8, 8
						var m emulate.Memory = v.m
						if i == 1 {
							m = onlyMemory{v.m}
						}
						err := emulate.New(emulate.Config{}).Step(&r, m, &in)
						g := &got[i]
						if err != nil {
							g.err = err.Error()
							var f *emulate.Fault
							if errors.As(err, &f) {
								g.fault = *f
								g.fault.Err = nil // in err's text
							}
						}
						g.r, g.log = r, v.log
						g.mem = make([]byte, size)
						if err := v.m.Peek(rwA, g.mem); err != nil {
							t.Fatal(err)
						}
					}
					if got[0].err != got[1].err || got[0].fault != got[1].fault || got[0].r != got[1].r ||
						!bytes.Equal(got[0].mem, got[1].mem) || !cmp.Equal(got[0].log, got[1].log) {
						t.Errorf("%v at %#x, MSR %#x, %s: in place: %q %v, Journal %q; through Read/Write: %q %v, Journal %q (registers or memory differ: %v, %v)",
							op, addr, msr, kind.name, got[0].err, got[0].fault, got[0].log, got[1].err, got[1].fault, got[1].log,
							got[0].r != got[1].r, !bytes.Equal(got[0].mem, got[1].mem))
					}
					n++
				}
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d steps compared", n)
	}
}
