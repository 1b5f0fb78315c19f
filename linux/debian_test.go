//go:build linux

package linux_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestDebianCorpus runs scripts/debian-corpus.sh: Debian bookworm's
// ppc64el bash, coreutils, busybox, gawk, sed, grep, findutils, gzip, xz,
// sqlite3 and python3.11 running the cases of testdata/debian under
// qemu-user (a chroot through binfmt_misc in a private namespace) and
// under ppc64emu run -L, compared byte for byte; -ci leaves out the cases
// of testdata/debian/full-only.txt (their CPU time). It needs the packages
// unpacked in the user cache dir (scripts/debian-corpus.sh -fetch-only
// downloads them) and skips with the reason otherwise.
func TestDebianCorpus(t *testing.T) {
	runDebianScript(t, "debian-corpus.sh", "testdata/debian/*", "-ci")
}

// TestCPythonTests runs scripts/cpython-tests.sh -ci: CPython's own
// regression tests (the set ci of testdata/cpython/tests.txt, from
// Debian's libpython3.11-testsuite) under qemu-user and under ppc64emu run
// -L, compared test case by test case. It needs the Debian root (as
// TestDebianCorpus) and skips with the reason otherwise; the script prints
// each test's CPU times.
func TestCPythonTests(t *testing.T) {
	runDebianScript(t, "cpython-tests.sh", "testdata/cpython/*", "-ci")
}

// runDebianScript runs scripts/SCRIPT with args, which compares Debian's programs
// under qemu-user and ppc64emu, and fails if it reports a difference. The
// script records the root it unpacked in build/ (a file in the module: go
// test's cache rechecks the files a test reads there, not the user cache
// dir). The script and the files matching inputs are read too, so that a
// cached result is tied to them; the runner the script builds is not
// (scripts/test.sh runs these tests with -count=1). The script's exit
// status 2 (packages or tools missing) skips.
func runDebianScript(t *testing.T, script, inputs string, args ...string) {
	if testing.Short() {
		t.Skipf("%s skipped in -short mode", script)
	}
	for _, f := range []string{"../scripts/" + script, "../scripts/debian-run.sh", "../scripts/chroot-compare.sh"} {
		if _, err := os.ReadFile(f); err != nil {
			t.Skipf("%v (not in a checkout of the module)", err)
		}
	}
	// The inputs are read (directories too: a case's NAME.d), so that go
	// test's cache ties a result to them. A directory among them once
	// made this skip the whole corpus in CI ("is a directory (not in a
	// checkout of the module)"): a read failing here is a failure.
	files, _ := filepath.Glob(inputs)
	if len(files) == 0 {
		t.Fatalf("no inputs match %s", inputs)
	}
	for _, f := range files {
		err := filepath.WalkDir(f, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			_, err = os.ReadFile(path)
			return err
		})
		if err != nil {
			t.Fatalf("reading the inputs: %v", err)
		}
	}
	root, err := os.ReadFile("../build/debian/root")
	if err != nil {
		t.Skip("no Debian root fetched: run bash scripts/debian-corpus.sh -fetch-only (needs apt-get and network)")
	}
	if _, err := os.Stat(filepath.Join(string(bytes.TrimSpace(root)), "bin")); err != nil {
		t.Skipf("the root build/debian/root names is gone (%v): run bash scripts/debian-corpus.sh -fetch-only", err)
	}
	cmd := exec.Command("bash", append([]string{"../scripts/" + script}, args...)...)
	// The script's output goes to a file, not to memory, and only its
	// first scriptLogCap bytes: a runaway guest whose output reached it
	// (a clean clone's CI run had linux.test killed at 24 GB) cannot
	// exhaust the host. What is kept is logged; what is dropped is said.
	log, err := os.Create(filepath.Join(t.TempDir(), "output"))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	capped := &capWriter{w: log, room: scriptLogCap}
	cmd.Stdout, cmd.Stderr = capped, capped
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Before go test's own timeout ends the test binary (and with it any
	// chance to log what the script printed: the CI of session 15's stop
	// lost every test's line so), the script and every process below it
	// are killed, a margin ahead of the deadline.
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var stop <-chan time.Time
	if d, ok := t.Deadline(); ok {
		margin := min(3*time.Minute, time.Until(d)/10)
		stop = time.After(time.Until(d) - margin)
	}
	select {
	case err = <-done:
	case <-stop:
		n := killTree(cmd.Process.Pid)
		err = <-done
		t.Errorf("%s: ended near the test's deadline (%d processes killed); its output so far is below", script, n)
	}
	if out, rerr := os.ReadFile(log.Name()); rerr == nil {
		t.Logf("%s", out)
	}
	if capped.dropped > 0 {
		t.Errorf("%s: output over %d bytes: the last %d bytes were dropped", script, scriptLogCap, capped.dropped)
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ee.ExitCode() == 2:
		t.Skipf("%s: packages or tools missing (see its output)", script)
	default:
		t.Errorf("%s: %v", script, err)
	}
}

// TestDebianRunTimeout: a run that its time limit ends leaves no process
// behind under scripts/debian-run.sh's qemurun (qemu-user through
// binfmt_misc in a chroot), emuchrootrun (the same with ppc64emu), emurun
// (ppc64emu run -L; with emu_userns, as scripts/cpython-tests.sh runs it;
// and with emurun_nopidns, the way it takes when not root). Two cases:
// "ignoreterm", whose shell ignores SIGTERM while it opens a FIFO nobody
// opens for writing (timeout's SIGKILL 10 s later must end it: the
// runner's FIFO opener, in the guest's process group, died of the
// SIGTERM, and the guest's open failed with EIO), and "orphan", whose shell ends on SIGTERM while the child
// it forked ignores it: before each run was a PID namespace, timeout ended
// with its child and the guest's child was left (session 30's cold CI
// left a qemu-user test_concurrent_futures so).
//
// Nothing is ordered by time: the run's limit is long (600 s), the case
// says it is ready through a FIFO the test reads (its child already
// forked and its trap set), and the test then sends timeout SIGALRM, which
// is what its limit does. A process of the case is one whose command line
// holds the case's token (a guest's, under both runners: qemu-user's and
// the runner's arguments hold the shell's -c script) or whose working
// directory is the run's work directory; at least two are live when the
// case is ready, none once the run has returned.
func TestDebianRunTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode (the ignoreterm runs take timeout's 10 s grace)")
	}
	root, err := os.ReadFile("../build/debian/root")
	if err != nil {
		t.Skip("no Debian root fetched: run bash scripts/debian-corpus.sh -fetch-only (needs apt-get and network)")
	}
	for _, tool := range []string{"qemu-ppc64le-static", "unshare", "timeout"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	if os.Getuid() != 0 {
		t.Skip("needs root (emurun's PID namespace without a user namespace)")
	}
	emu := filepath.Join(t.TempDir(), "ppc64emu")
	cmd := exec.Command("go", "build", "-o", emu, "../cmd/ppc64emu")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0") // static, for binfmt_misc's F in the chroot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building ppc64emu: %v\n%s", err, out)
	}
	if err := os.Symlink("ppc64emu", emu+"-binfmt"); err != nil {
		t.Fatal(err)
	}
	// status: timeout's, 137 when its SIGKILL ended the run (the shell
	// ignored SIGTERM, and its open of a FIFO nobody opens for writing
	// goes on waiting, as Linux's does), 124 when SIGTERM did.
	cases := []struct {
		name, script string
		status       int
	}{
		{"ignoreterm", "trap '' TERM\nmkfifo block\necho ready >ready\nread x <block\n", 137},
		{"orphan", "mkfifo up block\n(trap '' TERM; echo up >up; read x <block) &\nread x <up\necho ready >ready\nwait\n", 124},
	}
	runs := []struct{ name, run, env string }{
		{"qemurun", "qemurun", ""},
		{"emuchrootrun", "emuchrootrun", ""},
		{"emurun", "emurun", ""},
		{"emurun-userns", "emurun", "emu_userns=1"},
		{"emurun-nopidns", "emurun", "emurun_nopidns=1"},
	}
	for _, c := range cases {
		for _, r := range runs {
			t.Run(c.name+"/"+r.name, func(t *testing.T) {
				work := t.TempDir()
				token := fmt.Sprintf("ci-token-%d-%s-%s", os.Getpid(), c.name, r.name)
				caseFile := filepath.Join(t.TempDir(), "case.sh")
				if err := os.WriteFile(caseFile, []byte(": "+token+"\n"+c.script), 0o644); err != nil {
					t.Fatal(err)
				}
				ready := filepath.Join(work, "ready")
				if err := syscall.Mkfifo(ready, 0o666); err != nil {
					t.Fatal(err)
				}
				sh := exec.Command("bash", "-c", `. ../scripts/debian-run.sh && "$0" "$1" "$2" 600`, r.run, caseFile, work)
				sh.Env = append(os.Environ(), "root="+string(bytes.TrimSpace(root)), "emu="+emu)
				if r.env != "" {
					sh.Env = append(sh.Env, r.env)
				}
				var out bytes.Buffer
				sh.Stdout, sh.Stderr = &out, &out
				if err := sh.Start(); err != nil {
					t.Fatal(err)
				}
				done := make(chan error, 1)
				go func() { done <- sh.Wait() }()
				// The FIFO's open ends when the case opens it to write;
				// if the run ends first, the test opens it itself.
				opened := make(chan []byte, 1)
				go func() {
					b, _ := os.ReadFile(ready)
					opened <- b
				}()
				select {
				case b := <-opened:
					if string(b) != "ready\n" {
						t.Fatalf("the case wrote %q, not ready", b)
					}
				case err := <-done:
					if f, err := os.OpenFile(ready, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
						f.Close()
					}
					t.Fatalf("the run ended (%v) before the case was ready:\n%s", err, out.Bytes())
				}
				if n := caseProcs(token, work); len(n) < 2 {
					t.Fatalf("the case is ready but %d of its processes are seen (%v): the check below would see nothing", len(n), n)
				}
				tp := descendantNamed(sh.Process.Pid, "timeout")
				if tp == 0 {
					t.Fatal("no timeout process under the run")
				}
				if err := syscall.Kill(tp, syscall.SIGALRM); err != nil {
					t.Fatal(err)
				}
				err := <-done
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != c.status {
					t.Errorf("the run ended with %v, not timeout's %d:\n%s", err, c.status, out.Bytes())
				}
				if left := caseProcs(token, work); len(left) > 0 {
					t.Errorf("processes of the case left after the run: %v", left)
					for _, p := range left {
						syscall.Kill(p, syscall.SIGKILL)
					}
				}
			})
		}
	}
}

// caseProcs lists the live (not zombie) processes whose command line holds
// token or whose working directory is dir.
func caseProcs(token, dir string) []int {
	var ps []int
	want, err := os.Stat(dir)
	if err != nil {
		return nil
	}
	for p := range procParents() {
		cl, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", p))
		cwd, err := os.Stat(fmt.Sprintf("/proc/%d/cwd", p))
		if bytes.Contains(cl, []byte(token)) || (err == nil && os.SameFile(cwd, want)) {
			ps = append(ps, p)
		}
	}
	return ps
}

// descendantNamed returns the pid of a live process below pid whose
// command name (/proc/PID/comm) is name, or 0.
func descendantNamed(pid int, name string) int {
	parent := procParents()
	var below func(p int) bool
	below = func(p int) bool {
		for i := 0; i < 1000 && p > 1; i++ {
			if p == pid {
				return true
			}
			p = parent[p]
		}
		return false
	}
	for p := range parent {
		if p == pid || !below(p) {
			continue
		}
		if comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", p)); string(bytes.TrimSpace(comm)) == name {
			return p
		}
	}
	return 0
}

// scriptLogCap is how much of a script's output runDebianScript keeps: a
// line per case, a few KiB for the whole corpus.
const scriptLogCap = 4 << 20

// capWriter writes to w what fits in room bytes and counts the rest,
// which it drops; it never fails, so the writer of a pipe to it is not
// stopped.
type capWriter struct {
	w       io.Writer
	room    int64
	dropped int64
}

func (c *capWriter) Write(b []byte) (int, error) {
	n := int64(len(b))
	if keep := min(n, c.room); keep > 0 {
		if _, err := c.w.Write(b[:keep]); err != nil {
			c.dropped += keep
		}
		c.room -= keep
		n -= keep
	}
	c.dropped += n
	return len(b), nil
}

// TestChrootCompareCap: scripts/chroot-compare.sh limits the files each
// run writes (ulimit -f outcap_kb), so a case whose output has no end
// cannot fill the disk, and fails a case whose stdout reached the cap. The
// runs are stand-ins for qemurun and emurun (the case's commands run by
// the host's sh in the work directory): "big" writes 8 KiB where the cap
// is 4 KiB, "small" 100 bytes. The script's own output is capped too
// (capWriter, TestDebianCorpus): 10 bytes kept of 25.
func TestChrootCompareCap(t *testing.T) {
	cases := t.TempDir()
	for name, n := range map[string]int{"big": 8192, "small": 100} {
		if err := os.WriteFile(filepath.Join(cases, name+".sh"), []byte(fmt.Sprintf("head -c %d /dev/zero\n", n)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := t.TempDir()
	sh := exec.Command("bash", "-c", `. ../scripts/chroot-compare.sh
run() { (cd "$2" && sh "$1"); }
qemurun() { run "$@"; }
emurun() { run "$@"; }
chroot_compare "$0" "$1" 0`, cases, out)
	sh.Env = append(os.Environ(), "outcap_kb=4")
	b, err := sh.CombinedOutput()
	got := string(b)
	if err == nil || !strings.Contains(got, "big FAIL (qemu stdout over the cap of 4 KiB emu stdout over the cap of 4 KiB)") ||
		!strings.Contains(got, "small ok") {
		t.Errorf("chroot_compare: %v\n%s", err, got)
	}
	if st, err := os.Stat(filepath.Join(out, "big.emu.out")); err != nil || st.Size() != 4096 {
		t.Errorf("big.emu.out: %v, %v; want 4096 bytes", st, err)
	}
	var kept bytes.Buffer
	c := &capWriter{w: &kept, room: 10}
	for _, s := range []string{"0123456", "789abcdef", "ghijklmno"} {
		if n, err := c.Write([]byte(s)); n != len(s) || err != nil {
			t.Errorf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if kept.String() != "0123456789" || c.dropped != 15 {
		t.Errorf("capWriter kept %q, dropped %d; want 0123456789 and 15", kept.String(), c.dropped)
	}
}

// killTree stops process pid and every process below it (by their parent
// pids in /proc: timeout(1) and unshare put theirs in other process
// groups), round by round until no new one appears (a stopped process
// cannot fork, and no one is reparented while its parent lives), then
// sends them all SIGKILL; it returns how many it killed.
func killTree(pid int) int {
	stopped := map[int]bool{}
	for round := 0; round < 50; round++ {
		parent := procParents()
		tree := map[int]bool{pid: true}
		for grew := true; grew; {
			grew = false
			for p, pp := range parent {
				if tree[pp] && !tree[p] {
					tree[p], grew = true, true
				}
			}
		}
		fresh := 0
		for p := range tree {
			if _, live := parent[p]; live && !stopped[p] {
				syscall.Kill(p, syscall.SIGSTOP)
				stopped[p] = true
				fresh++
			}
		}
		if fresh == 0 {
			break
		}
	}
	for p := range stopped {
		syscall.Kill(p, syscall.SIGKILL)
	}
	return len(stopped)
}

// procParents maps each live (not zombie) process in /proc to its parent.
func procParents() map[int]int {
	parent := map[int]int{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		var p int
		if _, err := fmt.Sscanf(e.Name(), "%d", &p); err != nil {
			continue
		}
		st, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(st, ')')
		if i < 0 {
			continue
		}
		var state string
		var ppid int
		if _, err := fmt.Sscanf(string(st[i+1:]), " %s %d", &state, &ppid); err != nil || state == "Z" {
			continue
		}
		parent[p] = ppid
	}
	return parent
}

// TestKillTree: killTree ends a shell, its child in the shell's process
// group and a grandchild in a session of its own (as timeout(1) and
// unshare make), which a kill of the process group would miss.
func TestKillTree(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("setsid not installed")
	}
	dir := t.TempDir()
	ready := filepath.Join(dir, "pids")
	cmd := exec.Command("bash", "-c", `sleep 1000 & a=$!; setsid sh -c 'sleep 1000 & echo $! >"$1.b"; wait' sh "$1" & until [ -s "$1.b" ]; do sleep 0.05; done; echo "$a $(cat "$1.b")" >"$1.tmp"; mv "$1.tmp" "$1"; wait`, "bash", ready)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var b []byte
	for {
		var err error
		if b, err = os.ReadFile(ready); err == nil {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("the shell ended before it wrote its children's pids: %v", err)
		case <-time.After(50 * time.Millisecond):
		}
	}
	var a, g int
	if _, err := fmt.Sscanf(string(b), "%d %d", &a, &g); err != nil {
		t.Fatalf("pids %q: %v", b, err)
	}
	if n := killTree(cmd.Process.Pid); n < 4 {
		t.Errorf("killTree killed %d processes, want at least 4 (shell, sleep, setsid's sh, its sleep)", n)
	}
	<-done
	// The killed processes are reaped by their parents (ours above) or by
	// init; none may be left running. SIGKILL has been sent, so a live
	// process here can only be on its way out: wait for that, unbounded
	// but for go test's timeout.
	for _, p := range []int{a, g} {
		for {
			if _, live := procParents()[p]; !live {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}
