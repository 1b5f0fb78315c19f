package decode_test

// A differential test against GNU objdump (binutils-powerpc64le-linux-gnu,
// installed by scripts/install-deps.sh): on random words in both byte orders
// and on every word of a real ppc64le library, objdump and Decode must agree
// on whether a word is an instruction and, if so, which one. Every tolerated
// disagreement is listed, with its reason, in allowedMismatchObjdump.

import (
	"bufio"
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
)

const objdumpTool = "powerpc64le-linux-gnu-objdump"

// crossLibc is a real ppc64le library shipped with the cross toolchain.
const crossLibc = "/usr/powerpc64le-linux-gnu/lib/libc.so.6"

func lookObjdump(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath(objdumpTool)
	if err != nil {
		t.Skipf("skipping: %s is not on PATH (install binutils-powerpc64le-linux-gnu, see scripts/install-deps.sh)", objdumpTool)
	}
	return path
}

// objInst is one instruction as objdump printed it.
type objInst struct {
	off  int    // byte offset in the input
	size int    // 4, or 8 for a prefixed instruction printed on two lines
	mnem string // first word of the text; ".long" for a word objdump rejects
	text string
}

// runObjdump disassembles buf as a raw binary in the given byte order with
// the POWER10 dialect and no extended mnemonics.
func runObjdump(t *testing.T, tool string, buf []byte, order binary.ByteOrder) []objInst {
	t.Helper()
	file := filepath.Join(t.TempDir(), "words.bin")
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	endian := "-EL"
	if order == binary.BigEndian {
		endian = "-EB"
	}
	cmd := exec.Command(tool, "-D", "-b", "binary", "-m", "powerpc:common64", "-M", "power10,raw", endian, file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", tool, err, stderr.Bytes())
	}
	return parseObjdump(t, out)
}

// parseObjdump reads lines such as
//
//	4:	06 00 10 04 	pld     r3,393216(0),1	# 60004
//	8:	00 00 60 e4
//
// where the second, text-less line holds the suffix of a prefixed
// instruction.
func parseObjdump(t *testing.T, out []byte) []objInst {
	t.Helper()
	var insts []objInst
	objdumpLines(t, out, func(off uint64, hex, text, line string) {
		if len(strings.Fields(hex)) != 4 {
			return
		}
		if text == "" {
			// Suffix of the previous (prefixed) instruction.
			if n := len(insts); n > 0 && insts[n-1].off+4 == int(off) {
				insts[n-1].size = 8
				return
			}
			t.Fatalf("objdump: text-less line without a prefix before it: %q", line)
		}
		mnem, _, _ := strings.Cut(text, " ")
		insts = append(insts, objInst{off: int(off), size: 4, mnem: mnem, text: text})
	})
	return insts
}

// objdumpLines calls fn for each line of objdump's output of the form
// "ADDR:<TAB>HEX BYTES<TAB>TEXT", with the text trimmed ("" for the
// second line of a prefixed instruction).
func objdumpLines(t *testing.T, out []byte, fn func(addr uint64, hex, text, line string)) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		addr, rest, ok := strings.Cut(line, ":\t")
		if !ok {
			continue
		}
		a, err := strconv.ParseUint(strings.TrimSpace(addr), 16, 64)
		if err != nil {
			continue
		}
		hex, text, _ := strings.Cut(rest, "\t")
		fn(a, hex, strings.TrimSpace(text), line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// objdumpName maps an objdump (-M raw) mnemonic to the name ppc64asm gives
// the same instruction, where they differ only in spelling.
func objdumpName(mnem string) string {
	switch mnem {
	// binutils 2.40 prints the MMA accumulator moves with their
	// dense-math names.
	case "dmsetaccz":
		return "xxsetaccz"
	case "dmxxmfacc":
		return "xxmfacc"
	case "dmxxmtacc":
		return "xxmtacc"
	}
	// ... and the MMA outer products (xvf32ger → dmxvf32ger).
	if s, ok := strings.CutPrefix(mnem, "dmxv"); ok {
		return "xv" + s
	}
	if s, ok := strings.CutPrefix(mnem, "pmdmxv"); ok {
		return "pmxv" + s
	}
	return mnem
}

// ppc64asmName maps a ppc64asm op name to objdump's base mnemonic.
// ppc64asm splits the compares by their L field (cmpw, cmpd, …) where the
// ISA and objdump -M raw have one op with an L operand.
func ppc64asmName(op decode.Op) string {
	name := op.String()
	switch name {
	case "li":
		return "addi"
	case "lis":
		return "addis"
	case "nop":
		return "ori"
	case "cmpw", "cmpd":
		return "cmp"
	case "cmpwi", "cmpdi":
		return "cmpi"
	case "cmplw", "cmpld":
		return "cmpl"
	case "cmplwi", "cmpldi":
		return "cmpli"
	}
	return name
}

// allowedMismatchObjdump returns why a disagreement between objdump and
// Decode is acceptable, or "" if it is not. This is the only place where
// disagreements are tolerated; each case names its reason.
func allowedMismatchObjdump(oi objInst, in *decode.Inst, err error) string {
	objRejects := oi.mnem == ".long"
	if objRejects && err == nil {
		switch {
		case in.Invalid&decode.InvalidForm != 0:
			// ldu r3,0(0), pld with R=1 and RA≠0, odd register pairs…
			return "objdump rejects an invalid form; Decode accepts it and sets InvalidForm"
		case in.Invalid&decode.InvalidReservedBits != 0:
			return "objdump rejects a word with reserved bits set; Decode accepts it and sets InvalidReservedBits"
		}
		switch in.Op {
		case ppc64asm.BC, ppc64asm.BCA, ppc64asm.BCL, ppc64asm.BCLA,
			ppc64asm.BCLR, ppc64asm.BCLRL, ppc64asm.BCCTR, ppc64asm.BCCTRL,
			ppc64asm.BCTAR, ppc64asm.BCTARL:
			if boReserved(in.Args[0]) {
				return "objdump rejects a BO with a z bit set or the reserved at=0b01 hint; the ISA ignores them"
			}
		case ppc64asm.LFDP, ppc64asm.LFDPX, ppc64asm.STFDP, ppc64asm.STFDPX:
			return "binutils has no POWER7+ dialect for the lfdp family; ppc64asm keeps it (Book I still defines it)"
		case ppc64asm.MFOCRF, ppc64asm.MTOCRF:
			if bits.OnesCount64(uint64(in.Args[argIndex(in, decode.ArgImm)])) != 1 {
				return "objdump rejects mfocrf/mtocrf whose FXM has not exactly one bit set (the ISA leaves the result undefined)"
			}
		case ppc64asm.MFTB:
			return "binutils' power10 dialect has no mftb (phased out; mfspr reads the time base); ppc64asm keeps it"
		case ppc64asm.LSWX:
			if in.Args[0] == in.Args[1] || in.Args[0] == in.Args[2] {
				return "objdump rejects lswx with RT = RA or RB; the ISA makes it invalid only if XER's byte count reaches them (checked at execution)"
			}
		}
	}
	if !objRejects && errors.Is(err, decode.ErrUnknown) {
		switch oi.mnem {
		case "tbegin.", "tend.", "tabort.", "tabortwc.", "tabortdc.", "tabortwci.", "tabortdci.",
			"tsr.", "tcheck", "treclaim.", "trechkpt.", "tsuspend.", "tresume.":
			return "transactional memory: removed in ISA 3.1, unknown to ppc64asm, still printed by objdump"
		case "attn", "dst", "dstt", "dstst", "dststt", "dss", "dssall", "eciwx", "ecowx", "icswx", "icswx.", "pbt.":
			return "not in ISA 3.1 (POWER4 attn, AltiVec data streams, external control, icswx…), unknown to ppc64asm, accepted by objdump"
		}
	}
	return ""
}

// boReserved reports whether a BO field has a z bit set or the reserved
// hint at=0b01 (Power ISA Book I, BO field encodings: 0000z 0001z 001at
// 0100z 0101z 011at 1a00t 1a01t 1z1zz).
func boReserved(bo int64) bool {
	switch {
	case bo&0x14 == 0: // 0000z, 0001z, 0100z, 0101z
		return bo&0x01 != 0
	case bo&0x14 == 0x14: // 1z1zz
		return bo&0x0b != 0
	case bo&0x14 == 0x04: // 001at, 011at
		return bo&0x03 == 0x01
	default: // 1a00t, 1a01t
		return bo&0x09 == 0x01
	}
}

// argIndex returns the index of the first operand of the given kind.
func argIndex(in *decode.Inst, k decode.ArgKind) int {
	for i := 0; i < int(in.NArgs); i++ {
		if in.Kinds[i] == k {
			return i
		}
	}
	return len(in.Args) - 1
}

// objdumpStats counts agreements and tolerated disagreements.
type objdumpStats struct {
	total, bothAccept, bothReject int
	allowed                       map[string]int
	failures                      int
}

func (s *objdumpStats) log(t *testing.T, what string) {
	t.Helper()
	agree := s.bothAccept + s.bothReject
	t.Logf("%s: %d instructions; agree %d (%.3f%%: %d both accept with the same op, %d both reject); %d tolerated, %d failures",
		what, s.total, agree, 100*float64(agree)/float64(max(s.total, 1)), s.bothAccept, s.bothReject,
		s.total-agree-s.failures, s.failures)
	reasons := make([]string, 0, len(s.allowed))
	for r := range s.allowed {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		t.Logf("  tolerated %6d × %s", s.allowed[r], r)
	}
}

// compareObjdump checks every instruction objdump printed for buf against
// Decode at the same offset.
func compareObjdump(t *testing.T, what string, buf []byte, order binary.ByteOrder, insts []objInst) *objdumpStats {
	t.Helper()
	st := &objdumpStats{allowed: map[string]int{}}
	const maxReport = 40
	for _, oi := range insts {
		st.total++
		in, err := decode.Decode(buf[oi.off:], order)
		objRejects := oi.mnem == ".long"
		switch {
		case objRejects && err != nil:
			st.bothReject++
			continue
		case !objRejects && err == nil &&
			ppc64asmName(in.Op) == objdumpName(oi.mnem) && int(in.Len) == oi.size:
			st.bothAccept++
			continue
		}
		if why := allowedMismatchObjdump(oi, &in, err); why != "" {
			st.allowed[why]++
			continue
		}
		st.failures++
		if st.failures <= maxReport {
			w := order.Uint32(buf[oi.off:])
			enc := fmt.Sprintf("%08x", w)
			if w>>26 == 1 && oi.off+8 <= len(buf) {
				enc += fmt.Sprintf(":%08x", order.Uint32(buf[oi.off+4:]))
			}
			ours := "error: " + errString(err)
			if err == nil {
				ours = fmt.Sprintf("%s (len %d, invalid %d) %s", in.Op, in.Len, in.Invalid, in.String())
			}
			t.Errorf("%s %s at %#x: objdump %q (len %d), Decode %s", what, enc, oi.off, oi.text, oi.size, ours)
		}
	}
	if st.failures > maxReport {
		t.Errorf("%s: %d more disagreements not shown", what, st.failures-maxReport)
	}
	st.log(t, what)
	return st
}

func errString(err error) string {
	switch {
	case err == nil:
		return "none"
	case errors.Is(err, decode.ErrUnknown):
		return "unknown"
	case errors.Is(err, decode.ErrTruncated):
		return "truncated"
	}
	return err.Error()
}

// randomWords returns n words of random bytes. One position in 16 is a
// prefix word (primary opcode 1) followed by a suffix with the primary
// opcode of a prefixable instruction, so that prefixed instructions get
// coverage beyond the 1/64 of purely random words.
func randomWords(seed uint64, n int, order binary.AppendByteOrder) []byte {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	suffixOps := []uint32{14, 32, 34, 36, 38, 40, 41, 42, 44, 46, 48, 50, 52, 54, 56, 57, 58, 59, 60, 61, 62, 63, 42, 43, 46, 47, 50, 51, 53, 54, 55}
	buf := make([]byte, 0, 4*n)
	for len(buf) < 4*n {
		if r.IntN(16) == 0 && len(buf) <= 4*n-8 {
			p := 1<<26 | r.Uint32()&(1<<26-1)
			s := suffixOps[r.IntN(len(suffixOps))]<<26 | r.Uint32()&(1<<26-1)
			buf = order.AppendUint32(buf, p)
			buf = order.AppendUint32(buf, s)
			continue
		}
		buf = order.AppendUint32(buf, r.Uint32())
	}
	return buf
}

// orderBoth is a byte order that can also append.
type orderBoth interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

func TestObjdumpRandom(t *testing.T) {
	tool := lookObjdump(t)
	n := 150_000
	if testing.Short() {
		n = 20_000
	}
	for i, order := range []orderBoth{binary.LittleEndian, binary.BigEndian} {
		t.Run(order.String(), func(t *testing.T) {
			buf := randomWords(uint64(i+1), n, order)
			insts := runObjdump(t, tool, buf, order)
			compareObjdump(t, "random "+order.String(), buf, order, insts)
		})
	}
}

// TestObjdumpLibc compares every word of the executable sections of the
// cross toolchain's libc.
func TestObjdumpLibc(t *testing.T) {
	tool := lookObjdump(t)
	f, err := elf.Open(crossLibc)
	if err != nil {
		t.Skipf("skipping: %s cannot be opened (install gcc-powerpc64le-linux-gnu): %v", crossLibc, err)
	}
	defer f.Close()
	if f.Machine != elf.EM_PPC64 {
		t.Fatalf("%s: machine %v, want EM_PPC64", crossLibc, f.Machine)
	}
	var code []byte
	for _, s := range execSections(t, f) {
		code = append(code, s.data[:len(s.data)&^3]...)
	}
	if testing.Short() && len(code) > 1<<19 {
		code = code[:1<<19]
	}
	insts := runObjdump(t, tool, code, f.ByteOrder)
	st := compareObjdump(t, "libc", code, f.ByteOrder, insts)
	if st.total < len(code)/8 {
		t.Errorf("objdump printed only %d instructions for %d bytes of code", st.total, len(code))
	}
}
