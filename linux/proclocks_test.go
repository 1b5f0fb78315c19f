//go:build linux

package linux

import (
	"math"
	"testing"

	"golang.org/x/sys/unix"
)

// TestProcLocks checks /proc/locks as the runner rewrites the host's: the
// runner's (pid 100) POSIX lines become the guest processes' record locks,
// its flock lines name the guest process that took the lock, other
// processes' lines stay, and the lines are numbered again.
func TestProcLocks(t *testing.T) {
	parent, child := &threadGroup{tgid: 100}, &threadGroup{tgid: 101}
	file := fileID{unix.Mkdev(0xfe, 0), 42}
	other := fileID{unix.Mkdev(0xfe, 0), 43}
	tests := []struct {
		name   string
		host   string
		locks  map[fileID][]recLock
		flocks map[fileID]map[string][]int
		want   string
	}{
		{
			name: "other processes' lines kept",
			host: "7: POSIX  ADVISORY  WRITE 555 fe:00:9 0 EOF\n9: FLOCK  ADVISORY  WRITE 556 fe:00:8 0 EOF\n9: -> FLOCK  ADVISORY  WRITE 557 fe:00:8 0 EOF\n",
			want: "1: POSIX  ADVISORY  WRITE 555 fe:00:9 0 EOF\n2: FLOCK  ADVISORY  WRITE 556 fe:00:8 0 EOF\n2: -> FLOCK  ADVISORY  WRITE 557 fe:00:8 0 EOF\n",
		},
		{
			name: "the runner's POSIX line is the guests' locks, merged",
			host: "3: POSIX  ADVISORY  WRITE 100 fe:00:42 0 EOF\n4: POSIX  ADVISORY  READ 555 fe:00:9 0 0\n",
			locks: map[fileID][]recLock{file: {
				{child, unix.F_WRLCK, 100, math.MaxInt64},
				{parent, unix.F_RDLCK, 30, 40},
				{parent, unix.F_WRLCK, 0, 10},
				{parent, unix.F_RDLCK, 20, 30},
			}},
			want: "1: POSIX  ADVISORY  WRITE 100 fe:00:42 0 9\n2: POSIX  ADVISORY  READ 100 fe:00:42 20 39\n3: POSIX  ADVISORY  WRITE 101 fe:00:42 100 EOF\n4: POSIX  ADVISORY  READ 555 fe:00:9 0 0\n",
		},
		{
			name:   "a flock names its guest process",
			host:   "1: FLOCK  ADVISORY  READ 100 fe:00:42 0 EOF\n2: FLOCK  ADVISORY  READ 100 fe:00:7 0 EOF\n",
			flocks: map[fileID]map[string][]int{file: {"READ": {101}}},
			want:   "1: FLOCK  ADVISORY  READ 101 fe:00:42 0 EOF\n2: FLOCK  ADVISORY  READ 100 fe:00:7 0 EOF\n",
		},
		{
			name:   "each description's flock names its own process",
			host:   "1: FLOCK  ADVISORY  READ 100 fe:00:42 0 EOF\n2: FLOCK  ADVISORY  READ 100 fe:00:42 0 EOF\n3: FLOCK  ADVISORY  READ 100 fe:00:42 0 EOF\n",
			flocks: map[fileID]map[string][]int{file: {"READ": {101, 102}, "WRITE": {103}}},
			want:   "1: FLOCK  ADVISORY  READ 101 fe:00:42 0 EOF\n2: FLOCK  ADVISORY  READ 102 fe:00:42 0 EOF\n3: FLOCK  ADVISORY  READ 100 fe:00:42 0 EOF\n",
		},
		{
			name:   "a waiter keeps its pid",
			host:   "1: FLOCK  ADVISORY  WRITE 100 fe:00:42 0 EOF\n1: -> FLOCK  ADVISORY  WRITE 100 fe:00:42 0 EOF\n",
			flocks: map[fileID]map[string][]int{file: {"WRITE": {101, 102}}},
			want:   "1: FLOCK  ADVISORY  WRITE 101 fe:00:42 0 EOF\n1: -> FLOCK  ADVISORY  WRITE 100 fe:00:42 0 EOF\n",
		},
		{
			name:  "guest locks the host no longer holds",
			host:  "",
			locks: map[fileID][]recLock{other: {{parent, unix.F_RDLCK, 5, 6}}},
			want:  "1: POSIX  ADVISORY  READ 100 fe:00:43 5 5\n",
		},
		{
			name: "lines not of the format",
			host: "garbage\n1: POSIX\n",
			want: "1: POSIX\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &Process{recLocks: tc.locks}
			if got := string(p.procLocks(tc.host, 100, tc.flocks)); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
