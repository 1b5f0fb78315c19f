//go:build linux

package linux

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestKstrtou64 checks the number parser of coredump_filter and
// timerslack_ns against kstrtoull's rules.
func TestKstrtou64(t *testing.T) {
	tests := []struct {
		s     string
		base  int
		want  uint64
		errno int
	}{
		{"42", 10, 42, 0},
		{"42\n", 10, 42, 0},
		{"+42", 10, 42, 0},
		{"0x10", 10, 0, abi.EINVAL},
		{"0x10", 0, 16, 0},
		{"017", 0, 15, 0},
		{"0", 0, 0, 0},
		{"-1", 0, 0, abi.EINVAL},
		{" 5", 0, 0, abi.EINVAL},
		{"5 ", 0, 0, abi.EINVAL},
		{"5\n\n", 0, 0, abi.EINVAL},
		{"", 10, 0, abi.EINVAL},
		{"\n", 10, 0, abi.EINVAL},
		{"abc", 10, 0, abi.EINVAL},
		{"18446744073709551615", 10, 1<<64 - 1, 0},
		{"18446744073709551616", 10, 0, abi.ERANGE},
	}
	for _, tc := range tests {
		got, e := kstrtou64(tc.s, tc.base)
		if got != tc.want || e != tc.errno {
			t.Errorf("kstrtou64(%q, %d) = %d, %d; want %d, %d", tc.s, tc.base, got, e, tc.want, tc.errno)
		}
	}
}

// TestKstrtoint checks the number parser of oom_score_adj and oom_adj
// against kstrtoint's rules (base 0, a sign, an int's range).
func TestKstrtoint(t *testing.T) {
	tests := []struct {
		s     string
		want  int
		errno int
	}{
		{"42", 42, 0},
		{"+42", 42, 0},
		{"-42", -42, 0},
		{"-0x10", -16, 0},
		{"010", 8, 0},
		{"-17\n", -17, 0},
		{"2147483647", 1<<31 - 1, 0},
		{"2147483648", 0, abi.ERANGE},
		{"-2147483648", -1 << 31, 0},
		{"-2147483649", 0, abi.ERANGE},
		{"-+5", 0, abi.EINVAL},
		{"+-5", 0, abi.EINVAL},
		{"--5", 0, abi.EINVAL},
		{"-", 0, abi.EINVAL},
		{"5x", 0, abi.EINVAL},
		{"99999999999999999999", 0, abi.ERANGE},
	}
	for _, tc := range tests {
		got, e := kstrtoint(tc.s)
		if got != tc.want || e != tc.errno {
			t.Errorf("kstrtoint(%q) = %d, %d; want %d, %d", tc.s, got, e, tc.want, tc.errno)
		}
	}
}

// TestTimerSlack checks PR_SET_TIMERSLACK's rule (0 restores the default)
// and what a new thread starts with (its creator's slack, as default too).
func TestTimerSlack(t *testing.T) {
	s := timerSlack{cur: 50000, def: 50000}
	s.set(7)
	if s.cur != 7 || s.def != 50000 {
		t.Fatalf("set 7: %+v", s)
	}
	c := s.forked()
	if c != (timerSlack{7, 7}) {
		t.Errorf("forked: %+v, want {7 7}", c)
	}
	s.set(0)
	if s.cur != 50000 {
		t.Errorf("set 0: %+v, want the default 50000", s)
	}
	c.set(9)
	c.set(0)
	if c.cur != 7 {
		t.Errorf("child's set 0: %+v, want its creator's 7", c)
	}
}

// TestNumaPolicyName checks numa_maps' policy strings (mpol_to_str).
func TestNumaPolicyName(t *testing.T) {
	tests := []struct {
		pol  *mempolicy
		want string
	}{
		{nil, "default"},
		{&mempolicy{mode: mpolLocal}, "local"},
		{&mempolicy{mode: mpolBind, nodes: nodeMask{1}}, "bind:0"},
		{&mempolicy{mode: mpolInterleave, nodes: nodeMask{0b1011}}, "interleave:0-1,3"},
		{&mempolicy{mode: mpolPreferred, flags: mpolFStaticNodes, nodes: nodeMask{1}}, "prefer=static:0"},
		{&mempolicy{mode: mpolPreferredMany, flags: mpolFRelativeNodes, nodes: nodeMask{1}}, "prefer (many)=relative:0"},
		{&mempolicy{mode: mpolMax}, "default"},
	}
	for _, tc := range tests {
		if got := numaPolicyName(tc.pol); got != tc.want {
			t.Errorf("numaPolicyName(%+v) = %q, want %q", tc.pol, got, tc.want)
		}
	}
}

// TestProcTimers checks /proc/PID/timers: newest first, ITIMER_REAL's
// timer left out, the notification's target a thread for SIGEV_THREAD_ID.
func TestProcTimers(t *testing.T) {
	g := &threadGroup{tgid: 100, timers: map[int]*posixTimer{
		itimerReal: {id: itimerReal},
		0:          {id: 0, clock: 1, notify: sigevSignal, sig: 10, value: 0x1234},
		1:          {id: 1, clock: 0, notify: sigevSignal | sigevThreadID, sig: 34, tid: 101},
	}}
	want := "ID: 1\nsignal: 34/0000000000000000\nnotify: signal/tid.101\nClockID: 0\n" +
		"ID: 0\nsignal: 10/0000000000001234\nnotify: signal/pid.100\nClockID: 1\n"
	if got := string(procTimers(g)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestIOAccount checks which calls and results count in /proc/PID/io, and
// that a process's sum takes its ended threads' and reaped children's.
func TestIOAccount(t *testing.T) {
	u := &Thread{}
	calls := []struct {
		num   uint64
		ret   uint64
		errno int
	}{
		{abi.SYS_READ, 100, 0},
		{abi.SYS_READ, 0, abi.EAGAIN}, // counts as a call
		{abi.SYS_READ, 0, abi.EBADF},  // does not
		{abi.SYS_WRITEV, 30, 0},
		{abi.SYS_PWRITE64, 0, abi.EFAULT},
		{abi.SYS_SENDFILE, 5, 0},
		{abi.SYS_GETPID, 7, 0},
	}
	for _, c := range calls {
		u.ioAccount(c.num, c.ret, c.errno)
	}
	if want := (ioAcct{rchar: 105, wchar: 35, syscr: 3, syscw: 2}); u.io != want {
		t.Fatalf("thread: %+v, want %+v", u.io, want)
	}
	g := &threadGroup{threads: map[int]*Thread{5: u}, ioDead: ioAcct{rchar: 1, syscr: 1}}
	want := "rchar: 106\nwchar: 35\nsyscr: 4\nsyscw: 2\nread_bytes: 0\nwrite_bytes: 0\ncancelled_write_bytes: 0\n"
	if got := string(procIO(g, nil)); got != want {
		t.Errorf("process:\n%s\nwant\n%s", got, want)
	}
	if got := string(procIO(g, u)); got[:11] != "rchar: 105\n" {
		t.Errorf("thread's file: %q", got)
	}
}

// TestProcAbsent checks that the entries Linux's powerpc build lacks, and
// the process-only ones under task/TID, name no host file (ENOENT).
func TestProcAbsent(t *testing.T) {
	g := &threadGroup{tgid: 100}
	u := &Thread{}
	tests := []struct {
		ref  procRef
		want string
	}{
		{procRef{g: g, entry: "arch_status"}, "/proc/self/-1"},
		{procRef{g: g, entry: "arch_status", u: u}, "/proc/self/-1"},
		{procRef{g: g, entry: "timerslack_ns", u: u}, "/proc/self/-1"},
		{procRef{g: g, entry: "coredump_filter", u: u}, "/proc/self/-1"},
		{procRef{g: g, entry: "autogroup", u: u}, "/proc/self/-1"},
		{procRef{g: g, entry: "autogroup"}, "/proc/self/autogroup"},
		{procRef{g: g, entry: "timerslack_ns"}, ""},
		{procRef{g: g, entry: "io", u: u}, ""},
	}
	for _, tc := range tests {
		if got := procHostPath(tc.ref); got != tc.want {
			t.Errorf("procHostPath(%q, thread %v) = %q, want %q", tc.ref.entry, tc.ref.u != nil, got, tc.want)
		}
	}
}
