package abi

import (
	"encoding/binary"
	"testing"
)

// BenchmarkLayout measures the marshaller on the structures of the hot
// system calls (clock_gettime's timespec, stat's stat) in both byte orders,
// next to the hand-placed writes it replaced ("hand").
func BenchmarkLayout(b *testing.B) {
	ts := Timespec{Sec: 1, Nsec: 2}
	st := Stat{Dev: 1, Ino: 2, Nlink: 3, Mode: 4, UID: 5, GID: 6, Rdev: 7, Size: 8, Blksize: 9, Blocks: 10,
		Atime: Timespec{11, 12}, Mtime: Timespec{13, 14}, Ctime: Timespec{15, 16}}
	buf := make([]byte, 144)
	for _, o := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		b.Run("timespec/"+o.String(), func(b *testing.B) {
			for range b.N {
				TimespecLayout.Encode(o, buf, &ts)
			}
		})
		b.Run("timespec-hand/"+o.String(), func(b *testing.B) {
			for range b.N {
				o.PutUint64(buf[0:], uint64(ts.Sec))
				o.PutUint64(buf[8:], uint64(ts.Nsec))
			}
		})
		b.Run("stat/"+o.String(), func(b *testing.B) {
			for range b.N {
				StatLayout.Encode(o, buf, &st)
			}
		})
		b.Run("stat-hand/"+o.String(), func(b *testing.B) {
			for range b.N {
				o.PutUint64(buf[0:], st.Dev)
				o.PutUint64(buf[8:], st.Ino)
				o.PutUint64(buf[16:], st.Nlink)
				o.PutUint32(buf[24:], st.Mode)
				o.PutUint32(buf[28:], st.UID)
				o.PutUint32(buf[32:], st.GID)
				o.PutUint64(buf[40:], st.Rdev)
				o.PutUint64(buf[48:], uint64(st.Size))
				o.PutUint64(buf[56:], st.Blksize)
				o.PutUint64(buf[64:], st.Blocks)
				for i, t := range []Timespec{st.Atime, st.Mtime, st.Ctime} {
					o.PutUint64(buf[72+16*i:], uint64(t.Sec))
					o.PutUint64(buf[80+16*i:], uint64(t.Nsec))
				}
			}
		})
	}
}
