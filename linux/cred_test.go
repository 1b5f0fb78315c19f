//go:build linux

package linux

import (
	"encoding/binary"
	"os"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// A guest's kill, rt_sigqueueinfo or rt_tgsigqueueinfo of a number that
// is a thread of the runner's own host process is ESRCH: the host's kill
// of a thread id would signal the runner (guest processes are not host
// processes, and their ids are numbers next to the runner's pid, where the
// runner's threads are). Another host process may be signalled, as under
// qemu-user. Signal 0 only: the calls check, nothing is sent.
func TestSignalNotToRunnerThreads(t *testing.T) {
	th := testThread(t, binary.BigEndian)
	p := th.p
	p.groups = map[int]*threadGroup{th.group.tgid: th.group}
	th.cred = hostCred()
	p.hostCred = th.cred
	// A host thread of this process that is not the process itself.
	// (Each goroutine keeps its thread locked, so the next gets another.)
	tids := make(chan int)
	done := make(chan struct{})
	defer close(done)
	tid := os.Getpid()
	for i := 0; i < 4 && tid == os.Getpid(); i++ {
		go func() {
			runtime.LockOSThread()
			tids <- unix.Gettid()
			<-done
		}()
		tid = <-tids
	}
	if tid == os.Getpid() {
		t.Skip("no host thread other than the main one")
	}
	info := make([]byte, abi.SiginfoSize)
	code := int32(-1) // si_code SI_QUEUE
	binary.BigEndian.PutUint32(info[8:], uint32(code))
	if err := th.mm.Mem.Map(0x10000, 0x1000, mem.Read|mem.Write); err != nil {
		t.Fatal(err)
	}
	if e := th.write(0x10000, info); e != 0 {
		t.Fatal(e)
	}
	for _, c := range []struct {
		name string
		call func(pid int) int
	}{
		{"kill", func(pid int) int { _, e := p.kill(th, pid, 0); return e }},
		{"rt_sigqueueinfo", func(pid int) int { _, e := sigqueueinfo(th, pid, 0, 0, 0x10000); return e }},
		{"rt_tgsigqueueinfo", func(pid int) int { _, e := sigqueueinfo(th, pid, pid, 0, 0x10000); return e }},
	} {
		if e := c.call(tid); e != abi.ESRCH {
			t.Errorf("%s(runner thread %d, 0) = errno %d, want ESRCH", c.name, tid, e)
		}
	}
	if _, e := p.kill(th, os.Getppid(), 0); e != 0 {
		t.Errorf("kill(host process %d, 0) = errno %d, want 0", os.Getppid(), e)
	}
}
