//go:build !plan9

package gdbstub

import (
	"errors"
	"syscall"
)

// connReset reports whether err is the host's "connection reset by peer".
func connReset(err error) bool { return errors.Is(err, syscall.ECONNRESET) }
