package system

import "time"

// TimeBase says how the time base (TB) and the decrementers (DEC, HDEC)
// advance. The ISA has them count at a constant frequency of the
// implementation's choosing (Power ISA 3.1B Book II 5.2, Book III 9.2 and
// 9.3), which the machine declares to its software (a device tree's
// timebase-frequency); an emulator must also say how that frequency
// relates to the instructions it executes.
//
// By default a run is deterministic: the time base advances by Freq/IPS
// ticks per step (the fraction carried exactly from step to step, so that
// after n steps it has advanced by floor(n × Freq / IPS)), as if the
// processor executed IPS instructions a second. With Clock set it follows
// host time instead (Freq ticks per second of Clock), sampled every
// clockEvery steps; runs are then not repeatable.
type TimeBase struct {
	// Freq is the time base frequency in Hz that the machine declares.
	Freq uint64
	// IPS is the nominal instruction rate, instructions a second; zero
	// means Freq (one tick per step).
	IPS uint64
	// Clock, if set, is the host time elapsed since a start of the
	// caller's choosing (for example func() time.Duration { return
	// time.Since(start) }); the time base then advances with it.
	Clock func() time.Duration
}

// clockEvery is how many steps pass between two readings of
// TimeBase.Clock (reading the host clock at every step would cost about
// as much as the step); between readings TB and the decrementers stand
// still.
const clockEvery = 256

// tbState is the CPU's time base configuration and carry.
type tbState struct {
	whole, rem, ips uint64 // ticks per step: whole + rem/ips
	carry           uint64 // fraction of a tick carried, in 1/ips
	clock           func() time.Duration
	freq            uint64
	clockTicks      uint64 // ticks of the clock already added
	clockN          uint64 // steps since the last clock reading
}

// SetTimeBase sets how the time base and the decrementers advance from
// now on (a CPU from NewCPU counts one tick per step). A zero Freq keeps
// one tick per step.
func (c *CPU) SetTimeBase(tb TimeBase) {
	t := tbState{whole: 1, clock: tb.Clock, freq: tb.Freq}
	if tb.Freq != 0 && tb.Clock == nil {
		ips := tb.IPS
		if ips == 0 {
			ips = tb.Freq
		}
		t.whole, t.rem, t.ips = tb.Freq/ips, tb.Freq%ips, ips
	}
	if t.clock != nil {
		t.whole = 0
		t.clockTicks = clockTicks(t.clock(), t.freq)
	}
	c.tb = t
}

// clockTicks is d in ticks of a freq-Hz time base.
func clockTicks(d time.Duration, freq uint64) uint64 {
	if d < 0 {
		return 0
	}
	s, ns := uint64(d/time.Second), uint64(d%time.Second)
	return s*freq + ns*freq/uint64(time.Second)
}

// ticks is how far the time base advances at this step.
func (t *tbState) ticks() uint64 {
	d := t.whole
	if t.rem != 0 {
		t.carry += t.rem
		if t.carry >= t.ips {
			t.carry -= t.ips
			d++
		}
	}
	if t.clock != nil {
		if t.clockN++; t.clockN < clockEvery {
			return 0
		}
		t.clockN = 0
		now := clockTicks(t.clock(), t.freq)
		if now > t.clockTicks {
			d, t.clockTicks = now-t.clockTicks, now
		}
	}
	return d
}
