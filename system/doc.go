// Package system runs powerpc64 code in system mode, on top of package
// emulate: supervisor and hypervisor state, interrupts, timers, address
// translation and memory-mapped devices (Power ISA 3.1B Book III).
//
// A CPU holds an emulate.Context (the register file and the reservation)
// and the privileged SPRs (SPRs), and reaches a physical Bus of RAM and
// Devices through its MMU: real addressing when MSR[IR]/MSR[DR] are 0,
// else the radix tree (partition table at PTCR, process table, the
// process-scoped radix walk of the LPID and PID the EA's quadrant selects,
// then for a guest the partition-scoped walk, R/C updates or faults, EAA
// permissions, AMR/IAMR key 0 for privileged accesses to problem-state
// pages), with a translation cache that tlbie and tlbiel invalidate by
// page, PID, LPID or whole as their operands say. CPU.Step executes one instruction or takes one
// interrupt:
//
//   - Problem-state and unprivileged instructions go through
//     emulate.Step unchanged, on a Memory that translates.
//   - The CPU executes the privileged ones itself: sc, rfid, hrfid,
//     rfscv, mfspr and mtspr of the SPRs it holds, the hash instructions
//     (HASHKEYR, HASHPKEYR, DEXCR/HDEXCR aspects), tlbie, tlbiel, the SLB
//     and message instructions (no-ops on a radix, single-thread
//     machine), wait and stop, the caching-inhibited loads and stores,
//     and attn where the machine has it (CPU.Attn).
//   - emulate's outcomes become interrupts as the ISA's rules say
//     (7.5): privileged and trap are program interrupts with their SRR1
//     bits, illegal is the hypervisor emulation assistance interrupt
//     (HEIR set), facility unavailable is FP, vector or VSX unavailable,
//     a fault is a DSI/ISI/segment interrupt with DAR and DSISR (or SRR1)
//     as the MMU set them, or a machine check for a physical address
//     nothing answers.
//   - After an instruction it takes the trace interrupt of MSR[SE],
//     MSR[BE] (taken branches) or a CIABR match; a data access that
//     matches DAWR0/DAWRX0 is a DSI (DSISR bit 41).
//   - Before each instruction the CPU takes the enabled asynchronous
//     interrupt: hypervisor decrementer, external (CPU.External, directed
//     by LPCR[LPES]), decrementer.
//
// Delivery saves the return address and MSR in SRR0/SRR1 (HSRR0/HSRR1
// for hypervisor interrupts), sets the new MSR and jumps to the vector,
// relocated by LPCR[AIL] or LPCR[HAIL]; Step returns the Vector taken.
// The time base and decrementers count one tick per step by default, or
// Freq/IPS ticks per step for a declared time base frequency and a
// nominal instruction rate, so that a run is deterministic; or they
// follow host time (CPU.SetTimeBase, TimeBase).
//
// CPU.Run gives the outcome of CPU.Step called once per step, faster: it
// runs stretches of ordinary instructions through emulate.Run (its block
// engine) on the RAM pages the translation gives, and Step for the
// privileged operations, I/O, faults and interrupts; stretches end before
// a decrementer can cross zero and start only when no interrupt is
// pending and no trace or watchpoint is armed (CPU.StepExact turns it off;
// docs/performance.md, issue 29 item 5).
//
// With no CPU, nothing changes for emulate's users: the user-mode
// contract (refusals such as ErrPrivileged or ErrMustNotStep for sc and
// rfid) is emulate's, and this package only reads those outcomes.
//
// A machine is a Bus with RAM (Bus.AddRAM) and Devices (Bus.AddDevice,
// any type with ReadIO and WriteIO) and a CPU on it; package
// system/microwatt is one, the Microwatt SoC. CPU.SetOp replaces how one
// op executes, for an implementation's own choices (Microwatt's estimate
// tables and alignment rules), and emulate.Config.Estimate supplies an
// implementation's fre/frsqrte estimates.
//
// Not done yet: the hashed page table, doorbells, more than one
// processor.
package system
