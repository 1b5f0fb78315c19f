package record

import (
	"bufio"
	"encoding/binary"
	"io"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Header is what a log says about the run before its records.
type Header struct {
	LittleEndian bool           // the program's byte order
	Config       emulate.Config // Level, Profile and Complete are kept (the functions are not)
	Args         []string       // the command line, for people reading the log
	// Sysroot is the host directory the run looked absolute paths up in
	// first (linux.Config.Sysroot, run -L), "" if none (version 3): where
	// replay -gdb serves GDB the program's libraries from.
	Sysroot string
}

// A Writer writes a log: the header, then records in the order the run
// made them. It is not safe for concurrent use (the runner calls it with
// its process lock held). Write errors are sticky: Err reports the first.
type Writer struct {
	w   *bufio.Writer
	buf []byte
	err error
	// ws holds a Context's words (Context, Thread).
	ws, old [ContextWords]uint64
	// shared numbers the shared objects mapped (mem.ChangeMapShared).
	shared map[*mem.Shared]uint64
}

// NewWriter writes h to w and returns a Writer for the records after it.
func NewWriter(w io.Writer, h Header) *Writer {
	wr := &Writer{w: bufio.NewWriterSize(w, 1<<16)}
	b := append([]byte(magic), 0, 0)
	binary.LittleEndian.PutUint16(b[len(magic):], Version)
	b = binary.AppendUvarint(b, layoutID)
	b = append(b, b2b(h.LittleEndian), byte(h.Config.Level), byte(h.Config.Profile), b2b(h.Config.Complete))
	b = binary.AppendUvarint(b, uint64(len(h.Args)))
	for _, a := range h.Args {
		b = appendBytes(b, []byte(a))
	}
	b = appendBytes(b, []byte(h.Sysroot))
	wr.write(b)
	return wr
}

func b2b(v bool) byte { return byte(b2u(v)) }

func appendBytes(b, p []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(p)))
	return append(b, p...)
}

func (w *Writer) write(b []byte) {
	if w.err == nil {
		_, w.err = w.w.Write(b)
	}
}

// begin starts a record of kind k in w.buf; end writes it.
func (w *Writer) begin(k Kind) { w.buf = append(w.buf[:0], byte(k)) }

func (w *Writer) end() {
	// kind, payload length, payload
	var hdr [1 + binary.MaxVarintLen64]byte
	hdr[0] = w.buf[0]
	n := 1 + binary.PutUvarint(hdr[1:], uint64(len(w.buf)-1))
	w.write(hdr[:n])
	w.write(w.buf[1:])
}

func (w *Writer) u(v uint64) { w.buf = binary.AppendUvarint(w.buf, v) }

func (w *Writer) u64(v uint64) { w.buf = binary.LittleEndian.AppendUint64(w.buf, v) }

// Err returns the first error writing the log.
func (w *Writer) Err() error { return w.err }

// Flush writes what is buffered; it returns Err.
func (w *Writer) Flush() error {
	if w.err == nil {
		w.err = w.w.Flush()
	}
	return w.err
}

// Space records a new empty address space, numbered as.
func (w *Writer) Space(as uint64) {
	w.begin(KindSpace)
	w.u(as)
	w.end()
}

// Mem records the change c of address space as. A write of more than
// MaxData bytes becomes several records.
func (w *Writer) Mem(as uint64, c *mem.Change) {
	if (c.Op == mem.ChangeWrite || c.Op == mem.ChangeFill) && len(c.Data) > MaxData {
		for off := 0; off < len(c.Data); off += MaxData {
			d := c.Data[off:min(len(c.Data), off+MaxData)]
			w.Mem(as, &mem.Change{Op: c.Op, Addr: c.Addr + uint64(off), Size: uint64(len(d)), Data: d})
		}
		return
	}
	w.begin(KindMem)
	w.u(as)
	w.buf = append(w.buf, byte(c.Op))
	w.u(c.Addr)
	switch c.Op {
	case mem.ChangeWrite, mem.ChangeFill:
		w.buf = appendBytes(w.buf, c.Data)
	case mem.ChangeMove:
		w.u(c.Size)
		w.u(c.Src)
	case mem.ChangeMap, mem.ChangeProtect:
		w.u(c.Size)
		w.buf = append(w.buf, byte(c.Perm))
	case mem.ChangeMapShared:
		w.u(c.Size)
		w.buf = append(w.buf, byte(c.Perm))
		w.u(w.sharedID(c.Shared))
		w.u(c.Off)
	default:
		w.u(c.Size)
	}
	w.end()
}

// sharedID returns the number of shared object s in the log, the next
// one if s is new.
func (w *Writer) sharedID(s *mem.Shared) uint64 {
	if w.shared == nil {
		w.shared = map[*mem.Shared]uint64{}
	}
	id, ok := w.shared[s]
	if !ok {
		id = uint64(len(w.shared))
		w.shared[s] = id
	}
	return id
}

// Image records the mappings and the stored, non-zero pages of m as
// changes of the empty address space as (after Space). A shared mapping
// is a map_shared of its object (the same number as wherever else it is
// mapped). A private file mapping (mem.Memory.MapPrivate) is private
// memory with the pages read in so far: a replay has no file (the pages
// read later come as mem.ChangeFill).
func (w *Writer) Image(as uint64, m *mem.Memory) {
	m.Regions(func(start, end uint64, p mem.Perm) {
		c := mem.Change{Op: mem.ChangeMap, Addr: start, Size: end - start, Perm: p}
		if s, off, ok := m.SharedAt(start); ok {
			c.Op, c.Shared, c.Off = mem.ChangeMapShared, s, off/mem.PageSize
		}
		w.Mem(as, &c)
	})
	var zero [mem.PageSize]byte
	m.Stored(func(addr uint64, p *[mem.PageSize]byte) bool {
		if *p != zero {
			w.Mem(as, &mem.Change{Op: mem.ChangeWrite, Addr: addr, Size: mem.PageSize, Data: p[:]})
		}
		return true
	})
}

// Thread records a new thread tid in address space as, with Context c.
func (w *Writer) Thread(tid, as uint64, c *emulate.Context) {
	w.begin(KindThread)
	w.u(tid)
	w.u(as)
	words(c, &w.ws)
	for _, v := range w.ws {
		w.u(v)
	}
	w.end()
}

// Switch records that thread tid runs from here on.
func (w *Writer) Switch(tid uint64) {
	w.begin(KindSwitch)
	w.u(tid)
	w.end()
}

// Use records that thread tid now uses address space as.
func (w *Writer) Use(tid, as uint64) {
	w.begin(KindUse)
	w.u(tid)
	w.u(as)
	w.end()
}

// Run records that the running thread executed n instructions.
func (w *Writer) Run(n uint64) {
	w.begin(KindRun)
	w.u(n)
	w.end()
}

// Retire records one instruction the runner completed for the running
// thread (a system call, an instruction it emulates).
func (w *Writer) Retire() {
	w.begin(KindRetire)
	w.end()
}

// Context records that thread tid's Context changed from old to c; it
// writes nothing if they are equal.
func (w *Writer) Context(tid uint64, old, c *emulate.Context) {
	if *old == *c {
		return
	}
	words(old, &w.old)
	words(c, &w.ws)
	w.begin(KindContext)
	w.u(tid)
	for i, v := range w.ws {
		if v != w.old[i] {
			w.u(uint64(i))
			w.u64(v)
		}
	}
	w.end()
}

// TimeBase records a time base value the running thread read.
func (w *Writer) TimeBase(v uint64) {
	w.begin(KindTimeBase)
	w.u(v)
	w.end()
}

// Darn records a darn result: its L field, the value and whether the
// random source answered.
func (w *Writer) Darn(l int, v uint64, ok bool) {
	w.begin(KindDarn)
	w.buf = append(w.buf, byte(l), b2b(ok))
	w.u64(v)
	w.end()
}

// Syscall records a system call num of thread tid whose Context at entry
// was c.
func (w *Writer) Syscall(tid, num uint64, c *emulate.Context) {
	w.begin(KindSyscall)
	w.u(tid)
	w.u(num)
	w.u64(Hash(c))
	w.end()
}

// Output records bytes b the program wrote to the runner's stdout
// (stream 1) or stderr (stream 2). More than MaxData bytes become several
// records.
func (w *Writer) Output(stream int, b []byte) {
	for len(b) > MaxData {
		w.Output(stream, b[:MaxData])
		b = b[MaxData:]
	}
	w.begin(KindOutput)
	w.buf = append(w.buf, byte(stream))
	w.buf = appendBytes(w.buf, b)
	w.end()
}

// Reset records that the whole state of the run follows, after n
// instructions: space and mem records of every address space (Image),
// thread records of every thread, and the switch to the running one. A
// replay can start there, as from the log's beginning, without the
// records before (the live log of ppc64emu run -gdb drops them).
func (w *Writer) Reset(n uint64) {
	w.begin(KindReset)
	w.u(n)
	w.end()
}

// Buffered is the number of bytes written to the Writer and not yet to
// its io.Writer.
func (w *Writer) Buffered() int { return w.w.Buffered() }

// Signal records that thread tid enters the handler of signal sig.
func (w *Writer) Signal(tid uint64, sig int) {
	w.begin(KindSignal)
	w.u(tid)
	w.u(uint64(sig))
	w.end()
}

// Take records that thread tid takes signal sig to deliver it (Linux's
// get_signal, where a tracer is told of it: gdbserver's stop), before
// its disposition acts; the thread's Context must have been recorded
// (Context) up to this point.
func (w *Writer) Take(tid uint64, sig int) {
	w.begin(KindTake)
	w.u(tid)
	w.u(uint64(sig))
	w.end()
}

// ThreadHash is one thread's Context hash in the exit record.
type ThreadHash struct {
	TID  uint64
	Hash uint64
}

// Exit records the end of the run: the exit code or killing signal, the
// number of instructions executed and each thread's final Context hash.
// It flushes the log.
func (w *Writer) Exit(code, signal int, instructions uint64, threads []ThreadHash) error {
	w.begin(KindExit)
	w.u(uint64(int64(code)))
	w.u(uint64(signal))
	w.u(instructions)
	w.u(uint64(len(threads)))
	for _, t := range threads {
		w.u(t.TID)
		w.u64(t.Hash)
	}
	w.end()
	return w.Flush()
}
