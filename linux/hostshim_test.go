//go:build linux

package linux_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
)

// debianRoot is the Debian root scripts/debian-corpus.sh fetched, or the
// test is skipped.
func debianRoot(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../build/debian/root")
	if err != nil {
		t.Skip("no Debian root fetched: run bash scripts/debian-corpus.sh -fetch-only")
	}
	root := string(bytes.TrimSpace(b))
	if _, err := os.Stat(filepath.Join(root, "bin", "sh")); err != nil {
		t.Skipf("the root build/debian/root names is gone (%v)", err)
	}
	return root
}

// hostPrograms copies the host's programs names (looked up in PATH) into a
// new directory the Debian root lacks, so a guest under -L that names them
// there executes the host's, and returns it; the directory and its parent
// are open to other users.
func hostPrograms(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range names {
		src, err := exec.LookPath(n)
		if err != nil {
			t.Skipf("no host %s", n)
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// runDebian runs the Debian root's program args[0] (a path in the root)
// under -L root and returns what it wrote to its stdout and stderr.
func runDebian(t *testing.T, root string, args ...string) string {
	t.Helper()
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	prog := filepath.Join(root, args[0])
	p, err := linux.Start(prog, args, []string{"PATH=/usr/sbin:/usr/bin:/sbin:/bin"}, linux.Config{Sysroot: root, Stdout: out, Stderr: out})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(io.NewSectionReader(out, 0, 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestHostProgramConfined: host programs a guest run as root executes
// (hostexec.go, started through hostshim.go's shim) are bound by the
// run's rules, as in a container: the host's hostname sets a name in its
// own UTS namespace (status 0, as under unshare --uts), and neither the
// host's name nor the run's changes; the host's sh cannot write
// /proc/sys (Read-only file system, status 2) and the host's setting is
// unchanged. Root only: the runner of another user cannot confine (nor
// change the host's names or settings).
func TestHostProgramConfined(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs a root runner: only a root runner confines host programs (another user's cannot change the host)")
	}
	root := debianRoot(t)
	h := hostPrograms(t, "hostname", "sh")
	const sysctl = "/proc/sys/fs/lease-break-time" // any global setting a write would change
	hostState := func() (string, string) {
		name, err := os.Hostname()
		if err != nil {
			t.Fatal(err)
		}
		v, err := os.ReadFile(sysctl)
		if err != nil {
			t.Skipf("no %s: %v", sysctl, err)
		}
		return name, strings.TrimSpace(string(v))
	}
	name, v := hostState()
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("%s: %q", sysctl, v)
	}
	script := h + "/hostname NEWhostexec30; echo \"hostname: $?\"; " + h + "/hostname; hostname; " +
		"out=$(" + h + "/sh -c 'echo " + strconv.Itoa(n+1) + " > " + sysctl + "' 2>&1); echo \"sh: $?\"; echo \"${out##*: }\"; cat " + sysctl
	got := runDebian(t, root, "/bin/sh", "-c", script)
	if newName, newV := hostState(); newName != name || newV != v {
		// Put back what changed, for the other tests and agents on the host.
		if newName != name {
			_ = syscall.Sethostname([]byte(name))
		}
		if newV != v {
			_ = os.WriteFile(sysctl, []byte(v), 0o644)
		}
		t.Errorf("the host changed: name %q, %s %s (were %q, %s)", newName, sysctl, newV, name, v)
	}
	want := "hostname: 0\n" + name + "\n" + name + "\nsh: 2\nRead-only file system\n" + v + "\n"
	if got != want {
		t.Errorf("guest's output:\n%s\nwant:\n%s", got, want)
	}
}

// TestHostProgramCredentials: a host program a root guest executes after
// dropping capabilities or changing users (the Debian root's setpriv,
// emulated, then the host's cat of /proc/self/status) has the ids,
// groups, capability sets, no_new_privs and ignored signals the same
// setpriv gives the same host cat run natively on this host (the
// kernel's execve rules are the architecture's own). Root only.
func TestHostProgramCredentials(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs a root runner: another user's guest has no capabilities to drop")
	}
	root := debianRoot(t)
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("no host setpriv (util-linux) for the native run")
	}
	h := hostPrograms(t, "cat")
	keep := func(s string) string {
		var b strings.Builder
		for _, l := range strings.SplitAfter(s, "\n") {
			for _, k := range []string{"Uid:", "Gid:", "Groups:", "Cap", "NoNewPrivs:", "SigIgn:", "SigBlk:"} {
				if strings.HasPrefix(l, k) {
					b.WriteString(l)
				}
			}
		}
		return b.String()
	}
	for _, args := range [][]string{
		{"--bounding-set=-all"},
		{"--reuid=1000", "--regid=1000", "--clear-groups"},
		{"--inh-caps=+sys_admin", "--ambient-caps=+sys_admin", "--reuid=1000", "--regid=1000", "--clear-groups"},
		{"--securebits=+noroot", "--bounding-set=-sys_admin"},
		{"--ruid=1000", "--inh-caps=-all"},
		{"--no-new-privs", "--groups=4,24"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmdline := append(append([]string{}, args...), h+"/cat", "/proc/self/status")
			native, err := exec.Command(setpriv, cmdline...).CombinedOutput()
			if err != nil {
				t.Fatalf("native setpriv: %v\n%s", err, native)
			}
			want := keep(string(native))
			if !strings.Contains(want, "CapEff:") {
				t.Fatalf("native output has no CapEff:\n%s", native)
			}
			got := keep(runDebian(t, root, append([]string{"/usr/bin/setpriv"}, cmdline...)...))
			if got != want {
				t.Errorf("host cat's status under ppc64emu:\n%s\nnatively:\n%s", got, want)
			}
		})
	}
	t.Run("ignored signals", func(t *testing.T) {
		script := "trap '' USR1 HUP; exec " + h + "/cat /proc/self/status"
		native, err := exec.Command("/bin/sh", "-c", script).CombinedOutput()
		if err != nil {
			t.Fatalf("native sh: %v\n%s", err, native)
		}
		want := keep(string(native))
		if !strings.Contains(want, "SigIgn:\t0000000000000201") {
			t.Fatalf("native SigIgn is not USR1 and HUP:\n%s", want)
		}
		if got := keep(runDebian(t, root, "/bin/sh", "-c", script)); got != want {
			t.Errorf("host cat's status under ppc64emu:\n%s\nnatively:\n%s", got, want)
		}
	})
}

// TestHostProgramUserNamespace: a runner that is root in a user namespace
// that denies setgroups (unshare --map-root-user) still starts host
// programs: its shim confines them in namespaces of its own and makes no
// id call that changes nothing (setgroups with the same groups is EPERM
// there, which refused every host program with EACCES).
func TestHostProgramUserNamespace(t *testing.T) {
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip("no unshare (util-linux)")
	}
	if err := exec.Command(unshare, "--map-root-user", "true").Run(); err != nil {
		t.Skipf("unshare --map-root-user: %v (user namespaces not allowed here)", err)
	}
	root := debianRoot(t)
	h := hostPrograms(t, "true")
	emu := buildRunner(t)
	out, err := exec.Command(unshare, "--map-root-user", emu, "run", "-L", root, filepath.Join(root, "bin/sh"), "-c", h+"/true; echo \"true: $?\"").CombinedOutput()
	if err != nil {
		t.Fatalf("ppc64emu: %v\n%s", err, out)
	}
	if string(out) != "true: 0\n" {
		t.Errorf("guest's output %q, want %q", out, "true: 0\n")
	}
}
