package microwatt

import (
	"encoding/binary"
	"io"
	"sync"
	"sync/atomic"
)

// The devices of the Microwatt SoC (learned from Microwatt's soc.vhdl,
// syscon.vhdl, sim_16550_uart.vhdl, xics.vhdl and include/microwatt_soc.h;
// no code of theirs is used). Every register is little-endian on the bus
// except the XICS ones, which are big-endian (Microwatt byte-swaps them).

// noDevice is I/O space no device decodes: reads give all ones, writes
// are ignored (soc.vhdl's default response).
type noDevice struct{}

// ReadIO implements system.Device.
func (noDevice) ReadIO(off uint64, p []byte) error {
	for i := range p {
		p[i] = 0xff
	}
	return nil
}

// WriteIO implements system.Device.
func (noDevice) WriteIO(off uint64, p []byte) error { return nil }

// Syscon register offsets and bits (microwatt_soc.h).
const (
	sysSignature = 0x00
	sysInfo      = 0x08
	sysBRAMInfo  = 0x10
	sysDRAMInfo  = 0x18
	sysClkInfo   = 0x20
	sysCtrl      = 0x28
	sysUART0Info = 0x40
	sysUART1Info = 0x48
	sysCPUCtrl   = 0x58

	sysInfoHasUART       = 1 << 0
	sysInfoHasBRAM       = 1 << 2
	sysInfoHasLargeSysco = 1 << 5
	sysUARTIs16550       = 1 << 32

	// SyscomSignature is what the syscon's signature register reads.
	SysconSignature = 0xf00daa5500010001
)

// Syscon is Microwatt's system controller: identification, memory sizes,
// clock frequency, the UART's kind, and control bits (read back, no
// effect).
type Syscon struct {
	RAMSize uint64 // BRAMINFO
	ClockHz uint64 // CLKINFO and the UART's clock
	ctrl    uint64
	cpuCtrl uint64
}

func (s *Syscon) reg(off uint64) uint64 {
	switch off &^ 7 {
	case sysSignature:
		return SysconSignature
	case sysInfo:
		return sysInfoHasUART | sysInfoHasBRAM | sysInfoHasLargeSysco
	case sysBRAMInfo:
		return s.RAMSize
	case sysClkInfo:
		return s.ClockHz
	case sysCtrl:
		return s.ctrl
	case sysUART0Info:
		return sysUARTIs16550 | s.ClockHz&0xffffffff
	case sysUART1Info:
		return sysUARTIs16550 | s.ClockHz&0xffffffff
	case sysCPUCtrl:
		return s.cpuCtrl
	}
	return 0
}

// ReadIO implements system.Device.
func (s *Syscon) ReadIO(off uint64, p []byte) error {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:], s.reg(off))
	binary.LittleEndian.PutUint64(b[8:], s.reg(off+8))
	copy(p, b[off&7:])
	return nil
}

// WriteIO implements system.Device.
func (s *Syscon) WriteIO(off uint64, p []byte) error {
	if len(p) == 8 {
		switch off {
		case sysCtrl:
			s.ctrl = binary.LittleEndian.Uint64(p) & 0xf
		case sysCPUCtrl:
			s.cpuCtrl = binary.LittleEndian.Uint64(p) & 0xff
		}
	}
	return nil
}

// 16550 registers, at 4-byte spacing (microwatt_soc.h UART_REG_*).
const (
	uartRBR = 0 // RX / TX / DLL
	uartIER = 1 // IER / DLM
	uartIIR = 2 // IIR (read) / FCR (write)
	uartLCR = 3
	uartMCR = 4
	uartLSR = 5
	uartMSR = 6
	uartSCR = 7

	ierRDI   = 0x01
	ierTHRI  = 0x02
	lcrDLAB  = 0x80
	lsrDR    = 0x01
	lsrTHRE  = 0x20
	lsrTEMT  = 0x40
	iirNone  = 0x01
	iirTHRI  = 0x02
	iirRDI   = 0x04
	iirFIFOs = 0xc0
)

// UART is a 16550-compatible UART with registers 4 bytes apart, as
// Microwatt's: the transmitter is always ready and writes each byte to
// Out; received bytes come from In, read by a goroutine (Start).
type UART struct {
	Out io.Writer

	mu      sync.Mutex
	rx      []byte
	eof     bool
	ier     uint8
	lcr     uint8
	mcr     uint8
	scr     uint8
	dll     uint8
	dlm     uint8
	txIntOn bool // THRE interrupt pending since IER[THRI] was set or a byte was sent
	// irq is the interrupt output, recomputed (setIRQ) whenever what it
	// depends on changes: the processor polls it before every
	// instruction without taking the lock.
	irq atomic.Bool
}

// setIRQ recomputes the interrupt output: received data with IER[RDI],
// or the transmitter empty with IER[THRI]. u.mu is held.
func (u *UART) setIRQ() {
	u.irq.Store(u.ier&ierRDI != 0 && len(u.rx) > 0 || u.ier&ierTHRI != 0 && u.txIntOn)
}

// Start reads in into the receive buffer until EOF or an error.
func (u *UART) Start(in io.Reader) {
	go func() {
		var b [256]byte
		for {
			n, err := in.Read(b[:])
			u.mu.Lock()
			u.rx = append(u.rx, b[:n]...)
			if err != nil {
				u.eof = true
			}
			u.setIRQ()
			u.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
}

// Feed adds bytes to the receive buffer, as if typed.
func (u *UART) Feed(p []byte) {
	u.mu.Lock()
	u.rx = append(u.rx, p...)
	u.setIRQ()
	u.mu.Unlock()
}

// IRQ is the UART's interrupt output: received data with IER[RDI], or
// the transmitter empty with IER[THRI].
func (u *UART) IRQ() bool { return u.irq.Load() }

// ReadIO implements system.Device.
func (u *UART) ReadIO(off uint64, p []byte) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	defer u.setIRQ()
	var v uint8
	switch off >> 2 {
	case uartRBR:
		if u.lcr&lcrDLAB != 0 {
			v = u.dll
		} else if len(u.rx) > 0 {
			v = u.rx[0]
			u.rx = u.rx[1:]
		}
	case uartIER:
		v = u.ier
		if u.lcr&lcrDLAB != 0 {
			v = u.dlm
		}
	case uartIIR:
		switch {
		case u.ier&ierRDI != 0 && len(u.rx) > 0:
			v = iirRDI
		case u.ier&ierTHRI != 0 && u.txIntOn:
			v = iirTHRI
			u.txIntOn = false
		default:
			v = iirNone
		}
		v |= iirFIFOs
	case uartLCR:
		v = u.lcr
	case uartMCR:
		v = u.mcr
	case uartLSR:
		v = lsrTHRE | lsrTEMT
		if len(u.rx) > 0 {
			v |= lsrDR
		}
	case uartSCR:
		v = u.scr
	}
	for i := range p {
		p[i] = 0
	}
	if off&3 == 0 && len(p) > 0 {
		p[0] = v
	}
	return nil
}

// WriteIO implements system.Device.
func (u *UART) WriteIO(off uint64, p []byte) error {
	if off&3 != 0 || len(p) == 0 {
		return nil
	}
	v := p[0]
	u.mu.Lock()
	defer u.mu.Unlock()
	defer u.setIRQ()
	switch off >> 2 {
	case uartRBR:
		if u.lcr&lcrDLAB != 0 {
			u.dll = v
			return nil
		}
		u.txIntOn = true
		if u.Out != nil {
			_, err := u.Out.Write([]byte{v})
			return err
		}
	case uartIER:
		if u.lcr&lcrDLAB != 0 {
			u.dlm = v
			return nil
		}
		if v&ierTHRI != 0 && u.ier&ierTHRI == 0 {
			u.txIntOn = true
		}
		u.ier = v & 0x0f
	case uartIIR: // FCR
		if v&0x02 != 0 {
			u.rx = nil
		}
	case uartLCR:
		u.lcr = v
	case uartMCR:
		u.mcr = v
	case uartSCR:
		u.scr = v
	}
	return nil
}

// XICS: the interrupt presentation controller (ICP) of one processor and
// the source controller (ICS) with 16 sources numbered from 16, 3
// priority bits (xics.vhdl). Registers are big-endian words.
const (
	icsBase     = 16  // the ICS's first interrupt number
	icsSources  = 16  // sources
	icsPrioBits = 3   // priority bits: 0-6, 7 (and above) masked
	xisrIPI     = 2   // the XISR of the MFRR (inter-processor) interrupt
	icpXIRRPoll = 0x0 // XIRR without accepting
	icpXIRR     = 0x4 // XIRR: read accepts, write is EOI
	icpMFRR     = 0xc // most favoured request register
	icsXIVE     = 0x800
)

// XICS is Microwatt's interrupt controller for one processor. Sources
// are the interrupt inputs of the ICS (nil for none).
type XICS struct {
	Sources [icsSources]func() bool

	cppr uint8
	mfrr uint8
	pri  [icsSources]uint8 // per source: priority, or 0xff masked
	srv  [icsSources]uint8
}

// NewXICS returns an XICS in its reset state: every source masked, MFRR
// and CPPR least favoured... CPPR 0 (nothing presented).
func NewXICS() *XICS {
	x := &XICS{mfrr: 0xff}
	for i := range x.pri {
		x.pri[i] = 0xff
	}
	return x
}

// pending is the most favoured pending interrupt: XISR and priority
// (0xff: none).
func (x *XICS) pending() (xisr uint32, pri uint8) {
	pri = 0xff
	for i, f := range x.Sources {
		if f != nil && x.pri[i] != 0xff && x.pri[i] < pri && f() {
			xisr, pri = uint32(icsBase+i), x.pri[i]
		}
	}
	if x.mfrr < pri {
		xisr, pri = xisrIPI, x.mfrr
	}
	return xisr, pri
}

// IRQ is the ICP's output to the processor: a pending interrupt more
// favoured than CPPR.
func (x *XICS) IRQ() bool {
	_, pri := x.pending()
	return pri < x.cppr
}

// ICP returns the ICP's register window as a system.Device.
func (x *XICS) ICP() *ICP { return (*ICP)(x) }

// ICS returns the ICS's register window as a system.Device.
func (x *XICS) ICS() *ICS { return (*ICS)(x) }

// readWord gives p the bytes from off&3 on of the big-endian register word
// w: a read of the whole word or of part of it.
func readWord(p []byte, off uint64, w uint32) {
	var b [4]byte
	binary.BigEndian.PutUint32(b[:], w)
	copy(p, b[off&3:])
}

// ICP is the XICS presentation controller's registers.
type ICP XICS

// ReadIO implements system.Device.
func (c *ICP) ReadIO(off uint64, p []byte) error {
	x := (*XICS)(c)
	var w uint32
	switch off &^ 3 {
	case icpXIRRPoll, icpXIRR:
		xisr, pri := x.pending()
		if pri >= x.cppr {
			xisr = 0
		}
		w = uint32(x.cppr)<<24 | xisr
		if off == icpXIRR && len(p) == 4 && pri < x.cppr {
			x.cppr = pri // accept
		}
	case icpMFRR:
		w = uint32(x.mfrr) << 24
	}
	readWord(p, off, w)
	return nil
}

// WriteIO implements system.Device.
func (c *ICP) WriteIO(off uint64, p []byte) error {
	x := (*XICS)(c)
	if off&3 != 0 || len(p) == 0 {
		return nil
	}
	switch off {
	case icpXIRRPoll, icpXIRR:
		x.cppr = p[0] // a word write is an EOI: CPPR from its top byte
	case icpMFRR:
		x.mfrr = p[0]
	}
	return nil
}

// ICS is the XICS source controller's registers.
type ICS XICS

// ReadIO implements system.Device.
func (s *ICS) ReadIO(off uint64, p []byte) error {
	x := (*XICS)(s)
	var w uint32
	switch {
	case off >= icsXIVE:
		i := (off - icsXIVE) >> 2 % icsSources
		if f := x.Sources[i]; f != nil && f() {
			w |= 1<<31 | 1<<29
		}
		w |= uint32(x.srv[i])<<8 | uint32(x.pri[i])
	case off&^3 == 0:
		w = icsPrioBits<<24 | icsBase
	}
	readWord(p, off, w)
	return nil
}

// WriteIO implements system.Device.
func (s *ICS) WriteIO(off uint64, p []byte) error {
	x := (*XICS)(s)
	if off < icsXIVE || off&3 != 0 || len(p) != 4 {
		return nil
	}
	i := (off - icsXIVE) >> 2 % icsSources
	w := binary.BigEndian.Uint32(p)
	pri := uint8(w)
	if pri >= 1<<icsPrioBits-1 {
		pri = 0xff
	}
	x.pri[i] = pri
	x.srv[i] = 0 // one processor
	return nil
}
