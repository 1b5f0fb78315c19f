package system

import (
	"testing"
	"time"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// nopCPU is a test CPU in hypervisor real mode with interrupts off, at a
// run of no-ops.
func nopCPU(t *testing.T) *CPU {
	t.Helper()
	c, ram := newTestCPU(t)
	w := enc(t, ppc64asm.ORI, 0, 0, 0)
	for a := uint64(0); a < testRAM; a += 4 {
		put(ram, a, w, sf|hv|me)
	}
	c.Regs.MSR = sf | hv | me
	return c
}

// The time base advances floor(n × Freq / IPS) ticks in n steps (the
// fraction carried), the decrementers fall by as much; the default is one
// tick per step; with a Clock, Freq ticks per second of it, read every
// clockEvery steps, never backwards.
func TestTimeBase(t *testing.T) {
	for _, c := range []struct {
		name  string
		tb    *TimeBase
		steps []uint64 // run these many steps in turn...
		want  []uint64 // ...and expect TB to have advanced this far
	}{
		{"default", nil, []uint64{1, 99}, []uint64{1, 100}},
		{"equal rates", &TimeBase{Freq: 100_000_000}, []uint64{1, 99}, []uint64{1, 100}},
		{"5.12 ticks a step", &TimeBase{Freq: 512_000_000, IPS: 100_000_000}, []uint64{1, 6, 993}, []uint64{5, 35, 5120}},
		{"a third of a tick", &TimeBase{Freq: 100, IPS: 300}, []uint64{2, 1, 7}, []uint64{0, 1, 3}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cpu := nopCPU(t)
			if c.tb != nil {
				cpu.SetTimeBase(*c.tb)
			}
			cpu.SPR.TB, cpu.SPR.DEC, cpu.SPR.HDEC = 1000, 1<<40, 1<<40
			for i, n := range c.steps {
				if _, err := cpu.Run(n); err != nil {
					t.Fatal(err)
				}
				want := c.want[i]
				if cpu.SPR.TB != 1000+want || cpu.SPR.DEC != 1<<40-want || cpu.SPR.HDEC != 1<<40-want {
					t.Fatalf("after %v steps: TB %d DEC %d HDEC %d, want %d, %d, %d", c.steps[:i+1],
						cpu.SPR.TB, cpu.SPR.DEC, cpu.SPR.HDEC, 1000+want, 1<<40-want, 1<<40-want)
				}
			}
		})
	}
	t.Run("clock", func(t *testing.T) {
		cpu := nopCPU(t)
		now := 5 * time.Second
		cpu.SetTimeBase(TimeBase{Freq: 1_000_000, Clock: func() time.Duration { return now }})
		for _, s := range []struct {
			now   time.Duration
			steps uint64
			want  uint64
		}{
			{now + time.Millisecond, clockEvery - 1, 0},    // not read yet
			{now + time.Millisecond, 1, 1000},              // read: 1 ms at 1 MHz
			{now + 500*time.Microsecond, clockEvery, 1000}, // earlier: TB stands
			{now + 3*time.Millisecond, clockEvery, 3000},
		} {
			now = s.now
			if _, err := cpu.Run(s.steps); err != nil {
				t.Fatal(err)
			}
			if cpu.SPR.TB != s.want || cpu.SPR.DEC != -s.want {
				t.Fatalf("clock %v: TB %d DEC %#x, want %d, %#x", s.now, cpu.SPR.TB, cpu.SPR.DEC, s.want, -s.want)
			}
		}
	})
}

// mftb reads the time base the steps advanced (5.12 ticks a step).
func TestTimeBaseMftb(t *testing.T) {
	c, ram := newTestCPU(t)
	c.Regs.MSR = sf | hv | me
	for a := uint64(0); a < 40; a += 4 {
		put(ram, a, enc(t, ppc64asm.ORI, 0, 0, 0), sf|hv|me)
	}
	put(ram, 40, enc(t, ppc64asm.MFSPR, 3, 268), sf|hv|me)
	c.SetTimeBase(TimeBase{Freq: 512_000_000, IPS: 100_000_000})
	if _, err := c.Run(11); err != nil {
		t.Fatal(err)
	}
	if c.Regs.GPR[3] != 51 { // floor(10 × 5.12): the ten no-ops before it
		t.Errorf("mftb after 10 steps = %d, want 51", c.Regs.GPR[3])
	}
}
