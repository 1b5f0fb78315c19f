//go:build linux

package linux

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestSystabRows checks the rows of the system call table: each is a
// powerpc64 system call, a handled call is full or partial, a call without
// a handler is unimplemented or ENOSYS by design, and what is not full says
// why in its note.
func TestSystabRows(t *testing.T) {
	for num := range systab {
		e := &systab[num]
		if e.fn == nil && e.level == unimplemented && e.note == "" && e.args == nil {
			continue
		}
		name := abi.SyscallNames[uint64(num)]
		if name == "" {
			t.Errorf("row %d: no powerpc64 system call has this number", num)
		}
		switch {
		case e.fn != nil && e.level != full && e.level != partial:
			t.Errorf("%s: a handler, but support %v", name, e.level)
		case e.fn == nil && e.level != byDesign && e.level != unimplemented:
			t.Errorf("%s: no handler, but support %v", name, e.level)
		case e.level != full && e.note == "":
			t.Errorf("%s: support %v needs a note", name, e.level)
		case len(e.args) > 6:
			t.Errorf("%s: %d arguments", name, len(e.args))
		}
	}
}
