package microwatt_test

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/system/microwatt"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// op is an instruction for image: the op and its arguments.
func op(o ppc64asm.Op, args ...int64) []int64 { return append([]int64{int64(o)}, args...) }

// image assembles a little-endian program (Microwatt starts
// little-endian) from ops and their arguments, ending with attn.
func image(t *testing.T, prog ...[]int64) []byte {
	t.Helper()
	var b []byte
	for _, p := range prog {
		w, _, err := decode.Encode(decode.Op(p[0]), p[1:]...)
		if err != nil {
			t.Fatal(err)
		}
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return binary.LittleEndian.AppendUint32(b, 0x00000200) // attn
}

// Microwatt's darn never reports the error value (random.vhdl drives its
// err output to 0), and Linux's Microwatt platform (rng.c) takes darn
// L=1 as its random seed source: darn completes, L=1 gives a value other
// than all ones and L=0 a 32-bit one (Power ISA 3.1B 3.3.12: RT0:31 = 0).
func TestDarn(t *testing.T) {
	m, _ := newMachine(t, image(t,
		op(ppc64asm.DARN, 3, 1),
		op(ppc64asm.DARN, 4, 0),
		op(ppc64asm.DARN, 5, 2),
	))
	if err := m.Run(10); err != nil {
		t.Fatalf("Run: %v", err)
	}
	r := &m.CPU.Regs
	if r.NIP != 12 {
		t.Errorf("attn at NIP %#x, want 0xc", r.NIP)
	}
	if r.GPR[3] == ^uint64(0) || r.GPR[5] == ^uint64(0) {
		t.Errorf("darn L=1 %#x, L=2 %#x: the error value", r.GPR[3], r.GPR[5])
	}
	if r.GPR[4]>>32 != 0 {
		t.Errorf("darn L=0 = %#x: high word not 0", r.GPR[4])
	}
}

// elfImage wraps code in a 64-bit little-endian PowerPC ELF file with one
// PT_LOAD segment at vaddr, entry at vaddr (the ELF-64 object file
// format's header and program header layouts).
func elfImage(t *testing.T, vaddr uint64, code []byte) []byte {
	t.Helper()
	return elfImageAt(t, vaddr, vaddr, code)
}

// elfImageAt is elfImage with the segment's physical address paddr (a
// vmlinux: linked at 0xc000000000000000, loaded at 0) and memory size
// twice its file size (the rest is bss).
func elfImageAt(t *testing.T, vaddr, paddr uint64, code []byte) []byte {
	t.Helper()
	const hsize, psize = 64, 56
	h := elf.Header64{Type: uint16(elf.ET_EXEC), Machine: uint16(elf.EM_PPC64), Version: uint32(elf.EV_CURRENT),
		Entry: vaddr, Phoff: hsize, Ehsize: hsize, Phentsize: psize, Phnum: 1}
	copy(h.Ident[:], elf.ELFMAG)
	h.Ident[elf.EI_CLASS], h.Ident[elf.EI_DATA], h.Ident[elf.EI_VERSION] = byte(elf.ELFCLASS64), byte(elf.ELFDATA2LSB), byte(elf.EV_CURRENT)
	p := elf.Prog64{Type: uint32(elf.PT_LOAD), Flags: uint32(elf.PF_R | elf.PF_X), Off: hsize + psize,
		Vaddr: vaddr, Paddr: paddr, Filesz: uint64(len(code)), Memsz: 2 * uint64(len(code)), Align: 4}
	var b bytes.Buffer
	_ = binary.Write(&b, binary.LittleEndian, &h)
	_ = binary.Write(&b, binary.LittleEndian, &p)
	b.Write(code)
	return b.Bytes()
}

// An ELF image is loaded as Microwatt's boot firmware loads the kernel's
// dtbImage.microwatt.elf from flash (sdram_init/main.c boot_flash): the
// segment at its address (physical, which is the virtual one in such an
// image), execution from the entry point with the entry address in r3
// (head.S: mtctr r3; bctr).
func TestLoadELF(t *testing.T) {
	const at = 0x5000
	m, _ := newMachine(t, elfImage(t, at, image(t, op(ppc64asm.ADDI, 4, 0, 42))))
	if err := m.Run(10); err != nil {
		t.Fatalf("Run: %v", err)
	}
	r := &m.CPU.Regs
	if r.NIP != at+4 || r.GPR[4] != 42 || r.GPR[3] != at {
		t.Errorf("stopped at %#x with r3 %#x, r4 %d; want attn at %#x, r3 %#x (the entry), r4 42", r.NIP, r.GPR[3], r.GPR[4], at+4, at)
	}
	for _, bad := range []struct {
		name  string
		image []byte
	}{
		{"outside memory", elfImage(t, microwatt.DefaultRAM-2, make([]byte, 8))},
		{"truncated", elfImage(t, at, make([]byte, 8))[:70]},
	} {
		m, err := microwatt.New(microwatt.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Load(bad.image); err == nil {
			t.Errorf("%s: Load succeeded, want an error", bad.name)
		}
	}
}

// LoadLinux starts a vmlinux as the boot wrapper does (arch/powerpc/boot
// main.c: kentry(ft_addr, 0, NULL); head_64.S __start: r3 the device
// tree): the segment at its physical address, its bss zeroed, NIP the
// physical entry point, r3 the device tree placed at the next 64 KiB
// boundary after the kernel, r4 = r5 = 0, MSR[EE] = 0.
func TestLoadLinux(t *testing.T) {
	const vbase, pbase = 0xc000000000000000, 0x20000
	code := image(t, op(ppc64asm.ADDI, 4, 0, 42))
	kernel := elfImageAt(t, vbase, pbase, code)
	dtb := []byte{0xd0, 0x0d, 0xfe, 0xed, 0, 0, 0, 8}
	m, _ := newMachine(t, nil)
	m.CPU.Regs.GPR[4], m.CPU.Regs.GPR[5] = 1, 1
	copy(m.RAM[pbase+len(code):], "dirty bss")
	if err := m.LoadLinux(kernel, dtb); err != nil {
		t.Fatal(err)
	}
	r := &m.CPU.Regs
	const dtbAt = 0x30000 // the kernel ends at pbase + 2×len(code)
	if r.NIP != pbase || r.GPR[3] != dtbAt || r.GPR[4] != 0 || r.GPR[5] != 0 || r.MSR&regs.MSREE != 0 {
		t.Errorf("NIP %#x r3 %#x r4 %#x r5 %#x MSR %#x; want %#x, %#x, 0, 0, EE 0", r.NIP, r.GPR[3], r.GPR[4], r.GPR[5], r.MSR, pbase, dtbAt)
	}
	if !bytes.Equal(m.RAM[pbase:pbase+len(code)], code) || !bytes.Equal(m.RAM[dtbAt:dtbAt+len(dtb)], dtb) ||
		!bytes.Equal(m.RAM[pbase+len(code):pbase+2*len(code)], make([]byte, len(code))) {
		t.Errorf("memory: kernel, bss or device tree not where they belong")
	}
	if err := m.Run(10); err != nil || r.GPR[4] != 42 {
		t.Errorf("Run: %v, r4 %d; want the kernel's first instruction run (r4 42)", err, r.GPR[4])
	}
	for _, bad := range []struct {
		name        string
		kernel, dtb []byte
	}{
		{"not a device tree", kernel, []byte("not a dtb")},
		{"device tree beyond memory", elfImageAt(t, vbase, microwatt.DefaultRAM-dtbAlignTest-8, make([]byte, 8)), dtb},
		{"kernel beyond memory", elfImageAt(t, vbase, microwatt.DefaultRAM, code), dtb},
	} {
		m, _ := newMachine(t, nil)
		if err := m.LoadLinux(bad.kernel, bad.dtb); err == nil {
			t.Errorf("%s: LoadLinux succeeded, want an error", bad.name)
		}
	}
}

// dtbAlignTest is the device tree's alignment LoadLinux documents.
const dtbAlignTest = 64 << 10

// Microwatt answers an I/O access that no device decodes with all ones
// and ignores a store there (soc.vhdl: io_cycle_none acks the cycle with
// data all ones): Linux's LiteEth driver probes the MAC that microwatt.dts
// names at 0xc8021000 on a SoC built without it.
func TestUnmappedIO(t *testing.T) {
	m, _ := newMachine(t, image(t,
		op(ppc64asm.ADDI, 4, 0, 0),
		op(ppc64asm.ORIS, 4, 4, 0xc802),
		op(ppc64asm.ORI, 4, 4, 0x1000),
		op(ppc64asm.LWZ, 5, 0, 4),
		op(ppc64asm.LD, 6, 8, 4),
		op(ppc64asm.STW, 5, 0, 4),
		op(ppc64asm.LBZ, 7, 0xff0, 4),
	))
	if err := m.Run(20); err != nil {
		t.Fatalf("Run: %v", err)
	}
	r := &m.CPU.Regs
	if m.CPU.Taken != 0 || r.NIP != 7*4 {
		t.Fatalf("stopped at %#x after interrupt %#x; want attn at 0x1c", r.NIP, m.CPU.Taken)
	}
	if r.GPR[5] != 0xffffffff || r.GPR[6] != ^uint64(0) || r.GPR[7] != 0xff {
		t.Errorf("lwz %#x, ld %#x, lbz %#x: want all ones", r.GPR[5], r.GPR[6], r.GPR[7])
	}
}

// linuxImage is the newest kernel image scripts/linux-boot.sh left in
// the user cache dir ($PPC64EMU_LINUX_IMAGE names another), or "".
func linuxImage() string {
	if f := os.Getenv("PPC64EMU_LINUX_IMAGE"); f != "" {
		return f
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	m, _ := filepath.Glob(filepath.Join(dir, "ppc64emu", "linux-*", "dtbImage.microwatt.elf"))
	best, when := "", time.Time{}
	for _, f := range m {
		if st, err := os.Stat(f); err == nil && st.ModTime().After(when) {
			best, when = f, st.ModTime()
		}
	}
	return best
}

// Linux 6.1 built for Microwatt (microwatt_defconfig, with the kernel's
// instruction-emulation self-test and a busybox initramfs: see
// scripts/linux-boot.sh) boots to a shell that runs the commands typed on
// the console, and its emulate_step self-test (test_emulate_step.c, which
// runs each instruction both through the kernel's emulate_step and on the
// processor, here ours, and compares) reports no failure.
//
// It boots the kernel twice: the dtbImage.microwatt.elf as Microwatt's
// firmware starts it (the boot wrapper decompresses the kernel), and the
// vmlinux beside it with the wrapper's device tree (its .kernel:dtb
// section) through LoadLinux, as the wrapper would have left them.
func TestLinuxBoot(t *testing.T) {
	file, img := linuxImageFile(t)
	t.Run("dtbImage", func(t *testing.T) { bootLinux(t, func(m *microwatt.Machine) error { return m.Load(img) }) })
	t.Run("vmlinux", func(t *testing.T) {
		vmlinux, dtb := vmlinuxOf(t, file, img)
		bootLinux(t, func(m *microwatt.Machine) error { return m.LoadLinux(vmlinux, dtb) })
	})
}

// linuxImageFile returns the path and contents of the Linux image
// (linuxImage); it skips the test when there is none, or under -short.
func linuxImageFile(t *testing.T) (string, []byte) {
	t.Helper()
	file := linuxImage()
	if file == "" {
		t.Skip("no Linux image: build one with scripts/linux-boot.sh -build-only (15-30 minutes), or set PPC64EMU_LINUX_IMAGE")
	}
	if testing.Short() {
		t.Skip("-short: the Linux boot runs for minutes")
	}
	img, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return file, img
}

// vmlinuxOf returns the vmlinux beside the dtbImage file (whose contents
// are img) and the device tree of its .kernel:dtb section; it skips the
// test when there is no vmlinux.
func vmlinuxOf(t *testing.T, file string, img []byte) (vmlinux, dtb []byte) {
	t.Helper()
	vmlinux, err := os.ReadFile(filepath.Join(filepath.Dir(file), "vmlinux"))
	if err != nil {
		t.Skipf("no vmlinux beside %s: %v", file, err)
	}
	f, err := elf.NewFile(bytes.NewReader(img))
	if err != nil {
		t.Fatal(err)
	}
	sec := f.Section(".kernel:dtb")
	if sec == nil {
		t.Fatalf("%s has no .kernel:dtb section", file)
	}
	if dtb, err = sec.Data(); err != nil {
		t.Fatal(err)
	}
	return vmlinux, dtb
}

// bootLinux boots the kernel that load puts in a Microwatt machine with
// 256 MiB to its shell, types commands, and checks the answers and the
// emulate_step self-test's results.
func bootLinux(t *testing.T, load func(m *microwatt.Machine) error) {
	out := new(bytes.Buffer)
	m, err := microwatt.New(microwatt.Config{RAMSize: 256 << 20, Console: out})
	if err != nil {
		t.Fatal(err)
	}
	if err := load(m); err != nil {
		t.Fatal(err)
	}
	// until runs the machine until the console shows want, at most max
	// more steps.
	until := func(want string, max uint64) bool {
		for n := uint64(0); n < max; n += 10_000_000 {
			if err := m.Run(10_000_000); err != nil && !errors.Is(err, emulate.ErrStepLimit) {
				t.Fatalf("Run: %v at NIP %#x; console:\n%s", err, m.CPU.Regs.NIP, out.String())
			}
			if strings.Contains(out.String(), want) {
				return true
			}
			// The kernel's debugger (microwatt_defconfig: XMON_DEFAULT)
			// or a panic: it will not get further.
			if s := out.String(); strings.Contains(s, "\nmon> ") || strings.Contains(s, "Kernel panic") {
				t.Fatalf("kernel stopped after %d steps; console:\n%s", m.CPU.Steps, s)
			}
		}
		return false
	}
	start := time.Now()
	const ready = "init: busybox shell ready" // the /init of scripts/linux-boot.sh
	if !until(ready, 20_000_000_000) {
		t.Fatalf("no shell after %d steps; console:\n%s", m.CPU.Steps, out.String())
	}
	boot := time.Since(start)
	steps := m.CPU.Steps
	t.Logf("shell after %d steps in %v (%.1f MIPS)", steps, boot, float64(steps)/boot.Seconds()/1e6)
	m.UART.Feed([]byte("echo hello from $((6*7)); uname -sm\n"))
	if !until("Linux ppc64le", 2_000_000_000) {
		t.Fatalf("no answer to the commands; console:\n%s", out.String())
	}
	log := out.String()
	if !strings.Contains(log, "hello from 42") {
		t.Errorf("echo's output missing; console:\n%s", log)
	}
	var pass, skip int
	var fail []string
	for _, l := range strings.Split(log, "\n") {
		if !strings.Contains(l, "emulate_step_test: ") {
			continue
		}
		switch {
		case strings.Contains(l, "FAIL"):
			fail = append(fail, strings.TrimSpace(l))
		case strings.Contains(l, "PASS"):
			pass++
		case strings.Contains(l, "SKIP"):
			skip++
		}
	}
	t.Logf("emulate_step self-test: %d passed, %d skipped, %d failed", pass, skip, len(fail))
	if pass == 0 {
		t.Errorf("no emulate_step_test results in the boot log:\n%s", log)
	}
	for _, f := range fail {
		t.Errorf("self-test failure: %s", f)
	}
}
