// Package hostsig tells which of the signals the runner's host process
// gets were sent by the kernel (si_code SI_KERNEL) rather than by a
// process (SI_USER, kill(2)): Go's os/signal passes no siginfo. A
// terminal's line discipline sends its INTR, QUIT and SUSP characters' and
// a window size change's signal to its foreground process group with
// SI_KERNEL (n_tty's isig and tty_do_resize: kill_pgrp with priv set), so
// such a signal reached every process of that group, where a kill of the
// runner's pid reached the runner alone.
//
// Watch wraps the handler os/signal installed for a signal (call it after
// signal.Notify) with one that counts its SI_KERNEL arrivals before it
// goes on to Go's; Kernel says whether a delivery came with one, Sender
// which process last sent one with kill(2), and GroupSender whether that
// process signalled its own process group, the runner's. Only
// linux/amd64 has the wrapper (an assembly handler); elsewhere Watch says
// no and Kernel never reports one.
package hostsig

// SIKernel is the host kernel's SI_KERNEL, the si_code of a signal the
// kernel sends (include/uapi/asm-generic/siginfo.h: the same on every
// Linux architecture). The amd64 handler compares with it through
// go_asm.h; linux/abi's SI_KERNEL, the guest's, is checked to agree.
const SIKernel = 0x80

// SIUser is the host kernel's SI_USER, the si_code of a signal a process
// sent with kill(2) (the same header); its siginfo names the sender's pid.
const SIUser = 0
