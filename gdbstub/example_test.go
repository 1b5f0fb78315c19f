package gdbstub_test

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"strings"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/regs"
)

// oneThread is a minimal Target: one thread that "runs" one instruction
// per Resume.
type oneThread struct{ r regs.Regs }

func (o *oneThread) ByteOrder() binary.ByteOrder       { return binary.LittleEndian }
func (o *oneThread) Threads() []int                    { return []int{1} }
func (o *oneThread) Regs(int) (regs.Regs, error)       { return o.r, nil }
func (o *oneThread) SetRegs(_ int, r *regs.Regs) error { o.r = *r; return nil }
func (o *oneThread) ReadMemory(uint64, []byte) error   { return errors.New("no memory") }
func (o *oneThread) WriteMemory(uint64, []byte) error  { return errors.New("no memory") }
func (o *oneThread) Auxv() []byte                      { return nil }
func (o *oneThread) Interrupt()                        {}
func (o *oneThread) Kill()                             {}
func (o *oneThread) Detach(gdbstub.SignalSet)          {}
func (o *oneThread) Resume(a gdbstub.Action) gdbstub.Stop {
	o.r.NIP += 4
	return gdbstub.Stop{Thread: 1, Signal: 5} // SIGTRAP
}

func Example() {
	client, server := net.Pipe()
	go func() { _ = gdbstub.NewServer(&oneThread{}).Serve(server) }()

	rd := bufio.NewReader(client)
	ask := func(pkt string) string {
		var sum byte
		for i := 0; i < len(pkt); i++ {
			sum += pkt[i]
		}
		fmt.Fprintf(client, "$%s#%02x", pkt, sum)
		_, _ = rd.ReadByte() // '+'
		reply, _ := rd.ReadString('#')
		_, _ = rd.Discard(2) // checksum
		fmt.Fprint(client, "+")
		return strings.TrimSuffix(strings.TrimPrefix(reply, "$"), "#")
	}
	fmt.Println(ask("s"))   // step: a stop reply with the thread
	fmt.Println(ask("p40")) // register 64, pc, little-endian
	// Output:
	// T05thread:1;
	// 0400000000000000
}
