package emulate_test

import "testing"

// TestFPVectorLoadStoreQEMUTraces replays the QEMU 7.2 (-cpu power10)
// traces of the FP, VMX and VSX loads and stores in both byte orders.
//
// The files are unedited output of the project's harness
// (qemu-ppc64le -cpu power10 build/harness-le < vectors, and qemu-ppc64 with
// build/harness-be), with vectors chosen by hand:
//   - fpls: lfs/lfsx/lfsu/lfsux/plfs of single-precision specials (denormals
//     from the smallest up, ±infinity, signalling and quiet NaNs, ±0, the
//     largest normal), stfs and its forms of double-precision specials
//     (values that need denormalisation, exponents 874 and 873, double
//     denormals, values too large for single precision, signalling NaNs
//     whose payload is lost), lfd/stfd forms, lfiwax/lfiwzx sign cases,
//     stfiwx, the pair forms (including an odd lfdp, which QEMU executes),
//     PC-relative prefixed forms, and faults (unmapped, crossing the end
//     of scratch, update forms).
//   - vecls: lvx/stvx at aligned and unaligned addresses, lvebx/lvehx/lvewx
//     and stores at every byte offset of a quadword, lvsl/lvsr for every
//     shift, every VSX X-form load and store into VSR 3 and VSR 35, lxv,
//     plxv and their stores, scalar single-precision specials, DS-form
//     scalars, the length forms with lengths 0, 1, 7, 8, 15, 16, 17, 255
//     (and a length only in the low byte of RB, which is 0), pairs into
//     VSRs 0, 2, 34, 62, PC-relative forms, and faults.
func TestFPVectorLoadStoreQEMUTraces(t *testing.T) {
	files := []string{
		"testdata/qemu/fpls.le.txt", "testdata/qemu/fpls.be.txt",
		"testdata/qemu/vecls.le.txt", "testdata/qemu/vecls.be.txt",
	}
	stats := replayQEMU(t, files...)
	expectOps(t, stats, []string{
		"lfs", "lfsu", "lfsx", "lfsux", "lfd", "lfdu", "lfdx", "lfdux", "lfiwax", "lfiwzx", "lfdp", "lfdpx",
		"stfs", "stfsu", "stfsx", "stfsux", "stfd", "stfdu", "stfdx", "stfdux", "stfiwx", "stfdp", "stfdpx",
		"plfs", "plfd", "pstfs", "pstfd",
		"lvx", "lvxl", "stvx", "stvxl", "lvebx", "lvehx", "lvewx", "stvebx", "stvehx", "stvewx", "lvsl", "lvsr",
		"lxsd", "lxssp", "lxsdx", "lxsspx", "lxsiwax", "lxsiwzx", "lxsibzx", "lxsihzx",
		"lxv", "lxvx", "lxvd2x", "lxvw4x", "lxvh8x", "lxvb16x", "lxvdsx", "lxvwsx", "lxvl", "lxvll",
		"lxvrbx", "lxvrhx", "lxvrwx", "lxvrdx", "lxvp", "lxvpx", "plxv", "plxsd", "plxssp", "plxvp",
		"stxsd", "stxssp", "stxsdx", "stxsspx", "stxsiwx", "stxsibx", "stxsihx",
		"stxv", "stxvx", "stxvd2x", "stxvw4x", "stxvh8x", "stxvb16x", "stxvl", "stxvll",
		"stxvrbx", "stxvrhx", "stxvrwx", "stxvrdx", "stxvp", "stxvpx", "pstxv", "pstxsd", "pstxssp", "pstxvp",
	}, allAgree)
}
