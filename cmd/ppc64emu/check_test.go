package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCheck(t *testing.T) {
	// QEMU-produced examples (oracle/harness/testdata) and a hand-written file in
	// the format (trace/testdata/othergen.be.txt) all agree.
	code, out, errs := runCmd("check", "../../oracle/harness/testdata", "../../trace/testdata")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, want := range []string{"op ", "add", "total"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	// -strict fails: wait is in the hand-written file and not emulated.
	if code, _, _ := runCmd("check", "-strict", "../../trace/testdata"); code != exitFail {
		t.Errorf("-strict: exit %d, want %d", code, exitFail)
	}

	// A disagreement: exit 1 and the difference printed in full.
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.le.txt")
	os.WriteFile(bad, []byte("x insn=7c642a14 r4=5 r5=7 => st=ok nip=40080004 r3=d\n"), 0o644)
	code, out, _ = runCmd("check", bad)
	if code != exitFail || !strings.Contains(out, "r3: want 000000000000000d, got 000000000000000c") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}

	// A line that does not parse: exit 1 with the line number.
	os.WriteFile(bad, []byte("x insn=7c642a14 r99=1 => st=ok nip=40080004\n"), 0o644)
	code, _, errs = runCmd("check", bad)
	if code != exitFail || !strings.Contains(errs, "bad.le.txt:1") {
		t.Errorf("exit %d, stderr:\n%s", code, errs)
	}

	// -json: one object per op with the documented fields.
	code, out, _ = runCmd("check", "-json", "../../oracle/harness/testdata")
	if code != exitOK {
		t.Fatalf("-json: exit %d", code)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		for _, k := range []string{"op", "class", "vectors", "agree", "disagree", "not_emulated", "skipped"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%q lacks %q", line, k)
			}
		}
	}

	// Usage errors.
	for _, args := range [][]string{{"check"}, {"check", "-profile", "x", "a"}, {"check", "/no/such/file"}} {
		if code, _, _ := runCmd(args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestCheckSummary: check's output opens with a paragraph giving the totals
// (those of the table's total row) and what skipped means, pointing to -why.
func TestCheckSummary(t *testing.T) {
	dir := t.TempDir()
	// One agreeing vector, one skipped by the harness, one without a result.
	f := filepath.Join(dir, "s.le.txt")
	os.WriteFile(f, []byte("a insn=7c642a14 r4=5 r5=7 => st=ok nip=40080004 r3=c\n"+
		"b insn=7c642a14 => st=skip why=syscall\n"+
		"c insn=7c642a14\n"), 0o644)
	code, out, errs := runCmd("check", f)
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	para, _, _ := strings.Cut(out, "\n\n")
	para = strings.Join(strings.Fields(para), " ")
	for _, want := range []string{"3 vectors of 1 ops in 1 files replayed: 1 agree", "0 disagree", "0 not emulated", "2 skipped (not compared:", "-why lists the reasons"} {
		if !strings.Contains(para, want) {
			t.Errorf("summary lacks %q:\n%s", want, para)
		}
	}
	if !strings.HasPrefix(strings.SplitN(out, "\n\n", 2)[1], "op ") {
		t.Errorf("the table does not follow the summary:\n%s", out)
	}
}
