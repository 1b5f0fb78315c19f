package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// An image that writes "ok" to the Microwatt UART's transmit register
// (0xc0002000, microwatt_soc.h) and stops with attn.
func TestSystemMicrowatt(t *testing.T) {
	var img []byte
	add := func(op decode.Op, args ...int64) {
		w, _, err := decode.Encode(op, args...)
		if err != nil {
			t.Fatal(err)
		}
		img = binary.LittleEndian.AppendUint32(img, w)
	}
	add(ppc64asm.ADDI, 4, 0, 0)
	add(ppc64asm.ORIS, 4, 4, 0xc000)
	add(ppc64asm.ORI, 4, 4, 0x2000)
	for _, ch := range "ok" {
		add(ppc64asm.ADDI, 3, 0, int64(ch))
		add(ppc64asm.STB, 3, 0, 4)
	}
	img = binary.LittleEndian.AppendUint32(img, 0x00000200) // attn
	path := filepath.Join(t.TempDir(), "ok.bin")
	if err := os.WriteFile(path, img, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"-machine", "microwatt", path}, exitOK, "ok"},
		{[]string{"-machine", "microwatt", "-m", "64K", path}, exitOK, "ok"},
		{[]string{"-machine", "microwatt", "-steps", "3", path}, exitFail, ""},
		{[]string{"-machine", "qemu", path}, exitUsage, ""},
		{[]string{"-machine", "microwatt", "-m", "x", path}, exitUsage, ""},
		{[]string{"-machine", "microwatt"}, exitUsage, ""},
		{[]string{"-machine", "microwatt", "-ips", "10000000", path}, exitOK, "ok"},
		{[]string{"-machine", "microwatt", "-host-time", path}, exitOK, "ok"},
		// -dtb wants a vmlinux ELF and a flattened device tree.
		{[]string{"-machine", "microwatt", "-dtb", path, path}, exitFail, ""},
		{[]string{"-machine", "microwatt", "-dtb", filepath.Join(t.TempDir(), "none"), path}, exitFail, ""},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		code := runSystem(tc.args, &stdout, &stderr)
		if code != tc.code || stdout.String() != tc.out {
			t.Errorf("system %v: exit %d, stdout %q (stderr %q); want %d, %q", tc.args, code, stdout.String(), stderr.String(), tc.code, tc.out)
		}
	}
}
