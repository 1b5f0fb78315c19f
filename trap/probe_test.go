package trap

import (
	"errors"
	"testing"
)

// Every instruction on the Linux can_single_step refusal list
// (reference/linux-abi.md §5.1), with a real encoding (checked against GNU
// objdump, with -M e500mc for the BookE rf*i and -M power8 for the
// power-saving instructions removed in ISA 3.0).
var noStepTests = []struct {
	word   uint32
	name   string
	isTrap bool
}{
	{0x08000000, "tdi", true},       // tdi 0,r0,0
	{0x0883ffff, "tdi", true},       // tdeqi r3,-1
	{0x0c000000, "twi", true},       // twi 0,r0,0
	{0x0fe00000, "twi", true},       // twui r0,0
	{0x44000002, "sc", false},       // sc
	{0x44000fe2, "sc", false},       // sc 127 (LEV=127)
	{0x44000001, "scv", false},      // scv 0
	{0x44000000, "sc/scv", false},   // opcode 17, neither form
	{0x4c000024, "rfid", false},     // rfid (PPC_INST_RFID)
	{0x4c00004c, "rfmci", false},    // rfmci
	{0x4c00004e, "rfdi", false},     // rfdi
	{0x4c000064, "rfi", false},      // rfi
	{0x4c000066, "rfci", false},     // rfci
	{0x4c0000a4, "rfscv", false},    // rfscv
	{0x4c000224, "hrfid", false},    // hrfid
	{0x4c000264, "urfid", false},    // urfid
	{0x4c0002e4, "stop", false},     // stop
	{0x4c000324, "doze", false},     // doze
	{0x4c000364, "nap", false},      // nap
	{0x4c0003a4, "sleep", false},    // sleep
	{0x4c0003e4, "rvwinkle", false}, // rvwinkle
	{0x4c000025, "rfid", false},     // rfid with bit 31 set: the XO test ignores it
	{0x7c000008, "tw", true},        // tw 0,r0,r0
	{0x7fe00008, "tw", true},        // trap (LinuxBreakpoint)
	{0x7d821008, "tw", true},        // twge r2,r2 (GDBBreakpoint)
	{0x7c632009, "tw", true},        // tw 3,r3,r4 with bit 31 set
	{0x7c000088, "td", true},        // td 0,r0,r0
	{0x7c000124, "mtmsr", false},    // mtmsr r0
	{0x7c000164, "mtmsrd", false},   // mtmsrd r0 (PPC_INST_MTMSRD)
	{0x7c010164, "mtmsrd", false},   // mtmsrd r0,1
}

// Instructions that may be stepped, several of them neighbours of refused
// encodings.
var mayStep = []uint32{
	0x60000000, // nop
	0x4c00012c, // isync (19/150)
	0x4e800020, // blr (19/16)
	0x4c000000, // mcrf (19/0)
	0x7c0000a6, // mfmsr (31/83)
	0x7c000214, // add
	0x7c0004ac, // sync
	0x7c00000a, // 31/5
	0x7c000408, // 31/516
	0x04100000, // pld prefix: the suffix is not examined
	0x04000000, // 8LS prefix
	0x06000000, // MLS prefix
	0xe4600000, // a suffix word on its own (ld form)
	0x48000000, // b .
	0x00000000,
}

func TestCanSingleStep(t *testing.T) {
	for _, tc := range noStepTests {
		if CanSingleStep(tc.word) {
			t.Errorf("CanSingleStep(%#08x %s) = true, want false", tc.word, tc.name)
		}
		if got := noStepName(tc.word); got != tc.name {
			t.Errorf("noStepName(%#08x) = %q, want %q", tc.word, got, tc.name)
		}
		if IsTrap(tc.word) != tc.isTrap {
			t.Errorf("IsTrap(%#08x %s) = %v", tc.word, tc.name, !tc.isTrap)
		}
	}
	for _, w := range mayStep {
		if !CanSingleStep(w) {
			t.Errorf("CanSingleStep(%#08x) = false, want true (refused as %q)", w, noStepName(w))
		}
	}
}

const (
	pldPrefix = 0x04100000 // pld r3,0(0),1: prefix word (8LS, R=1)
	pldSuffix = 0xe4600000 // and its suffix
	nop       = 0x60000000
)

func TestUprobeCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		u    Uprobe
		addr uint64
		word uint32
		want error
	}{
		{"nop", Uprobe{}, 0x10000000, nop, nil},
		{"misaligned +1", Uprobe{}, 0x10000001, nop, ErrMisaligned},
		{"misaligned +2", Uprobe{}, 0x10000002, nop, ErrMisaligned},
		{"misaligned +3", Uprobe{}, 0x10000003, nop, ErrMisaligned},
		{"misaligned trap", Uprobe{}, 0x10000002, LinuxBreakpoint, ErrMisaligned},
		{"trap", Uprobe{}, 0x10000000, LinuxBreakpoint, ErrTrapInstruction},
		{"gdb breakpoint", Uprobe{}, 0x10000000, GDBBreakpoint, ErrTrapInstruction},
		{"twi", Uprobe{}, 0x10000000, 0x0c83ffff, ErrTrapInstruction},
		{"tdi", Uprobe{}, 0x10000000, 0x08000000, ErrTrapInstruction},
		{"td", Uprobe{}, 0x10000000, 0x7c000088, ErrTrapInstruction},
		{"sc", Uprobe{}, 0x10000000, 0x44000002, ErrCannotSingleStep},
		{"scv", Uprobe{}, 0x10000000, 0x44000001, ErrCannotSingleStep},
		{"rfid", Uprobe{}, 0x10000000, 0x4c000024, ErrCannotSingleStep},
		{"mtmsrd", Uprobe{}, 0x10000000, 0x7c000164, ErrCannotSingleStep},
		{"stop", Uprobe{}, 0x10000000, 0x4c0002e4, ErrCannotSingleStep},
		// Prefix in the last word of a 64-byte block: (addr & 0x3f) == 60.
		{"prefix at 60", Uprobe{}, 0x1000003c, pldPrefix, ErrPrefixBoundary},
		{"prefix at 124", Uprobe{}, 0x1000007c, pldPrefix, ErrPrefixBoundary},
		{"prefix at 56", Uprobe{}, 0x10000038, pldPrefix, nil},
		{"prefix at 0", Uprobe{}, 0x10000040, pldPrefix, nil},
		{"non-prefix at 60", Uprobe{}, 0x1000003c, nop, nil},
		{"prefix at 60 before ISA 3.1", Uprobe{NoISA31: true}, 0x1000003c, pldPrefix, nil},
		{"misaligned prefix at 61", Uprobe{}, 0x1000003d, pldPrefix, ErrMisaligned},
		// Uprobes do not check for a suffix.
		{"suffix word", Uprobe{}, 0x10000004, pldSuffix, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.u.Check(tc.addr, tc.word)
			checkProbeErr(t, err, tc.want, "uprobe", tc.addr, tc.word)
			if tc.u == (Uprobe{}) {
				if err2 := CheckUprobe(tc.addr, tc.word); !sameErr(err, err2) {
					t.Errorf("CheckUprobe = %v, Uprobe{}.Check = %v", err2, err)
				}
			}
		})
	}
}

func TestKprobeCheck(t *testing.T) {
	for _, tc := range []struct {
		name       string
		k          Kprobe
		addr       uint64
		word, prev uint32
		want       error
	}{
		{"nop", Kprobe{}, 0xc000000000001004, nop, nop, nil},
		{"misaligned", Kprobe{}, 0xc000000000001006, nop, nop, ErrMisaligned},
		{"trap", Kprobe{}, 0xc000000000001004, LinuxBreakpoint, nop, ErrTrapInstruction},
		{"twi", Kprobe{}, 0xc000000000001004, 0x0c83ffff, nop, ErrTrapInstruction},
		{"sc", Kprobe{}, 0xc000000000001004, 0x44000002, nop, ErrCannotSingleStep},
		{"rfid", Kprobe{}, 0xc000000000001004, 0x4c000024, nop, ErrCannotSingleStep},
		{"mtmsr", Kprobe{}, 0xc000000000001004, 0x7c000124, nop, ErrCannotSingleStep},
		{"nap", Kprobe{}, 0xc000000000001004, 0x4c000364, nop, ErrCannotSingleStep},
		// The previous word is a prefix: addr is its suffix.
		{"suffix", Kprobe{}, 0xc000000000001004, pldSuffix, pldPrefix, ErrSuffix},
		{"suffix 4K", Kprobe{PageSize: PageSize4K}, 0xc000000000001004, pldSuffix, pldPrefix, ErrSuffix},
		// Page-aligned: the previous word is not looked at.
		{"suffix page-aligned 64K", Kprobe{}, 0xc000000000010000, pldSuffix, pldPrefix, nil},
		{"suffix 4K-aligned, 64K pages", Kprobe{}, 0xc000000000001000, pldSuffix, pldPrefix, ErrSuffix},
		{"suffix 4K-aligned, 4K pages", Kprobe{PageSize: PageSize4K}, 0xc000000000001000, pldSuffix, pldPrefix, nil},
		{"suffix 4K-aligned, explicit 64K", Kprobe{PageSize: PageSize64K}, 0xc000000000001000, pldSuffix, pldPrefix, ErrSuffix},
		// The prefix itself may be probed, even at the end of a block: the
		// 64-byte rule is a uprobe rule.
		{"prefix", Kprobe{}, 0xc000000000001000, pldPrefix, nop, nil},
		{"prefix at 60", Kprobe{}, 0xc00000000000103c, pldPrefix, nop, nil},
		// A refused instruction is reported before the suffix rule.
		{"sc after a prefix", Kprobe{}, 0xc000000000001004, 0x44000002, pldPrefix, ErrCannotSingleStep},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.k.Check(tc.addr, tc.word, tc.prev)
			checkProbeErr(t, err, tc.want, "kprobe", tc.addr, tc.word)
			if tc.k == (Kprobe{}) {
				if err2 := CheckKprobe(tc.addr, tc.word, tc.prev); !sameErr(err, err2) {
					t.Errorf("CheckKprobe = %v, Kprobe{}.Check = %v", err2, err)
				}
			}
			if errors.Is(err, ErrSuffix) {
				var pe *ProbeError
				if errors.As(err, &pe); pe.Prev != tc.prev {
					t.Errorf("ProbeError.Prev = %#08x, want %#08x", pe.Prev, tc.prev)
				}
			}
		})
	}
}

var sentinels = []error{ErrMisaligned, ErrTrapInstruction, ErrCannotSingleStep, ErrPrefixBoundary, ErrSuffix}

func checkProbeErr(t *testing.T, err, want error, probe string, addr uint64, word uint32) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("got %v, want nil", err)
		}
		return
	}
	var pe *ProbeError
	if !errors.As(err, &pe) {
		t.Fatalf("got %v (%T), want a *ProbeError wrapping %v", err, err, want)
	}
	if pe.Probe != probe || pe.Addr != addr || pe.Word != word || pe.Err != want {
		t.Errorf("got %+v, want %s at %#x word %#08x: %v", *pe, probe, addr, word, want)
	}
	if errors.Unwrap(err) != want {
		t.Errorf("errors.Unwrap = %v, want %v", errors.Unwrap(err), want)
	}
	// Exactly the expected sentinels match; a trap also matches
	// ErrCannotSingleStep.
	for _, s := range sentinels {
		wantIs := s == want || (want == ErrTrapInstruction && s == ErrCannotSingleStep)
		if errors.Is(err, s) != wantIs {
			t.Errorf("errors.Is(%v, %v) = %v, want %v", err, s, !wantIs, wantIs)
		}
	}
	if (want == ErrTrapInstruction || want == ErrCannotSingleStep) && pe.Insn == "" {
		t.Errorf("Insn not set in %v", err)
	}
}

func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}

func TestProbeErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{CheckUprobe(0x10000000, 0x44000002),
			"trap: instruction must not be single-stepped: uprobe at 0x10000000, word 0x44000002 (sc)"},
		{CheckUprobe(0x10000000, LinuxBreakpoint),
			"trap: probed instruction is a trap: uprobe at 0x10000000, word 0x7fe00008 (tw)"},
		{CheckUprobe(0x1000003c, pldPrefix),
			"decode: prefixed instruction crosses a 64-byte boundary: uprobe at 0x1000003c, word 0x04100000"},
		{CheckUprobe(0x10000002, nop),
			"trap: probe address is not 4-byte aligned: uprobe at 0x10000002, word 0x60000000"},
		{CheckKprobe(0x1004, pldSuffix, pldPrefix),
			"trap: probe on the suffix of a prefixed instruction: kprobe at 0x1004, word 0xe4600000, after prefix 0x04100000"},
		{CheckKprobe(0x1004, 0x4c000024, nop),
			"trap: instruction must not be single-stepped: kprobe at 0x1004, word 0x4c000024 (rfid)"},
	} {
		if tc.err == nil {
			t.Errorf("nil error, want %q", tc.want)
			continue
		}
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q\n           want %q", got, tc.want)
		}
	}
}
