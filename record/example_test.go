package record_test

import (
	"bytes"
	"encoding/binary"
	"fmt"

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
