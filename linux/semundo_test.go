//go:build linux

package linux

import (
	"slices"
	"testing"
)

// TestSemUndoListOrder checks that an undo list keeps its entries most
// recently used first, as Linux's lookup_undo moves the one it finds to
// the front, and that lookup of an id it has no entry for finds nothing.
func TestSemUndoListOrder(t *testing.T) {
	for _, tc := range []struct {
		name    string
		lookups []int
		want    []int // the ids, front first, after the lookups
		found   []bool
	}{
		{"none", nil, []int{3, 2, 1}, nil},
		{"front stays", []int{3}, []int{3, 2, 1}, []bool{true}},
		{"last to front", []int{1}, []int{1, 3, 2}, []bool{true}},
		{"middle then last", []int{2, 1}, []int{1, 2, 3}, []bool{true, true}},
		{"missing", []int{7}, []int{3, 2, 1}, []bool{false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &semUndoList{users: 1}
			for _, id := range []int{1, 2, 3} {
				l.entries = slices.Insert(l.entries, 0, &semUndoEntry{id: id, adj: []int{0}})
			}
			for i, id := range tc.lookups {
				if got := l.lookup(id) != nil; got != tc.found[i] {
					t.Errorf("lookup(%d) found %v, want %v", id, got, tc.found[i])
				}
			}
			var ids []int
			for _, u := range l.entries {
				ids = append(ids, u.id)
			}
			if !slices.Equal(ids, tc.want) {
				t.Errorf("entries %v, want %v", ids, tc.want)
			}
		})
	}
}

// TestSemUndoPut checks exit_sem's application of a list: nothing until
// its last holder lets go, then each adjustment clamped to 0..SEMVMX and
// credited to the holder's process, a removed set skipped, and entries
// that SETVAL, SETALL and IPC_RMID changed (semDropUndo) as they left
// them.
func TestSemUndoPut(t *testing.T) {
	for _, tc := range []struct {
		name  string
		users int
		vals  []int
		adj   []int
		drop  func(ns *ipcNamespace, s *semSet)
		want  []int
		pids  []int
	}{
		{"applied", 1, []int{5, 5}, []int{-2, 3}, nil, []int{3, 8}, []int{0, 0}},
		{"held by another", 2, []int{5, 5}, []int{-2, 3}, nil, []int{5, 5}, []int{9, 9}},
		{"clamped", 1, []int{2, semVMX - 1}, []int{-5, 3}, nil, []int{0, semVMX}, []int{0, 0}},
		{"zero credits nothing", 1, []int{1, 1}, []int{0, 1}, nil, []int{1, 2}, []int{9, 0}},
		{"setval", 1, []int{5, 5}, []int{-2, 3}, func(ns *ipcNamespace, s *semSet) { ns.semDropUndo(s.perm.id, 1, false) }, []int{3, 5}, []int{0, 9}},
		{"setall", 1, []int{5, 5}, []int{-2, 3}, func(ns *ipcNamespace, s *semSet) { ns.semDropUndo(s.perm.id, -1, false) }, []int{5, 5}, []int{9, 9}},
		{"rmid", 1, []int{5, 5}, []int{-2, 3}, func(ns *ipcNamespace, s *semSet) { ns.semDropUndo(s.perm.id, -1, true) }, []int{5, 5}, []int{9, 9}},
		{"set gone", 1, []int{5, 5}, []int{-2, 3}, func(ns *ipcNamespace, s *semSet) { ns.sem.remove(s) }, []int{5, 5}, []int{9, 9}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &Process{}
			ns := p.ipcNS()
			s := &semSet{vals: slices.Clone(tc.vals), pids: []int{9, 9}, waiting: map[*Thread][2]int{}}
			if e := ns.sem.add(s); e != 0 {
				t.Fatalf("add: %d", e)
			}
			l := &semUndoList{users: tc.users, entries: []*semUndoEntry{{id: s.perm.id, adj: slices.Clone(tc.adj)}}}
			ns.undo[l] = struct{}{}
			if tc.drop != nil {
				tc.drop(ns, s)
			}
			p.semUndoPut(l, 0)
			if !slices.Equal(s.vals, tc.want) || !slices.Equal(s.pids, tc.pids) {
				t.Errorf("values %v pids %v, want %v %v", s.vals, s.pids, tc.want, tc.pids)
			}
			if _, live := ns.undo[l]; live != (tc.users > 1) {
				t.Errorf("list live %v after put with %d users", live, tc.users)
			}
		})
	}
}
