package survey

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"go/format"
	"io"
	"strconv"
	"strings"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/oracle"
	"github.com/ppc64emu/ppc64emu/trace"
)

// SPR is the survey of one non-privileged SPR number (bit 0x10 of the
// number clear): the outcome class of mfspr r3,N and of mtspr N,r3 (r3 =
// 0) in problem state, "x" (executes), "ill6" (SIGILL, ILL_PRVREG: QEMU
// does not provide the SPR), another "illN", or "skip-REASON" (the harness
// refused the vector or QEMU crashed on it). When the byte orders differ
// the class is "LE|BE".
type SPR struct {
	N      int
	Mf, Mt string
}

// SPRFile is the parsed SPR data file (emulate/testdata/qemu-spr.txt).
type SPRFile struct {
	Header []string // the "# …" lines, without "# "
	SPRs   []SPR
}

// Provided reports whether QEMU provides the access (class other than
// ill6 in both byte orders): a crash counts as provided, since QEMU
// decodes the SPR and fails later (the EBB SPRs 800-806 abort it).
func provided(class string) bool {
	for _, c := range strings.Split(class, "|") {
		if c == "ill6" {
			return false
		}
	}
	return true
}

func sprClass(l *trace.Line) string {
	if c := class(l); c != "" {
		return c
	}
	return "skip-" + l.Result.Why
}

// sprWord encodes mfspr r3,n or mtspr n,r3 (the SPR field has its two
// 5-bit halves swapped).
func sprWord(op decode.Op, n int) uint32 {
	field := uint32(n&0x1f)<<5 | uint32(n>>5)&0x1f
	base := uint32(0x7c0002a6) // mfspr
	if op == ppc64asm.MTSPR {
		base = 0x7c0003a6
	}
	return base | 3<<21 | field<<11
}

// SPRNumbers are the numbers the SPR survey measures: every SPR number
// with bit 0x10 clear (the others are privileged in problem state).
func SPRNumbers() []int {
	var out []int
	for n := 0; n < 1024; n++ {
		if n&0x10 == 0 {
			out = append(out, n)
		}
	}
	return out
}

// RunSPR measures mfspr and mtspr of every number of SPRNumbers in both
// byte orders.
func RunSPR(ctx context.Context, o Oracles) ([]SPR, error) {
	nums := SPRNumbers()
	var cls [2]map[decode.Op][]string
	for i, le := range []bool{true, false} {
		runner := o.LE
		if !le {
			runner = o.BE
		}
		cls[i] = map[decode.Op][]string{}
		c := &oracle.Campaign{
			Ops: []decode.Op{ppc64asm.MFSPR, ppc64asm.MTSPR}, LE: []bool{le},
			Runner: func(bool) (oracle.Runner, error) { return runner, nil },
			Vectors: func(op decode.Op, _ bool, round int) []trace.Vector {
				if round > 0 {
					return nil
				}
				vs := make([]trace.Vector, len(nums))
				for k, n := range nums {
					vs[k] = trace.Vector{ID: fmt.Sprintf("%s-%d", op, n), Word: sprWord(op, n), Len: 4}
				}
				return vs
			},
			Batch: func(b *oracle.Batch) error {
				for _, ol := range b.Ops {
					for k := range ol.Lines {
						cls[i][ol.Op] = append(cls[i][ol.Op], sprClass(&ol.Lines[k]))
					}
				}
				return nil
			},
		}
		if err := c.Run(ctx); err != nil {
			return nil, err
		}
	}
	out := make([]SPR, len(nums))
	both := func(op decode.Op, k int) string {
		le, be := cls[0][op][k], cls[1][op][k]
		if le == be {
			return le
		}
		return le + "|" + be
	}
	for k, n := range nums {
		out[k] = SPR{N: n, Mf: both(ppc64asm.MFSPR, k), Mt: both(ppc64asm.MTSPR, k)}
	}
	return out, nil
}

// ReadSPR parses an SPR data file.
func ReadSPR(r io.Reader) (*SPRFile, error) {
	f := &SPRFile{}
	var err error
	f.Header, err = scanData(r, func(s string) error {
		fs := strings.Fields(s)
		mf, okf := strings.CutPrefix(fieldAt(fs, 2), "mf=")
		mt, okt := strings.CutPrefix(fieldAt(fs, 3), "mt=")
		num, err := strconv.Atoi(fieldAt(fs, 1))
		if len(fs) != 4 || fs[0] != "spr" || err != nil || !okf || !okt || mf == "" || mt == "" {
			return fmt.Errorf("want \"spr N mf=CLASS mt=CLASS\", got %q", s)
		}
		f.SPRs = append(f.SPRs, SPR{N: num, Mf: mf, Mt: mt})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

func fieldAt(fs []string, i int) string {
	if i < len(fs) {
		return fs[i]
	}
	return ""
}

// Write writes the SPR data file.
func (f *SPRFile) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, h := range f.Header {
		fmt.Fprintf(bw, "# %s\n", h)
	}
	for _, s := range f.SPRs {
		fmt.Fprintf(bw, "spr %d mf=%s mt=%s\n", s.N, s.Mf, s.Mt)
	}
	return bw.Flush()
}

// GenerateSPRGo writes emulate/qemu_spr.go from the SPR data file: the
// table qemuUserSPR (bit 0 readable, bit 1 writable) of the numbers QEMU
// provides. source names the data file in the header comment.
func GenerateSPRGo(f *SPRFile, source string) ([]byte, error) {
	var b bytes.Buffer
	goHeader(&b, "-gen-spr", source, []string{
		"qemuUserSPR classifies the non-privileged SPR numbers QEMU 7.2 user mode",
		"(-cpu power10) provides, as measured: bit 0 readable, bit 1 writable.",
		"Any other non-privileged number raises SIGILL with ILL_PRVREG there.",
	}, f.Header)
	b.WriteString("var qemuUserSPR = [1024]uint8{\n")
	for _, s := range f.SPRs {
		var v int
		if provided(s.Mf) {
			v |= 1
		}
		if provided(s.Mt) {
			v |= 2
		}
		if v != 0 {
			fmt.Fprintf(&b, "\t%d: %d,\n", s.N, v)
		}
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}
