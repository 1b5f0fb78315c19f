echo '2^100' | bc; echo 'scale=30; 4*a(1)' | bc -l; echo 'scale=10; sqrt(2); e(1); l(10); s(1); c(1)' | bc -l
printf 'define f(n) { if (n < 2) return n; return f(n-1) + f(n-2); }\nf(20)\nobase=16\n255\nibase=2\n1010\n' | bc
echo 'x = 5; x++; x; --x; 10 % 3; -7 / 2; scale=3; 1/3' | bc; echo '1/0' | bc 2>&1; echo "bc $?"
echo 'for (i = 1; i <= 5; i++) { print i, " "; }; print "\n"' | bc; echo 'length(12345.678); scale(1.2345)' | bc
echo '2 3 ^ p 10 k 2 v p 16 o 255 p' | dc; echo '[dd*p1+d10>a]sa 1 lax' | dc | tr '\n' ' '; echo
echo '100 3 / p 100 3 % p 3 k 100 3 / p _5 2 * p' | dc; echo '1 2 3 f c z p' | dc; echo 'p' | dc 2>&1; echo "dc $?"
echo '99999999999999999999 * 99999999999999999999' | bc; echo '12345678901234567890 987654321 ~ f' | dc
