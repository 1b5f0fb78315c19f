// Package ppc64emu holds the data the module ships for other modules: the
// golden reference traces its own tests check the emulator against. The
// emulator itself is in the packages below (decode, emulate, mem, regs,
// trace, linux, gdbstub, debug; cmd/ppc64emu is the command).
package ppc64emu

import "embed"

// Traces holds the golden reference traces, testdata/traces/OP.ORDER.txt.gz
// (one file per op and byte order, gzip-compressed; QEMU 7.2 results in the
// format of docs/trace-format.md), so that another module can replay them:
// open a file with Traces.Open, read it with trace.Read or trace.NewReader
// (which decompress a name ending in .gz), and replay its lines with trace.Replay or
// emulate. Importing this package puts the traces (about 20 MB) in the
// binary; nothing else in the module imports it.
//
//go:embed testdata/traces
var Traces embed.FS
