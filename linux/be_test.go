//go:build linux

package linux_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestBigEndianCorpus runs scripts/be-corpus.sh: a big-endian root made of
// the cross toolchain's sysroot (glibc's ELFv1 ld64.so.1 and libraries), a
// static big-endian busybox built from Debian's source as /bin/sh, and
// dynamically linked programs built by powerpc64-linux-gnu-gcc; the cases
// of testdata/be (shell pipelines, subshells, command substitution,
// here-documents, loops, #! scripts; printf, libm, IFUNCs, threads, TLS,
// dlopen; fork, exec, wait, vfork, posix_spawn, system, popen) run under
// qemu-ppc64 (chroot, binfmt_misc) and under ppc64emu run -L, compared
// byte for byte. It needs busybox built (scripts/be-corpus.sh
// -build-only: network for apt-get source, a few minutes) and skips with
// the reason otherwise.
func TestBigEndianCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("big-endian corpus skipped in -short mode")
	}
	// Files read so that go test's cache ties a result to them (the
	// runner the script builds is not: scripts/test.sh runs this test
	// with -count=1).
	cases, _ := filepath.Glob("testdata/be/*.sh")
	progs, _ := filepath.Glob("testdata/be/c/*.c")
	for _, f := range append(append(cases, progs...), "../scripts/be-corpus.sh", "../scripts/chroot-compare.sh") {
		if _, err := os.ReadFile(f); err != nil {
			t.Skipf("%v (not in a checkout of the module)", err)
		}
	}
	if _, err := os.Stat("../build/be/root/usr/bin/busybox"); err != nil {
		t.Skip("no big-endian root built: run bash scripts/be-corpus.sh -build-only (needs powerpc64-linux-gnu-gcc, apt-get source and network once)")
	}
	out, err := exec.Command("bash", "../scripts/be-corpus.sh").CombinedOutput()
	t.Logf("%s", out)
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ee.ExitCode() == 2:
		t.Skip("be-corpus.sh: a tool or the busybox source is missing (see its output)")
	default:
		t.Errorf("be-corpus.sh: %v", err)
	}
}
