package decode

// opsByName maps ppc64asm's op names ("add.", "ld", "bclr", …) to ops.
var opsByName = func() map[string]Op {
	m := make(map[string]Op, NumOps)
	for i := 1; i < NumOps; i++ {
		m[Op(i).String()] = Op(i)
	}
	return m
}()

// OpByName returns the op with the given name, as Op.String prints it (for
// example "add.", "ld", "bcctrl", "pld"). Op numbers change between x/arch
// versions; names are what files and command lines should use.
func OpByName(name string) (Op, bool) {
	op, ok := opsByName[name]
	return op, ok
}
