//go:build linux

package linux

import "testing"

// TestSigioPerm checks sigio_perm's rule (fs/fcntl.c): the owner's setter
// may signal a task if its effective user id is root, or its real or
// effective user id is the task's real or saved one.
func TestSigioPerm(t *testing.T) {
	task := &cred{uid: ids{r: 1000, e: 2000, s: 3000}}
	for _, c := range []struct {
		name      string
		uid, euid uint32
		want      bool
	}{
		{"root effective", 5, 0, true},
		{"effective is real", 5, 1000, true},
		{"effective is saved", 5, 3000, true},
		{"real is real", 1000, 5, true},
		{"real is saved", 3000, 5, true},
		{"effective is effective only", 5, 2000, false},
		{"real is effective only", 2000, 5, false},
		{"root real only", 0, 5, false},
	} {
		o := &fileOwner{uid: c.uid, euid: c.euid}
		if got := o.sigioPerm(task); got != c.want {
			t.Errorf("%s: sigioPerm = %v, want %v", c.name, got, c.want)
		}
	}
}
