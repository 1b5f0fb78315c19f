// Command mkgolden produces the golden QEMU traces under testdata/traces:
// for each op, random vectors from oracle.Generate run through the QEMU
// reference harness (oracle.Campaign) in both byte orders.
//
//	go run ./internal/tools/mkgolden -emulated -n 64 -seed 1 -o testdata/traces
//	go run ./internal/tools/mkgolden -ops add,ld,bclr -n 64 -seed 1 -o testdata/traces
//	go run ./internal/tools/mkgolden -in testdata/vectors/edge.txt -o testdata/traces
//
// The last form runs a hand-written vector file (the edge cases random
// vectors miss) and writes testdata/traces/edge.le.txt.gz and edge.be.txt.gz.
//
// Every batch runs twice, forward and in reverse order with fresh harness
// processes; a vector whose result differs between the two runs depends on
// state QEMU leaks between vectors (or is non-deterministic, like mftb) and
// is dropped, with a count; so are reads of the time base (mftb, mfspr
// 268/269/284/285) and darn, whose results change with time (darn gets no
// file). Vectors the harness refuses (st=skip) are kept but do not count
// towards -n, except for ops the harness always refuses (sc, scv), whose
// files hold -n skip lines. When too few vectors survive, more are
// generated (vecgen is prefix-stable, so the first ones do not change) in
// up to four rounds. A vector's comment is written on a "# ID: comment"
// line before it (invalid-form vectors say so there and in their ID).
//
// The set of files follows emulate.EmulatedOps: rerun with -emulated when
// ops are added; the files of existing ops stay identical.
//
// Each op gives testdata/traces/<op>.le.txt.gz and <op>.be.txt.gz, with the
// header lines "# format=2", "# order=", "# reference=qemu-7.2 cpu=power10" and
// "# generator=ppc64emu-vecgen seed=… n=…". The gzip output has no time
// stamp, so rerunning with the same seed reproduces the files byte for byte
// unless QEMU's results changed. Ops that never decode as themselves (cmp,
// cmpi, cmpl, cmpli: ppc64asm decodes those words as cmpw/cmpd, …) have no
// vectors and no file.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/oracle"
	"github.com/ppc64emu/ppc64emu/trace"
)

func main() {
	opsFlag := flag.String("ops", "", "comma-separated op names (as decode prints them, e.g. add.,ld,bclr)")
	emulated := flag.Bool("emulated", false, "every op the emulator implements (emulate.EmulatedOps)")
	n := flag.Int("n", 64, "vectors per op and byte order (not counting refused ones)")
	seed := flag.Uint64("seed", 1, "generator seed")
	out := flag.String("o", "testdata/traces", "output directory")
	orders := flag.String("orders", "le,be", "byte orders")
	procs := flag.Int("procs", 0, "harness processes per run (default: one per CPU)")
	in := flag.String("in", "", "a hand-written vector file to run instead of generated vectors")
	flag.Parse()
	if *in != "" {
		if err := runFile(*in, *out, strings.Split(*orders, ","), *procs); err != nil {
			fmt.Fprintln(os.Stderr, "mkgolden:", err)
			os.Exit(1)
		}
		return
	}
	ops, err := selectOps(*opsFlag, *emulated)
	if err == nil && len(ops) == 0 {
		err = fmt.Errorf("no ops: use -ops or -emulated")
	}
	if err == nil {
		err = run(ops, *n, *seed, *out, strings.Split(*orders, ","), *procs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkgolden:", err)
		os.Exit(1)
	}
}

func selectOps(list string, emulated bool) ([]decode.Op, error) {
	var ops []decode.Op
	if emulated {
		ops = append(ops, emulate.EmulatedOps()...)
	}
	if list != "" {
		for _, name := range strings.Split(list, ",") {
			op, ok := decode.OpByName(strings.TrimSpace(name))
			if !ok {
				return nil, fmt.Errorf("unknown op %q", name)
			}
			ops = append(ops, op)
		}
	}
	seen := map[decode.Op]bool{}
	var uniq []decode.Op
	for _, op := range ops {
		if !seen[op] {
			seen[op] = true
			uniq = append(uniq, op)
		}
	}
	sort.Slice(uniq, func(i, j int) bool { return uniq[i].String() < uniq[j].String() })
	return uniq, nil
}

// opState is one op's progress in one byte order.
type opState struct {
	op        decode.Op
	generated int          // vectors generated so far (prefix of vecgen's stream)
	kept      []trace.Line // lines that did not differ between the orders, in ID order
	dropped   []oracle.Difference
	timeBase  int  // dropped: reads of the time base (or other values that change with time)
	exhausted bool // vecgen gave fewer vectors than asked
	// usableBefore is usable() before the last round: a round that adds
	// nothing ends the op's rounds.
	usableBefore int
}

// usable counts kept lines that are not refused by the harness.
func (s *opState) usable() int {
	n := 0
	for _, l := range s.kept {
		if l.Result.Status != trace.StatusSkip {
			n++
		}
	}
	return n
}

func run(ops []decode.Op, n int, seed uint64, dir string, orders []string, procs int) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	for _, order := range orders {
		if order != "le" && order != "be" {
			return fmt.Errorf("byte order %q: want le or be", order)
		}
		le := order == "le"
		states := map[decode.Op]*opState{}
		for _, op := range ops {
			states[op] = &opState{op: op}
		}
		start := time.Now()
		c := &oracle.Campaign{
			Ops: ops, LE: []bool{le}, Rounds: 4, TwoOrders: true,
			BatchOps: len(ops), // one batch a round: every op's vectors in one harness run
			Config: oracle.Config{Procs: procs,
				Log: func(f string, a ...any) { fmt.Fprintf(os.Stderr, "mkgolden: "+f+"\n", a...) }},
			Vectors: func(op decode.Op, le bool, round int) []trace.Vector {
				s := states[op]
				if s.exhausted || s.usable() >= n || round > 0 && s.usable() == s.usableBefore {
					return nil // done, always refused (sc, scv) or never reproducible (darn)
				}
				s.usableBefore = s.usable()
				want := n + n/4 + 4
				if round > 0 {
					want = s.generated + (n-s.usable())*2 + 8
				}
				vs := oracle.Generate(s.op, want, seed, le)
				if len(vs) < want {
					s.exhausted = true
				}
				fresh := vs[min(s.generated, len(vs)):]
				s.generated = len(vs)
				return fresh
			},
			Batch: func(b *oracle.Batch) error {
				vectors, dropped := 0, 0
				for _, o := range b.Ops {
					s := states[o.Op]
					bad := map[int]bool{}
					for _, d := range o.OrderDependent {
						bad[d.Index] = true
						s.dropped = append(s.dropped, d)
					}
					for i, l := range o.Lines {
						switch {
						case bad[i]:
						case nondeterministic(&l.Vector):
							s.timeBase++
						default:
							s.kept = append(s.kept, l)
						}
					}
					vectors += len(o.Lines)
					dropped += len(o.OrderDependent)
				}
				fmt.Fprintf(os.Stderr, "mkgolden: %s round %d: %d vectors, %d order-dependent (%.1fs)\n",
					order, b.Round, vectors, dropped, time.Since(start).Seconds())
				return nil
			},
		}
		if err := c.Run(context.Background()); err != nil {
			return err
		}
		for _, op := range ops {
			if err := write(dir, order, seed, n, states[op]); err != nil {
				return err
			}
		}
	}
	return nil
}

// nondeterministic reports vectors whose result changes with time, which
// the two-order comparison can miss (the upper half of the time base
// changes every few seconds): mftb and mfspr of TB, TBU and QEMU's
// time-base aliases 284/285, and darn.
func nondeterministic(v *trace.Vector) bool {
	in, err := decode.DecodeWord(v.Word, v.Suffix)
	if err != nil {
		return false
	}
	switch in.Op {
	case ppc64asm.DARN:
		return true
	case ppc64asm.MFSPR, ppc64asm.MFTB:
		for i := 0; i < int(in.NArgs); i++ {
			if in.Kinds[i] == decode.ArgSPR {
				switch in.Args[i] {
				case 268, 269, 284, 285:
					return true
				}
			}
		}
	}
	return false
}

// write writes one op's golden file and prints its summary line.
func write(dir, order string, seed uint64, n int, s *opState) error {
	if s.generated == 0 {
		fmt.Fprintf(os.Stderr, "%-10s %s: no encoding decodes as this op; no file\n", s.op, order)
		return nil
	}
	var lines []trace.Line
	usable := 0
	allSkip := s.usable() == 0
	for _, l := range s.kept {
		if usable >= n {
			break
		}
		if l.Result.Status != trace.StatusSkip || allSkip {
			usable++
		}
		lines = append(lines, l)
	}
	if len(lines) == 0 {
		fmt.Fprintf(os.Stderr, "%-10s %s: all %d vectors dropped (%d order-dependent, %d time-base); no file\n",
			s.op, order, s.generated, len(s.dropped), s.timeBase)
		os.Remove(filepath.Join(dir, s.op.String()+"."+order+".txt.gz"))
		return nil
	}
	gen := fmt.Sprintf("ppc64emu-vecgen seed=%d n=%d op=%s generated=%d order-dependent-dropped=%d time-base-dropped=%d",
		seed, n, s.op, s.generated, len(s.dropped), s.timeBase)
	summary, err := writeFile(filepath.Join(dir, s.op.String()+"."+order+".txt.gz"), order, gen, lines)
	if err != nil {
		return err
	}
	warn := ""
	if usable < n {
		warn = fmt.Sprintf(" SHORT (%d < %d)", usable, n)
	}
	fmt.Fprintf(os.Stderr, "%-10s %s: %3d lines, %d order-dependent and %d time-base dropped, %s%s\n",
		s.op, order, len(lines), len(s.dropped), s.timeBase, summary, warn)
	printDropped(s.dropped)
	return nil
}

func printDropped(ds []oracle.Difference) {
	for i, d := range ds {
		if i == 2 {
			break
		}
		fmt.Fprintf(os.Stderr, "    dropped %s\n      fwd %s\n      rev %s\n", d.Forward.Vector.String(), d.Forward.Result, d.Reverse.Result)
	}
}

// writeFile writes a gzip trace file (no time stamp in the gzip header)
// with the format's header lines and a "# generator=" line; a vector's
// comment goes on a "# ID: comment" line before it ('=' written as ':', so
// that readers do not take it for a header key). It returns a summary of
// the statuses.
func writeFile(name, order, generator string, lines []trace.Line) (string, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# format=%d\n# order=%s\n# reference=qemu-7.2 cpu=power10\n# generator=%s\n", trace.Version, order, generator)
	status := map[string]int{}
	for _, l := range lines {
		if l.Comment != "" {
			fmt.Fprintf(&b, "# %s: %s\n", l.ID, strings.ReplaceAll(l.Comment, "=", ":"))
		}
		b.WriteString(l.String())
		b.WriteByte('\n')
		k := string(l.Result.Status)
		if l.Result.Status == trace.StatusSkip {
			k += ":" + l.Result.Why
		}
		status[k]++
	}
	var z bytes.Buffer
	zw, err := gzip.NewWriterLevel(&z, gzip.BestCompression)
	if err != nil {
		return "", err
	}
	zw.Write(b.Bytes())
	if err := zw.Close(); err != nil {
		return "", err
	}
	if err := os.WriteFile(name, z.Bytes(), 0o666); err != nil {
		return "", err
	}
	var keys []string
	for k := range status {
		keys = append(keys, fmt.Sprintf("%s=%d", k, status[k]))
	}
	sort.Strings(keys)
	return strings.Join(keys, " "), nil
}

// runFile runs a hand-written vector file in each byte order and writes
// dir/<name>.<order>.txt.gz, <name> being the file's base name without
// ".txt". Vectors whose results depend on the run order are dropped.
func runFile(path, dir string, orders []string, procs int) error {
	f, err := trace.ReadFile(path)
	if err != nil {
		return err
	}
	if len(f.Errors) > 0 {
		return errors.Join(f.Errors...)
	}
	var vecs []trace.Vector
	for _, l := range f.Lines {
		vecs = append(vecs, l.Vector)
	}
	base := strings.TrimSuffix(filepath.Base(path), ".txt")
	for _, order := range orders {
		o, err := oracle.New(oracle.Config{BE: order == "be", Procs: procs,
			Log: func(f string, a ...any) { fmt.Fprintf(os.Stderr, "mkgolden: "+f+"\n", a...) }})
		if err != nil {
			return err
		}
		lines, diffs, err := o.RunTwoOrders(context.Background(), vecs)
		if err != nil {
			return err
		}
		bad := map[int]bool{}
		for _, d := range diffs {
			bad[d.Index] = true
		}
		var kept []trace.Line
		for i, l := range lines {
			if !bad[i] && !nondeterministic(&l.Vector) {
				kept = append(kept, l)
			}
		}
		gen := fmt.Sprintf("hand-written file=%s order-dependent-dropped=%d", filepath.ToSlash(path), len(diffs))
		summary, err := writeFile(filepath.Join(dir, base+"."+order+".txt.gz"), order, gen, kept)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s %s: %d lines, %d order-dependent dropped, %s\n", base, order, len(kept), len(diffs), summary)
		printDropped(diffs)
	}
	return nil
}
