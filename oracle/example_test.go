package oracle_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/ppc64emu/ppc64emu/decode"
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
