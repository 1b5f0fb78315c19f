package ptrace

import (
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

var errFault = errors.New("EIO")

// fake is a Syscalls over a sparse word memory and a register file image.
type fake struct {
	words    map[uint64][WordSize]byte // mapped doublewords
	failPoke map[uint64]bool           // pokes that fail although mapped
	calls    []string
	sets     map[string][]byte // register images by request name (get) / last stored (set)
	vmShort  int               // ReadVM/WriteVM transfer at most this many bytes (0: all)
}

func newFake(base uint64, n int) *fake {
	f := &fake{words: map[uint64][WordSize]byte{}, failPoke: map[uint64]bool{}, sets: map[string][]byte{}}
	for i := range n {
		var w [WordSize]byte
		for j := range w {
			w[j] = byte(8*i + j)
		}
		f.words[base+uint64(8*i)] = w
	}
	return f
}

func (f *fake) PeekWord(pid int, addr uint64) ([WordSize]byte, error) {
	f.calls = append(f.calls, fmt.Sprintf("peek %#x", addr))
	if addr%WordSize != 0 {
		panic("unaligned peek")
	}
	w, ok := f.words[addr]
	if !ok {
		return w, errFault
	}
	return w, nil
}

func (f *fake) PokeWord(pid int, addr uint64, w [WordSize]byte) error {
	f.calls = append(f.calls, fmt.Sprintf("poke %#x", addr))
	if addr%WordSize != 0 {
		panic("unaligned poke")
	}
	if _, ok := f.words[addr]; !ok || f.failPoke[addr] {
		return errFault
	}
	f.words[addr] = w
	return nil
}

func (f *fake) vm(addr uint64, p []byte, write bool) (int, error) {
	n := 0
	for i := range p {
		if f.vmShort != 0 && i >= f.vmShort {
			break
		}
		a := addr + uint64(i)
		w, ok := f.words[a&^7]
		if !ok {
			return n, errFault
		}
		if write {
			w[a&7] = p[i]
			f.words[a&^7] = w
		} else {
			p[i] = w[a&7]
		}
		n++
	}
	return n, nil
}

func (f *fake) ReadVM(pid int, addr uint64, p []byte) (int, error) {
	f.calls = append(f.calls, fmt.Sprintf("readv %#x %d", addr, len(p)))
	return f.vm(addr, p, false)
}

func (f *fake) WriteVM(pid int, addr uint64, p []byte) (int, error) {
	f.calls = append(f.calls, fmt.Sprintf("writev %#x %d", addr, len(p)))
	return f.vm(addr, p, true)
}

func (f *fake) Transfer(req int, pid int, addr uint64, buf []byte) error {
	f.calls = append(f.calls, fmt.Sprintf("req %#x %#x %d", req, addr, len(buf)))
	key := fmt.Sprintf("%#x/%#x", req, addr)
	if img, ok := f.sets[key]; ok {
		if len(img) != len(buf) {
			return fmt.Errorf("image size %d, buffer %d", len(img), len(buf))
		}
		copy(buf, img)
		return nil
	}
	if req == PTRACE_SETREGS || req == PTRACE_SETFPREGS || req == PTRACE_SETVRREGS || req == PTRACE_SETVSRREGS || req == PTRACE_SETREGSET {
		f.sets[key] = append([]byte(nil), buf...)
		return nil
	}
	return errFault
}

const base = 0x1000

func bytesAt(f *fake, addr uint64, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		a := addr + uint64(i)
		w := f.words[a&^7]
		out[i] = w[a&7]
	}
	return out
}

func seq(from, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(from + i)
	}
	return b
}

func TestMemoryRead(t *testing.T) {
	for _, c := range []struct {
		name  string
		addr  uint64
		n     int
		calls []string
		err   uint64 // AccessError address, 0 for success
	}{
		{"aligned doubleword", base + 8, 8, []string{"peek 0x1008"}, 0},
		{"one byte", base + 3, 1, []string{"peek 0x1000"}, 0},
		{"unaligned word inside", base + 2, 4, []string{"peek 0x1000"}, 0},
		{"word across a boundary", base + 6, 4, []string{"peek 0x1000", "peek 0x1008"}, 0},
		{"13 bytes over three words", base + 5, 13, []string{"peek 0x1000", "peek 0x1008", "peek 0x1010"}, 0},
		{"quadword aligned", base, 16, []string{"peek 0x1000", "peek 0x1008"}, 0},
		{"runs into unmapped", base + 0x1c, 8, []string{"peek 0x1018", "peek 0x1020"}, base + 0x20},
		{"starts unmapped", base - 4, 2, []string{"peek 0xff8"}, base - 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFake(base, 4) // 0x1000..0x101f mapped, byte i holds i
			m := &Memory{Sys: f, Pid: 1}
			p := make([]byte, c.n)
			err := m.Read(c.addr, p)
			if d := cmp.Diff(c.calls, f.calls); d != "" {
				t.Errorf("calls (-want +got):\n%s", d)
			}
			if c.err != 0 {
				var ae *mem.AccessError
				if !errors.As(err, &ae) || ae.Addr != c.err || !errors.Is(err, errFault) {
					t.Fatalf("err = %v, want an AccessError at %#x", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(seq(int(c.addr-base), c.n), p); d != "" {
				t.Errorf("bytes (-want +got):\n%s", d)
			}
		})
	}
}

func TestMemoryWrite(t *testing.T) {
	for _, c := range []struct {
		name     string
		addr     uint64
		n        int
		failPoke uint64
		calls    []string
		err      uint64
	}{
		{"aligned doubleword", base + 8, 8, 0, []string{"peek 0x1008", "poke 0x1008"}, 0},
		{"one byte", base + 3, 1, 0, []string{"peek 0x1000", "poke 0x1000"}, 0},
		{"word across a boundary", base + 6, 4, 0, []string{"peek 0x1000", "peek 0x1008", "poke 0x1000", "poke 0x1008"}, 0},
		{"13 bytes over three words", base + 5, 13, 0,
			[]string{"peek 0x1000", "peek 0x1008", "peek 0x1010", "poke 0x1000", "poke 0x1008", "poke 0x1010"}, 0},
		{"40 bytes (more than the small buffer)", base, 40, 0, nil, base + 0x20},
		{"second word unmapped: nothing written", base + 0x1c, 8, 0, []string{"peek 0x1018", "peek 0x1020"}, base + 0x20},
		{"second poke fails: first rolled back", base + 6, 4, base + 8,
			[]string{"peek 0x1000", "peek 0x1008", "poke 0x1000", "poke 0x1008", "poke 0x1000"}, base + 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFake(base, 4)
			if c.failPoke != 0 {
				f.failPoke[c.failPoke] = true
			}
			before := bytesAt(f, base, 32)
			m := &Memory{Sys: f, Pid: 1}
			p := seq(0xa0, c.n)
			err := m.Write(c.addr, p)
			if c.calls != nil {
				if d := cmp.Diff(c.calls, f.calls); d != "" {
					t.Errorf("calls (-want +got):\n%s", d)
				}
			}
			if c.err != 0 {
				var ae *mem.AccessError
				if !errors.As(err, &ae) || ae.Addr != c.err {
					t.Fatalf("err = %v, want an AccessError at %#x", err, c.err)
				}
				if d := cmp.Diff(before, bytesAt(f, base, 32)); d != "" {
					t.Errorf("memory changed by a failed write (-before +after):\n%s", d)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := append([]byte(nil), before...)
			copy(want[c.addr-base:], p)
			if d := cmp.Diff(want, bytesAt(f, base, 32)); d != "" {
				t.Errorf("memory (-want +got):\n%s", d)
			}
		})
	}
}

func TestMemoryVM(t *testing.T) {
	f := newFake(base, 4)
	m := &Memory{Sys: f, Pid: 1, UseVM: true}
	p := make([]byte, 5)
	if err := m.Read(base+7, p); err != nil || !cmp.Equal(p, seq(7, 5)) {
		t.Fatalf("Read: % x, %v", p, err)
	}
	if err := m.Write(base+7, []byte{1, 2}); err != nil || !cmp.Equal(bytesAt(f, base+7, 2), []byte{1, 2}) {
		t.Fatalf("Write: %v", err)
	}
	if d := cmp.Diff([]string{"readv 0x1007 5", "writev 0x1007 2"}, f.calls); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
	var ae *mem.AccessError
	if err := m.Read(base+0x1e, p); !errors.As(err, &ae) || ae.Addr != base+0x20 || !errors.Is(err, errFault) {
		t.Errorf("Read into unmapped: %v", err)
	}
	f.vmShort = 3
	if err := m.Read(base, p); !errors.As(err, &ae) || ae.Addr != base+3 || !errors.Is(err, ErrShort) {
		t.Errorf("short Read: %v", err)
	}
	if err := m.Read(base, nil); err != nil {
		t.Errorf("empty Read: %v", err)
	}
}

func TestRequests(t *testing.T) {
	type rq struct {
		Req  int
		Addr uint64
		Size int
	}
	conv := func(qs []Request) []rq {
		var out []rq
		for _, q := range qs {
			out = append(out, rq{q.Req, q.Addr, q.Size})
		}
		return out
	}
	// Request numbers and sizes: linux-abi.md 4.2 (352 = 44 longs; 33 u64;
	// 33x16+4; 32 u64; 8).
	wantGet := []rq{{0xc, 0, 352}, {0xe, 0, 264}, {0x12, 0, 532}, {0x1b, 0, 256},
		{0x4204, 0x103, 8}, {0x4204, 0x104, 8}, {0x4204, 0x105, 8}}
	wantSet := []rq{{0xd, 0, 352}, {0xf, 0, 264}, {0x13, 0, 532}, {0x1c, 0, 256},
		{0x4205, 0x103, 8}, {0x4205, 0x104, 8}, {0x4205, 0x105, 8}}
	if d := cmp.Diff(wantGet, conv(Requests(SetAll, false))); d != "" {
		t.Errorf("get (-want +got):\n%s", d)
	}
	if d := cmp.Diff(wantSet, conv(Requests(SetAll, true))); d != "" {
		t.Errorf("set (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]rq{{0xe, 0, 264}, {0x4204, 0x104, 8}}, conv(Requests(SetFPR|SetPPR, false))); d != "" {
		t.Errorf("subset (-want +got):\n%s", d)
	}
}

func orders(t *testing.T, f func(t *testing.T, order binary.ByteOrder)) {
	t.Run("le", func(t *testing.T) { f(t, binary.LittleEndian) })
	t.Run("be", func(t *testing.T) { f(t, binary.BigEndian) })
}

// TestLoadRegsLayout builds the ptrace images by hand from the layout of
// linux-abi.md and checks the fields land in the register file.
func TestLoadRegsLayout(t *testing.T) {
	orders(t, func(t *testing.T, order binary.ByteOrder) {
		f := newFake(base, 1)
		gpr := make([]byte, 352)
		for i := range 32 {
			order.PutUint64(gpr[8*i:], uint64(0x100+i))
		}
		order.PutUint64(gpr[256:], 0x10000040)         // nip
		order.PutUint64(gpr[264:], regs.MSRSF|1)       // msr
		order.PutUint64(gpr[280:], 0xc7)               // ctr
		order.PutUint64(gpr[288:], 0x1234)             // link
		order.PutUint64(gpr[296:], 0x20000000)         // xer
		order.PutUint64(gpr[304:], 0x0000000022000000) // ccr
		f.sets["0xc/0x0"] = gpr
		fp := make([]byte, 264)
		order.PutUint64(fp[8*5:], 0x4000000000000000) // f5 = 2.0
		order.PutUint64(fp[256:], 0xf8)               // fpscr
		f.sets["0xe/0x0"] = fp
		vr := make([]byte, 532)
		regs.PutVSR(vr[16*2:], regs.VSR{Hi: 0x0102030405060708, Lo: 0x090a0b0c0d0e0f10}, order) // v2
		// VSCR is the low-order word of quadword 32, stored like a vector
		// (stvx): byte offset 12 big-endian, 0 little-endian (the kernel saves
		// it with mfvscr/stvx; GDB's ppc_linux_vrregset reads it there).
		vscrOff := 16*32 + 12
		if order == binary.LittleEndian {
			vscrOff = 16 * 32
		}
		order.PutUint32(vr[vscrOff:], 0x00010000)
		order.PutUint32(vr[16*33:], 0xffff0000) // vrsave: first word of quad 33
		f.sets["0x12/0x0"] = vr
		vsx := make([]byte, 256)
		order.PutUint64(vsx[8*5:], 0x3ff0000000000000) // low doubleword of vs5
		f.sets["0x1b/0x0"] = vsx
		tar := make([]byte, 8)
		order.PutUint64(tar, 0xdead0000)
		f.sets["0x4204/0x103"] = tar

		var r regs.Regs
		if err := LoadRegs(f, 7, &r, SetDefault|SetTAR, order); err != nil {
			t.Fatal(err)
		}
		// The MSR as the kernel reports it, plus FP, VEC and VSX: the
		// sets loaded (LoadRegs' doc).
		want := regs.Regs{NIP: 0x10000040, MSR: regs.MSRSF | 1 | regs.MSRFP | regs.MSRVEC | regs.MSRVSX, CTR: 0xc7, LR: 0x1234, XER: 0x20000000,
			CR: 0x22000000, FPSCR: 0xf8, VSCR: 0x00010000, VRSAVE: 0xffff0000, TAR: 0xdead0000}
		for i := range 32 {
			want.GPR[i] = uint64(0x100 + i)
		}
		want.VSR[5] = regs.VSR{Hi: 0x4000000000000000, Lo: 0x3ff0000000000000}
		want.VSR[34] = regs.VSR{Hi: 0x0102030405060708, Lo: 0x090a0b0c0d0e0f10}
		if d := cmp.Diff(want, r); d != "" {
			t.Errorf("registers (-want +got):\n%s", d)
		}
		// Without the FP, VMX and VSX sets, their MSR bits stay as
		// reported.
		var gprOnly regs.Regs
		if err := LoadRegs(f, 7, &gprOnly, SetGPR, order); err != nil || gprOnly.MSR != regs.MSRSF|1 {
			t.Errorf("LoadRegs(SetGPR): MSR = %#x, %v; want %#x", gprOnly.MSR, err, regs.MSRSF|1)
		}
		// A missing set (PPR not provided) fails with the request named.
		var re *RequestError
		if err := LoadRegs(f, 7, &r, SetPPR, order); !errors.As(err, &re) || re.Request.Addr != regs.NT_PPC_PPR {
			t.Errorf("err = %v", err)
		}
	})
}

func TestStoreRegsLayout(t *testing.T) {
	orders(t, func(t *testing.T, order binary.ByteOrder) {
		f := newFake(base, 1)
		r := regs.Regs{NIP: 0x10000044, CR: 0x80000000, FPSCR: 0x3, VSCR: 0x10000, VRSAVE: 0xabcd, DSCR: 0x11}
		r.GPR[3] = 0x33
		r.VSR[1] = regs.VSR{Hi: 0xaaaa, Lo: 0xbbbb}
		if err := StoreRegs(f, 7, &r, SetAll, order); err != nil {
			t.Fatal(err)
		}
		gpr := f.sets["0xd/0x0"]
		if len(gpr) != 352 || order.Uint64(gpr[24:]) != 0x33 || order.Uint64(gpr[256:]) != 0x10000044 || order.Uint64(gpr[304:]) != 0x80000000 {
			t.Errorf("SETREGS image wrong (len %d)", len(gpr))
		}
		fp := f.sets["0xf/0x0"]
		if len(fp) != 264 || order.Uint64(fp[8:]) != 0xaaaa || order.Uint64(fp[256:]) != 3 {
			t.Errorf("SETFPREGS image wrong")
		}
		vr := f.sets["0x13/0x0"]
		vscrOff := 16*32 + 12
		if order == binary.LittleEndian {
			vscrOff = 16 * 32
		}
		if len(vr) != 532 || order.Uint32(vr[vscrOff:]) != 0x10000 || order.Uint32(vr[16*33:]) != 0xabcd {
			t.Errorf("SETVRREGS image wrong")
		}
		vsx := f.sets["0x1c/0x0"]
		if len(vsx) != 256 || order.Uint64(vsx[8:]) != 0xbbbb {
			t.Errorf("SETVSRREGS image wrong")
		}
		if d := f.sets["0x4205/0x105"]; len(d) != 8 || order.Uint64(d) != 0x11 {
			t.Errorf("SETREGSET NT_PPC_DSCR image wrong")
		}
	})
}

// TestThreadStep runs one emulated step on a fake thread: registers are
// loaded, the instruction fetched through PEEKDATA, the result stored.
func TestThreadStep(t *testing.T) {
	orders(t, func(t *testing.T, order binary.ByteOrder) {
		f := newFake(base, 2)
		var code [WordSize]byte
		order.PutUint32(code[0:], 0x7c642a14) // add r3,r4,r5 at 0x1000
		f.words[base] = code
		r := regs.Regs{NIP: base, MSR: regs.MSRSF | regs.MSRPR}
		if order == binary.LittleEndian {
			r.MSR |= regs.MSRLE
		}
		r.GPR[4], r.GPR[5] = 5, 7
		for _, q := range Requests(SetDefault, false) {
			f.sets[fmt.Sprintf("%#x/%#x", q.Req, q.Addr)] = encodeSet(&r, q, order)
		}
		th := &Thread{Pid: 9, Sys: f, Order: order}
		if err := th.Step(emulate.New(emulate.Config{})); err != nil {
			t.Fatal(err)
		}
		var got regs.Regs
		if err := regs.DecodeGPRegs(&got, f.sets["0xd/0x0"], order); err != nil {
			t.Fatal(err)
		}
		if got.GPR[3] != 12 || got.NIP != base+4 {
			t.Errorf("after the step: r3 = %d, nip = %#x", got.GPR[3], got.NIP)
		}
		// A faulting fetch stores nothing.
		f.sets = map[string][]byte{}
		r.NIP = 0x9000
		for _, q := range Requests(SetDefault, false) {
			f.sets[fmt.Sprintf("%#x/%#x", q.Req, q.Addr)] = encodeSet(&r, q, order)
		}
		if err := th.Step(emulate.New(emulate.Config{})); err == nil {
			t.Fatal("fetch from unmapped memory succeeded")
		}
		if _, ok := f.sets["0xd/0x0"]; ok {
			t.Error("registers stored after a failed step")
		}
	})
}
