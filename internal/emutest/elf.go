package emutest

import "encoding/binary"

// ELFHeader writes into img (at least 0x78 bytes) the ELF header of a
// minimal powerpc64 executable and, at offset 64, its one program header:
// an R+X PT_LOAD of the file from offset 0 at base, filesz bytes of the
// file and memsz in memory, aligned to align. Big-endian is ELFv1
// (e_flags 1), little-endian ELFv2 (2); pie makes it ET_DYN, else ET_EXEC.
// The caller writes the code, any function descriptor, and picks entry.
func ELFHeader(img []byte, order binary.ByteOrder, pie bool, entry, base, filesz, memsz, align uint64) {
	be := order == binary.BigEndian
	copy(img, []byte{0x7f, 'E', 'L', 'F', 2, 1, 1, 0})
	if be {
		img[5] = 2 // ELFDATA2MSB
	}
	typ := uint16(2) // ET_EXEC
	if pie {
		typ = 3 // ET_DYN
	}
	order.PutUint16(img[16:], typ)
	order.PutUint16(img[18:], 21) // EM_PPC64
	order.PutUint32(img[20:], 1)
	order.PutUint64(img[24:], entry)
	order.PutUint64(img[32:], 64) // e_phoff
	flags := uint32(2)
	if be {
		flags = 1
	}
	order.PutUint32(img[48:], flags)
	order.PutUint16(img[52:], 64) // e_ehsize
	order.PutUint16(img[54:], 56) // e_phentsize
	order.PutUint16(img[56:], 1)  // e_phnum
	order.PutUint16(img[58:], 64) // e_shentsize
	ph := img[64:]
	order.PutUint32(ph[0:], 1) // PT_LOAD
	order.PutUint32(ph[4:], 5) // R|X
	order.PutUint64(ph[16:], base)
	order.PutUint64(ph[24:], base)
	order.PutUint64(ph[32:], filesz)
	order.PutUint64(ph[40:], memsz)
	order.PutUint64(ph[48:], align)
}
