// Package linux runs powerpc64 Linux executables (little-endian ELFv2 and
// big-endian ELFv1, Go or C, static or dynamically linked) in user mode on
// top of package emulate, the way qemu-user does: an ELF loader (with the
// program's interpreter, ld64.so.2 or ld64.so.1), the Linux system calls
// mapped onto the host, with an optional sysroot for absolute paths
// (Config.Sysroot, path.go), signals and threads.
//
// # Layout
//
//   - linux/loader: the ELF loader and the initial stack (argv, envp, auxv);
//   - linux/abi: the powerpc64 Linux ABI as data — system call numbers,
//     errno, signal numbers and flags, the structures (with one
//     marshaller, Layout), the signal frame layout;
//   - linux (this package): the process (address space, brk, mmap, file
//     descriptors, signal actions), its threads (one goroutine and one
//     emulate.Context per guest thread, one emulate.Emulator per address
//     space), the system calls (sys_*.go), the
//     futex and the signal delivery (signal.go).
//
// The address space is a *mem.Memory. The guest has its own descriptor
// table (fdtab.go): each guest descriptor is a host descriptor the runner
// opened for it, numbered as Linux numbers them (the lowest free number);
// guest 0, 1 and 2 start as duplicates of the runner's stdin, stdout and
// stderr (or Config's), so a program may close them without closing the
// runner's. Structures whose powerpc layout or constants differ from the
// host's (stat, termios, sigaction, epoll_event, …) are translated.
//
// # Threads and atomicity
//
// Guest threads run one at a time: a thread holds the process lock while it
// executes and releases it every Quantum instructions and around every
// system call that may block (futex waits, reads, sleeps, polls), copying
// guest memory in and out only while it holds the lock. A guest therefore
// sees sequentially consistent memory, and every instruction — including
// the atomic memory operations — is atomic with respect to the other
// threads. Each thread's architectural state is an emulate.Context; the
// address space's one Emulator steps the Context of the thread holding the
// lock (Emulator.SetContext), so the threads share its decoded instructions
// and a thread costs the host its Context and goroutine (a few KiB) beside
// the guest pages it touches. For load-and-reserve / store-conditional, a thread's
// reservation is cleared whenever it gives up the lock or a signal handler
// is entered (emulate.Context.SwitchOut, as the Linux kernel clears the
// reservation on every context switch), so a stcx. succeeds only if no
// other thread ran since its larx; a larx…stcx. loop is a few instructions,
// far shorter than a quantum, so it completes on its next attempt.
//
// A thread's address space (memory, break, futex queues), descriptor
// table, signal handlers and thread group (its threads, the signals sent
// to the process as a whole, POSIX timers) are four values (share.go),
// shared with the thread that cloned it or copied, as clone's CLONE_VM,
// CLONE_FILES, CLONE_SIGHAND and CLONE_THREAD say; clone refuses with
// EINVAL what Linux refuses, and answers ENOSYS for a thread without
// CLONE_FS.
//
// # Processes
//
// Go cannot fork safely, so every guest process lives inside the one
// runner, as in gVisor's sentry: a guest process is a thread group of the
// one Process (fork.go), its threads goroutines under the same process
// lock. fork, vfork and clone without CLONE_THREAD make a new group whose
// first thread starts from the caller's emulate.Context (r3 = 0), with the
// address space copied (copy-on-write, mem.Clone; shared with CLONE_VM),
// the descriptor table copied (host descriptors duplicated, each keeping
// its close-on-exec flag; shared with CLONE_FILES) and the signal actions
// copied. A CLONE_VFORK parent sleeps until the child ends. Process ids
// are the runner's own pid for the first process (or Config.Pid) and, as
// thread ids, the numbers after it for every new thread or process; getpid, getppid (the
// host's parent for the first process, 1 for an orphan), kill and tgkill
// use them, and kill, rt_sigqueueinfo and rt_tgsigqueueinfo of a number
// the runner gave out never reach the host (ESRCH once the process is
// reaped), nor do those of a thread of the runner's own host process
// (ESRCH: the host would signal the runner); other host processes may be
// signalled, as under qemu-user. A process that ends becomes a
// zombie and sends its exit signal (SIGCHLD, with si_pid and si_status) to
// its parent, which reaps it with wait4 or waitid (Linux's status
// encoding: code<<8, or the killing signal); a parent ignoring SIGCHLD or
// with SA_NOCLDWAIT leaves no zombie. Process groups and sessions are the
// guest's (pgrp.go: setpgid, getpgid, setsid, getsid, kill to a group; the
// first process starts in the runner's; a group with no guest process
// in it is ESRCH to kill and setpriority, as a group the caller cannot
// see, unless a host program the guest started leads it: a guest never
// signals the runner or host processes it did not start); stop signals and SIGCONT stop and
// continue them, which wait reports (jobctl.go). Controlling terminals
// are emulated as Linux keeps them (ctty.go: acquired by a session
// leader's open or TIOCSCTTY, /dev/tty, the foreground group, SIGTTIN and
// SIGTTOU for a background group, SIGHUP at the leader's end); the host
// terminals stay the runner's. Each process has its own working directory and
// umask (fs.go), copied at fork. The CPU time of each guest thread is
// its host thread's while it runs the thread (rlimit.go): the
// CPU-time clocks (CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID,
// clock_getcpuclockid's and pthread_getcpuclockid's of guest processes
// and threads), getrusage, times and /proc/PID/stat report the guest
// process's or thread's, not the runner's; wait4, waitid and
// RUSAGE_CHILDREN a reaped child's (or a host process's usage).
//
// Orphans keep running when the first guest process ends, as under
// qemu-user, where they are host processes that init adopts: the runner
// stands for init and ends when the last guest process does (Wait), with
// the first process's status. FirstExit tells when the first process
// ended while others run: ppc64emu run, which runs the guest in a process
// of its own that it started (cmd/ppc64emu: the process its caller
// started stands for the first guest process, Config.Pid its id), then
// exits with the first process's status, as qemu-user's would, and calls
// Detach: from then on a signal the runner gets came through its host
// process group and goes to each guest process left in that group. A
// caller that does not detach (ppc64emu run -count, record, -gdb) still
// waits: a SIGTERM, SIGINT, SIGHUP or SIGQUIT to the runner then kills
// (SIGKILL) each orphan that ignores it and is given to the others, and a
// second one kills them all, so that no runner is left with guests
// nobody can signal (Process.Signal, endOrphans;
// TestRunnerSignalsOrphans). A signal sent to the runner's host process
// group reaches the runner once. One its
// terminal sent (SIGINT, SIGQUIT, SIGWINCH: the line discipline's
// kill_pgrp of its foreground group, si_code SI_KERNEL; SIGHUP at a
// hang-up, unless the runner leads its session) is told apart on
// linux/amd64, where cmd/ppc64emu wraps Go's handler to see the si_code
// (internal/hostsig), and goes to every guest process of the guest's
// foreground group of that terminal: the group the guest set with
// tcsetpgrp, or else those of the runner's host group, the one the first
// process started in (Process.TerminalSignal; TestTtyGroup), as under
// qemu-user. A group signal sent by a process (a shell's kill %job,
// timeout's, a service manager's control-group kill) has the si_code and
// si_pid of a kill of the runner's pid alone (SI_USER). ppc64emu run's
// two processes tell them apart: the one the caller started passes the
// first guest process what it gets (UserSignal), and the one running the
// guest, which no one else knows, gets a signal only through the group,
// and passes it to the group's other guest processes
// (GroupSignalOthers; TestRunnerGroupKill). A runner alone takes a
// signal whose sender is a member of the runner's host group that
// ignores the signal for a kill of that group (internal/hostsig's
// GroupSender: GNU timeout ignores the signal before its kill(0)), which
// goes to every guest process of the group, as under qemu-user
// (Process.GroupSignal; TestRunnerGroupSignal); any other to the first
// guest process only (Process.UserSignal). Such a signal's siginfo names
// its host sender (si_pid, si_uid: Sender, UserSignalFrom, GroupSignalFrom;
// TestRunnerSignalSender), as qemu-user passes the host's siginfo on. On
// other hosts (Go's os/signal passes no
// siginfo) nothing tells a terminal's signal either, and each goes to
// the first guest process, except SIGINT, SIGQUIT and SIGWINCH while the
// guest has made another of its groups the runner's terminal's
// foreground group: they go to that group, as the terminal would send
// them, a kill of the runner's pid too (Process.Signal). The end requests
// after the first process ended go to the orphans, and SIGTSTP from the
// terminal stops the runner as a whole. What it
// costs: memory is copied at fork copy-on-write (mem.Clone; MAP_SHARED
// memory stays shared, shm.go), and every
// process's threads share one host thread's worth of execution at a time.
// execve (exec.go) loads a ppc64 program of the runner's byte order,
// static or dynamic (its interpreter through the sysroot, as Start), into
// a new address space, closes the close-on-exec descriptors, resets caught
// signals to their default, ends the process's other threads and releases
// a vfork parent; a #! script runs its interpreter (up to 4 levels, then
// ELOOP); what the loader refuses is ENOEXEC, what cannot be opened or
// executed EACCES or the host's errno; a program, script or interpreter
// a guest process holds open for writing ETXTBSY, as is opening a running
// guest program for writing (txtbusy.go: the runner looks through its
// guest processes' descriptors, not the host's other processes'). A program for the host's
// architecture runs natively, as under qemu-user, and one of the other
// byte order under Config.Runner: a host process that stands for the guest
// process (hostexec.go). /proc/self/exe names each process's program (the
// one it exec'd last, symbolic links resolved); an execve of /proc/self/exe
// runs that program again.
//
// What bounds the guest against the host (rlimit.go), as measured on
// x86-64 with a static ppc64le program (December 2026): processes and
// threads stop at Config.MaxTasks (-max-tasks, 4096) with EAGAIN — 1000
// paused guest processes cost the runner 310 MB of RSS, so the default
// allows about 1.2 GB; descriptors at the guest's RLIMIT_NOFILE (the
// host's, here 20000: 19988 opens, then EMFILE), and since every guest
// process's descriptors are the runner's host descriptors, all of them
// together stop hostReserve (64) short of the runner's own limit, with
// ENFILE as at Linux's file table's end (fdtab.go hostFull; a fork whose
// copy of the descriptors finds no room fails with ENOMEM), so that the
// runner keeps descriptors to report and end with; memory at each
// address space's RLIMIT_AS and at Config.MaxMemory, which bounds each
// guest process and the sum over all of them (-max-memory 512M: 510 MiB
// mapped and touched in one process, then ENOMEM; a fork whose copy would
// take the sum beyond it fails with ENOMEM, so a fork bomb of big
// processes stops there: rlimit.go memBudget). Without -max-memory or
// ulimit -v nothing but the host bounds the guest's memory, as under
// qemu-user.
//
// # Credentials
//
// Each guest thread has credentials of its own (cred.go), as Linux's
// struct cred: real, effective, saved and file-system user and group ids,
// supplementary groups and capability sets, started from the runner's,
// copied by clone and fork, recomputed by execve as fs/exec.c and
// commoncap.c do for a program without file capabilities (the saved and
// file-system ids become the effective ones; set-user-ID and
// set-group-ID bits count when the runner is root, the mount is not
// nosuid and PR_SET_NO_NEW_PRIVS is not set, and such an exec gets
// AT_SECURE 1, so that ld.so ignores LD_* variables; a runner that is not
// root ignores them as on a nosuid mount). setuid, setgid, setreuid,
// setregid, setresuid, setresgid, setfsuid, setfsgid, setgroups, capset
// and prctl (PR_SET_KEEPCAPS, PR_CAPBSET_DROP, PR_SET_SECUREBITS,
// PR_CAP_AMBIENT, PR_SET_NO_NEW_PRIVS) change them under Linux's rules
// (CAP_SETUID, CAP_SETGID, CAP_SETPCAP, EPERM and EINVAL as kernel/sys.c,
// kernel/groups.c and commoncap.c), the calling thread only, as the
// system calls do (glibc makes every thread make the call). The process's
// dumpable flag (prctl PR_GET/SET_DUMPABLE) is set by execve and by a
// change of ids as Linux sets it (the host's fs.suid_dumpable), and a
// process that is not dumpable leaves no core file (Config.Core). The
// core file has a PT_LOAD per mapping as /proc/PID/maps lists them, whose
// contents the process's /proc/PID/coredump_filter chooses as Linux's
// vma_dump_size does (core.go coreDumpSize: by default written private and
// anonymous shared memory whole, a file's ELF header page, no file pages).
// PR_SET_PDEATHSIG's signal comes when the guest thread that forked the
// process ends (fork.go threadGone), as Linux's; the first process's
// parent is the runner's, whose end it is not told of.
//
// # Seccomp
//
// seccomp(2) and prctl(PR_SET_SECCOMP) are the runner's (seccomp.go,
// package internal/seccomp): a thread's strict mode or chain of classic
// BPF filters, checked and run as Linux 6.1's kernel/seccomp.c, decides
// each of its system calls before the runner's handler runs, so the
// runner's own host calls are never filtered. Filters are copied by
// clone and fork and kept by execve; /proc/PID/status shows Seccomp and
// Seccomp_filters. What differs from Linux is in seccomp.go: no user
// notification listeners (SECCOMP_FILTER_FLAG_NEW_LISTENER is EINVAL),
// no tracer for SECCOMP_RET_TRACE, no audit log, and a vDSO whose time
// functions make system calls, so the time calls glibc makes there reach
// the filters (Linux's answer from the vDSO's data page).
// The get*id calls, getgroups, capget, /proc/PID/status and si_uid report
// them; kill and tgkill between guest processes check them, and kill and
// sigqueue of a host process check them before the host checks the
// runner's (cred.go mayKillHost); SO_PEERCRED of a Unix socket between
// guest processes gives the guest process's id and effective ids
// (peercred.go). The guest
// never gets more than the user running the runner: the host's real,
// effective and saved ids never change. When the runner runs as root, a
// guest thread whose file-system ids, groups or effective capabilities are
// not the runner's keeps one host thread, which carries them (raw
// setfsuid, setfsgid, setgroups and capset change only the calling host
// thread; hostcred.go), so the host kernel checks its open, creat, mkdir,
// unlink, rename, chown, chmod and every other file operation as Linux
// checks the guest's: a guest that dropped to another user cannot read
// root's files. The runner's own files (a core file, /proc listings) are
// made with its own credentials. access, faccessat and faccessat2 check
// the real ids too (mode bits, owner and group). A host program the guest
// executes gets the guest's ids, groups, capability sets and securebits
// when the runner may set them, so the host kernel's execve of it gives
// what Linux gives the guest's (hostshim.go). A runner that is not root
// changes nothing: its own credentials check every file operation.
//
// # Signals
//
// Signals are delivered between instructions: at quantum boundaries, after
// system calls, and immediately for the synchronous signals that emulate's
// outcomes raise (a data fault is SIGSEGV with SEGV_MAPERR or SEGV_ACCERR
// and si_addr the faulting byte; misalignment SIGBUS; a trap SIGTRAP; an
// illegal or privileged instruction SIGILL; an enabled FP exception SIGFPE).
// Real-time signals are queued (every instance, in order, with its
// siginfo); standard signals coalesce. A signal sent to the process
// (kill, sigqueue, a process timer) stays pending on its thread group
// until a thread that does not block it takes it, whichever thread that
// is; a thread takes its own pending signals before the group's. A blocking system call is
// interrupted by a signal with a handler as Linux's is: EINTR, or a
// restart under SA_RESTART for the calls Linux restarts (reads, writes,
// accept, recv, futex waits without timeout); sleeps, poll, timed futex
// waits, select and sigsuspend fail with EINTR. A signal that runs no
// handler (ignored, suppressed by a tracer, a stop and continue) restarts
// every one of them but epoll waits (EINTR, as Linux's ep_poll): select,
// pselect6 and ppoll as they were called, with the time left written
// back (ERESTARTNOHAND); a relative sleep, a timed futex wait and poll
// through restart_syscall and the thread's restart block, as Linux's
// ERESTART_RESTARTBLOCK (the sleep goes on with the time left, rem
// written at each interruption; a tracer's syscall-enter stop shows call
// 0; ptrace8.c). Until the restart is decided an
// interrupted call's registers show its -ERESTART* code as Linux 6.1's
// do (r3 512 ERESTARTSYS, 514 ERESTARTNOHAND or 516
// ERESTART_RESTARTBLOCK with CR0[SO] set, the pc after the sc): the
// signal delivery that follows decides after get_signal's stops, from
// the registers as a tracer left them there, as check_syscall_restart
// (syscallRestart; a signal the tracer suppresses restarts the call:
// ptrace8.c). An sc restarted for a signal keeps CR0[SO] set, as
// check_syscall_restart leaves the flag the -ERESTART* result set: a
// handler's ucontext shows it (restartcr.c; qemu-user 7.2 clears it). No guest signal reaches a host
// system call, so a call that may wait is not left waiting in the host
// kernel where a signal for the thread or the run's end would not end
// it: reads, writes and polls wait in poll(2) slices (pollLoop); connect
// and accept of a blocking socket are made in slices of the socket's
// send or receive timeout (sliced: a connect to an address that never
// answers or to a Unix listener whose backlog is full, an accept that
// another process's accept beat to the connection), which also gives the
// guest's own SO_SNDTIMEO and SO_RCVTIMEO their Linux meaning; a blocking
// open of a FIFO for reading or writing is made by a helper process whose
// open the runner interrupts with a host signal (one whose partner came
// succeeds, as Linux's; fifo.go); TCSETSW, TCSETSF and TCSBRK
// (tcdrain) wait for the terminal's output queue to empty first (drain);
// flock polls. Each ends as Linux's does (connect, accept, flock and
// FIFO opens restart under SA_RESTART unless the socket has a timeout,
// TCSBRK fails with EINTR). Reads and writes of pipes, sockets and
// character devices, receives with MSG_WAITALL, splice, tee, vmsplice
// and sendfile to a pipe move data with host calls that do not wait (RWF_NOWAIT,
// MSG_DONTWAIT, SPLICE_F_NONBLOCK; a terminal through a second
// description of it opened with O_NONBLOCK; a splice from a pipe to a
// blocking stream socket as a copy, a send and a taking of what was sent,
// spliceToSocket) and wait in between
// (nowait.go), so another process that took the data or the room first
// leaves the call waiting where a signal ends it; read and readv of an eventfd,
// timerfd, inotify or fanotify instance, an eventfd's write, a pseudo-terminal
// master's read and write (and /dev/tty's when its terminal is not a
// pseudo-terminal slave) and a splice to or from a blocking socket (a
// datagram or seqpacket one included) cannot be asked not to wait nor
// opened again: the runner sets O_NONBLOCK on the host description for
// one attempt, holding the process lock so that no guest sees it
// (nonblockIO; a host process sharing the description could), and waits
// in between as above, also when the guest made the splice non-blocking
// (SPLICE_F_NONBLOCK, an O_NONBLOCK pipe end) and the socket's or
// terminal's splice waits whatever the flag says (TCP's read side, any
// socket's send side, n_tty): such a call gives EAGAIN only where Linux
// does (spliceWouldBlock). Still left to the host: opens of devices that
// wait (a serial line without carrier: tty_port_block_til_ready), and
// opens and truncations of a file a host process outside the run holds a
// lease on (break_lease waits up to fs.lease-break-time; a guest's lease
// is the runner's and breaks as Linux's would, interruptibly: lease.go)
// or on a file system that waits
// (FUSE, NFS). A pseudo-terminal slave whose master is still locked, and
// /dev/tty without a controlling terminal, fail at once (EIO, ENXIO).
// Signal-driven I/O (O_ASYNC with fcntl F_SETOWN and F_SETSIG) is the
// runner's, since owners are guest ids (fowner.go): one poller per runner
// serves every guest process, each description with O_ASYNC set (a pipe,
// FIFO, socket, terminal or inotify instance) being watched edge-triggered
// in a host epoll instance of its own; the owner is resolved when the
// event comes, under the process lock, and gets the signal with
// send_sigio's siginfo (asyncio.go). O_ASYNC, the owner and the F_SETSIG
// signal are the runner's records only: no host description gets them
// (F_SETFL, FIOASYNC, dup, fork and exec included), so the host kernel
// never signals the runner for a guest's file; F_GETFL shows the guest
// its O_ASYNC as Linux does (an open(2) with O_ASYNC sets the flag without
// a fasync entry, on the host too: never signalled, never cleared). A
// pipe's write end gets POLL_OUT at the end of each guest read, as
// pipe_read sends it. Guest process ids share the host's numbers, so
// F_SETOWN may name a host process outside the run (Linux's f_setown finds
// it; ESRCH only for a number nobody has), but the runner never signals a
// host process for a guest: such an owner, fixed when it is set (a guest
// that gets its number later is not it), gets nothing, and a process
// group owner only the group's guest processes. Not sent (left): a
// socket's and a terminal's POLL_OUT when room comes, and a splice's or
// tee's POLL_OUT to a pipe's writers.
// The floating-point exception mode
// is prctl(PR_SET_FPEXC)'s, kept in MSR[FE0,FE1] as Linux does.
// The signal frame is Linux's 64-bit rt_sigframe (ucontext with the GPR, FPR,
// VMX and VSX state) in the guest's byte order. Every address space has
// a vDSO (vdso.go: [vdso], AT_SYSINFO_EHDR) made from Linux 6.1's facts:
// handlers are entered through its bctrl and return to its signal
// trampoline (addi r1,r1,__SIGNAL_FRAMESIZE; li r0,__NR_rt_sigreturn;
// sc), so that rt_sigreturn finds the ucontext at r1 as on Linux (what a
// tracer reads there), and its unwind information lets libgcc (glibc's
// backtrace(), C++ exceptions) and GDB cross the signal frame.
//
// An instruction the emulator cannot execute (emulate.ErrNotEmulated) stops
// the whole program with a *StopError naming the op, the word, the address
// and the thread.
//
// # System calls
//
// One table (systab.go) holds, for every system call number, its handler,
// its support level, a note and the kinds of its arguments; -strace prints
// from it and docs/syscalls.md is generated from it (Syscalls). Handlers
// read their arguments through sysArgs, which truncates as the kernel's
// prototypes do, and exchange structures through the declared layouts of
// linux/abi (abi.Layout).
//
// # Privileged calls
//
// The calls that act on the whole machine (mount, umount, umount2,
// pivot_root, swapon, swapoff, reboot, acct, vhangup, the module and
// kexec calls, settimeofday, stime, clock_settime, setns, syslog,
// adjtimex, clock_adjtime; sys_priv.go) never reach the host, whoever runs the
// runner: qemu-user passes them on, so a guest run as root mounts or
// reboots the host. The rule: each answers as Linux 6.1 answers a process
// without the capability it needs, whatever the guest's virtual
// credentials hold: the argument checks Linux makes before its capability
// check, in Linux's order, then EPERM. Read-only queries get the host's
// real answer: adjtimex and clock_adjtime(CLOCK_REALTIME) with modes 0 or
// ADJ_OFFSET_SS_READ, syslog's SYSLOG_ACTION_SIZE_BUFFER and READ_ALL
// where kernel.dmesg_restrict lets a process without CAP_SYSLOG have them.
// The same holds for the ioctl requests that act on a whole file system or
// on the host's random pool (fileioctl.go, randioctl.go): FIFREEZE and
// FITHAW are EPERM, FITRIM EPERM where the file system has it (else
// ENOTTY); the random requests that need CAP_SYS_ADMIN check the guest's
// and its arguments, then change nothing (RNDGETENTCNT is the host's).
//
// Two things of the machine are the run's own rather than refused. The
// host and domain names are the run's (uts.go): they start as the
// host's, and sethostname and setdomainname (for a guest with
// CAP_SYS_ADMIN) change them for every guest process of the run and
// never the host's, as in a private UTS namespace; uname, gethostname and
// /proc/sys/kernel/hostname and domainname read them. /proc/sys is
// read-only (procsys.go), as a container's read-only mount of it: an open
// for writing, O_TRUNC, O_TMPFILE, truncate, chmod, chown, utimes, the
// xattr calls that change, unlink, rmdir and rename there are EROFS in
// Linux's order of errors, however the guest names the file; reads are
// the host's settings, but for fs/aio-nr, the run's own count (aio.go).
//
// Files in general are the host's, opened with the guest's file-system
// credentials (hostcred.go): a guest run as root, outside a chroot(2)
// root or a -L root, has root's access to every file of the host, and
// can change or delete any of them, as under qemu-user. Only a runner
// run as another user, or a root the guest cannot leave, keeps it out.
// A host program a guest executes (hostexec.go; with -L, a name the
// sysroot lacks is looked up on the host too) is the host's own process,
// started through the runner's shim (hostshim.go). Under a root runner
// the shim puts it in the run's world before it executes it: a new UTS
// namespace with the run's names (a sethostname in it changes that
// namespace's name, neither the host's nor the run's: the runner cannot
// see it), a new mount namespace whose mounts are all private (a mount
// there never reaches the host's) with /proc/sys read-only, and the
// guest's credentials in full (ids, groups, capability sets, securebits),
// so the host's hostname, sysctl -w, echo 1 >/proc/sys/... or mount run
// by a root guest change nothing of the host. A root runner whose shim
// cannot do so (a container that forbids unshare) refuses the execve with
// EACCES rather than run it unconfined. A runner that is not root starts
// it without namespaces (it needs CAP_SYS_ADMIN for them): the program has
// what the runner's user has, which is all a guest has anyway. What binds
// no host program: the run's other virtual state (its /proc, pids,
// sysctl answers), and a host program that itself has CAP_SYS_ADMIN (a
// root guest that kept it) can leave its namespaces (setns into another
// process's, a new mount of proc).
//
// # Hosts
//
// The runner maps the guest's system calls onto the host's, so it needs a
// Linux host; it builds on every architecture Go supports there, and
// translates with that host's own constants and layouts (termios requests
// in termios_*.go, 32-bit timespec and sysinfo fields widened). On other
// systems this package holds only this documentation (every other file is
// built for linux only), and the ppc64emu command's run says it needs a
// Linux host.
package linux

//go:generate go run gen_syscalls.go
