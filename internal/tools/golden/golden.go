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
	"sync"
)

// Insn is an instruction of a trace: the word and, for a prefixed
// instruction, the suffix (else 0).
type Insn struct {
	Word, Suffix uint32
}

// cache holds Insns' answers: a fuzz target built for libFuzzer
// (scripts/oss-fuzz-build.sh) runs its seeding code for every input, so the
// files are read once per process.
var cache struct {
	sync.Mutex
	m map[string][]Insn
}

// Insns returns the distinct instructions of every *.txt.gz file in dir, in
// file order. The answer is read once per process and shared: callers must
// not modify it.
func Insns(dir string) ([]Insn, error) {
	cache.Lock()
	defer cache.Unlock()
	if ins, ok := cache.m[dir]; ok {
		return ins, nil
	}
	ins, err := read(dir)
	if err != nil {
		return nil, err
	}
	if cache.m == nil {
		cache.m = map[string][]Insn{}
	}
	cache.m[dir] = ins
	return ins, nil
}

func read(dir string) ([]Insn, error) {
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
