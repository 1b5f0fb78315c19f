package ppc64emu_test

import (
	"fmt"

	"github.com/ppc64emu/ppc64emu"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/trace"
)

// Read a golden trace from another module: the add traces of both byte
// orders, with the first line's op.
func Example_traces() {
	for _, name := range []string{"testdata/traces/add.be.txt.gz", "testdata/traces/add.le.txt.gz"} {
		f, err := ppc64emu.Traces.Open(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		tf, err := trace.Read(f, name) // a name ending in .gz is decompressed
		f.Close()
		if err != nil {
			fmt.Println(err)
			return
		}
		in, _ := decode.DecodeWord(tf.Lines[0].Word, tf.Lines[0].Suffix)
		fmt.Println(name, tf.Reference, tf.LE, len(tf.Lines) > 0, in.Op)
	}
	// Output:
	// testdata/traces/add.be.txt.gz qemu-7.2 false true add
	// testdata/traces/add.le.txt.gz qemu-7.2 true true add
}
