//go:build linux

package linux_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/linux"
)

// BenchmarkRun runs whole corpus programs (scripts/build-corpus.sh) and
// reports the emulated instruction rate, in process: the C CRC/sort loop
// and the Go sort (integer-heavy), and two short Go programs.
// scripts/bench-runner.sh puts every corpus program next to qemu-user's
// -singlestep on the same binary.
func BenchmarkRun(b *testing.B) {
	for _, bc := range []struct{ name, bin, arg string }{
		{"c-crc.be", "c-crc.be", ""},
		{"c-crc.le", "c-crc.le", ""},
		{"go-hashes.le-p8", "go.le-p8", "hashes"},
		{"go-maps.be-p8", "go.be-p8", "maps"},
		{"go-sort.le-p8", "go.le-p8", "sort"},
		{"go-sort.be-p8", "go.be-p8", "sort"},
	} {
		for _, eng := range []emulate.Engine{emulate.EngineBlock, emulate.EngineCached, emulate.EngineNative} {
			b.Run(bc.name+"/"+eng.String(), func(b *testing.B) { benchRun(b, bc.bin, bc.arg, eng) })
		}
	}
}

// benchRun is BenchmarkRun's run of one program under one engine.
func benchRun(b *testing.B, bin, arg string, eng emulate.Engine) {
	path := filepath.Join(corpusDir, bin)
	if _, err := os.Stat(path); err != nil {
		b.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer null.Close()
	args := []string{bin}
	if arg != "" {
		args = append(args, arg)
	}
	var insns uint64
	var el time.Duration
	cpu := emutest.CPUTime()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		p, err := linux.Start(path, args, nil, linux.Config{Profile: emulate.QEMU, Engine: eng, Stdout: null, Stderr: null})
		if err != nil {
			b.Fatal(err)
		}
		_, err = p.Wait()
		var se *linux.StopError
		if errors.As(err, &se) {
			b.Skipf("stops on an op not emulated yet: %v", err)
		}
		if err != nil {
			b.Fatal(err)
		}
		el += time.Since(start)
		insns += p.Instructions()
	}
	b.ReportMetric(float64(insns)/el.Seconds()/1e6, "MIPS")
	b.ReportMetric(float64(el.Nanoseconds())/float64(insns), "ns/insn")
	b.ReportMetric(float64(emutest.CPUTime()-cpu)/float64(insns), "cpu-ns/insn")
}
