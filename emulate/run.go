package emulate

import (
	"context"
	"encoding/binary"
	"errors"
	"math/bits"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Errors of fetching and running.
var (
	// ErrNoMemory is the error of a Fault when Step, Fetch, FetchInst or
	// Run is given a nil Memory and the instruction accesses storage.
	ErrNoMemory = errors.New("emulate: nil Memory")
	// ErrMisalignedNIP is the error of the Fault (Fetch and Alignment set)
	// for an instruction address with either of its low two bits set.
	// Instruction addresses are multiples of 4 (Power ISA 3.1B Book I
	// 1.6: NIA bits 62:63 are always 0); the emulator refuses such a NIP
	// rather than guess which word was meant.
	ErrMisalignedNIP = errors.New("emulate: instruction address not a multiple of 4")
	// ErrStepLimit is Run's outcome when it executed RunOptions.MaxSteps
	// instructions.
	ErrStepLimit = errors.New("emulate: step limit reached")
	// ErrRunStop is Run's outcome when it stopped before an instruction
	// Config.RunStop names.
	ErrRunStop = errors.New("emulate: Config.RunStop stops before the instruction")
)

// InstFetcher is implemented by a Memory that tells instruction fetches
// from data reads, for instance to check execute permission (mem.Memory
// does). FetchInst, Fetch and Run read instructions through Fetch when the
// Memory has it, through Read otherwise.
type InstFetcher interface {
	Fetch(addr uint64, p []byte) error
}

// noMemory stands for a nil Memory: every access faults with ErrNoMemory.
type noMemory struct{}

func (noMemory) Read(uint64, []byte) error  { return ErrNoMemory }
func (noMemory) Write(uint64, []byte) error { return ErrNoMemory }

// FetchInst reads and decodes the instruction at r.NIP without executing
// it, so that a debugger can look before it steps. The word is read in the
// byte order of MSR[LE]; a prefix is read with its suffix, at NIP+4
// modulo 2^32 in 32-bit mode (MSR[SF] = 0). The result is decode's shared
// cached Inst, which the caller must not modify.
//
// A read that fails gives a *Fault with Fetch set (ErrFetchFault), as does
// a NIP that is not a multiple of 4 (ErrAlignment, ErrMisalignedNIP); a
// word that does not decode gives an *OpError matching ErrIllegal and
// wrapping the decode error. A prefixed instruction that crosses a 64-byte
// boundary is returned: Step refuses it. FetchInst makes no allocation
// for a word in decode's cache.
//
// On a PagedMemory, FetchInst reads the word from the page AccessPage
// lends (AccessExec) instead of calling Fetch or Read, and keeps that page
// and the decodings of the words it fetched from such pages while the
// memory's Generation stays the same; a word is decoded again whenever its
// bytes differ, so stores into code are seen at once. As with Run, a type
// that embeds a PagedMemory to watch fetches is therefore bypassed (see
// PagedMemory).
func (e *Emulator) FetchInst(r *regs.Regs, m Memory) (*decode.Inst, error) {
	return e.fetchInst(r, m, nil)
}

// fetchInst is FetchInst; with a scratch Inst it decodes through
// decode.LookupTo (no allocation for code that runs once), and the result
// is valid until the next call with that scratch.
func (e *Emulator) fetchInst(r *regs.Regs, m Memory, scratch *decode.Inst) (*decode.Inst, error) {
	nip := r.NIP
	if nip&3 != 0 {
		return nil, &Fault{Addr: nip, EA: nip, Size: 4, Fetch: true, Alignment: true, Err: ErrMisalignedNIP}
	}
	if m == nil {
		m = noMemory{}
	}
	le := r.MSR&regs.MSRLE != 0
	var w uint32
	p := e.fetch.kept(m, nip)
	if p == nil {
		p = e.fetch.page(m, nip)
	}
	var raw uint32 // the word's bytes as a little-endian number (fetchedInst.raw)
	if p != nil {
		raw = binary.LittleEndian.Uint32(p[nip%mem.PageSize:])
		if c := e.fetch.insts; c != nil {
			if f := &c[nip%mem.PageSize/4]; f.in != nil && f.raw == raw && f.le == le {
				return f.in, nil
			}
		}
		w = raw
		if !le {
			w = bits.ReverseBytes32(raw)
		}
		if scratch == nil && !decode.IsPrefix(w) {
			return e.fetch.decoded(nip, raw, w, le)
		}
	} else {
		b := e.buf[:4]
		if err := fetchWord(m, nip, b); err != nil {
			return nil, newFault(nip, 4, false, err, true)
		}
		w = wordAt(b, le)
	}
	var s uint32
	if decode.IsPrefix(w) {
		b := e.buf[:4]
		next := nip + 4
		if !r.Is64() {
			next &= 0xffffffff
		}
		if err := fetchWord(m, next, b); err != nil {
			return nil, newFault(next, 4, false, err, true)
		}
		s = wordAt(b, le)
	}
	var in *decode.Inst
	var err error
	if scratch != nil {
		in, err = decode.LookupTo(scratch, w, s)
		if p != nil && err == nil && in != scratch && s == 0 && !decode.IsPrefix(w) {
			// decode's cached decoding (not the scratch): kept for the
			// next Fetch of the word, as FetchInst keeps it.
			e.fetch.keep(nip, raw, le, in)
		}
	} else {
		in, err = decode.Lookup(w, s)
	}
	if err != nil {
		return nil, illegalWord(err)
	}
	return in, nil
}

// wordAt is the 32-bit word at the start of b in the byte order le says
// (concrete byte orders, so that b does not escape).
func wordAt(b []byte, le bool) uint32 {
	if le {
		return binary.LittleEndian.Uint32(b)
	}
	return binary.BigEndian.Uint32(b)
}

// fetchPage is FetchInst's (and Fetch's) one-entry cache of the code page
// it last fetched from on a PagedMemory: the page's storage while the memory's
// Generation says it is still the storage of that address with execute
// permission. Reading the word from it gives what the memory's Fetch
// would (a fetch that faults is never served from it: AccessPage refuses
// the page, and FetchInst takes the Memory call for the exact error).
//
// Beside it, by word offset in a page, the decodings of the words fetched
// from such pages (Fetch keeps only decode's cached ones, not its scratch
// decodings): an entry holds the word's bytes (as a little-endian
// number) and MSR[LE], and is used only for the same bytes in the same
// byte order, so whatever page or address it came from it is that word's
// decoding (decode's shared immutable Inst) and needs no invalidation.
type fetchPage struct {
	pm    PagedMemory
	mm    *mem.Memory // pm when it is a *mem.Memory (kept), else nil; nil when data is
	gen   uint64
	addr  uint64 // the page's address
	data  *[mem.PageSize]byte
	insts *[mem.PageSize / 4]fetchedInst // allocated on first use
}

type fetchedInst struct {
	raw uint32
	le  bool
	in  *decode.Inst // nil: empty
}

// decoded is the decoding of the non-prefixed word w at nip (raw: its
// bytes as a little-endian number), from the cache when it holds it.
func (c *fetchPage) decoded(nip uint64, raw, w uint32, le bool) (*decode.Inst, error) {
	if c.insts == nil {
		c.insts = new([mem.PageSize / 4]fetchedInst)
	}
	f := &c.insts[nip%mem.PageSize/4]
	if f.in != nil && f.raw == raw && f.le == le {
		return f.in, nil
	}
	in, err := decode.Lookup(w, 0)
	if err != nil {
		return nil, illegalWord(err)
	}
	*f = fetchedInst{raw: raw, le: le, in: in}
	return in, nil
}

// keep stores in, decode's cached decoding of the non-prefixed word whose
// bytes are raw at nip, for the next fetch of that word there.
func (c *fetchPage) keep(nip uint64, raw uint32, le bool, in *decode.Inst) {
	if c.insts == nil {
		c.insts = new([mem.PageSize / 4]fetchedInst)
	}
	c.insts[nip%mem.PageSize/4] = fetchedInst{raw: raw, le: le, in: in}
}

// kept is page's common case in a few instructions (inlined into
// fetchInst): the page kept, when m is the *mem.Memory that lent it, nip
// is in it and m's Generation is unchanged; nil otherwise. No interface
// assertion or call: a concrete type's check only.
func (c *fetchPage) kept(m Memory, nip uint64) *[mem.PageSize]byte {
	if mm, ok := m.(*mem.Memory); ok && mm == c.mm && mm != nil && c.addr == nip&^(mem.PageSize-1) && mm.Generation() == c.gen {
		return c.data
	}
	return nil
}

// page returns the storage of the executable page holding nip on m, or
// nil when m is not a PagedMemory or the page cannot be executed.
func (c *fetchPage) page(m Memory, nip uint64) *[mem.PageSize]byte {
	pm, ok := m.(PagedMemory)
	if !ok {
		return nil
	}
	addr := nip &^ (mem.PageSize - 1)
	if gen := pm.Generation(); c.pm != pm || c.gen != gen || c.addr != addr || c.data == nil {
		p, ok := pm.AccessPage(nip, mem.AccessExec)
		if !ok {
			c.pm, c.mm, c.data = nil, nil, nil
			return nil
		}
		mm, _ := pm.(*mem.Memory) // kept's memory
		// The decodings stay: they hold for their word anywhere.
		*c = fetchPage{pm: pm, mm: mm, gen: gen, addr: addr, data: p, insts: c.insts}
	}
	return c.data
}

func fetchWord(m Memory, addr uint64, b []byte) error {
	if f, ok := m.(InstFetcher); ok {
		return f.Fetch(addr, b)
	}
	return m.Read(addr, b)
}

// RunOptions bound a Run. The zero value runs until a step fails.
type RunOptions struct {
	// Until lists stop addresses: Run stops, without executing it, at an
	// instruction whose address is one of them, including the first
	// (Unicorn's "until"; several for the two ways out of a call).
	Until []uint64
	// MaxSteps is the most instructions Run executes; 0 means no limit.
	MaxSteps uint64
	// Context, if set, cancels the run: Run checks it every
	// RunCheckInterval instructions and before the first.
	Context context.Context
	// Hooks, if set, are called on the instructions, blocks and data
	// accesses in their ranges (see Hooks: a hook costs only on the pages
	// its range reaches).
	Hooks *Hooks
}

// RunCheckInterval is how many instructions Run executes between two
// looks at RunOptions.Context.
const RunCheckInterval = 4096

// Run executes instructions from r.NIP, fetching each from m as Fetch
// does, until one of:
//
//	r.NIP is in opts.Until        err == nil
//	opts.MaxSteps steps executed  ErrStepLimit
//	opts.Context is done          the context's error (context.Canceled, …)
//	a step fails                  the step's error, as Fetch returns it
//
// It returns the number of instructions executed (a failed step is not
// counted: its instruction did not complete, and r and memory are as they
// were before it) and the outcome. A step that fails leaves r.NIP at the
// instruction, so after handling the outcome (a system call, a
// breakpoint) the caller can run on. Run makes no allocation per step.
//
// On a PagedMemory without an Observer, Run keeps the pages it used and
// the decodings of the instructions it ran between steps (see
// PagedMemory), and runs them as Config.Engine says: the outcomes are
// those of Fetch, step by step, under every engine, including for code
// that stores into itself (a cached decoding is used only while memory
// holds the word it came from).
func (e *Emulator) Run(r *regs.Regs, m Memory, opts RunOptions) (uint64, error) {
	var done <-chan struct{}
	if opts.Context != nil {
		done = opts.Context.Done()
	}
	m = withMemHooks(m, opts.Hooks)
	hr := newHookRun(opts.Hooks)
	// begin moves the epoch when the Run has hooks: a block chained in
	// an earlier Run is checked again through nextBlock, which does not
	// enter a hooked page.
	e.pages.hr = hr
	e.taken = 0
	defer func() { e.pages.hr = nil }()
	pm, _ := m.(PagedMemory)
	if pm != nil && e.obs == nil && e.cfg.Engine != EngineStep {
		e.pages.begin(pm, hr != nil)
		defer e.pages.end()
	} else {
		pm = nil
	}
	until := opts.Until
	limit := opts.MaxSteps
	var n uint64
	check := uint64(0) // n at which the context is next looked at
	next := uint64(0)  // n at which the context or the limit is next looked at
	for {
		if n == next {
			if done != nil && n == check {
				select {
				case <-done:
					return n, opts.Context.Err()
				default:
				}
				check += RunCheckInterval
			}
			if limit != 0 && n == limit {
				if len(until) != 0 && isStop(until, r.NIP) {
					return n, nil
				}
				return n, ErrStepLimit
			}
			next = ^uint64(0)
			if done != nil {
				next = check
			}
			if limit != 0 {
				next = min(next, limit)
			}
		}
		if len(until) == 0 && pm != nil {
			k, err := e.runPaged(r, m, next-n, hr)
			n += k
			if err != nil {
				return n, err
			}
			continue
		}
		if len(until) != 0 && isStop(until, r.NIP) {
			return n, nil
		}
		if hr != nil && hr.onPage(r.NIP) {
			if err := e.stepHooked(r, m, hr); err != nil {
				return n, err
			}
		} else {
			nip := r.NIP
			if err := e.stepPaged(r, m, pm); err != nil {
				return n, err
			}
			if hr != nil {
				hr.stepped(nip, r.NIP)
			}
		}
		n++
	}
}

// runPaged is Run's loop on a PagedMemory m (pages.on) without stop
// addresses: it executes up to max instructions, the cached ones whose
// Step checks cannot fail through runCached, and returns how many it
// executed and the error of the one that failed.
func (e *Emulator) runPaged(r *regs.Regs, m Memory, max uint64, hr *hookRun) (uint64, error) {
	c := &e.pages
	left := max
	for left != 0 {
		nip := r.NIP
		if hr != nil && hr.onPage(nip) {
			if err := e.stepHooked(r, m, hr); err != nil {
				return max - left, err
			}
			left--
			continue
		}
		if e.ctx.Primed == 0 && (nip&^(mem.PageSize-4) == c.codeAddr || nip&3 == 0 && c.enter(nip)) {
			var k uint64
			var err error
			if e.cfg.Engine == EngineBlock || e.cfg.Engine == EngineNative {
				k, err = e.runBlocks(r, m, left)
			} else {
				k, err = e.runCached(r, m, left)
			}
			left -= k
			if hr != nil && k != 0 {
				hr.next = c.fallsTo // where the last instruction fell through to
			}
			if err != nil {
				return max - left, err
			}
			if k != 0 {
				continue
			}
		}
		if err := e.stepPaged(r, m, c.on); err != nil {
			return max - left, err
		}
		if hr != nil {
			hr.stepped(nip, r.NIP)
		}
		left--
	}
	return max, nil
}

// runCached executes up to max cached instructions from r.NIP, on the
// code page (pages.codeAddr, which r.NIP is on), while they are what
// memory holds and their checks pass: it calls their semantic functions
// directly, as exec would. It returns how many it executed and the error
// of the one that failed, or 0 and nil if it executed none (the
// instruction at r.NIP needs Step).
//
// Within one call, MSR and e.ctx.Primed (no accumulator primed, the caller
// checks) are what they were at the start, so the checks that depend on
// them are made once: no instruction that reaches here changes MSR (the
// ops that write it, mtmsr and mtmsrd, are privileged and so never
// cached as able to skip Step's checks) or the primed accumulators (only
// instructions with an accumulator operand do: namesACC). The loop runs
// the non-branch instructions of a line (up to the next branch) without
// keeping NIP up to date or counting them one by one (no op it calls
// reads NIP: readsCIA): NIP is set when it stops, to the instruction it
// did not execute, and a line's count is its length. A branch runs with
// NIP at it, and the loop goes on from the NIP it leaves while that is
// on the page.
func (e *Emulator) runCached(r *regs.Regs, m Memory, max uint64) (uint64, error) {
	c := &e.pages
	if r.MSR&regs.MSRSF == 0 && (r.NIP > 0xffffffff || c.codeAddr == 0xffffffff&^(mem.PageSize-1)) {
		// Step truncates NIP after the instruction (below, NIP goes
		// from a page to the next without wrapping).
		return 0, nil
	}
	e.wrap32 = r.MSR&regs.MSRSF == 0
	g := gate(r.MSR)
	insts, page := c.codeInsts, c.codePage
	_ = page[0]
	i := uint(r.NIP % mem.PageSize / 4)
	// What only the way between lines and out needs is in c, not in
	// variables, which would be reloaded after every op call.
	c.max, c.left, c.line = max, max, i
	c.stopAt = i + uint(min(max, uint64(mem.PageSize/4-i)))
	for i != c.stopAt {
		i %= mem.PageSize / 4 // no-op: end <= PageSize/4
		ci := insts.at(i)
		if w := uint64(word(page, i)) | g; ci.tag != w {
			if ci.tag != w|branchTag {
				break
			}
			r.NIP = c.codeAddr + uint64(i)*4
			if err := semantics[ci.op()](e, r, m, c.inst(ci)); err != nil {
				return c.stop(r, i, err)
			}
			c.left -= uint64(i - c.line + 1)
			c.fallsTo = c.codeAddr + uint64(i)*4 + 4
			if r.NIP != c.fallsTo {
				e.taken = c.fallsTo - 3
			}
			d := r.NIP - c.codeAddr
			if c.left == 0 || d&^(mem.PageSize-4) != 0 {
				return c.max - c.left, nil
			}
			i = uint(d / 4)
			if c.tier {
				// EngineBlock's cold code: the line starting here
				// is run by a block once it is hot (blockAt).
				if t := insts.at(i); t.heat < c.hot {
					t.heat++
				} else {
					return c.max - c.left, nil
				}
			}
			c.line = i
			c.stopAt = i + uint(min(c.left, uint64(mem.PageSize/4-i)))
			continue
		}
		if err := semantics[ci.op()](e, r, m, c.inst(ci)); err != nil {
			return c.stop(r, i, err)
		}
		i++
	}
	return c.stop(r, i, nil)
}

// stop ends runCached at the instruction of index i, which it did not
// execute: NIP is set to it, and the count is what ran before it.
func (c *pageCache) stop(r *regs.Regs, i uint, err error) (uint64, error) {
	r.NIP = c.codeAddr + uint64(i)*4
	c.fallsTo = r.NIP
	return c.max - c.left + uint64(i-c.line), err
}

// word is the ith word of p as a little-endian number.
func word(p *[mem.PageSize]byte, i uint) uint32 {
	b := (*[4]byte)(p[i%(mem.PageSize/4)*4:])
	return binary.LittleEndian.Uint32(b[:])
}

// stepPaged fetches and steps one instruction as Fetch does; with pm (m
// as a PagedMemory whose caches are on) through the code page cache,
// filling it.
func (e *Emulator) stepPaged(r *regs.Regs, m Memory, pm PagedMemory) error {
	if pm != nil && r.NIP&3 == 0 {
		if ci := e.pages.fetchCached(r.NIP, r.MSR&regs.MSRLE != 0); ci != nil {
			in := e.pages.inst(ci)
			if ci.bits&ciFast != 0 && ci.tag&^branchTag>>32 != gate(r.MSR)>>32 {
				ci.setGate(in, r.MSR) // cached under another MSR
			}
			return e.runStep(r, m, in)
		}
	}
	in, err := e.fetchInst(r, m, &e.inst)
	if err != nil {
		return err
	}
	if pm != nil {
		e.pages.fill(r.NIP, in, in != &e.inst, e.level, r.MSR)
	}
	return e.runStep(r, m, in)
}

// runStep is Step for Run's paths that do not call semantic functions
// directly: it refuses what Config.RunStop names and notes a taken
// branch (TakenBranch).
func (e *Emulator) runStep(r *regs.Regs, m Memory, in *decode.Inst) error {
	if e.cfg.RunStop != nil && e.cfg.RunStop(in) {
		return ErrRunStop
	}
	nip := r.NIP
	if err := e.Step(r, m, in); err != nil {
		return err
	}
	if r.NIP != nip+uint64(in.Len) {
		e.taken = nip + 1
	}
	return nil
}

// TakenBranch reports the address of the last instruction that the
// current or last call of Run executed and that left NIP elsewhere than
// at the instruction after it (a taken branch, which sets CFAR on a
// processor), and false if there was none.
func (e *Emulator) TakenBranch() (uint64, bool) {
	return e.taken - 1, e.taken != 0
}

func isStop(until []uint64, nip uint64) bool {
	for _, a := range until {
		if a == nip {
			return true
		}
	}
	return false
}
