package abi

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"reflect"
	"unsafe"
)

// Layout is the one marshaller of guest structures: it encodes a Go struct
// declared with the C structure's fixed-size fields (this package's Stat,
// Timespec, Msghdr, …) into the powerpc64 layout in either byte order, and
// decodes it back. The layout is worked out once, by NewLayout, from the
// field types with the powerpc64 ELF ABI's rules (every scalar aligned to
// its size, a structure to its largest member, its size rounded up to
// that); encoding and decoding then walk a flat list of scalar fields with
// no reflection: the bytes are copied (whole when the host lays the struct
// out as the guest does), then each scalar is byte-reversed in place when
// the byte orders differ. Byte arrays are copied as they are.
type Layout[T any] struct {
	size   int
	fields []layoutField
	same   bool // host offsets and sizes equal the guest's
	dense  bool // the fields cover every byte: no padding
}

type layoutField struct {
	host, guest uintptr
	size        uintptr // 1, 2, 4, 8: a scalar; else a byte array
	scalar      bool
}

// NewLayout works out the powerpc64 layout of T, a struct of integers,
// byte arrays, arrays of those and nested such structs. It panics on any
// other field type: layouts are declared by this package's code, once.
func NewLayout[T any]() *Layout[T] {
	var l Layout[T]
	typ := reflect.TypeFor[T]()
	size, _ := sizeAlign(typ)
	l.walk(typ, 0, 0)
	l.size = int(size)
	l.same = size == typ.Size()
	covered := uintptr(0)
	for _, f := range l.fields {
		if f.host != f.guest {
			l.same = false
		}
		covered += f.size
	}
	l.dense = covered == size
	return &l
}

// sizeAlign is the guest size and alignment of typ.
func sizeAlign(typ reflect.Type) (size, align uintptr) {
	switch typ.Kind() {
	case reflect.Int8, reflect.Uint8, reflect.Int16, reflect.Uint16, reflect.Int32, reflect.Uint32, reflect.Int64, reflect.Uint64:
		return typ.Size(), typ.Size()
	case reflect.Array:
		es, ea := sizeAlign(typ.Elem())
		return es * uintptr(typ.Len()), ea
	case reflect.Struct:
		var off uintptr
		align = 1
		for i := range typ.NumField() {
			fs, fa := sizeAlign(typ.Field(i).Type)
			off = (off+fa-1)&^(fa-1) + fs
			align = max(align, fa)
		}
		return (off + align - 1) &^ (align - 1), align
	}
	panic(fmt.Sprintf("abi.NewLayout: field type %v has no guest layout", typ))
}

// walk appends the fields of typ at host offset h and guest offset g.
func (l *Layout[T]) walk(typ reflect.Type, h, g uintptr) {
	switch typ.Kind() {
	case reflect.Array:
		el := typ.Elem()
		if el.Kind() == reflect.Uint8 || el.Kind() == reflect.Int8 {
			l.fields = append(l.fields, layoutField{host: h, guest: g, size: uintptr(typ.Len())})
			return
		}
		es, _ := sizeAlign(el)
		for i := range uintptr(typ.Len()) {
			l.walk(el, h+i*el.Size(), g+i*es)
		}
	case reflect.Struct:
		var off uintptr
		for i := range typ.NumField() {
			f := typ.Field(i)
			fs, fa := sizeAlign(f.Type)
			off = (off + fa - 1) &^ (fa - 1)
			l.walk(f.Type, h+f.Offset, g+off)
			off += fs
		}
	default:
		l.fields = append(l.fields, layoutField{host: h, guest: g, size: typ.Size(), scalar: true})
	}
}

// Size is the guest size of the structure in bytes.
func (l *Layout[T]) Size() int { return l.size }

// hostLE is whether the host is little-endian.
var hostLE = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// native reports whether o is the host's byte order.
func native(o binary.ByteOrder) bool {
	switch o {
	case binary.ByteOrder(binary.NativeEndian):
		return true
	case binary.ByteOrder(binary.LittleEndian):
		return hostLE
	case binary.ByteOrder(binary.BigEndian):
		return !hostLE
	}
	return (o.Uint16([]byte{1, 0}) == 1) == hostLE
}

// Encode writes v into b (at least Size bytes) in byte order o.
func (l *Layout[T]) Encode(o binary.ByteOrder, b []byte, v *T) { l.convert(o, b, v, true) }

// Decode reads v from b (at least Size bytes) in byte order o.
func (l *Layout[T]) Decode(o binary.ByteOrder, b []byte, v *T) { l.convert(o, b, v, false) }

// convert copies v into b (encode) or b into v: the bytes of the fields
// (all at once when the layouts agree), then, when o is not the host's
// order, each scalar reversed in place where it landed.
func (l *Layout[T]) convert(o binary.ByteOrder, b []byte, v *T, encode bool) {
	b = b[:l.size]
	host := unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Sizeof(*v))
	switch {
	case l.same && l.dense && encode:
		copy(b, host)
	case l.same && !encode:
		copy(host, b)
	default:
		if encode && !l.dense {
			// Padding is written as zeros, never as whatever the Go
			// value's padding or b held before (host memory must not
			// reach the guest).
			clear(b)
		}
		for _, f := range l.fields {
			g, h := b[f.guest:f.guest+f.size], host[f.host:f.host+f.size]
			if encode {
				copy(g, h)
			} else {
				copy(h, g)
			}
		}
	}
	if native(o) {
		return
	}
	dst, hostSide := b, false
	if !encode {
		dst, hostSide = host, true
	}
	for _, f := range l.fields {
		if !f.scalar || f.size == 1 {
			continue
		}
		off := f.guest
		if hostSide {
			off = f.host
		}
		p := dst[off : off+f.size]
		switch f.size {
		case 2:
			binary.LittleEndian.PutUint16(p, bits.ReverseBytes16(binary.LittleEndian.Uint16(p)))
		case 4:
			binary.LittleEndian.PutUint32(p, bits.ReverseBytes32(binary.LittleEndian.Uint32(p)))
		case 8:
			binary.LittleEndian.PutUint64(p, bits.ReverseBytes64(binary.LittleEndian.Uint64(p)))
		}
	}
}

// Bytes encodes v into a new slice.
func (l *Layout[T]) Bytes(o binary.ByteOrder, v *T) []byte {
	b := make([]byte, l.size)
	l.Encode(o, b, v)
	return b
}
