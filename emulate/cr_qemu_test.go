package emulate_test

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/trace"
)

// TestCRSPRQEMUTraces replays the QEMU 7.2 (-cpu power10) traces of the
// compare, CR, SPR, trap and system instructions in both byte orders.
//
// The files are unedited output of the project's harness
// (qemu-ppc64le -cpu power10 build/harness-le < vectors, and qemu-ppc64 with
// build/harness-be): cmprb/cmpeqb edge ranges, setb over every field and
// bit pattern, setbc… over several bits, isel with RA=0, mcrxrx, every mcrf
// pair, the CR logical ops over the four input combinations, mfcr/mfocrf/
// mtcrf/mtocrf with one-hot, several and no FXM bits, reserved bits QEMU
// accepts or refuses, mfspr/mtspr of emulated, unknown, no-op and
// privileged SPR numbers, mftb, the privileged system instructions in
// problem state, tw/td/twi/tdi with every TO bit, and bclr/bcctr/bctar
// with reserved bits and bcctr[l] with BO[2]=0 (Difference
// "bcctr-decrement").
//
// Left out on purpose (QEMU 7.2 disagrees with the ISA, see the Differences
// notes in spr.go): mfspr 284/285/287 in problem state (QEMU returns the
// time base and the PVR instead of a privileged-SPR exception), urfid and
// rfscv (QEMU user mode does not know them: illegal instead of
// privileged), and mtspr 256 (VRSAVE is not captured by the harness, so
// its trace shows no change).
func TestCRSPRQEMUTraces(t *testing.T) {
	files := []string{
		"testdata/qemu/cr.le.txt", "testdata/qemu/cr.be.txt",
		"testdata/qemu/spr.le.txt", "testdata/qemu/spr.be.txt",
	}
	stats := replayQEMU(t, files...)

	// mfspr of SPRs QEMU provides but regs.Regs does not hold (136, 259,
	// 768, 779) gives QEMU's values (spr-hooked-qemu); mftb and mfspr 269 are accepted
	// divergences (the time base, and TBR values QEMU treats as mfspr);
	// the harness refuses mtspr 898 (not captured). "(unknown)" are nap,
	// sleep, rvwinkle and doze: illegal (removed in ISA 3.0).
	notEmulated := map[string]int{}
	skipped := map[string]int{"mftb": 10 * 2, "mfspr": 2, "mtspr": 2}
	expectOps(t, stats, []string{
		"cmpd", "cmpdi", "cmpeqb", "cmplw", "cmprb", "cmpw",
		"crand", "crandc", "creqv", "crnand", "crnor", "cror", "crorc", "crxor",
		"isel", "mcrf", "mcrxrx", "mfcr", "mfocrf", "mtcrf", "mtocrf",
		"setb", "setbc", "setbcr", "setnbc", "setnbcr",
		"mfspr", "mtspr", "mftb", "mfmsr", "mtmsr", "mtmsrd", "rfid", "hrfid", "stop",
		"tw", "td", "twi", "tdi", "(unknown)",
		"bcctr", "bcctrl", "bclr", "bclrl", "bctar", "bctarl",
	}, func(s trace.OpStats) bool {
		return s.Agree+s.NotEmulated+s.Skipped == s.Vectors && s.NotEmulated == notEmulated[s.Op] &&
			s.Skipped == skipped[s.Op] && !(s.Vectors > s.Skipped && s.Agree == 0)
	})
}
