//go:build linux && (mips || mipsle || mips64 || mips64le)

package linux

// ksigaction is the MIPS kernel's struct sigaction (flags first, a
// 128-signal mask), for rt_sigaction.
type ksigaction struct {
	flags   uint32
	handler uintptr
	mask    [4]uint32
}

// ksigsetSize is the kernel's sigset_t size on MIPS (_NSIG 128).
const ksigsetSize = 16

func (a *ksigaction) flagsWord() uint64     { return uint64(a.flags) }
func (a *ksigaction) setFlagsWord(f uint64) { a.flags = uint32(f) }
