//go:build linux

package linux_test

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestCoreAfterDrop: a guest that dropped to 65534 (c-credfs abort) and
// aborted gets its core file written by the runner with the runner's own
// credentials (hostcred.go, asRunner), into a directory only root may
// write, and owned by root; the strace log, opened before, gets every
// line. Root only: another runner's guest cannot drop.
func TestCoreAfterDrop(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs a root runner: a guest of another user cannot change its ids")
	}
	for _, bin := range []string{"c-credfs.le", "c-credfs.be"} {
		t.Run(bin, func(t *testing.T) {
			prog := filepath.Join(corpusDir, bin)
			if !fileExists(prog) {
				t.Skip("no corpus: run scripts/build-corpus.sh first")
			}
			dir := t.TempDir()
			if err := os.Chmod(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			core := filepath.Join(dir, "core")
			log, err := os.Create(filepath.Join(dir, "strace"))
			if err != nil {
				t.Fatal(err)
			}
			defer log.Close()
			p, err := linux.Start(prog, []string{prog, "abort"}, nil, linux.Config{Core: core, Strace: log})
			if err != nil {
				t.Fatal(err)
			}
			st, err := p.Wait()
			if err != nil || st.Signal != abi.SIGABRT {
				t.Fatalf("Wait = %+v, %v; want SIGABRT", st, err)
			}
			if path, err := p.CoreDump(); path != core || err != nil {
				t.Fatalf("CoreDump = %q, %v; want %q", path, err, core)
			}
			fi, err := os.Stat(core)
			if err != nil {
				t.Fatal(err)
			}
			if s := fi.Sys().(*syscall.Stat_t); s.Uid != 0 || s.Gid != 0 {
				t.Errorf("core file owned by %d:%d, want the runner's 0:0", s.Uid, s.Gid)
			}
			b, err := os.ReadFile(filepath.Join(dir, "strace"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(b, []byte("setresuid(")) {
				t.Errorf("the strace log has no line for the setresuid:\n%s", b)
			}
		})
	}
}
