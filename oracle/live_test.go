package oracle

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/trace"
)

// fakeLive is a Live running fakeHarness, closed at the end of the test.
func fakeLive(t *testing.T, timeout time.Duration) *Live {
	o, err := New(Config{Command: fakeHarness(t), Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	l := o.Live()
	t.Cleanup(func() { l.Close() })
	return l
}

// TestLiveCrashRestart: a Live answers vector after vector from one
// process and, after a crash, hang or garbled answer, marks that vector and
// runs the next one in a new process (the fake harness of TestCrashRestart).
func TestLiveCrashRestart(t *testing.T) {
	l := fakeLive(t, 300*time.Millisecond)
	ok := "st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004"
	for i, c := range []struct{ id, want string }{
		{"a1", ok},
		{"leak1", ok + " r3=2"}, // the second line this process has seen: one process
		{"crash1", "st=skip why=" + WhyCrash},
		{"leak2", ok + " r3=1"}, // a new process
		{"hang1", "st=skip why=" + WhyHang},
		{"garble1", "st=skip why=" + WhyGarbled},
		{"leak3", ok + " r3=1"},
		{"leak4", ok + " r3=2"},
	} {
		got, err := l.RunOne(context.Background(), vectors(c.id)[0])
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != c.id || got.Result.String() != c.want {
			t.Errorf("call %d: got %s, want %s => %s", i, got.String(), c.id, c.want)
		}
	}
	if st := l.Stats(); st.Crashes != 1 || st.Hangs != 1 || st.Garbled != 1 || st.Restarts != 3 {
		t.Errorf("stats %+v, want 1 crash, 1 hang, 1 garbled, 3 restarts", st)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := l.RunOne(context.Background(), vectors("a2")[0]); !errors.Is(err, ErrClosed) {
		t.Errorf("RunOne after Close: %v, want ErrClosed", err)
	}
	if _, err := l.Run(context.Background(), vectors("a2")); !errors.Is(err, ErrClosed) {
		t.Errorf("Run after Close: %v, want ErrClosed", err)
	}
}

// TestLiveContext: a call whose context ends while the process is busy
// returns the context's error and stops the process, so that its late
// answer is not taken for the next vector's.
func TestLiveContext(t *testing.T) {
	l := fakeLive(t, 10*time.Second)
	if _, err := l.RunOne(context.Background(), vectors("leak1")[0]); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.RunOne(ctx, vectors("a1")[0]); !errors.Is(err, context.Canceled) {
		t.Fatalf("RunOne with a cancelled context: %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := l.RunOne(ctx, vectors("hang1")[0]); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("RunOne of a hanging vector: %v, want deadline exceeded", err)
	}
	got, err := l.RunOne(context.Background(), vectors("leak2")[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(got.Result.String(), " r3=1") {
		t.Errorf("after a cancelled call: %s, want the first line of a new process (r3=1)", got.String())
	}
}

// leakPairs are vectors A and B where B reads state that A writes and the
// trace format either carries (so the harness must reload it for B) or
// does not (so the harness must reset it or refuse A). Expected: B's
// answer after A equals B's answer in a fresh process.
var leakPairs = []struct {
	name string
	a, b trace.Vector
}{
	// GPR, CR, XER, LR, CTR, TAR, PPR, VRSAVE: format keys, reloaded.
	{"gpr", vec(0x38a00007), vec(0x7ca32b78)},                           // li r5,7; mr r3,r5
	{"cr", vec(0x7c6ff120, "r3", "ffffffff"), vec(0x7c600026)},          // mtcr r3; mfcr r3
	{"xer", vec(0x7c631c15, "r3", "7fffffffffffffff"), vec(0x7c6102a6)}, // addco. r3,r3,r3 (CA, OV, SO); mfxer r3
	{"lr", vec(0x7c6803a6, "r3", "40000400"), vec(0x7c6802a6)},          // mtlr r3; mflr r3
	{"ctr", vec(0x7c6903a6, "r3", "1234"), vec(0x7c6902a6)},             // mtctr r3; mfctr r3
	{"tar", vec(0x7c6fcba6, "r3", "40000800"), vec(0x7c6fcaa6)},         // mttar r3; mftar r3
	{"ppr", vec(0x7c60e3a6, "r3", "8000000000000"), vec(0x7c60e2a6)},    // mtppr r3; mfppr r3
	{"vrsave", vec(0x7c6043a6, "r3", "a5a5"), vec(0x7c6042a6)},          // mtvrsave r3; mfvrsave r3
	// FPSCR: the rounding mode (QEMU keeps it in its softfloat status as
	// well), the exception flags, DRN (FPSCR's high word) and NI.
	{"fpscr-rn", vec(0xff80310c), vec(0xfc21102a, "f1", "3ff0000000000001", "f2", "3ca0000000000000")},    // mtfsfi 7,3 (RN toward -inf); fadd f1,f1,f2 (a tie: rounds differently)
	{"fpscr-flags", vec(0xfc21102a, "f1", "7fefffffffffffff", "f2", "7fefffffffffffff"), vec(0xfc60048e)}, // fadd f1,f1,f2 (overflow); mffs f3
	{"fpscr-drn", vec(0xff81710c), vec(0xfc60048e)},                                                       // mtfsfi 7,7,1 (DRN 7); mffs f3
	{"fpscr-ni", vec(0xffa0004c), vec(0xfc60048e)},                                                        // mtfsb1 29; mffs f3
	// VSCR: SAT set by a saturating add; NJ cleared.
	{"vscr-sat", vec(0x10611380, "v1", "7fffffff7fffffff7fffffff7fffffff", "v2", "7fffffff7fffffff7fffffff7fffffff"), vec(0x10600604)}, // vaddsws v3,v1,v2; mfvscr v3
	{"vscr-nj", vec(0x10001644), vec(0x10600604)}, // mtvscr v2 (v2 = 0: NJ off); mfvscr v3
	// Memory: the scratch refilled, the code page restored.
	{"scratch", vec(0xf8640000, "r3", "1111", "r4", "50000100"), vec(0xe8640000, "r4", "50000100")},       // std r3,0(r4); ld r3,0(r4)
	{"code-page", vec(0x90640010, "r3", "60000000", "r4", "40080000"), vec(0x80640010, "r4", "40080000")}, // stw r3,16(r4); lwz r3,16(r4)
	// The reservation: lwarx in A, stwcx. in B.
	{"reservation", vec(0x7c602028, "r4", "50000200"), vec(0x7c60212d, "r3", "1", "r4", "50000200")}, // lwarx r3,0,r4; stwcx. r3,0,r4
	// SPRs the format does not carry: they must be refused or not writable.
	{"dscr-3", vec(0x7c6303a6, "r3", "1f"), vec(0x7c6302a6)},      // mtspr 3; mfspr 3
	{"dscr-17", vec(0x7c7103a6, "r3", "1f"), vec(0x7c7102a6)},     // mtspr 17; mfspr 17
	{"amr-13", vec(0x7c6d03a6, "r3", "c000"), vec(0x7c6d02a6)},    // mtspr 13; mfspr 13
	{"amr-29", vec(0x7c7d03a6, "r3", "c000"), vec(0x7c7d02a6)},    // mtspr 29; mfspr 29
	{"mmcr0", vec(0x7c6bc3a6, "r3", "80000000"), vec(0x7c6bc2a6)}, // mtspr 779; mfspr 779
	{"texasr", vec(0x7c6223a6, "r3", "1"), vec(0x7c6222a6)},       // mtspr 130; mfspr 130
	// tbegin. writes the TM SPRs (QEMU fails the transaction at once and
	// records why): before the harness reset them, a later mfspr read
	// TFHAR = CIA+4, TFIAR, TEXASR 0x014000003c000000.
	{"tbegin-tfhar", vec(0x7c00051d), vec(0x7c6022a6)},   // tbegin.; mfspr r3,128
	{"tbegin-tfiar", vec(0x7c00051d), vec(0x7c6122a6)},   // tbegin.; mfspr r3,129
	{"tbegin-texasr", vec(0x7c00051d), vec(0x7c6222a6)},  // tbegin.; mfspr r3,130
	{"tbegin-texasru", vec(0x7c00051d), vec(0x7c6322a6)}, // tbegin.; mfspr r3,131
}

func vec(word uint32, kv ...string) trace.Vector {
	v := trace.Vector{ID: "v", Word: word, Len: 4, Sets: []trace.Assign{{Key: "mseed", Value: "5"}}}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Sets = append(v.Sets, trace.Assign{Key: kv[i], Value: kv[i+1]})
	}
	return v
}

// TestLiveNoLeak runs, for each pair, vector A then vector B in one live
// process and compares B's answer with B run alone in a fresh process
// (Oracle.Run): the answers must be equal whatever A did.
func TestLiveNoLeak(t *testing.T) {
	for _, be := range []bool{false, true} {
		t.Run(orderName(!be), func(t *testing.T) {
			o := newQEMU(t, be)
			o.cfg.Procs = 1
			l := o.Live()
			defer l.Close()
			ctx := context.Background()
			for _, p := range leakPairs {
				a, err := l.RunOne(ctx, p.a)
				if err != nil {
					t.Fatal(err)
				}
				after, err := l.RunOne(ctx, p.b)
				if err != nil {
					t.Fatal(err)
				}
				fresh, err := o.Run(ctx, []trace.Vector{p.b})
				if err != nil {
					t.Fatal(err)
				}
				if after.Result.String() != fresh[0].Result.String() {
					t.Errorf("%s: B after A differs from B alone\n A:     %s\n B:     %s\n alone: %s", p.name, a.String(), after.String(), fresh[0].String())
				}
			}
			if st := l.Stats(); st.Restarts != 0 {
				t.Errorf("the live process restarted (%+v): the pairs did not all run in one process", st)
			}
		})
	}
}

// benchVector is an add with two register inputs, the cheapest vector.
var benchVector = trace.Vector{ID: "bench", Word: 0x7c642a14, Len: 4,
	Sets: []trace.Assign{{Key: "r4", Value: "5"}, {Key: "r5", Value: "7"}}}

// BenchmarkLive is one vector's round trip through a live process.
func BenchmarkLive(b *testing.B) {
	o := newQEMU(b, false)
	l := o.Live()
	defer l.Close()
	ctx := context.Background()
	if _, err := l.RunOne(ctx, benchVector); err != nil { // start the process
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := l.RunOne(ctx, benchVector); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLiveNewWord is BenchmarkLive with a different instruction word
// each time (addi with a new immediate), so that QEMU retranslates the code
// page as it does for fuzzed words.
func BenchmarkLiveNewWord(b *testing.B) {
	o := newQEMU(b, false)
	l := o.Live()
	defer l.Close()
	ctx := context.Background()
	v := benchVector
	for i := 0; i < b.N; i++ {
		v.Word = 0x38640000 | uint32(i&0xffff) // addi r3,r4,i
		if _, err := l.RunOne(ctx, v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRun is one vector through Oracle.Run, which starts a process
// per call: what FuzzDifferential did before Live.
func BenchmarkRun(b *testing.B) {
	o := newQEMU(b, false)
	o.cfg.Procs = 1
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		if _, err := o.Run(ctx, []trace.Vector{benchVector}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPool: a Pool's processes outlive a Run (the fake harness counts the
// lines each process has seen), are restarted after a crash, and stop at
// Close.
func TestPool(t *testing.T) {
	o, err := New(Config{Command: fakeHarness(t), Procs: 1, Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	p := o.Pool()
	defer p.Close()
	ctx := context.Background()
	for _, c := range []struct {
		ids  []string
		want []string // r3 of each line, "" for no r3, or the skip reason
	}{
		{[]string{"leak1", "leak2"}, []string{"1", "2"}},
		{[]string{"leak3"}, []string{"3"}}, // the same process
		{[]string{"crash1", "leak4"}, []string{WhyCrash, "1"}},
		{[]string{"leak5"}, []string{"2"}},
	} {
		got, st, err := p.RunStats(ctx, vectors(c.ids...))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range got {
			r := l.Result.String()
			if !strings.HasSuffix(r, " r3="+c.want[i]) && !strings.HasSuffix(r, "why="+c.want[i]) {
				t.Errorf("%s: %s, want r3=%s", c.ids[i], l.String(), c.want[i])
			}
		}
		if c.ids[0] == "crash1" && (st.Crashes != 1 || st.Restarts != 1) {
			t.Errorf("stats of the crashing run %+v, want 1 crash, 1 restart", st)
		}
	}
	p.Close()
	if _, err := p.Run(ctx, vectors("a1")); !errors.Is(err, ErrClosed) {
		t.Errorf("Run after Close: %v, want ErrClosed", err)
	}
}

// TestCampaignPool: a Campaign keeps the processes of a byte order from
// batch to batch, and starts fresh ones per run with TwoOrders.
func TestCampaignPool(t *testing.T) {
	var ops []decode.Op
	for _, name := range []string{"add", "addi", "and"} {
		op, _ := decode.OpByName(name)
		ops = append(ops, op)
	}
	for _, two := range []bool{false, true} {
		var r3 []string
		c := &Campaign{
			Ops: ops, LE: []bool{true}, BatchOps: 1, TwoOrders: two,
			Config:  Config{Command: fakeHarness(t), Procs: 1},
			Vectors: func(decode.Op, bool, int) []trace.Vector { return vectors("leak1", "leak2") },
			Batch: func(b *Batch) error {
				for _, l := range b.Ops[0].Lines {
					r3 = append(r3, l.Result.Regs[len(l.Result.Regs)-1].Value)
				}
				return nil
			},
		}
		if err := c.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		want := "1 2 3 4 5 6" // one process for the three batches
		if two {
			want = "1 2 1 2 1 2" // fresh processes for each run
		}
		if got := strings.Join(r3, " "); got != want {
			t.Errorf("TwoOrders=%v: r3 of the lines %s, want %s", two, got, want)
		}
	}
}

// TestLiveConcurrent: goroutines sharing a Live each get the answer to
// their own vector (the calls are serialised on the one process, which
// sees every line: the last leak vector reports the count).
func TestLiveConcurrent(t *testing.T) {
	l := fakeLive(t, 5*time.Second)
	const g, n = 4, 25
	errs := make(chan error, g)
	for i := 0; i < g; i++ {
		go func() {
			for j := 0; j < n; j++ {
				id := fmt.Sprintf("a-%d-%d", i, j)
				got, err := l.RunOne(context.Background(), vectors(id)[0])
				if err == nil && (got.ID != id || got.Result.Status != trace.StatusOK) {
					err = fmt.Errorf("sent %s, got %s", id, got.String())
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for i := 0; i < g; i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	got, err := l.RunOne(context.Background(), vectors("leak")[0])
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(" r3=%d", g*n+1); !strings.HasSuffix(got.Result.String(), want) {
		t.Errorf("after %d calls: %s, want%s", g*n, got.String(), want)
	}
}
