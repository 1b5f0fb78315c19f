package emulate

// TLBSize is the number of entries of a first-level data page cache:
// pages that many apart share an entry.
const TLBSize = tlbSize

// NativeCalls is how many times e called generated code (EngineNative).
func NativeCalls(e *Emulator) uint64 {
	if e.nat == nil {
		return 0
	}
	return e.nat.calls
}

// RunCached reports whether Run's page cache holds a decoding of the
// instruction at addr (paged.go's fill).
func RunCached(e *Emulator, addr uint64) bool {
	ci := e.pages.code[addr/4096]
	return ci != nil && ci[addr%4096/4].bits&ciDecoded != 0
}

// SetNativePopcnt sets whether generated code uses POPCNT and returns a
// function that restores the setting.
func SetNativePopcnt(on bool) func() {
	old := nativePopcnt
	nativePopcnt = on
	return func() { nativePopcnt = old }
}

// BlockBuilt reports whether Run has decoded a block at addr for the
// block or native engine (block.go: only once the code there is hot).
func BlockBuilt(e *Emulator, addr uint64) bool {
	bs := e.pages.blocks[addr/4096]
	return bs != nil && bs[addr%4096/4] != nil
}

// SetNativeBlockHot makes e build a block under EngineNative once a line
// has been entered n times instead of blockHot (tests of the generated
// code, whose loops end too soon for the real threshold).
func SetNativeBlockHot(e *Emulator, n uint16) { e.pages.nativeHot = n }

// NativeIndirect is how many blocks of e's generated code end with an
// indirect branch (bclr, bcctr) that the code runs.
func NativeIndirect(e *Emulator) int {
	n := 0
	if e.nat == nil {
		return 0
	}
	for _, b := range e.nat.live {
		if b.nat != 0 && b.natBranch && int(b.natN) == len(b.ops) {
			if k := b.ops[len(b.ops)-1].kind; k != kB && k != kBc {
				n++
			}
		}
	}
	return n
}

// Epoch is e's block epoch (paged.go): it moves when code may have
// changed, and a block of an older epoch is checked before it runs.
func Epoch(e *Emulator) uint64 { return e.pages.epoch }

// DecodedSlots is how many slots for decoded instructions Run's page
// cache has given out (paged.go's pageCache.insts).
func DecodedSlots(e *Emulator) uint32 { return e.pages.nInsts }

// NativeCodeHeld reports whether the n bytes at p are in e's arena of
// generated code.
func NativeCodeHeld(e *Emulator, p uintptr, n int) bool {
	return e.nat != nil && e.nat.arena != nil && e.nat.arena.Holds(p, n)
}

// DropNativeCode frees e's generated code as a full arena does: blocks
// are translated again for a new generation.
func DropNativeCode(e *Emulator) {
	if e.nat != nil && e.nat.arena != nil {
		e.nat.drop()
	}
}
