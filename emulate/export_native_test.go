package emulate

// NativeCalls is how many times e called generated code (EngineNative).
func NativeCalls(e *Emulator) uint64 {
	if e.nat == nil {
		return 0
	}
	return e.nat.calls
}
