//go:build linux && amd64

#include "textflag.h"

// func Call(fn uintptr, p0, p1 unsafe.Pointer) uint64
TEXT ·Call(SB), NOSPLIT, $0-32
	MOVQ fn+0(FP), AX
	MOVQ p0+8(FP), DI
	MOVQ p1+16(FP), SI
	CALL AX
	MOVQ AX, ret+24(FP)
	RET
