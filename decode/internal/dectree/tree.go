package dectree

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

const (
	primaryMask = 0xfc00000000000000 // primary opcode of the (prefix) word
	suffixMask  = 0x00000000f8000000 // ppc64asm's lookup bits of a suffix's opcode
	prefixValue = 1 << 58            // primary opcode 1: a prefix word
	maxField    = 11                 // widest field one node switches on
	nodeBit     = 0x8000             // a slot holding a node index, not a leaf
)

// cand is a row as the tree sees it: the row's mask widened by ppc64asm's
// lookup bits, which a row must match to be in the list searched.
type cand struct {
	f     *row
	mask  uint64 // f.mask plus the lookup bits
	value uint64
	sig   int // index of the row's operand list in tree.sigs
}

// node switches on bits [shift, shift+bits) of the key; its 1<<bits slots
// start at base.
type node struct {
	shift, bits, base int
}

type tree struct {
	cands []*cand // in ppc64asm's order of trial; position+1 is the row's number
	num   map[*cand]int
	sigs  [][]string
	nodes []node
	slots []int
	leafs []int // candidate numbers, each leaf ended by 0; leafs[0] = 0 is the empty leaf
	leafM map[string]int
	nodeM map[string]int
}

// build orders the rows as ppc64asm tries them and builds the tree.
func build(rows []row) (*tree, error) {
	t := &tree{num: map[*cand]int{}, leafM: map[string]int{"": 0}, nodeM: map[string]int{}, leafs: []int{0}}
	sigIndex := map[string]int{}
	last := map[[2]uint64]int{} // mask, value → last row (ppc64asm keeps the last in its map)
	for i := range rows {
		last[[2]uint64{rows[i].mask, rows[i].value}] = i
	}
	for i := range rows {
		f := &rows[i]
		if f.mask&primaryMask != primaryMask {
			return nil, fmt.Errorf("%s: mask %#x does not cover the primary opcode", f.op, f.mask)
		}
		if f.value&^f.mask != 0 || last[[2]uint64{f.mask, f.value}] != i {
			continue // can never be chosen by ppc64asm
		}
		c := &cand{f: f, mask: f.mask, value: f.value}
		if f.value&primaryMask == prefixValue {
			c.mask |= suffixMask
		}
		key := strings.Join(f.args, ",")
		s, ok := sigIndex[key]
		if !ok {
			s = len(t.sigs)
			sigIndex[key] = s
			t.sigs = append(t.sigs, f.args)
		}
		c.sig = s
		t.cands = append(t.cands, c)
	}
	// ppc64asm tries masks from the numerically largest down; rows with
	// the same mask have distinct values, so at most one of them matches.
	sort.SliceStable(t.cands, func(i, j int) bool { return t.cands[i].f.mask > t.cands[j].f.mask })
	for i, c := range t.cands {
		t.num[c] = i + 1
	}
	root := t.newNode(primaryMask, t.cands, 0)
	if root != nodeBit {
		return nil, fmt.Errorf("root is node %d, want 0", root&^nodeBit)
	}
	if len(t.nodes) >= nodeBit || len(t.leafs) >= nodeBit || len(t.cands) >= 1<<16 || len(t.sigs) >= 1<<16 {
		return nil, fmt.Errorf("tree too large: %d nodes, %d leaf entries, %d rows, %d operand lists", len(t.nodes), len(t.leafs), len(t.cands), len(t.sigs))
	}
	return t, nil
}

// slot returns the slot value for the rows of list that can still match
// once the bits of known have been switched on.
func (t *tree) slot(list []*cand, known uint64) int {
	var kept []*cand
	for _, c := range list {
		kept = append(kept, c)
		if c.mask&^known == 0 {
			break // certain to match: every bit of its mask agreed on the way here
		}
	}
	var open, common uint64 = 0, ^uint64(0)
	for _, c := range kept {
		open |= c.mask &^ known
		common &= c.mask &^ known
	}
	if len(kept) <= 2 || open == 0 {
		return t.leaf(kept)
	}
	var field uint64
	if common != 0 {
		field = longestRun(common)
	} else {
		field = busiestRun(kept, open)
	}
	return t.newNode(field, kept, known)
}

func (t *tree) leaf(list []*cand) int {
	var b strings.Builder
	for _, c := range list {
		fmt.Fprintf(&b, "%d,", t.num[c])
	}
	k := b.String()
	if off, ok := t.leafM[k]; ok {
		return off
	}
	off := len(t.leafs)
	for _, c := range list {
		t.leafs = append(t.leafs, t.num[c])
	}
	t.leafs = append(t.leafs, 0)
	t.leafM[k] = off
	return off
}

func (t *tree) newNode(field uint64, list []*cand, known uint64) int {
	var b strings.Builder
	fmt.Fprintf(&b, "%x/%x:", field, known)
	for _, c := range list {
		fmt.Fprintf(&b, "%d,", t.num[c])
	}
	k := b.String()
	if v, ok := t.nodeM[k]; ok {
		return v
	}
	shift := bits.TrailingZeros64(field)
	n := node{shift: shift, bits: bits.OnesCount64(field), base: len(t.slots)}
	idx := len(t.nodes)
	t.nodes = append(t.nodes, n)
	t.slots = append(t.slots, make([]int, 1<<n.bits)...)
	for v := 0; v < 1<<n.bits; v++ {
		want := uint64(v) << shift
		var sub []*cand
		for _, c := range list {
			if (c.value^want)&field&c.mask == 0 {
				sub = append(sub, c)
			}
		}
		s := t.slot(sub, known|field)
		t.slots[n.base+v] = s
	}
	t.nodeM[k] = nodeBit | idx
	return nodeBit | idx
}

// longestRun returns the longest run of contiguous one bits of m (the most
// significant of equal runs), cut to maxField bits from its top.
func longestRun(m uint64) uint64 {
	var best uint64
	bestLen := 0
	for m != 0 {
		lo := bits.TrailingZeros64(m)
		n := bits.TrailingZeros64(^(m >> lo))
		if n >= bestLen {
			best, bestLen = (^uint64(0)>>(64-n))<<lo, n
		}
		m &^= (^uint64(0) >> (64 - n)) << lo
	}
	for bits.OnesCount64(best) > maxField {
		best &^= 1 << bits.TrailingZeros64(best)
	}
	return best
}

// busiestRun returns the contiguous run of open bits around the bit that
// the most rows' masks contain, extended over neighbours contained in as
// many masks, cut to maxField bits.
func busiestRun(list []*cand, open uint64) uint64 {
	var count [64]int
	for _, c := range list {
		for b := 0; b < 64; b++ {
			if c.mask&open&(1<<b) != 0 {
				count[b]++
			}
		}
	}
	best := -1
	for b := 63; b >= 0; b-- {
		if best < 0 || count[b] > count[best] {
			best = b
		}
	}
	field := uint64(1) << best
	for b := best + 1; b < 64 && count[b] == count[best] && bits.OnesCount64(field) < maxField; b++ {
		field |= 1 << b
	}
	for b := best - 1; b >= 0 && count[b] == count[best] && bits.OnesCount64(field) < maxField; b-- {
		field |= 1 << b
	}
	return field
}
