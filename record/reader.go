package record

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
)

// MaxData is the most bytes of memory or output one record carries.
const MaxData = 1 << 20

// maxPayload bounds a record's payload: a reader never allocates more.
const maxPayload = MaxData + 64

// maxArgs bounds the header's command line (count and bytes).
const maxArgs = 1 << 16

// A Record is one decoded record. Which fields mean something depends on
// Kind (docs/record-format.md); the slices are the Reader's and valid until
// the next call of Next.
type Record struct {
	Kind Kind
	TID  uint64 // Thread, Switch, Use, Context, Syscall, Signal
	AS   uint64 // Space, Mem, Thread, Use
	// N is Run's instruction count, Syscall's number, TimeBase's value,
	// Darn's value, Signal's signal number.
	N      uint64
	Change mem.Change // Mem
	// Words is Thread's whole Context; Diff is Context's changed words.
	Words [ContextWords]uint64
	Diff  []WordDiff
	Hash  uint64 // Syscall
	// Output: the stream (1 stdout, 2 stderr) and the bytes.
	Stream int
	Data   []byte
	// Darn: the L field and whether the source answered.
	L  int
	OK bool
	// Exit.
	Code, Signal int
	Instructions uint64
	Threads      []ThreadHash
}

// WordDiff is one changed word of a Context record.
type WordDiff struct {
	Index int // < ContextWords
	Value uint64
}

// Context returns the Context whose words are r.Words (a Thread record).
func (r *Record) Context() emulate.Context {
	var c emulate.Context
	for i, v := range r.Words {
		setWord(&c, i, v)
	}
	return c
}

// Apply makes the changes of a Context record to c.
func (r *Record) Apply(c *emulate.Context) {
	for _, d := range r.Diff {
		setWord(c, d.Index, d.Value)
	}
}

// A Reader reads a log. A log that is not one, or is damaged, gives errors
// wrapping ErrFormat, ErrTruncated or ErrVersion; never a panic.
type Reader struct {
	src    source
	r      *counter
	Header Header
	rec    Record
	buf    []byte
	p      []byte // the payload being decoded
	n      int    // records read
	// version is the log's format version.
	version uint16
	// shared are the shared objects of the log by number
	// (mem.ChangeMapShared), anonymous memory in the replay.
	shared map[uint64]*mem.Shared
}

// NewReader reads the header of the log r.
func NewReader(r io.Reader) (*Reader, error) {
	rd := &Reader{src: source{r: r}}
	rd.r = &counter{r: bufio.NewReaderSize(&rd.src, 1<<16)}
	var m [len(magic) + 2]byte
	n, err := io.ReadFull(rd.r, m[:])
	if k := min(n, len(magic)); string(m[:k]) != magic[:k] || n < len(magic) {
		return nil, fmt.Errorf("%w: not a ppc64emu recording (starts with %q)", ErrFormat, m[:k])
	}
	if err != nil {
		return nil, rd.short(err)
	}
	rd.version = binary.LittleEndian.Uint16(m[len(magic):])
	if rd.version < 1 || rd.version > Version {
		return nil, fmt.Errorf("%w: format version %d, this ppc64emu reads 1 to %d", ErrVersion, rd.version, Version)
	}
	id, err := binary.ReadUvarint(rd.r)
	if err != nil {
		return nil, rd.short(err)
	}
	if id != layoutID {
		return nil, fmt.Errorf("%w: register layout %#x, this ppc64emu has %#x", ErrVersion, id, layoutID)
	}
	var f [4]byte
	if _, err := io.ReadFull(rd.r, f[:]); err != nil {
		return nil, rd.short(err)
	}
	h := &rd.Header
	h.LittleEndian, h.Config.Level, h.Config.Profile, h.Config.Complete = f[0] != 0, decode.Level(f[1]), emulate.Profile(f[2]), f[3] != 0
	if h.Config.Level < decode.LevelPOWER8 || h.Config.Level > decode.LevelPOWER10 || h.Config.Profile > emulate.QEMU {
		return nil, fmt.Errorf("%w: header: ISA level %d, profile %d", ErrFormat, f[1], f[2])
	}
	nargs, err := binary.ReadUvarint(rd.r)
	if err != nil {
		return nil, rd.short(err)
	}
	if nargs > maxArgs {
		return nil, fmt.Errorf("%w: %d arguments", ErrFormat, nargs)
	}
	total := 0
	str := func() (string, error) { // a header string, within maxArgs bytes in all
		k, err := binary.ReadUvarint(rd.r)
		if err != nil {
			return "", rd.short(err)
		}
		if total += int(min(k, maxArgs+1)); k > maxArgs || total > maxArgs {
			return "", fmt.Errorf("%w: header strings of %d bytes", ErrFormat, total)
		}
		b := make([]byte, k)
		if _, err := io.ReadFull(rd.r, b); err != nil {
			return "", rd.short(err)
		}
		return string(b), nil
	}
	for range nargs {
		a, err := str()
		if err != nil {
			return nil, err
		}
		h.Args = append(h.Args, a)
	}
	if rd.version >= 3 {
		if h.Sysroot, err = str(); err != nil {
			return nil, err
		}
	}
	return rd, nil
}

// short turns a read error into ErrTruncated (the file ended), the
// reader's own error, or ErrFormat (a malformed number).
func (rd *Reader) short(err error) error {
	switch {
	case rd.src.err != nil:
		return fmt.Errorf("record: reading the log: %w", rd.src.err)
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return fmt.Errorf("%w (record %d)", ErrTruncated, rd.n)
	}
	return fmt.Errorf("%w: record %d: %v", ErrFormat, rd.n, err)
}

// counter counts the bytes read: Reader.off.
type counter struct {
	r   *bufio.Reader
	off int64
}

func (c *counter) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.off++
	}
	return b, err
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.off += int64(n)
	return n, err
}

// readerAt returns a Reader of log (whose header is h, of format version
// version) positioned at byte off, after n records.
func readerAt(log []byte, off int64, n int, h Header, version uint16) *Reader {
	rd := &Reader{src: source{r: bytes.NewReader(log[off:])}, Header: h, n: n, version: version}
	rd.r = &counter{r: bufio.NewReaderSize(&rd.src, 1<<16), off: off}
	return rd
}

// at returns a Reader of log (rd's, or the same bytes and more) at byte
// off, after n records, with rd's shared objects: a Session moving back
// to a checkpoint, or on in its grown log.
func (rd *Reader) at(log []byte, off int64, n int) *Reader {
	r := readerAt(log, off, n, rd.Header, rd.version)
	r.shared = rd.shared
	return r
}

// moved is rd over log (the same bytes and more), where rd was.
func (rd *Reader) moved(log []byte) *Reader { return rd.at(log, rd.r.off, rd.n) }

// source keeps the error of the underlying reader other than io.EOF.
type source struct {
	r   io.Reader
	err error
}

func (s *source) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF {
		s.err = err
	}
	return n, err
}

// Next returns the next record, or io.EOF at the end of the log. The
// Record is the Reader's, overwritten by the next call.
func (rd *Reader) Next() (*Record, error) {
	k, err := rd.r.ReadByte()
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil {
		return nil, rd.short(err)
	}
	size, err := binary.ReadUvarint(rd.r)
	if err != nil {
		return nil, rd.short(err)
	}
	if size > maxPayload {
		return nil, rd.bad("payload of %d bytes", size)
	}
	if cap(rd.buf) < int(size) {
		rd.buf = make([]byte, size)
	}
	rd.p = rd.buf[:size]
	if _, err := io.ReadFull(rd.r, rd.p); err != nil {
		return nil, rd.short(err)
	}
	rd.n++
	r := &rd.rec
	*r = Record{Kind: Kind(k), Diff: r.Diff[:0], Threads: r.Threads[:0]}
	if err := rd.decode(r); err != nil {
		return nil, err
	}
	if len(rd.p) != 0 {
		return nil, rd.bad("%d bytes left over", len(rd.p))
	}
	return r, nil
}

// bad is ErrFormat for the record just read.
func (rd *Reader) bad(format string, a ...any) error {
	return fmt.Errorf("%w: record %d: %s", ErrFormat, rd.n, fmt.Sprintf(format, a...))
}

var errShort = errors.New("payload too short")

// uv, u64, byte1 and bytes decode from the payload; they set err once the
// payload is exhausted and then return zeros.
func (rd *Reader) uv(err *error) uint64 {
	v, n := binary.Uvarint(rd.p)
	if n <= 0 {
		*err = errShort
		rd.p = nil
		return 0
	}
	rd.p = rd.p[n:]
	return v
}

func (rd *Reader) u64(err *error) uint64 {
	if len(rd.p) < 8 {
		*err, rd.p = errShort, nil
		return 0
	}
	v := binary.LittleEndian.Uint64(rd.p)
	rd.p = rd.p[8:]
	return v
}

func (rd *Reader) byte1(err *error) byte {
	if len(rd.p) < 1 {
		*err = errShort
		return 0
	}
	v := rd.p[0]
	rd.p = rd.p[1:]
	return v
}

func (rd *Reader) bytes(err *error) []byte {
	n := rd.uv(err)
	if n > uint64(len(rd.p)) {
		*err, rd.p = errShort, nil
		return nil
	}
	b := rd.p[:n]
	rd.p = rd.p[n:]
	return b
}

func (rd *Reader) decode(r *Record) error {
	var err error
	switch r.Kind {
	case KindSpace:
		r.AS = rd.uv(&err)
	case KindMem:
		r.AS = rd.uv(&err)
		r.Change = mem.Change{}
		c := &r.Change
		c.Op = mem.ChangeOp(rd.byte1(&err))
		c.Addr = rd.uv(&err)
		switch c.Op {
		case mem.ChangeFill:
			if rd.version < 3 {
				return rd.bad("fill in a version %d log", rd.version)
			}
			fallthrough
		case mem.ChangeWrite:
			c.Data = rd.bytes(&err)
			c.Size = uint64(len(c.Data))
		case mem.ChangeMove:
			c.Size, c.Src = rd.uv(&err), rd.uv(&err)
		case mem.ChangeMap, mem.ChangeProtect:
			c.Size, c.Perm = rd.uv(&err), mem.Perm(rd.byte1(&err))&mem.RWX
		case mem.ChangeMapShared:
			c.Size, c.Perm = rd.uv(&err), mem.Perm(rd.byte1(&err))&mem.RWX
			id := rd.uv(&err)
			c.Off = rd.uv(&err)
			if rd.shared == nil {
				rd.shared = map[uint64]*mem.Shared{}
			}
			if rd.shared[id] == nil {
				rd.shared[id] = mem.NewShared(nil)
			}
			c.Shared = rd.shared[id]
		case mem.ChangeUnmap, mem.ChangeZero:
			c.Size = rd.uv(&err)
		default:
			return rd.bad("memory change %d", c.Op)
		}
	case KindThread:
		r.TID, r.AS = rd.uv(&err), rd.uv(&err)
		for i := range r.Words {
			r.Words[i] = rd.uv(&err)
		}
	case KindSwitch:
		r.TID = rd.uv(&err)
	case KindUse:
		r.TID, r.AS = rd.uv(&err), rd.uv(&err)
	case KindRun, KindTimeBase, KindReset:
		r.N = rd.uv(&err)
	case KindRetire:
	case KindContext:
		r.TID = rd.uv(&err)
		for len(rd.p) > 0 && err == nil {
			i := rd.uv(&err)
			if i >= uint64(ContextWords) {
				return rd.bad("context word %d", i)
			}
			r.Diff = append(r.Diff, WordDiff{int(i), rd.u64(&err)})
		}
	case KindDarn:
		r.L, r.OK = int(rd.byte1(&err)), rd.byte1(&err) != 0
		r.N = rd.u64(&err)
	case KindSyscall:
		r.TID, r.N, r.Hash = rd.uv(&err), rd.uv(&err), rd.u64(&err)
	case KindOutput:
		r.Stream = int(rd.byte1(&err))
		r.Data = rd.bytes(&err)
		if r.Stream != 1 && r.Stream != 2 {
			return rd.bad("output stream %d", r.Stream)
		}
	case KindSignal, KindTake:
		if r.Kind == KindTake && rd.version < 2 {
			return rd.bad("take record in a version %d log", rd.version)
		}
		r.TID, r.N = rd.uv(&err), rd.uv(&err)
	case KindExit:
		r.Code, r.Signal = int(int64(rd.uv(&err))), int(rd.uv(&err))
		r.Instructions = rd.uv(&err)
		n := rd.uv(&err)
		if n > uint64(len(rd.p))/9 {
			return rd.bad("%d threads", n)
		}
		for range n {
			r.Threads = append(r.Threads, ThreadHash{rd.uv(&err), rd.u64(&err)})
		}
	default:
		return rd.bad("unknown kind %d", r.Kind)
	}
	if err != nil {
		return rd.bad("%s %v", r.Kind, err)
	}
	return nil
}
