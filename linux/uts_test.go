//go:build linux

package linux_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
)

// TestGuestNamesNotHost: a guest run as root that sets its host and
// domain names (sethostname, setdomainname) and opens
// /proc/sys/kernel/hostname for writing (c-utsname) changes the run's
// names only: the host's, read before and after, are unchanged, while the
// guest saw its own. Root only: another user's guest gets EPERM and
// changes nothing anyway.
func TestGuestNamesNotHost(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs a root runner: another user's guest cannot set a name")
	}
	hostNames := func() (string, string) {
		h, err := os.Hostname()
		if err != nil {
			t.Fatal(err)
		}
		d, err := os.ReadFile("/proc/sys/kernel/domainname")
		if err != nil {
			t.Fatal(err)
		}
		return h, string(d)
	}
	for _, tc := range []struct {
		bin  string
		want []string // lines the guest must print
	}{
		{"c-utsname.le", []string{`set: uname nodename "uts29-guest" domainname "uts29.example"`, "open hostname O_WRONLY: Read-only file system"}},
		{"c-utsname.be", []string{`set: uname nodename "uts29-guest" domainname "uts29.example"`, "open hostname O_WRONLY: Read-only file system"}},
	} {
		t.Run(tc.bin, func(t *testing.T) {
			prog := filepath.Join(corpusDir, tc.bin)
			if !fileExists(prog) {
				t.Skip("no corpus: run scripts/build-corpus.sh first")
			}
			host, domain := hostNames()
			out, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
			if err != nil {
				t.Fatal(err)
			}
			defer out.Close()
			p, err := linux.Start(prog, []string{prog}, nil, linux.Config{Stdout: out})
			if err != nil {
				t.Fatal(err)
			}
			st, err := p.Wait()
			if err != nil || st != (linux.ExitStatus{}) {
				t.Errorf("Wait = %+v, %v; want exit 0", st, err)
			}
			if h, d := hostNames(); h != host || d != domain {
				t.Errorf("host's names now %q, %q; were %q, %q", h, d, host, domain)
			}
			got, err := os.ReadFile(out.Name())
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !bytes.Contains(got, []byte(w+"\n")) {
					t.Errorf("guest's output lacks %q:\n%s", w, got)
				}
			}
		})
	}
}
