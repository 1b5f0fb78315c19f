package gdbstub

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Server speaks the GDB Remote Serial Protocol to one client for one Target.
type Server struct {
	t   Target
	o   binary.ByteOrder
	pts *Points
	// Log, if set, receives every packet received ("<- ") and sent ("-> ").
	Log io.Writer

	w  *writer
	rd *reader

	last           Stop      // the last stop
	gThread        int       // Hg: the thread of register and memory packets
	cThread        int       // Hc: the thread of c/s packets
	focus          int       // the thread GDB last named in T or Hg since the last stop (stepThread)
	pass           SignalSet // QPassSignals
	program        SignalSet // QProgramSignals, if programSet
	programSet     bool
	ended          bool
	threadsXMLSnap []byte
	// multi: GDB and the Server speak the multiprocess extensions
	// (Process): thread ids are pPID.TID.
	multi bool
	// Host I/O (Files): the open files by number, and the process
	// whose view vFile:setfs chose (0: the one debugged).
	files map[int]File
	fsPid int
}

// NewServer returns a Server for t. The program must be stopped.
func NewServer(t Target) *Server {
	s := &Server{t: t, o: t.ByteOrder(), pts: NewPoints()}
	s.last = Stop{Kind: StopSignal, Signal: sigTRAP}
	if th := t.Threads(); len(th) > 0 {
		s.last.Thread = th[0]
	}
	return s
}

// ErrKilled is returned by Serve when the client killed the program, and
// ErrDetached when it detached.
var (
	ErrKilled   = errors.New("gdbstub: program killed by the client")
	ErrDetached = errors.New("gdbstub: client detached")
)

// Serve answers the client on rw until it kills the program, detaches or
// closes the connection (then the program is killed, as GDB does with a
// program it started).
func (s *Server) Serve(rw io.ReadWriter) error {
	s.w = &writer{w: rw}
	s.rd = &reader{r: bufio.NewReader(rw), w: s.w}
	events := make(chan event)
	done := make(chan struct{})
	defer close(done)
	defer s.closeFiles()
	go func() {
		for {
			ev := s.rd.next()
			select {
			case events <- ev:
			case <-done:
				return
			}
			if ev.err != nil {
				return
			}
		}
	}()
	for ev := range events {
		if ev.err != nil {
			ended := s.ended
			if !ended {
				s.t.Kill()
			}
			// The client went away: the normal end of a session (GDB
			// may reset the connection rather than close it).
			if ended || clientGone(ev.err) {
				return nil
			}
			return ev.err
		}
		if ev.interrupt {
			continue // the program is already stopped
		}
		if s.Log != nil {
			fmt.Fprintf(s.Log, "<- %s\n", ev.data)
		}
		reply, err := s.handle(ev.data, events)
		if clientGone(err) {
			return nil // while the program ran; it was killed
		}
		if err != nil && !errors.Is(err, ErrKilled) && !errors.Is(err, ErrDetached) {
			return err
		}
		if reply != nil {
			if s.Log != nil {
				fmt.Fprintf(s.Log, "-> %s\n", reply)
			}
			if werr := s.w.packet(reply); werr != nil {
				return werr
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// clientGone reports whether a read error means the client closed or
// reset the connection.
func clientGone(err error) bool {
	return errors.Is(err, io.EOF) || connReset(err)
}

var (
	replyOK    = []byte("OK")
	replyEmpty = []byte{}
)

func replyErr(n int) []byte { return []byte(fmt.Sprintf("E%02x", n)) }

// handle answers one packet; a nil reply sends nothing.
func (s *Server) handle(p []byte, events chan event) ([]byte, error) {
	if len(p) == 0 {
		return replyEmpty, nil
	}
	if s.ended {
		switch p[0] {
		case '?':
			return s.stopReply(s.last), nil
		case 'k', 'D':
			return replyOK, ErrKilled
		case 'v':
			if bytes.HasPrefix(p, []byte("vKill")) {
				return replyOK, ErrKilled
			}
			if bytes.HasPrefix(p, []byte("vFile:")) {
				return s.hostIO(string(p[len("vFile:"):])), nil // (GDB closes its files)
			}
		}
		if !bytes.HasPrefix(p, []byte("q")) {
			return replyErr(1), nil
		}
	}
	cmd, arg := p[0], string(p[1:])
	switch cmd {
	case '?':
		return s.stopReply(s.last), nil
	case 'q', 'Q':
		return s.query(string(p)), nil
	case 'H':
		if len(arg) < 1 {
			return replyErr(1), nil
		}
		tid, ok := s.parseThread(arg[1:])
		if !ok {
			return replyErr(1), nil
		}
		if arg[0] == 'g' {
			s.gThread = tid
			if tid > 0 {
				s.focus = tid
			}
		} else {
			s.cThread = tid
		}
		return replyOK, nil
	case 'T':
		tid, ok := s.parseThread(arg)
		if !ok || !s.alive(tid) {
			return replyErr(1), nil
		}
		s.focus = tid
		return replyOK, nil
	case 'g':
		r, err := s.t.Regs(s.regThread())
		if err != nil {
			return replyErr(1), nil
		}
		var b []byte
		for n := 0; n < NumRegs; n++ {
			b = appendReg(b, &r, n, s.o)
		}
		return hexBytes(b), nil
	case 'G':
		b, err := hex.DecodeString(arg)
		if err != nil {
			return replyErr(1), nil
		}
		tid := s.regThread()
		r, err := s.t.Regs(tid)
		if err != nil {
			return replyErr(1), nil
		}
		// A packet may stop after any whole register (the rest keep
		// their values); a cut register or bytes beyond the last
		// register refuse the whole packet.
		for n := 0; n < NumRegs && len(b) > 0; n++ {
			_, size, _, _ := regInfo(n)
			if len(b) < size {
				return replyErr(1), nil
			}
			setReg(&r, n, b[:size], s.o)
			b = b[size:]
		}
		if len(b) > 0 {
			return replyErr(1), nil
		}
		if s.t.SetRegs(tid, &r) != nil {
			return replyErr(1), nil
		}
		return replyOK, nil
	case 'p':
		n, err := strconv.ParseUint(arg, 16, 16)
		if err != nil || n >= NumRegs {
			return replyErr(1), nil
		}
		r, rerr := s.t.Regs(s.regThread())
		if rerr != nil {
			return replyErr(1), nil
		}
		return hexBytes(appendReg(nil, &r, int(n), s.o)), nil
	case 'P':
		num, val, ok := strings.Cut(arg, "=")
		n, err := strconv.ParseUint(num, 16, 16)
		b, herr := hex.DecodeString(val)
		if !ok || err != nil || herr != nil || n >= NumRegs {
			return replyErr(1), nil
		}
		if _, size, _, _ := regInfo(int(n)); len(b) != size {
			return replyErr(1), nil
		}
		tid := s.regThread()
		r, rerr := s.t.Regs(tid)
		if rerr != nil {
			return replyErr(1), nil
		}
		setReg(&r, int(n), b, s.o)
		if s.t.SetRegs(tid, &r) != nil {
			return replyErr(1), nil
		}
		return replyOK, nil
	case 'm':
		addr, n, ok := parseAddrLen(arg)
		if !ok || n > maxMem {
			return replyErr(1), nil
		}
		b := s.readMem(addr, int(n))
		if len(b) == 0 && n > 0 {
			return replyErr(0x0e), nil
		}
		return hexBytes(b), nil
	case 'M', 'X':
		head, data, ok := bytes.Cut(p[1:], []byte(":"))
		if !ok {
			return replyErr(1), nil
		}
		addr, n, ok := parseAddrLen(string(head))
		if !ok || n > maxMem {
			return replyErr(1), nil
		}
		var b []byte
		var err error
		if cmd == 'M' {
			b, err = hex.DecodeString(string(data))
		} else {
			b, err = unescape(data)
		}
		if err != nil || uint64(len(b)) != n {
			return replyErr(1), nil
		}
		if n > 0 && s.t.WriteMemory(addr, b) != nil {
			return replyErr(0x0e), nil
		}
		return replyOK, nil
	case 'Z', 'z':
		f := strings.Split(arg, ",")
		if len(f) < 3 {
			return replyErr(1), nil
		}
		kind, err1 := strconv.Atoi(f[0])
		addr, err2 := strconv.ParseUint(f[1], 16, 64)
		n, err3 := strconv.ParseUint(strings.SplitN(f[2], ";", 2)[0], 16, 64)
		if err1 != nil || err2 != nil || err3 != nil || kind < 0 || kind > 4 || n > maxMem {
			return replyErr(1), nil
		}
		if cmd == 'Z' {
			if s.pts.Insert(kind, addr, n) != nil {
				return replyErr(1), nil
			}
		} else {
			s.pts.Remove(kind, addr, n)
		}
		return replyOK, nil
	case 'c', 's', 'C', 'S':
		a := Action{Step: cmd == 's' || cmd == 'S', Thread: s.cThread}
		if cmd == 'C' || cmd == 'S' {
			sig, rest, _ := strings.Cut(arg, ";")
			v, err := strconv.ParseUint(sig, 16, 8)
			if err != nil {
				return replyErr(1), nil
			}
			a.Signal = fromGDBSignal(int(v))
			arg = rest
		}
		if arg != "" {
			return replyErr(1), nil // resuming at an address is not supported
		}
		return s.resume(a, events)
	case 'b':
		switch arg {
		case "s":
			return s.resume(Action{Step: true, Reverse: true, Thread: s.cThread}, events)
		case "c":
			return s.resume(Action{Reverse: true, Thread: s.cThread}, events)
		}
		return replyEmpty, nil
	case 'k':
		s.closeFiles()
		s.t.Kill()
		s.ended = true
		return nil, ErrKilled
	case 'D':
		s.closeFiles()
		s.t.Detach(s.programSignals())
		s.ended = true
		return replyOK, ErrDetached
	case 'v':
		return s.vPacket(string(p), events)
	}
	return replyEmpty, nil
}

// maxMem bounds a memory transfer (the announced PacketSize is smaller).
const maxMem = 1 << 16

// PacketSize is the largest packet the Server accepts, as announced in
// qSupported.
const PacketSize = 0x4000

func (s *Server) vPacket(p string, events chan event) ([]byte, error) {
	switch {
	case p == "vCont?":
		return []byte("vCont;c;C;s;S"), nil
	case strings.HasPrefix(p, "vCont;"):
		a, ok := s.parseVCont(p[len("vCont;"):])
		if !ok {
			return replyErr(1), nil
		}
		return s.resume(a, events)
	case strings.HasPrefix(p, "vFile:"):
		return s.hostIO(p[len("vFile:"):]), nil
	case strings.HasPrefix(p, "vKill"):
		s.closeFiles()
		s.t.Kill()
		s.ended = true
		s.last = Stop{Kind: StopKilled, Signal: sigKILL}
		return replyOK, nil
	}
	return replyEmpty, nil
}

// parseVCont turns vCont actions into one Action: a step of one thread if
// any action steps (the other threads run along, as GDB's default
// scheduler-locking "replay" lets them in live execution), else a continue.
func (s *Server) parseVCont(list string) (Action, bool) {
	var a Action
	cont := false
	for _, act := range strings.Split(list, ";") {
		kind, tidStr, hasTID := strings.Cut(act, ":")
		tid := 0
		if hasTID {
			t, ok := s.parseThread(tidStr)
			if !ok {
				return a, false
			}
			tid = t
		}
		if kind == "" {
			return a, false
		}
		sig := 0
		switch kind[0] {
		case 'C', 'S':
			v, err := strconv.ParseUint(kind[1:], 16, 8)
			if err != nil {
				return a, false
			}
			sig = fromGDBSignal(int(v))
		case 'c', 's':
			if len(kind) != 1 {
				return a, false
			}
		default:
			return a, false
		}
		step := kind[0] == 's' || kind[0] == 'S'
		switch {
		case step && !a.Step:
			a.Step, a.Thread, a.Signal = true, tid, sig
		case !step && !a.Step && !cont:
			cont = true
			a.Thread, a.Signal = tid, sig
		}
	}
	if a.Thread < 0 {
		a.Thread = 0
	}
	return a, a.Step || cont
}

// resume runs the target and answers with the stop reply; a Ctrl-C from
// the client interrupts it.
func (s *Server) resume(a Action, events chan event) ([]byte, error) {
	if a.Thread <= 0 {
		a.Thread = s.stepThread(a.Step)
	}
	a.Points, a.Pass = s.pts, s.pass
	res := make(chan Stop, 1)
	go func() { res <- s.t.Resume(a) }()
	for {
		select {
		case st := <-res:
			s.last = st
			s.gThread, s.cThread, s.focus = 0, 0, 0
			if st.Kind != StopSignal {
				s.ended = true
			}
			return s.stopReply(st), nil
		case ev := <-events:
			if ev.err != nil {
				s.t.Kill()
				<-res
				s.ended = true
				return nil, ev.err
			}
			if ev.interrupt {
				s.t.Interrupt()
			}
			// Packets while the program runs are not part of all-stop
			// mode; they are dropped.
		}
	}
}

// stepThread is the thread a resumption that names none (Hc0 or Hc-1, then
// s or bs) applies to. A continue: the thread that stopped last. A step:
// GDB's selected thread, which the packet does not carry (GDB sends "Hc0"
// then "bs" to reverse-step its selected thread while letting the others
// run, having moved only that one back over a breakpoint with "Hc<tid>"
// "bs" just before when it was another): the thread it last named in a
// T (thread alive, as "thread N" and GDB's return to its stepping thread
// send) or Hg (its registers or memory) packet since the last stop, else
// the thread that stopped last (a stop selects its thread in GDB).
func (s *Server) stepThread(step bool) int {
	if step && s.focus > 0 && s.alive(s.focus) {
		return s.focus
	}
	return s.last.Thread
}

func (s *Server) stopReply(st Stop) []byte {
	process := ""
	if s.multi {
		process = fmt.Sprintf(";process:%x", s.pid())
	}
	switch st.Kind {
	case StopExited:
		return []byte(fmt.Sprintf("W%02x%s", st.Code&0xff, process))
	case StopKilled:
		return []byte(fmt.Sprintf("X%02x%s", toGDBSignal(st.Signal), process))
	}
	b := []byte(fmt.Sprintf("T%02xthread:%s;", toGDBSignal(st.Signal), s.threadID(st.Thread)))
	switch st.Reason {
	case ReasonSWBreak:
		b = append(b, "swbreak:;"...)
	case ReasonHWBreak:
		b = append(b, "hwbreak:;"...)
	case ReasonWatch:
		b = append(b, fmt.Sprintf("watch:%x;", st.Addr)...)
	case ReasonRWatch:
		b = append(b, fmt.Sprintf("rwatch:%x;", st.Addr)...)
	case ReasonAWatch:
		b = append(b, fmt.Sprintf("awatch:%x;", st.Addr)...)
	case ReasonHistoryBegin:
		b = append(b, "replaylog:begin;"...)
	case ReasonHistoryEnd:
		b = append(b, "replaylog:end;"...)
	}
	return b
}

func (s *Server) query(p string) []byte {
	name, _, _ := strings.Cut(p, ":")
	switch {
	case name == "qSupported":
		multi := ""
		_, features, _ := strings.Cut(p, ":")
		if slices.Contains(strings.Split(features, ";"), "multiprocess+") && s.pid() > 0 {
			s.multi, multi = true, ";multiprocess+"
		}
		exe := ""
		if _, ok := s.t.(Files); ok && s.pid() > 0 {
			exe = "qXfer:exec-file:read+;"
		}
		return []byte(fmt.Sprintf("PacketSize=%x;qXfer:features:read+;qXfer:auxv:read+;qXfer:threads:read+;%s"+
			"swbreak+;hwbreak+;ReverseStep+;ReverseContinue+;vContSupported+;QStartNoAckMode+;QPassSignals+;QProgramSignals+%s", PacketSize, exe, multi))
	case p == "QStartNoAckMode":
		s.rd.mu.Lock()
		s.rd.noAck = true
		s.rd.mu.Unlock()
		return replyOK
	case strings.HasPrefix(p, "QPassSignals:"):
		set, ok := parseSignalList(p[len("QPassSignals:"):])
		if !ok {
			return replyErr(1)
		}
		s.pass = set
		return replyOK
	case strings.HasPrefix(p, "QProgramSignals:"):
		set, ok := parseSignalList(p[len("QProgramSignals:"):])
		if !ok {
			return replyErr(1)
		}
		s.program, s.programSet = set, true
		return replyOK
	case name == "qAttached":
		return []byte("0")
	case p == "qC":
		return []byte("QC" + s.threadID(s.last.Thread))
	case p == "qfThreadInfo":
		th := s.threads()
		if len(th) == 0 {
			return []byte("l")
		}
		parts := make([]string, len(th))
		for i, t := range th {
			parts[i] = s.threadID(t)
		}
		return []byte("m" + strings.Join(parts, ","))
	case p == "qsThreadInfo":
		return []byte("l")
	case p == "qSymbol::":
		return replyOK
	case strings.HasPrefix(p, "qRcmd,"):
		m, ok := s.t.(Monitor)
		cmd, err := hex.DecodeString(p[len("qRcmd,"):])
		if !ok || err != nil {
			return replyEmpty
		}
		out, err := m.Monitor(string(cmd))
		if err != nil {
			out += err.Error() + "\n"
		}
		if out == "" {
			return replyOK
		}
		return []byte(hex.EncodeToString([]byte(out)))
	case strings.HasPrefix(p, "qXfer:features:read:target.xml:"):
		return xfer([]byte(targetXML), p[len("qXfer:features:read:target.xml:"):])
	case strings.HasPrefix(p, "qXfer:auxv:read::"):
		return xfer(s.t.Auxv(), p[len("qXfer:auxv:read::"):])
	case strings.HasPrefix(p, "qXfer:exec-file:read:"):
		annex, arg, _ := strings.Cut(p[len("qXfer:exec-file:read:"):], ":")
		exe, ok := s.execFile(annex)
		if !ok {
			return replyErr(1)
		}
		return xfer([]byte(exe), arg)
	case strings.HasPrefix(p, "qXfer:threads:read::"):
		arg := p[len("qXfer:threads:read::"):]
		if strings.HasPrefix(arg, "0,") || s.threadsXMLSnap == nil {
			var b strings.Builder
			b.WriteString("<?xml version=\"1.0\"?>\n<threads>\n")
			for _, t := range s.threads() {
				fmt.Fprintf(&b, "<thread id=\"%s\"/>\n", s.threadID(t))
			}
			b.WriteString("</threads>\n")
			s.threadsXMLSnap = []byte(b.String())
		}
		return xfer(s.threadsXMLSnap, arg)
	}
	return replyEmpty
}

// programSignals are the signals the program may receive at a detach:
// QProgramSignals' (the signals GDB's handle passes) or, if GDB sent
// none, all but SIGINT and SIGTRAP, GDB's default nopass signals, as
// gdbserver assumes.
func (s *Server) programSignals() SignalSet {
	if s.programSet {
		return s.program
	}
	return ^SignalSet(0) &^ (1<<(sigINT-1) | 1<<(sigTRAP-1))
}

// parseSignalList parses QPassSignals' and QProgramSignals' list: GDB signal numbers in hex,
// each followed by ';' (GDB ends the list with one; empty: none). Signals
// Linux has no number for are left out.
func parseSignalList(list string) (SignalSet, bool) {
	var set SignalSet
	for _, f := range strings.Split(strings.TrimSuffix(list, ";"), ";") {
		if f == "" && list == "" {
			break
		}
		v, err := strconv.ParseUint(f, 16, 8)
		if err != nil {
			return 0, false
		}
		set = set.With(fromGDBSignal(int(v)))
	}
	return set, true
}

// execFile answers qXfer:exec-file:read of the process annex names (its
// pid in hex; empty: the one debugged) as gdbserver does: the target of
// its /proc/PID/exe link, read through the Target's Files.
func (s *Server) execFile(annex string) (string, bool) {
	files, ok := s.t.(Files)
	pid := s.pid()
	if !ok || pid <= 0 {
		return "", false
	}
	if annex != "" {
		v, err := strconv.ParseUint(annex, 16, 31)
		if err != nil || v == 0 {
			return "", false
		}
		pid = int(v)
	}
	exe, err := files.ReadLink(0, "/proc/"+strconv.Itoa(pid)+"/exe")
	return exe, err == nil && exe != ""
}

// xfer answers a qXfer read of data at "offset,length".
func xfer(data []byte, arg string) []byte {
	off, n, ok := parseAddrLen(arg)
	if !ok {
		return replyErr(0)
	}
	if off >= uint64(len(data)) {
		return []byte("l")
	}
	rest := data[off:]
	if uint64(len(rest)) <= n {
		return append([]byte("l"), rest...)
	}
	return append([]byte("m"), rest[:n]...)
}

func (s *Server) threads() []int {
	th := append([]int(nil), s.t.Threads()...)
	sort.Ints(th)
	return th
}

func (s *Server) alive(tid int) bool {
	for _, t := range s.t.Threads() {
		if t == tid {
			return true
		}
	}
	return false
}

// regThread is the thread register and memory packets refer to.
func (s *Server) regThread() int {
	if s.gThread > 0 {
		return s.gThread
	}
	return s.last.Thread
}

// threadID is thread tid's id in packets: hex, pPID.TID under the
// multiprocess extensions.
func (s *Server) threadID(tid int) string {
	if s.multi {
		return fmt.Sprintf("p%x.%x", s.pid(), tid)
	}
	return strconv.FormatInt(int64(tid), 16)
}

// parseThread parses a thread-id: hex, 0 (any) or -1 (all); "p1.tid"
// multiprocess forms are accepted too, and "pPID" (all of the process's
// threads). 0 and -1 come back as 0.
func (s *Server) parseThread(x string) (int, bool) {
	if _, t, ok := strings.Cut(x, "."); ok && strings.HasPrefix(x, "p") {
		x = t
	} else if strings.HasPrefix(x, "p") {
		x = "0"
	}
	if x == "-1" || x == "0" {
		return 0, true
	}
	v, err := strconv.ParseUint(x, 16, 31)
	if err != nil {
		return 0, false
	}
	return int(v), true
}

// readMem reads up to n bytes at addr, stopping at the first unreadable
// byte.
func (s *Server) readMem(addr uint64, n int) []byte {
	b := make([]byte, n)
	if s.t.ReadMemory(addr, b) == nil {
		return b
	}
	for i := range b {
		if s.t.ReadMemory(addr+uint64(i), b[i:i+1]) != nil {
			return b[:i]
		}
	}
	return b
}

func parseAddrLen(x string) (addr, n uint64, ok bool) {
	a, l, found := strings.Cut(x, ",")
	if !found {
		return 0, 0, false
	}
	av, err1 := strconv.ParseUint(a, 16, 64)
	lv, err2 := strconv.ParseUint(l, 16, 64)
	return av, lv, err1 == nil && err2 == nil
}

func hexBytes(b []byte) []byte {
	out := make([]byte, hex.EncodedLen(len(b)))
	hex.Encode(out, b)
	return out
}
