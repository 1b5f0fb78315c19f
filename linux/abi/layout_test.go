package abi

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLayoutOffsets checks the guest layouts against the offsets of the
// powerpc64 uapi headers: for each structure its size, and the offset of
// one field set to a marker, in both byte orders, and that decoding gives
// the value back.
func TestLayoutOffsets(t *testing.T) {
	for _, c := range []layoutCase{
		row("stat.st_rdev", StatLayout, Stat{Rdev: marker}, 144, 40, 8),
		row("stat.st_atime_nsec", StatLayout, Stat{Atime: Timespec{Nsec: marker}}, 144, 80, 8),
		row("stat.st_gid", StatLayout, Stat{GID: marker32}, 144, 32, 4),
		row("msghdr.msg_controllen", MsghdrLayout, Msghdr{Controllen: marker}, 56, 40, 8),
		row("msghdr.msg_flags", MsghdrLayout, Msghdr{Flags: marker32}, 56, 48, 4),
		row("mmsghdr.msg_len", MmsghdrLayout, Mmsghdr{Len: marker32}, 64, 56, 4),
		row("timex.tai", TimexLayout, Timex{Tai: marker32}, 208, 160, 4),
		row("timex.time.tv_usec", TimexLayout, Timex{Time: Timeval{Usec: marker}}, 208, 80, 8),
		row("sysinfo.procs", SysinfoLayout, Sysinfo{Procs: marker16}, 112, 80, 2),
		row("sysinfo.mem_unit", SysinfoLayout, Sysinfo{MemUnit: marker32}, 112, 104, 4),
		row("rusage.ru_maxrss", RusageLayout, Rusage{Maxrss: marker}, 144, 32, 8),
		row("epoll_event.data", EpollEventLayout, EpollEvent{Data: marker}, 16, 8, 8),
		row("futex_waitv.uaddr", FutexWaitvLayout, FutexWaitv{Uaddr: marker}, 24, 8, 8),
		row("futex_waitv.flags", FutexWaitvLayout, FutexWaitv{Flags: marker32}, 24, 16, 4),
		row("open_how.resolve", OpenHowLayout, OpenHow{Resolve: marker}, 24, 16, 8),
		row("stack_t.ss_size", StackTLayout, StackT{Size: marker}, 24, 16, 8),
		row("sigevent.sigev_notify_thread_id", SigeventLayout, Sigevent{Tid: marker32}, 64, 16, 4),
		row("mq_attr.mq_curmsgs", MqAttrLayout, MqAttr{Curmsgs: marker}, 64, 24, 8),
		row("signalfd_siginfo.ssi_addr", SignalfdSiginfoLayout, SignalfdSiginfo{Addr: marker}, 128, 72, 8),
		row("utsname.machine", UtsnameLayout, func() Utsname { var v Utsname; copy(v.Machine[:], "ppc"); return v }(), 390, 260, 3),
		row("itimerspec.it_value.tv_sec", ItimerspecLayout, Itimerspec{Value: Timespec{Sec: marker}}, 32, 16, 8),
		row("itimerval.it_value.tv_usec", ItimervalLayout, Itimerval{Value: Timeval{Usec: marker}}, 32, 24, 8),
		row("file_handle.handle_type", FileHandleLayout, FileHandle{Type: marker32}, 8, 4, 4),
		row("utimbuf.modtime", UtimbufLayout, Utimbuf{Modtime: marker}, 16, 8, 8),
		row("iocb.aio_lio_opcode", IocbLayout, Iocb{Opcode: marker16}, 64, 16, 2),
		row("iocb.aio_resfd", IocbLayout, Iocb{Resfd: marker32}, 64, 60, 4),
		row("io_event.res2", IoEventLayout, IoEvent{Res2: marker}, 32, 24, 8),
		row("aio_ring.header_length", AioRingLayout, AioRing{HeaderLength: marker32}, 32, 28, 4),
		row("termios.c_ispeed", TermiosLayout, Termios{Ispeed: marker32}, 44, 36, 4),
		row("siginfo.si_value", SiginfoLayout, Siginfo{Value: marker}, 128, 24, 8),
		row("flock.l_start", FlockLayout, Flock{Start: marker}, 32, 8, 8),
		row("flock.l_pid", FlockLayout, Flock{Pid: marker32}, 32, 24, 4),
		row("f_owner_ex.pid", FOwnerExLayout, FOwnerEx{Pid: marker32}, 8, 4, 4),
		row("sched_param.sched_priority", SchedParamLayout, SchedParam{Priority: marker32}, 4, 0, 4),
		row("ucred.gid", UcredLayout, Ucred{GID: marker32}, 12, 8, 4),
		row("nlmsghdr.nlmsg_flags", NlMsghdrLayout, NlMsghdr{Flags: marker16}, 16, 6, 2),
		row("unix_diag_req.udiag_ino", UnixDiagReqLayout, UnixDiagReq{Ino: marker32}, 24, 8, 4),
		row("unix_diag_req.udiag_show", UnixDiagReqLayout, UnixDiagReq{Show: marker32}, 24, 12, 4),
		row("unix_diag_msg.udiag_ino", UnixDiagMsgLayout, UnixDiagMsg{Ino: marker32}, 16, 4, 4),
		row("rtattr.rta_type", RtattrLayout, Rtattr{Type: marker16}, 4, 2, 2),
		row("sched_attr.sched_priority", SchedAttrLayout, SchedAttr{Priority: marker32}, 56, 20, 4),
		row("sched_attr.sched_period", SchedAttrLayout, SchedAttr{Period: marker}, 56, 40, 8),
		row("sched_attr.sched_util_max", SchedAttrLayout, SchedAttr{UtilMax: marker32}, 56, 52, 4),
		row("pollfd.revents", PollfdLayout, Pollfd{Revents: marker16}, 8, 6, 2),
		row("siginfo.si_addr", SiginfoFaultLayout, SiginfoFault{Addr: marker}, 128, 16, 8),
		row("rseq_cs.abort_ip", RseqCSLayout, RseqCS{AbortIP: marker}, 32, 24, 8),
		row("func_desc.toc", FuncDescLayout, FuncDesc{TOC: marker}, 16, 8, 8),
		row("auxv.a_val", AuxvLayout, Auxv{Val: marker}, 16, 8, 8),
		row("siginfo._sigchld.si_status", SiginfoChldLayout, SiginfoChld{Status: marker32}, 128, 24, 4),
		row("siginfo._sigchld.si_stime", SiginfoChldLayout, SiginfoChld{Stime: marker}, 128, 40, 8),
		row("siginfo._sigpoll.si_band", SiginfoPollLayout, SiginfoPoll{Band: marker}, 128, 16, 8),
		row("siginfo._sigpoll.si_fd", SiginfoPollLayout, SiginfoPoll{Fd: marker32}, 128, 24, 4),
		row("siginfo._sigsys._call_addr", SiginfoSysLayout, SiginfoSys{CallAddr: marker}, 128, 16, 8),
		row("siginfo._sigsys._syscall", SiginfoSysLayout, SiginfoSys{Syscall: marker32}, 128, 24, 4),
		row("siginfo._sigsys._arch", SiginfoSysLayout, SiginfoSys{Arch: marker32}, 128, 28, 4),
		row("sock_fprog.filter", SockFprogLayout, SockFprog{Filter: marker}, 16, 8, 8),
		row("sock_filter.k", SockFilterLayout, SockFilter{K: marker32}, 8, 4, 4),
		row("seccomp_notif_sizes.seccomp_data", SeccompNotifSizesLayout, SeccompNotifSizes{Data: marker16}, 6, 4, 2),
		row("linux_dirent64.d_reclen", Dirent64Layout, Dirent64{Reclen: marker16}, 24, 16, 2),
		row("linux_dirent64.d_off", Dirent64Layout, Dirent64{Off: marker}, 24, 8, 8),
		row("ucontext.uc_sigmask", UcontextHeadLayout, UcontextHead{Sigmask: marker}, UcMcontext-15*8, UcSigmask, 8),
		row("sigcontext.regs", SigcontextHeadLayout, SigcontextHead{Regs: marker}, ScGPRegs, ScRegs, 8),
		row("sigcontext.signal", SigcontextHeadLayout, SigcontextHead{Signal: marker32}, ScGPRegs, ScSignal, 4),
		row("Elf64_Nhdr.n_type", ElfNhdrLayout, ElfNhdr{Type: marker32}, 12, 8, 4),
	} {
		for _, o := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			b, diff := c.enc(o)
			if len(b) != c.size {
				t.Errorf("%s: size %d, want %d", c.name, len(b), c.size)
				continue
			}
			want := make([]byte, c.size)
			switch c.width {
			case 2:
				o.PutUint16(want[c.off:], marker16)
			case 4:
				o.PutUint32(want[c.off:], marker32)
			case 8:
				o.PutUint64(want[c.off:], marker)
			default:
				copy(want[c.off:], "ppc")
			}
			if !bytes.Equal(b, want) {
				t.Errorf("%s (%v): encoded\n% x\nwant\n% x", c.name, o, b, want)
			}
			if diff != "" {
				t.Errorf("%s (%v): decoded value differs (-want +got):\n%s", c.name, o, diff)
			}
		}
	}
}

// layoutCase is one structure with one field set to a marker: its size,
// the marker's offset and width, and its encoding in byte order o with the
// difference between the value and its decoding.
type layoutCase struct {
	name             string
	size, off, width int
	enc              func(o binary.ByteOrder) ([]byte, string)
}

func row[T any](name string, l *Layout[T], v T, size, off, width int) layoutCase {
	return layoutCase{name, size, off, width, func(o binary.ByteOrder) ([]byte, string) {
		b := l.Bytes(o, &v)
		var w T
		l.Decode(o, b, &w)
		return b, cmp.Diff(v, w)
	}}
}

const (
	marker   = 0x0102030405060708
	marker32 = 0x01020304
	marker16 = 0x0102
)

// TestLayoutAlignment checks the ABI's alignment rules on a struct whose
// padding is not declared: the u64 goes to offset 8, the size rounds up to
// 24.
func TestLayoutAlignment(t *testing.T) {
	type s struct {
		A uint32
		B uint64
		C uint16
	}
	l := NewLayout[s]()
	if l.Size() != 24 {
		t.Fatalf("size %d, want 24", l.Size())
	}
	v := s{A: 1, B: 2, C: 3}
	want := []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 3, 0, 0, 0, 0, 0, 0}
	if got := l.Bytes(binary.BigEndian, &v); !bytes.Equal(got, want) {
		t.Errorf("encoded % x, want % x", got, want)
	}
	// Encoding into a used buffer writes the padding as zeros too.
	dirty := bytes.Repeat([]byte{0xff}, 24)
	l.Encode(binary.BigEndian, dirty, &v)
	if !bytes.Equal(dirty, want) {
		t.Errorf("encoded into a used buffer % x, want % x", dirty, want)
	}
}

// TestCoreLayouts: the sizes and offsets of the core file's structures on
// powerpc64 (GDB's ppc64 core support reads a 504-byte prstatus with pr_reg
// at 112; elf_prpsinfo is 136 bytes with pr_fname at 40).
func TestCoreLayouts(t *testing.T) {
	if got := ElfPrstatusLayout.Size(); got != 504 {
		t.Errorf("elf_prstatus: %d bytes, want 504", got)
	}
	if got := ElfPrpsinfoLayout.Size(); got != 136 {
		t.Errorf("elf_prpsinfo: %d bytes, want 136", got)
	}
	b := make([]byte, 504)
	var st ElfPrstatus
	st.Reg[0] = 0xaa
	st.Fpvalid = 1
	ElfPrstatusLayout.Encode(binary.BigEndian, b, &st)
	if b[112] != 0xaa || b[499] != 1 {
		t.Errorf("elf_prstatus: pr_reg or pr_fpvalid misplaced: % x", b[108:])
	}
	p := make([]byte, 136)
	ps := ElfPrpsinfo{Fname: [16]byte{'x'}, Pid: 7}
	ElfPrpsinfoLayout.Encode(binary.BigEndian, p, &ps)
	if p[40] != 'x' || p[27] != 7 {
		t.Errorf("elf_prpsinfo: pr_fname or pr_pid misplaced: % x", p)
	}
}
