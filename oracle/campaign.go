package oracle

import (
	"bytes"
	"context"
	"io"
	"strings"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/tools/vecgen"
	"github.com/ppc64emu/ppc64emu/trace"
)

// Reference is the "# reference=" value of the harness's traces: the
// implementation whose results they are (trace.ProfileFor maps it to the
// emulator's QEMU profile).
const Reference = "qemu-7.2"

// Generate returns up to n random vectors for op in one byte order, in the
// trace format: random encodings of exactly that op (about one in 16 an
// invalid form or with reserved bits set, its ID ending in "-inv" or
// "-rsv"), with the registers it reads and the scratch memory biased to
// edge values. IDs are "<op>-<le|be>-NNNN". It is deterministic per (op, n,
// seed, byte order) and prefix-stable: Generate(op, m, …) with m > n
// starts with the vectors of Generate(op, n, …). Fewer than n vectors come
// back only for ops whose random encodings rarely or never decode as the
// op.
func Generate(op decode.Op, n int, seed uint64, le bool) []trace.Vector {
	return vecgen.Generate(op, n, seed, le)
}

// A Runner runs vectors and returns one trace line per vector, in input
// order. *Oracle is the live one; Recorded answers from trace files.
type Runner interface {
	Run(ctx context.Context, vecs []trace.Vector) ([]trace.Line, error)
}

// Difference is a vector whose result depends on the order of the batch.
type Difference struct {
	Index            int        // the vector's index in the batch (in OpLines: in the op's lines)
	Forward, Reverse trace.Line // the vector's line from the forward run and from the reversed run
}

// RunTwoOrders runs vecs forward and then in reverse order, each with fresh
// processes, and returns the forward lines and the vectors whose results
// differ between the two runs (vectors skipped in both runs for the same
// reason do not differ).
func (o *Oracle) RunTwoOrders(ctx context.Context, vecs []trace.Vector) ([]trace.Line, []Difference, error) {
	return runTwoOrders(ctx, o, vecs)
}

func runTwoOrders(ctx context.Context, r Runner, vecs []trace.Vector) ([]trace.Line, []Difference, error) {
	fwd, err := r.Run(ctx, vecs)
	if err != nil {
		return nil, nil, err
	}
	rev := make([]trace.Vector, len(vecs))
	for i := range vecs {
		rev[len(vecs)-1-i] = vecs[i]
	}
	back, err := r.Run(ctx, rev)
	if err != nil {
		return nil, nil, err
	}
	var diffs []Difference
	for i := range vecs {
		f, b := fwd[i], back[len(vecs)-1-i]
		if f.Result.String() != b.Result.String() {
			diffs = append(diffs, Difference{Index: i, Forward: f, Reverse: b})
		}
	}
	return fwd, diffs, nil
}

// WhyNotRecorded is the skip reason Recorded gives a vector it has no
// result for.
const WhyNotRecorded = "not-recorded"

// Recorded returns a Runner that answers each vector with the result a
// trace file recorded for the same vector (same instruction and state;
// the ID and comment do not matter), and "st=skip why=not-recorded" for
// others. With the golden traces of testdata/traces and Generate's
// vectors of the same seed, a Campaign replays what QEMU once said,
// without QEMU.
func Recorded(files ...*trace.File) Runner {
	r := recorded{}
	for _, f := range files {
		for i := range f.Lines {
			if l := &f.Lines[i]; l.Result != nil {
				r[vectorKey(&l.Vector)] = l.Result
			}
		}
	}
	return r
}

type recorded map[string]*trace.Result

func vectorKey(v *trace.Vector) string {
	k := *v
	k.ID, k.Comment = "-", ""
	return k.String()
}

func (r recorded) Run(ctx context.Context, vecs []trace.Vector) ([]trace.Line, error) {
	out := make([]trace.Line, len(vecs))
	for i := range vecs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		res, ok := r[vectorKey(&vecs[i])]
		if !ok {
			res = &trace.Result{Status: trace.StatusSkip, Why: WhyNotRecorded}
		}
		out[i] = trace.Line{Vector: vecs[i], Result: res}
	}
	return out, nil
}

// OpLines are one op's lines of a batch.
type OpLines struct {
	Op decode.Op // the op whose vectors these are
	// Lines has one trace line per vector, in the order Vectors gave them.
	Lines []trace.Line
	// OrderDependent lists, with Campaign.TwoOrders, the lines whose result
	// changed when the batch ran in reverse (Index into Lines).
	OrderDependent []Difference
}

// A Batch is what one run of the harness gave: the lines of some ops in
// one byte order and round.
type Batch struct {
	LE    bool      // byte order of the batch: little-endian
	Round int       // round number, from 0 (see Campaign.Rounds)
	Ops   []OpLines // the ops of the batch that had vectors, in Campaign.Ops order
	// Done and Total count the ops of this byte order and round: Done of
	// them are finished after this batch.
	Done, Total int
}

// Campaign is a differential campaign: for each byte order, the vectors of
// each op (from Generate, or Vectors) are run through the harness in
// batches and, if Checker is set, replayed on the emulator under the QEMU
// profile. Run is the one loop behind "ppc64emu oracle", the golden-trace
// generator and the QEMU legality survey.
type Campaign struct {
	Ops  []decode.Op // the ops to run, in order
	N    int         // vectors per op and byte order when Vectors is nil
	Seed uint64      // Generate's seed when Vectors is nil
	// LE lists the byte orders, run one after the other (true:
	// little-endian); nil means both, little-endian first.
	LE []bool
	// Config configures the harness (New); its BE is set per byte order.
	// The processes of a byte order are kept from batch to batch (a
	// Pool), except with TwoOrders.
	Config Config
	// Runner, if set, replaces New(Config) as the source of results of a
	// byte order (Recorded, or a test double).
	Runner func(le bool) (Runner, error)
	// BatchOps is the number of ops per harness run; 0 means 32. Smaller
	// batches report progress more often; larger ones keep more processes
	// busy.
	BatchOps int
	// Rounds is the number of rounds (0 means 1). In each round Vectors is
	// asked again for every op; a round in which no op has vectors ends
	// the byte order.
	Rounds int
	// Vectors gives an op's vectors for a round; nil means Generate(op, N,
	// Seed, le) in round 0 and nothing after.
	Vectors func(op decode.Op, le bool, round int) []trace.Vector
	// TwoOrders runs each batch forward and in reverse, with fresh
	// processes, and reports the lines whose results differ
	// (OpLines.OrderDependent): QEMU leaks some state between vectors.
	TwoOrders bool
	// Checker, if set, replays every line on the emulator (as a file in
	// the batch's byte order with reference Reference). Lines are numbered
	// as they stand in the file Save writes.
	Checker *trace.Checker
	// Batch, if set, is called after each batch (after the Checker saw it);
	// an error stops the campaign.
	Batch func(*Batch) error
}

// Run runs the campaign. It stops at the first error of the harness, of
// ctx or of the Batch callback.
func (c *Campaign) Run(ctx context.Context) error {
	orders := c.LE
	if orders == nil {
		orders = []bool{true, false}
	}
	per := c.BatchOps
	if per <= 0 {
		per = 32
	}
	for _, le := range orders {
		if err := c.runOrder(ctx, le, per); err != nil {
			return err
		}
	}
	return nil
}

// runOrder runs the campaign's batches of one byte order.
func (c *Campaign) runOrder(ctx context.Context, le bool, per int) error {
	run, err := c.runner(le)
	if err != nil {
		return err
	}
	if p, ok := run.(*Pool); ok {
		defer p.Close()
	}
	header := headerLines(le)
	num := 0 // lines of this byte order so far
	for round := 0; round < max(c.Rounds, 1); round++ {
		any := false
		for i := 0; i < len(c.Ops); i += per {
			ops := c.Ops[i:min(i+per, len(c.Ops))]
			var batch []trace.Vector
			var spans []OpLines
			var ends []int
			for _, op := range ops {
				vs := c.vectors(op, le, round)
				if len(vs) == 0 {
					continue
				}
				batch = append(batch, vs...)
				spans = append(spans, OpLines{Op: op})
				ends = append(ends, len(batch))
			}
			if len(batch) == 0 {
				continue
			}
			any = true
			var lines []trace.Line
			var diffs []Difference
			if c.TwoOrders {
				lines, diffs, err = runTwoOrders(ctx, run, batch)
			} else {
				lines, err = run.Run(ctx, batch)
			}
			if err != nil {
				return err
			}
			for j := range lines {
				num++
				lines[j].Num = header + num
			}
			start := 0
			for k := range spans {
				spans[k].Lines = lines[start:ends[k]:ends[k]]
				for _, d := range diffs {
					if d.Index >= start && d.Index < ends[k] {
						d.Index -= start
						spans[k].OrderDependent = append(spans[k].OrderDependent, d)
					}
				}
				start = ends[k]
			}
			if c.Checker != nil {
				c.Checker.CheckFile(&trace.File{Name: "oracle." + orderName(le), LE: le, OrderSet: true, Reference: Reference, Lines: lines})
				c.Checker.Files-- // counted once per byte order, below
			}
			if c.Batch != nil {
				if err := c.Batch(&Batch{LE: le, Round: round, Ops: spans, Done: i + len(ops), Total: len(c.Ops)}); err != nil {
					return err
				}
			}
		}
		if !any {
			break
		}
	}
	if c.Checker != nil {
		c.Checker.Files++
	}
	return nil
}

// runner is the Runner of one byte order: Runner's, or a Pool of the
// harness processes for the whole byte order (fresh processes per batch
// with TwoOrders, whose reversed run must not follow the forward one in
// the same process).
func (c *Campaign) runner(le bool) (Runner, error) {
	if c.Runner != nil {
		return c.Runner(le)
	}
	cfg := c.Config
	cfg.BE = !le
	o, err := New(cfg)
	if err != nil {
		return nil, err
	}
	if c.TwoOrders {
		return o, nil
	}
	return o.Pool(), nil
}

func (c *Campaign) vectors(op decode.Op, le bool, round int) []trace.Vector {
	if c.Vectors != nil {
		return c.Vectors(op, le, round)
	}
	if round > 0 {
		return nil
	}
	return Generate(op, c.N, c.Seed, le)
}

func orderName(le bool) string {
	if le {
		return "le"
	}
	return "be"
}

// headerLines is the number of header lines Save writes.
func headerLines(le bool) int {
	var b bytes.Buffer
	(&trace.File{LE: le, Reference: Reference}).Write(&b)
	return strings.Count(b.String(), "\n")
}

// Save writes the lines of one byte order as a trace file (the format's
// header lines, then one line per vector), numbered as Campaign numbers
// them.
func Save(w io.Writer, le bool, lines []trace.Line) error {
	return (&trace.File{LE: le, OrderSet: true, Reference: Reference, Lines: lines}).Write(w)
}
