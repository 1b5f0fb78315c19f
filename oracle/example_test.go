package oracle_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/oracle"
	"github.com/ppc64emu/ppc64emu/trace"
)

// A campaign without QEMU: the vectors Generate makes for addi and ld with
// seed 1 are the ones QEMU 7.2 answered in the golden traces this module
// ships (testdata/traces), so Recorded answers them and the Checker
// replays the answers on the emulator. Leave Runner nil to run QEMU.
func Example() {
	var files []*trace.File
	var ops []decode.Op
	for _, name := range []string{"addi", "ld"} {
		f, err := trace.ReadFile("../testdata/traces/" + name + ".le.txt.gz")
		if err != nil {
			log.Fatal(err)
		}
		files = append(files, f)
		op, _ := decode.OpByName(name)
		ops = append(ops, op)
	}
	c := &oracle.Campaign{
		Ops: ops, N: 64, Seed: 1,
		LE:      []bool{true},
		Runner:  func(le bool) (oracle.Runner, error) { return oracle.Recorded(files...), nil },
		Checker: trace.NewChecker(),
	}
	if err := c.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
	for _, s := range c.Checker.Stats() {
		fmt.Printf("%-4s %d vectors: %d agree, %d disagree, %d skipped\n", s.Op, s.Vectors, s.Agree, s.Disagree, s.Skipped)
	}
	// Output:
	// addi 64 vectors: 64 agree, 0 disagree, 0 skipped
	// ld   64 vectors: 64 agree, 0 disagree, 0 skipped
}

// A live campaign: QEMU 7.2 and the harness (built into the user's cache
// directory on first use, or given as Config.Harness), 100 vectors of
// fmadd in both byte orders, replayed on the emulator.
func ExampleCampaign_live() {
	fmadd, _ := decode.OpByName("fmadd")
	c := &oracle.Campaign{
		Ops: []decode.Op{fmadd}, N: 100, Seed: 42,
		Checker: trace.NewChecker(),
	}
	if err := c.Run(context.Background()); err != nil {
		var se *oracle.SetupError
		if errors.As(err, &se) {
			fmt.Println("no QEMU setup:", se.Program)
			return
		}
		log.Fatal(err)
	}
	for _, m := range c.Checker.Mismatches {
		fmt.Println(m.Line.String())
	}
}

// A live oracle: one QEMU process (per byte order) kept running and fed
// one vector at a time, each answer compared with the emulator, as the
// fuzz target FuzzDifferential does at hundreds of inputs per second.
// Without QEMU the example answers from the golden traces QEMU 7.2 once
// wrote for the same vectors (testdata/traces), so it prints the same.
func ExampleOracle_Live() {
	addi, _ := decode.OpByName("addi")
	ctx := context.Background()
	var run func(trace.Vector) (trace.Line, error)
	o, err := oracle.New(oracle.Config{}) // little-endian
	switch {
	case err == nil:
		live := o.Live()
		defer live.Close()
		run = func(v trace.Vector) (trace.Line, error) { return live.RunOne(ctx, v) }
	case oracle.Unavailable(err):
		f, err := trace.ReadFile("../testdata/traces/addi.le.txt.gz")
		if err != nil {
			log.Fatal(err)
		}
		rec := oracle.Recorded(f)
		run = func(v trace.Vector) (trace.Line, error) {
			lines, err := rec.Run(ctx, []trace.Vector{v})
			if err != nil {
				return trace.Line{}, err
			}
			return lines[0], nil
		}
	default:
		log.Fatal(err)
	}
	for _, v := range oracle.Generate(addi, 3, 1, true) {
		l, err := run(v)
		if err != nil {
			log.Fatal(err)
		}
		vd := trace.Replay(&l, true, emulate.QEMU)
		fmt.Printf("%s %s: %v\n", l.ID, l.Result, vd.Kind == trace.Agree)
	}
	// Output:
	// addi-le-0000 st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 r15=4b860ce94293542f: true
	// addi-le-0001 st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 r22=0000000080007828: true
	// addi-le-0002 st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 r11=00000000800002f0: true
}
