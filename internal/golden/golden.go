// Package golden reads the instruction encodings of the golden QEMU traces
// (testdata/traces), to seed the fuzz targets. It depends on nothing else in
// the module, so any package's tests can use it.
package golden

import (
	"bufio"
	"compress/gzip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Insn is an instruction of a trace: the word and, for a prefixed
// instruction, the suffix (else 0).
type Insn struct {
	Word, Suffix uint32
}

// Insns returns the distinct instructions of every *.txt.gz file in dir, in
// file order.
func Insns(dir string) ([]Insn, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt.gz"))
	if err != nil {
		return nil, err
	}
	seen := map[Insn]bool{}
	var out []Insn
	for _, name := range files {
		if err := scan(name, func(in Insn) {
			if !seen[in] {
				seen[in] = true
				out = append(out, in)
			}
		}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func scan(name string, add func(Insn)) error {
	fh, err := os.Open(name)
	if err != nil {
		return err
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		_, rest, ok := strings.Cut(sc.Text(), " insn=")
		if !ok {
			continue
		}
		insn, _, _ := strings.Cut(rest, " ")
		w, sfx, _ := strings.Cut(insn, ":")
		var in Insn
		v, err := strconv.ParseUint(w, 16, 32)
		if err != nil {
			continue
		}
		in.Word = uint32(v)
		if v, err := strconv.ParseUint(sfx, 16, 32); err == nil {
			in.Suffix = uint32(v)
		}
		add(in)
	}
	return sc.Err()
}
