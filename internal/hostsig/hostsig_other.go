//go:build !(linux && amd64)

package hostsig

import "os"

// Supported says whether Watch can watch a signal here: only
// linux/amd64 has the wrapping handler.
const Supported = false

// Watch says no: only linux/amd64 has the wrapping handler.
func Watch(sig os.Signal) bool { return false }

// Unwatch does nothing here.
func Unwatch(sig os.Signal) {}

// Kernel never reports an arrival here.
func Kernel(sig os.Signal) bool { return false }

// Sender never names a sender here.
func Sender(sig os.Signal) int { return 0 }

// SenderID never names a sender here.
func SenderID(sig os.Signal) (pid, uid int) { return 0, 0 }

// GroupSender never reports one here.
func GroupSender(sig os.Signal) bool { return false }
