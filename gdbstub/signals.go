package gdbstub

// Linux signal numbers the Server itself uses.
const (
	sigINT  = 2
	sigTRAP = 5
	sigKILL = 9
)

// SigTrap is SIGTRAP's Linux number, the signal of a Stop at a breakpoint
// or after a step (for targets without a Linux ABI package).
const SigTrap = sigTRAP

// SignalSet is a set of Linux signal numbers 1 to 64 (bit sig-1).
type SignalSet uint64

// Has reports whether sig is in the set.
func (s SignalSet) Has(sig int) bool { return sig >= 1 && sig <= 64 && s&(1<<(sig-1)) != 0 }

// With returns the set with sig added (unchanged if sig is not 1 to 64).
func (s SignalSet) With(sig int) SignalSet {
	if sig < 1 || sig > 64 {
		return s
	}
	return s | 1<<(sig-1)
}

// linuxToGDB maps Linux signal numbers (powerpc64, index) to GDB's remote
// protocol signal numbers (GDB's gdb/signals.def numbering). Signals GDB has
// no number for map to GDB_SIGNAL_UNKNOWN (143).
var linuxToGDB = [...]int{
	0, 1, 2, 3, 4, 5, 6,
	10, // SIGBUS
	8, 9,
	30, // SIGUSR1
	11,
	31, // SIGUSR2
	13, 14, 15,
	143, // SIGSTKFLT
	20,  // SIGCHLD
	19,  // SIGCONT
	17,  // SIGSTOP
	18,  // SIGTSTP
	21, 22,
	16, // SIGURG
	24, 25, 26, 27, 28,
	23, // SIGIO
	32, // SIGPWR
	12, // SIGSYS
}

const gdbSignalUnknown = 143

// toGDBSignal translates a Linux signal number to GDB's.
func toGDBSignal(sig int) int {
	switch {
	case sig >= 0 && sig < len(linuxToGDB):
		return linuxToGDB[sig]
	case sig == 32:
		return 77 // GDB_SIGNAL_REALTIME_32
	case sig >= 33 && sig <= 63:
		return 45 + sig - 33 // GDB_SIGNAL_REALTIME_33..63
	case sig == 64:
		return 78 // GDB_SIGNAL_REALTIME_64
	}
	return gdbSignalUnknown
}

// fromGDBSignal translates GDB's signal number to Linux's (0 if none).
func fromGDBSignal(g int) int {
	for sig := range 65 {
		if toGDBSignal(sig) == g && g != gdbSignalUnknown {
			return sig
		}
	}
	return 0
}
