//go:build linux

package linux_test

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
)

// A signal frame leaves the interrupted code's red zone alone: the 288
// bytes below r1 where a function saves registers before it allocates its
// frame (the ELFv2 ABI; glibc's free does, and lost r31 to a SIGALRM in the
// soak test). Linux's rt_sigframe ends in a 512-byte gap it never writes.
// The program stores 0x5a at -8(r1), sends itself SIGUSR1 with a handler
// (a bare blr) installed, and exits with what -8(r1) holds after the
// handler returned.
func TestSignalFrameKeepsRedZone(t *testing.T) {
	const marker = 0x5a
	code := []uint32{
		0x429f0005, // bcl 20,31,$+4
		0x7fc802a6, // mflr r30
		0xf821ff81, // stdu r1,-128(r1)
		0,          // addi r4,r30,handler-4 (patched)
		0xf8810020, // std r4,32(r1): sa_handler
		li(5, 0),
		0xf8a10028, // std r5,40(r1): sa_flags
		0xf8a10030, // std r5,48(r1): sa_restorer
		0xf8a10038, // std r5,56(r1): sa_mask
		li(3, 10),  // SIGUSR1
		addi(4, 1, 32),
		li(5, 0),
		li(6, 8),
		li(0, 173), // rt_sigaction
		sc,
		li(0, 20), // getpid
		sc,
		li(4, 10),
		li(31, marker),
		0xfbe1fff8, // std r31,-8(r1): in the red zone
		li(0, 37),  // kill(getpid(), SIGUSR1): the handler runs on return
		sc,
		0xe861fff8, // ld r3,-8(r1)
		li(0, 234), // exit_group
		sc,
		0x4e800020, // handler: blr
	}
	code[3] = addi(4, 30, uint32(4*(len(code)-1)-4))
	_, st, err := runELF(t, buildELF(binary.LittleEndian, false, code, nil), linux.Config{})
	if err != nil || st != (linux.ExitStatus{Code: marker}) {
		t.Fatalf("status %+v, %v; want exit %#x (the red zone kept)", st, err, marker)
	}
}
