// Package vecgen generates reference vectors (docs/trace-format.md) for
// one op at a time: random encodings of exactly that op, with register and
// memory state biased towards the values that find bugs.
//
// # Encodings
//
// decode.Encoding gives an op's fixed bits (mask, value) and its reserved
// bits. A candidate is value | (r &^ mask &^ reserved) for a random r (both
// words for a prefixed op); it is kept only if decode.DecodeWord gives back
// the same op with Inst.Invalid == 0, since ppc64asm gives some encodings to
// an earlier, more specific op (ops that never decode as themselves, such as
// cmp, give no vectors). The low 16 bits of r are biased towards 0, 1, -1,
// 0x7fff and 0x8000, where D/SI/UI immediates live. About one vector in 16
// is an invalid encoding of the op instead: reserved bits set or an ISA
// invalid form (ldu with RA=0 or RA=RT, bcctr with BO[2]=0, …), where such
// an encoding exists. Those vectors have an ID ending in "-rsv" or "-inv"
// and a comment saying so.
//
// # State
//
// Only the registers the instruction reads are set (GPR, FPR, VR and VSR
// operands, CR, XER, LR, CTR as the op needs them), plus two random GPRs.
// GPR values are edge cases (0, ±1, 32- and 64-bit extremes, 0x80000000,
// 0xffffffff, powers of two, small numbers) half of the time, random
// otherwise; values near the harness's own memory (0x0f000000–0x13ffffff)
// are avoided, since the harness refuses them. FP and vector values are
// biased to ±0, ±inf, quiet and signalling NaNs with payloads, denormals,
// ±1 and the largest and smallest normals. The VR operands of VMX
// computational ops get lanes instead: one element width per vector with
// each lane 0, ±1, the signed minimum or maximum, small or random, or
// four single-precision lanes from the FP specials; VSCR SAT is preset half
// the time (NJ half the time too). XER holds only SO, OV, CA, OV32,
// CA32 (OV or OV32 set imply SO) and the byte count; FPSCR only RN,
// consistent exception bits, in a quarter of the scalar FP, VSX, MMA and
// DFP vectors exception enable bits (with FEX when an enabled exception bit is
// already set) and, half of the time, a non-zero DRN (the decimal rounding mode, in FPSCR's high word: format
// version 2); VSCR only NJ and SAT. SPR moves also get TAR, VRSAVE and PPR
// values half of the time each, and bctar/bctarl a TAR target like bcctr's
// CTR.
//
// Loads, stores and cache ops get base registers (RA, and RB in X forms)
// such that the effective address lands in the scratch area
// 0x50000000–0x50001fff, mostly naturally aligned, sometimes unaligned, and
// about one time in 24 just outside it or at an unmapped address (segv).
// PC-relative prefixed accesses get a displacement from the CIA into
// scratch most of the time. Branches through LR and CTR get targets in the trap-filled code region
// 0x40000000–0x400fffff (never the instruction itself, which would be a
// 100 ms loop), sometimes unmapped or not executable. mtspr/mfspr use SPR
// numbers (mftb TBR numbers) biased towards XER, LR, CTR, the time base and a
// few interesting others, never the EBB SPRs 800-806, which abort QEMU. Every
// vector has a random mseed, and a quarter of the memory vectors an m@
// override with edge-case bytes at the access.
//
// # Determinism
//
// Generate is deterministic per (op, seed, byte order) and prefix-stable:
// Generate(op, m, …) with m > n starts with the n vectors of
// Generate(op, n, …), so more vectors can be added to a golden file without
// changing the ones it has. The state format version 2 added (DRN, TAR,
// VRSAVE, PPR) is drawn from a second random stream, so every vector is
// the one version 1 generated plus those keys.
package vecgen

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strings"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/trace"
)

// Machine addresses of the format.
const (
	cia         = trace.CIA
	scratchBase = trace.ScratchBase
	scratchSize = trace.ScratchSize
	codeBase    = trace.CodeBase
	codeSize    = trace.CodeSize
)

// tries bounds the random encodings tried per vector.
const tries = 4096

// Generate returns up to n vectors for op in the given byte order (the
// order only changes the IDs and the random stream: vectors are byte-order
// neutral text). IDs are "<op>-<le|be>-NNNN". Fewer than n vectors come
// back only when random encodings of op rarely or never decode as op.
func Generate(op decode.Op, n int, seed uint64, le bool) []trace.Vector {
	mask, value, reserved, ok := decode.Encoding(op)
	if !ok || n <= 0 {
		return nil
	}
	order := "be"
	if le {
		order = "le"
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%s", op, order)
	g := &gen{
		rng:  rand.New(rand.NewPCG(seed, h.Sum64())),
		rng2: rand.New(rand.NewPCG(seed, h.Sum64()^0x76320000000000fd)),
		rng3: rand.New(rand.NewPCG(seed, h.Sum64()^0x0fe0000000000fe0)),
		op:   op,
		mask: mask, value: value, reserved: reserved,
		prefixed: value>>58 == 1,
	}
	out := make([]trace.Vector, 0, n)
	misses := 0
	for i := 0; len(out) < n; i++ {
		v, ok := g.vector(i%16 == 15)
		if !ok {
			// Not even valid encodings: the op never decodes as itself.
			misses++
			if misses > 4 {
				break
			}
			continue
		}
		v.ID = fmt.Sprintf("%s-%s-%04d%s", op, order, len(out), v.ID)
		out = append(out, v)
	}
	return out
}

type gen struct {
	rng                   *rand.Rand
	rng2                  *rand.Rand // the stream of the version-2 state (see v2)
	rng3                  *rand.Rand // the stream of the FP enable bits (see fpEnable)
	op                    decode.Op
	mask, value, reserved uint64
	prefixed              bool
	sets                  []trace.Assign
	set                   map[string]bool
}

// vector makes one vector. With invalid, it first tries for an invalid
// encoding of the op and falls back to a valid one. The returned ID holds
// only the "-rsv"/"-inv" suffix.
func (g *gen) vector(invalid bool) (trace.Vector, bool) {
	var in decode.Inst
	found := false
	suffix, comment := "", ""
	if invalid {
		for range 256 {
			x := g.value | g.randomBits()&^g.mask
			x = g.tweakInvalid(g.tweak(x))
			d, err := decode.DecodeWord(uint32(x>>32), uint32(x))
			if err != nil || d.Op != g.op || d.Invalid == 0 {
				continue
			}
			in, found = d, true
			if d.Invalid&decode.InvalidForm != 0 {
				suffix, comment = "-inv", "invalid form"
			} else {
				suffix, comment = "-rsv", "reserved bits set"
			}
			break
		}
	}
	if !found {
		for range tries {
			x := g.value | g.randomBits()&^g.mask&^g.reserved
			x = g.tweak(x)
			d, err := decode.DecodeWord(uint32(x>>32), uint32(x))
			if err != nil || d.Op != g.op || d.Invalid != 0 {
				continue
			}
			in, found = d, true
			break
		}
	}
	if !found {
		return trace.Vector{}, false
	}
	v := trace.Vector{ID: suffix, Word: in.Word, Len: int(in.Len), Comment: comment}
	if in.Len == 8 {
		v.Suffix = in.Suffix
	}
	g.state(&in, &v)
	return v, true
}

// randomBits returns the random operand bits of a candidate, with the low
// 16 bits of the (last) word biased towards immediate edge cases.
func (g *gen) randomBits() uint64 {
	r := g.rng.Uint64()
	if !g.prefixed {
		r &^= 0xffffffff
	}
	lowShift := 32
	if g.prefixed {
		lowShift = 0
	}
	if g.rng.IntN(4) == 0 {
		imm := []uint64{0, 1, 0xffff, 0x7fff, 0x8000, 0xfffe, 2, 4, 8}[g.rng.IntN(9)]
		r = r&^(0xffff<<lowShift) | imm<<lowShift
	}
	return r
}

// tweak adjusts operand fields the uniform bits rarely get right.
func (g *gen) tweak(x uint64) uint64 {
	w := uint32(x >> 32)
	switch g.op {
	case ppc64asm.MFSPR, ppc64asm.MTSPR, ppc64asm.MFTB:
		// (QEMU 7.2 runs mftb as mfspr of any SPR, and aborts on the
		// EBB SPRs 800-806, which sprChoice never gives.)
		spr := sprChoice(g.rng)
		w = w&^(0x3ff<<11) | (spr&0x1f)<<16 | (spr>>5)<<11
	case ppc64asm.BC, ppc64asm.BCL, ppc64asm.BCA, ppc64asm.BCLA,
		ppc64asm.BCLR, ppc64asm.BCLRL, ppc64asm.BCCTR, ppc64asm.BCCTRL,
		ppc64asm.BCTAR, ppc64asm.BCTARL:
		// BO: mostly the architected values (the "z" bits clear); a
		// random BO with z bits set is the remaining quarter.
		if g.rng.IntN(4) != 0 {
			bo := []uint32{4, 12, 20, 0, 2, 8, 10, 16, 18, 5, 13, 14, 15, 6, 7}[g.rng.IntN(15)]
			w = w&^(0x1f<<21) | bo<<21
		}
		// A bc to itself is a 100 ms loop (or refused when it
		// decrements CTR): keep BD non-zero.
		if w>>26 == 16 && w&0xfffc == 0 {
			w |= 4 << g.rng.IntN(14)
		}
	}
	x = uint64(w)<<32 | x&0xffffffff
	// PC-relative prefixed loads and stores (R=1 in an 8LS/MLS prefix):
	// mostly a displacement that reaches into scratch from the CIA.
	if g.prefixed && w&(1<<20) != 0 && (w>>24&3 == 0 || w>>24&3 == 2) && g.rng.IntN(4) != 0 {
		ea, _ := g.effectiveAddr(16)
		d := (ea - cia) & (1<<34 - 1)
		x = x&^(0x3ffff<<32|0xffff) | (d>>16)<<32 | d&0xffff
	}
	return x
}

// tweakInvalid makes invalid forms likely: RA = 0 or RA = RT in half of the
// candidates (applied after tweak, whose BO choices give bcctr's BO[2] = 0
// often enough).
func (g *gen) tweakInvalid(x uint64) uint64 {
	sh := 32
	if g.prefixed {
		sh = 0
	}
	w := uint32(x >> sh)
	switch g.op {
	case ppc64asm.MFSPR, ppc64asm.MTSPR, ppc64asm.MFTB:
		return x // RA is half the SPR number: keep tweak's choice
	}
	switch g.rng.IntN(4) {
	case 0:
		w &^= 0x1f << 16 // RA = 0
	case 1:
		w = w&^(0x1f<<16) | (w>>21&0x1f)<<16 // RA = RT
	}
	x = x&^(0xffffffff<<sh) | uint64(w)<<sh
	return x
}

// sprChoice picks an SPR number: XER, LR and CTR most of the time, then
// other user SPRs, the time base, privileged ones and random numbers.
func sprChoice(r *rand.Rand) uint32 {
	switch k := r.IntN(16); {
	case k < 9:
		return []uint32{1, 8, 9}[r.IntN(3)]
	case k < 12:
		return []uint32{3, 13, 815, 896, 898, 256, 259, 287, 769, 780, 782}[r.IntN(11)]
	case k < 13:
		return []uint32{268, 269}[r.IntN(2)]
	case k < 15:
		return []uint32{26, 27, 18, 19, 22, 272, 273, 274, 275, 304, 1008}[r.IntN(11)]
	default:
		for {
			s := r.Uint32N(1024)
			if s < 800 || s > 806 {
				return s
			}
		}
	}
}

// ---------------------------------------------------------------- state

func (g *gen) put(k, v string) {
	if g.set[k] {
		for i := range g.sets {
			if g.sets[i].Key == k {
				g.sets[i].Value = v
			}
		}
		return
	}
	g.set[k] = true
	g.sets = append(g.sets, trace.Assign{Key: k, Value: v})
}

func (g *gen) putGPR(n int, val uint64) { g.put(fmt.Sprintf("r%d", n), hex64(val)) }

func hex64(v uint64) string { return fmt.Sprintf("%x", v) }

func (g *gen) state(in *decode.Inst, v *trace.Vector) {
	g.sets, g.set = nil, map[string]bool{}
	cls := in.Class
	hasVR := false

	// Operand registers.
	if cls == decode.ClassDFP {
		hasVR = g.dfpOperands(in) // dfp.go
	}
	for i := 0; i < int(in.NArgs) && cls != decode.ClassDFP; i++ {
		a := int(in.Args[i])
		switch in.Kinds[i] {
		case decode.ArgGPR:
			g.putGPR(a, g.gprValue())
		case decode.ArgFPR:
			g.put(fmt.Sprintf("vs%d", a), g.vsrValue(true))
			if in.Has(decode.FlagPair) {
				g.put(fmt.Sprintf("vs%d", (a+1)&31), g.vsrValue(true))
			}
		case decode.ArgVR:
			if vmxLanes(in) {
				g.put(fmt.Sprintf("vs%d", 32+a), g.laneValue())
			} else {
				g.put(fmt.Sprintf("vs%d", 32+a), g.vsrValue(false))
			}
			hasVR = true
		case decode.ArgVSR:
			if cls == decode.ClassMMA {
				g.mmaOperand(in, a) // XA (XAp) and XB of a GER op
				continue
			}
			g.put(fmt.Sprintf("vs%d", a), g.vsrValue(a < 32))
			if in.Has(decode.FlagPair) {
				g.put(fmt.Sprintf("vs%d", (a+1)&63), g.vsrValue(a < 32))
			}
		case decode.ArgACC:
			for j := range 4 {
				g.put(fmt.Sprintf("vs%d", 4*a+j), g.vsrValue(false))
			}
		}
	}
	// Two random other GPRs (r1 never lands in the signal stack: no
	// value of gprValue is near 0x5e000000).
	for range 2 {
		g.putGPR(g.rng.IntN(32), g.gprValue())
	}

	switch cls {
	case decode.ClassCondBranch, decode.ClassCRLogical, decode.ClassCompare:
		g.put("cr", hex32(g.crValue()))
	case decode.ClassFP, decode.ClassDFP, decode.ClassVSX, decode.ClassVMX, decode.ClassMMA:
		g.put("cr", hex32(g.crValue()))
		f := uint64(g.fpscrValue())
		g.v2(func() {
			if g.rng.IntN(2) == 0 {
				f |= uint64(1+g.rng.IntN(7)) << 32 // DRN
			}
		})
		if cls == decode.ClassDFP {
			f = g.dfpFPSCR(f) // dfp.go
		} else if fpEnables(in) {
			f = g.fpEnable(f)
		}
		g.put("fpscr", hex64(f))
		if hasVR || cls == decode.ClassVMX {
			g.put("vscr", hex32([]uint32{0x10000, 0x10001, 0, 1}[g.rng.IntN(4)]))
		}
	default:
		if g.rng.IntN(2) == 0 {
			g.put("cr", hex32(g.crValue()))
		}
	}
	g.put("xer", hex64(g.xerValue()))

	switch {
	case cls == decode.ClassCondBranch || cls == decode.ClassBranch:
		g.branchState(in)
	case g.op == ppc64asm.MFSPR || g.op == ppc64asm.MTSPR || cls == decode.ClassSPR:
		g.put("lr", hex64(g.gprValue()))
		g.put("ctr", hex64(g.gprValue()))
		g.v2(g.sprState)
	case cls == decode.ClassLoad || cls == decode.ClassStore || cls == decode.ClassAtomic ||
		cls == decode.ClassCache || cls == decode.ClassHash:
		g.memState(in, v)
	}

	v.Sets = append(v.Sets, g.sets...)
	v.Sets = append(v.Sets, trace.Assign{Key: "mseed", Value: hex64(g.rng.Uint64())})
}

func hex32(v uint32) string { return fmt.Sprintf("%x", v) }

// v2 runs f with the random stream of the version-2 state, so that its
// draws do not shift those of the version-1 state: vectors stay what they
// were, plus the new keys.
func (g *gen) v2(f func()) {
	g.rng, g.rng2 = g.rng2, g.rng
	defer func() { g.rng, g.rng2 = g.rng2, g.rng }()
	f()
}

// sprState gives TAR, VRSAVE and PPR values, each half of the time: PPR
// mostly an architected priority (ISA bits 11:13) alone.
func (g *gen) sprState() {
	r := g.rng
	if r.IntN(2) == 0 {
		g.put("tar", hex64(g.gprValue()))
	}
	if r.IntN(2) == 0 {
		g.put("vrsave", hex32([]uint32{0xffffffff, 0x80000000, 1, r.Uint32()}[r.IntN(4)]))
	}
	if r.IntN(2) == 0 {
		ppr := uint64(r.IntN(8)) << 50
		if r.IntN(4) == 0 {
			ppr = g.gprValue()
		}
		g.put("ppr", hex64(ppr))
	}
}

// gprValue returns a 64-bit value biased towards edge cases, away from
// the harness's own memory.
func (g *gen) gprValue() uint64 { return avoidHarness(g.rawGPRValue()) }

func (g *gen) rawGPRValue() uint64 {
	r := g.rng
	switch r.IntN(8) {
	case 0, 1, 2:
		return edges[r.IntN(len(edges))]
	case 3:
		return uint64(r.IntN(64)) // small
	case 4:
		// A power of two, or one less, or its negation.
		k := uint(r.IntN(64))
		p := uint64(1) << k
		switch r.IntN(3) {
		case 1:
			p--
		case 2:
			p = -p
		}
		return p
	case 5:
		return uint64(int64(int32(r.Uint32()))) // sign-extended word
	case 6:
		return uint64(r.Uint32())
	default:
		return r.Uint64()
	}
}

var edges = []uint64{
	0, 1, 2, math.MaxUint64, math.MaxUint64 - 1,
	0x7fffffff, 0x80000000, 0xffffffff, 0x100000000, 0x7ffffffe, 0x80000001,
	0xffffffff80000000, 0xffffffff7fffffff, 0x00000000ffff8000, 0x8000, 0x7fff, 0xffff,
	0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000001, 0x00000001_00000001,
	0xaaaaaaaaaaaaaaaa, 0x5555555555555555, 0x0123456789abcdef, 0xfedcba9876543210,
}

// avoidHarness moves a value away from the harness's own memory under
// QEMU (its executable and heap near 0x10000000, its signal stack at
// 0x5e000000, QEMU's guest stack and mappings near 0x4000000000), which the
// harness refuses in any register that could form an address.
func avoidHarness(v uint64) uint64 {
	switch {
	case v >= 0x0f000000 && v < 0x14000000,
		v >= 0x5dff0000 && v < 0x5e020000:
		return v ^ 0x80000000
	case v >= 0x3ff0000000 && v < 0x4100000000:
		return v ^ 0x8000000000
	}
	return v
}

func (g *gen) crValue() uint32 {
	switch g.rng.IntN(8) {
	case 0:
		return 0
	case 1:
		return 0xffffffff
	default:
		return g.rng.Uint32()
	}
}

// XER bits (64-bit register layout).
const (
	xerSO   = 1 << 31
	xerOV   = 1 << 30
	xerCA   = 1 << 29
	xerOV32 = 1 << 19
	xerCA32 = 1 << 18
)

// xerValue returns an architecturally consistent XER: SO, OV, CA, OV32,
// CA32 and the byte count, with OV or OV32 implying SO.
func (g *gen) xerValue() uint64 {
	r := g.rng
	if r.IntN(4) == 0 {
		return 0
	}
	var x uint64
	for _, b := range []uint64{xerSO, xerOV, xerCA, xerOV32, xerCA32} {
		if r.IntN(2) == 0 {
			x |= b
		}
	}
	if x&(xerOV|xerOV32) != 0 {
		x |= xerSO
	}
	if r.IntN(3) == 0 {
		x |= uint64(r.IntN(128))
	}
	return x
}

// fpscrValue returns RN and, sometimes, consistent sticky exception bits
// (FX with them; no enable bits, no VX summary without a VX source).
func (g *gen) fpscrValue() uint32 {
	r := g.rng
	f := uint32(r.IntN(4)) // RN
	if r.IntN(4) == 0 {
		// OX UX ZX XX (bits 35-38 -> 0x10000000>>k) and VXSNAN (bit 39).
		ex := []uint32{0x10000000, 0x08000000, 0x04000000, 0x02000000}[r.IntN(4)]
		f |= ex | 0x80000000 // FX
		if r.IntN(3) == 0 {
			f |= 0x01000000 | 0x20000000 // VXSNAN, VX
		}
	}
	if r.IntN(2) == 0 {
		// A result class in FPRF (C and FPCC, bits 47:51) and sometimes FR
		// and FI, as a previous instruction leaves them: instructions that
		// keep FPRF (or QEMU's fcfid[u]s, which does not set it) are then
		// compared on a realistic value, not always 0.
		f |= fprfClasses[r.IntN(len(fprfClasses))] << 12
		f |= uint32(r.IntN(4)) << 17 // FR (bit 45), FI (bit 46)
	}
	return f
}

// fpEnables reports whether in's vectors get FPSCR enable bits (fpEnable):
// the scalar FP, VSX and MMA ops, except those whose disagreements with
// QEMU under enabled exceptions are not decided yet (noEnableOps).
func fpEnables(in *decode.Inst) bool {
	switch in.Class {
	case decode.ClassFP:
		return true
	case decode.ClassVSX, decode.ClassMMA:
		return !noEnableOps[in.Op]
	}
	return false
}

// noEnableOps are the VSX ops left without enable bits (none now: xsrqpxp
// with UE=1 and a tiny operand agrees with QEMU since the exponent-adjusted
// result keeps all 64 significand bits).
var noEnableOps = map[decode.Op]bool{}

// fpEnable sets, in a quarter of the vectors, FPSCR exception enable bits
// in f: one of VE, OE, UE, ZE and XE, or (one time in four) all five, so
// the enabled-exception paths of the binary FP ops get vectors. The draws come from a stream of their own: every other
// key of a vector is what it was before enable bits were generated.
// (MSR[FE0,FE1] is not part of a vector: QEMU user mode traps on every
// enabled exception, and the emulator's QEMU profile does too.)
func (g *gen) fpEnable(f uint64) uint64 {
	r := g.rng3
	if r.IntN(4) != 0 {
		return f
	}
	if r.IntN(4) == 0 {
		return withFEX(f | fpscrEnables)
	}
	return withFEX(f | fpEnableBits[r.IntN(len(fpEnableBits))])
}

// fpEnableBits are the FPSCR exception enable bits VE, OE, UE, ZE and XE.
var fpEnableBits = []uint64{0x80, 0x40, 0x20, 0x10, 0x08}

// fpscrEnables is the mask of fpEnableBits.
const fpscrEnables = 0xf8

// withFEX sets FPSCR[FEX] in f when an exception bit already set in f is
// enabled, as the FPSCR summary rule keeps it.
func withFEX(f uint64) uint64 {
	exc := f >> 22 & 0x78 // OX UX ZX XX, moved onto OE UE ZE XE
	if f&0x20000000 != 0 {
		exc |= 0x80 // VX → VE
	}
	if exc&f&fpscrEnables != 0 {
		f |= 0x40000000 // FEX
	}
	return f
}

// fprfClasses are the FPRF codes of the ISA's result classes: quiet NaN,
// ±infinity, ±normal, ±denormal, ±zero.
var fprfClasses = []uint32{0x11, 0x09, 0x05, 0x08, 0x04, 0x18, 0x14, 0x12, 0x02}

// ---------------------------------------------------------------- FP

var (
	fp64Specials = []uint64{
		0, 1 << 63, // ±0
		0x7ff0000000000000, 0xfff0000000000000, // ±inf
		0x7ff8000000000000, 0xfff8000000000001, 0x7ffc000000000abc, // QNaN
		0x7ff0000000000001, 0x7ff4000000000000, 0xfff7ffffffffffff, // SNaN
		0x0000000000000001, 0x000fffffffffffff, 0x8008000000000000, // denormals
		0x3ff0000000000000, 0xbff0000000000000, // ±1
		0x7fefffffffffffff, 0x0010000000000000, 0x8010000000000000, // max/min normal
		0x4000000000000000, 0x3fe0000000000000, 0x4340000000000000, 0xc3e0000000000000, // 2, 0.5, 2^53, -2^63
		0x41dfffffffc00000, 0x41e0000000000000, 0x36a0000000000000, 0x47efffffe0000000, // 2^31-1, 2^31, single denormal/max range
	}
	fp32Specials = []uint32{
		0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0x7fa00000,
		0x00000001, 0x007fffff, 0x3f800000, 0xbf800000, 0x7f7fffff, 0x00800000, 0x4b800000,
	}
)

// fp64 returns a double biased towards special values.
func (g *gen) fp64() uint64 {
	r := g.rng
	switch r.IntN(4) {
	case 0, 1:
		return fp64Specials[r.IntN(len(fp64Specials))]
	case 2:
		// A "normal" number of moderate magnitude.
		return math.Float64bits(float64(int64(r.Uint32())-1<<31) / float64(uint64(1)<<r.IntN(40)))
	default:
		return r.Uint64()
	}
}

func (g *gen) fp32() uint32 {
	r := g.rng
	switch r.IntN(4) {
	case 0, 1:
		return fp32Specials[r.IntN(len(fp32Specials))]
	case 2:
		return math.Float32bits(float32(int32(r.Uint32()>>8)) / float32(uint32(1)<<r.IntN(20)))
	default:
		return r.Uint32()
	}
}

// vsrValue returns a 128-bit register value as 32 hex digits, doubleword 0
// first: two doubles (fpr: an FP-register view), four singles, bytes
// patterns or random bits.
func (g *gen) vsrValue(fpr bool) string {
	r := g.rng
	var hi, lo uint64
	k := r.IntN(8)
	if fpr && k < 4 {
		k = 0
	}
	switch {
	case k < 3:
		hi, lo = g.fp64(), g.fp64()
	case k < 6:
		hi = uint64(g.fp32())<<32 | uint64(g.fp32())
		lo = uint64(g.fp32())<<32 | uint64(g.fp32())
	case k == 6:
		hi, lo = edges[r.IntN(len(edges))], edges[r.IntN(len(edges))]
	default:
		hi, lo = r.Uint64(), r.Uint64()
	}
	return fmt.Sprintf("%016x%016x", hi, lo)
}

// vmxLanes reports whether in is a VMX computational op (ClassVMX but not
// the lvsl/lvsr address ops), whose VR operands get laneValue. The other
// ops keep vsrValue, so their golden files do not change.
func vmxLanes(in *decode.Inst) bool {
	return in.Class == decode.ClassVMX && in.Op != ppc64asm.LVSL && in.Op != ppc64asm.LVSR
}

// laneEdges are the interesting values of an n-bit integer lane: 0, ±1,
// the signed minimum and maximum, the unsigned maximum is -1.
func laneEdge(r *rand.Rand, bits uint) uint64 {
	m := ^uint64(0) >> (64 - bits)
	switch r.IntN(8) {
	case 0:
		return 0
	case 1:
		return 1
	case 2:
		return m // -1, the unsigned maximum
	case 3:
		return 1 << (bits - 1) // signed minimum
	case 4:
		return m >> 1 // signed maximum
	case 5:
		return uint64(r.IntN(16)) // small
	case 6:
		return (1<<(bits-1) + uint64(r.IntN(5)) - 2) & m // around the sign boundary
	}
	return r.Uint64() & m
}

// laneValue returns a VMX register value as 32 hex digits: one element
// width (byte, halfword, word, doubleword or quadword) per vector, each
// lane an edge value (laneEdge) most of the time, or four single-precision
// lanes from fp32 (±0, ±inf, NaNs, denormals, ±1, extremes), or random bits.
func (g *gen) laneValue() string {
	r := g.rng
	var hi, lo uint64
	switch k := r.IntN(8); {
	case k < 5:
		w := []uint{8, 16, 32, 64, 128}[r.IntN(5)]
		if w == 128 {
			hi, lo = laneEdge(r, 64), r.Uint64()
			switch r.IntN(4) {
			case 0:
				lo = hi // 0, 1, ±max patterns across the whole register
			case 1:
				hi, lo = 0, laneEdge(r, 64)
			}
			break
		}
		for i := uint(0); i < 64/w; i++ {
			hi = hi<<w | laneEdge(r, w)
			lo = lo<<w | laneEdge(r, w)
		}
		if w == 64 {
			hi, lo = laneEdge(r, 64), laneEdge(r, 64)
		}
	case k < 7:
		hi = uint64(g.fp32())<<32 | uint64(g.fp32())
		lo = uint64(g.fp32())<<32 | uint64(g.fp32())
	default:
		hi, lo = r.Uint64(), r.Uint64()
	}
	return fmt.Sprintf("%016x%016x", hi, lo)
}

// ---------------------------------------------------------------- branches

// branchState sets CTR, LR and (for bctar) TAR for a branch.
func (g *gen) branchState(in *decode.Inst) {
	r := g.rng
	ctrCount := []uint64{0, 1, 2, 3, math.MaxUint64, 0x100000000, 0x100000001, 0xffffffff, 0x8000000000000000}
	switch g.op {
	case ppc64asm.BCLR, ppc64asm.BCLRL:
		g.put("lr", hex64(g.target(in)))
		g.put("ctr", hex64(ctrCount[r.IntN(len(ctrCount))]))
	case ppc64asm.BCCTR, ppc64asm.BCCTRL:
		g.put("ctr", hex64(g.target(in)))
		g.put("lr", hex64(g.codeAddr()))
	case ppc64asm.BCTAR, ppc64asm.BCTARL:
		g.put("ctr", hex64(ctrCount[r.IntN(len(ctrCount))]))
		if r.IntN(2) == 0 {
			g.put("lr", hex64(g.codeAddr()))
		}
		g.v2(func() { g.put("tar", hex64(g.target(in))) })
	default:
		g.put("ctr", hex64(ctrCount[r.IntN(len(ctrCount))]))
		if r.IntN(2) == 0 {
			g.put("lr", hex64(g.codeAddr()))
		}
	}
}

// codeAddr is a word address in the code region other than the CIA.
func (g *gen) codeAddr() uint64 {
	for {
		a := codeBase + 4*uint64(g.rng.IntN(codeSize/4))
		if g.rng.IntN(2) == 0 {
			a = cia + 4*uint64(g.rng.IntN(64)) - 128 // near the CIA
		}
		if a != cia {
			return a
		}
	}
}

// target returns an LR or CTR branch target: mostly in the code region,
// sometimes with the low two bits set (ignored by the branch), at an
// unmapped address or in non-executable scratch.
func (g *gen) target(in *decode.Inst) uint64 {
	r := g.rng
	switch r.IntN(12) {
	case 0:
		return []uint64{0, 0x60000000, codeBase + codeSize, codeBase - 4, 0xfffffffffffffffc, 0x8000000040080004}[r.IntN(6)]
	case 1:
		return scratchBase + 4*uint64(r.IntN(scratchSize/4))
	case 2:
		return g.codeAddr() | uint64(1+r.IntN(3))
	default:
		return g.codeAddr()
	}
}

// ---------------------------------------------------------------- memory

// memState points the base registers of a memory access into scratch.
func (g *gen) memState(in *decode.Inst, v *trace.Vector) {
	ra, rb, d := -1, -1, int64(0)
	k, a := &in.Kinds, &in.Args
	switch {
	case k[1] == decode.ArgOffset && k[2] == decode.ArgGPR: // RT, D, RA
		ra, d = int(a[2]), a[1]
	case k[0] == decode.ArgGPR && k[1] == decode.ArgGPR && in.Class == decode.ClassCache: // RA, RB
		ra, rb = int(a[0]), int(a[1])
	case k[1] == decode.ArgGPR && k[2] == decode.ArgGPR: // RT, RA, RB
		ra, rb = int(a[1]), int(a[2])
	case k[1] == decode.ArgGPR: // RT, RA[, NB|FC]
		ra = int(a[1])
	case k[0] == decode.ArgGPR && k[1] == decode.ArgOffset && k[2] == decode.ArgGPR: // hashst RB, D(RA)
		ra, d = int(a[2]), a[1]
	default:
		return
	}
	if in.Has(decode.FlagPCRel) {
		return // address relative to the CIA: nothing to point
	}
	size := int(in.Size)
	if size == 0 {
		size = 16
	}
	ea, inside := g.effectiveAddr(size)
	switch {
	case rb >= 0 && ra > 0 && ra == rb:
		ea &^= 1
		g.putGPR(ra, ea/2)
	case rb >= 0 && ra > 0:
		off := g.smallOffset()
		g.putGPR(rb, off)
		g.putGPR(ra, ea-off)
	case rb >= 0: // RA = 0: EA = RB
		g.putGPR(rb, ea)
	case ra > 0:
		g.putGPR(ra, ea-uint64(d))
	default:
		inside = false // (0)+D: a low address, unmapped
	}
	if inside && g.rng.IntN(4) == 0 {
		off := ea - scratchBase
		n := min(uint64(size), scratchSize-off)
		b := make([]byte, n)
		pat := []byte{0x00, 0xff, 0x80, 0x7f, 0x01, 0xfe}[g.rng.IntN(6)]
		for i := range b {
			b[i] = pat
		}
		if g.rng.IntN(2) == 0 {
			b[0] ^= 0x80 // sign bit in one byte order or the other
			b[len(b)-1] ^= 0x80
		}
		v.Mem = append(v.Mem, trace.Patch{Off: off, Bytes: b})
	}
}

// effectiveAddr picks an access address for size bytes: naturally aligned
// inside scratch mostly, unaligned sometimes, rarely just outside it or
// unmapped. inside says whether the access lies entirely in scratch.
func (g *gen) effectiveAddr(size int) (ea uint64, inside bool) {
	r := g.rng
	al := uint64(1)
	if size > 0 && size&(size-1) == 0 {
		al = uint64(size)
	}
	sz := uint64(size)
	switch k := r.IntN(24); {
	case k == 0:
		// Just outside: crossing either end, or fully past it.
		switch r.IntN(4) {
		case 0:
			return scratchBase - sz + uint64(r.IntN(size)), false
		case 1:
			return scratchBase + scratchSize - sz + 1 + uint64(r.IntN(size)), false
		case 2:
			return scratchBase + scratchSize + uint64(r.IntN(64)), false
		default:
			return []uint64{0, 0x60000000, 0x4fffff00, 0xffffffff_fffffff0}[r.IntN(4)], false
		}
	case k < 4:
		// Unaligned.
		return scratchBase + uint64(r.IntN(scratchSize-size+1)), true
	case k < 6:
		// At the ends of scratch.
		if r.IntN(2) == 0 {
			return scratchBase, true
		}
		return scratchBase + (scratchSize-sz)/al*al, true
	default:
		n := (scratchSize - sz) / al
		return scratchBase + al*uint64(r.IntN(int(n)+1)), true
	}
}

// smallOffset is an index register value for X-form accesses.
func (g *gen) smallOffset() uint64 {
	r := g.rng
	switch r.IntN(6) {
	case 0:
		return 0
	case 1:
		return uint64(-int64(r.IntN(0x1000)))
	case 2:
		return 1 << uint(r.IntN(12))
	default:
		return uint64(r.IntN(0x1000))
	}
}

// mmaOperand gives XA (both VSRs of XAp) or XB of an MMA rank-k update:
// integer lane edges (0, ±1, extremes: saturation), float values or random
// bits. The accumulator (ArgACC) gets vsrValue in each of its four VSRs.
func (g *gen) mmaOperand(in *decode.Inst, a int) {
	n := 1
	if a == int(in.Args[1]) && strings.Contains(in.Op.String(), "f64ger") {
		n = 2 // XAp
	}
	for k := range n {
		v := g.vsrValue(false)
		if g.rng.IntN(2) == 0 {
			v = g.laneValue()
		}
		g.put(fmt.Sprintf("vs%d", (a+k)&63), v)
	}
}
