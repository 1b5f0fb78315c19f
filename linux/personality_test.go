//go:build linux

package linux

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestPpc64Personality checks personality(2)'s rules for a 64-bit
// powerpc64 process (Linux 6.1's ppc64_personality and sys_personality).
func TestPpc64Personality(t *testing.T) {
	for _, c := range []struct {
		cur       uint32
		arg       uint64
		next      uint32
		ret       uint64
		situation string
	}{
		{0, personalityQuery, 0, 0, "query"},
		{0x40000, personalityQuery, 0x40000, 0x40000, "query with a flag"},
		{0, abi.PER_LINUX32, abi.PER_LINUX32, 0, "set PER_LINUX32"},
		{abi.PER_LINUX32, personalityQuery, abi.PER_LINUX32, abi.PER_LINUX, "PER_LINUX32 reads as PER_LINUX"},
		{abi.PER_LINUX32 | 0x40000, personalityQuery, abi.PER_LINUX32 | 0x40000, 0x40000, "PER_LINUX32 with a flag"},
		{abi.PER_LINUX32, abi.PER_LINUX, abi.PER_LINUX32, 0, "PER_LINUX under PER_LINUX32 keeps it"},
		{abi.PER_LINUX32, abi.PER_LINUX | 0x40000, abi.PER_LINUX32 | 0x40000, 0, "PER_LINUX with a flag under PER_LINUX32"},
		{abi.PER_LINUX32, 6, 6, 0, "another base personality replaces PER_LINUX32"},
		{6, abi.PER_LINUX, abi.PER_LINUX, 6, "PER_LINUX replaces another"},
		{0, 1<<32 | abi.PER_LINUX32, abi.PER_LINUX32, 0, "the upper half is dropped"},
		{abi.PER_LINUX32, 1<<32 | personalityQuery, abi.PER_LINUX32, 0, "an upper half on the query"},
		{0, 0xfffffffe, 0xfffffffe, 0, "every bit is stored"},
		{0xfffffffe, personalityQuery, 0xfffffffe, 0xfffffffe, "and returned as an unsigned int"},
	} {
		next, ret := ppc64Personality(c.cur, c.arg)
		if next != c.next || ret != c.ret {
			t.Errorf("%s: personality %#x, argument %#x: now %#x, returns %#x; want %#x, %#x", c.situation, c.cur, c.arg, next, ret, c.next, c.ret)
		}
	}
}

// TestExecPersonality checks what execve of a 64-bit program does to the
// personality (powerpc64's SET_PERSONALITY, PER_CLEAR_ON_SETID).
func TestExecPersonality(t *testing.T) {
	for _, c := range []struct {
		cur    uint32
		secure bool
		want   uint32
	}{
		{0, false, 0},
		{abi.PER_LINUX32 | 0x40000, false, abi.PER_LINUX32 | 0x40000},
		{6 | abi.UNAME26, false, abi.UNAME26},
		{0x40000 | 0x0400000 | abi.UNAME26, true, abi.UNAME26},
		{abi.PER_LINUX32 | 0x0100000, true, abi.PER_LINUX32},
	} {
		if got := execPersonality(c.cur, c.secure); got != c.want {
			t.Errorf("execPersonality(%#x, %v) = %#x, want %#x", c.cur, c.secure, got, c.want)
		}
	}
}

// TestUnameOverrides checks uname's machine under PER_LINUX32 and its
// release under UNAME26 (Linux 6.1's override_architecture and
// override_release).
func TestUnameOverrides(t *testing.T) {
	for _, c := range []struct {
		le   bool
		pers uint32
		want string
	}{
		{true, 0, "ppc64le"}, {false, 0, "ppc64"},
		{true, abi.PER_LINUX32, "ppcle"}, {false, abi.PER_LINUX32 | 0x40000, "ppc"},
		{true, 6, "ppc64le"},
	} {
		if got := unameMachine(c.le, c.pers); got != c.want {
			t.Errorf("unameMachine(%v, %#x) = %q, want %q", c.le, c.pers, got, c.want)
		}
	}
	if hostPersonality()&abi.UNAME26 != 0 {
		t.Skip("the runner has UNAME26: the host's release is made so already")
	}
	for _, c := range []struct {
		rel  string
		pers uint32
		want string
	}{
		{"6.1.0-18-amd64", 0, "6.1.0-18-amd64"},
		{"6.1.0-18-amd64", abi.UNAME26, "2.6.61-18-amd64"},
		{"6.1.55", abi.UNAME26, "2.6.61"},
		{"5.15.0.1.2", abi.UNAME26, "2.6.75.1.2"},
		{"6.12", abi.UNAME26, "2.6.72"},
		{"weird", abi.UNAME26, "2.6.60weird"},
	} {
		if got := unameRelease(c.rel, c.pers); got != c.want {
			t.Errorf("unameRelease(%q, %#x) = %q, want %q", c.rel, c.pers, got, c.want)
		}
	}
}
