package gdbstub

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/regs"
)

func TestChecksumAndFrame(t *testing.T) {
	// Examples of the protocol documentation: "$OK#9a"; the escapes of
	// '#', '$', '}' and '*' are '}' and the byte XOR 0x20.
	for _, c := range []struct{ data, want string }{
		{"OK", "$OK#9a"},
		{"", "$#00"},
		{"#", "$}\x03#80"},
		{"}", "$}]#da"},
		{"*$", "$}\x0a}\x04#08"},
	} {
		if got := string(frame([]byte(c.data))); got != c.want {
			t.Errorf("frame(%q) = %q, want %q", c.data, got, c.want)
		}
	}
}

func TestEscapeRoundTrip(t *testing.T) {
	in := []byte{0, '#', '$', '}', '*', 0x7d ^ 0x20, 0xff, 'a'}
	esc := escape(nil, in)
	if bytes.ContainsAny(esc, "#$*") {
		t.Errorf("escaped %x still has #, $ or *", esc)
	}
	out, err := unescape(esc)
	if err != nil || !bytes.Equal(out, in) {
		t.Errorf("unescape(escape(%x)) = %x, %v", in, out, err)
	}
	if _, err := unescape([]byte("ab}")); !errors.Is(err, ErrPacket) {
		t.Errorf("a trailing escape: %v, want ErrPacket", err)
	}
}

// fakeTarget is a one- or two-thread program with 4 KiB of memory at
// 0x1000, whose Resume returns the stops it is given.
type fakeTarget struct {
	order   binary.ByteOrder
	regs    map[int]*regs.Regs
	mem     [4096]byte
	actions []Action
	stops   []Stop
	block   chan struct{} // if set, Resume waits for Interrupt
	stopped sync.Once
	killed  bool
	// detached: Detach's signals, once called.
	detached *SignalSet
}

func newFake(order binary.ByteOrder) *fakeTarget {
	f := &fakeTarget{order: order, regs: map[int]*regs.Regs{100: {}, 101: {}}}
	f.regs[100].NIP = 0x1000
	f.regs[100].GPR[3] = 0x1122334455667788
	f.regs[100].CR = 0x20000000
	f.regs[100].VSR[32+1] = regs.VSR{Hi: 0x0001020304050607, Lo: 0x08090a0b0c0d0e0f}
	return f
}

func (f *fakeTarget) ByteOrder() binary.ByteOrder { return f.order }
func (f *fakeTarget) Threads() []int              { return []int{100, 101} }
func (f *fakeTarget) Regs(tid int) (regs.Regs, error) {
	if r := f.regs[tid]; r != nil {
		return *r, nil
	}
	return regs.Regs{}, errors.New("no thread")
}
func (f *fakeTarget) SetRegs(tid int, r *regs.Regs) error { *f.regs[tid] = *r; return nil }
func (f *fakeTarget) ReadMemory(addr uint64, p []byte) error {
	if addr < 0x1000 || addr-0x1000+uint64(len(p)) > 4096 {
		return errors.New("fault")
	}
	copy(p, f.mem[addr-0x1000:])
	return nil
}
func (f *fakeTarget) WriteMemory(addr uint64, p []byte) error {
	if addr < 0x1000 || addr-0x1000+uint64(len(p)) > 4096 {
		return errors.New("fault")
	}
	copy(f.mem[addr-0x1000:], p)
	return nil
}
func (f *fakeTarget) Auxv() []byte { return []byte("auxv-bytes") }
func (f *fakeTarget) Resume(a Action) Stop {
	f.actions = append(f.actions, a)
	if f.block != nil {
		<-f.block
		return Stop{Thread: a.Thread, Signal: sigINT}
	}
	if len(f.stops) == 0 {
		return Stop{Kind: StopExited, Code: 3}
	}
	st := f.stops[0]
	f.stops = f.stops[1:]
	return st
}
func (f *fakeTarget) Interrupt() {
	if f.block != nil {
		f.stopped.Do(func() { close(f.block) })
	}
}
func (f *fakeTarget) Kill() { f.killed = true }

// Monitor answers "monitor hi" and fails every other command.
func (f *fakeTarget) Monitor(cmd string) (string, error) {
	if cmd == "hi" {
		return "hello\n", nil
	}
	return "", errors.New("no such command")
}
func (f *fakeTarget) Detach(program SignalSet) { f.detached = &program }

// client is a minimal RSP client over a pipe.
type client struct {
	t  *testing.T
	c  net.Conn
	rd *bufio.Reader
}

func startServer(t *testing.T, f *fakeTarget) (*client, chan error) { return startTarget(t, f) }

// startTarget serves target on a connection and returns its client.
func startTarget(t *testing.T, f Target) (*client, chan error) {
	// A loopback TCP connection: unlike net.Pipe it buffers, as GDB's
	// connection does.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(f)
	done := make(chan error, 1)
	go func() {
		b, err := ln.Accept()
		ln.Close() // after the accept: closing first resets a connection not yet accepted
		if err != nil {
			done <- err
			return
		}
		defer b.Close()
		done <- srv.Serve(b)
	}()
	a, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	_ = a.SetDeadline(time.Now().Add(10 * time.Second))
	return &client{t: t, c: a, rd: bufio.NewReader(a)}, done
}

// ask sends a packet and returns the reply (acks are checked).
func (c *client) ask(data string) string {
	c.t.Helper()
	if _, err := c.c.Write(frame([]byte(data))); err != nil {
		c.t.Fatal(err)
	}
	return c.reply()
}

// packetReply is a packet and the reply it must get.
type packetReply struct{ send, want string }

// exchange sends each packet in turn and checks its reply.
func (c *client) exchange(qs []packetReply) {
	c.t.Helper()
	for _, q := range qs {
		if got := c.ask(q.send); got != q.want {
			c.t.Errorf("%.40s: got %q, want %q", q.send, got, q.want)
		}
	}
}

func (c *client) reply() string {
	c.t.Helper()
	for {
		b, err := c.rd.ReadByte()
		if err != nil {
			c.t.Fatal(err)
		}
		if b == '+' {
			continue
		}
		if b != '$' {
			c.t.Fatalf("unexpected byte %q", b)
		}
		body, ok, err := readBody(c.rd)
		if err != nil || !ok {
			c.t.Fatalf("bad reply %q: %v", body, err)
		}
		if _, err := c.c.Write([]byte("+")); err != nil {
			c.t.Fatal(err)
		}
		return string(body)
	}
}

func TestServerPackets(t *testing.T) {
	f := newFake(binary.BigEndian)
	f.stops = []Stop{
		{Thread: 100, Signal: sigTRAP, Reason: ReasonSWBreak},
		{Thread: 101, Signal: sigTRAP, Reason: ReasonWatch, Addr: 0x1234},
		{Thread: 100, Signal: sigTRAP, Reason: ReasonHistoryBegin},
		{Thread: 100, Signal: 11},
	}
	c, _ := startServer(t, f)
	copy(f.mem[0x10:], "hello")
	for _, q := range []struct{ send, want string }{
		{"qSupported:multiprocess+;swbreak+", "PacketSize=4000;qXfer:features:read+;qXfer:auxv:read+;qXfer:threads:read+;swbreak+;hwbreak+;ReverseStep+;ReverseContinue+;vContSupported+;QStartNoAckMode+;QPassSignals+;QProgramSignals+"},
		{"?", "T05thread:64;"},
		{"qfThreadInfo", "m64,65"},
		{"qsThreadInfo", "l"},
		{"qC", "QC64"},
		{"p3", "1122334455667788"},
		{"p40", "0000000000001000"},                 // pc
		{"p42", "20000000"},                         // cr
		{"p48", "000102030405060708090a0b0c0d0e0f"}, // vr1 (big-endian)
		{"Hg65", "OK"},
		{"p3", "0000000000000000"},
		{"Hg0", "OK"},
		{"P3=00000000000000ff", "OK"},
		{"p3", "00000000000000ff"},
		{"m1010,5", hex.EncodeToString([]byte("hello"))},
		{"m1ffe,4", "0000"}, // partial: the readable prefix
		{"m0,4", "E0e"},
		{"M1020,2:abcd", "OK"},
		{"m1020,2", "abcd"},
		{"Z0,1000,4", "OK"},
		{"Z2,1234,8", "OK"},
		{"vCont?", "vCont;c;C;s;S"},
		{"vCont;s:64;c", "T05thread:64;swbreak:;"},
		{"c", "T05thread:65;watch:1234;"},
		{"bc", "T05thread:64;replaylog:begin;"},
		{"vCont;C0b:64", "T0bthread:64;"},
		{"qXfer:auxv:read::2,4", "mxv-b"},
		{"qXfer:auxv:read::8,10", "les"},
		{"qXfer:threads:read::0,1000", "l<?xml version=\"1.0\"?>\n<threads>\n<thread id=\"64\"/>\n<thread id=\"65\"/>\n</threads>\n"},
		{"vMustReplyEmpty", ""},
		{"qRcmd,6869", hex.EncodeToString([]byte("hello\n"))},         // monitor hi
		{"qRcmd,78", hex.EncodeToString([]byte("no such command\n"))}, // monitor x
		{"qRcmd,zz", ""},
		{"c", "W03"},
	} {
		if got := c.ask(q.send); got != q.want {
			t.Errorf("%s: got %q, want %q", q.send, got, q.want)
		}
	}
	wantActions := []Action{
		{Step: true, Thread: 100},
		{Thread: 100},
		{Reverse: true, Thread: 101},
		{Thread: 100, Signal: 11},
		{Thread: 100},
	}
	checkActions(t, f, wantActions)
}

// checkActions compares the target's resumptions with want, but for their
// Points.
func checkActions(t *testing.T, f *fakeTarget, want []Action) {
	t.Helper()
	for i := range f.actions {
		f.actions[i].Points = nil
	}
	if diff := cmp.Diff(want, f.actions); diff != "" {
		t.Errorf("actions (-want +got):\n%s", diff)
	}
}

func TestServerBinaryWriteAndRegisters(t *testing.T) {
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		f := newFake(order)
		c, _ := startServer(t, f)
		// X with escaped bytes: 0x23 '#', 0x7d '}', 0x2a '*'.
		data := []byte{0x23, 0x7d, 0x2a, 0x00}
		pkt := append([]byte("X1040,4:"), escape(nil, data)...)
		raw := append([]byte("$"), pkt...)
		cs := checksum(pkt)
		raw = append(raw, '#', hexDigits[cs>>4], hexDigits[cs&15])
		if _, err := c.c.Write(raw); err != nil {
			t.Fatal(err)
		}
		if got := c.reply(); got != "OK" {
			t.Fatalf("X: %q", got)
		}
		if !bytes.Equal(f.mem[0x40:0x44], data) {
			t.Errorf("X wrote %x, want %x", f.mem[0x40:0x44], data)
		}
		// g then G with the same bytes leaves the registers unchanged.
		before := *f.regs[100]
		g := c.ask("g")
		want := 0
		for n := 0; n < NumRegs; n++ {
			_, size, _, _ := regInfo(n)
			want += 2 * size
		}
		if len(g) != want {
			t.Errorf("g: %d hex digits, want %d", len(g), want)
		}
		if got := c.ask("G" + g); got != "OK" {
			t.Errorf("G: %q", got)
		}
		if diff := cmp.Diff(before, *f.regs[100]); diff != "" {
			t.Errorf("G(g) changed the registers:\n%s", diff)
		}
		// r3 is the fourth 8-byte register, in the program's byte order.
		var b [8]byte
		order.PutUint64(b[:], 0x1122334455667788)
		if g[3*16:4*16] != hex.EncodeToString(b[:]) {
			t.Errorf("g r3 = %s, want %x", g[3*16:4*16], b)
		}
	}
}

func TestServerAcksAndInterrupt(t *testing.T) {
	f := newFake(binary.LittleEndian)
	f.block = make(chan struct{})
	c, _ := startServer(t, f)
	// A corrupted checksum is answered with '-'.
	if _, err := c.c.Write([]byte("$qC#00")); err != nil {
		t.Fatal(err)
	}
	if b, _ := c.rd.ReadByte(); b != '-' {
		t.Errorf("bad checksum answered with %q", b)
	}
	// Ctrl-C while running stops the program with SIGINT.
	if _, err := c.c.Write(frame([]byte("c"))); err != nil {
		t.Fatal(err)
	}
	if b, _ := c.rd.ReadByte(); b != '+' {
		t.Errorf("c acknowledged with %q", b)
	}
	if _, err := c.c.Write([]byte{0x03}); err != nil {
		t.Fatal(err)
	}
	if got := c.reply(); got != "T02thread:64;" {
		t.Errorf("interrupt: %q", got)
	}
	// After QStartNoAckMode no '+' comes back.
	if got := c.ask("QStartNoAckMode"); got != "OK" {
		t.Errorf("QStartNoAckMode: %q", got)
	}
	if _, err := c.c.Write(frame([]byte("qC"))); err != nil {
		t.Fatal(err)
	}
	if b, _ := c.rd.ReadByte(); b != '$' {
		t.Errorf("an ack after QStartNoAckMode: %q", b)
	}
}

func TestServerKill(t *testing.T) {
	f := newFake(binary.LittleEndian)
	c, done := startServer(t, f)
	if _, err := c.c.Write(frame([]byte("k"))); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, ErrKilled) || !f.killed {
		t.Errorf("k: %v, killed %v", err, f.killed)
	}
}

func TestTargetXML(t *testing.T) {
	f := newFake(binary.LittleEndian)
	c, _ := startServer(t, f)
	var got strings.Builder
	for {
		r := c.ask("qXfer:features:read:target.xml:" + strconv.FormatInt(int64(got.Len()), 16) + ",100")
		got.WriteString(r[1:])
		if r[0] == 'l' {
			break
		}
	}
	if got.String() != targetXML {
		t.Errorf("reassembled target.xml differs")
	}
	// GDB's rs6000 target needs these names at these numbers.
	for _, want := range []string{
		`<feature name="org.gnu.gdb.power.core">`, `name="r0" bitsize="64" type="uint64" regnum="0"`,
		`name="pc" bitsize="64" type="code_ptr" regnum="64"`, `name="xer" bitsize="32" type="uint32" regnum="69"`,
		`<feature name="org.gnu.gdb.power.fpu">`, `name="f31" bitsize="64" type="ieee_double" regnum="63"`,
		`name="fpscr" bitsize="64"`, `<feature name="org.gnu.gdb.power.altivec">`,
		`name="vr31" bitsize="128" type="vec128" regnum="102"`, `name="vrsave" bitsize="32" type="int" regnum="104"`,
		`<feature name="org.gnu.gdb.power.vsx">`, `name="vs31h" bitsize="64" type="uint64" regnum="136"`,
	} {
		if !strings.Contains(targetXML, want) {
			t.Errorf("target.xml lacks %s", want)
		}
	}
}

// FuzzServer feeds arbitrary client bytes to a Server with a fake target:
// it must never panic and must answer every well-formed packet.
func FuzzServer(f *testing.F) {
	for _, s := range []string{
		"$qSupported#37", "$g#67", "$m1000,10#00", "$X1000,2:}]a#00", "$Z2,1000,8#00",
		"$vCont;s:1;c#00", "$P40=0000#00", "$Hg-1#00", "\x03", "$qXfer:features:read:target.xml:0,ffff#00",
		"$G00#00", "$bc#00", "$M0,ffffffffffffffff:00#00", "-+-",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		ft := newFake(binary.BigEndian)
		ft.stops = []Stop{{Thread: 100, Signal: sigTRAP}, {Thread: 100, Signal: sigTRAP}}
		srv := NewServer(ft)
		// Feed every packet with a correct checksum so that the server
		// parses it.
		var buf bytes.Buffer
		for _, p := range bytes.Split(in, []byte("$")) {
			if i := bytes.IndexByte(p, '#'); i >= 0 {
				p = p[:i]
			}
			buf.Write(frame(p))
		}
		buf.Write(in)
		rw := struct {
			io.Reader
			io.Writer
		}{&buf, io.Discard}
		done := make(chan struct{})
		go func() {
			_ = srv.Serve(rw)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Serve did not end on input %q", in)
		}
	})
}

// Packets the stub must refuse with an error reply, changing nothing: a G
// with bytes beyond the last register or a cut register, watchpoints whose
// range wraps past 2^64. A range that ends exactly at 2^64 is accepted.
func TestServerRefuses(t *testing.T) {
	f := newFake(binary.LittleEndian)
	c, _ := startServer(t, f)
	before := *f.regs[100]
	g := c.ask("g")
	c.exchange([]packetReply{
		{"G" + g + "00", "E01"},
		{"G" + g[:len(g)-2], "E01"},
		{"G" + g + "0", "E01"},
		{"Z2,fffffffffffffffc,8", "E01"},
		{"Z3,ffffffffffffffff,2", "E01"},
		{"Z4,8000000000000000,8000000000000001", "E01"},
		{"Z5,1000,4", "E01"},
		{"Z2,fffffffffffffff8,8", "OK"},
	})
	if diff := cmp.Diff(before, *f.regs[100]); diff != "" {
		t.Errorf("refused G packets changed the registers:\n%s", diff)
	}
}

// Points refuses watch ranges that wrap past 2^64 and unknown kinds, and a
// range ending at 2^64 catches an access to its last bytes.
func TestPointsRanges(t *testing.T) {
	p := NewPoints()
	for _, tc := range []struct {
		kind    int
		addr, n uint64
	}{
		{2, 0xfffffffffffffffc, 8},
		{3, 0xffffffffffffffff, 2},
		{4, 1 << 63, 1<<63 + 1},
		{5, 0x1000, 4},
		{-1, 0x1000, 4},
	} {
		if err := p.Insert(tc.kind, tc.addr, tc.n); !errors.Is(err, ErrPoint) {
			t.Errorf("Insert(%d, %#x, %#x) = %v, want ErrPoint", tc.kind, tc.addr, tc.n, err)
		}
	}
	if p.HasWatches() {
		t.Fatal("a refused range was added")
	}
	if err := p.Insert(2, 0xfffffffffffffff8, 8); err != nil {
		t.Fatal(err)
	}
	w, at, ok := p.Watch(0xfffffffffffffffc, 4, true)
	if want := (Watchpoint{Addr: 0xfffffffffffffff8, Len: 8, Kind: WatchWrite}); !ok || w != want || at != 0xfffffffffffffffc {
		t.Errorf("Watch at the top = %+v %#x %v, want %+v", w, at, ok, want)
	}
	if _, _, ok := p.Watch(0xfffffffffffffff0, 8, true); ok {
		t.Error("an access below the range triggered it")
	}
}

// TestServerStepThread: a step that names no thread (Hc0, then bs or s)
// is a step of GDB's selected thread: the one it last named in T or Hg
// since the last stop, else the one that stopped (GDB's sequence after
// "thread 1" while thread 2 sits at a breakpoint: Hc2 bs, then T1 Hc0 bs).
// A continue that names none goes to the thread that stopped.
func TestServerStepThread(t *testing.T) {
	for _, tc := range []struct {
		name    string
		packets []string // before the last one, whose Action is checked
		want    Action
	}{
		{"stopped thread", []string{"Hc0", "bs"}, Action{Step: true, Reverse: true, Thread: 100}},
		{"T", []string{"T65", "Hc0", "bs"}, Action{Step: true, Reverse: true, Thread: 101}},
		{"Hg", []string{"Hg65", "m1000,4", "Hc0", "s"}, Action{Step: true, Thread: 101}},
		{"Hg0 keeps", []string{"Hg65", "Hg0", "Hc0", "bs"}, Action{Step: true, Reverse: true, Thread: 101}},
		{"last named", []string{"Hg65", "T64", "Hc0", "bs"}, Action{Step: true, Reverse: true, Thread: 100}},
		{"explicit Hc", []string{"T65", "Hc64", "bs"}, Action{Step: true, Reverse: true, Thread: 100}},
		{"continue", []string{"T65", "Hc0", "bc"}, Action{Reverse: true, Thread: 100}},
		{"reset by a stop", []string{"T65", "Hc65", "bs", "Hc0", "bs"}, Action{Step: true, Reverse: true, Thread: 100}},
		{"stop then T", []string{"Hc64", "bs", "T65", "Hc0", "bs"}, Action{Step: true, Reverse: true, Thread: 101}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(binary.LittleEndian)
			for range tc.packets {
				f.stops = append(f.stops, Stop{Thread: 100, Signal: sigTRAP})
			}
			c, _ := startServer(t, f)
			for _, p := range tc.packets {
				c.ask(p)
			}
			if len(f.actions) == 0 {
				t.Fatal("no resumption")
			}
			got := f.actions[len(f.actions)-1]
			got.Points = nil
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("last action (-want +got):\n%s", diff)
			}
		})
	}
}

// QPassSignals sets the signals every later resumption passes without a
// stop (Action.Pass, Linux numbers; GDB's signals without a Linux number
// left out), a malformed list is refused and changes nothing, and signal
// stops are reported with GDB's numbers, a resumption's signal translated
// back.
func TestServerSignals(t *testing.T) {
	set := func(sigs ...int) SignalSet {
		var s SignalSet
		for _, sig := range sigs {
			s = s.With(sig)
		}
		return s
	}
	// GDB 13's default list: SIGALRM, SIGURG, SIGCHLD, SIGIO, SIGVTALRM,
	// SIGPROF, SIGWINCH, then LWP, WAITING, CANCEL, PRIO, LIBRT and 151,
	// which Linux does not have.
	gdbDefault := set(14, 23, 17, 29, 26, 27, 28)
	f := newFake(binary.LittleEndian)
	f.stops = []Stop{
		{Thread: 100, Signal: 19}, // SIGSTOP
		{Thread: 100, Signal: 20}, // SIGTSTP
		{Thread: 100, Signal: 10}, // SIGUSR1
		{Thread: 100, Signal: 18}, // SIGCONT
		{Thread: 100, Signal: 34}, // SIGRTMIN+2
	}
	c, _ := startServer(t, f)
	c.exchange([]packetReply{
		{"QPassSignals:e;10;14;17;1a;1b;1c;21;24;25;2c;4c;97;", "OK"},
		{"c", "T11thread:64;"},
		{"QPassSignals:zz;", "E01"},
		{"vCont;C11:64", "T12thread:64;"},
		{"QPassSignals:1e", "OK"},
		{"vCont;C12:64", "T1ethread:64;"},
		{"QPassSignals:", "OK"},
		{"C1e", "T13thread:64;"},
		{"S13", "T2ethread:64;"},
		{"c", "W03"},
	})
	want := []Action{
		{Thread: 100, Pass: gdbDefault},
		{Thread: 100, Signal: 19, Pass: gdbDefault},
		{Thread: 100, Signal: 20, Pass: set(10)},
		{Thread: 100, Signal: 10},
		{Thread: 100, Step: true, Signal: 18},
		{Thread: 100},
	}
	checkActions(t, f, want)
}

// SignalSet holds Linux's signals 1 to 64 and nothing else.
func TestSignalSet(t *testing.T) {
	for _, tc := range []struct {
		add    []int
		has    []int
		hasNot []int
	}{
		{add: []int{1, 64}, has: []int{1, 64}, hasNot: []int{0, 2, 63, 65}},
		{add: []int{0, 65, -1}, hasNot: []int{0, 1, 64, 65, -1}},
		{add: []int{19, 20}, has: []int{19, 20}, hasNot: []int{18, 21}},
	} {
		var s SignalSet
		for _, sig := range tc.add {
			s = s.With(sig)
		}
		for _, sig := range tc.has {
			if !s.Has(sig) {
				t.Errorf("set of %v lacks %d", tc.add, sig)
			}
		}
		for _, sig := range tc.hasNot {
			if s.Has(sig) {
				t.Errorf("set of %v has %d", tc.add, sig)
			}
		}
	}
}

// TestServerDetachSignals: D hands the target the signals the program
// may receive at the detach: those of the last valid QProgramSignals,
// else all but SIGINT and SIGTRAP (gdbserver's assumption without one).
func TestServerDetachSignals(t *testing.T) {
	all := ^SignalSet(0) &^ (1<<(2-1) | 1<<(5-1))
	for _, tc := range []struct {
		name    string
		packets []packetReply
		want    SignalSet
	}{
		{"none sent", nil, all},
		{"SIGUSR1 (GDB's 30)", []packetReply{{"QProgramSignals:1e;", "OK"}}, SignalSet(0).With(10)},
		{"empty", []packetReply{{"QProgramSignals:", "OK"}}, 0},
		{"malformed", []packetReply{{"QProgramSignals:zz;", "E01"}}, all},
		{"replaced", []packetReply{{"QProgramSignals:1e;", "OK"}, {"QProgramSignals:e;", "OK"}}, SignalSet(0).With(14)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(binary.LittleEndian)
			c, done := startServer(t, f)
			c.exchange(append(tc.packets, packetReply{"D", "OK"}))
			if err := <-done; err != ErrDetached {
				t.Errorf("Serve: %v, want ErrDetached", err)
			}
			if f.detached == nil {
				t.Fatal("Detach not called")
			}
			if *f.detached != tc.want {
				t.Errorf("Detach(%#x), want %#x", uint64(*f.detached), uint64(tc.want))
			}
		})
	}
}
