package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ppc64emu/ppc64emu/debug"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/regs"
)

const stepUsage = `Usage:
	ppc64emu step [-be|-le] [-profile hardware|qemu] [-32] [-user|-super] [-next] [-effects] [-json] INSN [ASSIGN...]

Emulates one instruction and prints the outcome, the registers that changed
(old → new) and the memory bytes that were written or changed.

INSN is 8 hex digits with an optional 0x (e.g. 7c642a14), or PREFIX:SUFFIX
for a prefixed instruction. It is executed at NIP; it is not placed in
memory.

The machine starts as:
	all registers zero, except
	nip = 0x40080000
	msr = SF|PR|FP|VEC|VSX|LE: 64-bit, problem state (user), FP, VMX and
	      VSX available, little-endian (-32 clears SF, -super clears PR,
	      -be clears LE)
	memory: an 8 KiB writable scratch region at 0x50000000, zeroed;
	        nothing else is mapped
Each ASSIGN changes it (values are hex, with an optional 0x):
	r0..r31=V  nip=V  msr=V  ctr=V  lr=V  xer=V  fpscr=V  tar=V  dscr=V
	ppr=V      up to 16 hex digits
	cr=V  vscr=V  vrsave=V
	           up to 8 hex digits
	f0..f31=V  FPR: doubleword 0 of vs0..vs31, up to 16 hex digits
	vs0..vs63=V  v0..v31=V
	           exactly 32 hex digits (v N is vs 32+N); doubleword 0 first
	m@ADDR=BYTES
	           maps BYTES (hex, in address order, e.g. m@60000000=00112233)
	           writable at ADDR; regions that touch or overlap are merged,
	           later bytes winning (so m@ can also fill the scratch region)
An assignment to msr replaces the MSR chosen by the flags. A register may be
assigned once.

Flags:
	-32            32-bit mode (MSR[SF] = 0)
	-be            big-endian (MSR[LE] = 0)
	-le            little-endian (the default)
	-user          problem state, MSR[PR] = 1 (the default)
	-super         supervisor (privileged) state, MSR[PR] = 0
	-profile NAME  implementation profile: hardware (POWER9/POWER10, the
	               default) or qemu (QEMU 7.2)
	-next          before stepping, print the possible next addresses
	               (debug.NextPCs): "next:" as the register file decides
	               them, "any:" ignoring the condition state (CR, CTR,
	               trap operands), as a software single-step plants its
	               breakpoints; with the kind of instruction (sequential,
	               branch, trap, syscall, unknown) and "may interrupt" for
	               a trap that fires or may fire
	-effects       print the effects record the emulator's Observer
	               received: every register changed and every memory
	               write (even one that stores the bytes already there),
	               with old and new values, and the reservation if it
	               changed
	-json          print one JSON object: insn, text, outcome, detail,
	               error, fault, registers {NAME: {old, new}}, memory
	               [{addr, old, new}], and with -next next and next_any
	               {pcs, flow, interrupt}, with -effects effects
	               {registers [{reg, old, new}], memory [{addr, old, new}],
	               reservation {old, new}}

Outcomes: emulated; not emulated: REASON (needs a hardware step); must not
step: REASON (sc, rfid, …); trap; illegal: REASON; privileged: REASON; fault
at ADDR (read|write, N bytes); alignment interrupt at ADDR (…); fp exception.
The time base (mftb) and darn are not emulated by this tool.

Exit status: 0 if the instruction was emulated, 1 for any other outcome, 2
for a usage error.

Example:
	$ ppc64emu step 7c642a14 r4=5 r5=7
	insn:    7c642a14  add r3,r4,r5
	outcome: emulated
	r3: 0x0 → 0xc
	nip: 0x40080000 → 0x40080004
`

// Defaults of the step machine.
const (
	defaultNIP     = 0x40080000
	scratchAddr    = 0x50000000
	scratchSize    = 8 << 10
	defaultMSRBase = regs.MSRSF | regs.MSRPR | regs.MSRFP | regs.MSRVEC | regs.MSRVSX
)

// machine is the state a step runs on.
type machine struct {
	r   regs.Regs
	mem []*regions.Region // sorted by address, neither overlapping nor touching
}

func newMachine(bigEndian, is32, super bool) *machine {
	m := &machine{}
	m.r.NIP = defaultNIP
	m.r.MSR = defaultMSRBase
	if !bigEndian {
		m.r.MSR |= regs.MSRLE
	}
	if is32 {
		m.r.MSR &^= regs.MSRSF
	}
	if super {
		m.r.MSR &^= regs.MSRPR
	}
	m.mem = []*regions.Region{{Addr: scratchAddr, Data: make([]byte, scratchSize), Writable: true}}
	return m
}

// mapBytes maps data writable at addr, merging with regions it overlaps or
// touches; data wins where they overlap. Ends are inclusive, so a region
// may end at the last byte of the address space.
func (m *machine) mapBytes(addr uint64, data []byte) error {
	if len(data) == 0 {
		return fmt.Errorf("no bytes at %#x", addr)
	}
	last := addr + uint64(len(data)) - 1
	if last < addr {
		return fmt.Errorf("%d bytes at %#x run past the end of the address space", len(data), addr)
	}
	// next reports whether b starts at most one byte after a ends (they
	// overlap or touch).
	next := func(aLast, b uint64) bool { return aLast == math.MaxUint64 || b <= aLast+1 }
	lo, hi := addr, last
	var keep, merge []*regions.Region
	for _, r := range m.mem {
		rLast := r.Addr + uint64(len(r.Data)) - 1
		if next(last, r.Addr) && next(rLast, addr) {
			merge = append(merge, r)
			lo, hi = min(lo, r.Addr), max(hi, rLast)
		} else {
			keep = append(keep, r)
		}
	}
	buf := make([]byte, hi-lo+1)
	for _, r := range merge {
		copy(buf[r.Addr-lo:], r.Data)
	}
	copy(buf[addr-lo:], data)
	keep = append(keep, &regions.Region{Addr: lo, Data: buf, Writable: true})
	sort.Slice(keep, func(i, j int) bool { return keep[i].Addr < keep[j].Addr })
	m.mem = keep
	return nil
}

// parseHexValue parses a hex value of at most bits bits.
func parseHexValue(s string, bits int) (uint64, error) {
	h := hexClean(s)
	if h == "" {
		return 0, fmt.Errorf("empty value")
	}
	if len(h) > bits/4 {
		return 0, fmt.Errorf("value %q has %d hex digits, more than the %d of a %d-bit register", s, len(h), bits/4, bits)
	}
	v, err := strconv.ParseUint(h, 16, bits)
	if err != nil {
		return 0, fmt.Errorf("value %q is not hexadecimal", s)
	}
	return v, nil
}

// parseVSR parses exactly 32 hex digits.
func parseVSR(s string) (regs.VSR, error) {
	h := hexClean(s)
	if len(h) != 32 {
		return regs.VSR{}, fmt.Errorf("value %q: want exactly 32 hex digits (128 bits), got %d", s, len(h))
	}
	hi, err1 := strconv.ParseUint(h[:16], 16, 64)
	lo, err2 := strconv.ParseUint(h[16:], 16, 64)
	if err1 != nil || err2 != nil {
		return regs.VSR{}, fmt.Errorf("value %q is not hexadecimal", s)
	}
	return regs.VSR{Hi: hi, Lo: lo}, nil
}

// assign applies one ASSIGN argument. seen records the registers assigned.
func (m *machine) assign(arg string, seen map[string]bool) error {
	name, val, ok := strings.Cut(arg, "=")
	if !ok {
		return fmt.Errorf("%q: want NAME=HEXVALUE or m@ADDR=HEXBYTES", arg)
	}
	name = strings.ToLower(strings.TrimSpace(name))
	if a, isMem := strings.CutPrefix(name, "m@"); isMem {
		addr, err := parseHexValue(a, 64)
		if err != nil {
			return fmt.Errorf("%s: address: %v", arg, err)
		}
		data, err := parseHexBytes(val)
		if err != nil {
			return fmt.Errorf("%s: bytes: %v", name, err)
		}
		if err := m.mapBytes(addr, data); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		return nil
	}
	if seen[name] {
		return fmt.Errorf("%s assigned twice", name)
	}
	if err := m.setReg(name, val); err != nil {
		return err
	}
	seen[name] = true
	return nil
}

// setReg sets a register by its regs name (kernel-only pt_regs fields
// cannot be set: a program cannot either).
func (m *machine) setReg(name, val string) error {
	if _, ok := m.r.GetVSR(name); ok {
		v, err := parseVSR(val)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		m.r.SetVSR(name, v)
		return nil
	}
	s, scalar := regs.ScalarByName(name)
	if _, ok := m.r.Get(name); ok && !(scalar && s.KernelOnly()) {
		bits := 64
		if scalar {
			bits = s.Bits()
		}
		v, err := parseHexValue(val, bits)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		m.r.Set(name, v)
		return nil
	}
	return fmt.Errorf("unknown register %q (want r0..r31, nip, msr, ctr, lr, xer, cr, fpscr, tar, dscr, ppr, vscr, vrsave, f0..f31, vs0..vs63, v0..v31, or m@ADDR)", name)
}

// regChange and memChange are the JSON forms of changes.
type regChange struct {
	Old string `json:"old"`
	New string `json:"new"`
}

type memChange struct {
	Addr string `json:"addr"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

type faultJSON struct {
	Addr      string `json:"addr"` // the faulting address (the first inaccessible byte)
	EA        string `json:"ea"`   // the effective address of the access
	Size      int    `json:"size"`
	Access    string `json:"access"` // read, write or fetch
	Alignment bool   `json:"alignment,omitempty"`
}

// stepResult is the result of one step, also its JSON form.
type stepResult struct {
	Insn      string               `json:"insn"`
	Text      string               `json:"text,omitempty"`
	Outcome   string               `json:"outcome"`
	Detail    string               `json:"detail"`
	Error     string               `json:"error,omitempty"`
	Fault     *faultJSON           `json:"fault,omitempty"`
	Registers map[string]regChange `json:"registers"`
	Memory    []memChange          `json:"memory"`
	Next      *nextJSON            `json:"next,omitempty"`
	NextAny   *nextJSON            `json:"next_any,omitempty"`
	Effects   *effectsJSON         `json:"effects,omitempty"`

	regList    []regs.Change // the changed registers in print order (text output)
	effectRegs []regs.Change // the Observer's register records (text output of -effects)
	err        error
}

// outcome names the result of a step: a short token and a line of text.
func outcome(err error) (kind, text string, fault *faultJSON) {
	if err == nil {
		return "emulated", "emulated", nil
	}
	var f *emulate.Fault
	if errors.As(err, &f) {
		access := "read"
		switch {
		case f.Fetch:
			access = "fetch"
		case f.Write:
			access = "write"
		}
		fault = &faultJSON{Addr: fmt.Sprintf("%#x", f.Addr), EA: fmt.Sprintf("%#x", f.EA), Size: f.Size, Access: access, Alignment: f.Alignment}
		kind, what := "fault", "fault"
		if f.Alignment {
			kind, what = "alignment", "alignment interrupt"
		}
		text = fmt.Sprintf("%s at %#x (%s, %d bytes)", what, f.Addr, access, f.Size)
		if f.EA != f.Addr {
			text = fmt.Sprintf("%s at %#x (%s, %d bytes at %#x)", what, f.Addr, access, f.Size, f.EA)
		}
		if f.Err != nil {
			text += ": " + strings.TrimPrefix(f.Err.Error(), "mem: ")
		}
		return kind, text, fault
	}
	var reason string
	var oe *emulate.OpError
	if errors.As(err, &oe) {
		var parts []string
		if oe.Op != 0 {
			parts = append(parts, oe.Op.String())
		}
		if oe.Reason != "" {
			parts = append(parts, oe.Reason)
		}
		if oe.Err != nil {
			parts = append(parts, oe.Err.Error())
		}
		reason = strings.Join(parts, ": ")
	}
	for _, o := range stepRefusals {
		if errors.Is(err, o.err) {
			if reason != "" {
				return o.kind, o.text + ": " + reason, nil
			}
			return o.kind, o.text, nil
		}
	}
	return "error", "error: " + err.Error(), nil
}

// stepRefusals: the kind (JSON) and text of each outcome sentinel of
// emulate.Step other than a fault, tested in this order.
var stepRefusals = []struct {
	err        error
	kind, text string
}{
	{emulate.ErrTrap, "trap", "trap"},
	{emulate.ErrNotEmulated, "not-emulated", "not emulated"},
	{emulate.ErrMustNotStep, "must-not-step", "must not step"},
	{emulate.ErrIllegal, "illegal", "illegal"},
	{emulate.ErrPrivileged, "privileged", "privileged"},
	{emulate.ErrFPException, "fp-exception", "fp exception"},
}

func hex64(v uint64) string { return fmt.Sprintf("%#x", v) }

func hexVSR(v regs.VSR) string { return fmt.Sprintf("0x%016x%016x", v.Hi, v.Lo) }

// usesVSR reports whether the instruction names a VSX register operand, so
// that changed VSRs are shown as vsN rather than fN or vN.
func usesVSR(word, suffix uint32) bool {
	in, err := decode.DecodeWord(word, suffix)
	if err != nil {
		return false
	}
	if in.Has(decode.FlagVSX) {
		return true
	}
	for i := 0; i < int(in.NArgs); i++ {
		if in.Kinds[i] == decode.ArgVSR {
			return true
		}
	}
	return false
}

// regChanges lists the registers the step changed (the Observer's record,
// in its order: GPRs, the regs.ScalarReg registers, VSRs). A changed VSR is
// shown as fN when only its doubleword 0 changed (an FPR) and as vN for
// VSR 32-63, unless the instruction names VSX operands (vsrNames).
func regChanges(rec *emulate.StepRecord, vsrNames bool) (map[string]regChange, []regs.Change) {
	changes := map[string]regChange{}
	var list []regs.Change
	if rec == nil {
		return changes, list
	}
	for _, w := range rec.Regs {
		c := regs.Change{Name: w.Reg.String(), Old: w.Old, New: w.New, Wide: w.Reg.IsVSR()}
		if c.Wide {
			i := int(w.Reg - emulate.RegVSR0)
			switch {
			case !vsrNames && i < 32 && w.Old.Lo == w.New.Lo:
				c = regs.Change{Name: "f" + strconv.Itoa(i), Old: regs.VSR{Lo: w.Old.Hi}, New: regs.VSR{Lo: w.New.Hi}}
			case !vsrNames && i >= 32:
				c.Name = "v" + strconv.Itoa(i-32)
			}
		}
		o, n := hex64(c.Old.Lo), hex64(c.New.Lo)
		if c.Wide {
			o, n = hexVSR(c.Old), hexVSR(c.New)
		}
		changes[c.Name] = regChange{Old: o, New: n}
		list = append(list, c)
	}
	return changes, list
}

// memChanges lists the runs of bytes the step wrote (the Observer's
// record), merged where writes touch or overlap: the bytes before the
// first write and after the last.
func memChanges(rec *emulate.StepRecord) []memChange {
	out := []memChange{}
	if rec == nil || len(rec.Mem) == 0 {
		return out
	}
	type span struct {
		addr     uint64
		old, new []byte
	}
	var spans []span
	for _, w := range rec.Mem {
		old := w.Old
		if !w.OldOK {
			old = nil
		}
		spans = append(spans, span{w.Addr, append([]byte(nil), old...), append([]byte(nil), w.New...)})
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].addr < spans[j].addr })
	merged := spans[:1]
	for _, sp := range spans[1:] {
		last := &merged[len(merged)-1]
		end := last.addr + uint64(len(last.new))
		if sp.addr > end {
			merged = append(merged, sp)
			continue
		}
		// Overlapping or adjacent: the earlier old bytes win, the later new ones.
		for k := range sp.new {
			a := sp.addr + uint64(k) - last.addr
			if a < uint64(len(last.new)) {
				last.new[a] = sp.new[k]
				continue
			}
			last.new = append(last.new, sp.new[k])
			if sp.old != nil && last.old != nil {
				last.old = append(last.old, sp.old[k])
			}
		}
	}
	for _, sp := range merged {
		old := hex.EncodeToString(sp.old)
		if sp.old == nil {
			old = "??"
		}
		out = append(out, memChange{Addr: hex64(sp.addr), Old: old, New: hex.EncodeToString(sp.new)})
	}
	return out
}

func runStep(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("step")
	var order byteOrderFlags
	order.register(fs)
	is32 := fs.Bool("32", false, "32-bit mode")
	user := fs.Bool("user", false, "problem state (default)")
	super := fs.Bool("super", false, "supervisor state")
	profName := fs.String("profile", "hardware", "implementation profile")
	jsonOut := fs.Bool("json", false, "JSON output")
	nextOut := fs.Bool("next", false, "print the next PCs")
	effectsOut := fs.Bool("effects", false, "print the effects record")
	pos, be, code, done := order.parse(fs, args, stepUsage, stdout, stderr)
	if done {
		return code
	}
	if *user && *super {
		return usageError(stderr, fs.Name(), "-user and -super are mutually exclusive")
	}
	prof, ok := emulate.ParseProfile(*profName)
	if !ok {
		return usageError(stderr, fs.Name(), "unknown profile %q (want hardware or qemu)", *profName)
	}
	if len(pos) == 0 {
		return usageError(stderr, fs.Name(), "no instruction given")
	}
	insn, err := parseInsn(pos[0])
	if err != nil {
		return usageError(stderr, fs.Name(), "%v", err)
	}
	m := newMachine(be, *is32, *super)
	seen := map[string]bool{}
	for _, a := range pos[1:] {
		if err := m.assign(a, seen); err != nil {
			return usageError(stderr, fs.Name(), "%v", err)
		}
	}

	res := step(emulate.New(emulate.Config{Profile: prof}), m, insn, stepOpts{next: *nextOut, effects: *effectsOut})
	if *jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.Encode(res)
	} else {
		writeStepText(stdout, res)
	}
	if res.err != nil {
		return exitFail
	}
	return exitOK
}

// stepOpts selects the optional parts of a step's report.
type stepOpts struct {
	next    bool // predict the next PCs
	effects bool // also print the Observer's record as it is
}

// nextJSON is the JSON form of debug.Next.
type nextJSON struct {
	PCs       []string `json:"pcs"`
	Flow      string   `json:"flow"`
	Interrupt bool     `json:"interrupt,omitempty"`
}

func newNextJSON(n debug.Next) *nextJSON {
	j := &nextJSON{PCs: []string{}, Flow: n.Flow.String(), Interrupt: n.Interrupt}
	for _, a := range n.Addrs() {
		j.PCs = append(j.PCs, hex64(a))
	}
	return j
}

// effectsJSON is the JSON form of an emulate.StepRecord.
type effectsJSON struct {
	Registers   []regEffect  `json:"registers"`
	Memory      []memChange  `json:"memory"`
	Reservation *resvChanged `json:"reservation,omitempty"`
}

type regEffect struct {
	Reg string `json:"reg"`
	Old string `json:"old"`
	New string `json:"new"`
}

type resvChanged struct {
	Old string `json:"old"`
	New string `json:"new"`
}

func resvString(r emulate.Reservation) string {
	if !r.Valid {
		return "none"
	}
	return fmt.Sprintf("%#x/%d", r.Addr, r.Size)
}

func newEffectsJSON(rec *emulate.StepRecord) *effectsJSON {
	j := &effectsJSON{Registers: []regEffect{}, Memory: []memChange{}}
	if rec == nil {
		return j
	}
	for _, w := range rec.Regs {
		o, n := hex64(w.Old.Lo), hex64(w.New.Lo)
		if w.Reg.IsVSR() {
			o, n = hexVSR(w.Old), hexVSR(w.New)
		}
		j.Registers = append(j.Registers, regEffect{Reg: w.Reg.String(), Old: o, New: n})
	}
	for _, w := range rec.Mem {
		old := hex.EncodeToString(w.Old)
		if !w.OldOK {
			old = "??"
		}
		j.Memory = append(j.Memory, memChange{Addr: hex64(w.Addr), Old: old, New: hex.EncodeToString(w.New)})
	}
	if rec.ResvOld != rec.ResvNew {
		j.Reservation = &resvChanged{Old: resvString(rec.ResvOld), New: resvString(rec.ResvNew)}
	}
	return j
}

// step runs insn on m and describes the result.
func step(e *emulate.Emulator, m *machine, insn insnArg, opts stepOpts) *stepResult {
	d := describe(insn.word, insn.suffix, false)
	res := &stepResult{Insn: d.encoding(), Text: d.Text}
	if in, err := decode.DecodeWord(insn.word, insn.suffix); err == nil {
		res.Text = in.Syntax(m.r.NIP, nil) // branch targets as absolute addresses at NIP
	}
	if opts.next && !(decode.IsPrefix(insn.word) && !insn.prefixed) {
		if n, err := debug.NextPCsWord(insn.word, insn.suffix, &m.r, debug.FromState); err == nil {
			res.Next = newNextJSON(n)
			any, _ := debug.NextPCsWord(insn.word, insn.suffix, &m.r, debug.AnyCondition)
			res.NextAny = newNextJSON(any)
		}
	}
	// The effects come from the emulator's Observer: the registers that
	// changed and the memory written.
	var rec *emulate.StepRecord
	e.SetObserver(emulate.ObserverFunc(func(r *emulate.StepRecord) { rec = r.Clone() }))
	defer e.SetObserver(nil)
	var err error
	if decode.IsPrefix(insn.word) && !insn.prefixed {
		// A prefix word alone is not an instruction.
		err = &emulate.OpError{Kind: emulate.ErrIllegal, Err: prefixAlone(insn.word)}
		res.Insn, res.Text = fmt.Sprintf("%08x", insn.word), ""
	} else {
		rs := regions.Regions(m.mem)
		err = e.StepWord(&m.r, &rs, insn.word, insn.suffix)
	}
	res.err = err
	res.Outcome, res.Detail, res.Fault = outcome(err)
	if err != nil {
		res.Error = err.Error()
	}
	if opts.effects {
		res.Effects = newEffectsJSON(rec)
		if rec != nil {
			for _, w := range rec.Regs {
				res.effectRegs = append(res.effectRegs, regs.Change{Name: w.Reg.String(), Old: w.Old, New: w.New, Wide: w.Reg.IsVSR()})
			}
		}
	}
	res.Registers, res.regList = regChanges(rec, usesVSR(insn.word, insn.suffix))
	res.Memory = memChanges(rec)
	return res
}

func writeStepText(w io.Writer, res *stepResult) {
	text := res.Text
	if text == "" {
		text = "(does not decode)"
	}
	fmt.Fprintf(w, "%-8s %s  %s\n", "insn:", res.Insn, text)
	fmt.Fprintf(w, "%-8s %s\n", "outcome:", res.Detail)
	for _, c := range res.regList {
		fmt.Fprintln(w, c.String())
	}
	for _, c := range res.Memory {
		fmt.Fprintf(w, "m@%s: %s → %s\n", c.Addr, c.Old, c.New)
	}
	if res.Next != nil {
		fmt.Fprintf(w, "%-8s %s\n", "next:", nextText(res.Next, ""))
		fmt.Fprintf(w, "%-8s %s\n", "any:", nextText(res.NextAny, "ignoring CR, CTR and trap operands"))
	}
	if ef := res.Effects; ef != nil {
		if len(ef.Registers) == 0 && len(ef.Memory) == 0 && ef.Reservation == nil {
			fmt.Fprintf(w, "%-8s none\n", "effects:")
			return
		}
		fmt.Fprintf(w, "%-8s %d %s, %d memory %s\n", "effects:",
			len(ef.Registers), plural(len(ef.Registers), "register", "registers"),
			len(ef.Memory), plural(len(ef.Memory), "write", "writes"))
		for _, c := range res.effectRegs {
			fmt.Fprintf(w, "  %s\n", c.String())
		}
		for _, c := range ef.Memory {
			fmt.Fprintf(w, "  m@%s: %s → %s\n", c.Addr, c.Old, c.New)
		}
		if ef.Reservation != nil {
			fmt.Fprintf(w, "  reservation: %s → %s\n", ef.Reservation.Old, ef.Reservation.New)
		}
	}
}

func nextText(n *nextJSON, note string) string {
	pcs := strings.Join(n.PCs, " ")
	if pcs == "" {
		pcs = "none"
	}
	extra := n.Flow
	if n.Interrupt {
		extra += ", may interrupt"
	}
	if note != "" {
		extra += "; " + note
	}
	return pcs + " (" + extra + ")"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
