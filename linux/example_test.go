//go:build linux

package linux_test

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ppc64emu/ppc64emu/linux"
)

// Run a static little-endian powerpc64 executable (here a hand-made one that
// writes a line and exits with status 7; see buildELF in runner_test.go)
// with its standard output going to this process's.
func Example() {
	const msg = "hello from ppc64le\n"
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hello")
	_ = os.WriteFile(path, buildELF(binary.LittleEndian, false, helloCode(msg), []byte(msg)), 0o755)

	p, err := linux.Start(path, []string{"hello"}, nil, linux.Config{Stdout: os.Stdout})
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := p.Wait() // err is a *linux.StopError if an op could not be executed
	fmt.Println(st.Code, st.Signal, err, p.Instructions())
	// Output:
	// hello from ppc64le
	// 7 0 <nil> 10
}
