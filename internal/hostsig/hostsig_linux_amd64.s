//go:build linux && amd64

#include "go_asm.h"
#include "textflag.h"

// func wrap()
//
// The kernel enters it as a C handler: DI the signal number (one Watch
// took, below 65), SI the siginfo, DX the context, SP the signal frame.
// It counts an arrival with si_code (siginfo's int at byte 8) SIKernel
// (hostsig.go), keeps the sender's pid and uid (si_pid and si_uid, the
// ints at bytes 16 and 20, as one quadword) of one with si_code SIUser,
// and jumps to the wrapped handler with every
// argument register and the stack as they came; it uses AX, CX and R8,
// which a C handler may clobber.
TEXT ·wrap(SB), NOSPLIT|NOFRAME, $0-0
	CMPL 8(SI), $const_SIKernel
	JNE  user
	MOVL DI, AX
	LEAQ ·kernel(SB), CX
	LOCK
	INCL (CX)(AX*4)
	JMP  fwd

user:
	CMPL 8(SI), $const_SIUser
	JNE  fwd
	MOVQ 16(SI), R8
	MOVL DI, AX
	LEAQ ·sender(SB), CX
	XCHGQ R8, (CX)(AX*8)

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
