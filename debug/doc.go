// Package debug gives a debugger what GDB and Linux uprobes build around an
// instruction emulator, so that it can avoid hardware single-steps:
//
//   - NextPCs: where execution can go after one instruction, for software
//     single-step (breakpoints on every possible successor).
//   - FindAtomicSequence: from a load-and-reserve, the end of its
//     larx … stcx. sequence and the places execution may continue after it,
//     so that a debugger never stops inside a reservation window (GDB's
//     rule).
//   - StepOver: step over a breakpoint by emulating the original
//     instruction, or else a plan to execute it out of line (a copy in a
//     scratch slot, single-stepped, then a NIP fix-up), refusing the
//     instructions that must not be displaced, as Linux uprobes do.
//   - Recorder: a bounded log of per-step effects (emulate.Observer) for
//     record and replay and reverse stepping.
//
// The subpackage ptrace connects a register file and a Memory to a stopped
// Linux thread on ppc64le or ppc64.
//
// Everything here is pure analysis over a decode.Inst, a regs.Regs and a
// Memory: nothing touches a real process.
package debug
