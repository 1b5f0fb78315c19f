package decode

// The tests call ppc64asm.Decode directly, some from several goroutines
// (TestDecodeMatchesPPC64ASMExhaustive, the fuzz workers): make its
// unsynchronised first call here, as Asm does.
func init() { asmReady() }
