//go:build linux

package linux_test

import (
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/linux"
	"golang.org/x/arch/ppc64/ppc64asm"
)

const codeOff = 0x100

// buildELF assembles a minimal static powerpc64 executable: one RX PT_LOAD
// segment holding the ELF header, the program header and code at codeOff.
// ELFv2 little-endian or ELFv1 big-endian (entry through a descriptor);
// ET_EXEC at 0x10000000 or ET_DYN at 0 (static-PIE).
func buildELF(order binary.ByteOrder, pie bool, code []uint32, data []byte) []byte {
	be := order == binary.BigEndian
	base := uint64(0x10000000)
	if pie {
		base = 0
	}
	img := make([]byte, 0x200)
	for i, w := range code {
		order.PutUint32(img[codeOff+4*i:], w)
	}
	copy(img[codeOff+4*len(code):], data)
	entry := base + codeOff
	if be {
		// Function descriptor {entry, toc, env} at 0x1c0.
		order.PutUint64(img[0x1c0:], base+codeOff)
		entry = base + 0x1c0
	}
	emutest.ELFHeader(img, order, pie, entry, base, uint64(len(img)), uint64(len(img)), 0x10000)
	return img
}

// run writes the program to a file, runs it, and returns its stdout.
func runELF(t *testing.T, elf []byte, cfg linux.Config) (string, linux.ExitStatus, error) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "prog")
	if err := os.WriteFile(path, elf, 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cfg.Stdout = out
	p, err := linux.Start(path, []string{"prog"}, nil, cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, werr := p.Wait()
	out.Seek(0, io.SeekStart)
	b, _ := io.ReadAll(out)
	return string(b), st, werr
}

const (
	sc = 0x44000002
)

// addi encodes addi r,a,v (decode.Encode) with v's low 16 bits as SI.
func addi(r, a, v uint32) uint32 {
	w, _, err := decode.Encode(ppc64asm.ADDI, int64(r), int64(a), int64(int16(v)))
	if err != nil {
		panic(err)
	}
	return w
}

// li is li r,v: addi r,0,v.
func li(r, v uint32) uint32 { return addi(r, 0, v) }

// hello: write(1, msg, len); exit_group(7).
func helloCode(msg string) []uint32 {
	return writeMsgCode(msg, sc, li(3, 7), li(0, 234), sc) // exit_group
}

// writeMsgCode is write(1, msg, len) through the system call instruction
// call, then rest; msg is the data that follows the code. The message is
// found PC-relatively (bcl 20,31,$+4; mflr r4), so the code is position
// independent.
func writeMsgCode(msg string, call uint32, rest ...uint32) []uint32 {
	code := []uint32{
		0x429f0005, // bcl 20,31,$+4
		0x7c8802a6, // mflr r4
		0,          // addi r4,r4,msg-4 (patched)
		li(3, 1),
		li(5, uint32(len(msg))),
		li(0, 4), // write
		call,
	}
	code = append(code, rest...)
	code[2] = addi(4, 4, uint32(4*len(code)-4))
	return code
}

func TestRunHello(t *testing.T) {
	for _, tc := range []struct {
		name  string
		order binary.ByteOrder
		pie   bool
	}{
		{"le-exec", binary.LittleEndian, false},
		{"le-pie", binary.LittleEndian, true},
		{"be-exec", binary.BigEndian, false},
		{"be-pie", binary.BigEndian, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const msg = "hello from a hand-made ELF\n"
			out, st, err := runELF(t, buildELF(tc.order, tc.pie, helloCode(msg), []byte(msg)), linux.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if out != msg || st != (linux.ExitStatus{Code: 7}) {
				t.Fatalf("got %q %+v, want %q exit 7", out, st, msg)
			}
		})
	}
}

// An unknown system call fails with ENOSYS (r3 = 38, CR0[SO] set): the
// program exits with r3.
func TestRunUnknownSyscall(t *testing.T) {
	code := []uint32{li(0, 999), sc, li(0, 234), sc}
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		var trace strings.Builder
		_, st, err := runELF(t, buildELF(order, false, code, nil), linux.Config{Strace: &trace})
		if err != nil || st.Code != 38 {
			t.Fatalf("%v: status %+v, %v; want exit 38 (ENOSYS)", order, st, err)
		}
		// -strace shows the call and that the runner does not have it.
		if !strings.Contains(trace.String(), "syscall_999(") || !strings.Contains(trace.String(), "= -1 ENOSYS (not implemented)") {
			t.Errorf("%v: strace output %q does not show the unknown call", order, trace.String())
		}
	}
}

// A load from an unmapped address kills the program with SIGSEGV (no
// handler installed).
func TestRunSegv(t *testing.T) {
	code := []uint32{li(4, 0x10), 0xe8640000 /* ld r3,0(r4) */, li(0, 234), sc}
	_, st, err := runELF(t, buildELF(binary.LittleEndian, false, code, nil), linux.Config{})
	if err != nil || st.Signal != 11 {
		t.Fatalf("status %+v, %v; want SIGSEGV", st, err)
	}
}

// A store to the read-only text segment is SIGSEGV too (SEGV_ACCERR).
func TestRunWriteText(t *testing.T) {
	code := []uint32{0x429f0005, 0x7c8802a6, 0xf8640000 /* std r3,0(r4) */, li(0, 234), sc}
	_, st, err := runELF(t, buildELF(binary.BigEndian, false, code, nil), linux.Config{})
	if err != nil || st.Signal != 11 {
		t.Fatalf("status %+v, %v; want SIGSEGV", st, err)
	}
}

// An instruction the emulator does not execute stops the program with a
// StopError naming it.
func TestRunNotEmulated(t *testing.T) {
	var word uint32
	for _, w := range []uint32{
		0xec000004, // dadd f0,f0,f0 (decimal FP)
		0xfc000004, // daddq
	} {
		in, err := decode.DecodeWord(w, 0)
		if err == nil && !emulate.Emulated(in.Op) {
			word = w
			break
		}
	}
	if word == 0 {
		t.Skip("every candidate op is emulated now")
	}
	code := []uint32{li(3, 1), word, li(0, 234), sc}
	_, _, err := runELF(t, buildELF(binary.LittleEndian, false, code, nil), linux.Config{})
	var se *linux.StopError
	if !errors.As(err, &se) || se.Word != word || se.NIP != 0x10000000+codeOff+4 || !errors.Is(err, emulate.ErrNotEmulated) {
		t.Fatalf("err = %v, want a StopError for %#x at %#x", err, word, 0x10000000+codeOff+4)
	}
}

// Synchronous signals from emulate's outcomes kill a program that has no
// handler, with the signal Linux raises.
func TestRunSyncSignals(t *testing.T) {
	for _, tc := range []struct {
		name string
		word uint32
		sig  int
	}{
		{"illegal", 0x00000000, 4},         // SIGILL
		{"trap", 0x7fe00008, 5},            // tw 31,0,0: SIGTRAP
		{"privileged", 0x7c600124, 4},      // mtmsr r3: SIGILL (ILL_PRVOPC)
		{"misaligned-larx", 0x7c6018a8, 7}, // ldarx r3,0,r3 at an odd address: SIGBUS
	} {
		t.Run(tc.name, func(t *testing.T) {
			code := []uint32{li(3, 0x1001), tc.word, li(0, 234), sc}
			for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
				_, st, err := runELF(t, buildELF(order, false, code, nil), linux.Config{})
				if err != nil || st.Signal != tc.sig {
					t.Errorf("%v: status %+v, %v; want signal %d", order, st, err, tc.sig)
				}
			}
		})
	}
}

// scv follows the Linux scv ABI (Documentation/powerpc/syscall64-abi.rst):
// the call number in r0, arguments in r3…r8 as for sc, and an error comes
// back as a negative errno in r3 (sc returns the positive errno and sets
// CR0[SO]). Here write(1, msg, len) goes through scv, then an unknown call
// through scv returns -ENOSYS, which the program negates and exits with.
func TestRunScv(t *testing.T) {
	const (
		scv0   = 0x44000001 // scv 0
		negR3  = 0x7c6300d0 // neg r3,r3
		msg    = "hello through scv\n"
		enosys = 38
	)
	code := writeMsgCode(msg, scv0,
		li(0, 999), // unknown
		scv0,
		negR3,
		li(0, 234), // exit_group
		sc)
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		out, st, err := runELF(t, buildELF(order, false, code, []byte(msg)), linux.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if out != msg || st.Code != enosys {
			t.Fatalf("%v: got %q %+v, want %q and exit %d (-ENOSYS negated)", order, out, st, msg, enosys)
		}
	}
}

// The runner's default profile is the hardware profile (linux.Config's
// zero value) with emulate.Config.Complete: an op whose POWER9/10 result no
// source shows — here fre, an estimate — gets the documented choice and the
// program runs on (Difference row fp-estimate, Runner), as under the QEMU
// profile.
func TestRunProfileDefault(t *testing.T) {
	const fre = 0xfc201030 // fre f1,f2
	code := []uint32{fre, li(3, 0), li(0, 234), sc}
	elf := buildELF(binary.LittleEndian, false, code, nil)
	for _, p := range []emulate.Profile{emulate.Hardware, emulate.QEMU} {
		_, st, err := runELF(t, elf, linux.Config{Profile: p})
		if err != nil || st != (linux.ExitStatus{}) {
			t.Errorf("%v profile: status %+v, %v; want exit 0", p, st, err)
		}
	}
}

// mcrxr, removed in ISA 3.0, raises an illegal-instruction interrupt on
// POWER9/POWER10 and Linux's emulate_instruction completes it (traps.c):
// CR field BF gets XER bits 32:35 (SO, OV, CA, 0), which are cleared. So
// under the runner a program sees CR7 = 0b1110 and XER[32:35] = 0 after
// setting SO, OV and CA, in both byte orders.
func TestRunMcrxrKernelEmulation(t *testing.T) {
	e := func(op ppc64asm.Op, args ...int64) uint32 {
		w, _, err := decode.Encode(op, args...)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	const mcrxrCR7 = 0x7c000400 | 7<<23 // mcrxr cr7: not in the ISA 3.0+ op tables
	code := []uint32{
		e(ppc64asm.ADDIS, 3, 0, -0x2000), // lis r3,0xe000: SO, OV, CA
		e(ppc64asm.MTSPR, 1, 3),          // mtxer r3
		mcrxrCR7,
		e(ppc64asm.MFCR, 3),
		e(ppc64asm.ANDICC, 3, 3, 0xf), // CR7
		e(ppc64asm.MFSPR, 4, 1),       // mfxer r4
		e(ppc64asm.RLDICL, 4, 4, 36, 60),
		e(ppc64asm.RLDICR, 4, 4, 4, 59), // XER[32:35] << 4
		e(ppc64asm.OR, 3, 3, 4),
		li(0, 234),
		sc,
	}
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		_, st, err := runELF(t, buildELF(order, false, code, nil), linux.Config{})
		if err != nil || st != (linux.ExitStatus{Code: 0x0e}) {
			t.Errorf("%v: status %+v, %v; want exit 0x0e (CR7 = SO|OV|CA, XER[32:35] cleared)", order, st, err)
		}
	}
}

// TestStartNotRegular: a FIFO, a directory or a device as the program is
// EACCES, as Linux's execve says (do_open_execat), at once: opening a FIFO
// to read it used to wait for a writer forever.
func TestStartNotRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o755); err != nil {
		t.Skip("mkfifo:", err)
	}
	for _, path := range []string{fifo, t.TempDir(), "/dev/null"} {
		done := make(chan error, 1)
		go func() {
			_, err := linux.Start(path, []string{"prog"}, nil, linux.Config{})
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, syscall.EACCES) {
				t.Errorf("Start(%s): %v, want EACCES", path, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("Start(%s) still blocked after 20 s", path)
		}
	}
}
