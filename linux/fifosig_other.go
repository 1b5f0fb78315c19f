//go:build linux && !(mips || mipsle || mips64 || mips64le)

package linux

// ksigaction is the kernel's struct sigaction as rt_sigaction takes it
// on every architecture Go supports but MIPS: handler, flags, restorer,
// a 64-signal mask.
type ksigaction struct {
	handler, flags, restorer uintptr
	mask                     uint64
}

// ksigsetSize is the kernel's sigset_t size (_NSIG 64).
const ksigsetSize = 8

func (a *ksigaction) flagsWord() uint64     { return uint64(a.flags) }
func (a *ksigaction) setFlagsWord(f uint64) { a.flags = uintptr(f) }
