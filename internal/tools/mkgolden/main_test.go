package main

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/trace"
)

func TestNondeterministic(t *testing.T) {
	for _, c := range []struct {
		word uint32
		want bool
	}{
		{0x7c6c42e6, true},  // mftb r3,268
		{0x7c6d42a6, true},  // mfspr r3,269
		{0x7c6902a6, false}, // mfspr r3,ctr
		{0x7c6902e6, false}, // mftb r3,ctr (QEMU: mfspr)
		{0x7c642a14, false}, // add
	} {
		v := trace.Vector{ID: "x", Word: c.word, Len: 4}
		if got := nondeterministic(&v); got != c.want {
			t.Errorf("%08x: nondeterministic = %v, want %v", c.word, got, c.want)
		}
	}
}

func TestSelectOps(t *testing.T) {
	ops, err := selectOps("ld,add.,add", false)
	if err != nil || len(ops) != 3 || ops[0].String() != "add" || ops[1].String() != "add." {
		t.Errorf("selectOps = %v, %v", ops, err)
	}
	if _, err := selectOps("nosuchop", false); err == nil {
		t.Error("unknown op accepted")
	}
}
