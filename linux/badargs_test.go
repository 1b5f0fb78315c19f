//go:build linux

package linux

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// badArgsExempt are the implemented system calls no bad-argument program
// calls, each with the reason.
var badArgsExempt = map[string]string{}

// TestBadArgumentCoverage requires every system call the runner implements
// (a row of systab with a handler) to be called with bad arguments by one
// of the corpus programs testdata/corpus/c/bad*.c, which TestCorpus
// compares with qemu-user or with Linux's output (badlinux.expected): a
// call added to the table without such a case fails here. A call counts
// as covered when its SYS_ name appears in one of those programs.
func TestBadArgumentCoverage(t *testing.T) {
	files, err := filepath.Glob("testdata/corpus/c/bad*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no bad-argument programs: %v", err)
	}
	named := map[string]bool{}
	sysName := regexp.MustCompile(`\bSYS_(\w+)`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range sysName.FindAllSubmatch(src, -1) {
			named[string(m[1])] = true
		}
	}
	implemented := map[string]bool{}
	for num, e := range systab {
		if e.fn == nil {
			continue
		}
		name, ok := abi.SyscallNames[uint64(num)]
		if !ok {
			t.Errorf("system call %d has a handler but no name", num)
			continue
		}
		implemented[name] = true
		if _, exempt := badArgsExempt[name]; !named[name] && !exempt {
			t.Errorf("%s (%d) is implemented but no bad*.c program calls it with bad arguments", name, num)
		}
	}
	for name := range badArgsExempt {
		if !implemented[name] {
			t.Errorf("badArgsExempt lists %s, which the table does not implement", name)
		}
		if named[name] {
			t.Errorf("badArgsExempt lists %s, which a bad*.c program covers: remove it", name)
		}
	}
}
