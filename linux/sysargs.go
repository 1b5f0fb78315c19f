//go:build linux

package linux

// sysArgs holds a system call's six argument registers (r3 to r8). Its
// accessors read one argument as the kernel's prototype declares it: a C
// int or pid_t is the low 32 bits, sign-extended (the powerpc64 kernel's
// syscall wrappers truncate them so); an unsigned int the low 32 bits; a
// long, pointer or size_t the whole register.
type sysArgs [6]uint64

// Int is argument i as a C int (or pid_t, clockid_t, timer_t).
func (a *sysArgs) Int(i int) int { return int(int32(a[i])) }

// Uint is argument i as a C unsigned int (or u32).
func (a *sysArgs) Uint(i int) uint32 { return uint32(a[i]) }

// Fd is argument i as a file descriptor (an int): the guest's number.
func (a *sysArgs) Fd(i int) int { return int(int32(a[i])) }

// Ptr is argument i as a guest address.
func (a *sysArgs) Ptr(i int) uint64 { return a[i] }

// Size is argument i as a size_t (or unsigned long).
func (a *sysArgs) Size(i int) uint64 { return a[i] }

// Long is argument i as a long (or off_t, loff_t).
func (a *sysArgs) Long(i int) int64 { return int64(a[i]) }

// Ulong is argument i as an unsigned long (or a 64-bit flags word).
func (a *sysArgs) Ulong(i int) uint64 { return a[i] }
