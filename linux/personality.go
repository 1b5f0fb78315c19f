//go:build linux

package linux

import (
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// A thread's personality (personality(2)) is Linux's task personality:
// copied by clone, set by personality, adjusted by execve (execPersonality).
// The runner stores it and lets it change what Linux changes for a 64-bit
// powerpc64 process: uname's machine under PER_LINUX32 and its release
// under UNAME26. Its other flags (ADDR_NO_RANDOMIZE, READ_IMPLIES_EXEC,
// MMAP_PAGE_ZERO, ADDR_COMPAT_LAYOUT, ...) are kept and returned only: the
// runner never randomises addresses, does not refuse execution of readable
// memory and lays memory out one way. A host program the guest execs
// (hostexec.go), and the runner of the other byte order, start with the
// runner's host personality, not the guest's.

// personalityQuery is the argument that asks without setting.
const personalityQuery = 0xffffffff

// hostPersonality is the runner's own personality, which it never
// changes, and the first guest thread's (as under qemu-user, whose guest
// reads the host's): `setarch -R ppc64emu run PROG` gives PROG
// ADDR_NO_RANDOMIZE.
var hostPersonality = sync.OnceValue(func() uint32 {
	r, _, e := unix.RawSyscall(unix.SYS_PERSONALITY, personalityQuery, 0, 0)
	if e != 0 {
		return abi.PER_LINUX
	}
	return uint32(r)
})

// ppc64Personality is personality(2) of a 64-bit powerpc64 process
// (Linux 6.1's ppc64_personality around sys_personality): the argument is
// an unsigned int, 0xffffffff only asks; PER_LINUX asked for under
// PER_LINUX32 keeps PER_LINUX32; an old PER_LINUX32 is returned as
// PER_LINUX. It returns the new personality and the call's result.
func ppc64Personality(cur uint32, arg uint64) (uint32, uint64) {
	if cur&abi.PER_MASK == abi.PER_LINUX32 && arg&abi.PER_MASK == abi.PER_LINUX {
		arg = arg&^abi.PER_MASK | abi.PER_LINUX32
	}
	next := cur
	if v := uint32(arg); v != personalityQuery {
		next = v
	}
	old := uint64(cur)
	if old&abi.PER_MASK == abi.PER_LINUX32 {
		old = old&^abi.PER_MASK | abi.PER_LINUX
	}
	return next, old
}

// execPersonality is the personality after execve of a 64-bit program by
// a thread with personality cur (SET_PERSONALITY of powerpc64's elf.h:
// PER_LINUX32 stays, another base personality becomes PER_LINUX, the flags
// stay), secure saying the exec changed credentials (begin_new_exec's
// per_clear, PER_CLEAR_ON_SETID).
func execPersonality(cur uint32, secure bool) uint32 {
	if secure {
		cur &^= abi.PerClearOnSetid
	}
	if cur&abi.PER_MASK != abi.PER_LINUX32 {
		cur = cur&^abi.PER_MASK | abi.PER_LINUX
	}
	return cur
}

// sysPersonality is personality(2) for the calling thread.
func sysPersonality(t *Thread, a *sysArgs) (uint64, int) {
	next, ret := ppc64Personality(t.personality, a.Ulong(0))
	t.personality = next
	return ret, 0
}

// unameMachine is uname's machine for a process of byte order le with
// personality pers: Linux's COMPAT_UTS_MACHINE under PER_LINUX32
// (override_architecture), else the 64-bit machine.
func unameMachine(le bool, pers uint32) string {
	switch {
	case pers&abi.PER_MASK == abi.PER_LINUX32 && le:
		return "ppcle"
	case pers&abi.PER_MASK == abi.PER_LINUX32:
		return "ppc"
	case le:
		return "ppc64le"
	}
	return "ppc64"
}

// unameRelease is uname's release rel, the host's, under personality
// pers: with UNAME26, Linux's override_release makes "6.1.0-18"
// "2.6.61-18" (2.6., then 60 plus the second number, then what follows the
// version's digits and at most two dots). A runner started with UNAME26
// has the host's release made so already, which stays.
func unameRelease(rel string, pers uint32) string {
	if pers&abi.UNAME26 == 0 || hostPersonality()&abi.UNAME26 != 0 {
		return rel
	}
	dots, i := 0, 0
	for ; i < len(rel); i++ {
		c := rel[i]
		if c == '.' {
			if dots++; dots >= 3 {
				break
			}
			continue
		}
		if c < '0' || c > '9' {
			break
		}
	}
	minor := 0
	if f := strings.SplitN(rel[:i], ".", 3); len(f) > 1 {
		minor, _ = strconv.Atoi(f[1])
	}
	return "2.6." + strconv.Itoa(minor+60) + rel[i:]
}
