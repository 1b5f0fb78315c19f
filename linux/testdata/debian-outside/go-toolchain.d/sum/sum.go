// Package sum adds integers (the case go-toolchain's test package).
package sum

// Ints returns the sum of its arguments.
func Ints(v ...int) int {
	s := 0
	for _, x := range v {
		s += x
	}
	return s
}
