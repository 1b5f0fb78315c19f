package emulate

import (
	"math"
	"strings"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/softfloat"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// VSX vector double- and single-precision ops (Power ISA 3.1B Book I 7.6):
// the scalar core per lane (two binary64 doublewords or four binary32
// words, in their own formats), each lane's flags mapped by fpOutcomeOf as
// for a scalar op. A vector op sets the exception bits, FX and the
// summaries but not FPRF, FR or FI; with an enabled exception in any lane
// no lane is written.

// xvArithOps are the vector forms of xsArithOps: xvadddp for xsadddp and
// so on, with the same spec (xsrsp has none). opXVArith takes four binary32
// or two binary64 lanes from decode's Elem.
var xvArithOps = func() map[decode.Op]xsArithSpec {
	m := make(map[decode.Op]xsArithSpec)
	for op, s := range xsArithOps {
		if v, ok := decode.OpByName("xv" + strings.TrimPrefix(op.String(), "xs")); ok {
			m[v] = s
		}
	}
	return m
}()

var xvArithSpecs [decode.NumOps]xsArithSpec

func init() {
	defSpecs(opXVArith, &xvArithSpecs, xvArithOps)
	def(opXVMove, p.XVABSDP, p.XVABSSP, p.XVNABSDP, p.XVNABSSP, p.XVNEGDP, p.XVNEGSP, p.XVCPSGNDP, p.XVCPSGNSP)
}

// xvLanes is the format and lane count of a vector op.
func xvLanes(sp bool) (softfloat.Format, int) {
	if sp {
		return softfloat.Binary32, 4
	}
	return softfloat.Binary64, 2
}

// lane is element i of v: word i (sp) or doubleword i.
func lane(v regs.VSR, sp bool, i int) uint64 {
	if sp {
		return uint64(v.Word(i))
	}
	return v.DW(i)
}

// withLane sets element i of v.
func withLane(v regs.VSR, sp bool, i int, x uint64) regs.VSR {
	if sp {
		return v.WithWord(i, uint32(x))
	}
	return v.WithDW(i, x)
}

// xvAcc gathers the lanes of a vector FP op for xvCommit: the exception
// bits they raised and whether one of them is enabled.
type xvAcc struct {
	old     uint64 // FPSCR before the op
	ex      uint64
	enabled bool
}

// lane folds one lane's result into a and returns the lane's final bits.
func (a *xvAcc) lane(res *fpResult) uint64 {
	var o fpOutcome
	fpOutcomeOf(&o, a.old, res)
	a.ex |= o.ex
	a.enabled = a.enabled || o.enabled
	return o.fin.Lo
}

// xvCommit finishes a vector FP op whose lanes raised exception bits ex
// (enabled: one of them is enabled): FPSCR and, unless enabled, XT.
func (e *Emulator) xvCommit(r *regs.Regs, in *decode.Inst, xt int, out regs.VSR, ex uint64, enabled bool) error {
	old := r.FPSCR
	fs := old | ex
	fs |= e.fpFX(old, ex)
	fs = regs.FPSCRSummary(fs)
	if enabled {
		if e.fpTrapMode(r) {
			return &FPException{Op: in.Op, FPSCR: fs, CR: r.CR, Target: -1}
		}
		r.FPSCR = fs
		return nil
	}
	r.FPSCR = fs
	r.VSR[xt&63] = out
	return nil
}

// opXVArith: XT,XA,XB (XT,XB for the one-operand ops), lane by lane.
func opXVArith(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	s := xvArithSpecs[in.Op]
	sp := in.Elem == 4
	xt := int(in.Args[0] & 63)
	if s.kind <= faNMSub && r.FPSCR&fpFastOff == 0 && !e.exactFP {
		if out, ex, ok := xvFast(r, in, s, sp); ok {
			return e.xvCommit(r, in, xt, out, ex, false)
		}
	}
	if s.kind == faRe || s.kind == faRSqrte {
		if err := e.unknown(in, diffFPEstimate, "estimate: hardware result unknown"); err != nil {
			return err
		}
	}
	f, n := xvLanes(sp)
	mode := fpMode(r)
	va, vb, vt := r.VSR[in.Args[1]&63], r.VSR[in.Args[2]&63], r.VSR[xt]
	acc := xvAcc{old: r.FPSCR}
	var out regs.VSR
	oneBits := fpOne
	if sp {
		oneBits = 0x3f800000 // 1.0 in single format
	}
	one := f.Unpack(softfloat.B(oneBits))
	for i := 0; i < n; i++ {
		x := f.Unpack(softfloat.B(lane(va, sp, i)))
		y := f.Unpack(softfloat.B(lane(vb, sp, i)))
		res := fpResult{f: f}
		sf := &res.sf
		switch s.kind {
		case faAdd:
			softfloat.Add(sf, f, x, y, mode)
		case faSub:
			softfloat.Sub(sf, f, x, y, mode)
		case faMul:
			softfloat.Mul(sf, f, x, y, mode)
		case faDiv:
			softfloat.Div(sf, f, x, y, mode)
		case faSqrt:
			softfloat.Sqrt(sf, f, x, mode)
		case faRe:
			softfloat.Div(sf, f, one, x, mode)
		case faRSqrte:
			var q softfloat.Result
			softfloat.Sqrt(&q, f, x, mode)
			if q.Flags&softfloat.Invalid != 0 || q.Flags&softfloat.Inexact == 0 && f.Classify(q.Bits) == softfloat.Zero {
				*sf = q
				if f.Classify(q.Bits) == softfloat.Zero {
					softfloat.Div(sf, f, one, f.Unpack(q.Bits), mode)
				}
				break
			}
			softfloat.Div(sf, f, one, f.Unpack(q.Bits), mode)
			sf.Flags |= q.Flags & (softfloat.Invalid | softfloat.Inexact)
		default:
			t := f.Unpack(softfloat.B(lane(vt, sp, i)))
			if s.mForm {
				fmaValues(&res, f, x, t, y, s.kind, mode) // XA × XT ± XB
			} else {
				fmaValues(&res, f, x, y, t, s.kind, mode) // XA × XB ± XT
			}
		}
		out = withLane(out, sp, i, acc.lane(&res))
	}
	return e.xvCommit(r, in, xt, out, acc.ex, acc.enabled)
}

// xvFast is opXVArith's lanes of kind ≤ faNMSub computed with the host's
// arithmetic (softfloat.Fast64, and Narrow32 for binary32 lanes), while
// FPSCR has none of fpFastOff: the lanes of XT and the exception bits (XX
// if a lane is inexact; nothing else can happen there). It reports !ok if
// a lane is outside the fast path's range.
func xvFast(r *regs.Regs, in *decode.Inst, s xsArithSpec, sp bool) (out regs.VSR, ex uint64, ok bool) {
	va, vb, vt := r.VSR[in.Args[1]&63], r.VSR[in.Args[2]&63], r.VSR[in.Args[0]&63]
	n, sign := 2, uint64(fpSignBit)
	if sp {
		n, sign = 4, 1<<31
	}
	if s.kind != faNMAdd && s.kind != faNMSub {
		sign = 0
	}
	inexact := false
	for i := 0; i < n; i++ {
		x, y, z := laneFloat(va, sp, i), laneFloat(vb, sp, i), 0.0
		if s.kind >= faMAdd {
			if s.mForm {
				y, z = laneFloat(vt, sp, i), y // XA × XT ± XB
			} else {
				z = laneFloat(vt, sp, i) // XA × XB ± XT
			}
		}
		v, err, ok := fastArith(s.kind, x, y, z)
		if !ok {
			return out, 0, false
		}
		bits := math.Float64bits(v)
		if sp {
			var lx bool
			if v, lx, _, ok = softfloat.Narrow32(v, err); !ok {
				return out, 0, false
			}
			inexact = inexact || lx
			bits = uint64(math.Float32bits(float32(v)))
		} else {
			inexact = inexact || err != 0
		}
		out = withLane(out, sp, i, bits^sign)
	}
	if inexact {
		ex = regs.FPSCRXX
	}
	return out, ex, true
}

// laneFloat is element i of v (lane) as a float64: a binary32 lane
// converted exactly.
func laneFloat(v regs.VSR, sp bool, i int) float64 {
	if sp {
		return float64(math.Float32frombits(v.Word(i)))
	}
	return math.Float64frombits(v.DW(i))
}

// opXVMove: the sign operations, lane by lane, FPSCR unchanged;
// xvcpsgn{dp,sp} XT,XA,XB takes the signs of XA.
func opXVMove(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	sp := in.Op == p.XVABSSP || in.Op == p.XVNABSSP || in.Op == p.XVNEGSP || in.Op == p.XVCPSGNSP
	sign := uint64(1) << 63
	if sp {
		sign = 0x80000000_80000000
	}
	b := r.VSR[in.Args[1]&63]
	var v regs.VSR
	switch in.Op {
	case p.XVABSDP, p.XVABSSP:
		v = regs.VSR{Hi: b.Hi &^ sign, Lo: b.Lo &^ sign}
	case p.XVNABSDP, p.XVNABSSP:
		v = regs.VSR{Hi: b.Hi | sign, Lo: b.Lo | sign}
	case p.XVNEGDP, p.XVNEGSP:
		v = regs.VSR{Hi: b.Hi ^ sign, Lo: b.Lo ^ sign}
	default:
		c := r.VSR[in.Args[2]&63]
		v = regs.VSR{Hi: b.Hi&sign | c.Hi&^sign, Lo: b.Lo&sign | c.Lo&^sign}
	}
	r.VSR[in.Args[0]&63] = v
	return nil
}

func init() {
	def(opXSCvHalf, p.XSCVDPHP, p.XSCVHPDP)
	def(opXVCvHalf, p.XVCVHPSP, p.XVCVSPHP, p.XVCVSPBF16)
	def(opXVCvBF16SPN, p.XVCVBF16SPN)
}

// opXSCvHalf: xscvdphp XT,XB (doubleword 0 of XB rounded to binary16, in
// bits 48:63 of doubleword 0) and xscvhpdp XT,XB (the binary16 in bits
// 48:63 of doubleword 0 of XB, in double format), with the scalar FPSCR
// update (FPRF classifies the result in its own format).
func opXSCvHalf(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	b := dw0(r, in.Args[1])
	mode := fpMode(r)
	var res fpResult
	if in.Op == p.XSCVDPHP {
		res.f = softfloat.Binary16
		softfloat.Convert(&res.sf, softfloat.Binary16, dv(b), mode)
	} else {
		res.f = softfloat.Binary64
		softfloat.Convert(&res.sf, softfloat.Binary64, softfloat.Binary16.Unpack(softfloat.B(b&0xffff)), mode)
	}
	return e.fpCommit(r, in, int(in.Args[0]&63), &res, false)
}

// opXVCvHalf: per word, xvcvhpsp (the binary16 in bits 16:31 to binary32),
// xvcvsphp (binary32 to binary16 in bits 16:31, bits 0:15 zero) and
// xvcvspbf16 (binary32 to bfloat16 in bits 16:31), with the vector FPSCR
// update.
func opXVCvHalf(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	src, dst := softfloat.Binary32, softfloat.Binary16
	switch in.Op {
	case p.XVCVHPSP:
		src, dst = softfloat.Binary16, softfloat.Binary32
	case p.XVCVSPBF16:
		dst = softfloat.BFloat16
	}
	mode := fpMode(r)
	xt := int(in.Args[0] & 63)
	b := r.VSR[in.Args[1]&63]
	acc := xvAcc{old: r.FPSCR}
	var out regs.VSR
	for i := range 4 {
		w := uint64(b.Word(i))
		if src == softfloat.Binary16 {
			w &= 0xffff
		}
		res := fpResult{f: dst}
		softfloat.Convert(&res.sf, dst, src.Unpack(softfloat.B(w)), mode)
		out = out.WithWord(i, uint32(acc.lane(&res)))
	}
	return e.xvCommit(r, in, xt, out, acc.ex, acc.enabled)
}

// opXVCvBF16SPN: xvcvbf16spn XT,XB: the bfloat16 in bits 16:31 of each
// word as a binary32 (exact: the bits moved up; no exception, a
// signalling NaN kept).
func opXVCvBF16SPN(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	b := r.VSR[in.Args[1]&63]
	const lo = 0x0000ffff_0000ffff
	r.VSR[in.Args[0]&63] = regs.VSR{Hi: (b.Hi & lo) << 16, Lo: (b.Lo & lo) << 16}
	return nil
}

func init() {
	def(opXCmpMask, p.XSCMPEQDP, p.XSCMPGEDP, p.XSCMPGTDP, p.XSCMPEQQP, p.XSCMPGEQP, p.XSCMPGTQP,
		p.XVCMPEQDP, p.XVCMPEQDPCC, p.XVCMPGEDP, p.XVCMPGEDPCC, p.XVCMPGTDP, p.XVCMPGTDPCC,
		p.XVCMPEQSP, p.XVCMPEQSPCC, p.XVCMPGESP, p.XVCMPGESPCC, p.XVCMPGTSP, p.XVCMPGTSPCC)
}

// opXCmpMask: the compares that write a mask of ones (true) or zeros per
// element: xscmp{eq,ge,gt}dp (doubleword 0; doubleword 1 zero),
// xscmp{eq,ge,gt}qp (the whole VR), xvcmp{eq,ge,gt}{dp,sp}[.] (per lane;
// the record forms set CR6 to all-true ‖ 0 ‖ none-true ‖ 0). A
// signalling NaN sets VXSNAN; ge and gt are ordered: a NaN sets VXVC
// (with VE=1 and a signalling NaN only VXSNAN). FPRF, FR and FI are not
// changed; with an enabled exception the target is not written.
func opXCmpMask(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	var f softfloat.Format
	var n int
	var kind string
	xt := int(in.Args[0] & 63)
	a, b := r.VSR[in.Args[1]&63], r.VSR[in.Args[2]&63]
	switch in.Op {
	case p.XSCMPEQDP, p.XSCMPGEDP, p.XSCMPGTDP:
		f, n = softfloat.Binary64, 1
	case p.XSCMPEQQP, p.XSCMPGEQP, p.XSCMPGTQP:
		f, n = softfloat.Binary128, 1
		xt = 32 + int(in.Args[0]&31)
		a, b = r.VSR[32+in.Args[1]&31], r.VSR[32+in.Args[2]&31]
	case p.XVCMPEQSP, p.XVCMPEQSPCC, p.XVCMPGESP, p.XVCMPGESPCC, p.XVCMPGTSP, p.XVCMPGTSPCC:
		f, n = softfloat.Binary32, 4
	default:
		f, n = softfloat.Binary64, 2
	}
	switch in.Op {
	case p.XSCMPEQDP, p.XSCMPEQQP, p.XVCMPEQDP, p.XVCMPEQDPCC, p.XVCMPEQSP, p.XVCMPEQSPCC:
		kind = "eq"
	case p.XSCMPGEDP, p.XSCMPGEQP, p.XVCMPGEDP, p.XVCMPGEDPCC, p.XVCMPGESP, p.XVCMPGESPCC:
		kind = "ge"
	default:
		kind = "gt"
	}
	sp := f == softfloat.Binary32
	old := r.FPSCR
	var out regs.VSR
	var ex uint64
	all, none := true, true
	for i := 0; i < n; i++ {
		var x, y softfloat.Value
		if f == softfloat.Binary128 {
			x, y = f.Unpack(softfloat.Bits{Hi: a.Hi, Lo: a.Lo}), f.Unpack(softfloat.Bits{Hi: b.Hi, Lo: b.Lo})
		} else {
			x, y = f.Unpack(softfloat.B(lane(a, sp, i))), f.Unpack(softfloat.B(lane(b, sp, i)))
		}
		o, fl := softfloat.Compare(x, y, kind != "eq")
		if fl&softfloat.InvalidSNaN != 0 {
			ex |= regs.FPSCRVXSNAN
			if kind != "eq" && old&regs.FPSCRVE == 0 {
				ex |= regs.FPSCRVXVC
			}
		} else if fl&softfloat.InvalidCompare != 0 {
			ex |= regs.FPSCRVXVC
		}
		t := kind == "eq" && o == softfloat.Equal || kind == "ge" && (o == softfloat.Equal || o == softfloat.Greater) ||
			kind == "gt" && o == softfloat.Greater
		all, none = all && t, none && !t
		if t {
			switch {
			case f == softfloat.Binary128:
				out = regs.VSR{Hi: ^uint64(0), Lo: ^uint64(0)}
			default:
				out = withLane(out, sp, i, ^uint64(0)>>(64-uint(f.Width())))
			}
		}
	}
	enabled := ex != 0 && old&regs.FPSCRVE != 0
	if in.Flags&decode.FlagRc != 0 && !enabled {
		var c uint32
		if all {
			c |= 8
		}
		if none {
			c |= 2
		}
		r.SetCRField(6, c)
	}
	return e.xvCommit(r, in, xt, out, ex, enabled)
}

func init() {
	def(opXVRound, p.XVRDPI, p.XVRDPIC, p.XVRDPIM, p.XVRDPIP, p.XVRDPIZ,
		p.XVRSPI, p.XVRSPIC, p.XVRSPIM, p.XVRSPIP, p.XVRSPIZ)
}

// opXVRound: xvr{dp,sp}i[czpm] XT,XB: each lane rounded to an integral
// value (nearest-away; the c forms in the FPSCR[RN] mode and signalling
// inexact; z, p, m toward zero, +∞, −∞), with the vector FPSCR update.
func opXVRound(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	sp := in.Op == p.XVRSPI || in.Op == p.XVRSPIC || in.Op == p.XVRSPIM || in.Op == p.XVRSPIP || in.Op == p.XVRSPIZ
	f, n := xvLanes(sp)
	mode := softfloat.NearestAway
	signalInexact := false
	switch in.Op {
	case p.XVRDPIZ, p.XVRSPIZ:
		mode = softfloat.TowardZero
	case p.XVRDPIP, p.XVRSPIP:
		mode = softfloat.Up
	case p.XVRDPIM, p.XVRSPIM:
		mode = softfloat.Down
	case p.XVRDPIC, p.XVRSPIC:
		mode, signalInexact = fpMode(r), true
	}
	xt := int(in.Args[0] & 63)
	b := r.VSR[in.Args[1]&63]
	acc := xvAcc{old: r.FPSCR}
	var out regs.VSR
	for i := 0; i < n; i++ {
		res := fpResult{f: f}
		softfloat.RoundToInt(&res.sf, f, f.Unpack(softfloat.B(lane(b, sp, i))), mode)
		if !signalInexact {
			res.sf.Flags &= softfloat.Invalid
		}
		out = withLane(out, sp, i, acc.lane(&res))
	}
	return e.xvCommit(r, in, xt, out, acc.ex, acc.enabled)
}

// cvKind is one side of a vector conversion: a binary32 or binary64
// value, or a signed or unsigned word or doubleword integer.
type cvKind uint8

const (
	cvSP cvKind = iota + 1 // binary32
	cvDP                   // binary64
	cvSW                   // signed word
	cvUW                   // unsigned word
	cvSD                   // signed doubleword
	cvUD                   // unsigned doubleword
)

func (k cvKind) wide() bool   { return k == cvDP || k == cvSD || k == cvUD }
func (k cvKind) isFP() bool   { return k == cvSP || k == cvDP }
func (k cvKind) signed() bool { return k == cvSW || k == cvSD }

func (k cvKind) width() int {
	if k.wide() {
		return 64
	}
	return 32
}

// format is the floating-point format of k (cvSP or cvDP).
func (k cvKind) format() softfloat.Format {
	if k == cvSP {
		return softfloat.Binary32
	}
	return softfloat.Binary64
}

// xvCvSpec is a vector conversion from src to dst elements.
type xvCvSpec struct{ src, dst cvKind }

// xvCvSpecs: the vector conversions between the binary32, binary64 and
// integer element formats (Power ISA 3.1B Book I 7.6, xvcv*).
var xvCvSpecs = [decode.NumOps]xvCvSpec{
	p.XVCVDPSP: {cvDP, cvSP}, p.XVCVSPDP: {cvSP, cvDP},
	p.XVCVSXDDP: {cvSD, cvDP}, p.XVCVUXDDP: {cvUD, cvDP},
	p.XVCVSXWSP: {cvSW, cvSP}, p.XVCVUXWSP: {cvUW, cvSP},
	p.XVCVSXWDP: {cvSW, cvDP}, p.XVCVUXWDP: {cvUW, cvDP},
	p.XVCVSXDSP: {cvSD, cvSP}, p.XVCVUXDSP: {cvUD, cvSP},
	p.XVCVDPSXDS: {cvDP, cvSD}, p.XVCVDPUXDS: {cvDP, cvUD},
	p.XVCVDPSXWS: {cvDP, cvSW}, p.XVCVDPUXWS: {cvDP, cvUW},
	p.XVCVSPSXWS: {cvSP, cvSW}, p.XVCVSPUXWS: {cvSP, cvUW},
	p.XVCVSPSXDS: {cvSP, cvSD}, p.XVCVSPUXDS: {cvSP, cvUD},
}

func init() {
	for op, s := range xvCvSpecs {
		if s.src != 0 {
			def(opXVCv, decode.Op(op))
		}
	}
}

// opXVCv: the vector conversions XT,XB, per lane, with the vector FPSCR
// update. Word to word and doubleword to doubleword conversions have four
// and two lanes. A word source is word 0 of each doubleword (word 2i); a
// word result fills both words of its doubleword (Power ISA 3.1 defines
// the copy that earlier versions left undefined; QEMU 7.2 agrees).
// Floating-point results are rounded in the FPSCR[RN] mode; integer
// results are truncated by the scalar conversion core (softfloat.ToInt,
// as for xscvdp*x*s and fcti*z): a NaN gives the most negative integer
// (signed) or 0 (unsigned), an out-of-range value the nearest bound, both
// with VXCVI.
func opXVCv(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	s := xvCvSpecs[in.Op]
	n := 4
	if s.src.wide() || s.dst.wide() {
		n = 2
	}
	fp := s.dst
	if !fp.isFP() {
		fp = s.src
	}
	mode := fpMode(r)
	xt := int(in.Args[0] & 63)
	b := r.VSR[in.Args[1]&63]
	acc := xvAcc{old: r.FPSCR}
	var out regs.VSR
	for i := 0; i < n; i++ {
		var x uint64
		switch {
		case n == 4:
			x = uint64(b.Word(i))
		case s.src.wide():
			x = b.DW(i)
		default:
			x = uint64(b.Word(2 * i))
		}
		res := fpResult{f: fp.format()}
		switch {
		case s.src.isFP() && s.dst.isFP():
			softfloat.Convert(&res.sf, res.f, s.src.format().Unpack(softfloat.B(x)), mode)
		case s.src.isFP():
			softfloat.ToInt(&res.sf, res.f.Unpack(softfloat.B(x)), s.dst.width(), s.dst.signed(), softfloat.TowardZero)
		default:
			var hi uint64
			if s.src.signed() {
				if !s.src.wide() {
					x = uint64(int64(int32(x)))
				}
				hi = uint64(int64(x) >> 63)
			}
			softfloat.FromInt(&res.sf, res.f, hi, x, s.src.signed(), mode)
		}
		y := acc.lane(&res)
		switch {
		case n == 4:
			out = out.WithWord(i, uint32(y))
		case s.dst.wide():
			out = out.WithDW(i, y)
		default:
			y &= 0xffffffff
			out = out.WithDW(i, y<<32|y)
		}
	}
	return e.xvCommit(r, in, xt, out, acc.ex, acc.enabled)
}
