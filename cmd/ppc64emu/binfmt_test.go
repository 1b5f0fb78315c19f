package main

import (
	"bufio"
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// unescape decodes a binfmt_misc magic or mask: \xHH escapes and literal
// bytes, as the kernel's register parser and update-binfmts read them.
func unescape(t *testing.T, s string) []byte {
	t.Helper()
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && s[i+1] == 'x' {
			v, err := strconv.ParseUint(s[i+2:i+4], 16, 8)
			if err != nil {
				t.Fatalf("bad escape in %q: %v", s, err)
			}
			b = append(b, byte(v))
			i += 3
			continue
		}
		b = append(b, s[i])
	}
	return b
}

// elfHeader is the first 20 bytes of an ELF header, laid out by the ELF
// specification with the standard library's constants.
func elfHeader(class elf.Class, data elf.Data, osabi elf.OSABI, typ elf.Type, machine elf.Machine) []byte {
	h := make([]byte, 20)
	copy(h, elf.ELFMAG)
	h[elf.EI_CLASS], h[elf.EI_DATA], h[elf.EI_VERSION], h[elf.EI_OSABI] = byte(class), byte(data), byte(elf.EV_CURRENT), byte(osabi)
	var o binary.ByteOrder = binary.LittleEndian
	if data == elf.ELFDATA2MSB {
		o = binary.BigEndian
	}
	o.PutUint16(h[16:], uint16(typ))
	o.PutUint16(h[18:], uint16(machine))
	return h
}

type registration struct {
	name, interp, flags string
	magic, mask         []byte
}

func (r registration) matches(h []byte) bool {
	for i := range r.magic {
		if h[i]&r.mask[i] != r.magic[i]&r.mask[i] {
			return false
		}
	}
	return true
}

func binfmtLines(t *testing.T, args ...string) []registration {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(append([]string{"binfmt"}, args...), &out, &errb); code != exitOK {
		t.Fatalf("ppc64emu binfmt: exit %d: %s", code, errb.String())
	}
	var rs []registration
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		// :name:type:offset:magic:mask:interpreter:flags
		f := strings.Split(line, ":")
		if len(f) != 8 || f[0] != "" || f[2] != "M" || f[3] != "" {
			t.Fatalf("not a binfmt_misc magic registration: %q", line)
		}
		r := registration{name: f[1], magic: unescape(t, f[4]), mask: unescape(t, f[5]), interp: f[6], flags: f[7]}
		if len(r.magic) != len(r.mask) || len(r.magic) != 20 {
			t.Fatalf("%s: magic %d bytes, mask %d", r.name, len(r.magic), len(r.mask))
		}
		rs = append(rs, r)
	}
	return rs
}

// TestBinfmtRegistration parses the printed registrations and checks them
// against ELF headers: each byte order's matches its own executables and
// shared objects (ET_EXEC, ET_DYN; System V and GNU/Linux OS ABI) and no
// other architecture's or byte order's, nor a relocatable object.
func TestBinfmtRegistration(t *testing.T) {
	rs := binfmtLines(t, "-interpreter", "/usr/local/bin/ppc64emu-binfmt")
	if len(rs) != 2 || rs[0].name != "ppc64emu-ppc64le" || rs[1].name != "ppc64emu-ppc64" {
		t.Fatalf("registrations %+v", rs)
	}
	for _, r := range rs {
		if r.interp != "/usr/local/bin/ppc64emu-binfmt" || !strings.Contains(r.flags, "F") || !strings.Contains(r.flags, "P") {
			t.Errorf("%s: interpreter %q flags %q", r.name, r.interp, r.flags)
		}
	}
	le, be := elf.ELFDATA2LSB, elf.ELFDATA2MSB
	c64 := elf.ELFCLASS64
	tests := []struct {
		name   string
		header []byte
		want   string // the registration that must match, "" for none
	}{
		{"ppc64le exec", elfHeader(c64, le, elf.ELFOSABI_NONE, elf.ET_EXEC, elf.EM_PPC64), "ppc64emu-ppc64le"},
		{"ppc64le pie", elfHeader(c64, le, elf.ELFOSABI_NONE, elf.ET_DYN, elf.EM_PPC64), "ppc64emu-ppc64le"},
		{"ppc64le gnu", elfHeader(c64, le, elf.ELFOSABI_LINUX, elf.ET_DYN, elf.EM_PPC64), "ppc64emu-ppc64le"},
		{"ppc64 exec", elfHeader(c64, be, elf.ELFOSABI_NONE, elf.ET_EXEC, elf.EM_PPC64), "ppc64emu-ppc64"},
		{"ppc64 pie", elfHeader(c64, be, elf.ELFOSABI_NONE, elf.ET_DYN, elf.EM_PPC64), "ppc64emu-ppc64"},
		{"x86-64 pie", elfHeader(c64, le, elf.ELFOSABI_NONE, elf.ET_DYN, elf.EM_X86_64), ""},
		{"x86-64 exec", elfHeader(c64, le, elf.ELFOSABI_NONE, elf.ET_EXEC, elf.EM_X86_64), ""},
		{"aarch64", elfHeader(c64, le, elf.ELFOSABI_NONE, elf.ET_DYN, elf.EM_AARCH64), ""},
		{"ppc32", elfHeader(elf.ELFCLASS32, be, elf.ELFOSABI_NONE, elf.ET_EXEC, elf.EM_PPC), ""},
		{"ppc64le object", elfHeader(c64, le, elf.ELFOSABI_NONE, elf.ET_REL, elf.EM_PPC64), ""},
		{"ppc64le core", elfHeader(c64, le, elf.ELFOSABI_NONE, elf.ET_CORE, elf.EM_PPC64), ""},
	}
	for _, tc := range tests {
		var got []string
		for _, r := range rs {
			if r.matches(tc.header) {
				got = append(got, r.name)
			}
		}
		var want []string
		if tc.want != "" {
			want = []string{tc.want}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: registrations matching (-want +got):\n%s", tc.name, diff)
		}
	}
	// The corpus's real programs, if built (scripts/build-corpus.sh).
	for _, c := range []struct{ file, want string }{
		{"../../build/corpus/dyn-hello.le", "ppc64emu-ppc64le"}, {"../../build/corpus/dyn-hello.be", "ppc64emu-ppc64"},
		{"../../build/corpus/c-crc.le", "ppc64emu-ppc64le"}, {"../../build/corpus/c-crc.be", "ppc64emu-ppc64"},
	} {
		f, err := os.Open(c.file)
		if err != nil {
			continue
		}
		h := make([]byte, 20)
		_, err = f.ReadAt(h, 0)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if r.matches(h) != (r.name == c.want) {
				t.Errorf("%s: %s matches %v", c.file, r.name, r.matches(h))
			}
		}
	}
}

// TestBinfmtQEMU compares the magic and mask with Debian's qemu-user-static
// registrations, when that package is installed (apt-get install
// qemu-user-static).
func TestBinfmtQEMU(t *testing.T) {
	rs := binfmtLines(t, "-interpreter", "/x-binfmt")
	for i, name := range []string{"qemu-ppc64le", "qemu-ppc64"} {
		f, err := os.Open(filepath.Join("/usr/share/binfmts", name))
		if err != nil {
			t.Skipf("qemu-user-static's registrations not installed: %v", err)
		}
		fields := map[string]string{}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			k, v, _ := strings.Cut(sc.Text(), " ")
			fields[k] = v
		}
		f.Close()
		if diff := cmp.Diff(unescape(t, fields["magic"]), rs[i].magic); diff != "" {
			t.Errorf("%s magic (-qemu +ours):\n%s", name, diff)
		}
		if diff := cmp.Diff(unescape(t, fields["mask"]), rs[i].mask); diff != "" {
			t.Errorf("%s mask (-qemu +ours):\n%s", name, diff)
		}
		if fields["offset"] != "0" || fields["fix_binary"] != "yes" || fields["preserve"] != "yes" {
			t.Errorf("%s: offset %q fix_binary %q preserve %q: the flags differ from ours (F, P)", name, fields["offset"], fields["fix_binary"], fields["preserve"])
		}
	}
}

// TestBinfmtInstallRefuses: -install says why it cannot register: not
// root, or binfmt_misc not mounted; a bad interpreter path is a usage error.
func TestBinfmtInstallRefuses(t *testing.T) {
	binfmtDir = t.TempDir() // no register file: not mounted
	defer func() { binfmtDir = "/proc/sys/fs/binfmt_misc" }()
	var out, errb bytes.Buffer
	code := run([]string{"binfmt", "-interpreter", "/usr/local/bin/ppc64emu-binfmt", "-install"}, &out, &errb)
	want := "not mounted"
	if os.Geteuid() != 0 {
		want = "needs root"
	}
	if code != exitFail || !strings.Contains(errb.String(), want) {
		t.Errorf("exit %d, stderr %q; want %d and %q", code, errb.String(), exitFail, want)
	}
	for _, bad := range []string{"relative-binfmt", "/a:b-binfmt", "/usr/bin/ppc64emu"} {
		errb.Reset()
		if code := run([]string{"binfmt", "-interpreter", bad}, &out, &errb); code != exitUsage {
			t.Errorf("-interpreter %q: exit %d, want %d (%s)", bad, code, exitUsage, errb.String())
		}
	}
}

// TestBinfmtArgs: the kernel runs an interpreter registered with P as
// INTERP PATH ARGV0 ARGS... (Documentation/admin-guide/binfmt-misc.rst).
func TestBinfmtArgs(t *testing.T) {
	got, ok := binfmtArgs([]string{"./prog", "name", "a", "b"})
	if want := []string{"-0", "name", "--", "./prog", "a", "b"}; !ok || !cmp.Equal(got, want) {
		t.Errorf("binfmtArgs = %q, %v; want %q", got, ok, want)
	}
	if _, ok := binfmtArgs([]string{"./prog"}); ok {
		t.Error("binfmtArgs accepted a call without argv[0]")
	}
}

// TestBinfmtRunsProgram runs the runner as the kernel runs a binfmt_misc
// interpreter registered with P (under a name ending in -binfmt, given
// PATH ARGV0 ARGS...) on a dynamically linked corpus program, with the
// sysroot from $PPC64EMU_LD_PREFIX, and compares with qemu-user given the
// same argv[0] and sysroot.
func TestBinfmtRunsProgram(t *testing.T) {
	prog := "../../build/corpus/dyn-hello.le"
	if _, err := os.Stat(prog); err != nil {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	const sysroot = "/usr/powerpc64le-linux-gnu"
	if _, err := os.Stat(sysroot); err != nil {
		t.Skipf("no cross sysroot %s", sysroot)
	}
	if _, err := exec.LookPath("qemu-ppc64le"); err != nil {
		t.Skip("qemu-ppc64le not installed")
	}
	dir, emu := buildCommand(t)
	link := filepath.Join(dir, "ppc64emu-binfmt")
	if err := os.Symlink(emu, link); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(link, prog, "argv-zero", "x")
	cmd.Env = append(os.Environ(), "PPC64EMU_LD_PREFIX="+sysroot)
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	want, err := exec.Command("qemu-ppc64le", "-cpu", "power10", "-L", sysroot, "-0", "argv-zero", prog, "x").CombinedOutput()
	if err != nil {
		t.Fatalf("qemu: %v\n%s", err, want)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("output (-qemu +ppc64emu):\n%s", diff)
	}
}

// buildCommand builds this command into a new temporary directory and
// returns the directory and the binary's path.
func buildCommand(t *testing.T) (dir, emu string) {
	t.Helper()
	dir = t.TempDir()
	emu = filepath.Join(dir, "ppc64emu")
	if out, err := exec.Command("go", "build", "-o", emu, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return dir, emu
}
