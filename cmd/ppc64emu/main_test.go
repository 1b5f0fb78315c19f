package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/regs"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ (review every change by hand against the ISA)")

// runArgs runs the program and returns its exit code and output.
func runArgs(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// checkOutput checks the exit code and that stdout and stderr contain the
// wanted strings.
func checkOutput(t *testing.T, args []string, code int, stdout, stderr string, wantCode int, wantOut, wantErr []string) {
	t.Helper()
	if code != wantCode {
		t.Errorf("ppc64emu %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, wantCode, stdout, stderr)
	}
	for _, s := range wantOut {
		if !strings.Contains(stdout, s) {
			t.Errorf("ppc64emu %s: stdout lacks %q:\n%s", strings.Join(args, " "), s, stdout)
		}
	}
	for _, s := range wantErr {
		if !strings.Contains(stderr, s) {
			t.Errorf("ppc64emu %s: stderr lacks %q:\n%s", strings.Join(args, " "), s, stderr)
		}
	}
	if wantCode == exitUsage && stdout != "" {
		t.Errorf("ppc64emu %s: usage error printed to stdout:\n%s", strings.Join(args, " "), stdout)
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		code    int
		out     []string // substrings of stdout
		err     []string // substrings of stderr
		noError bool     // stderr must be empty
	}{
		// The acceptance test of the foundation issue: tw 31,0,0 is the
		// unconditional trap.
		{name: "tw-always", args: []string{"7fe00008"},
			out: []string{"7fe00008", "trap", "op=tw", "class=trap", "level=POWER8", "trap=always", "to=31"}},
		{name: "tw-0x", args: []string{"0x7FE00008"}, out: []string{"trap", "trap=always"}},
		// -raw: the base mnemonic (objdump -M raw's tw 31,0,0 in ppc64asm's register syntax).
		{name: "tw-raw", args: []string{"-raw", "7fe00008"}, out: []string{"tw 31,r0,r0", "trap=always"}},
		// tw 4,r3,r4: TO = EQ only, different registers.
		{name: "tw-conditional", args: []string{"7c832008"},
			out: []string{"tweq r3,r4", "class=trap", "trap=conditional", "to=4"}},
		// tw 0,r0,r0 never fires; twi 31,r0,0 always does.
		{name: "tw-never", args: []string{"7c000008"}, out: []string{"trap=never to=0"}},
		{name: "twi-always", args: []string{"0fe00000"}, out: []string{"twui r0,0", "trap=always"}},
		// Bit 31 of tw is reserved.
		{name: "tw-reserved", args: []string{"7fe00009"}, out: []string{"trap=always", "invalid=reserved-bits"}},
		// pld r3,0(r4): 8LS prefix (type 0, R=0, d0=0), suffix opcode 57.
		{name: "pld", args: []string{"04000000:e4640000"},
			out: []string{"04000000:e4640000", "pld r3,0(r4)", "op=pld", "class=load", "level=POWER10", "flags=prefixed"}},
		{name: "add", args: []string{"7c642a14"}, out: []string{"add r3,r4,r5", "class=arith", "flags=-"}},
		{name: "add.", args: []string{"7c642a15"}, out: []string{"add. r3,r4,r5", "flags=record"}},
		// ldu r3,0(r3): load with update and RA = RT is an invalid form.
		{name: "ldu-invalid", args: []string{"e8630001"}, out: []string{"ldu r3,0(r3)", "flags=update", "invalid=invalid-form"}},
		{name: "several", args: []string{"7fe00008", "7c642a14"}, out: []string{"trap", "add r3,r4,r5"}},
		{name: "flags-after-words", args: []string{"7fe00008", "-json"}, out: []string{`"trap_kind":"always"`}},

		// -bytes: memory order, little-endian by default.
		{name: "bytes-le", args: []string{"-bytes", "0800e07f"}, out: []string{"7fe00008", "trap", "trap=always"}},
		{name: "bytes-be", args: []string{"-be", "-bytes", "7fe00008"}, out: []string{"trap"}},
		{name: "bytes-spaces", args: []string{"-bytes", "08 00 e0 7f 14 2a 64 7c"}, out: []string{"trap", "add r3,r4,r5"}},
		{name: "bytes-prefixed-le", args: []string{"-bytes", "000000040000 64e4"}, out: []string{"04000000:e4640000", "pld r3,0(r4)"}},

		// Words that do not decode: exit 1.
		{name: "unknown", args: []string{"00000000"}, code: exitFail,
			out: []string{"00000000", "error: decode: unknown instruction"}},
		{name: "unknown-among-good", args: []string{"7fe00008", "00000000"}, code: exitFail,
			out: []string{"trap", "error: decode: unknown instruction"}},
		{name: "prefix-alone", args: []string{"04000000"}, code: exitFail,
			out: []string{"truncated instruction", "PREFIX:SUFFIX"}},
		{name: "bytes-truncated", args: []string{"-bytes", "0800e0"}, code: exitFail, out: []string{"truncated"}},
		{name: "bytes-prefix-truncated", args: []string{"-bytes", "00000004"}, code: exitFail, out: []string{"truncated"}},

		// Usage errors: exit 2.
		{name: "no-words", args: nil, code: exitUsage, err: []string{"no instruction words"}},
		{name: "short-word", args: []string{"7fe0008"}, code: exitUsage, err: []string{`"7fe0008"`, "8 hex digits"}},
		{name: "long-word", args: []string{"17fe00008"}, code: exitUsage, err: []string{"8 hex digits"}},
		{name: "not-hex", args: []string{"7fe0000g"}, code: exitUsage, err: []string{"not hexadecimal"}},
		{name: "bad-suffix", args: []string{"04000000:e46400"}, code: exitUsage, err: []string{"suffix", "8 hex digits"}},
		{name: "suffix-on-non-prefix", args: []string{"7c642a14:00000000"}, code: exitUsage, err: []string{"not a prefix word"}},
		{name: "both-orders", args: []string{"-be", "-le", "7fe00008"}, code: exitUsage, err: []string{"mutually exclusive"}},
		{name: "bytes-and-words", args: []string{"-bytes", "0800e07f", "7fe00008"}, code: exitUsage, err: []string{"-bytes takes no WORD"}},
		{name: "bytes-odd", args: []string{"-bytes", "0800e07"}, code: exitUsage, err: []string{"odd number"}},
		{name: "bytes-not-hex", args: []string{"-bytes", "0800e0zz"}, code: exitUsage, err: []string{"not a hex digit"}},
		{name: "bytes-empty", args: []string{"-bytes", ""}, code: exitUsage, err: []string{"no bytes"}},
		{name: "bad-flag", args: []string{"-x", "7fe00008"}, code: exitUsage, err: []string{"flag provided but not defined: -x", "decode -h"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"decode"}, tc.args...)
			code, out, errOut := runArgs(args...)
			checkOutput(t, args, code, out, errOut, tc.code, tc.out, tc.err)
			if tc.code != exitUsage && errOut != "" {
				t.Errorf("unexpected stderr: %s", errOut)
			}
		})
	}
}

func TestDecodeJSON(t *testing.T) {
	type obj = map[string]any
	tests := []struct {
		args []string
		code int
		want []obj
	}{
		{args: []string{"7fe00008", "7c832008"}, want: []obj{
			{"word": "7fe00008", "text": "trap", "op": "tw", "class": "trap", "level": "POWER8",
				"flags": []any{}, "trap_kind": "always", "trap_to": 31.0, "invalid": []any{}},
			{"word": "7c832008", "text": "tweq r3,r4", "op": "tw", "class": "trap", "level": "POWER8",
				"flags": []any{}, "trap_kind": "conditional", "trap_to": 4.0, "invalid": []any{}},
		}},
		{args: []string{"04000000:e4640000", "e8630001"}, want: []obj{
			{"word": "04000000", "suffix": "e4640000", "text": "pld r3,0(r4)", "op": "pld", "class": "load",
				"level": "POWER10", "flags": []any{"prefixed"}, "invalid": []any{}},
			{"word": "e8630001", "text": "ldu r3,0(r3)", "op": "ldu", "class": "load",
				"level": "POWER8", "flags": []any{"update"}, "invalid": []any{"invalid-form"}},
		}},
		{args: []string{"00000000"}, code: exitFail, want: []obj{
			{"word": "00000000", "error": "decode: unknown instruction: 00000000"},
		}},
	}
	for _, tc := range tests {
		args := append([]string{"decode", "-json"}, tc.args...)
		code, out, errOut := runArgs(args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d (stderr %s)", args, code, tc.code, errOut)
		}
		var got []obj
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var o obj
			if err := json.Unmarshal([]byte(line), &o); err != nil {
				t.Fatalf("%v: line %q: %v", args, line, err)
			}
			got = append(got, o)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%v: JSON mismatch (-want +got):\n%s", args, diff)
		}
	}
}

// change is an expected register change.
type change = regChange

func TestStep(t *testing.T) {
	const nip0, nip4 = "0x40080000", "0x40080004"
	advance := change{nip0, nip4}
	tests := []struct {
		name    string
		args    []string
		code    int
		outcome string            // JSON outcome token
		detail  string            // substring of the detail
		regs    map[string]change // expected register changes, exactly
		mem     []memChange       // expected memory changes, exactly
		err     []string          // substrings of stderr (usage errors)
	}{
		// add r3,r4,r5: RT = (RA) + (RB).
		{name: "add", args: []string{"7c642a14", "r4=5", "r5=7"}, outcome: "emulated",
			regs: map[string]change{"r3": {"0x0", "0xc"}, "nip": advance}},
		// The sum is 64 bits in either mode; in 32-bit mode the high
		// half of the next instruction address is zero.
		{name: "add-32", args: []string{"-32", "7c642a14", "nip=fffffffc", "r4=ffffffff", "r5=1"}, outcome: "emulated",
			regs: map[string]change{"r3": {"0x0", "0x100000000"}, "nip": {"0xfffffffc", "0x0"}}},
		// tw 31,r0,r0 always traps; nothing changes.
		{name: "trap", args: []string{"7fe00008"}, code: exitFail, outcome: "trap", regs: map[string]change{}},
		// tw 4,r3,r4 traps when (r3) = (r4) as words.
		{name: "tw-eq-fires", args: []string{"7c832008", "r3=5", "r4=5"}, code: exitFail, outcome: "trap", regs: map[string]change{}},
		{name: "tw-eq-not", args: []string{"7c832008", "r3=5", "r4=6"}, outcome: "emulated", regs: map[string]change{"nip": advance}},
		// tw compares the low words only: 0x1_00000005 = 5.
		{name: "tw-eq-word", args: []string{"7c832008", "r3=100000005", "r4=5"}, code: exitFail, outcome: "trap", regs: map[string]change{}},
		// std r3,8(r4) into the scratch region, little-endian by default.
		{name: "std-scratch-le", args: []string{"f8640008", "r3=1122334455667788", "r4=50000000"}, outcome: "emulated",
			regs: map[string]change{"nip": advance},
			mem:  []memChange{{Addr: "0x50000008", Old: "0000000000000000", New: "8877665544332211"}}},
		// std r3,0(r4) into an m@ region, big-endian.
		{name: "std-region-be", args: []string{"-be", "f8640000", "r3=1122334455667788", "r4=60000000", "m@60000000=aaaaaaaaaaaaaaaaaa"},
			outcome: "emulated", regs: map[string]change{"nip": advance},
			mem: []memChange{{Addr: "0x60000000", Old: "aaaaaaaaaaaaaaaa", New: "1122334455667788"}}},
		// A store of the bytes already there is still shown.
		{name: "std-same", args: []string{"f8640000", "r4=60000000", "m@60000000=0000000000000000"},
			outcome: "emulated", regs: map[string]change{"nip": advance},
			mem: []memChange{{Addr: "0x60000000", Old: "0000000000000000", New: "0000000000000000"}}},
		// std to unmapped memory: a write fault, nothing changes.
		{name: "std-fault", args: []string{"f8640000", "r3=1", "r4=60000000"}, code: exitFail, outcome: "fault",
			detail: "fault at 0x60000000 (write, 8 bytes)", regs: map[string]change{}},
		// std running past the end of the scratch region faults.
		{name: "std-past-end", args: []string{"f8640000", "r3=1", "r4=50001ffc"}, code: exitFail, outcome: "fault",
			detail: "fault at 0x50002000 (write, 8 bytes at 0x50001ffc)", regs: map[string]change{}},
		// ...but not when an m@ region continues it.
		{name: "std-merged", args: []string{"f8640000", "r3=0102030405060708", "r4=50001ffc", "m@50002000=ffffffff"},
			outcome: "emulated", regs: map[string]change{"nip": advance},
			mem: []memChange{{Addr: "0x50001ffc", Old: "00000000ffffffff", New: "0807060504030201"}}},
		// The last bytes of the address space can be mapped (issue 17 item
		// 10: an exclusive end overflowed to 0 and refused them).
		{name: "ld-top", args: []string{"e8640000", "r4=fffffffffffffff8", "m@fffffffffffffff8=0102030405060708"}, outcome: "emulated",
			regs: map[string]change{"r3": {"0x0", "0x807060504030201"}, "nip": advance}},
		{name: "lbz-last-byte", args: []string{"88640000", "r4=ffffffffffffffff", "m@ffffffffffffffff=ab"}, outcome: "emulated",
			regs: map[string]change{"r3": {"0x0", "0xab"}, "nip": advance}},
		// Two regions that touch at the top merge.
		{name: "ld-top-merged", args: []string{"e8640000", "r4=fffffffffffffff8", "m@fffffffffffffff8=01020304", "m@fffffffffffffffc=05060708"}, outcome: "emulated",
			regs: map[string]change{"r3": {"0x0", "0x807060504030201"}, "nip": advance}},
		// ld r3,0(r4), little-endian.
		{name: "ld-le", args: []string{"e8640000", "r4=60000000", "m@60000000=0102030405060708"}, outcome: "emulated",
			regs: map[string]change{"r3": {"0x0", "0x807060504030201"}, "nip": advance}},
		// mfspr r3,22 (DEC) is privileged in problem state.
		{name: "privileged", args: []string{"7c7602a6"}, code: exitFail, outcome: "privileged", regs: map[string]change{}},
		// sc must never be single-stepped.
		{name: "sc", args: []string{"44000002"}, code: exitFail, outcome: "must-not-step", regs: map[string]change{}},
		{name: "unknown", args: []string{"00000000"}, code: exitFail, outcome: "illegal",
			detail: "unknown instruction", regs: map[string]change{}},
		{name: "prefix-alone", args: []string{"04000000"}, code: exitFail, outcome: "illegal",
			detail: "truncated", regs: map[string]change{}},
		// mtctr r3 then flags after the arguments.
		{name: "mtctr", args: []string{"7c6903a6", "r3=1234", "-be"}, outcome: "emulated",
			regs: map[string]change{"ctr": {"0x0", "0x1234"}, "nip": advance}},
		// b .+8 (48000008).
		{name: "branch", args: []string{"48000008"}, outcome: "emulated",
			regs: map[string]change{"nip": {nip0, "0x40080008"}}},

		// Usage errors.
		{name: "no-insn", args: nil, code: exitUsage, err: []string{"no instruction"}},
		{name: "bad-insn", args: []string{"7c642a1"}, code: exitUsage, err: []string{"8 hex digits"}},
		{name: "unknown-reg", args: []string{"7c642a14", "r32=1"}, code: exitUsage, err: []string{`unknown register "r32"`}},
		{name: "unknown-reg2", args: []string{"7c642a14", "foo=1"}, code: exitUsage, err: []string{`unknown register "foo"`}},
		{name: "readonly-reg", args: []string{"7c642a14", "dar=1"}, code: exitUsage, err: []string{`unknown register "dar"`}},
		{name: "bad-hex", args: []string{"7c642a14", "r4=xyz"}, code: exitUsage, err: []string{"not hexadecimal"}},
		{name: "empty-value", args: []string{"7c642a14", "r4="}, code: exitUsage, err: []string{"empty value"}},
		{name: "too-wide", args: []string{"7c642a14", "r4=11112222333344445"}, code: exitUsage, err: []string{"17 hex digits"}},
		{name: "cr-too-wide", args: []string{"7c642a14", "cr=123456789"}, code: exitUsage, err: []string{"32-bit"}},
		{name: "vs-length", args: []string{"7c642a14", "vs1=1234"}, code: exitUsage, err: []string{"exactly 32 hex digits"}},
		{name: "v-length", args: []string{"7c642a14", "v1=00112233445566778899aabbccddeeff00"}, code: exitUsage, err: []string{"exactly 32 hex digits"}},
		{name: "twice", args: []string{"7c642a14", "r4=1", "r4=2"}, code: exitUsage, err: []string{"assigned twice"}},
		{name: "no-equals", args: []string{"7c642a14", "r4"}, code: exitUsage, err: []string{"NAME=HEXVALUE"}},
		{name: "mem-odd", args: []string{"7c642a14", "m@60000000=123"}, code: exitUsage, err: []string{"odd number"}},
		{name: "mem-addr", args: []string{"7c642a14", "m@xyz=12"}, code: exitUsage, err: []string{"address"}},
		{name: "mem-wrap", args: []string{"7c642a14", "m@ffffffffffffffff=1234"}, code: exitUsage, err: []string{"end of the address space"}},
		{name: "bad-profile", args: []string{"-profile", "bochs", "7c642a14"}, code: exitUsage, err: []string{`unknown profile "bochs"`}},
		{name: "user-super", args: []string{"-user", "-super", "7c642a14"}, code: exitUsage, err: []string{"mutually exclusive"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"step", "-json"}, tc.args...)
			code, out, errOut := runArgs(args...)
			checkOutput(t, args, code, out, errOut, tc.code, nil, tc.err)
			if tc.code == exitUsage {
				return
			}
			var got struct {
				Outcome   string
				Detail    string
				Error     string
				Registers map[string]change
				Memory    []memChange
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out)
			}
			if got.Outcome != tc.outcome {
				t.Errorf("outcome %q, want %q (detail %q)", got.Outcome, tc.outcome, got.Detail)
			}
			if (got.Error == "") != (tc.outcome == "emulated") {
				t.Errorf("outcome %q with error %q", got.Outcome, got.Error)
			}
			if !strings.Contains(got.Detail, tc.detail) {
				t.Errorf("detail %q lacks %q", got.Detail, tc.detail)
			}
			if diff := cmp.Diff(tc.regs, got.Registers); diff != "" {
				t.Errorf("register changes (-want +got):\n%s", diff)
			}
			if tc.mem == nil {
				tc.mem = []memChange{}
			}
			if diff := cmp.Diff(tc.mem, got.Memory); diff != "" {
				t.Errorf("memory changes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAssign(t *testing.T) {
	m := newMachine(false, false, false)
	want := m.r
	if want.MSR != regs.MSRSF|regs.MSRPR|regs.MSRFP|regs.MSRVEC|regs.MSRVSX|regs.MSRLE {
		t.Errorf("default MSR %#x", want.MSR)
	}
	seen := map[string]bool{}
	for _, a := range []string{
		"r0=1", "R31=0xffffffffffffffff", "nip=10", "msr=8000000000000000", "ctr=2", "lr=3", "xer=20000000",
		"cr=80000000", "fpscr=4", "vscr=10000", "vrsave=ffffffff", "tar=5", "dscr=6", "ppr=7",
		"f1=3ff0000000000000", "vs2=00112233445566778899aabbccddeeff", "vs40=ffeeddccbbaa99887766554433221100",
		"v1=0x0123456789abcdef0123456789abcdef",
	} {
		if err := m.assign(a, seen); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	want.GPR[0], want.GPR[31] = 1, ^uint64(0)
	want.NIP, want.MSR, want.CTR, want.LR, want.XER = 0x10, regs.MSRSF, 2, 3, 0x20000000
	want.CR, want.FPSCR, want.VSCR, want.VRSAVE = 0x80000000, 4, 0x10000, 0xffffffff
	want.TAR, want.DSCR, want.PPR = 5, 6, 7
	want.VSR[1].Hi = 0x3ff0000000000000
	want.VSR[2] = regs.VSR{Hi: 0x0011223344556677, Lo: 0x8899aabbccddeeff}
	want.VSR[40] = regs.VSR{Hi: 0xffeeddccbbaa9988, Lo: 0x7766554433221100}
	want.VSR[33] = regs.VSR{Hi: 0x0123456789abcdef, Lo: 0x0123456789abcdef}
	if diff := cmp.Diff(want, m.r); diff != "" {
		t.Errorf("registers (-want +got):\n%s", diff)
	}
}

func TestMapBytes(t *testing.T) {
	m := newMachine(false, false, false)
	for _, a := range []string{
		"m@1000=0102", "m@1004=05", "m@1002=0304", // touching: merged into one
		"m@50000000=ff", "m@4ffffffe=eeee", // before the scratch region, touching
		"m@2000=aa", // separate
	} {
		if err := m.assign(a, map[string]bool{}); err != nil {
			t.Fatal(err)
		}
	}
	type region struct {
		Addr uint64
		Data string
	}
	var got []region
	for _, r := range m.mem {
		if !r.Writable {
			t.Errorf("region at %#x not writable", r.Addr)
		}
		d := r.Data
		if len(d) > 8 {
			d = d[:8]
		}
		got = append(got, region{r.Addr, hex.EncodeToString(d)})
	}
	want := []region{
		{0x1000, "0102030405"},
		{0x2000, "aa"},
		{0x4ffffffe, "eeeeff0000000000"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("regions (-want +got):\n%s", diff)
	}
	if n := len(m.mem[2].Data); n != 2+scratchSize {
		t.Errorf("merged scratch region has %d bytes, want %d", n, 2+scratchSize)
	}
}

func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		code int
		out  []string
		err  []string
	}{
		{args: []string{"-h"}, out: []string{"decode", "step", "Exit status", "2  usage error"}},
		{args: []string{"--help"}, out: []string{"Commands:"}},
		{args: []string{"help"}, out: []string{"Commands:"}},
		{args: []string{"help", "decode"}, out: []string{"-bytes HEX", "trap_kind"}},
		{args: []string{"help", "step"}, out: []string{"0x40080000", "0x50000000", "8 KiB", "SF|PR|FP|VEC|VSX|LE", "m@ADDR=BYTES"}},
		{args: []string{"help", "help"}, out: []string{"help [COMMAND]"}},
		{args: []string{"decode", "-h"}, out: []string{"Usage:", "decode"}},
		{args: []string{"step", "-help"}, out: []string{"Usage:", "step"}},
		{args: nil, code: exitUsage, err: []string{"Commands:"}},
		{args: []string{"frob"}, code: exitUsage, err: []string{`unknown command "frob"`}},
		{args: []string{"help", "frob"}, code: exitUsage, err: []string{`unknown command "frob"`}},
		{args: []string{"help", "a", "b"}, code: exitUsage, err: []string{"too many"}},
	}
	for _, tc := range tests {
		code, out, errOut := runArgs(tc.args...)
		checkOutput(t, tc.args, code, out, errOut, tc.code, tc.out, tc.err)
	}
}

// TestCommandsTable checks that every command handles -h.
func TestCommandsTable(t *testing.T) {
	for _, c := range commands {
		code, out, _ := runArgs(c.name, "-h")
		if c.name == "help" {
			code, out, _ = runArgs("help", "help")
		}
		if code != exitOK || !strings.Contains(out, "Usage") {
			t.Errorf("%s -h: exit %d, output %q", c.name, code, out)
		}
	}
}

// TestGolden compares the human-readable output with testdata/*.golden.
// Each golden file starts with the command line and ends with the exit
// status; every one was checked by hand against the Power ISA.
func TestGolden(t *testing.T) {
	runGolden(t, []goldenCase{
		{"decode_traps", []string{"decode", "7fe00008", "7c832008", "7c000008", "0fe0ffff", "7fe00009"}},
		{"decode_mixed", []string{"decode", "7c642a14", "04000000:e4640000", "e8630001", "00000000"}},
		{"decode_bytes", []string{"decode", "-bytes", "0800e07f000000040000 64e4"}},
		{"step_add", []string{"step", "7c642a14", "r4=5", "r5=7"}},
		{"step_trap", []string{"step", "7fe00008"}},
		{"step_std", []string{"step", "f8640008", "r3=1122334455667788", "r4=50000000"}},
		{"step_std_be", []string{"step", "-be", "f8640000", "r3=1122334455667788", "r4=60000000", "m@60000000=aaaaaaaaaaaaaaaa"}},
		{"step_fault", []string{"step", "e8640000", "r4=60000000"}},
		{"step_illegal", []string{"step", "00000000"}},
	})
}

// goldenCase is a command line and the golden file holding its output.
type goldenCase struct {
	file string
	args []string
}

// runGolden runs each case and compares its output and exit status with
// testdata/<file>.golden (rewritten with -update).
func runGolden(t *testing.T, tests []goldenCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			code, out, errOut := runArgs(tc.args...)
			if errOut != "" {
				t.Errorf("stderr: %s", errOut)
			}
			got := "$ ppc64emu " + strings.Join(tc.args, " ") + "\n" + out + "[exit " + string(rune('0'+code)) + "]\n"
			path := filepath.Join("testdata", tc.file+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
			}
		})
	}
}
