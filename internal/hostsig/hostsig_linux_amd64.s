//go:build linux && amd64

#include "go_asm.h"
#include "textflag.h"

// func wrap()
//
// The kernel enters it as a C handler: DI the signal number (one Watch
// took, below 65), SI the siginfo, DX the context, SP the signal frame.
// It counts an arrival with si_code (siginfo's int at byte 8) SIKernel
// (hostsig.go) and jumps to the wrapped handler with every argument
// register and the stack as they came; it uses AX and CX, which a C
// handler may clobber.
TEXT ·wrap(SB), NOSPLIT|NOFRAME, $0-0
	CMPL 8(SI), $const_SIKernel
	JNE  fwd
	MOVL DI, AX
	LEAQ ·kernel(SB), CX
	LOCK
	INCL (CX)(AX*4)

fwd:
	MOVL DI, AX
	LEAQ ·prev(SB), CX
	MOVQ (CX)(AX*8), AX
	JMP  AX

// func wrapPC() uintptr
TEXT ·wrapPC(SB), NOSPLIT, $0-8
	LEAQ ·wrap(SB), AX
	MOVQ AX, ret+0(FP)
	RET
