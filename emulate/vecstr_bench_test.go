package emulate

import (
	"testing"

	p "golang.org/x/arch/ppc64/ppc64asm"
)

// BenchmarkStepVecString steps the vector ops of glibc's string and
// memory loops (POWER8 strspn/strcspn/strchrnul, POWER9/10 strlen and
// memcmp) with Step: BenchmarkStepVecString/lvx and so on, the loads from
// r4 (the scratch memory) indexed by r5.
func BenchmarkStepVecString(b *testing.B) {
	benchWords(b, benchMachine,
		enc(p.LVX, 0, 4, 5), enc(p.LXVD2X, 32, 4, 5), enc(p.LXV, 33, 16, 4), enc(p.STXV, 33, 32, 4),
		enc(p.VOR, 1, 2, 3), enc(p.VBPERMQ, 1, 2, 3), enc(p.VGBBD, 1, 2), enc(p.VMINUB, 1, 2, 3),
		enc(p.VCMPEQUBCC, 1, 2, 3), enc(p.VCMPNEBCC, 1, 2, 3), enc(p.VCTZLSBB, 3, 2))
}
