// Command gocorpus is the Go part of the runner's whole-program corpus: each
// argument names one small deterministic program (one binary keeps the
// corpus build short). Its output must be byte-identical under qemu-user and
// ppc64emu run.
package main

import (
	"bytes"
	"crypto/md5"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

var programs = map[string]func() int{
	"hello":      hello,
	"goroutines": goroutines,
	"timers":     timers,
	"maps":       maps,
	"hashes":     hashes,
	"sort":       sortInts,
	"files":      files,
	"pipes":      pipes,
	"nilderef":   nilderef,
	"exit":       func() int { fmt.Println("exiting 3"); return 3 },
}

func main() {
	if len(os.Args) < 2 || programs[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: gocorpus PROGRAM")
		os.Exit(2)
	}
	os.Exit(programs[os.Args[1]]())
}

func hello() int {
	fmt.Println("hello from Go", runtime.GOARCH, len(os.Args))
	return 0
}

func goroutines() int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	total := 0
	ch := make(chan int, 16)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j < 1000; j++ {
				mu.Lock()
				total += i
				mu.Unlock()
			}
			ch <- i * i
		}(i)
	}
	go func() { wg.Wait(); close(ch) }()
	sum := 0
	for v := range ch {
		sum += v
	}
	// Allocate enough to make the GC run a few times.
	var keep [][]byte
	for i := 0; i < 2000; i++ {
		b := make([]byte, 4096+i)
		b[i] = byte(i)
		if i%100 == 0 {
			keep = append(keep, b)
		}
	}
	runtime.GC()
	fmt.Println("total", total, "squares", sum, "kept", len(keep))
	return 0
}

func timers() int {
	start := time.Now()
	time.Sleep(20 * time.Millisecond)
	t := time.NewTicker(5 * time.Millisecond)
	n := 0
	for range t.C {
		n++
		if n == 4 {
			break
		}
	}
	t.Stop()
	select {
	case <-time.After(10 * time.Millisecond):
	}
	fmt.Println("ticks", n, "elapsed>=40ms", time.Since(start) >= 40*time.Millisecond)
	return 0
}

func maps() int {
	m := map[string]int{}
	for i := 0; i < 5000; i++ {
		m["k"+strconv.Itoa(i*7%1000)] += i
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var sb strings.Builder
	for _, k := range keys[:10] {
		fmt.Fprintf(&sb, "%s=%d ", k, m[k])
	}
	f, _ := strconv.ParseFloat("3.14159265358979", 64)
	fmt.Println(len(m), sb.String(), strconv.FormatFloat(f*2, 'g', -1, 64), strconv.Quote("a\tb"))
	return 0
}

func hashes() int {
	data := bytes.Repeat([]byte("The quick brown fox jumps over the lazy dog. "), 1000)
	fmt.Printf("sha256 %x\n", sha256.Sum256(data))
	fmt.Printf("md5 %x\n", md5.Sum(data))
	fmt.Printf("crc32 %08x\n", crc32.ChecksumIEEE(data))
	return 0
}

// sortInts is integer-heavy code for the speed comparison with qemu-user
// (scripts/bench-runner.sh): it sorts 100 000 pseudo-random ints (xorshift64)
// with slices.Sort, and a copy of the first 25 000 with sort.Ints, and
// prints checksums of the sorted orders.
func sortInts() int {
	const n = 100000
	x := uint64(88172645463325252)
	a := make([]int, n)
	for i := range a {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		a[i] = int(x >> 1)
	}
	b := slices.Clone(a[:n/4])
	slices.Sort(a)
	sort.Ints(b)
	sum := func(s []int) (h uint64) {
		for i, v := range s {
			if i > 0 && s[i-1] > v {
				return 0
			}
			h = h*1099511628211 ^ uint64(v)
		}
		return h
	}
	fmt.Printf("sorted %d: %016x, %d: %016x, min %d max %d\n", len(a), sum(a), len(b), sum(b), a[0], a[n-1])
	return 0
}

func files() int {
	dir, err := os.MkdirTemp("", "gocorpus")
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer os.RemoveAll(dir)
	if err := os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755); err != nil {
		fmt.Println(err)
		return 1
	}
	for i := 0; i < 5; i++ {
		name := filepath.Join(dir, "a", fmt.Sprintf("f%d.txt", i))
		if err := os.WriteFile(name, bytes.Repeat([]byte{byte('0' + i)}, 100*i+1), 0o644); err != nil {
			fmt.Println(err)
			return 1
		}
	}
	if err := os.Rename(filepath.Join(dir, "a", "f1.txt"), filepath.Join(dir, "a", "b", "moved.txt")); err != nil {
		fmt.Println(err)
		return 1
	}
	ents, _ := os.ReadDir(filepath.Join(dir, "a"))
	for _, e := range ents {
		info, _ := e.Info()
		fmt.Println(e.Name(), e.IsDir(), info.Size())
	}
	b, _ := os.ReadFile(filepath.Join(dir, "a", "b", "moved.txt"))
	fmt.Println("moved", len(b))
	_, err = os.Stat(filepath.Join(dir, "missing"))
	fmt.Println("missing:", errors.Is(err, os.ErrNotExist))
	f, _ := os.OpenFile(filepath.Join(dir, "a", "f4.txt"), os.O_RDWR, 0)
	f.Seek(-10, io.SeekEnd)
	f.Write([]byte("0123456789"))
	f.Close()
	b, _ = os.ReadFile(filepath.Join(dir, "a", "f4.txt"))
	fmt.Println(string(b[len(b)-12:]))
	return 0
}

func pipes() int {
	r, w, err := os.Pipe()
	if err != nil {
		fmt.Println(err)
		return 1
	}
	go func() {
		for i := 0; i < 100; i++ {
			fmt.Fprintf(w, "line %d\n", i)
		}
		w.Close()
	}()
	b, _ := io.ReadAll(r)
	fmt.Println("read", len(b), "bytes,", bytes.Count(b, []byte("\n")), "lines")
	return 0
}

type node struct{ next *node }

func nilderef() (code int) {
	defer func() {
		r := recover()
		fmt.Println("recovered:", r)
		code = 0
	}()
	var n *node
	fmt.Println(n.next.next)
	return 1
}
