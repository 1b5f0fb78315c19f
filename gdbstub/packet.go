package gdbstub

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
)

// ErrPacket is wrapped by the errors of malformed packets.
var ErrPacket = errors.New("gdbstub: malformed packet")

// checksum is the RSP checksum: the sum of the bytes modulo 256.
func checksum(b []byte) byte {
	var s byte
	for _, c := range b {
		s += c
	}
	return s
}

// escape appends data to dst with the RSP escapes: '#', '$', '}' and '*'
// become '}' followed by the byte XOR 0x20.
func escape(dst, data []byte) []byte {
	for _, c := range data {
		switch c {
		case '#', '$', '}', '*':
			dst = append(dst, '}', c^0x20)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// unescape undoes escape (binary data of X and vFile packets). A trailing
// lone '}' is an error.
func unescape(b []byte) ([]byte, error) {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '}' {
			i++
			if i == len(b) {
				return nil, fmt.Errorf("%w: escape at end of data", ErrPacket)
			}
			c = b[i] ^ 0x20
		}
		out = append(out, c)
	}
	return out, nil
}

// frame returns the packet $data#cs with data escaped.
func frame(data []byte) []byte {
	b := make([]byte, 0, len(data)+4)
	b = append(b, '$')
	b = escape(b, data)
	cs := checksum(b[1:])
	return append(b, '#', hexDigits[cs>>4], hexDigits[cs&15])
}

const hexDigits = "0123456789abcdef"

// event is what the client sent: a packet, a Ctrl-C (interrupt) or an end
// of the connection.
type event struct {
	data      []byte
	interrupt bool
	err       error
}

// reader decodes the client's byte stream: packets ($…#cs; acknowledged
// with '+', or '-' on a checksum mismatch, unless acks are off), the
// interrupt byte 0x03, and acknowledgements from the client ('-' asks for
// the last packet again).
type reader struct {
	r     *bufio.Reader
	w     *writer
	noAck bool
	mu    sync.Mutex
}

// next reads the next event. Packets are returned undecoded (escapes are
// removed only by the commands that carry binary data; RLE is never sent by
// GDB).
func (rd *reader) next() event {
	for {
		c, err := rd.r.ReadByte()
		if err != nil {
			return event{err: err}
		}
		switch c {
		case 0x03:
			return event{interrupt: true}
		case '+':
			continue
		case '-':
			rd.w.resend()
			continue
		case '$':
		default:
			continue // noise between packets
		}
		data, ok, err := readBody(rd.r)
		if err != nil {
			return event{err: err}
		}
		rd.mu.Lock()
		noAck := rd.noAck
		rd.mu.Unlock()
		if !noAck {
			ack := byte('+')
			if !ok {
				ack = '-'
			}
			if err := rd.w.raw([]byte{ack}); err != nil {
				return event{err: err}
			}
		}
		if !ok && !noAck {
			continue
		}
		return event{data: data}
	}
}

// maxPacket bounds a packet body (the PacketSize we announce is smaller).
const maxPacket = 1 << 20

// readBody reads a packet body after its '$' up to '#' and the two
// checksum digits; ok reports whether the checksum matched.
func readBody(r *bufio.Reader) (data []byte, ok bool, err error) {
	for {
		c, err := r.ReadByte()
		if err != nil {
			return nil, false, err
		}
		if c == '#' {
			break
		}
		if len(data) >= maxPacket {
			return nil, false, fmt.Errorf("%w: longer than %d bytes", ErrPacket, maxPacket)
		}
		data = append(data, c)
	}
	var cs [2]byte
	if _, err := io.ReadFull(r, cs[:]); err != nil {
		return nil, false, err
	}
	want, perr := strconv.ParseUint(string(cs[:]), 16, 8)
	return data, perr == nil && byte(want) == checksum(data), nil
}

// writer sends packets and remembers the last one for a '-' from the
// client.
type writer struct {
	mu   sync.Mutex
	w    io.Writer
	last []byte
}

func (wr *writer) raw(b []byte) error {
	wr.mu.Lock()
	defer wr.mu.Unlock()
	_, err := wr.w.Write(b)
	return err
}

func (wr *writer) packet(data []byte) error {
	f := frame(data)
	wr.mu.Lock()
	defer wr.mu.Unlock()
	wr.last = f
	_, err := wr.w.Write(f)
	return err
}

func (wr *writer) resend() {
	wr.mu.Lock()
	defer wr.mu.Unlock()
	if wr.last != nil {
		_, _ = wr.w.Write(wr.last)
	}
}
