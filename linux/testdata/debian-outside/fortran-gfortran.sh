# gfortran 12 in the guest (f951, as, collect2 and ld as child processes)
# building a program with a module, allocatable arrays, complex numbers,
# intrinsics (matmul, dot_product, sum, maxloc, transpose), formatted and
# list-directed output, an internal write, a recursive function, integer
# kinds and an error stop's status; with -fopenmp a parallel loop on two
# threads with a reduction (libgomp's futexes); a compile error; -O2 and
# -fcheck=bounds catching an out-of-bounds index at run time. The
# backtrace's addresses are left out: qemu-user loads a PIE at its own
# base, Linux 6.1 (and ppc64emu) at ELF_ET_DYN_BASE, 0x100000000.
cat > m.f90 <<'E'
module stats
  implicit none
contains
  pure function mean(x) result(m)
    real(8), intent(in) :: x(:)
    real(8) :: m
    m = sum(x) / size(x)
  end function
  recursive function fact(n) result(f)
    integer(8), intent(in) :: n
    integer(8) :: f
    if (n <= 1) then
      f = 1
    else
      f = n * fact(n - 1)
    end if
  end function
end module
program p
  use stats
  implicit none
  real(8), allocatable :: a(:), m(:,:)
  complex(8) :: z
  integer :: i
  character(len=40) :: s
  allocate(a(10), m(3,3))
  a = [(dble(i)**2, i = 1, 10)]
  print '(a, f12.4)', 'mean ', mean(a)
  print '(a, i0)', 'maxloc ', maxloc(a, 1)
  m = reshape([(dble(i), i = 1, 9)], [3, 3])
  print '(3f8.2)', matmul(m, transpose(m))
  print '(a, f10.3)', 'dot ', dot_product(a(1:3), a(4:6))
  z = cmplx(1d0, 2d0, 8) ** 3
  print '(a, 2f10.4)', 'z ', real(z), aimag(z)
  print '(a, es14.6)', 'sqrt2 ', sqrt(2d0)
  print '(a, i0)', '20! ', fact(20_8)
  write(s, '(i5.5, a, f6.2)') 42, '|', 3.14159d0
  print '(a)', trim(s)
  print *, 'list', 1, 2.5d0, .true.
  print '(a, i0)', 'huge ', huge(1_8)
  deallocate(a, m)
  error stop 3
end program
E
gfortran -O2 -o p m.f90; echo "gfortran $?"; ./p 2>&1 | sed 's/0x[0-9a-f]*/ADDR/'; ./p >/dev/null 2>&1; echo "p $?"
cat > o.f90 <<'E'
program o
  use omp_lib
  implicit none
  integer :: i
  integer(8) :: s
  s = 0
  call omp_set_num_threads(2)
!$omp parallel do reduction(+:s)
  do i = 1, 2000000
    s = s + mod(i, 7)
  end do
!$omp end parallel do
  print '(a, i0)', 'sum ', s
!$omp parallel
!$omp single
  print '(a, i0)', 'threads ', omp_get_num_threads()
!$omp end single
!$omp end parallel
end program
E
gfortran -fopenmp -O2 -o o o.f90; echo "openmp $?"; ./o
printf 'program b\ninteger :: a(3), i\ni = 5\na(i) = 1\nprint *, a(1)\nend program\n' > b.f90
gfortran -fcheck=bounds -o b b.f90 2>/dev/null; ./b 2>&1 | grep -v '^#' | head -3; echo "bounds $?"
printf 'program e\nx = \nend program\n' > e.f90; gfortran -c e.f90 2>&1; echo "error $?"
