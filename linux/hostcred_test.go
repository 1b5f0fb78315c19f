//go:build linux

package linux_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestCoreAfterDrop: a guest that dropped to 65534 (c-credfs abort),
// made itself dumpable again and aborted gets its core file written by the
// runner with the runner's own credentials (hostcred.go, asRunner), into
// a directory only root may write, and owned by root; the strace log,
// opened before, gets every line. Without PR_SET_DUMPABLE (abort-
// undumpable) the change of ids left it undumpable (fs.suid_dumpable 0
// here), and there is no core file, as Linux's do_coredump. Root only:
// another runner's guest cannot drop.
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
			q, err := linux.Start(prog, []string{prog, "abort-undumpable"}, nil, linux.Config{Core: core + "2"})
			if err != nil {
				t.Fatal(err)
			}
			if st, err := q.Wait(); err != nil || st.Signal != abi.SIGABRT {
				t.Fatalf("Wait = %+v, %v; want SIGABRT", st, err)
			}
			if b, _ := os.ReadFile("/proc/sys/fs/suid_dumpable"); string(b) == "0\n" {
				if path, err := q.CoreDump(); path != "" || err != nil || fileExists(core+"2") {
					t.Errorf("undumpable: CoreDump = %q, %v; want no core file", path, err)
				}
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

// TestSetuidRunnerSecure: a runner started privilege-elevated (a
// set-user-ID copy of it, as binfmt_misc's C flag starts it for a
// set-user-ID program) gives its first program the ids it has and AT_SECURE
// 1, as the kernel gives the program under qemu-user; c-credexec with two
// arguments prints its ids and auxiliary vector. Root only (to make the
// set-user-ID copy).
func TestSetuidRunnerSecure(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to make a set-user-ID runner")
	}
	prog, _ := filepath.Abs(filepath.Join(corpusDir, "c-credexec.le"))
	if !fileExists(prog) {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	dir := t.TempDir()
	var fs syscall.Statfs_t
	if err := syscall.Statfs(dir, &fs); err != nil || fs.Flags&0x2 != 0 { // ST_NOSUID
		t.Skipf("%s is on a nosuid mount", dir)
	}
	emu := filepath.Join(dir, "ppc64emu")
	if err := os.Rename(buildRunner(t), emu); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{dir, filepath.Dir(dir)} { // the test's temporary directories, for the other users
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chown(emu, 1234, 1235); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(emu, os.ModeSetuid|0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		uid  uint32
		want string
	}{
		{"nobody", 65534, "after exec x: uid 65534 1234 1234 fsuid 1234 gid 65534 65534 65534 fsgid 65534 groups; eff none prm none keepcaps 0; auxv uid 65534 euid 1234 gid 65534 egid 65534 secure 1\n"},
		{"owner", 1234, "after exec x: uid 1234 1234 1234 fsuid 1234 gid 65534 65534 65534 fsgid 65534 groups; eff none prm none keepcaps 0; auxv uid 1234 euid 1234 gid 65534 egid 65534 secure 0\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(emu, "run", prog, "show", "x")
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: c.uid, Gid: 65534, Groups: []uint32{}}}
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			first, _, _ := strings.Cut(string(out), "\n")
			if first+"\n" != c.want {
				t.Errorf("got  %s\nwant %s", first, c.want)
			}
		})
	}
}

// TestCredUserNamespace runs c-nsids inside a user namespace that maps only
// id 0 and denies setgroups (unshare --map-root-user) under qemu-user and
// under the runner: the same output, EINVAL for the ids the namespace does
// not map (the runner's emulated credentials read its uid_map and
// gid_map) and EPERM for setgroups.
func TestCredUserNamespace(t *testing.T) {
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip("no unshare (util-linux)")
	}
	if err := exec.Command(unshare, "--map-root-user", "true").Run(); err != nil {
		t.Skipf("unshare --map-root-user: %v (user namespaces not allowed here)", err)
	}
	emu := buildRunner(t)
	for _, v := range []struct{ bin, qemu string }{{"c-nsids.le", "qemu-ppc64le"}, {"c-nsids.be", "qemu-ppc64"}} {
		t.Run(v.bin, func(t *testing.T) {
			prog := filepath.Join(corpusDir, v.bin)
			if !fileExists(prog) {
				t.Skip("no corpus: run scripts/build-corpus.sh first")
			}
			q, err := exec.LookPath(v.qemu)
			if err != nil {
				t.Skipf("no %s", v.qemu)
			}
			want, err := exec.Command(unshare, "--map-root-user", q, prog).CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", v.qemu, err, want)
			}
			got, err := exec.Command(unshare, "--map-root-user", emu, "run", prog).CombinedOutput()
			if err != nil {
				t.Fatalf("ppc64emu: %v\n%s", err, got)
			}
			if !bytes.Contains(want, []byte("setuid 65534: -1 Invalid argument")) {
				t.Fatalf("qemu-user in the namespace did not refuse id 65534:\n%s", want)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("differs\n--- ppc64emu\n%s--- qemu-user\n%s", got, want)
			}
		})
	}
}

// TestSecondRunKeepsRunnerCreds: a run in a process where an earlier run
// gave host threads a guest's credentials (c-cred drops its ids as root,
// so the runner switched host threads, and Linux made the whole host
// process undumpable) starts its guest with the runner's own dumpable
// flag and capabilities, as the first run did: c-cred prints the dumpable
// flag and the capability sets it starts with, and the second run's
// output is the first's (which TestCorpus compares with qemu-user). The
// pidfd.c case of TestRecordReplayCorpus spun for good when a run started
// undumpable and without CAP_SYS_PTRACE (pidfd_getfd EPERM). Root only.
func TestSecondRunKeepsRunnerCreds(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs a root runner: a guest of another user cannot change its ids")
	}
	prog := filepath.Join(corpusDir, "c-cred.le")
	if !fileExists(prog) {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	run := func() string {
		out, err := os.Create(filepath.Join(t.TempDir(), "out"))
		if err != nil {
			t.Fatal(err)
		}
		defer out.Close()
		p, err := linux.Start(prog, []string{prog}, []string{"LANG=C"}, linux.Config{Stdout: out, Stderr: out})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := waitGuarded(t, p, nil); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(out.Name())
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	first := run()
	second := run()
	if first != second {
		t.Errorf("second run:\n%s\nfirst run:\n%s", second, first)
	}
}
