//go:build linux

package linux

import (
	"encoding/binary"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestSignalFrameContext: delivering a signal saves the thread's context in
// the rt_sigframe and starts the handler from it switched out (no
// reservation, no copy buffer); whatever the handler does to the registers
// the frame holds, rt_sigreturn brings the interrupted context back as one
// value, in both byte orders. A thread running in the other byte order
// (switch_endian) gets its handler in the process's (Linux's
// handle_rt_signal64 sets MSR[LE] to the kernel's) and its own back at
// rt_sigreturn.
func TestSignalFrameContext(t *testing.T) {
	for _, o := range orders {
		for _, other := range []bool{false, true} {
			name := o.name
			if other {
				name += "/switched"
			}
			t.Run(name, func(t *testing.T) {
				signalFrameContext(t, o.order, other)
			})
		}
	}
}

func signalFrameContext(t *testing.T, o binary.ByteOrder, other bool) {
	const stack = 0x7f000000
	th := testThread(t, o)
	th.p.Image = &loader.Image{}
	th.mm.vdso = vdsoAddr
	if err := th.mm.Mem.Map(stack, 0x10000, mem.RW); err != nil {
		t.Fatal(err)
	}
	c := &th.ctx
	r := &c.Regs
	r.MSR = regs.MSRLinuxUser
	le := o == binary.LittleEndian
	if le != other {
		r.MSR |= regs.MSRLE
	}
	for i := range r.GPR {
		r.GPR[i] = 0x0101010101010101 * uint64(i+1)
	}
	for i := range r.VSR {
		r.VSR[i] = regs.VSR{Hi: 0x1111 * uint64(i+1), Lo: ^uint64(i)}
	}
	r.GPR[1] = stack + 0x8000
	r.NIP, r.LR, r.CTR, r.XER, r.CR = 0x10001234, 0x10005678, 42, 0x20000000, 0x24842888
	r.FPSCR, r.VSCR, r.VRSAVE = 0x82004000, regs.VSCRNJ, 0xfff0
	r.SOFTE = 1
	c.Resv = emulate.Reservation{Valid: true, Addr: stack, Size: 8}
	c.Copy.Valid = true
	saved := *c

	act := sigAction{handler: 0x10009000}
	if !th.setupFrame(abi.SIGUSR1, &sigInfo{signo: abi.SIGUSR1, code: abi.SI_USER}, &act) {
		t.Fatal("setupFrame failed")
	}
	vd, err := vdsoFor(o)
	if err != nil {
		t.Fatal(err)
	}
	// It resumes at the vDSO's bctrl, CTR the handler, in the
	// process's byte order.
	if c.Resv.Valid || c.Copy.Valid || r.NIP != vdsoAddr+vd.startTramp || r.CTR != act.handler || r.GPR[3] != abi.SIGUSR1 || r.LittleEndian() != le {
		t.Fatalf("handler entry: resv %+v copy %v NIP %#x CTR %#x r3 %d MSR %#x", c.Resv, c.Copy.Valid, r.NIP, r.CTR, r.GPR[3], r.MSR)
	}
	// The handler runs: it changes registers the frame holds.
	for i := 3; i < 32; i++ {
		r.GPR[i] = 0xdead
	}
	for i := range r.VSR {
		r.VSR[i] = regs.VSR{}
	}
	r.CR, r.XER, r.CTR, r.FPSCR, r.VSCR, r.VRSAVE = 0, 0, 0, 0, 0, 0
	// It returns to the trampoline, whose addi pops the dummy
	// caller frame below the ucontext before rt_sigreturn.
	r.GPR[1] += abi.SignalFrameSize
	if !th.sigreturn() {
		t.Fatal("sigreturn found the frame bad")
	}
	want := saved
	want.Resv = emulate.Reservation{} // lost when the signal was delivered
	want.Copy.Valid = false
	if d := cmp.Diff(want, *c); d != "" {
		t.Errorf("context after sigreturn (-want +got):\n%s", d)
	}
}

// TestSignalHandlerEntry: a handler is entered as Linux 6.1's
// handle_rt_signal64 enters it with a vDSO: at the vDSO's
// __kernel_start_sigtramp_rt64 (its bctrl) with CTR the handler's entry
// (ELFv1: the descriptor's, r2 its TOC; ELFv2: r12 the entry too), r1 the
// dummy caller frame below the ucontext, r3 the signal, and r4, r5, r6
// the siginfo, the ucontext and the frame with SA_SIGINFO, or r4 the
// ucontext's mcontext without (r5 and r6 as they were).
func TestSignalHandlerEntry(t *testing.T) {
	const stack, desc, entry, toc = 0x7f000000, 0x7f000100, 0x10009000, 0x10080000
	type entryRegs struct {
		NIP, CTR                    uint64
		R1, R2, R3, R4, R5, R6, R12 uint64
	}
	for _, o := range orders {
		for _, tc := range []struct {
			name  string
			abiv1 bool
			flags uint64
		}{
			{"elfv2", false, 0},
			{"elfv2/siginfo", false, abi.SA_SIGINFO},
			{"elfv1", true, 0},
			{"elfv1/siginfo", true, abi.SA_SIGINFO},
		} {
			t.Run(o.name+"/"+tc.name, func(t *testing.T) {
				th := testThread(t, o.order)
				th.p.Image = &loader.Image{ABIv1: tc.abiv1}
				th.mm.vdso = vdsoAddr
				if err := th.mm.Mem.Map(stack, 0x10000, mem.RW); err != nil {
					t.Fatal(err)
				}
				var d [16]byte
				o.order.PutUint64(d[:], entry)
				o.order.PutUint64(d[8:], toc)
				if err := th.mm.Mem.Write(desc, d[:]); err != nil {
					t.Fatal(err)
				}
				r := &th.ctx.Regs
				for i := range r.GPR {
					r.GPR[i] = 0x100 + uint64(i)
				}
				r.GPR[1] = stack + 0x8000
				act := sigAction{handler: entry, flags: tc.flags}
				if tc.abiv1 {
					act.handler = desc
				}
				if !th.setupFrame(abi.SIGUSR1, &sigInfo{signo: abi.SIGUSR1, code: abi.SI_USER}, &act) {
					t.Fatal("setupFrame failed")
				}
				vd, err := vdsoFor(o.order)
				if err != nil {
					t.Fatal(err)
				}
				uc := uint64(stack+0x8000-abi.FrameSize) &^ 15 // get_sigframe: the rt_sigframe starts with it
				want := entryRegs{NIP: vdsoAddr + vd.startTramp, CTR: entry, R1: uc - abi.SignalFrameSize, R2: 0x102, R3: abi.SIGUSR1,
					R4: uc + abi.UcMcontext, R5: 0x105, R6: 0x106, R12: entry}
				if tc.abiv1 {
					want.R2, want.R12 = toc, 0x10c
				}
				if tc.flags&abi.SA_SIGINFO != 0 {
					want.R4, want.R5, want.R6 = uc+abi.FrameInfo, uc, uc
				}
				got := entryRegs{NIP: r.NIP, CTR: r.CTR, R1: r.GPR[1], R2: r.GPR[2], R3: r.GPR[3], R4: r.GPR[4], R5: r.GPR[5],
					R6: r.GPR[6], R12: r.GPR[12]}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("registers at the handler's entry (-want +got):\n%s", d)
				}
			})
		}
	}
}

// TestSignalTrampoline: a handler returns through the vDSO where the
// address space has it, moved or not (Linux's mm->context.vdso, which
// vdso_mremap moves), and without it (unmapped) through the frame's
// tramp[], setup_trampoline's words (the vDSO's: bctrl, addi r1,r1,128,
// li r0,172, sc, three zero words), where the thread resumes.
func TestSignalTrampoline(t *testing.T) {
	const stack, moved = 0x7f000000, 0x7e0000000000
	type entry struct {
		NIP   uint64
		Words []byte // the frame's tramp[]
	}
	for _, o := range orders {
		vd, err := vdsoFor(o.order)
		if err != nil {
			t.Fatal(err)
		}
		uc := uint64(stack+0x8000-abi.FrameSize) &^ 15
		words := vd.bytes[vd.startTramp : vd.startTramp+4*abi.TrampWords]
		for _, tc := range []struct {
			name string
			vdso uint64
			want entry
		}{
			{"vdso", vdsoAddr, entry{vdsoAddr + vd.startTramp, make([]byte, len(words))}},
			{"moved", moved, entry{moved + vd.startTramp, make([]byte, len(words))}},
			{"unmapped", 0, entry{uc + abi.FrameTramp, words}},
		} {
			t.Run(o.name+"/"+tc.name, func(t *testing.T) {
				th := testThread(t, o.order)
				th.p.Image = &loader.Image{}
				th.mm.vdso = tc.vdso
				if err := th.mm.Mem.Map(stack, 0x10000, mem.RW); err != nil {
					t.Fatal(err)
				}
				th.ctx.Regs.GPR[1] = stack + 0x8000
				act := sigAction{handler: 0x10009000}
				if !th.setupFrame(abi.SIGUSR1, &sigInfo{signo: abi.SIGUSR1, code: abi.SI_USER}, &act) {
					t.Fatal("setupFrame failed")
				}
				got := entry{NIP: th.ctx.Regs.NIP, Words: make([]byte, len(words))}
				if err := th.mm.Mem.Read(uc+abi.FrameTramp, got.Words); err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(tc.want, got); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
}
