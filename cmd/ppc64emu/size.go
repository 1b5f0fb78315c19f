package main

import "strconv"

// parseSize reads a byte count with an optional K, M, G or T suffix
// (powers of 1024).
func parseSize(s string) (uint64, bool) {
	shift := 0
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'k', 'K':
			shift = 10
		case 'm', 'M':
			shift = 20
		case 'g', 'G':
			shift = 30
		case 't', 'T':
			shift = 40
		}
		if shift != 0 {
			s = s[:n-1]
		}
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil || v == 0 || v > ^uint64(0)>>shift {
		return 0, false
	}
	return v << shift, true
}
