// Package record writes, reads and replays recordings of powerpc64 Linux
// programs (ppc64emu record and replay), in the manner of rr: record once,
// replay deterministically any number of times, on any host.
//
// A recording is a log of every input a program gets from outside its
// instructions, in the order the run made them: each new address space
// (its mappings and stored pages), each change of guest memory the
// runner made (system call results, signal frames, mmap, brk, mprotect,
// mremap, madvise; mem.Memory.Journal), each new thread with its whole
// emulate.Context, the thread schedule (which thread took the process
// lock, and how many instructions each Run executed), the runner's
// changes of a thread's Context (system call results, signal delivery,
// sigreturn, execve) as word differences, the time base values mftb read
// and darn's results, each system call with a hash of the registers at
// its entry, the signals a thread takes (where a debugger is told of
// them) and the handlers it enters, the bytes the program wrote to stdout
// and stderr, and the exit with the instruction count and a hash of every
// thread's final Context. linux.Config.Record makes the runner write one
// (a Writer); Replay reads one and executes the program again on
// emulate and mem alone — no system call runs on the host, no file of
// the program is needed — checking the hashes as it goes, and writes the
// recorded output. A log that is not one, is cut short or is damaged
// gives ErrFormat, ErrTruncated or ErrVersion (never a panic;
// FuzzReplay); a replay that does not follow the recording gives
// ErrDiverged.
//
// A Session moves through a recording forwards and backwards, for a
// debugger (replay -gdb: GDBTarget). A live Session (NewLiveSession)
// follows the growing log of a program that runs under a debugger (run
// -gdb: NewLiveGDBTarget, over a Live program), up to where the program
// stopped.
//
// The format, version 3, is described in docs/record-format.md; logs of
// versions 1 and 2 are read too.
package record
