package sum

import "testing"

func TestInts(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want int
	}{{nil, 0}, {[]int{1}, 1}, {[]int{1, 2, 3}, 6}, {[]int{-5, 5}, 0}} {
		if got := Ints(c.in...); got != c.want {
			t.Errorf("Ints(%v) = %d, want %d", c.in, got, c.want)
		}
	}
}

func BenchmarkInts(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Ints(1, 2, 3)
	}
}
