package oracle

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/trace"
)

// TestCampaignBatches drives the loop with the fake harness: ops are cut
// into batches, every op gets its own lines back, order-dependent lines
// are reported per op with op-relative indices, lines are numbered as
// Save writes them, and rounds end when no op has vectors.
func TestCampaignBatches(t *testing.T) {
	argv := fakeHarness(t)
	names := []string{"add", "addi", "subf"}
	var ops []decode.Op
	for _, n := range names {
		op, _ := decode.OpByName(n)
		ops = append(ops, op)
	}
	// add: 2 vectors in round 0, 1 in round 1; addi: a leaking vector
	// (state between vectors) in round 0; subf: none.
	vec := func(id string) trace.Vector {
		return trace.Vector{ID: id, Word: 0x7c642a14, Len: 4}
	}
	want := map[string][][]trace.Vector{
		"add":  {{vec("a1"), vec("a2")}, {vec("a3")}},
		"addi": {{vec("a4"), vec("leak1")}},
	}
	var batches []Batch
	var all []trace.Line
	c := &Campaign{
		Ops: ops, LE: []bool{true}, BatchOps: 2, Rounds: 3, TwoOrders: true,
		Config: Config{Command: argv, Procs: 1},
		Vectors: func(op decode.Op, le bool, round int) []trace.Vector {
			if r := want[op.String()]; round < len(r) {
				return r[round]
			}
			return nil
		},
		Checker: trace.NewChecker(),
		Batch: func(b *Batch) error {
			batches = append(batches, *b)
			for _, o := range b.Ops {
				all = append(all, o.Lines...)
			}
			return nil
		},
	}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Round 0: batch {add, addi}; batch {subf} is empty. Round 1: {add}.
	// Round 2: nothing, the loop ends.
	if len(batches) != 2 || batches[0].Round != 0 || batches[1].Round != 1 {
		t.Fatalf("batches %+v", batches)
	}
	b0 := batches[0]
	if len(b0.Ops) != 2 || b0.Ops[0].Op.String() != "add" || len(b0.Ops[0].Lines) != 2 || len(b0.Ops[1].Lines) != 2 || b0.Done != 2 || b0.Total != 3 {
		t.Fatalf("round 0 batch: %+v", b0)
	}
	if d := b0.Ops[1].OrderDependent; len(d) != 1 || d[0].Index != 1 || d[0].Forward.ID != "leak1" || len(b0.Ops[0].OrderDependent) != 0 {
		t.Errorf("order-dependent lines: add %+v, addi %+v; want addi's line 1", b0.Ops[0].OrderDependent, d)
	}
	var buf bytes.Buffer
	if err := Save(&buf, true, all); err != nil {
		t.Fatal(err)
	}
	text := strings.Split(buf.String(), "\n")
	for _, l := range all {
		if got := text[l.Num-1]; !strings.HasPrefix(got, l.ID+" ") {
			t.Errorf("line %s numbered %d; the saved file has %q there", l.ID, l.Num, got)
		}
	}
	if c.Checker.Files != 1 {
		t.Errorf("checker counted %d files, want 1 (one byte order)", c.Checker.Files)
	}
}

// TestCampaignLive runs a small live campaign in both byte orders and
// requires every compared vector to agree (QEMU is the reference; the
// emulator's golden traces already agree on these ops).
func TestCampaignLive(t *testing.T) {
	var ops []decode.Op
	for _, n := range []string{"add", "ld", "fmadd"} {
		op, _ := decode.OpByName(n)
		ops = append(ops, op)
	}
	c := &Campaign{Ops: ops, N: 16, Seed: 7, Config: Config{Procs: 2}, Checker: trace.NewChecker()}
	err := c.Run(context.Background())
	if Unavailable(err) {
		t.Skipf("skipping: no QEMU reference harness: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, s := range c.Checker.Stats() {
		total += s.Agree
		if s.Disagree > 0 {
			t.Errorf("%s: %d disagree", s.Op, s.Disagree)
		}
	}
	for _, m := range c.Checker.Mismatches {
		t.Logf("%s", m.Line.String())
	}
	if total < 60 {
		t.Errorf("%d vectors agree, want most of 96", total)
	}
}

// TestRecorded: a vector is answered by the line with the same state
// whatever its ID; others are skipped.
func TestRecorded(t *testing.T) {
	l, err := trace.ParseLine("x1 insn=7c642a14 r4=5 r5=7 => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 r3=000000000000000c")
	if err != nil {
		t.Fatal(err)
	}
	r := Recorded(&trace.File{Lines: []trace.Line{l}})
	v := l.Vector
	v.ID, v.Comment = "other", "a comment"
	w := v
	w.Sets = w.Sets[:1]
	got, err := r.Run(context.Background(), []trace.Vector{v, w})
	if err != nil {
		t.Fatal(err)
	}
	if got[0].ID != "other" || got[0].Result.String() != l.Result.String() {
		t.Errorf("recorded vector: %s", got[0].String())
	}
	if got[1].Result.Status != trace.StatusSkip || got[1].Result.Why != WhyNotRecorded {
		t.Errorf("unrecorded vector: %s", got[1].String())
	}
}
