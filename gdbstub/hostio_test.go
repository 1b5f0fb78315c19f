package gdbstub

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"io/fs"
	"strconv"
	"strings"
	"testing"
)

// filesTarget is a fakeTarget of process 0x1f4 with host I/O: two files,
// a link, and a record of what it was asked.
type filesTarget struct {
	*fakeTarget
	files  map[string]string
	links  map[string]string
	opened []string // "pid path" of each OpenFile
	open   int      // files not closed
}

func (f *filesTarget) Pid() int { return 0x1f4 }

func (f *filesTarget) OpenFile(pid int, path string) (File, error) {
	f.opened = append(f.opened, hex.EncodeToString([]byte{byte(pid)})+" "+path)
	switch path {
	case "/denied":
		return nil, fs.ErrPermission
	case "/dir":
		return nil, FileEISDIR
	case "/odd":
		return nil, fs.ErrClosed // no errno of its own
	}
	s, ok := f.files[path]
	if !ok {
		return nil, fs.ErrNotExist
	}
	f.open++
	return &testFile{r: strings.NewReader(s), t: f}, nil
}

func (f *filesTarget) ReadLink(pid int, path string) (string, error) {
	if l, ok := f.links[path]; ok {
		return l, nil
	}
	return "", FileEINVAL
}

type testFile struct {
	r *strings.Reader
	t *filesTarget
}

func (f *testFile) ReadAt(p []byte, off int64) (int, error) { return f.r.ReadAt(p, off) }
func (f *testFile) Stat() (FileStat, error) {
	return FileStat{Dev: 1, Ino: 2, Mode: 0o100644, Nlink: 1, Size: uint64(f.r.Size()), BlockSize: 4096, Mtime: 0x5f5e1000}, nil
}
func (f *testFile) Close() error { f.t.open--; return nil }

func hexPath(s string) string { return hex.EncodeToString([]byte(s)) }

// TestServerHostIO: the vFile packets (GDB's host I/O) against a Target
// with Files: open, pread (in pieces, past the end), fstat (GDB's 64-byte
// big-endian struct stat), close, readlink, setfs; errors as GDB's errno
// values (hex), writes refused (the files are read-only), bad packets
// refused with EINVAL or EBADF, the descriptor table bounded; the files
// left open are closed at a kill. A Target without Files answers nothing
// (GDB then reads its own files).
func TestServerHostIO(t *testing.T) {
	big := strings.Repeat("0123456789abcdef", 1024) // more than a pread gives
	f := &filesTarget{fakeTarget: newFake(binary.LittleEndian),
		files: map[string]string{"/lib/libc.so.6": "\x7fELF#$}*rest", "/big": big},
		links: map[string]string{"/proc/1f4/exe": "/bin/prog", "/proc/500/exe": "/usr/bin/prog", "/proc/501/exe": "/bin/other"}}
	c, _ := startTarget(t, f)
	stat := binary.BigEndian.AppendUint32(nil, 1)
	for _, v := range []uint32{2, 0o100644, 1, 0, 0, 0} {
		stat = binary.BigEndian.AppendUint32(stat, v)
	}
	stat = binary.BigEndian.AppendUint64(stat, 12)
	stat = binary.BigEndian.AppendUint64(stat, 4096)
	stat = binary.BigEndian.AppendUint64(stat, 0)
	stat = binary.BigEndian.AppendUint32(stat, 0)
	stat = binary.BigEndian.AppendUint32(stat, 0x5f5e1000)
	stat = binary.BigEndian.AppendUint32(stat, 0)
	exchange := func(qs []packetReply) {
		t.Helper()
		for _, q := range qs {
			got, err := unescape([]byte(c.ask(q.send))) // GDB unescapes a reply's binary data
			if err != nil || string(got) != q.want {
				t.Errorf("%.40s: got %q, %v; want %q", q.send, got, err, q.want)
			}
		}
	}
	exchange([]packetReply{
		{"qSupported:multiprocess+;swbreak+", "PacketSize=4000;qXfer:features:read+;qXfer:auxv:read+;qXfer:threads:read+;qXfer:exec-file:read+;swbreak+;hwbreak+;ReverseStep+;ReverseContinue+;vContSupported+;QStartNoAckMode+;QPassSignals+;QProgramSignals+;multiprocess+"},
		{"?", "T05thread:p1f4.64;"},
		{"qC", "QCp1f4.64"},
		{"qfThreadInfo", "mp1f4.64,p1f4.65"},
		{"Hgp1f4.65", "OK"},
		{"Hgp1f4.-1", "OK"},
		{"qAttached:1f4", "0"},
		{"vFile:setfs:0", "F0"},
		{"vFile:open:" + hexPath("/lib/libc.so.6") + ",0,0", "F0"},
		{"vFile:pread:0,4,0", "F4;\x7fELF"},
		{"vFile:pread:0,100,4", "F8;#$}*rest"}, // escaped on the wire, whole here
		{"vFile:pread:0,10,c", "F0;"},          // at the end
		{"vFile:pread:0,10,-1", "F-1,16"},      // EINVAL
		{"vFile:fstat:0", "F40;" + string(stat)},
		{"vFile:pwrite:0,0,abc", "F-1,9"}, // EBADF: open for reading
		{"vFile:open:" + hexPath("/big") + ",0,1a4", "F1"},
		{"vFile:pread:1,100000,0", "F1ff0;" + big[:maxPread]},
		{"vFile:close:1", "F0"},
		{"vFile:close:1", "F-1,9"},
		{"vFile:pread:1,1,0", "F-1,9"},
		{"vFile:fstat:7", "F-1,9"},
		{"vFile:close:-1", "F-1,9"},
		{"vFile:close:zz", "F-1,9"},
		{"vFile:open:" + hexPath("/nope") + ",0,0", "F-1,2"},
		{"vFile:open:" + hexPath("/denied") + ",0,0", "F-1,d"},
		{"vFile:open:" + hexPath("/dir") + ",0,0", "F-1,15"},
		{"vFile:open:" + hexPath("/odd") + ",0,0", "F-1,270f"},
		{"vFile:open:" + hexPath("/lib/libc.so.6") + ",1,0", "F-1,1e"},   // O_WRONLY: EROFS
		{"vFile:open:" + hexPath("/lib/libc.so.6") + ",202,0", "F-1,1e"}, // O_CREAT|O_RDWR
		{"vFile:open:" + hexPath("/lib/libc.so.6") + ",0", "F-1,16"},
		{"vFile:open:zz,0,0", "F-1,16"},
		{"vFile:open:,0,0", "F-1,16"},
		{"vFile:open:" + hexPath("a\x00b") + ",0,0", "F-1,16"},
		{"vFile:open:" + hexPath(strings.Repeat("a", maxPath+1)) + ",0,0", "F-1,5b"},
		{"vFile:unlink:" + hexPath("/lib/libc.so.6"), "F-1,1e"},
		{"vFile:readlink:" + hexPath("/proc/1f4/exe"), "F9;/bin/prog"},
		{"vFile:readlink:" + hexPath("/lib"), "F-1,16"},
		{"vFile:readlink:", "F-1,16"},
		{"vFile:setfs:1f4", "F0"},
		{"vFile:setfs:1f5", "F-1,1"}, // another process's
		{"vFile:setfs:-1", "F-1,16"},
		{"vFile:setfs:", "F-1,16"},
		{"vFile:open:" + hexPath("/proc/1f4/exe") + ",0,0", "F-1,2"},
		{"vFile:nosuch:0", ""},
		// The executable's path: /proc/PID/exe's target (PID in decimal).
		{"qXfer:exec-file:read::0,1000", "l/usr/bin/prog"},
		{"qXfer:exec-file:read:1f4:0,4", "m/usr"},
		{"qXfer:exec-file:read:1f4:4,100", "l/bin/prog"},
		{"qXfer:exec-file:read:1f4:e,100", "l"},
		{"qXfer:exec-file:read:1f5:0,100", "l/bin/other"},
		{"qXfer:exec-file:read:1f6:0,100", "E01"}, // no link
		{"qXfer:exec-file:read:0:0,100", "E01"},
		{"qXfer:exec-file:read:zz:0,100", "E01"},
		{"qXfer:exec-file:read:1f4:0", "E00"},
		{"vFile:", ""},
	})
	// The table is bounded: one file is open (0), so maxFiles-1 more fit.
	for i := 1; i < maxFiles; i++ {
		if got := c.ask("vFile:open:" + hexPath("/big") + ",0,0"); got != "F"+strconv.FormatInt(int64(i), 16) {
			t.Fatalf("open %d: %q", i, got)
		}
	}
	exchange([]packetReply{{"vFile:open:" + hexPath("/big") + ",0,0", "F-1,18"}}) // EMFILE
	wantOpened := "00 /lib/libc.so.6|00 /big|00 /nope|00 /denied|00 /dir|00 /odd|f4 /proc/1f4/exe"
	if got := strings.Join(f.opened[:7], "|"); got != wantOpened {
		t.Errorf("OpenFile calls:\n got %s\nwant %s", got, wantOpened)
	}
	if f.open != maxFiles {
		t.Errorf("%d files open, want %d", f.open, maxFiles)
	}
	c.ask("vKill;1f4")
	if f.open != 0 {
		t.Errorf("%d files open after the kill, want 0", f.open)
	}

	// After the program's end host I/O still answers (GDB closes its
	// files), and W says which process ended.
	f2 := &filesTarget{fakeTarget: newFake(binary.LittleEndian), files: map[string]string{"/big": big}}
	c3, _ := startTarget(t, f2)
	c3.exchange([]packetReply{
		{"qSupported:multiprocess+", "PacketSize=4000;qXfer:features:read+;qXfer:auxv:read+;qXfer:threads:read+;qXfer:exec-file:read+;swbreak+;hwbreak+;ReverseStep+;ReverseContinue+;vContSupported+;QStartNoAckMode+;QPassSignals+;QProgramSignals+;multiprocess+"},
		{"vFile:open:" + hexPath("/big") + ",0,0", "F0"},
		{"c", "W03;process:1f4"},
		{"vFile:close:0", "F0"},
		{"vFile:close:0", "F-1,9"},
		{"m1000,1", "E01"},
	})

	// Without Files and Process: no answer, no multiprocess.
	c2, _ := startServer(t, newFake(binary.LittleEndian))
	c2.exchange([]packetReply{
		{"vFile:setfs:0", ""},
		{"vFile:open:" + hexPath("/lib/libc.so.6") + ",0,0", ""},
		{"qC", "QC64"},
		{"qXfer:exec-file:read::0,100", "E01"},
	})
}

// FuzzServerHostIO: no vFile packet makes the Server panic, and every
// reply is an F reply or empty.
func FuzzServerHostIO(f *testing.F) {
	for _, s := range []string{"open:" + hexPath("/big") + ",0,0", "pread:0,10,0", "fstat:0", "close:0", "readlink:" + hexPath("/l"), "setfs:1f4", "pwrite:0,0,}", "open:-,-,-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		ft := &filesTarget{fakeTarget: newFake(binary.LittleEndian), files: map[string]string{"/big": "data"}, links: map[string]string{"/l": "x"}}
		s := NewServer(ft)
		for _, q := range []string{"open:" + hexPath("/big") + ",0,0", p, "pread:0,10,0", p} {
			r := s.hostIO(q)
			if len(r) > 0 && !bytes.HasPrefix(r, []byte("F")) {
				t.Fatalf("%q: reply %q", q, r)
			}
		}
		s.closeFiles()
		if ft.open != 0 {
			t.Fatalf("%d files open after closeFiles", ft.open)
		}
	})
}
