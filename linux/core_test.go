//go:build linux

package linux

import (
	"testing"
	"time"
)

// TestCorePath: the core_pattern specifiers of core(5) the runner
// expands, and the ones it leaves.
func TestCorePath(t *testing.T) {
	now := time.Unix(1700000000, 0)
	for _, tt := range []struct{ pattern, want string }{
		{"core", "core"},
		{"core.%p", "core.4321"},
		{"/tmp/%e-%p-%i-%s-%t.core", "/tmp/prog-4321-4322-11-1700000000.core"},
		{"100%%", "100%"},
		{"%h%c%", "%h%c%"},
	} {
		if got := corePath(tt.pattern, 4321, 4322, 11, "prog", now); got != tt.want {
			t.Errorf("corePath(%q) = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}
