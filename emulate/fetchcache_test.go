package emulate_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestFetchInstPageCache: FetchInst and Fetch on a PagedMemory keep the
// code page and the decodings they fetched between calls (run.go's
// fetchPage; kept, for a *mem.Memory, without an interface call); every
// change the memory allows between calls shows at once, as with a Fetch
// through the Memory: a store into the code (its new word is decoded),
// the same bytes in the other byte order (decoded in that order),
// Protect without execute and Unmap (the Memory's fault), remapping, and
// another memory at the same address.
func TestFetchInstPageCache(t *testing.T) {
	const code = 0x10000000
	le := binary.LittleEndian
	write := func(t *testing.T, m *mem.Memory, addr uint64, w uint32) {
		t.Helper()
		var b [4]byte
		le.PutUint32(b[:], w)
		if err := m.Write(addr, b[:]); err != nil {
			t.Fatal(err)
		}
	}
	newMem := func(t *testing.T, w uint32) *mem.Memory {
		m := mem.New()
		if err := m.Map(code, mem.PageSize, mem.RWX); err != nil {
			t.Fatal(err)
		}
		write(t, m, code, w)
		return m
	}
	const addi = 0x38630001 // addi r3,r3,1
	for _, via := range []string{"FetchInst", "Fetch"} {
		t.Run(via, func(t *testing.T) { testFetchPageCache(t, via, newMem, write) })
	}
}

// testFetchPageCache is TestFetchInstPageCache through FetchInst or (via
// "Fetch") Fetch, whose addi or ori is told by its result in r3.
func testFetchPageCache(t *testing.T, via string, newMem func(*testing.T, uint32) *mem.Memory, write func(*testing.T, *mem.Memory, uint64, uint32)) {
	const (
		code = 0x10000000
		addi = 0x38630001 // addi r3,r3,1
		ori  = 0x60630005 // ori r3,r3,5
	)
	fetch := func(t *testing.T, e *emulate.Emulator, r *regs.Regs, m emulate.Memory) (ppc64asm.Op, error) {
		t.Helper()
		if via == "Fetch" {
			nip := r.NIP
			r.GPR[3] = 0x10
			err := e.Fetch(r, m)
			r.NIP = nip
			switch {
			case err != nil:
				return 0, err
			case r.GPR[3] == 0x11:
				return ppc64asm.ADDI, nil
			case r.GPR[3] == 0x15:
				return ppc64asm.ORI, nil
			}
			return 0, nil
		}
		in, err := e.FetchInst(r, m)
		if err != nil {
			return 0, err
		}
		return in.Op, nil
	}
	e := emulate.New(emulate.Config{})
	r := &regs.Regs{MSR: regs.MSRLinuxUserLE, NIP: code}
	m := newMem(t, addi)
	if op, err := fetch(t, e, r, m); op != ppc64asm.ADDI || err != nil {
		t.Fatalf("first fetch: %v, %v; want addi", op, err)
	}
	// A store into the code between two fetches.
	write(t, m, code, ori)
	if op, err := fetch(t, e, r, m); op != ppc64asm.ORI || err != nil {
		t.Errorf("after a store of ori: %v, %v", op, err)
	}
	// The same bytes fetched big-endian: 0x60630005 read the other way is
	// 0x05006360, primary opcode 1, a prefix: FetchInst reads the suffix
	// (zero) and the pair does not decode; then bytes that are addi in
	// big-endian order.
	r.MSR &^= regs.MSRLE
	write(t, m, code, 0x01006338) // big-endian 38 63 00 01: addi r3,r3,1
	if op, err := fetch(t, e, r, m); op != ppc64asm.ADDI || err != nil {
		t.Errorf("big-endian addi bytes: %v, %v", op, err)
	}
	r.MSR |= regs.MSRLE
	if op, err := fetch(t, e, r, m); op == ppc64asm.ADDI {
		t.Errorf("the big-endian addi bytes read little-endian gave %v, %v", op, err)
	}
	write(t, m, code, addi)
	// No execute permission: the Memory's fault, as Fetch gives it.
	if err := m.Protect(code, mem.PageSize, mem.RW); err != nil {
		t.Fatal(err)
	}
	_, err := fetch(t, e, r, m)
	var f *emulate.Fault
	if !errors.As(err, &f) || !f.Fetch || f.Addr != code || !errors.Is(err, emulate.ErrFetchFault) {
		t.Errorf("fetch from a page without execute: %v, want a fetch fault at %#x", err, code)
	}
	if err := m.Protect(code, mem.PageSize, mem.RX); err != nil {
		t.Fatal(err)
	}
	if op, err := fetch(t, e, r, m); op != ppc64asm.ADDI || err != nil {
		t.Errorf("after Protect RX: %v, %v", op, err)
	}
	// Unmapped, then mapped again with other bytes.
	if err := m.Unmap(code, mem.PageSize); err != nil {
		t.Fatal(err)
	}
	if _, err := fetch(t, e, r, m); !errors.Is(err, emulate.ErrFetchFault) {
		t.Errorf("fetch from an unmapped page: %v, want a fetch fault", err)
	}
	if err := m.Map(code, mem.PageSize, mem.RWX); err != nil {
		t.Fatal(err)
	}
	write(t, m, code, ori)
	if op, err := fetch(t, e, r, m); op != ppc64asm.ORI || err != nil {
		t.Errorf("after remapping with ori: %v, %v", op, err)
	}
	// Another memory holding other bytes at the same address.
	m2 := newMem(t, addi)
	if op, err := fetch(t, e, r, m2); op != ppc64asm.ADDI || err != nil {
		t.Errorf("another memory: %v, %v", op, err)
	}
	if op, err := fetch(t, e, r, m); op != ppc64asm.ORI || err != nil {
		t.Errorf("back to the first memory: %v, %v", op, err)
	}
	// A word at another offset, then a step: the page serves every word.
	write(t, m, code+8, addi)
	r.NIP = code + 8
	r.GPR[3] = 41
	if err := e.Fetch(r, m); err != nil || r.GPR[3] != 42 || r.NIP != code+12 {
		t.Errorf("Fetch of addi at +8: %v, r3 = %d, NIP = %#x", err, r.GPR[3], r.NIP)
	}
}
