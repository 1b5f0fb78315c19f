//go:build linux

// Command vminit is the init program (PID 1) of the small virtual machines
// the test scripts boot (scripts/ptrace-vm.sh): it mounts /proc, /sys and /dev (devtmpfs),
// runs the command given as its arguments (the kernel passes init the words
// after "--" on its command line) with its output on the console, prints
//
//	vminit: exit status N
//
// (N is the command's exit status, or -1 if it could not be run or was
// killed), and powers the machine off, so that QEMU exits.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"

	"golang.org/x/sys/unix"
)

func main() {
	code := run(os.Args[1:])
	fmt.Printf("vminit: exit status %d\n", code)
	unix.Sync()
	if os.Getpid() == 1 {
		err := unix.Reboot(unix.LINUX_REBOOT_CMD_POWER_OFF)
		fmt.Println("vminit: power off:", err)
		select {} // PID 1 must not exit: the kernel would panic
	}
	os.Exit(min(max(code, 0), 125))
}

func run(args []string) int {
	for _, m := range []struct{ fs, dir string }{{"proc", "/proc"}, {"sysfs", "/sys"}, {"devtmpfs", "/dev"}} {
		if err := unix.Mount(m.fs, m.dir, m.fs, 0, ""); err != nil && os.Getpid() == 1 {
			fmt.Printf("vminit: mount %s: %v\n", m.dir, err)
		}
	}
	if len(args) == 0 {
		fmt.Println("vminit: no command")
		return -1
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), "HOME=/tmp", "TMPDIR=/tmp")
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	fmt.Println("vminit:", err)
	return -1
}
