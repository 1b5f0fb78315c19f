package emulate

// The rows of the Differences table: the behaviour the Power ISA leaves to
// the implementation where POWER9/POWER10 hardware and QEMU 7.2 differ.
// Each row has a typed ID (diffID); code that behaves differently by
// profile names its row (Emulator.action, Emulator.unknown,
// Emulator.qemuSide), so no profile-dependent branch exists without a row,
// and a row that no code asks for is caught by TestDifferenceRowsUsed.
//
// A new row: add its ID to the const block (before numDiffs) and its text
// to differenceRows, next to the rows of its family.

// diffID identifies one row of the Differences table.
type diffID uint8

// The rows, in table order.
const (
	_                          diffID = iota
	diffReservedBits                  // reserved-bits
	diffReservedBitsPrivileged        // reserved-bits-privileged
	diffInvalidForm                   // invalid-form
	diffUpdateRA0                     // update-ra0
	diffProblemStateCode              // problem-state-code
	diffMtsprXer                      // mtspr-xer
	diffIcbt                          // icbt
	diffMulhwHigh                     // mulhw-high
	diffMulhOE                        // mulh-oe
	diffMulldoOV32                    // mulldo-ov32
	diffDivUndef                      // div-undefined
	diffDivwExtend                    // divw-extend
	diffDivOV32                       // div-ov32
	diffModUndef                      // mod-undefined
	diffAddexCY                       // addex-cy
	diffDarnL3                        // darn-l3
	diffAddexRc                       // addex-rc
	diffStcxUnaligned                 // stcx-unaligned
	diffStcxMismatch                  // stcx-mismatch
	diffStcxAllOnes                   // stcx-ea-all-ones
	diffResvOwnStore                  // resv-own-store
	diffBcctrDecrement                // bcctr-decrement
	diffSyncFields                    // sync-fields
	diffDcbfL                         // dcbf-l
	diffCopyPaste                     // copy-paste
	diffMfocrfFxm                     // mfocrf-fxm
	diffMtocrfFxm                     // mtocrf-fxm
	diffStfsTiny                      // stfs-tiny
	diffFPTrap                        // fp-enabled-trap
	diffFPNI                          // fpscr-ni
	diffFPDW1                         // fpr-dw1
	diffFPEstimate                    // fp-estimate
	diffFPFXEvery                     // fp-fx-every-exception
	diffFCTI                          // fcti-undefined
	diffMultipleLe                    // multiple-le
	diffLmwUnaligned                  // lmw-unaligned
	diffLswxZero                      // lswx-zero
	diffLswxInvalid                   // lswx-invalid
	diffLqUnaligned                   // lq-unaligned
	diffPlqLe                         // plq-le
	diffDscrUser                      // dscr-user
	diffSprUnknown                    // spr-unknown
	diffMftbTbr                       // mftb-tbr
	diffMtsprPpr                      // mtspr-ppr
	diffVsxScalarDw1                  // vsx-scalar-dw1
	diffLveOtherBytes                 // lve-other-bytes
	diffBCDInvalid                    // bcd-invalid
	diffDFPEnabled                    // dfp-enabled
	diffDenbcdInvalid                 // denbcd-invalid
	diffDSCLISpecial                  // dscli-special
	diffDFPNaNNarrow                  // dfp-nan-narrow
	diffDrdpqPair                     // drdpq-pair
	diffDCTFixQQRange                 // dctfixqq-range
	diffBCDOverflowCR                 // bcd-overflow-cr6
	diffBCDNegZero                    // bcd-negative-zero
	diffVmul10ExtDigit                // vmul10-extend-digit
	diffWait                          // wait
	diffDenbcdDigitTen                // denbcd-digit-a
	diffDenbcdDigitTenOver            // denbcd-digit-a-over
	diffBCDReservedVMX                // bcd-reserved-vmx
	diffDenbcdInvalidVE               // denbcd-invalid-ve
	diffMMAPrimedVSR                  // mma-primed-vsr
	diffSprHookedQEMU                 // spr-hooked-qemu
	diffVMXIndex                      // vmx-index-past-end
	diffVMXDivide                     // vmx-divide-undefined
	diffVMXGnbN                       // vmx-vgnb-n
	diffVMXVSCR                       // vmx-vscr-reserved
	diffVMXEstimate                   // vmx-fp-estimate
	diffVMXNJUnknown                  // vmx-nj-unmeasured
	diffVSXMoveDW1                    // vsx-move-dw1
	diffVSXSPTwice                    // vsx-sp-double-rounding
	diffVSXUIM                        // vsx-uim-over-12
	diffXXSpltIDPDen                  // xxspltidp-denormal
	diffXSCvDPSPN                     // xscvdpspn-tiny
	diffXSRQPIReserved                // xsrqpi-rmc-reserved
	diffXSRQPXPTiny                   // xsrqpxp-tiny
	diffXSRQPXPNaN                    // xsrqpxp-nan-payload
	diffXSTstDCSPNotSP                // xststdcsp-not-sp
	diffVSXMaxNaNPair                 // vsx-maxnum-nan-pair
	diffMMAAccVSR                     // mma-acc-vsr
	diffMMANegRound                   // mma-neg-round
	diffMMAF16Round                   // mma-f16-round
	diffMMAEnabled                    // mma-fp-enabled
	diffFPSingleOperand               // fp-single-operand-enabled
	diffPnopAttn                      // pnop-attn-suffix
	numDiffs
)

// "Hardware" in these rows means POWER9 as the sources measured or stated
// it (shared/reference/power9-behaviour.md: Microwatt's random tests run on
// POWER9, Valgrind's expected outputs recorded on POWER hosts, IBM and
// Microwatt engineers' statements, and the ISA where it turns out to define
// the case). POWER10 is assumed to behave the same unless a source says
// otherwise (copy-paste: POWER10 measured, POWER9 unknown). Each row's
// Source names its sources as that file's tables do, with their confidence
// (HW-measured, HW-stated, ISA) where the second table gives one.

// differenceRows is the table, indexed by ID.
var differenceRows = [numDiffs]Difference{
	diffReservedBits: {
		ID:       "reserved-bits",
		What:     "reserved (/) bits of an instruction word are non-zero",
		Hardware: Ignore, HWDetail: "ignored; the instruction executes normally (ISA: reserved fields are ignored by the processor)",
		QEMU: Value, QDetail: "per op and bit: executes if every reserved bit set is one QEMU ignores for the op (e.g. bit 31 of ldx, stores, cmp*, exts*; bits 16:18 of bclr/bcctr), else illegal instruction (SIGILL code 1; e.g. bit 31 of ldbrx, popcnt*, mfspr); the per-op data is the generated qemuLegality table",
		Source: "internal/tools/qemusurvey: emulate/testdata/qemu-legality.txt (every reserved bit alone on valid encodings, both byte orders); POWER9: shared/reference/power9-behaviour.md",
	},
	diffReservedBitsPrivileged: {
		ID:       "reserved-bits-privileged",
		What:     "reserved bits set in an encoding that is refused in problem state (privileged op or SPR)",
		Hardware: Ignore, HWDetail: "the reserved bits are ignored, so the privileged instruction interrupt is taken",
		QEMU: Value, QDetail: "per op: QEMU checks privilege first for some (mtspr of a privileged SPR stays SIGILL code 6, privileged ops such as tlbie stay code 5), reserved bits first for others (mfspr of a privileged SPR gives code 1); qemuLegality's keep flag",
		Source: "internal/tools/qemusurvey (refused-keep / refused-change in emulate/testdata/qemu-legality.txt)",
	},
	diffInvalidForm: {
		ID:       "invalid-form",
		What:     "an ISA invalid form (e.g. load with update and RA=RT, lq with odd RTp; update forms with RA=0: update-ra0; bcctr with BO[2]=0: bcctr-decrement)",
		Hardware: HardwareStep, HWDetail: "not documented for POWER9/POWER10: let the CPU decide",
		QEMU: Value, QDetail: "per op: illegal instruction (SIGILL code 1; update forms with RA=0, lq with odd RTp, prefixed R=1 with RA≠0, …) except for the ops whose invalid forms QEMU executes (bcctr[l]: see bcctr-decrement; lfdp/stfdp with odd FRTp; lmw with RA in range), per qemuLegality's invExec",
		Source: "internal/tools/qemusurvey (inv= in emulate/testdata/qemu-legality.txt); Power ISA 3.1B Book I 1.8.2 (invalid forms are boundedly undefined)",
	},
	diffUpdateRA0: {
		ID:       "update-ra0",
		What:     "a load or store with update and RA=0 (an invalid form): the EA and whether R0 is written",
		Hardware: HardwareStep, HWDetail: "no interrupt, and the EA uses 0 (not R0) as the base (HW-measured); whether R0 then receives the EA is unknown, " +
			"so the emulator still refuses the step (needs a hardware step) rather than guess the write-back",
		QEMU: Illegal, QDetail: "illegal instruction (SIGILL code 1), per qemuLegality (invalid-form)",
		Source: "Microwatt commit `b0f302ec` and Paul Mackerras's POWER9 experiments (openpower-hdl-cores list, 2021-05-20) (HW-measured, EA only); " +
			"internal/tools/qemusurvey (emulate/testdata/qemu-legality.txt)",
	},
	diffProblemStateCode: {
		ID:       "problem-state-code",
		What:     "the interrupt for an instruction refused in problem state",
		Hardware: Value, HWDetail: "privileged instruction (SIGILL ILL_PRVOPC/ILL_PRVREG: ErrPrivileged) for privileged ops and SPRs",
		QEMU: Value, QDetail: "per op: urfid, rfscv, msgclru, msgsndu and the unprivileged ops QEMU does not implement for user mode (icbt, copy, paste., clrbhrb, mfbhrbe, rfebb) give illegal instruction (SIGILL code 1: ErrIllegal); other privileged ops code 5, privileged SPRs code 6 (ErrPrivileged); qemuLegality's psCode",
		Source: "internal/tools/qemusurvey (ps= in emulate/testdata/qemu-legality.txt)",
	},
	diffMtsprXer: {
		ID:       "mtspr-xer",
		What:     "mtspr XER: which bits of RS are kept",
		Hardware: Value, HWDetail: "only SO, OV, CA, OV32, CA32 and the low 18 bits (mask 0xE00FFFFF)",
		QEMU: Value, QDetail: "the low 32 bits (mask 0x00000000FFFFFFFF: QEMU 7.2 masks with a 32-bit constant); mfspr reads back whatever the register holds",
		Source: "shared/reference/power9-behaviour.md; QEMU 7.2 harness (mtspr XER with RS=ffffffff00000000 leaves XER 0, RS=00000000ffffffff gives ffffffff)",
	},
	diffIcbt: {
		ID:       "icbt",
		What:     "icbt (instruction cache block touch) in problem state",
		Hardware: Ignore, HWDetail: "no-op",
		QEMU: Illegal, QDetail: "illegal instruction (decoded only for BookE)",
		Source: "shared/reference/power9-behaviour.md",
	},
	diffMulhwHigh: {
		ID:       "mulhw-high",
		What:     "mulhw, mulhwu: bits 0:31 of RT (undefined) and, with Rc=1 in 64-bit mode, CR0 LT/GT/EQ (undefined)",
		Hardware: Value, HWDetail: "the 32-bit high product in both halves of RT; CR0 from that 64-bit value",
		QEMU: Value, QDetail: "bits 0:31 of RT are 0; CR0 from that 64-bit value (so never LT in 64-bit mode)",
		Source: arithP9Source + "; " + arithQEMUSource,
	},
	diffMulhOE: {
		ID:       "mulh-oe",
		What:     "mulhw, mulhwu, mulhd, mulhdu with OE=1 (a reserved bit of these XO-forms)",
		Hardware: Ignore, HWDetail: "OE ignored: executes as the OE=0 form, XER untouched",
		QEMU: Illegal, QDetail: "illegal instruction (SIGILL, code 1)",
		Source: arithP9Source + "; " + arithQEMUSource,
	},
	diffMulldoOV32: {
		ID:       "mulldo-ov32",
		What:     "mulldo[.]: OV32",
		Hardware: Value, HWDetail: "OV32 = OV (the product does not fit in 64 bits)",
		QEMU: Value, QDetail: "OV32 = OV",
		Source: arithP9Source + "; " + arithQEMUSource,
	},
	diffDivUndef: {
		ID: "div-undefined",
		What: "divides with an undefined result (divisor 0, most-negative ÷ −1, and for div[wd]e[u] a quotient that does not fit): " +
			"RT and CR0 (Rc=1); OV/OV32 with OE=1",
		Hardware: Value, HWDetail: "RT = 0 (so CR0 = EQ, plus SO); with OE=1 OV = OV32 = 1 and SO set",
		QEMU: Value,
		QDetail: "divw/divwu: RT = (RA)32:63 zero-extended and divd/divdu: RT = (RA) (the divisor is taken as 1); " +
			"div[wd]e[u]: RT = 0; OV = OV32 = 1 with OE=1; but divde[o] only detects a zero divisor or |RA| ≥ |RB| " +
			"(unsigned magnitudes): other quotients that do not fit in 64 signed bits give the low 64 bits of the " +
			"truncated quotient with OV = 0",
		Source: arithP9Source + "; " + arithQEMUSource,
	},
	diffDivwExtend: {
		ID:       "divw-extend",
		What:     "word divides divw, divwu, divwe, divweu: bits 0:31 of RT (undefined) and, with Rc=1 in 64-bit mode, CR0 LT/GT/EQ",
		Hardware: Value, HWDetail: "the 32-bit quotient zero-extended; CR0 from that 64-bit value",
		QEMU: Value, QDetail: "divw, divwu, divweu zero-extend the quotient, divwe sign-extends it; CR0 from that 64-bit value",
		Source: arithP9Source + "; " + arithQEMUSource,
	},
	diffDivOV32: {
		ID:       "div-ov32",
		What:     "64-bit divides divd, divdu, divde, divdeu with OE=1: OV32",
		Hardware: Value, HWDetail: "OV32 = OV",
		QEMU: Value, QDetail: "OV32 = OV",
		Source: arithP9Source + "; " + arithQEMUSource,
	},
	diffModUndef: {
		ID:       "mod-undefined",
		What:     "modsw, moduw: bits 0:31 of RT; modulo with divisor 0 or most-negative % −1 (undefined)",
		Hardware: Value, HWDetail: "modsw sign-extends, moduw zero-extends the remainder; RT = 0 for the undefined cases (also modsd most-negative % −1)",
		QEMU: Value, QDetail: "same as the hardware",
		Source: arithP9Source + "; " + arithQEMUSource,
	},
	diffAddexCY: {
		ID:       "addex-cy",
		What:     "addex with CY ≠ 0 (reserved in ISA 3.0C and 3.1)",
		Hardware: HardwareStep, HWDetail: "not documented for POWER9/POWER10: let the CPU decide",
		QEMU: Illegal, QDetail: "illegal instruction (SIGILL, code 1)",
		Source: "Power ISA 3.1B Book I 3.3.9 (addex); " + arithQEMUSource,
	},
	diffDarnL3: {
		ID:       "darn-l3",
		What:     "darn with L = 3 (reserved)",
		Hardware: Illegal, HWDetail: "illegal instruction",
		QEMU: Value, QDetail: "RT = 0xFFFFFFFFFFFFFFFF (the error value)",
		Source: "Valgrind commit `8afb49ab` (IBM, 2021) (HW-stated); Power ISA 3.1B Book I 3.3.10 (darn); " + arithQEMUSource,
	},
	diffAddexRc: {
		ID:       "addex-rc",
		What:     "addex with bit 31 (the Rc position of other X-forms; reserved) set",
		Hardware: Ignore, HWDetail: "ignored, as every reserved bit (reserved-bits)",
		QEMU: Value, QDetail: "executes and also sets CR0 from RT, as a record form would",
		Source: "Power ISA 3.1B Book I 1.3.3 (reserved fields); " + arithQEMUSource,
	},
	diffStcxUnaligned: {
		ID:       "stcx-unaligned",
		What:     "stbcx./sthcx./stwcx./stdcx./stqcx. with an effective address that is not a multiple of the operand size",
		Hardware: Value, HWDetail: "alignment interrupt (ISA: the alignment error handler is invoked or the results are boundedly undefined; POWER raises the interrupt and Linux sends SIGBUS)",
		QEMU: Value, QDetail: "no alignment check: the store conditional fails (no reservation can match), CR0 = 0b00 ‖ 0 ‖ SO, nothing is stored (QEMU 7.2 harness: stwcx. at 0x50000001); except at EA 2^64-1 (row stcx-ea-all-ones)",
		Source: "Power ISA 3.1B Book II 4.6.2; QEMU 7.2 harness (emulate/testdata/qemu/atomic.*.txt)",
	},
	diffStcxMismatch: {
		ID:       "stcx-mismatch",
		What:     "stcx. while a reservation exists for a different address or length than the stcx.'s",
		Hardware: Value, HWDetail: "the store is performed iff the stcx.'s bytes lie within the reserved bytes (ISA: undefined whether the store is performed; real reservations cover a 128-byte granule, so hardware may succeed in more cases)",
		QEMU: Value, QDetail: "the same rule as the hardware profile; not measurable with the single-instruction harness (it drops the reservation before every vector)",
		Source: "Power ISA 3.1B Book II 4.6.2; oracle/harness/harness.c drop_reservation",
	},
	diffStcxAllOnes: {
		ID:       "stcx-ea-all-ones",
		What:     "stbcx./sthcx./stwcx./stdcx./stqcx. without a reservation, with the effective address 2^64-1 (all ones)",
		Hardware: Value, HWDetail: "stbcx.: no reservation exists, so nothing is stored and CR0 = 0b00 ‖ 0 ‖ SO; the others: the EA is not a multiple of the size, an alignment interrupt (row stcx-unaligned)",
		QEMU: Value, QDetail: "QEMU 7.2 keeps 2^64-1 as its reservation address when there is none, so this EA matches it and the store (an atomic compare-and-swap at EA) is attempted: SIGSEGV at 0xffffffffffffffff for stbcx. and stqcx., SIGBUS for sthcx., stwcx., stdcx. (any other EA without a reservation just fails: 0xfffffffffffffffe does)",
		Source: "Power ISA 3.1B Book II 4.6.2; QEMU 7.2 harness (emulate/testdata/qemu/atomic.*.txt, the *_noresv_* lines); found by FuzzDifferential (oracle/testdata/fuzz/FuzzDifferential/stbcx-ea-all-ones)",
	},
	diffResvOwnStore: {
		ID:       "resv-own-store",
		What:     "a store other than stcx. by the reserving processor to the reservation granule",
		Hardware: Value, HWDetail: "the reservation is kept: the ISA's events that clear a reservation are a stcx. and stores by other processors or mechanisms; a debugger clears Context.Resv",
		QEMU: Value, QDetail: "the reservation is kept; not measurable with the single-instruction harness",
		Source: "Power ISA 3.1B Book II 4.6.2",
	},
	diffBcctrDecrement: {
		ID:       "bcctr-decrement",
		What:     "bcctr[l] with BO[2]=0 (decrement CTR and branch to it): an invalid form",
		Hardware: Value, HWDetail: "not illegal: test-then-decrement, as QEMU reads the server user manuals: the CTR test uses CTR before the decrement; " +
			"if the CTR and CR tests pass CTR is decremented and the branch goes to the old CTR & ~3 (Linux's count-cache flush uses 0x4c400420, bcctr 2,0,0); " +
			"whether CTR is also decremented when the CTR test fails is not stated: the emulator leaves it unchanged, as QEMU",
		QEMU: Value, QDetail: "tests the CTR before the decrement (its low word in 32-bit mode): if it fails BO[3] (≠0 for BO[3]=0, =0 for BO[3]=1) falls through leaving CTR unchanged; otherwise decrements CTR, then tests the CR condition and branches to the old CTR (low two bits cleared)",
		Source: "QEMU's gen_bcond comment citing the server user manuals; Linux `PPC_INST_BCCTR_FLUSH` (HW-stated); " +
			"QEMU 7.2 harness (bcctr 16,0,0 with CTR=0 falls through, CTR=1 branches to 0 with CTR=0; bcctr 18,0,0 with CTR=0 branches to 0 with CTR=-1)",
	},
	diffSyncFields: {
		ID:       "sync-fields",
		What:     "sync with L ≥ 4 or SC ≠ 0 (the ISA 3.1 persistent-storage and store-synchronisation variants and reserved values)",
		Hardware: Ignore, HWDetail: "a barrier: no-op for a single thread",
		QEMU: Illegal, QDetail: "illegal instruction (SIGILL code 1) unless SC = 0 and L ≤ 3 (QEMU 7.2 harness)",
		Source: "Power ISA 3.1B Book II 4.6.3; QEMU 7.2 harness (emulate/testdata/qemu/cache.*.txt); shared/reference/qemu-oracle.md pitfall 14",
	},
	diffDcbfL: {
		ID:       "dcbf-l",
		What:     "dcbf with L = 2..7 (3 dcbflp, 4 dcbfps, 6 dcbstps; 2, 5, 7 reserved)",
		Hardware: Value, HWDetail: "L = 3, 4, 6: an address-checked no-op like L = 0; the reserved values 2, 5, 7: accepted and ignored (a plain dcbf)",
		QEMU: Illegal, QDetail: "illegal instruction (SIGILL code 1) for every L ≥ 2 (QEMU 7.2 harness)",
		Source: "Valgrind commit `3b1a1279` (2024, \"match the real hardware\") (HW-stated, reserved L); " +
			"Power ISA 3.1B Book II 4.3.2; QEMU 7.2 harness (emulate/testdata/qemu/cache.*.txt)",
	},
	diffCopyPaste: {
		ID:       "copy-paste",
		What:     "copy, paste., cpabort (copy-paste facility)",
		Hardware: Value, HWDetail: "POWER10 (Config.Level): copy loads the 128-byte block at EA into the Emulator's copy buffer (Context.Copy); paste. stores it to the block at EA and sets CR0 = 0b001 ‖ XER[SO] when a copy filled it since the last paste. or cpabort, else stores nothing and sets CR0 = 0b000 ‖ XER[SO] (the ISA 3.1 paste. pseudocode: 0b001 ‖ XER[SO] when the paste succeeds, 0b000 ‖ XER[SO] after a copy-paste sequence error, translation conflict or data-transfer problem); paste. and cpabort empty the buffer. " +
			"Not emulated (ErrNotEmulated): an EA that is not a multiple of 128, paste. with L = 0, and every copy-paste op at POWER9 (no source). A paste to an accelerator's address is a plain store here (a Memory decides what it means)",
		QEMU: Value, QDetail: "copy and paste. are illegal instructions in problem state (SIGILL code 1); cpabort is a no-op (QEMU 7.2 harness)",
		Source: "shared/reference/power9-behaviour.md (copy/paste row: Valgrind none/tests/ppc64/test_copy_paste.c on POWER10, HW-measured: the block is copied, success is a non-zero CR0, paste. with no copy gives CR0 = 0); Linux arch/powerpc vas_paste and its selftests (success = CR0 EQ alone, SO masked); Power ISA 3.1B Book II 4.4.4 (paste. pseudocode as reproduced at instructionsets.com/powerisa/paste_); QEMU 7.2 harness (emulate/testdata/qemu/cache.*.txt)",
	},
	diffMfocrfFxm: {
		ID:       "mfocrf-fxm",
		What:     "mfocrf with FXM not one-hot (several bits set, or none): the ISA leaves RT undefined",
		Hardware: Value, HWDetail: "only the first (most significant) selected CR field is copied, in its position; the rest of RT is 0; FXM=0 selects CR7",
		QEMU: Value, QDetail: "RT unchanged",
		Source: "shared/reference/power9-behaviour.md; QEMU 7.2 harness (mfocrf with FXM=0xc0 and FXM=0 leave RT unchanged)",
	},
	diffMtocrfFxm: {
		ID:       "mtocrf-fxm",
		What:     "mtocrf with FXM not one-hot (several bits set, or none): the ISA leaves the CR undefined",
		Hardware: Value, HWDetail: "only the first (most significant) selected field is written; FXM=0 writes CR7",
		QEMU: Value, QDetail: "CR unchanged (power9-behaviour.md says \"like mtcrf\", but QEMU 7.2 user mode writes nothing: harness, mtocrf with FXM=0xc0, 0x05 and 0)",
		Source: "shared/reference/power9-behaviour.md; QEMU 7.2 harness",
	},
	diffStfsTiny: {
		ID: "stfs-tiny",
		What: "stfs, stfsu, stfsx, stfsux, pstfs, stxssp, stxsspx, pstxssp of a non-zero value too small for a " +
			"single-precision denormal (biased exponent < 874, double denormals included): the ISA's SINGLE " +
			"leaves the stored word undefined",
		Hardware: Value, HWDetail: "a zero of the operand's sign (0x0010000000000001 stores 0x00000000, 0x8010000000000001 stores 0x80000000; " +
			"only biased exponent 1 was sampled, the other exponents below 874 are assumed to behave alike)",
		QEMU: Value, QDetail: "a zero of the operand's sign (measured with the harness, both byte orders: " +
			"0x3690000000000000, 0x0000000000000001 and 0x0010000000000000 store 0x00000000, 0xb69fffffffffffff stores 0x80000000)",
		Source: "Valgrind `none/tests/ppc64/jm-fp.stdout.exp` (run on the host CPU) (HW-measured); " +
			"Power ISA 3.1B Book I 4.6.3 (SINGLE: \"else WORD ← undefined\"); emulate/testdata/qemu/fpls.*.txt",
	},
	diffFPTrap: {
		ID:       "fp-enabled-trap",
		What:     "an enabled floating-point exception (FPSCR enable bit set) with MSR[FE0,FE1] = 0 (ignore-exceptions mode, the Linux default)",
		Hardware: Value, HWDetail: "no interrupt: FPSCR[FEX] is set and the target is handled as for an enabled exception",
		QEMU: Value, QDetail: "always the FP-enabled program interrupt (SIGFPE): QEMU user mode ignores MSR[FE0,FE1] (qemu-oracle.md pitfall 6); " +
			"also for mtfsf/mtfsfi/mtfsb1 that leave an enabled exception pending, whatever bit mtfsb1 sets (pitfall 15)",
		Source: "Power ISA 3.1B Book I 4.4 and Book III 7.5.9; shared/reference/qemu-oracle.md; " + fpQEMUSource,
	},
	diffFPNI: {
		ID:       "fpscr-ni",
		What:     "FPSCR[NI] = 1 (non-IEEE mode: results are implementation-dependent); mtfsb1 of NI",
		Hardware: HardwareStep, HWDetail: "the arithmetic, rounding and conversion ops are not emulated while NI = 1: let the CPU decide; mtfsb1 sets NI",
		QEMU: Value, QDetail: "NI has no effect on arithmetic (IEEE results); mtfsb1 of NI (bit 61) leaves it 0 (harness), mtfsf can set it",
		Source: "Power ISA 3.1B Book I 4.4 (non-IEEE mode); " + fpQEMUSource,
	},
	diffFPDW1: {
		ID:       "fpr-dw1",
		What:     "doubleword 1 of the VSR of an FPR written by a scalar FP instruction (undefined)",
		Hardware: Value, HWDetail: "0 (assumed as QEMU; ISA 3.1 POWER10 scalar ops: undefined)",
		QEMU: Value, QDetail: "0 (qemu-oracle.md pitfall 13)",
		Source: "Power ISA 3.1B Book I 4.3; shared/reference/qemu-oracle.md pitfall 13",
	},
	diffFPEstimate: {
		ID:       "fp-estimate",
		What:     "fre, fres, frsqrte, frsqrtes: the estimate (the ISA only bounds its error)",
		Hardware: HardwareStep, HWDetail: "implementation-specific estimate tables: not known",
		QEMU: Value, QDetail: "a correctly rounded double 1/x (fre) or 1/sqrt(x) computed as two roundings (sqrt, then divide); " +
			"fres, frsqrtes round that double once more to single; fre of ±0 gives ±0.5 with ZX (harness)",
		Source: "Power ISA 3.1B Book I 4.6.7; shared/reference/qemu-oracle.md pitfall 8; " + fpQEMUSource,
		Runner: "QEMU 7.2's value: the reciprocal (reciprocal square root) rounded to the target format, whose relative error is within any estimate bound the ISA states (it bounds only the error: Power ISA 3.1B Book I 4.6.7 and 7.6); the same value for xsredp, xsresp, xvredp, xvresp, xsrsqrtedp, xsrsqrtesp, xvrsqrtedp, xvrsqrtesp. No hardware source shows POWER9/10's own values. fre/fres of ±0 give ±∞ with ZX as the ISA says and POWER hardware does (Valgrind jm-fp.stdout.exp-LE2: fres 0000000000000000 => 7ff0000000000000), not QEMU's ±0.5",
	},
	diffFPFXEvery: {
		ID:       "fp-fx-every-exception",
		What:     "FPSCR[FX] when an FP instruction (scalar, VSX scalar and vector, DFP, MMA) raises only exception bits that were already set, with FX = 0",
		Hardware: Value, HWDetail: "FX unchanged: the ISA sets FX only when an exception bit changes from 0 to 1 (Microwatt, measured on POWER9: FX is set whenever an individual VX* bit goes 0→1)",
		QEMU: Value, QDetail: "FX set, and CR1 of a record form copies it (QEMU 7.2 sets FX with every exception it raises: fadd inexact with FPSCR 02000000 gives 82024000; likewise its DFP, VSX and MMA helpers)",
		Source: "Power ISA 3.1B Book I 4.2.2 (FX); Microwatt commit `8a204f10` (HW-measured); QEMU 7.2 via the harness (trace package divergence for the scalar ops; ppc64emu oracle campaigns on the VSX, DFP and MMA ops)",
	},
	diffFCTI: {
		ID:       "fcti-undefined",
		What:     "fctiw[u][z] and fctid[u][z]: FPSCR[FPRF] (undefined) and, for the word forms, FRT bits 0:31 (undefined)",
		Hardware: Value, HWDetail: "FPRF = 0 (all five bits) whenever FRT is written, also for NaN and out-of-range operands with VE=0; " +
			"word forms: FRT bits 0:31 are a copy of bits 32:63 (fctiw(1.0) = 0x00000001_00000001, fctiw(NaN) = 0x80000000_80000000, " +
			"fctiwu(4e9) = 0xEE6B2800_EE6B2800)",
		QEMU: Value, QDetail: "FPRF unchanged, except 0x11 after an invalid conversion with VE=0; FRT bits 0:31 are the sign extension " +
			"of the 32-bit result (fctiw[z] of −2.0 gives 0xFFFFFFFFFFFFFFFE, of −∞ 0xFFFFFFFF80000000) except for a NaN " +
			"operand: 0x0000000080000000; zero extension for fctiwu[z]",
		Source: "Microwatt commit `0e11f80f` (FPU fixes from random differential runs against POWER9, PR #457) (FPRF, HW-measured); " +
			"Microwatt commit `ca792f3b` (same PR) (FRT bits 0:31, HW-measured); Power ISA 3.1B Book I 4.6.7.2; " + fpQEMUSource,
	},
	diffMultipleLe: {
		ID:       "multiple-le",
		What:     "lmw, stmw, lswi, lswx, stswi, stswx in little-endian mode",
		Hardware: Value, HWDetail: "alignment interrupt (ISA: not supported in Little-Endian mode, the alignment error handler is invoked); Linux then emulates the instruction word by word in the process's byte order",
		QEMU: Value, QDetail: "QEMU 7.2 user mode aborts the process (\"Unknown exception 0x5\"); the emulator reports the alignment interrupt as on hardware",
		Source: "Power ISA 3.1B Book I 3.3.6/3.3.7; shared/reference/qemu-oracle.md pitfall 1; shared/reference/linux-sstep.md (Endianness)",
		Runner: "performed as Linux's alignment handler performs it (Linux 6.1 align.c fix_alignment → emulate_loadstore): each word in the process's little-endian order, a partial last string word filled in address order then converted (shared/reference/linux-sstep.md, Endianness)",
	},
	diffLmwUnaligned: {
		ID:       "lmw-unaligned",
		What:     "lmw, stmw with an effective address that is not a multiple of 4 (big-endian mode)",
		Hardware: HardwareStep, HWDetail: "ISA: alignment interrupt or boundedly undefined; POWER9/POWER10's choice is not documented: let the CPU decide",
		QEMU: Value, QDetail: "the words are accessed at the unaligned address (QEMU 7.2 harness: lmw/stmw at 0x50000002)",
		Source: "Power ISA 3.1B Book I 3.3.6; QEMU 7.2 harness (emulate/testdata/qemu/multiple.be.txt); Linux 6.1 arch/powerpc/lib/sstep.c emulate_loadstore (LOAD_MULTI, STORE_MULTI: no alignment check, each word through copy_mem_in/copy_mem_out, which split an unaligned word into aligned pieces) reached from align.c fix_alignment",
		Runner: "QEMU 7.2's: the words at the unaligned address, in order. A program sees the same on Linux whichever way POWER9/10 goes: if the CPU performs the access the words are those; if it takes the alignment interrupt, Linux's handler (fix_alignment → emulate_loadstore) moves each word from or to EA, EA+4, … itself",
	},
	diffLswxZero: {
		ID:       "lswx-zero",
		What:     "lswx with a byte count XER[57:63] of 0",
		Hardware: HardwareStep, HWDetail: "ISA: the contents of RT are undefined; the hardware's value is not documented",
		QEMU: Value, QDetail: "RT is left unchanged and nothing is accessed (QEMU 7.2 harness)",
		Source: "Power ISA 3.1B Book I 3.3.7; QEMU 7.2 harness (emulate/testdata/qemu/multiple.be.txt)",
	},
	diffLswxInvalid: {
		ID:       "lswx-invalid",
		What:     "lswx whose RA (≠0) or RB is among the registers loaded, or RT = RA = 0 (invalid forms that depend on XER's byte count)",
		Hardware: HardwareStep, HWDetail: "invalid form: not documented for POWER9/POWER10, let the CPU decide",
		QEMU: Illegal, QDetail: "illegal instruction (SIGILL, code 2) when RA≠0 or RB is among the registers loaded; RT = RA = 0 is executed as a valid form",
		Source: "Power ISA 3.1B Book I 3.3.7 (lswx); QEMU 7.2 harness (emulate/testdata/qemu/multiple.be.txt)",
	},
	diffLqUnaligned: {
		ID:       "lq-unaligned",
		What:     "lq, stq, plq, pstq with an effective address that is not a multiple of 16",
		Hardware: Value, HWDetail: "alignment interrupt (Fault with Alignment set); Linux's alignment handler then emulates the access with two doubleword accesses",
		QEMU: Value, QDetail: "the access is performed at the unaligned address (QEMU 7.2 user mode: lq at 0x50000001 loads, stq at 0x50000004 stores)",
		Source: "Power ISA 3.1B Book I 3.3.5 and Book III 7.5.8; QEMU 7.2 harness (emulate/testdata/qemu/quad.*.txt)",
		Runner: "the access is performed at the unaligned address, as Linux's alignment handler does for a user program (Linux 6.1 arch/powerpc/kernel/align.c fix_alignment: every load and store but larx/stcx. and copy/paste goes to emulate_loadstore; facts only)",
	},
	diffPlqLe: {
		ID:       "plq-le",
		What:     "plq, pstq in little-endian mode: which register of the pair holds the doubleword at the lower address",
		Hardware: Value, HWDetail: "defined by ISA 3.1: the even register of the pair holds the doubleword at EA, the odd one EA+8, whatever the byte order " +
			"(unlike lq/stq in LE; Linux's emulator swaps the doublewords as for lq/stq, which the ISA does not)",
		QEMU: Value, QDetail: "the same: RTp ↔ the byte-reversed doubleword at EA, RTp+1 ↔ the one at EA+8, unlike QEMU's lq/stq (QEMU 7.2 harness)",
		Source: "Power ISA 3.1 Book I, Load/Store Quadword: plq/pstq pseudocode (MEM(EA,16) ↔ RTp+1 ‖ RTp in little-endian mode) and text (the even register ↔ EA independent of the byte order), against lq/stq (the even register ↔ the byte-reversed doubleword at EA+8 in little-endian mode, also in ISA 3.0B), as reproduced at instructionsets.com/powerisa/plq and /lq; " +
			"QEMU and Microwatt agree; linuxppc issue #481 (ISA); QEMU 7.2 harness (emulate/testdata/qemu/quad.le.txt); shared/reference/linux-sstep.md 2.10",
	},
	diffDscrUser: {
		ID:       "dscr-user",
		What:     "mfspr/mtspr DSCR through its problem-state number 3",
		Hardware: Value, HWDetail: "reads or writes the DSCR (Power ISA 2.07 and later: SPR 3 is the problem-state DSCR; Linux enables or emulates the access); a write setting bits outside the defined fields (0x1FFFFFF) is not emulated (hardware result unknown)",
		QEMU: Value, QDetail: "SIGILL with ILL_PRVREG: QEMU 7.2 has no SPR 3 (the privileged-SPR outcome, ErrPrivileged)",
		Source: "Power ISA 3.1B Book II 4.4 (DSCR), binutils mfudscr; QEMU 7.2 harness (mfspr r3,3 gives st=ill code=06)",
	},
	diffSprUnknown: {
		ID:       "spr-unknown",
		What:     "mfspr/mtspr of a non-privileged SPR number (bit 0x10 clear) the emulator does not hold: not implemented by the CPU (ISA: illegal instruction, or a no-op for some numbers) or not part of regs.Regs",
		Hardware: HardwareStep, HWDetail: "not emulated: which numbers POWER9/POWER10 provide, and with what value, is not tabulated here",
		QEMU: Value, QDetail: "numbers QEMU 7.2 provides in user mode (measured: emulate/testdata/qemu-spr.txt) but regs.Regs does not hold: spr-hooked-qemu; every other number gives SIGILL with ILL_PRVREG, reported as ErrPrivileged (ErrIllegal in supervisor state); 808-811 are no-ops in both profiles",
		Source: "QEMU 7.2 harness scan of all 512 non-privileged numbers, mfspr and mtspr (go run ./internal/tools/qemusurvey -spr)",
	},
	diffSprHookedQEMU: {
		ID:       "spr-hooked-qemu",
		What:     "mfspr of an SPR in HookedSPRs (TM, CTRL, SPRG3, user PMU 768-782, EBB 800-806) when Config.SPR is nil or answers ok=false",
		Hardware: HardwareStep, HWDetail: "the value lives outside regs.Regs: not emulated without the hook",
		QEMU: Value, QDetail: "what QEMU 7.2 reads in a user process (measured): 0, except MMCR0 (779) = 0x80000000 (FC: counters frozen, so PMC1-6 stay 0); EBB SPRs 800-806: not emulated (QEMU aborts the process: \"Facility SPR 80x is unavailable\"). These are QEMU's values before any mtspr; a program that writes one needs the hook",
		Source: "QEMU 7.2 -cpu power10 via the harness: testdata/traces/sprhook.*.txt.gz (testdata/vectors/sprhook.txt); oracle/harness/harness.c (spr-ebb)",
	},
	diffMftbTbr: {
		ID:       "mftb-tbr",
		What:     "mftb with a TBR other than 268 (TB) or 269 (TBU): an invalid form",
		Hardware: HardwareStep, HWDetail: "not emulated: hardware result unknown",
		QEMU: Value, QDetail: "behaves as mfspr of that number (mftb r3,1 reads XER; numbers QEMU lacks give ILL_PRVREG)",
		Source: "Power ISA 3.1B Book II 6.2 (mftb); QEMU 7.2 harness (mftb r3,1 and r3,8)",
	},
	diffMtsprPpr: {
		ID:       "mtspr-ppr",
		What:     "mtspr PPR/PPR32 with a priority outside low/medium-low/medium, or with reserved bits set",
		Hardware: HardwareStep, HWDetail: "not emulated: whether the priority changes depends on privilege and implementation; reserved bits unknown",
		QEMU: Value, QDetail: "PPR: all 64 bits stored; PPR32 (898): QEMU 7.2 has no such SPR: mfspr and mtspr give ILL_PRVREG (ErrPrivileged)",
		Source: "Power ISA 3.1B Book II 3.1 (program priority); QEMU 7.2 harness (mfspr r3,898 gives st=ill code=06)",
	},
	diffVsxScalarDw1: {
		ID: "vsx-scalar-dw1",
		What: "doubleword 1 of the target of the X-form VSX scalar loads lxsdx, lxsspx, lxsiwax, lxsiwzx, " +
			"lxsibzx, lxsihzx",
		Hardware: Value, HWDetail: "0, as the ISA 3.1B pseudo-code of these instructions sets it " +
			"(VSR[XT].dword[1] ← 0x0000_0000_0000_0000)",
		QEMU: Value, QDetail: "unchanged (QEMU 7.2 writes doubleword 0 only; measured with the harness in both byte orders; " +
			"lxsd, lxssp and their prefixed forms do zero it)",
		Source: "Power ISA 3.1B Book I 7.6 (instruction pseudo-code); emulate/testdata/qemu/vecls.*.txt",
	},
	diffLveOtherBytes: {
		ID: "lve-other-bytes",
		What: "lvebx, lvehx, lvewx: the bytes of VRT outside the loaded element (the ISA: \"VRT ← undefined\" " +
			"before the element is placed)",
		Hardware: HardwareStep, HWDetail: "not documented for POWER9/POWER10: let the CPU decide",
		QEMU: Value, QDetail: "unchanged (measured with the harness in both byte orders)",
		Source: "Power ISA 3.1B Book I 6.7.2; emulate/testdata/qemu/vecls.*.txt",
		Runner: "unchanged, as QEMU 7.2 (the ISA allows any value; Valgrind's hardware files show different CPUs giving different bytes)",
	},
	diffBCDInvalid: {
		ID:       "bcd-invalid",
		What:     "a BCD instruction (bcdadd. …) whose VRT the ISA leaves undefined: an invalid operand (a sign code 0–9 or a digit above 9), bcdcfsq. overflow, bcdtrunc. with N < 0",
		Hardware: HardwareStep, HWDetail: "VRT is undefined: let the CPU decide",
		QEMU: Value, QDetail: "CR6 = SO; VRT: bcdadd./bcdsub. all ones, except for operands of different effective signs whose magnitude comparison from the most significant digit meets an invalid digit before a difference: +0 (preferred sign) and CR6 = EQ; " +
			"bcdcpsgn. with an invalid sign, bcds./bcdsr./bcdtrunc. with an invalid operand, bcdus./bcdutrunc. with an invalid digit, bcdcfsq. overflow (CR6 = GT or LT with SO): VRT unchanged; " +
			"the conversions (bcdcfn., bcdctn., bcdcfz., bcdctz., bcdctsq.) stop at the first invalid digit, keeping the digits converted before it",
		Source: "Power ISA 3.1B Book I 6.17; QEMU 7.2 golden traces testdata/traces/bcd*.txt.gz",
		Runner: "QEMU 7.2's values (QDetail): the ISA leaves VRT undefined and sets CR6 = SO, as QEMU does",
	},
	diffDFPEnabled: {
		ID:       "dfp-enabled",
		What:     "a DFP instruction raising an exception whose FPSCR enable bit is set",
		Hardware: Value, HWDetail: "as the ISA says: FEX set; invalid-operation and zero-divide leave the target unchanged, overflow and underflow give the exponent-adjusted result (±576 Long, ±9216 Extended); the program interrupt when MSR[FE0,FE1] ≠ 0",
		QEMU: Value, QDetail: "FEX set, but the instruction completes as with the enable off: the default result is written (a QNaN, ±∞, the denormalised result), FPRF set, no interrupt (unlike QEMU's binary FP, which always traps)",
		Source: "Power ISA 3.1B Book I 5.5.10; QEMU 7.2 golden traces testdata/traces/d*.txt.gz (ddiv of an SNaN with VE = 1 gives a QNaN and FEX)",
	},
	diffDenbcdInvalid: {
		ID:       "denbcd-invalid",
		What:     "denbcd[q] of an operand with a nibble above 9 or (S = 1) a sign code 0–9",
		Hardware: Value, HWDetail: "as the ISA says: VXCVI, the default QNaN (FPRF QNaN), FR and FI unchanged",
		QEMU: Value, QDetail: "with VE = 0 (VE = 1: denbcd-invalid-ve): the default QNaN; FX (even when already set), VX and VXCVI; FEX set when FPSCR[RN] or FPSCR[NI] is not 0, whatever VE (QEMU tests the bit number of VE, 7, as a mask); FPRF, FR and FI unchanged; no interrupt. A string whose only fault is a digit nibble 0xA: see denbcd-digit-a",
		Source: "Power ISA 3.1B Book I 5.6.8; QEMU 7.2 golden traces testdata/traces/denbcd*.txt.gz and dfp.*.txt.gz (testdata/vectors/dfp.txt)",
	},
	diffDenbcdInvalidVE: {
		ID:       "denbcd-invalid-ve",
		What:     "denbcd[q] of an invalid BCD string (denbcd-invalid) with FPSCR[VE] = 1",
		Hardware: Value, HWDetail: "as the ISA says: VXCVI and FX set, FRT unchanged (enabled invalid operation), the program interrupt when MSR[FE0,FE1] ≠ 0",
		QEMU: HardwareStep, QDetail: "not modelled: QEMU 7.2 writes an uninitialised local to FRT (the harness saw 0 and a host heap address for the same operand, depending on the instructions run before: mkgolden drops these as order-dependent); FPSCR as for VE = 0",
		Source: "QEMU 7.2 via the harness (mkgolden -in testdata/vectors/dfp.txt, forward and reverse runs); golden traces testdata/traces/denbcd*.txt.gz",
	},
	diffDenbcdDigitTen: {
		ID:       "denbcd-digit-a",
		What:     "denbcd[q] of a BCD string whose only invalid nibbles are digits 0xA",
		Hardware: Value, HWDetail: "as the ISA says: VXCVI, the default QNaN (denbcd-invalid)",
		QEMU: Value, QDetail: "no exception: 0xA is a digit worth ten (QEMU's test is \"above 10\"); the digits are summed in three-digit groups from the right (decNumber units), each group value encoded as one declet, a 16th digit of ten (denbcd, S = 0) giving the leading digit 8; FPRF of the result, FR and FI unchanged. Groups summing above 999: denbcd-digit-a-over",
		Source: "QEMU 7.2 target/ppc/dfp_helper.c (DFP_HELPER_ENBCD) and libdecnumber (decNumberSetBCD, decimal64/128FromNumber); golden traces testdata/traces/denbcd*.txt.gz and dfp.*.txt.gz (testdata/vectors/dfp.txt)",
	},
	diffDenbcdDigitTenOver: {
		ID:       "denbcd-digit-a-over",
		What:     "denbcd[q] of a BCD string with digits 0xA where a three-digit group sums above 999 (e.g. A99)",
		Hardware: Value, HWDetail: "as the ISA says: VXCVI, the default QNaN (denbcd-invalid)",
		QEMU: HardwareStep, QDetail: "not modelled: QEMU's DPD encoder indexes past its 1000-entry table (the bytes after it in QEMU's binary); mkgolden dropped some such vectors as order-dependent",
		Source: "QEMU 7.2 target/ppc/dfp_helper.c (DFP_HELPER_ENBCD), libdecnumber decDigitsToDPD",
	},
	diffBCDReservedVMX: {
		ID:       "bcd-reserved-vmx",
		What:     "bcdus., bcdutrunc. or bcdctsq. with reserved bit 22 set (the PS bit of the BCD ops that have one)",
		Hardware: Ignore, HWDetail: "as reserved-bits: the bit is ignored and the BCD op executes",
		QEMU: Value, QDetail: "QEMU chooses between the VMX op and the BCD op of an opcode pair by Rc alone, and bit 22 changes the pair: bcdus. runs as vsubuws and bcdutrunc. as vsubshs (Rc ignored: VRT, VSCR[SAT], no CR6); bcdctsq. runs as itself (its new pair's BCD half dispatches on VRA like its own). The qemuLegality table's \"ignored\" for these bits only means that QEMU raises no SIGILL",
		Source: "QEMU 7.2 golden traces testdata/traces/bcdus..*.txt.gz, bcdutrunc..*.txt.gz, bcdctsq..*.txt.gz (the -rsv vectors); emulate/testdata/qemu-legality.txt",
	},
	diffDSCLISpecial: {
		ID:       "dscli-special",
		What:     "dscli[q]/dscri[q] of an infinity or a NaN",
		Hardware: HardwareStep, HWDetail: "not documented for these operands (the ISA describes the shift of a finite significand): let the CPU decide",
		QEMU: Value, QDetail: "shift by SH ≤ p digits: the operand decoded with an infinity's coefficient 0 and a NaN's p−1-digit payload, shifted within p−1 digits, encoded canonically (sign, class and the SNaN bit kept); SH > p: sign, combination and exponent continuation kept, coefficient continuation 0",
		Source: "QEMU 7.2 target/ppc/dfp_helper.c (DFP_HELPER_SHIFT); golden traces testdata/traces/dscli*.txt.gz, dscri*.txt.gz and dfp.*.txt.gz (testdata/vectors/dfp.txt)",
		Runner: "QEMU 7.2's value for SH ≤ p; for SH > p the canonical encoding with a zero payload (exponent continuation 0), which POWER hardware gives for an SNaN (Valgrind test_dfp2.stdout.exp: \"dscri 7e34000000000111 0000000000000000 >> 63   ==> 7e00000000000000\", where QEMU keeps 7e34…); infinities assumed the same",
	},
	diffDCTFixQQRange: {
		ID:       "dctfixqq-range",
		What:     "dctfixqq of a finite value whose rounded magnitude is 2^127 or more (more than 2^127 for a negative value) but less than 2^128",
		Hardware: Value, HWDetail: "as the ISA says: out of the signed 128-bit range, so VXCVI and the most positive (negative) integer, 0x7fff…ffff (0x8000…0000)",
		QEMU: Value, QDetail: "no exception; the magnitude modulo 2^128, negated for a negative value (its range check refuses only magnitudes that overflow 128 unsigned bits)",
		Source: "Power ISA 3.1B Book I 5.6.6 (dctfixqq); QEMU 7.2 libdecnumber decNumberIntegralToInt128 (read for semantics); QEMU 7.2 via the harness: ppc64emu oracle -ops dctfixqq -n 50 -seed 30 (dctfixqq of 1.7263966166652249226666539709861E+38 gives 81e1307c7805869759caaba1a4a18080, FPSCR unchanged)",
	},
	diffDFPNaNNarrow: {
		ID:       "dfp-nan-narrow",
		What:     "drsp/drdpq of a NaN whose payload has more digits than the narrower format's p−1 trailing digits hold",
		Hardware: Value, HWDetail: "the payload's trailing p−1 digits are kept (the low declets of the trailing significand field), with the sign and class; drsp keeps an SNaN, drdpq quiets it with VXSNAN as for any SNaN (HW-measured: drsp fe000000d0e0a0d0 gives 00000000fe00a0d0, drdpq fc00000000000000 c00100035b007700 gives fc0100035b007700)",
		QEMU: Value, QDetail: "a payload of more than p digits (p = 7 drsp, 16 drdpq) is cut to its last p digits and the NaN quieted without VXSNAN; a payload then of exactly p significant digits becomes 0; otherwise as any NaN operand (drsp keeps an SNaN, drdpq quiets it with VXSNAN)",
		Source: "Valgrind none/tests/ppc64/test_dfp2.stdout.exp (hardware, HW-measured); QEMU 7.2 target/ppc/dfp_helper.c (helper_drsp, helper_drdpq through libdecnumber decimal32/64FromNumber); golden traces testdata/traces/drsp*.txt.gz, drdpq*.txt.gz and dfp.*.txt.gz (testdata/vectors/dfp.txt)",
	},
	diffWait: {
		ID:       "wait",
		What:     "wait WC,PL in problem state: when the thread resumes",
		Hardware: HardwareStep, HWDetail: "the thread waits for an interrupt (WC = 0) and resumes after the instruction; POWER9 runs it in a Linux user program (Valgrind test_isa_3_0_other.stdout.exp-LE: \"wait   =>\", and the test runs on); how long it waits depends on the interrupts: let the CPU decide",
		QEMU: HardwareStep, QDetail: "not modelled: qemu-user 7.2 aborts the whole process (\"Unknown exception 0x10001\", the halt exception, with the Valgrind test)",
		Source: "Valgrind none/tests/ppc64/test_isa_3_0_other.stdout.exp-LE (hardware) and that test under qemu-ppc64le 7.2 -cpu power10 (scripts/valgrind-corpus.sh)",
		Runner: "a no-op: the program resumes at once, as it would after the next interrupt, which a user program does not see",
	},
	diffDrdpqPair: {
		ID:       "drdpq-pair",
		What:     "drdpq[.]: which register of the target pair FRTp receives the DFP Long result",
		Hardware: Value, HWDetail: "the even register (FRTp), the odd one becomes 0: drdpq of 2207c00000000000 0000000000000e50 gives 2234000000000e50 0000000000000000 (HW-measured; Valgrind's own emulation writes FRTp alone)",
		QEMU: Value, QDetail: "the odd register (FRTp+1), the even one becomes 0 (golden traces testdata/traces/drdpq*.txt.gz)",
		Source: "Valgrind none/tests/ppc64/test_dfp2.stdout.exp line \"drdpq 2207c00000000000 0000000000000e50 D128->D64 ==> 2234000000000e50 0000000000000000\" (hardware; the same file's dscli/dscri lines print FRT+1, which the last drdpq left 0) and VEX guest_ppc_toIR.c (drdpq: putDReg of frS); QEMU 7.2 via the harness. The ISA text of drdpq was not found in the search corpora",
	},
	diffBCDOverflowCR: {
		ID:       "bcd-overflow-cr6",
		What:     "bcds., bcdsr., bcdtrunc. that shift or truncate away non-zero digits and leave a zero result: CR6",
		Hardware: Value, HWDetail: "GT|SO, or LT|SO for a negative VRB: the sign of the operand, not EQ of the zero that remains (HW-measured, 400 lines)",
		QEMU: Value, QDetail: "EQ|SO from the zero result (golden traces testdata/traces/bcds.*, bcdtrunc.*)",
		Source: "Valgrind none/tests/ppc64/test_isa_3_0_other.stdout.exp-LE (hardware), e.g. \"bcds. p0 xa:0000000000000003 0000000000000000  xb:0030000000000000 000000000000000c  => (GT)(SO)\"; qemu-user 7.2 prints (EQ)(SO) for the same line",
	},
	diffBCDNegZero: {
		ID:       "bcd-negative-zero",
		What:     "bcdadd./bcdsub. whose operands have the same effective negative sign and a zero sum (−0 + −0)",
		Hardware: Value, HWDetail: "+0 with the preferred plus sign (C, or F with PS=1), CR6 = EQ (HW-measured)",
		QEMU: Value, QDetail: "−0 (sign code D); CR6 as the ISA's EQ (qemu-user 7.2 with Valgrind's test prints (LT)(EQ) there)",
		Source: "Valgrind none/tests/ppc64/test_isa_3_0_other.stdout.exp-LE (hardware): \"bcdadd. p0 xa:0000000000000000 000000000000000d ( - ) xb:0000000000000000 000000000000000d ( - ) => (EQ) (2) xt:0000000000000000 000000000000000c(+|0)\"; qemu-user 7.2 gives …000d",
	},
	diffVmul10ExtDigit: {
		ID:       "vmul10-extend-digit",
		What:     "vmul10euq, vmul10ecuq with an extend digit (VRB bits 124:127) above 9 (undefined in the ISA)",
		Hardware: Value, HWDetail: "the digit is added with its bits 1 and 2 cleared (d & 9): 12 adds 8, 13 and 15 add 9 (HW-measured for 12, 13, 15 on vmul10euq, 1,085 lines; 10, 11, 14 and vmul10ecuq's carry assumed the same)",
		QEMU: Value, QDetail: "the nibble is added as it is (golden traces testdata/traces/vmul10*)",
		Source: "Valgrind none/tests/ppc64/test_isa_3_0_other.stdout.exp-LE (hardware): \"vmul10euq  xa:0000000000000000 000000000000000c (+|0) xb:0000000000000000 000000000000000c (+|0) =>  (0) xt:0000000000000000 0000000000000080\" (0xc × 10 + 8); Power ISA 3.0B Book I 6.9.1 (vmul10euq)",
	},
	diffVMXIndex: {
		ID: "vmx-index-past-end",
		What: "VMX extract/insert with an element that reaches past byte 15 (vextract*/vinsert* UIM > 16-size, " +
			"vextu*[lr]x and vins*[lr]x index > 16-size, vextd*v[lr]x index > 32-size): result undefined",
		Hardware: HardwareStep, HWDetail: "not documented: let the CPU decide",
		QEMU: Value, QDetail: "vextract*: extracts from byte 0; every insert: VRT unchanged; vextd*v[lr]x: 0; " +
			"vextu*[lr]x: the register shifted arithmetically right by 8·index bits (right-indexed) or by " +
			"8·(16-size-index) mod 128 bits (left-indexed), low bytes kept",
		Source: "Power ISA 3.1B Book I 6.8; " + vmxQEMUSource,
		Runner: "QEMU 7.2's value (QDetail): the ISA leaves the result undefined",
	},
	diffVMXDivide: {
		ID: "vmx-divide-undefined",
		What: "vdiv*/vdive*/vmod* elements with a zero divisor, most-negative ÷ -1, or an extended quotient that " +
			"does not fit (undefined)",
		Hardware: Value, HWDetail: "0 for each undefined element (HW-measured on POWER10 for vdive{s,u}{w,d,q} quotients that do not fit, e.g. vdivesq 7f800000ff800000,ff8000007f800000 by ff8000007f800000,ff7ffffe7f7ffffe gives 0; a zero divisor and most-negative ÷ -1 assumed the same, as for the scalar divides: div-undefined)",
		QEMU: Value, QDetail: "the quotient truncated to the element; for a zero divisor or most-negative ÷ -1 the " +
			"dividend (0 for vdivesw/vdiveuw), remainder 0; vdiveuq/vdivesq whose quotient does not fit: not " +
			"emulated (an accepted divergence in package trace)",
		Source: "Power ISA 3.1B Book I 6.9.1; Valgrind none/tests/ppc64/test_isa_3_1_VRT.stdout.exp (POWER10 hardware; qemu-user 7.2 differs on 390 lines); " + vmxQEMUSource,
	},
	diffVMXGnbN: {
		ID:       "vmx-vgnb-n",
		What:     "vgnb with N < 2 (outside the ISA's 2-7)",
		Hardware: HardwareStep, HWDetail: "not documented: let the CPU decide",
		QEMU: Value, QDetail: "RT unchanged",
		Source: "Power ISA 3.1B Book I 6.9.6; " + vmxQEMUSource,
		Runner: "QEMU 7.2's: RT unchanged",
	},
	diffVMXVSCR: {
		ID:       "vmx-vscr-reserved",
		What:     "mtvscr with VSCR's reserved bits (other than NJ and SAT) set",
		Hardware: HardwareStep, HWDetail: "not documented: let the CPU decide",
		QEMU: Value, QDetail: "all 32 bits are kept and mfvscr reads them back",
		Source: "Power ISA 3.1B Book I 6.3; " + vmxQEMUSource,
		Runner: "QEMU 7.2's: all 32 bits kept",
	},
	diffVMXEstimate: {
		ID:       "vmx-fp-estimate",
		What:     "vrefp, vrsqrtefp, vexptefp, vlogefp: estimates whose exact values the ISA leaves to the implementation",
		Hardware: HardwareStep, HWDetail: "no public algorithm (about 2^-15 relative error; samples in power9-behaviour.md)",
		QEMU: Value, QDetail: "1/x and 1/sqrt(x) correctly rounded (sqrt rounded first), 2^x as a 15-term Taylor " +
			"series in 64-bit truncated arithmetic, log2 digit by digit (softfloat's float32_exp2/float32_log2); " +
			"within the ISA's error bounds on the table's hardware inputs except vexptefp of large negative x " +
			"(vexptefp(-128) = 0xDBC0CCE3, hardware 0x00200000; internal/vec TestEstimatesWithinISABound)",
		Source: "Valgrind `none/tests/ppc64/subnormal_test.stdout.exp` (IBM POWER8/9, 2019) (HW-measured values; no model); " +
			"shared/reference/power9-behaviour.md (second table); " + vmxQEMUSource,
		Runner: "QEMU 7.2's value for vrefp, vrsqrtefp and vlogefp: within the ISA's error bounds on the measured hardware inputs (QDetail); vexptefp: 2^x correctly rounded to binary32 (denormal, or +0 under VSCR[NJ], for tiny results), which gives the hardware's values where Valgrind shows them (jm-vmx.stdout.exp: vexptefp of d13fffff → 00000000, where QEMU gives ff800000; subnormal_test: vexptefp(-128) → 00200000) and lies within the bound everywhere, where QEMU's series does not for large |x|",
	},
	diffVMXNJUnknown: {
		ID: "vmx-nj-unmeasured",
		What: "VSCR[NJ]=1 cases the hardware survey does not cover: a result that rounds up to 2^-126 from below, " +
			"vrfip/vrfim of a denormal",
		Hardware: HardwareStep, HWDetail: "not measured: let the CPU decide",
		QEMU: Value, QDetail: "the result is flushed to zero (tiny before rounding); the denormal source is a zero",
		Source: "shared/reference/power9-behaviour.md (second table: round-up boundary not covered); " + vmxQEMUSource,
		Runner: "QEMU 7.2's (QDetail): a flushed zero, which non-Java mode allows",
	},
	diffVSXSPTwice: {
		ID:       "vsx-sp-double-rounding",
		What:     "xsaddsp, xssubsp, xsmulsp, xsdivsp, xssqrtsp when the exact result, rounded to double precision, lands on a single-precision tie (or underflows in double precision)",
		Hardware: Value, HWDetail: "as the ISA says: the exact result rounded once to single precision",
		QEMU: Value, QDetail: "the result rounded to double precision, then to single (its helpers' r2sp: do_frsp after the double op), the exceptions of both roundings together (modelled with OE and UE disabled); its multiply-adds xs[n]m{add,sub}{a,m}sp round once, as the ISA says (modelling them with two roundings gave 1–2 disagreements per seed, once 0)",
		Source: "Power ISA 3.1B Book I 7.6 (xsaddsp: bfp_ROUND_TO_BFP32 of the exact sum); QEMU 7.2 via the harness: ppc64emu oracle -n 50 -seed 20261204 (xsaddsp-be-0025: bf784a5810000000 + 96294edb48c574ca gives bf784a5800000000, one rounding bf784a5820000000); oracle -n 300 -ops xsaddsp,…,xsnmsubmsp seeds 1, 2, 5, 6, 20261204: 0 disagree (3 with one rounding)",
	},
	diffVSXMoveDW1: {
		ID:       "vsx-move-dw1",
		What:     "mtvsrd, mtvsrwa, mtvsrwz: doubleword 1 of the target VSR (undefined)",
		Hardware: Value, HWDetail: "unchanged (assumed as QEMU, as for fpr-dw1: not measured on POWER9/POWER10)",
		QEMU: Value, QDetail: "unchanged (golden traces testdata/traces/mtvsr*.txt.gz)",
		Source: "Power ISA 3.1B Book I 7.6 (mtvsrd: doubleword 1 undefined); QEMU 7.2 -cpu power10 via the harness",
	},
	diffVSXUIM: {
		ID:       "vsx-uim-over-12",
		What:     "xxextractuw, xxinsertw with UIM > 12 (result undefined)",
		Hardware: HardwareStep, HWDetail: "not documented: let the CPU decide",
		QEMU: Value, QDetail: "the bytes wrap around the register (extract) or those past byte 15 are dropped (insert) (golden traces)",
		Source: "Power ISA 3.1B Book I 7.6; QEMU 7.2 -cpu power10 via the harness",
		Runner: "QEMU 7.2's value (QDetail): the ISA leaves the result undefined",
	},
	diffXXSpltIDPDen: {
		ID:       "xxspltidp-denormal",
		What:     "xxspltidp with a single-precision denormal IMM32 (result undefined)",
		Hardware: HardwareStep, HWDetail: "not documented: let the CPU decide",
		QEMU: Value, QDetail: "the denormal converted as lfs converts it (normalized double)",
		Source: "Power ISA 3.1B Book I 7.6 (xxspltidp); QEMU 7.2 -cpu power10 via the harness",
		Runner: "QEMU 7.2's value (QDetail): the ISA leaves the result undefined",
	},
	diffXSCvDPSPN: {
		ID:       "xscvdpspn-tiny",
		What:     "xscvdpspn of a non-zero value too small for a single-precision denormal (biased exponent < 874): the ISA's SINGLE leaves the word undefined",
		Hardware: HardwareStep, HWDetail: "not documented for POWER9/POWER10: let the CPU decide",
		QEMU: Value, QDetail: "a zero of the operand's sign in words 0 and 1 (the value QEMU gives stfs in the same case, stfs-tiny)",
		Source: "Power ISA 3.1B Book I 7.6 (xscvdpspn) and 4.6.3 (SINGLE); QEMU 7.2 -cpu power10 via the harness",
		Runner: "QEMU 7.2's: a signed zero, what the hardware stores for stfs of the same value (stfs-tiny)",
	},
	diffXSRQPIReserved: {
		ID:       "xsrqpi-rmc-reserved",
		What:     "xsrqpi[x], xsrqpxp with R=0 and RMC=1 or 2 (reserved rounding-mode encodings)",
		Hardware: HardwareStep, HWDetail: "RMC=2: rounds away from zero (HW-measured on POWER9: xsrqpi of 00007fffffffffff0000000000000000 with R=0 RMC=2 gives 3fff0000000000000000000000000000, of 80007fffffffffff0000000000000000 gives bfff0000000000000000000000000000; xsrqpxp agrees), computed without Complete too; RMC=1: the measured inputs cannot tell nearest from toward zero: let the CPU decide",
		QEMU: Value, QDetail: "rounds to nearest, ties to even (its rounding-mode variable keeps its initial value for these encodings; golden traces testdata/traces/xsrqpi*, xsrqpxp*)",
		Source: "Valgrind none/tests/ppc64/test_isa_3_0_altivec.stdout.exp-LE (POWER9 hardware); Power ISA 3.1B Book I 7.6 (xsrqpi, xsrqpxp); QEMU 7.2 -cpu power10 via the harness",
		Runner: "RMC=1: round to nearest, ties to even, as QEMU 7.2 (on every input of Valgrind's test POWER9 gives that result too)",
	},
	diffXSRQPXPTiny: {
		ID:       "xsrqpxp-tiny",
		What:     "xsrqpxp of a value below the smallest normal binary128 magnitude (2^-16382) with UE=0: how many significand bits the double-extended rounding keeps (with UE=1 the ISA defines it: exponent raised by 24576, 64 bits kept; QEMU agrees)",
		Hardware: HardwareStep, HWDetail: "not stated: the ISA rounds to a 64-bit significand but does not say whether a tiny value keeps 64 bits or only those down to 2^-16445 as an 80-bit format's denormal would: let the CPU decide",
		QEMU: Value, QDetail: "rounds through the x87 80-bit format: bits below 2^-16445 are rounded off, with underflow (UX) when that is inexact",
		Source: "Power ISA 3.1B Book I 7.6 (xsrqpxp); QEMU 7.2 -cpu power10 via the harness (golden traces testdata/traces/xsrqpxp*)",
		Runner: "QEMU 7.2's value (QDetail)",
	},
	diffXSRQPXPNaN: {
		ID:       "xsrqpxp-nan-payload",
		What:     "xsrqpxp of a NaN with payload bits beyond the 63 fraction bits of double-extended precision",
		Hardware: HardwareStep, HWDetail: "not stated in the ISA text available here: let the CPU decide",
		QEMU: Value, QDetail: "the payload is cut to its first 63 fraction bits (the NaN passes through the x87 80-bit format), quieted",
		Source: "Power ISA 3.1B Book I 7.6 (xsrqpxp); QEMU 7.2 -cpu power10 via the harness (golden traces testdata/traces/xsrqpxp*)",
		Runner: "QEMU 7.2's value (QDetail)",
	},
	diffVSXMaxNaNPair: {
		ID:       "vsx-maxnum-nan-pair",
		What:     "xsmaxdp, xsmindp, xvmax{dp,sp}, xvmin{dp,sp} with a quiet NaN in src1 and a signalling NaN in src2: which NaN is returned (VXSNAN is set either way)",
		Hardware: HardwareStep, HWDetail: "the ISA's NaN table for this pair was not available here (src1, or src2 quieted): let the CPU decide",
		QEMU: Value, QDetail: "src1, the quiet NaN, as it is (its NaN choice takes the first NaN operand)",
		Source: "Power ISA 3.1B Book I 7.6 (xsmaxdp and the vector forms); QEMU 7.2 -cpu power10 via the harness",
		Runner: "QEMU 7.2's: src1",
	},
	diffFPSingleOperand: {
		ID:       "fp-single-operand-enabled",
		What:     "fadds, fsubs, fmuls, fdivs, fsqrts, fmadds, fmsubs, fnmadds, fnmsubs (and record forms) with FPSCR OE=1 or UE=1 and an input not representable in single format",
		Hardware: HardwareStep, HWDetail: "ISA: undefined (the result in FRT and the FPSCR status bits are undefined): let the CPU decide. " +
			"With OE = UE = 0 (not this row) the hardware profile computes the exact result of the double inputs rounded once to single, as POWER hardware does (TestFPSingleNonSingleInputsHW). " +
			"The VSX scalar single ops (xsaddsp …) are not in this row: their ISA pseudocode reads any double (bfp_CONVERT_FROM_BFP64, then rounds to single), so they are defined and computed",
		QEMU: Value, QDetail: "computes the result as for single-format inputs: the exact result of the double inputs rounded once to single precision, with the enabled-exception exponent adjustment",
		Source: "Power ISA 2.03 Book I 4.3.5.1 (Single-Precision Operands: undefined for any input not in single format, whatever OE and UE; the narrowing to OE = 1 or UE = 1 is remembered from later versions, whose text was not found); " +
			"Valgrind none/tests/ppc64/jm-fp.stdout.exp (HW-measured, OE = UE = 0: fadds, fsubs, fmuls, fdivs, fmadds of non-single doubles give the once-rounded result, e.g. fdivs 0x0010000000000001 / 0x80100094e0000359 = 0xbfeffed640000000); " +
			"instructionsets.com/powerisa/xsaddsp (ISA 3.x pseudocode); QEMU 7.2 -cpu power10 via the harness (golden traces testdata/traces/f*s.*)",
		Runner: "QEMU 7.2's value (QDetail): the ISA leaves FRT and the status bits undefined",
	}, diffPnopAttn: {
		ID:       "pnop-attn-suffix",
		What:     "pnop (prefix 0x07000000) whose suffix has primary opcode 0 and bits 22:30 = 256, the attn (service processor attention, 0x00000200) pattern with bit 21 ignored",
		Hardware: HardwareStep, HWDetail: "not measured; Power ISA 3.1 restricts what may follow the pnop prefix (branches, context-synchronizing instructions and attn make the form invalid, as QEMU's decoder also encodes), whose text was not found here: let the CPU decide",
		QEMU: Illegal, QDetail: "SIGILL (ILL_ILLOPC), measured: every such suffix among about 45,000 random pnop vectors (19 of them; bit 21 either way, Rc either way) and no other suffix of primary opcode 0 or 1",
		Source: "QEMU 7.2 -cpu power10 via the harness: ppc64emu oracle -ops pnop -n 3000, seeds 1-4 (first seen in oracle -n 200 -seed 1203: pnop-le-0138, suffix 0x0142da01)",
	},

	diffXSTstDCSPNotSP: {
		ID:       "xststdcsp-not-sp",
		What:     "xststdcsp of a double that is not exactly representable in single precision (out of range, or with significand bits beyond single precision): bit 3 of CR field BF and of FPCC",
		Hardware: HardwareStep, HWDetail: "not confirmed from the ISA text available here: let the CPU decide",
		QEMU: Value, QDetail: "set to 1 when the value differs from its single-precision store-and-load image (stfs then lfs), else 0 (golden traces testdata/traces/xststdcsp*)",
		Source: "Power ISA 3.1B Book I 7.6 (xststdcsp); QEMU 7.2 -cpu power10 via the harness",
		Runner: "QEMU 7.2's value (QDetail)",
	},
	diffMMAAccVSR: {
		ID:       "mma-acc-vsr",
		What:     "MMA accumulators: the VSRs 4i…4i+3 of ACC[i] while it is primed (after xxmtacc, xxsetaccz or a GER op, before xxmfacc) are undefined; a GER op on an accumulator that is not primed",
		Hardware: Value, HWDetail: "modelled as QEMU: one copy of the state, in the VSRs (xxmtacc and xxmfacc move nothing). A program that primes, updates and then " +
			"deprimes (xxmfacc) before reading the VSRs reads the same values; an instruction naming those VSRs while the accumulator is primed is refused (mma-primed-vsr); a GER op on an accumulator that is not primed is not detected",
		QEMU: Value, QDetail: "the accumulator is the four VSRs: xxmtacc/xxmfacc are no-ops, xxsetaccz zeroes them, GER ops read and write them",
		Source: "Power ISA 3.1B Book I 7.2.1.2; QEMU 7.2 -cpu power10 via the harness (golden traces testdata/traces/xxmtacc.*, xv*ger*.*)",
	},
	diffMMAPrimedVSR: {
		ID:       "mma-primed-vsr",
		What:     "an instruction naming an FPR or VSR among 4i…4i+3 while ACC[i] is primed (Context.Primed: after xxmtacc, xxsetaccz or a GER op on ACC[i], before xxmfacc)",
		Hardware: HardwareStep, HWDetail: "the ISA leaves those VSRs undefined while the accumulator is primed (POWER10 holds the accumulator apart from them): let the CPU decide",
		QEMU: Value, QDetail: "executes on the VSRs, which hold the accumulator (mma-acc-vsr)",
		Source: "Power ISA 3.1B Book I 7.2.1.2; QEMU 7.2 -cpu power10 via the harness (golden traces testdata/traces/xxmtacc.*, xv*ger*.*)",
		Runner: "QEMU 7.2's: the instruction runs on the VSRs, which hold the accumulator (mma-acc-vsr), so a program that reads them while the accumulator is primed sees its values",
	},
	diffMMANegRound: {
		ID:       "mma-neg-round",
		What:     "xvf32ger/xvf64ger np and nn forms rounding toward +∞ or −∞ when the sum is inexact",
		Hardware: Value, HWDetail: "the ISA's pseudo-code: the sum rounded, then negated: −round(XA×XB ∓ ACC)",
		QEMU: Value, QDetail: "the negated sum rounded: round(−(XA×XB ∓ ACC)) (float_muladd_negate_result); exact results, zeros included, agree (−0 rounding to nearest, +0 toward −∞)",
		Source: "Power ISA 3.1B Book I 7.6.1.12 (xvf32gernp: r ← bfp_NEGATE(bfp_ROUND_TO_BFP32_DEFAULT(…))); QEMU 7.2 -cpu power10 via the harness: golden traces xvf32ger*, xvf64ger* and testdata/traces/mma.*.txt.gz (testdata/vectors/mma.txt)",
	},
	diffMMAF16Round: {
		ID:       "mma-f16-round",
		What:     "xvf16ger2 and xvbf16ger2 accumulating forms when the sum of the two products is inexact in binary32",
		Hardware: HardwareStep, HWDetail: "unmeasured: whether POWER10 rounds the product sum before adding the accumulator: let the CPU decide",
		QEMU: Value, QDetail: "two roundings: the product sum rounded to binary32, then ±sum ± ACC rounded again",
		Source: "QEMU 7.2 -cpu power10 via the harness: golden traces testdata/traces/*16ger2* and mma.*.txt.gz (testdata/vectors/mma.txt: 1 + 2^-24 + 2^-24 gives 1, where one rounding gives 1 + 2^-23); " +
			"Valgrind 3.19's test_isa_3_1_AT expected output (POWER10, little-endian) agrees with two roundings on all 168 of its xvf16ger2/xvbf16ger2 accumulating elements whose product sum is inexact, but one rounding gives the same value on each of them, so it does not settle the question (docs/valgrind.md)",
		Runner: "QEMU 7.2's two roundings (QDetail)",
	},
	diffMMAEnabled: {
		ID:       "mma-fp-enabled",
		What:     "a floating-point GER op with an enabled exception when the interrupt is taken (MSR[FE0,FE1] ≠ 0, or QEMU)",
		Hardware: HardwareStep, HWDetail: "which elements are written before the interrupt is not documented: let the CPU decide",
		QEMU: Value, QDetail: "the whole accumulator and FPSCR are updated, then SIGFPE for any enabled exception bit that is set (FEX), new or not; with OE (UE) set an overflowing (tiny) element is delivered with its exponent lowered (raised) by 1536 (binary64) or 192 (binary32), rounded once (QEMU's softfloat rebias), OX (UX) set and XX only if that rounding is inexact or the element overflowed; " +
			"for xvf16ger2*/xvbf16ger2* each of the two roundings (the sum of products to binary32 range and precision, then the accumulate) is rebiased by 192 (harness: oracle -ops xv[b]f16ger2*,pmxv[b]f16ger2* -n 100 seeds 24, 25: 0 disagree)",
		Source: "QEMU 7.2 target/ppc vsxger_excp (read for semantics); QEMU 7.2 via the harness: testdata/traces/mma.*.txt.gz (testdata/vectors/mma.txt: enabled XE, VE from an SNaN and from ∞×0, OE, UE and an already-sticky XX, each completing the update and raising SIGFPE)",
	},
}
