// Package ptrace connects the emulator to a stopped Linux thread on
// linux/ppc64le or linux/ppc64: a Memory over PTRACE_PEEKDATA/POKEDATA (or
// process_vm_readv/writev), and loading and storing the register file with
// PTRACE_GETREGS/SETREGS, GETFPREGS/SETFPREGS, GETVRREGS/SETVRREGS,
// GETVSRREGS/SETVSRREGS and PTRACE_GETREGSET/SETREGSET for TAR, PPR and
// DSCR, using the layouts of package regs.
//
// The system calls go through the Syscalls interface. On linux/ppc64le and
// linux/ppc64, System implements it with golang.org/x/sys/unix and
// NewThread returns a Thread for a traced thread id; everywhere else the
// package builds without them, so that the layout conversion, the request
// assembly and the word splitting can be tested with a fake.
//
// A Thread must be used from the goroutine, locked to its OS thread
// (runtime.LockOSThread), that attached to the tracee: Linux accepts ptrace
// requests only from the tracer thread.
//
// # Tests on a real kernel
//
// The package's tests include some that need a real powerpc64 Linux
// kernel (host_test.go, built on linux/ppc64le and linux/ppc64 only): they
// trace a child and compare LoadRegs/StoreRegs, Memory and
// debug.StepOver at a breakpoint with the kernel's own single-step. On a
// POWER host, go test runs them (they skip when ptrace is refused). From
// any Linux host with qemu-system-ppc64, scripts/ptrace-vm.sh runs the
// package's tests on Debian's powerpc64le kernel in a virtual machine
// (POWER9 and POWER10 under QEMU's TCG); TestPtraceVM runs that script once
// "bash scripts/ptrace-vm.sh -fetch-only" has fetched the kernel.
//
// Two names exist only on linux/ppc64le and linux/ppc64, so documentation
// rendered for another GOOS/GOARCH (pkg.go.dev's default is linux/amd64)
// does not list them: System, the Syscalls of the running kernel (a struct
// with no fields, System{}), and NewThread(tid int) *Thread, which returns
// &Thread{Pid: tid, Sys: System{}, Order: binary.NativeEndian} for a
// traced, stopped thread. Everything else builds everywhere.
package ptrace
