package record

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// sampleContext is a Context with every part set.
func sampleContext() emulate.Context {
	var c emulate.Context
	for i := range c.Regs.GPR {
		c.Regs.GPR[i] = uint64(i) * 0x0101010101010101
	}
	c.Regs.NIP, c.Regs.CR, c.Regs.VSCR, c.Regs.PPR = 0x10000000, 0x84000000, regs.VSCRNJ, 1<<50
	c.Regs.VSR[3] = regs.VSR{Hi: 0x1122334455667788, Lo: 0x99aabbccddeeff00}
	c.Regs.VSR[63] = regs.VSR{Hi: 1, Lo: 2}
	c.Resv = emulate.Reservation{Valid: true, Addr: 0x2000, Size: 8}
	c.Copy.Valid = true
	for i := range c.Copy.Data {
		c.Copy.Data[i] = byte(i * 3)
	}
	c.Primed = 0b1010
	return c
}

// TestContextWords: a Context survives its encoding, word by word, and a
// change of any one part changes the hash.
func TestContextWords(t *testing.T) {
	c := sampleContext()
	var w [ContextWords]uint64
	words(&c, &w)
	var got emulate.Context
	for i, v := range w {
		setWord(&got, i, v)
	}
	if d := cmp.Diff(c, got); d != "" {
		t.Fatalf("decoded Context (-want +got):\n%s", d)
	}
	for _, change := range []func(*emulate.Context){
		func(c *emulate.Context) { c.Regs.GPR[31]++ },
		func(c *emulate.Context) { c.Regs.FPSCR ^= 1 },
		func(c *emulate.Context) { c.Regs.VSR[63].Lo++ },
		func(c *emulate.Context) { c.Resv.Valid = false },
		func(c *emulate.Context) { c.Copy.Data[127]++ },
		func(c *emulate.Context) { c.Primed = 0 },
	} {
		d := c
		change(&d)
		if Hash(&d) == Hash(&c) {
			t.Errorf("a change of %+v leaves the hash", cmp.Diff(c, d))
		}
	}
}

// TestRoundTripShared: map_shared records read back with one object per
// number: the same object for the mappings of one mem.Shared, another for
// another.
func TestRoundTripShared(t *testing.T) {
	var log bytes.Buffer
	w := NewWriter(&log, Header{LittleEndian: true, Config: emulate.Config{Level: decode.LevelPOWER9, Profile: emulate.QEMU, Complete: true}})
	s1, s2 := mem.NewShared(nil), mem.NewShared(nil)
	in := []mem.Change{
		{Op: mem.ChangeMapShared, Addr: 0x10000, Size: 0x2000, Perm: mem.RW, Shared: s1, Off: 0},
		{Op: mem.ChangeMapShared, Addr: 0x20000, Size: 0x1000, Perm: mem.Read, Shared: s2, Off: 5},
		{Op: mem.ChangeMapShared, Addr: 0x30000, Size: 0x1000, Perm: mem.RW, Shared: s1, Off: 1},
	}
	w.Space(0)
	for i := range in {
		w.Mem(0, &in[i])
	}
	if err := w.Exit(0, 0, 0, nil); err != nil {
		t.Fatal(err)
	}
	rd, err := NewReader(&log)
	if err != nil {
		t.Fatal(err)
	}
	var got []mem.Change
	for {
		r, err := rd.Next()
		if err != nil {
			t.Fatal(err)
		}
		if r.Kind == KindExit {
			break
		}
		if r.Kind == KindMem {
			got = append(got, r.Change)
		}
	}
	if len(got) != len(in) {
		t.Fatalf("%d mem records, want %d", len(got), len(in))
	}
	for i, c := range got {
		w := in[i]
		if c.Op != w.Op || c.Addr != w.Addr || c.Size != w.Size || c.Perm != w.Perm || c.Off != w.Off || c.Shared == nil {
			t.Errorf("record %d: %+v, want %+v with an object", i, c, w)
		}
	}
	if got[0].Shared != got[2].Shared || got[0].Shared == got[1].Shared {
		t.Errorf("objects: %p %p %p; want the first and third the same, the second another", got[0].Shared, got[1].Shared, got[2].Shared)
	}
}

// TestRoundTrip: every kind of record reads back as written.
func TestRoundTrip(t *testing.T) {
	c, c2 := sampleContext(), sampleContext()
	c2.Regs.GPR[3], c2.Resv = 77, emulate.Reservation{}
	var wc [ContextWords]uint64
	words(&c, &wc)
	fillPage := bytes.Repeat([]byte("file"), mem.PageSize/4)
	var log bytes.Buffer
	hdr := Header{LittleEndian: true, Config: emulate.Config{Level: decode.LevelPOWER9, Profile: emulate.QEMU, Complete: true}, Args: []string{"prog", "a b"}, Sysroot: "/usr/powerpc64le-linux-gnu"}
	w := NewWriter(&log, hdr)
	w.Space(4)
	w.Mem(4, &mem.Change{Op: mem.ChangeMap, Addr: 0x10000, Size: 0x3000, Perm: mem.RX})
	w.Mem(4, &mem.Change{Op: mem.ChangeWrite, Addr: 0x10008, Size: 3, Data: []byte{1, 2, 3}})
	w.Mem(4, &mem.Change{Op: mem.ChangeFill, Addr: 0x12000, Size: mem.PageSize, Data: fillPage})
	w.Mem(4, &mem.Change{Op: mem.ChangeMove, Addr: 0x40000, Src: 0x10000, Size: 0x1000})
	w.Mem(4, &mem.Change{Op: mem.ChangeUnmap, Addr: 0x11000, Size: 0x1000})
	w.Thread(9, 4, &c)
	w.Switch(9)
	w.Use(9, 4)
	w.TimeBase(12345)
	w.Darn(1, 0xfeed, true)
	w.Run(20000)
	w.Retire()
	w.Syscall(9, 64, &c)
	w.Context(9, &c, &c2)
	w.Output(2, []byte("out"))
	w.Signal(9, 11)
	w.Take(9, 15)
	if err := w.Exit(-1, 6, 20001, []ThreadHash{{9, Hash(&c2)}}); err != nil {
		t.Fatal(err)
	}
	rd, err := NewReader(&log)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(hdr, rd.Header, cmpopts.IgnoreFields(emulate.Config{}, "TimeBase", "Random")); d != "" {
		t.Errorf("header (-want +got):\n%s", d)
	}
	want := []Record{
		{Kind: KindSpace, AS: 4},
		{Kind: KindMem, AS: 4, Change: mem.Change{Op: mem.ChangeMap, Addr: 0x10000, Size: 0x3000, Perm: mem.RX}},
		{Kind: KindMem, AS: 4, Change: mem.Change{Op: mem.ChangeWrite, Addr: 0x10008, Size: 3, Data: []byte{1, 2, 3}}},
		{Kind: KindMem, AS: 4, Change: mem.Change{Op: mem.ChangeFill, Addr: 0x12000, Size: mem.PageSize, Data: fillPage}},
		{Kind: KindMem, AS: 4, Change: mem.Change{Op: mem.ChangeMove, Addr: 0x40000, Src: 0x10000, Size: 0x1000}},
		{Kind: KindMem, AS: 4, Change: mem.Change{Op: mem.ChangeUnmap, Addr: 0x11000, Size: 0x1000}},
		{Kind: KindThread, TID: 9, AS: 4, Words: wc},
		{Kind: KindSwitch, TID: 9},
		{Kind: KindUse, TID: 9, AS: 4},
		{Kind: KindTimeBase, N: 12345},
		{Kind: KindDarn, L: 1, N: 0xfeed, OK: true},
		{Kind: KindRun, N: 20000},
		{Kind: KindRetire},
		{Kind: KindSyscall, TID: 9, N: 64, Hash: Hash(&c)},
		{Kind: KindContext, TID: 9, Diff: []WordDiff{{3, 77}, {wordResv, 0}, {wordResv + 1, 0}, {wordResv + 2, 0}}},
		{Kind: KindOutput, Stream: 2, Data: []byte("out")},
		{Kind: KindSignal, TID: 9, N: 11},
		{Kind: KindTake, TID: 9, N: 15},
		{Kind: KindExit, Code: -1, Signal: 6, Instructions: 20001, Threads: []ThreadHash{{9, Hash(&c2)}}},
	}
	for i, wr := range want {
		r, err := rd.Next()
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if d := cmp.Diff(wr, *r, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("record %d (-want +got):\n%s", i, d)
		}
		if r.Kind == KindThread {
			if got := r.Context(); got != c {
				t.Errorf("thread record's Context: %s", cmp.Diff(c, got))
			}
		}
		if r.Kind == KindContext {
			got := c
			r.Apply(&got)
			if got != c2 {
				t.Errorf("context record applied: %s", cmp.Diff(c2, got))
			}
		}
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("after the last record: %v, want io.EOF", err)
	}
}

// sampleLog is a small log that replays: the Example's.
func sampleLog(t testing.TB) []byte {
	var log bytes.Buffer
	w := NewWriter(&log, Header{LittleEndian: true, Config: emulate.Config{Level: decode.LevelPOWER10}, Args: []string{"p"}})
	w.Space(0)
	w.Mem(0, &mem.Change{Op: mem.ChangeMap, Addr: 0x10000000, Size: mem.PageSize, Perm: mem.RX})
	// addi r3,r3,1 twice (LE): 01 00 63 38.
	w.Mem(0, &mem.Change{Op: mem.ChangeWrite, Addr: 0x10000000, Size: 8, Data: []byte{1, 0, 0x63, 0x38, 1, 0, 0x63, 0x38}})
	c := emulate.Context{Regs: regs.Regs{NIP: 0x10000000, MSR: regs.MSRLinuxUserLE}}
	w.Thread(1, 0, &c)
	w.Switch(1)
	w.Run(1)
	w.Syscall(1, 1, &emulate.Context{Regs: regs.Regs{NIP: 0x10000004, MSR: regs.MSRLinuxUserLE, GPR: [32]uint64{3: 1}}})
	w.Output(1, []byte("hi\n"))
	w.Run(1)
	end := emulate.Context{Regs: regs.Regs{NIP: 0x10000008, MSR: regs.MSRLinuxUserLE, GPR: [32]uint64{3: 2}}}
	if err := w.Exit(3, 0, 2, []ThreadHash{{1, Hash(&end)}}); err != nil {
		t.Fatal(err)
	}
	return log.Bytes()
}

// TestReplayDamaged: the sample log replays; every truncation of it fails
// with ErrTruncated or ErrFormat, every one-byte change replays or fails
// with a typed error, and a log of another version is ErrVersion.
func TestReplayDamaged(t *testing.T) {
	log := sampleLog(t)
	var out bytes.Buffer
	res, err := Replay(bytes.NewReader(log), Options{Stdout: &out})
	if err != nil || res.Code != 3 || res.Instructions != 2 || res.Syscalls != 1 || out.String() != "hi\n" {
		t.Fatalf("sample: %+v %v, output %q", res, err, out.String())
	}
	for n := range len(log) {
		_, err := Replay(bytes.NewReader(log[:n]), Options{})
		if !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrFormat) {
			t.Fatalf("log cut at %d of %d: %v, want ErrTruncated or ErrFormat", n, len(log), err)
		}
	}
	for i := range log {
		for _, x := range []byte{0x01, 0x80, 0xff} {
			b := bytes.Clone(log)
			b[i] ^= x
			if _, err := Replay(bytes.NewReader(b), Options{MaxInstructions: 1000}); err != nil && !typed(err) {
				t.Fatalf("byte %d ^ %#x: untyped error %v", i, x, err)
			}
		}
	}
	b := bytes.Clone(log)
	b[len(magic)] = Version + 1
	if _, err := Replay(bytes.NewReader(b), Options{}); !errors.Is(err, ErrVersion) {
		t.Errorf("version %d: %v, want ErrVersion", Version+1, err)
	}
}

// TestReplayVersions: a log of version 1 (no take records) or 2 (no fill
// records, no sysroot in the header) replays as one of this version does; a take record in one of
// version 1, a fill record in one of version 1 or 2, is malformed; a log
// of a version before 1 or after this one is refused.
func TestReplayVersions(t *testing.T) {
	log := sampleLog(t)
	// A take record before the exit record.
	exit := bytes.LastIndex(log, []byte{byte(KindExit)})
	take := slices.Concat(log[:exit], []byte{byte(KindTake), 2, 1, 10}, log[exit:])
	// A fill of the code's first byte, as it is, in address space 0.
	fill := slices.Concat(log[:exit], []byte{byte(KindMem), 9, 0, byte(mem.ChangeFill), 0x80, 0x80, 0x80, 0x80, 0x01, 1, 1}, log[exit:])
	// Before version 3 the header ends with the arguments: one, "p",
	// without the sysroot after them ("").
	args := []byte{1, 1, 'p', 0}
	if bytes.Count(log, args) != 1 {
		t.Fatal("the sample's header not found")
	}
	old := func(b []byte) []byte {
		i := bytes.Index(b, args) + len(args) - 1
		return slices.Concat(b[:i], b[i+1:])
	}
	for _, tc := range []struct {
		name    string
		log     []byte
		version byte
		want    error
	}{
		{"version 1", old(log), 1, nil},
		{"this version", log, Version, nil},
		{"take, this version", take, Version, nil},
		{"take, version 1", old(take), 1, ErrFormat},
		{"version 2", old(log), 2, nil},
		{"take, version 2", old(take), 2, nil},
		{"fill, this version", fill, Version, nil},
		{"fill, version 2", old(fill), 2, ErrFormat},
		{"fill, version 1", old(fill), 1, ErrFormat},
		{"version 0", log, 0, ErrVersion},
		{"next version", log, Version + 1, ErrVersion},
	} {
		b := bytes.Clone(tc.log)
		b[len(magic)] = tc.version
		var out bytes.Buffer
		res, err := Replay(bytes.NewReader(b), Options{Stdout: &out})
		switch {
		case tc.want == nil && (err != nil || res.Code != 3 || res.Instructions != 2 || out.String() != "hi\n"):
			t.Errorf("%s: %+v %v, output %q; want the sample's run", tc.name, res, err, out.String())
		case tc.want != nil && !errors.Is(err, tc.want):
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestReplayDiverged: a log whose hashes do not match what the
// instructions compute fails with ErrDiverged.
func TestReplayDiverged(t *testing.T) {
	log := sampleLog(t)
	// The syscall record's hash is the 8 bytes before the output record.
	i := bytes.Index(log, []byte{byte(KindOutput)})
	b := bytes.Clone(log)
	b[i-1] ^= 1
	if _, err := Replay(bytes.NewReader(b), Options{}); !errors.Is(err, ErrDiverged) {
		t.Errorf("changed system call hash: %v, want ErrDiverged", err)
	}
}

func typed(err error) bool {
	for _, e := range []error{ErrFormat, ErrTruncated, ErrVersion, ErrDiverged, ErrLimit} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// FuzzReplay: no log makes Reader or Replay panic, and every failure is
// one of the package's errors.
func FuzzReplay(f *testing.F) {
	f.Add(sampleLog(f))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := Replay(bytes.NewReader(b), Options{MaxInstructions: 10000}); err != nil && !typed(err) {
			t.Fatalf("untyped error: %v", err)
		}
	})
}
