package record

import (
	"errors"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Version is the version of the log format this package writes
// (docs/record-format.md). It reads logs of this version and of versions
// 2, which logs a page read in from a file (mem.ChangeFill) as a write
// (Session.ReadMemory can look ahead only for read-only pages in one),
// and 1, which has no take records either (a replay of one does not stop
// at the signals the program took).
const Version = 3

// magic begins every log.
const magic = "ppc64emu-record\n"

// Errors of reading or replaying a log. Every failure of Reader and Replay
// wraps one of them (errors.Is).
var (
	// ErrFormat: the file is not a log (no magic) or a record is malformed.
	ErrFormat = errors.New("record: malformed log")
	// ErrTruncated: the log ends inside a record, or before its exit record.
	ErrTruncated = errors.New("record: log truncated")
	// ErrVersion: the log is of another format version or register layout.
	ErrVersion = errors.New("record: log of another version")
	// ErrDiverged: the replay did not follow the recording (a register
	// hash, a step count, a time base value or a memory change disagrees).
	ErrDiverged = errors.New("record: replay diverged from the recording")
)

// Kind is the kind of a record.
type Kind uint8

// The record kinds (docs/record-format.md describes each payload).
const (
	KindSpace    Kind = iota + 1 // a new, empty address space
	KindMem                      // a change of an address space (mem.Change)
	KindThread                   // a new thread: its address space and whole Context
	KindSwitch                   // the thread that runs from here on
	KindUse                      // a thread now uses another address space (execve)
	KindRun                      // the running thread executes N instructions
	KindRetire                   // the runner completed one instruction (sc, an emulated one)
	KindContext                  // the runner changed words of a thread's Context
	KindTimeBase                 // a time base value read by mftb
	KindDarn                     // a darn result
	KindSyscall                  // a system call: thread, number, hash of the Context at entry
	KindOutput                   // bytes the program wrote to the runner's stdout or stderr
	KindSignal                   // a signal handler is entered (the frame is in Mem/Context records)
	KindExit                     // the end: status, instruction count, each thread's Context hash
	KindReset                    // the whole state follows: the instruction count, then spaces, threads, switch
	KindTake                     // a thread takes a signal to deliver it, where a debugger is told of it (version 2)
	numKinds
)

var kindNames = [numKinds]string{"?", "space", "mem", "thread", "switch", "use", "run", "retire", "context",
	"timebase", "darn", "syscall", "output", "signal", "exit", "reset", "take"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "kind?"
}

// A Context is encoded as ContextWords 64-bit words, in this order: the
// registers by emulate.Reg up to RegVSR0 (r0…r31, then regs' scalar
// registers), the VSRs as (Hi, Lo) pairs, the reservation (valid, address,
// size), the copy buffer (valid, then its 128 bytes as 16 big-endian
// words) and the primed accumulators.
const (
	wordVSR      = int(emulate.RegVSR0)
	wordResv     = wordVSR + 2*64
	wordCopy     = wordResv + 3
	wordPrimed   = wordCopy + 1 + 16
	ContextWords = wordPrimed + 1
)

// layoutID identifies the register layout in the header: a log written
// with another one is refused (ErrVersion).
const layoutID = uint64(ContextWords)<<16 | uint64(regs.NumScalarRegs)

// words returns c as ContextWords words.
func words(c *emulate.Context, w *[ContextWords]uint64) {
	r := &c.Regs
	copy(w[:32], r.GPR[:])
	for g := emulate.RegNIP; g < emulate.RegVSR0; g++ {
		w[g] = g.Get(r).Lo
	}
	for i, v := range r.VSR {
		w[wordVSR+2*i], w[wordVSR+2*i+1] = v.Hi, v.Lo
	}
	w[wordResv], w[wordResv+1], w[wordResv+2] = b2u(c.Resv.Valid), c.Resv.Addr, uint64(c.Resv.Size)
	w[wordCopy] = b2u(c.Copy.Valid)
	for i := range 16 {
		var v uint64
		for _, b := range c.Copy.Data[8*i : 8*i+8] {
			v = v<<8 | uint64(b)
		}
		w[wordCopy+1+i] = v
	}
	w[wordPrimed] = uint64(c.Primed)
}

// setWord sets word i of c's encoding to v; i < ContextWords.
func setWord(c *emulate.Context, i int, v uint64) {
	r := &c.Regs
	switch {
	case i < wordVSR:
		emulate.Reg(i).Set(r, regs.VSR{Lo: v})
	case i < wordResv:
		k := (i - wordVSR) / 2
		if (i-wordVSR)%2 == 0 {
			r.VSR[k].Hi = v
		} else {
			r.VSR[k].Lo = v
		}
	case i == wordResv:
		c.Resv.Valid = v != 0
	case i == wordResv+1:
		c.Resv.Addr = v
	case i == wordResv+2:
		c.Resv.Size = uint8(v)
	case i == wordCopy:
		c.Copy.Valid = v != 0
	case i < wordPrimed:
		k := 8 * (i - wordCopy - 1)
		for j := 7; j >= 0; j-- {
			c.Copy.Data[k+j] = byte(v)
			v >>= 8
		}
	default:
		c.Primed = uint8(v)
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Hash is a hash of c's encoding, what the log keeps of a thread's Context
// at each system call and at the exit: from FNV's 64-bit offset basis, for
// each word h = (h XOR word) × FNV's 64-bit prime.
func Hash(c *emulate.Context) uint64 {
	var w [ContextWords]uint64
	words(c, &w)
	h := uint64(14695981039346656037)
	for _, v := range w {
		h = (h ^ v) * 1099511628211
	}
	return h
}

// LogName is the log's file name in a recording directory (ppc64emu
// record -o DIR).
const LogName = "log"
