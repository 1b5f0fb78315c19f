package record_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/record"
	"github.com/ppc64emu/ppc64emu/regs"
)

// A log written by hand: one address space holding "addi r3,r3,1" twice,
// one thread, two instructions run, an exit. Replay executes them again.
// (A runner writes such logs for a whole program: linux.Config.Record.)
func Example() {
	const code = 0x10000000
	word, _, err := decode.Encode(ppc64asm.ADDI, 3, 3, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	var text [8]byte
	binary.LittleEndian.PutUint32(text[0:], word)
	binary.LittleEndian.PutUint32(text[4:], word)

	var log bytes.Buffer
	w := record.NewWriter(&log, record.Header{LittleEndian: true, Config: emulate.Config{Level: decode.LevelPOWER10}})
	w.Space(0)
	w.Mem(0, &mem.Change{Op: mem.ChangeMap, Addr: code, Size: mem.PageSize, Perm: mem.RX})
	w.Mem(0, &mem.Change{Op: mem.ChangeWrite, Addr: code, Size: 8, Data: text[:]})
	start := emulate.Context{Regs: regs.Regs{NIP: code, MSR: regs.MSRLinuxUserLE}}
	w.Thread(1, 0, &start)
	w.Switch(1)
	w.Run(2)
	end := start
	end.Regs.NIP, end.Regs.GPR[3] = code+8, 2
	if err := w.Exit(0, 0, 2, []record.ThreadHash{{TID: 1, Hash: record.Hash(&end)}}); err != nil {
		fmt.Println(err)
	}

	res, err := record.Replay(&log, record.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d instructions, r3 = %d, exit %d\n", res.Instructions, res.Threads[1].Regs.GPR[3], res.Code)
	// Output: 2 instructions, r3 = 2, exit 0
}

// A Session moves through a recording forwards and backwards; with
// Watches it stops before the instructions that access watched memory.
// The log, written by hand, is of a program that stores r3 (1, then 2)
// to 0x20000000 twice: "addi r3,r3,1; stw r3,0(r4)", twice.
func ExampleSession_Back() {
	const code, data = 0x10000000, 0x20000000
	var text []byte
	for range 2 {
		for _, in := range [][]int64{{int64(ppc64asm.ADDI), 3, 3, 1}, {int64(ppc64asm.STW), 3, 0, 4}} {
			word, _, err := decode.Encode(decode.Op(in[0]), in[1:]...)
			if err != nil {
				fmt.Println(err)
				return
			}
			text = binary.LittleEndian.AppendUint32(text, word)
		}
	}
	var log bytes.Buffer
	w := record.NewWriter(&log, record.Header{LittleEndian: true, Config: emulate.Config{Level: decode.LevelPOWER10}})
	w.Space(0)
	w.Mem(0, &mem.Change{Op: mem.ChangeMap, Addr: code, Size: mem.PageSize, Perm: mem.RX})
	w.Mem(0, &mem.Change{Op: mem.ChangeWrite, Addr: code, Size: uint64(len(text)), Data: text})
	w.Mem(0, &mem.Change{Op: mem.ChangeMap, Addr: data, Size: mem.PageSize, Perm: mem.RW})
	start := emulate.Context{Regs: regs.Regs{NIP: code, MSR: regs.MSRLinuxUserLE}}
	start.Regs.GPR[4] = data
	w.Thread(1, 0, &start)
	w.Switch(1)
	w.Run(4)
	end := start
	end.Regs.NIP, end.Regs.GPR[3] = code+16, 2
	if err := w.Exit(0, 0, 4, []record.ThreadHash{{TID: 1, Hash: record.Hash(&end)}}); err != nil {
		fmt.Println(err)
		return
	}

	s, err := record.NewSession(log.Bytes(), record.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := s.Run(math.MaxUint64, nil); err != nil { // to the end
		fmt.Println(err)
		return
	}
	s.Watches = []record.Watch{{Addr: data, Len: 4, Write: true}}
	for {
		found, err := s.Back(nil)
		if err != nil || !found {
			break
		}
		acc, _ := s.WatchHit()
		var v [4]byte
		_ = s.Memory(0).Peek(data, v[:])
		fmt.Printf("event %d: before a %d-byte write at %#x (r3 = %d; memory holds %d)\n", s.Now(), acc.N, acc.Addr, s.Context(1).Regs.GPR[3], binary.LittleEndian.Uint32(v[:]))
	}
	fmt.Println("event", s.Now())
	// Output:
	// event 3: before a 4-byte write at 0x20000000 (r3 = 2; memory holds 1)
	// event 1: before a 4-byte write at 0x20000000 (r3 = 1; memory holds 0)
	// event 0
}

// A live Session follows a log that grows while its program runs (as
// ppc64emu run -gdb records one): its end is the frontier, where the
// program stopped, and Grow gives it the longer log. The log, written by
// hand, is of "addi r3,r3,1" four times, recorded two instructions at a
// time.
func ExampleNewLiveSession() {
	const code = 0x10000000
	word, _, err := decode.Encode(ppc64asm.ADDI, 3, 3, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	var text []byte
	for range 4 {
		text = binary.LittleEndian.AppendUint32(text, word)
	}
	var log bytes.Buffer
	w := record.NewWriter(&log, record.Header{LittleEndian: true, Config: emulate.Config{Level: decode.LevelPOWER10}})
	w.Space(0)
	w.Mem(0, &mem.Change{Op: mem.ChangeMap, Addr: code, Size: mem.PageSize, Perm: mem.RX})
	w.Mem(0, &mem.Change{Op: mem.ChangeWrite, Addr: code, Size: uint64(len(text)), Data: text})
	w.Thread(1, 0, &emulate.Context{Regs: regs.Regs{NIP: code, MSR: regs.MSRLinuxUserLE}})
	w.Switch(1)
	w.Run(2) // the program stops here
	if err := w.Flush(); err != nil {
		fmt.Println(err)
		return
	}

	s, err := record.NewLiveSession(bytes.Clone(log.Bytes()), record.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	show := func() {
		fmt.Printf("event %d, r3 = %d, at the frontier: %v\n", s.Now(), s.Context(1).Regs.GPR[3], s.AtFrontier())
	}
	_ = s.Seek(math.MaxUint64) // as far as the log goes
	show()
	_ = s.Seek(1)
	show()

	w.Run(2) // the program ran on
	if err := w.Flush(); err != nil {
		fmt.Println(err)
		return
	}
	s.Grow(log.Bytes())
	_ = s.Seek(math.MaxUint64)
	show()
	// Output:
	// event 2, r3 = 2, at the frontier: true
	// event 1, r3 = 1, at the frontier: false
	// event 4, r3 = 4, at the frontier: true
}

// A reset record (Writer.Reset) is followed by the whole state of the
// run, so that a replay can start there: here after the first of two
// "addi r3,r3,1". A log cut to its header and the records from the reset
// on (as ppc64emu run -gdb drops the oldest part of its recording) is a
// log whose history begins after instruction 1.
func ExampleWriter_Reset() {
	word, _, err := decode.Encode(ppc64asm.ADDI, 3, 3, 1)
	text := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, word), word)
	if err != nil {
		fmt.Println(err)
		return
	}
	const code = 0x10000000
	var log bytes.Buffer
	w := record.NewWriter(&log, record.Header{LittleEndian: true, Config: emulate.Config{Level: decode.LevelPOWER9}})
	_ = w.Flush()
	header := log.Len()
	state := func(c *emulate.Context) { // the address space and the thread
		w.Space(0)
		w.Mem(0, &mem.Change{Op: mem.ChangeMap, Addr: code, Size: mem.PageSize, Perm: mem.RX})
		w.Mem(0, &mem.Change{Op: mem.ChangeWrite, Addr: code, Size: 8, Data: text})
		w.Thread(1, 0, c)
		w.Switch(1)
	}
	c := emulate.Context{Regs: regs.Regs{NIP: code, MSR: regs.MSRLinuxUserLE}}
	state(&c)
	w.Run(1)
	c.Regs.NIP, c.Regs.GPR[3] = code+4, 1
	_ = w.Flush()
	reset := log.Len()
	w.Reset(1)
	state(&c)
	w.Run(1)
	c.Regs.NIP, c.Regs.GPR[3] = code+8, 2
	if err := w.Exit(0, 0, 2, []record.ThreadHash{{TID: 1, Hash: record.Hash(&c)}}); err != nil {
		fmt.Println(err)
		return
	}

	b := log.Bytes()
	s, err := record.NewSession(append(b[:header:header], b[reset:]...), record.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("history from %d; at %d, r3 = %d\n", s.Oldest(), s.Now(), s.Context(1).Regs.GPR[3])
	if err := s.Seek(math.MaxUint64); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("at the end %d, r3 = %d\n", s.Now(), s.Context(1).Regs.GPR[3])
	// Output:
	// history from 1; at 1, r3 = 1
	// at the end 2, r3 = 2
}
