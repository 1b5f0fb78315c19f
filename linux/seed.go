//go:build linux

package linux

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	mrand "math/rand/v2"
	"sync"

	"golang.org/x/sys/unix"
)

// A seeded run (Config.Seed) draws every random number the guest gets
// from outside its instructions from streams derived from the seed, so
// that two runs of a program with one seed get the same numbers and,
// where nothing else varies, run the same instructions (mkstemp's names
// come from getrandom; glibc draws again for a name it rejects). The
// numbers are getrandom's, the 16 bytes AT_RANDOM points to (at the
// start and at each execve), what a read of /dev/urandom or /dev/random
// (character devices 1:9 and 1:8, however the guest opened them) gives,
// and the darn instruction's. Each guest process has its own stream: the
// first one's is the seed's, a forked child's is seeded from its
// parent's stream at the fork, so one process's draws do not depend on
// how the host schedules the others. darn draws from one stream of the
// runner's. Without a seed all of them are the host's (crypto/rand).
// Process ids stay the runner's (a guest process's is a host pid or the
// runner's plus a count) and the runner places mappings without
// randomising, so neither depends on the seed.

// randStream is a seeded stream of random bytes (ChaCha8), safe for use
// by the threads of one guest process.
type randStream struct {
	mu sync.Mutex
	c  *mrand.ChaCha8
}

// newRandStream returns the stream of key.
func newRandStream(key [32]byte) *randStream { return &randStream{c: mrand.NewChaCha8(key)} }

// read fills b from the stream.
func (s *randStream) read(b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, _ = s.c.Read(b)
}

// seedKey is the key of the stream named what (a process's, darn's) of
// seed.
func seedKey(seed uint64, what string) [32]byte {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	return sha256.Sum256(append(b[:], what...))
}

// seedStreams gives the first guest process g its stream and the runner
// its darn stream, if the run is seeded.
func (p *Process) seedStreams(g *threadGroup) {
	if p.cfg.Seed == nil {
		return
	}
	g.rand = newRandStream(seedKey(*p.cfg.Seed, "process"))
	p.darnRand = newRandStream(seedKey(*p.cfg.Seed, "darn"))
}

// forkStream gives child, a new guest process forked by g, its stream:
// seeded from g's.
func (g *threadGroup) forkStream(child *threadGroup) {
	if g.rand == nil {
		return
	}
	var key [32]byte
	g.rand.read(key[:])
	child.rand = newRandStream(key)
}

// random fills b with random bytes for guest process g: from its stream
// in a seeded run, else from the host.
func (g *threadGroup) random(b []byte) {
	if g.rand != nil {
		g.rand.read(b)
		return
	}
	_, _ = rand.Read(b)
}

// randomDevice reports whether host descriptor h is /dev/urandom or
// /dev/random (character devices 1:9 and 1:8), whose reads a seeded run
// answers from the process's stream.
func randomDevice(h int) bool {
	var st unix.Stat_t
	if unix.Fstat(h, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFCHR {
		return false
	}
	return unix.Major(uint64(st.Rdev)) == 1 && (unix.Minor(uint64(st.Rdev)) == 8 || unix.Minor(uint64(st.Rdev)) == 9)
}

// seededRead is a read of up to n bytes of host descriptor h for t in a
// seeded run, if h is a random device: the bytes, from t's process's
// stream (as much as the host's read would give at once: ioBufCap).
func (t *Thread) seededRead(h int, n uint64) ([]byte, bool) {
	if t.group.rand == nil || !randomDevice(h) {
		return nil, false
	}
	b := make([]byte, min(n, ioBufCap))
	t.group.rand.read(b)
	return b, true
}
