//go:build race

package decode

// raceEnabled: the race detector slows the equivalence tests about tenfold,
// so they compare fewer random words.
const raceEnabled = true
