package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

const binfmtUsage = `Usage: ppc64emu binfmt [-interpreter PATH] [-install]

Prints the binfmt_misc registrations that make the Linux kernel run
ppc64le and ppc64 ELF executables (static and dynamic, ET_EXEC and ET_DYN)
through ppc64emu, as qemu-user-static's registrations do through qemu: one
line per byte order, in the format of /proc/sys/fs/binfmt_misc/register,
with the magic and mask of Debian's qemu-user-static and the flags P (the program's argv[0] is
kept) and F (the kernel opens the interpreter when it is registered, so
that it also runs programs inside a chroot or container that does not have
it). With -install they are written to the register file (root only, with
binfmt_misc mounted).

The interpreter must be the runner under a name ending in "-binfmt" (a
symbolic or hard link to ppc64emu): run under such a name, ppc64emu runs
the program the kernel hands it (PATH ARGV0 ARGS...) as "ppc64emu run"
does, with the sysroot from $PPC64EMU_LD_PREFIX or $QEMU_LD_PREFIX. For F,
the runner must be statically linked (CGO_ENABLED=0 go build).

	ln -s "$(command -v ppc64emu)" /usr/local/bin/ppc64emu-binfmt
	sudo ppc64emu binfmt -interpreter /usr/local/bin/ppc64emu-binfmt -install
	./hello-ppc64le                 # now runs through ppc64emu
	echo -1 | sudo tee /proc/sys/fs/binfmt_misc/ppc64emu-ppc64le  # unregisters

Flags:
	-interpreter PATH  the interpreter in the registration (default: this
	                   runner's path with "-binfmt" appended)
	-install           write the registrations to
	                   /proc/sys/fs/binfmt_misc/register
`

// binfmtDir is where binfmt_misc is mounted.
var binfmtDir = "/proc/sys/fs/binfmt_misc"

// binfmtSuffix marks the runner's name when the kernel runs it through a
// binfmt_misc registration.
const binfmtSuffix = "-binfmt"

// elfIdent is the start of a 64-bit ELF file's e_ident: the magic, class
// ELFCLASS64, and data (byte order) as given.
func elfIdent(data byte) []byte { return []byte{0x7f, 'E', 'L', 'F', 2, data, 1} }

// binfmtEntry is one registration: the first 20 bytes of an ELF header
// (e_ident, e_type, e_machine) and which of their bits must match. These
// are the values of Debian's qemu-user-static (/usr/share/binfmts/qemu-ppc64le
// and qemu-ppc64) for ppc64le and ppc64: e_ident's class, data and version,
// an OS ABI of 0-3 (System V, HP-UX, NetBSD, GNU/Linux; QEMU's own
// scripts/qemu-binfmt-conf.sh accepts any), zero ABI version and padding;
// e_type ET_EXEC (2) or ET_DYN (3) (the mask clears bit 0); e_machine
// EM_PPC64 (21), of which the ppc64le mask checks the low byte only.
type binfmtEntry struct {
	name        string
	magic, mask [20]byte
}

func binfmtEntries() []binfmtEntry {
	var le, be binfmtEntry
	le.name, be.name = "ppc64emu-ppc64le", "ppc64emu-ppc64"
	copy(le.magic[:], elfIdent(1))
	copy(be.magic[:], elfIdent(2))
	le.magic[16], le.magic[18] = 2, 21 // e_type, e_machine little-endian
	be.magic[17], be.magic[19] = 2, 21 // big-endian
	for _, e := range []*binfmtEntry{&le, &be} {
		for i := range e.mask {
			e.mask[i] = 0xff
		}
		e.mask[7] = 0xfc // EI_OSABI: 0-3
	}
	le.mask[16] = 0xfe // e_type's low byte: 2 or 3
	le.mask[19] = 0    // e_machine's high byte: not checked
	be.mask[17] = 0xfe
	return []binfmtEntry{le, be}
}

// line is the registration string: :name:M:offset:magic:mask:interpreter:flags.
func (e binfmtEntry) line(interp string) string {
	hex := func(b []byte) string {
		var s strings.Builder
		for _, c := range b {
			fmt.Fprintf(&s, `\x%02x`, c)
		}
		return s.String()
	}
	return fmt.Sprintf(":%s:M::%s:%s:%s:PF", e.name, hex(e.magic[:]), hex(e.mask[:]), interp)
}

func runBinfmt(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("binfmt")
	interp := fs.String("interpreter", "", "")
	install := fs.Bool("install", false, "")
	pos, code, done := parseFlags(fs, args, binfmtUsage, stdout, stderr)
	if done {
		return code
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "ppc64emu binfmt: unexpected arguments %q\n%s", pos, binfmtUsage)
		return exitUsage
	}
	if *interp == "" {
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintf(stderr, "ppc64emu binfmt: %v (give -interpreter)\n", err)
			return exitFail
		}
		*interp = exe + binfmtSuffix
	}
	// binfmt_misc takes an absolute interpreter path without ':' and
	// without white space (the kernel would cut it there).
	if !filepath.IsAbs(*interp) || strings.ContainsAny(*interp, ": \t\n") {
		fmt.Fprintf(stderr, "ppc64emu binfmt: the interpreter %q must be an absolute path without ':' or spaces\n", *interp)
		return exitUsage
	}
	if !strings.HasSuffix(*interp, binfmtSuffix) {
		fmt.Fprintf(stderr, "ppc64emu binfmt: the interpreter %q must end in %q (a link to ppc64emu)\n", *interp, binfmtSuffix)
		return exitUsage
	}
	entries := binfmtEntries()
	if !*install {
		for _, e := range entries {
			fmt.Fprintln(stdout, e.line(*interp))
		}
		return exitOK
	}
	reg := filepath.Join(binfmtDir, "register")
	switch {
	case os.Geteuid() != 0:
		fmt.Fprintln(stderr, "ppc64emu binfmt: -install needs root (the register file is root's)")
		return exitFail
	case !fileExists(reg):
		fmt.Fprintf(stderr, "ppc64emu binfmt: %s does not exist: binfmt_misc is not mounted (mount -t binfmt_misc binfmt_misc %s)\n", reg, binfmtDir)
		return exitFail
	case !fileExists(*interp):
		fmt.Fprintf(stderr, "ppc64emu binfmt: the interpreter %s does not exist (ln -s ppc64emu %s)\n", *interp, *interp)
		return exitFail
	}
	for _, e := range entries {
		if fileExists(filepath.Join(binfmtDir, e.name)) {
			fmt.Fprintf(stderr, "ppc64emu binfmt: %s is registered already (echo -1 > %s removes it)\n", e.name, filepath.Join(binfmtDir, e.name))
			return exitFail
		}
		// One write per registration, as the kernel parses each write.
		f, err := os.OpenFile(reg, os.O_WRONLY, 0)
		if err == nil {
			_, err = f.Write([]byte(e.line(*interp)))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "ppc64emu binfmt: registering %s: %v\n", e.name, err)
			return exitFail
		}
		fmt.Fprintf(stdout, "registered %s\n", e.name)
	}
	return exitOK
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// binfmtArgs turns the arguments the kernel gives an interpreter registered
// with the P flag (the program's path, its argv[0], its other arguments)
// into those of "ppc64emu run".
func binfmtArgs(args []string) ([]string, bool) {
	if len(args) < 2 {
		return nil, false
	}
	return append([]string{"-0", args[1], "--", args[0]}, args[2:]...), true
}
