// A program for the case go-toolchain: goroutines, channels, maps,
// sorting, hashing, formatting of floats, a panic recovered.
package main

import (
	"crypto/sha256"
	"fmt"
	"math"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"

	"example.com/gt/sum"
)

func main() {
	var wg sync.WaitGroup
	res := make([]int, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			s := 0
			for j := 0; j < 2000000; j++ {
				s += j % (i + 3)
			}
			res[i] = s
		}(i)
	}
	wg.Wait()
	sort.Ints(res)
	fmt.Println(res)

	ch := make(chan int)
	go func() {
		for i := 1; i <= 10; i++ {
			ch <- i * i
		}
		close(ch)
	}()
	total := 0
	for v := range ch {
		total += v
	}
	fmt.Println("squares", total, sum.Ints(1, 2, 3, 4))

	m := map[string]int{}
	for _, w := range strings.Fields("the quick brown fox jumps over the lazy dog the end") {
		m[w]++
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s=%d ", k, m[k])
	}
	fmt.Println()
	fmt.Printf("%x\n", sha256.Sum256([]byte("abc")))
	fmt.Printf("%.10f %g %v\n", math.Sqrt(2), math.Exp(10), math.Inf(-1))
	fmt.Println(runtime.GOARCH, runtime.GOOS)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var a []int
		_ = a[len(os.Args)+2]
	}()
	os.Exit(3)
}
