// Command qemusurvey measures how QEMU 7.2 (-cpu power10, user mode) treats
// reserved bits, invalid forms and problem state for every ppc64asm op, in
// both byte orders, and turns the measurements into the QEMU profile's
// table (see package survey for the method).
//
//	go run ./internal/tools/qemusurvey -o emulate/testdata/qemu-legality.txt
//	go run ./internal/tools/qemusurvey -gen emulate/testdata/qemu-legality.txt -go emulate/qemu_legality.go
//	go run ./internal/tools/qemusurvey -ops ldx,bcctr        # print the lines of a few ops
//	go run ./internal/tools/qemusurvey -spr -o emulate/testdata/qemu-spr.txt
//	go run ./internal/tools/qemusurvey -gen-spr emulate/testdata/qemu-spr.txt -spr-go emulate/qemu_spr.go
//
// The -spr survey runs mfspr and mtspr of every non-privileged SPR number
// (bit 0x10 clear) in both byte orders; its table says which ones QEMU
// provides in user mode.
//
// The survey needs qemu-ppc64le, qemu-ppc64 and the harness (package oracle
// builds it). It is deterministic for a seed. -gen needs nothing but the
// data file; emulate's tests check that the generated file is current.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/tools/qemusurvey/survey"
	"github.com/ppc64emu/ppc64emu/oracle"
)

func main() {
	out := flag.String("o", "", "write the data file here (default: print the lines)")
	opsFlag := flag.String("ops", "", "comma-separated op names (default: every op)")
	seed := flag.Uint64("seed", 1, "vector generator seed")
	procs := flag.Int("procs", 0, "harness processes per byte order (default: one per CPU)")
	gen := flag.String("gen", "", "generate Go from this data file instead of measuring")
	goOut := flag.String("go", "emulate/qemu_legality.go", "with -gen: the Go file to write")
	spr := flag.Bool("spr", false, "measure the non-privileged SPR numbers (mfspr/mtspr) instead of the ops")
	genSPR := flag.String("gen-spr", "", "generate Go from this SPR data file instead of measuring")
	sprGo := flag.String("spr-go", "emulate/qemu_spr.go", "with -gen-spr: the Go file to write")
	flag.Parse()
	var err error
	switch {
	case *genSPR != "":
		err = generateFrom(*genSPR, *sprGo, "emulate/testdata/qemu-spr.txt", survey.ReadSPR, survey.GenerateSPRGo)
	case *spr:
		err = measureSPR(*procs, *out)
	case *gen != "":
		err = generateFrom(*gen, *goOut, "emulate/testdata/qemu-legality.txt", survey.Read, survey.GenerateGo)
	default:
		err = measure(*opsFlag, *seed, *procs, *out)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "qemusurvey:", err)
		os.Exit(1)
	}
}

func measure(opsList string, seed uint64, procs int, out string) error {
	ops := survey.Ops()
	if opsList != "" {
		var err error
		if ops, err = survey.OpsByName(strings.Split(opsList, ",")); err != nil {
			return err
		}
	}
	logf := func(f string, a ...any) { fmt.Fprintf(os.Stderr, "qemusurvey: "+f+"\n", a...) }
	o, err := oracles(procs)
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := survey.Run(context.Background(), o, ops, seed)
	if err != nil {
		return err
	}
	logf("%d ops in %v", len(ops), time.Since(start).Round(time.Second))
	f := &survey.File{Header: header(seed, opsList)}
	f.Results = res
	return writeData(out, f.Write)
}

func header(seed uint64, opsList string) []string {
	ver := "qemu-ppc64le --version: unknown"
	if b, err := exec.Command("qemu-ppc64le", "--version").Output(); err == nil {
		ver = strings.SplitN(strings.TrimSpace(string(b)), "\n", 2)[0]
	}
	cmd := fmt.Sprintf("go run ./internal/tools/qemusurvey -seed %d -o emulate/testdata/qemu-legality.txt", seed)
	if opsList != "" {
		cmd += " -ops " + opsList
	}
	return []string{
		"QEMU 7.2 legality survey: one line per ppc64asm op, measured with the harness",
		"(internal/oracle) under qemu-ppc64le and qemu-ppc64 -cpu power10, problem state.",
		"Made by: " + cmd,
		"QEMU: " + ver,
		fmt.Sprintf("Method (package internal/tools/qemusurvey/survey): %d valid vectors per op and byte order;", survey.Valid),
		fmt.Sprintf("each reserved bit set alone on up to %d executing and %d refused bases; up to %d invalid forms.", survey.BasesPerBit, survey.BasesPerBit, survey.MaxInvalid),
		"Fields: rsv = reserved mask (word<<32|suffix); ps = outcome classes of valid encodings",
		"(x executes, illN SIGILL si_code N: 1 illegal opcode, 5 privileged opcode, 6 privileged register);",
		"ignored / illegal = reserved bits QEMU executes with / raises SIGILL for (codes in ill=);",
		"refused-keep / refused-change = reserved bits that keep / change the SIGILL code of an",
		"encoding refused in problem state; untested = reserved bits not observed; inv = outcome",
		"classes of ISA invalid forms (n/a: none); unmeasured = why (part of) the op was not run;",
		"inconsistent = what varied between samples or byte orders.",
		fmt.Sprintf("decode.NumOps=%d", decode.NumOps),
	}
}

func measureSPR(procs int, out string) error {
	o, err := oracles(procs)
	if err != nil {
		return err
	}
	sprs, err := survey.RunSPR(context.Background(), o)
	if err != nil {
		return err
	}
	f := &survey.SPRFile{Header: []string{
		"QEMU 7.2 SPR survey: mfspr r3,N and mtspr N,r3 (r3 = 0) for every SPR number N with bit 0x10",
		"clear, in problem state, measured with the harness (package oracle) under qemu-ppc64le and",
		"qemu-ppc64 -cpu power10.",
		"Made by: go run ./internal/tools/qemusurvey -spr -o emulate/testdata/qemu-spr.txt",
		"QEMU: " + qemuVersion(),
		"Classes: x executes; illN SIGILL si_code N (6: ILL_PRVREG, QEMU does not provide the SPR);",
		"skip-REASON the harness refused the vector or QEMU crashed; LE|BE when the byte orders differ.",
		"Provided (emulate's qemuUserSPR): every class but ill6; a skip counts as provided (QEMU decodes",
		"the SPR; the harness refuses writes it cannot capture and the EBB SPRs, which abort QEMU).",
	}, SPRs: sprs}
	return writeData(out, f.Write)
}

func qemuVersion() string {
	if b, err := exec.Command("qemu-ppc64le", "--version").Output(); err == nil {
		return strings.SplitN(strings.TrimSpace(string(b)), "\n", 2)[0]
	}
	return "unknown"
}

// generateFrom reads the data file in with read and writes the Go that gen
// makes of it to out (source names the data file in the Go file).
func generateFrom[F any](in, out, source string, read func(io.Reader) (F, error), gen func(F, string) ([]byte, error)) error {
	fh, err := os.Open(in)
	if err != nil {
		return err
	}
	defer fh.Close()
	f, err := read(fh)
	if err != nil {
		return err
	}
	src, err := gen(f, source)
	if err != nil {
		return err
	}
	return os.WriteFile(out, src, 0o666)
}

// writeData writes a data file with write to out, or to stdout when out
// is "".
func writeData(out string, write func(io.Writer) error) error {
	if out == "" {
		return write(os.Stdout)
	}
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	return os.WriteFile(out, b.Bytes(), 0o666)
}

// oracles starts the harnesses of both byte orders.
func oracles(procs int) (survey.Oracles, error) {
	le, err := oracle.New(oracle.Config{Procs: procs})
	if err != nil {
		return survey.Oracles{}, err
	}
	be, err := oracle.New(oracle.Config{BE: true, Procs: procs})
	return survey.Oracles{LE: le, BE: be}, err
}
