module github.com/ppc64emu/ppc64emu

go 1.25.0

require (
	github.com/google/go-cmp v0.7.0 // tests only: state diffs (library code uses regs.Diff)
	golang.org/x/arch v0.30.0
	golang.org/x/sys v0.47.0
)
