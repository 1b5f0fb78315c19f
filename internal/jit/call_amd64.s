//go:build linux && amd64

#include "textflag.h"

// func Call(fn uintptr, p0, p1 unsafe.Pointer) uint64
//
// The generated code may use BX, BP and R12-R15 (guest registers kept in
// host registers): Call saves and restores them around it.
TEXT ·Call(SB), NOSPLIT, $48-32
	MOVQ BX, 0(SP)
	MOVQ BP, 8(SP)
	MOVQ R12, 16(SP)
	MOVQ R13, 24(SP)
	MOVQ R14, 32(SP)
	MOVQ R15, 40(SP)
	MOVQ fn+0(FP), AX
	MOVQ p0+8(FP), DI
	MOVQ p1+16(FP), SI
	CALL AX
	MOVQ 0(SP), BX
	MOVQ 8(SP), BP
	MOVQ 16(SP), R12
	MOVQ 24(SP), R13
	MOVQ 32(SP), R14
	MOVQ 40(SP), R15
	MOVQ AX, ret+24(FP)
	RET
