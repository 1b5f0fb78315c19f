package abi

import "testing"

// TestIPCSizes checks the System V IPC structures against sizeof in
// powerpc64le-linux-gnu-gcc 12's uapi headers (linux/shm.h, sem.h, msg.h).
func TestIPCSizes(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"shmid64_ds", ShmidDSLayout.Size(), 112},
		{"semid64_ds", SemidDSLayout.Size(), 88},
		{"msqid64_ds", MsqidDSLayout.Size(), 120},
		{"shminfo64", ShminfoLayout.Size(), 72},
		{"shm_info", ShmInfoLayout.Size(), 48},
		{"seminfo", SeminfoLayout.Size(), 40},
		{"msginfo", MsginfoLayout.Size(), 32},
		{"sembuf", SembufLayout.Size(), 6},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d bytes, want %d", c.name, c.got, c.want)
		}
	}
}
