# Numbers as text: coreutils' long double paths (printf(1), sort -g,
# seq and od -t fL go through strtold and IBM double-double on ppc64el),
# sort -h/-V/-M, numfmt, factor of 64- and 128-bit numbers, awk and
# bc/dc arithmetic, od of float bytes, expr's bignums.
printf '%s\n' 1e3 -inf 0x1p4 nan 2.5 -0 +7 1e-400 inf 1e400 abc 0.1e1 -1e-5 ' 3' | sort -g
printf '%s\n' 2K 1M 512 1.5G 3k 1T 900M 0 -1K 1E | sort -h
printf '%s\n' v1.10 v1.9 v1.10a 1.0~rc1 1.0 foo-1.2.3 foo-1.2.10 a.b 2:1 1.0-1 | sort -V
printf '%s\n' DEC jan Feb xyz mAr ' apr' JUNE | sort -M
seq 0 0.1 1; seq -w 0.5 0.25 2; seq -f '%.3e' 1 1.5 5; seq -s, 1e2 1e2 5e2; seq 10 -3 0; seq 0.1 0.1 0.3 | tail -1; seq 1 0; echo "seq $?"
seq 18446744073709551614 18446744073709551617; seq -f %g 9007199254740991 9007199254740993
env printf '%a %A %.3a\n' 1 0.1 -255.5; env printf '%.20g %.25f\n' 0.1 0.1; env printf '%g %g %g %e\n' 1e-310 1e308 1e-4950 4.9e-324
env printf '%.30Lg|%Lf|%.40Lf|%.0f|%.0f|%.0f\n' 1.1 3.25 0.1 0.5 1.5 2.5; env printf '%f %f %g\n' inf -nan 0x1.8p-1; env printf '%d %i %x %o %u\n' 0x7fffffffffffffff -1 255 8 -1
env printf '%d\n' 99999999999999999999 2>&1 | sed "s,^[^:]*printf,printf,"; echo "ovf"; env printf '%f\n' 1.5x 2>&1; echo "bad $?"; env printf '%s %5.2s| %-4d| %+.3e %#o %#x\n' abc xyz 7 12345.678 8 255
numfmt --to=iec 1023 1024 1536 1048575 1073741824 123456789012345; numfmt --to=si --format='%.2f' 999 1000 123456 -- -2500 2>&1
numfmt --from=iec-i 1Ki 2.5Mi 1Gi; numfmt --from=auto 10K 3M; numfmt --to=iec-i --suffix=B --padding=8 1000000 2>&1; numfmt --grouping 1234567 2>&1
numfmt --from=si 1Q 2>&1; echo "numfmt $?"; numfmt --round=down --to=si 1999 1001; numfmt --round=nearest --to=si 1550 1450; printf 'x 4096 y\n' | numfmt --field=2 --to=iec
factor 0 1 2 4294967291 18446744073709551615 18446744073709551557 170141183460469231731687303715884105727 340282366920938463463374607431768211455 2>&1
factor 1000000016000000063 12345678901234567890123 2>&1; factor -1 x 2>&1; echo "factor $?"
awk 'BEGIN { printf "%.17g %.17g %.17g %.17g\n", 0.1+0.2, 1/3, 2^0.5, exp(1); printf "%.15g %.15g %.15g %.15g %.15g\n", sin(1), cos(1), atan2(1, 2), log(10), sqrt(2) }'
awk 'BEGIN { printf "%d %d %.0f %g %g %g\n", 2^53+1, -7.9, 2.5, 1e300*1e300, -(1e300*1e300), log(-1) ; print 1e6, 1e16, 123456789012, 0.000001, 100/3, int(-3.7), -0 }'
awk 'BEGIN { srand(42); a = rand(); srand(42); b = rand(); print (a == b), (a >= 0 && a < 1); x = 17; print x % 5, -x % 5, 2 ** 10, 7.5 % 2 }'
printf '3 1.5\n-2 4e2\n0x10 1e-3\n' | awk '{ s += $1 * $2; printf "%s*%s=%g\n", $1, $2, $1 * $2 } END { print "sum", s }'
echo 'scale=60; 4*a(1); e(1); l(2); sqrt(2); s(1)+c(1); 2^-10; 1/7' | bc -l
echo 'scale=0; 2^300; 3^200 % 1000007; -17/5; -17%5; obase=16; 255*255; obase=2; 1023; ibase=16; obase=A; FF' | bc
echo '60 k 2 v p 1 3 / p 20 k 10 2 ^ 3 / p 2 64 ^ p 16 o 255 p 10 o _3 2 ~ f' | dc
expr 99999999999999999999999 + 1; expr 2 \* 4611686018427387904 2>&1; expr 7 / 0 2>&1; echo "expr $?"; expr -5 % 3
printf '\000\000\000\000\000\000\360\077\232\231\231\231\231\231\271\077\000\000\200\177\000\000\300\377' > fb
od -A d -t f8 fb; od -A d -t f4 fb; od -A n -t fD fb; od -A n -t x8 -t f8 -N 16 fb
printf '\000\000\000\000\000\000\360\077\000\000\000\000\000\000\260\074' > ld; od -A n -t fL ld; od -A n -t fF -N 8 ld
