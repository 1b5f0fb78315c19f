//go:build linux

package sysdoc

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/tools/gentest"
)

// TestUpToDate checks that docs/syscalls.md is what the table makes now.
func TestUpToDate(t *testing.T) {
	gentest.UpToDate(t, "../../../docs/syscalls.md", Markdown(), "go generate ./linux")
}
