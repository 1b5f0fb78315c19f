// Package gdbstub is a GDB Remote Serial Protocol server for programs the
// emulator runs: GDB connects with "target remote", and the Server answers
// its packets by calling a Target.
//
// The Target interface is small and knows nothing of the protocol: thread
// ids, register files (regs.Regs), memory, and Resume, which runs the
// program forwards or backwards, one step or until a breakpoint,
// watchpoint, signal or interrupt, and says how it stopped. The Server owns
// the breakpoints and watchpoints GDB inserts (Points) and hands them to
// every Resume. linux.Debugger is the Target of the Linux user-mode runner
// (ppc64emu run -gdb ADDR).
//
// # Protocol
//
// All-stop mode. Packets: qSupported (PacketSize, qXfer features/auxv/
// threads, and exec-file for a Target with Files and Process, swbreak, hwbreak, ReverseStep, ReverseContinue,
// QStartNoAckMode), ?, qfThreadInfo/qsThreadInfo, qC, qAttached, H, T, g,
// G, p, P, m, M, X, Z0-Z4/z0-z4, c, C, s, S, vCont (c, C, s, S, per thread),
// bs, bc, k, vKill, D, QPassSignals, QProgramSignals, qAttached, the
// vFile packets (setfs, open, pread, pwrite, close, fstat, unlink,
// readlink) of a Target with Files, and the interrupt byte 0x03. Unknown
// packets get the empty reply. Replies are never run-length encoded.
//
// A Target that says its process id (Process) gets GDB's multiprocess
// extensions when GDB offers them: thread ids are pPID.TID in T, qC,
// qfThreadInfo and qXfer:threads replies, and W and X say ";process:PID".
// GDB then knows the real pid, with which it names the /proc/PID files it
// reads (info proc, and /proc/PID/task/PID/maps for the vDSO's range).
//
// # Host I/O
//
// A Target with Files serves GDB's host I/O: GDB's default sysroot
// "target:" then reads the program's executable and libraries, and its
// /proc/PID files, through the stub, as the program itself would open
// them (linux.Debugger: under the runner's -L sysroot, the guest's /proc
// as the runner answers it), with no "set sysroot". The files are
// read-only: an open with O_WRONLY, O_RDWR, O_APPEND, O_CREAT, O_TRUNC or
// O_EXCL, and unlink, are EROFS (a read-only file system is what the
// stub's view is), pwrite EBADF (a descriptor open for reading). setfs
// accepts 0 and the Target's own pid (EPERM for another process). At most
// 64 files are open at once (EMFILE), a pread gives at most 8176 bytes,
// and the files left open are closed at a kill, a detach and the end of
// the connection. Errors are GDB's File-I/O errno values (FileErrno).
// qXfer:exec-file:read of a process (its pid, or none: the one debugged)
// is, as gdbserver's, the target of its /proc/PID/exe link as the Files'
// ReadLink gives it, so that GDB's "target remote" with no file given
// loads the program's symbols from that file (read through host I/O).
//
// The target description (qXfer:features:read:target.xml) uses GDB's
// powerpc64 features org.gnu.gdb.power.core, .fpu, .altivec and .vsx with
// GDB's register numbers (r0-r31 0-31, f0-f31 32-63, pc 64, msr 65, cr 66,
// lr 67, ctr 68, xer 69, fpscr 70, vr0-vr31 71-102, vscr 103, vrsave 104,
// vs0h-vs31h 105-136); register values are in the Target's byte order.
//
// Stop replies carry the thread and a reason: swbreak, hwbreak, watch,
// rwatch, awatch (with the data address), or replaylog:begin when reverse
// execution reaches the start of the history (GDB then says "No more
// reverse-execution history."). Signal numbers are Linux's in the Target
// interface and GDB's on the wire.
//
// # Signals
//
// As with gdbserver, a signal the program takes stops it (a T packet with
// the signal, GDB printing "Program received signal ..."), and GDB's
// resumption says which signal the thread gets: C or vCont;C with the
// same one passes it, another replaces it, c or vCont;c (nopass, "signal
// 0") discards it. The signals of QPassSignals (GDB's "handle SIG nostop
// noprint pass") are delivered without a stop (Action.Pass), unless the
// thread is being stepped. A stop signal passed stops the process as a
// group-stop stops a traced one: GDB is told again, with the same signal,
// and the next resumption lets the program run on (linux.Debugger).
//
// ppc64emu run -gdb passes the program the signals sent to the runner from
// outside, as it does without -gdb, so that GDB is told of them as of a
// kill of gdbserver's inferior (and of the Ctrl-C of the terminal
// gdbserver runs in, whose foreground group it makes its inferior's):
// SIGTSTP from outside is the program's group-stop. SIGSTOP stops the
// runner itself, stub included, until a SIGCONT, of which GDB is then
// told. A signal GDB replaces gets the siginfo Linux's ptrace_signal gives
// it, SI_USER from the tracer: gdbserver is the parent of the program it
// starts, so si_pid is the debugged process's parent's pid and si_uid the
// runner's real user id.
//
// At a detach (D) a thread stopped at a signal it takes gets it if GDB's
// QProgramSignals lists it (the signals its handle passes; without one,
// all but SIGINT and SIGTRAP, as gdbserver assumes), else it is
// discarded (Target.Detach).
//
// A replay (record.GDBTarget) stops where the recorded run took each
// signal, forwards and backwards, as the live run stopped, and goes on as
// recorded whatever signal GDB resumes with. A plain recording notes the
// signals it discarded as ignored when sent, where a traced process
// (run -gdb's) queues them and stops, so that its replay stops there too.
// A reverse step back over a signal the thread took stops where it took
// it, reported with the signal, as rr's; a step from there into the
// signal's handler stops at the handler's first instruction.
// A replay answers qXfer:auxv with the vector of the recording's initial
// stack, and reads of library code the program has not touched yet with
// the pages the log gives later, as the live run read them from the files.
//
// A step that names no thread (Hc0 or Hc-1, then s or bs: GDB's
// reverse-stepi while the other threads may run) steps the thread GDB
// selected, which the packet does not carry: the one GDB last named in a T
// or Hg packet since the last stop, else the one that stopped.
//
// GDB's "record" (record full) sends no packet: it stays on GDB's side and
// single-steps the program (vCont;s) forwards, writing registers and
// memory (P, G, M, X) to go backwards, as a user's stepi and assignments
// do, so the Server cannot tell that it is on and say that the Server's
// own reverse execution makes it unnecessary (ppc64emu run's help and the
// README say so).
//
// Malformed packets get an error reply and change nothing: among them a G
// with bytes beyond the last register, a watchpoint whose range wraps past
// 2^64 (Points.Insert).
//
// # Trust
//
// The protocol has no authentication: a Server obeys whoever is at the
// other end of its connection, who can read and write every register and
// byte of the program and make it run any system call (and read, through
// host I/O, the files the program itself could open for reading). Serve only
// connections the user alone can open (a loopback address, a Unix socket
// of mode 0600; ppc64emu run -gdb listens on those by default).
package gdbstub
