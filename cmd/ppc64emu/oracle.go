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
	"github.com/ppc64emu/ppc64emu/oracle"
	"github.com/ppc64emu/ppc64emu/trace"
)

const oracleUsage = `Usage: ppc64emu oracle [-ops LIST | -all] [-n N] [-seed S] [-orders le,be] [-procs P] [-json] [-strict] [-show N] [-save DIR] [-harness PATH]

A live differential campaign: generates fresh random vectors for each op
(package oracle's Generate), runs them through QEMU 7.2 -cpu power10 with the
reference harness, replays every result on the emulator under the QEMU
profile and prints the per-op table of "check". It needs qemu-user
(qemu-ppc64le, qemu-ppc64) and, to build the harness into the user cache
directory on first use, the cross compilers powerpc64le-linux-gnu-gcc and
powerpc64-linux-gnu-gcc; -harness PATH runs a prebuilt harness instead (with
-orders le or be: a harness serves one byte order).

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
	harnessPath := fs.String("harness", "", "a harness binary of the byte order run (default: built into the user cache directory)")
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
	if *harnessPath != "" && len(les) != 1 {
		return usageError(stderr, fs.Name(), "-harness runs one byte order: give -orders le or -orders be")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	fmt.Fprintf(stderr, "oracle: %d ops, %d vectors per op and byte order, seed %d\n", len(ops), *n, *seed)
	c := trace.NewChecker()
	c.KeepMismatches = *show
	start := time.Now()
	var saved []trace.Line // the lines of the byte order running, for -save
	camp := &oracle.Campaign{
		Ops: ops, N: *n, Seed: *seed,
		Config:  oracle.Config{Procs: *procs, Harness: *harnessPath},
		Checker: c,
		Batch: func(b *oracle.Batch) error {
			for _, o := range b.Ops {
				saved = append(saved, o.Lines...)
			}
			dis := 0
			for _, s := range c.Stats() {
				dis += s.Disagree
			}
			fmt.Fprintf(stderr, "\roracle: %s %d/%d ops, %d vectors, %d disagree, %s   ",
				orderName(b.LE), b.Done, b.Total, len(saved), dis, time.Since(start).Round(time.Second))
			return nil
		},
	}
	for _, le := range les {
		camp.LE = []bool{le}
		saved = nil
		if err := camp.Run(ctx); err != nil {
			fmt.Fprintf(stderr, "\nppc64emu oracle: %v\n", err)
			return exitUsage
		}
		fmt.Fprintln(stderr)
		if *save != "" {
			if err := saveTraces(*save, le, saved, *seed); err != nil {
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

func orderName(le bool) string {
	if le {
		return "le"
	}
	return "be"
}

// saveTraces writes one byte order's lines to DIR/oracle-SEED.ORDER.txt.
func saveTraces(dir string, le bool, lines []trace.Line, seed uint64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := filepath.Join(dir, fmt.Sprintf("oracle-%d.%s.txt", seed, orderName(le)))
	fh, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := oracle.Save(fh, le, lines); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}
