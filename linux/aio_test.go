//go:build linux

package linux

import (
	"testing"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestWakeMask checks the result of an AIO poll that completes after a
// wait: the events asked for with their normal-data companions.
func TestWakeMask(t *testing.T) {
	for _, c := range []struct {
		revents, events, want int16
	}{
		{unix.POLLIN | abi.POLLRDNORM, unix.POLLIN | unix.POLLERR | unix.POLLHUP, unix.POLLIN | abi.POLLRDNORM},
		{unix.POLLOUT | abi.POLLWRNORM, unix.POLLOUT, unix.POLLOUT | abi.POLLWRNORM},
		{unix.POLLHUP, unix.POLLIN | unix.POLLHUP, unix.POLLHUP},
		{abi.POLLRDNORM, unix.POLLOUT, 0},
	} {
		if got := wakeMask(c.revents, c.events); got != c.want {
			t.Errorf("wakeMask(%#x, %#x) = %#x, want %#x", c.revents, c.events, got, c.want)
		}
	}
}
