package oracle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/trace"
)

// newQEMU returns an Oracle running the real harness, or skips the test.
func newQEMU(t testing.TB, be bool) *Oracle {
	t.Helper()
	o, err := New(Config{BE: be, Procs: 2})
	if Unavailable(err) {
		t.Skipf("skipping: no QEMU reference harness: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestExamples runs the harness's example vectors and compares with their
// committed traces.
func TestExamples(t *testing.T) {
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			o := newQEMU(t, order == "be")
			want, err := trace.ReadFile(filepath.Join("harness", "testdata", "examples."+order+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			var vecs []trace.Vector
			for _, l := range want.Lines {
				vecs = append(vecs, l.Vector)
			}
			// Twice over, so both processes get work and a chunk boundary
			// falls inside the batch.
			o.cfg.Chunk = 3
			got, err := o.Run(context.Background(), append(vecs, vecs...))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 2*len(vecs) {
				t.Fatalf("got %d lines for %d vectors", len(got), 2*len(vecs))
			}
			for i, g := range got {
				w := want.Lines[i%len(vecs)]
				if g.ID != w.ID || g.Result.String() != w.Result.String() {
					t.Errorf("line %d:\n got %s\nwant %s", i, g.String(), w.String())
				}
			}
		})
	}
}

// TestNoQEMU checks the sentinel when qemu is not in PATH.
func TestNoQEMU(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := New(Config{})
	if !errors.Is(err, ErrNoQEMU) {
		t.Fatalf("New without qemu: %v, want ErrNoQEMU", err)
	}
}

// fakeHarness writes a shell script that answers like the harness: every
// vector "ok", except IDs starting with "crash" (the process exits), "hang"
// (it stops answering), "garble" (a malformed line) and "leak" (r3 = the
// number of lines the process has seen, i.e. state leaking between vectors).
func fakeHarness(t *testing.T) []string {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("skipping: no sh")
	}
	script := `echo '# order=le'
echo '# reference=fake'
n=0
while IFS= read -r line; do
	n=$((n+1))
	id=${line%% *}
	case "$id" in
	crash*) echo "qemu: fatal: Unknown exception 0x5" >&2; exit 1;;
	hang*) exec sleep 30;;
	garble*) echo "$line => st=what";;
	leak*) echo "$line => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 r3=$n";;
	*) echo "$line => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004";;
	esac
done
`
	p := filepath.Join(t.TempDir(), "fake-harness.sh")
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return []string{sh, p}
}

func vectors(ids ...string) []trace.Vector {
	var vs []trace.Vector
	for _, id := range ids {
		vs = append(vs, trace.Vector{ID: id, Word: 0x7c642a14, Len: 4, Sets: []trace.Assign{{Key: "r4", Value: "5"}}})
	}
	return vs
}

// TestCrashRestart checks that a dying, hanging or garbling process marks
// its vector and that the next vectors run in a new process.
func TestCrashRestart(t *testing.T) {
	var log []string
	o, err := New(Config{Command: fakeHarness(t), Procs: 1, Timeout: 300 * time.Millisecond,
		Log: func(f string, a ...any) { log = append(log, fmt.Sprintf(f, a...)) }})
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"a1", "crash1", "a2", "a3", "hang1", "a4", "garble1", "crash2", "crash3", "a5"}
	got, st, err := o.RunStats(context.Background(), vectors(ids...))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range got {
		want := "st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004"
		switch {
		case strings.HasPrefix(ids[i], "crash"):
			want = "st=skip why=" + WhyCrash
		case strings.HasPrefix(ids[i], "hang"):
			want = "st=skip why=" + WhyHang
		case strings.HasPrefix(ids[i], "garble"):
			want = "st=skip why=" + WhyGarbled
		}
		if l.ID != ids[i] || l.Result.String() != want {
			t.Errorf("vector %d: got %s, want %s => %s", i, l.String(), ids[i], want)
		}
	}
	if st.Crashes != 3 || st.Hangs != 1 || st.Garbled != 1 || st.Restarts != 5 {
		t.Errorf("stats %+v", st)
	}
	if len(log) == 0 || !strings.Contains(strings.Join(log, "\n"), "Unknown exception") {
		t.Errorf("log does not show the crash's stderr:\n%s", strings.Join(log, "\n"))
	}
}

// TestTwoOrders checks that a vector whose result depends on the vectors
// before it is reported.
func TestTwoOrders(t *testing.T) {
	o, err := New(Config{Command: fakeHarness(t), Procs: 1})
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"a1", "leak1", "a2", "a3", "a4"}
	fwd, diffs, err := o.RunTwoOrders(context.Background(), vectors(ids...))
	if err != nil {
		t.Fatal(err)
	}
	if len(fwd) != len(ids) {
		t.Fatalf("%d lines", len(fwd))
	}
	if len(diffs) != 1 || diffs[0].Index != 1 {
		t.Fatalf("differences %+v, want leak1 only", diffs)
	}
	if f, r := diffs[0].Forward.Result.String(), diffs[0].Reverse.Result.String(); f == r || !strings.HasSuffix(f, "r3=2") {
		t.Errorf("forward %s, reverse %s", f, r)
	}
}

// TestContext checks that a cancelled Run returns the context's error.
func TestContext(t *testing.T) {
	o, err := New(Config{Command: fakeHarness(t), Procs: 1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err = o.Run(ctx, vectors("a1", "hang1", "a2"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Run: %v, want deadline exceeded", err)
	}
}

// TestRealCrash runs a vector that aborts QEMU 7.2 ("Facility SPR 804 is
// unavailable": mftb of an EBB SPR, which harness.c does not refuse) between
// two ordinary ones. If the harness learns to refuse it, the vector is a
// plain skip; either way the next vector must still run.
func TestRealCrash(t *testing.T) {
	o := newQEMU(t, false)
	o.cfg.Procs = 1
	vs := vectors("add1", "mftb804", "add2")
	vs[1].Word = 0x7d24cae6 // mftb r9,804
	got, st, err := o.RunStats(context.Background(), vs)
	if err != nil {
		t.Fatal(err)
	}
	if r := got[1].Result; r.Status != trace.StatusSkip {
		t.Errorf("mftb r9,804: %s, want a skip (crash or refusal)", got[1].String())
	} else if r.Why == WhyCrash && st.Restarts != 1 {
		t.Errorf("crash without restart: %+v", st)
	}
	for _, i := range []int{0, 2} {
		if got[i].Result.Status != trace.StatusOK {
			t.Errorf("%s", got[i].String())
		}
	}
	t.Logf("mftb r9,804: %s (%+v)", got[1].Result, st)
}

// fakeCompiler puts a shell script named like the little-endian cross
// compiler in a fresh PATH; it writes its arguments into the output file
// and appends a line to a log, so a test can count the builds.
func fakeCompiler(t *testing.T) (logPath string) {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("skipping: no sh")
	}
	bin := t.TempDir()
	logPath = filepath.Join(bin, "builds.log")
	script := "#!" + sh + "\nout=\nwhile [ $# -gt 0 ]; do if [ \"$1\" = -o ]; then out=$2; fi; shift; done\necho built >> " + logPath + "\necho harness > \"$out\"\n"
	if err := os.WriteFile(filepath.Join(bin, compilerLE), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	return logPath
}

// TestBuildCached: Build compiles into the cache directory once and then
// reuses the binary; the path names the source's hash.
func TestBuildCached(t *testing.T) {
	logPath := fakeCompiler(t)
	dir := t.TempDir()
	p1, err := Build(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p1) != "harness-le" || !strings.HasPrefix(filepath.Base(filepath.Dir(p1)), "harness-") || filepath.Dir(filepath.Dir(p1)) != dir {
		t.Errorf("harness built at %s, want %s/harness-HASH/harness-le", p1, dir)
	}
	p2, err := Build(dir, false)
	if err != nil || p2 != p1 {
		t.Fatalf("second Build: %q, %v; want %q", p2, err, p1)
	}
	if b, _ := os.ReadFile(logPath); string(b) != "built\n" {
		t.Errorf("compiler ran %q, want once", b)
	}
	if src, err := os.ReadFile(filepath.Join(filepath.Dir(p1), "harness.c")); err != nil || !bytes.Equal(src, harnessSource) {
		t.Errorf("harness.c next to the binary: %v", err)
	}
}

// TestSetupErrors: a missing cross compiler or harness file is a
// *SetupError naming the program, matching the sentinels.
func TestSetupErrors(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := Build(t.TempDir(), true)
	var se *SetupError
	if !errors.As(err, &se) || se.Program != compilerBE || !errors.Is(err, ErrNoCompiler) || !errors.Is(err, ErrNoHarness) {
		t.Errorf("Build without a compiler: %v, want a SetupError for %s (ErrNoCompiler, ErrNoHarness)", err, compilerBE)
	}
	if _, err := Build(t.TempDir(), false); !strings.Contains(fmt.Sprint(err), compilerLE) {
		t.Errorf("Build (le) without a compiler: %v", err)
	}

	// With a qemu in PATH (any program named so), a missing Harness file.
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "qemu-ppc64le"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	missing := filepath.Join(t.TempDir(), "no-such-harness")
	_, err = New(Config{Harness: missing})
	if !errors.As(err, &se) || se.Program != missing || !errors.Is(err, ErrNoHarness) || errors.Is(err, ErrNoCompiler) {
		t.Errorf("New with a missing harness: %v", err)
	}
	// Without a cross compiler and without Harness.
	if _, err := New(Config{CacheDir: t.TempDir()}); !errors.Is(err, ErrNoCompiler) {
		t.Errorf("New without a compiler: %v, want ErrNoCompiler", err)
	}
}

// TestBuildScriptFlags: scripts/build-harness.sh builds with the flags
// Build uses.
func TestBuildScriptFlags(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "scripts", "build-harness.sh"))
	if err != nil {
		t.Fatal(err)
	}
	want := "cflags=(" + strings.Join(harnessCFlags, " ") + ")"
	if !strings.Contains(string(b), want) {
		t.Errorf("scripts/build-harness.sh does not say %q", want)
	}
}

// TestUnavailable: missing tools are Unavailable (tests skip), a harness
// that does not build or a missing Config.Harness is not.
func TestUnavailable(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&SetupError{Err: ErrNoQEMU, Program: "qemu-ppc64le"}, true},
		{&SetupError{Err: ErrNoCompiler, Program: compilerLE}, true},
		{&SetupError{Err: ErrNoHarness, Program: "harness-le", Hint: "building the harness failed"}, false},
		{nil, false},
		{errors.New("other"), false},
	} {
		if got := Unavailable(c.err); got != c.want {
			t.Errorf("Unavailable(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
