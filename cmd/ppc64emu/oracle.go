package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/oracle"
	"github.com/ppc64emu/ppc64emu/internal/vecgen"
	"github.com/ppc64emu/ppc64emu/trace"
)

const oracleUsage = `Usage: ppc64emu oracle [-ops LIST | -all] [-n N] [-seed S] [-orders le,be] [-procs P] [-json] [-strict] [-show N] [-save DIR]

A live differential campaign: generates fresh random vectors for each op
(internal/vecgen), runs them through QEMU 7.2 -cpu power10 with the reference
harness (internal/oracle; needs qemu-user and the harness, see
scripts/install-deps.sh and scripts/build-harness.sh), replays every result on
the emulator under the QEMU profile and prints the per-op table of "check".

By default every op the emulator implements is tested; -ops takes a
comma-separated list of op names (as decode prints them: add.,ld,bclr) and
-all takes every op ppc64asm knows. -n is the number of vectors per op and
byte order; -seed fixes the generator (default: from the clock, printed, so a
run can be repeated). A progress line goes to stderr. -save DIR writes the
traces (one file per byte order) so a disagreement can be replayed with
"ppc64emu check".

Exit status: 0 when every compared vector agrees; 1 when any disagrees (or,
with -strict, when any op is not emulated); 2 for a usage error or when QEMU
or the harness is missing.
`

func runOracle(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("oracle")
	opsList := fs.String("ops", "", "comma-separated op names")
	all := fs.Bool("all", false, "every op ppc64asm knows")
	n := fs.Int("n", 32, "vectors per op and byte order")
	seed := fs.Uint64("seed", 0, "generator seed (0: from the clock)")
	orders := fs.String("orders", "le,be", "byte orders")
	procs := fs.Int("procs", 0, "harness processes (0: one per CPU)")
	jsonOut := fs.Bool("json", false, "one JSON object per op")
	strict := fs.Bool("strict", false, "fail when a vector's op is not emulated")
	show := fs.Int("show", 5, "disagreements to print in full")
	save := fs.String("save", "", "directory to write the traces to")
	rest, code, done := parseFlags(fs, args, oracleUsage, stdout, stderr)
	if done {
		return code
	}
	if len(rest) > 0 {
		return usageError(stderr, fs.Name(), "unexpected arguments %q", rest)
	}
	if *n <= 0 || *show < 0 {
		return usageError(stderr, fs.Name(), "-n must be > 0 and -show >= 0")
	}
	ops, err := campaignOps(*opsList, *all)
	if err != nil {
		return usageError(stderr, fs.Name(), "%v", err)
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	var les []bool
	for _, o := range strings.Split(*orders, ",") {
		switch strings.TrimSpace(o) {
		case "le":
			les = append(les, true)
		case "be":
			les = append(les, false)
		default:
			return usageError(stderr, fs.Name(), "unknown byte order %q (want le and/or be)", o)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	fmt.Fprintf(stderr, "oracle: %d ops, %d vectors per op and byte order, seed %d\n", len(ops), *n, *seed)
	c := trace.NewChecker()
	c.KeepMismatches = *show
	start := time.Now()
	for _, le := range les {
		order := map[bool]string{true: "le", false: "be"}[le]
		o, err := oracle.New(oracle.Config{BE: !le, Procs: *procs})
		if err != nil {
			fmt.Fprintf(stderr, "ppc64emu oracle: %v\n", err)
			return exitUsage
		}
		f := &trace.File{Name: "oracle." + order, LE: le, OrderSet: true, Reference: "qemu-7.2"}
		// Batches of ops keep the progress line moving and the memory small.
		const batchOps = 32
		for i := 0; i < len(ops); i += batchOps {
			var vecs []trace.Vector
			for _, op := range ops[i:min(i+batchOps, len(ops))] {
				vecs = append(vecs, vecgen.Generate(op, *n, *seed, le)...)
			}
			lines, err := o.Run(ctx, vecs)
			if err != nil {
				fmt.Fprintf(stderr, "\nppc64emu oracle: %v\n", err)
				return exitUsage
			}
			for j := range lines {
				// Line numbers of the file -save writes (two header lines).
				lines[j].Num = 2 + len(f.Lines) + j + 1
			}
			part := &trace.File{Name: f.Name, LE: le, OrderSet: true, Reference: f.Reference, Lines: lines}
			c.CheckFile(part)
			c.Files-- // count the byte order once, below
			f.Lines = append(f.Lines, lines...)
			dis := 0
			for _, s := range c.Stats() {
				dis += s.Disagree
			}
			fmt.Fprintf(stderr, "\roracle: %s %d/%d ops, %d vectors, %d disagree, %s   ",
				order, min(i+batchOps, len(ops)), len(ops), len(f.Lines), dis, time.Since(start).Round(time.Second))
		}
		c.Files++
		fmt.Fprintln(stderr)
		if *save != "" {
			if err := saveTraces(*save, f, *seed); err != nil {
				fmt.Fprintf(stderr, "ppc64emu oracle: %v\n", err)
				return exitUsage
			}
		}
	}
	if err := report(stdout, c, *jsonOut); err != nil {
		fmt.Fprintf(stderr, "ppc64emu oracle: %v\n", err)
		return exitUsage
	}
	if !*jsonOut {
		fmt.Fprintf(stdout, "seed %d; repeat with: ppc64emu oracle -seed %d -n %d\n", *seed, *seed, *n)
	}
	if c.Failed(*strict) {
		return exitFail
	}
	return exitOK
}

// campaignOps picks the ops of a campaign: a list, every op, or (default)
// every emulated op. Ops that never decode as themselves give no vectors.
func campaignOps(list string, all bool) ([]decode.Op, error) {
	var ops []decode.Op
	switch {
	case list != "" && all:
		return nil, fmt.Errorf("-ops and -all are mutually exclusive")
	case list != "":
		for _, name := range strings.Split(list, ",") {
			op, ok := decode.OpByName(strings.TrimSpace(name))
			if !ok {
				return nil, fmt.Errorf("unknown op %q", name)
			}
			ops = append(ops, op)
		}
	case all:
		for i := 1; i < decode.NumOps; i++ {
			ops = append(ops, decode.Op(i))
		}
	default:
		ops = emulate.EmulatedOps()
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].String() < ops[j].String() })
	return ops, nil
}

func saveTraces(dir string, f *trace.File, seed uint64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	order := "be"
	if f.LE {
		order = "le"
	}
	name := filepath.Join(dir, fmt.Sprintf("oracle-%d.%s.txt", seed, order))
	fh, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := f.Write(fh); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}
