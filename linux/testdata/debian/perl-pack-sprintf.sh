# Perl's pack/unpack of every template (both byte orders, counts, groups,
# modifiers), sprintf of floats and integers at their edges, numeric
# sort, string/number conversions, Math::BigInt/BigFloat, POSIX's libm,
# Data::Dumper of floats, Storable's nstore/retrieve of numbers,
# Time::HiRes's calls (no timed output).
cat > p.pl <<'P'
use strict; use warnings; no warnings 'portable'; use POSIX (); use Data::Dumper; use Storable qw(nstore retrieve freeze thaw); use Time::HiRes qw(usleep gettimeofday tv_interval clock_gettime CLOCK_MONOTONIC);
$Data::Dumper::Sortkeys = 1; $Data::Dumper::Useqq = 1; $Data::Dumper::Indent = 1;
my @t = (["a5", "hi"], ["A5", "hi"], ["Z5", "hi"], ["Z*", "hey"], ["b12", "101100111000"], ["B12", "101100111000"], ["h5", "a1b2c"], ["H5", "a1b2c"],
  ["c3", -1, 127, -128], ["C3", 0, 200, 255], ["W2", 300, 65], ["U2", 0x263a, 0x10ffff], ["s2", -2, 32767], ["S<2", 1, 65535], ["s>", -2], ["l<", -3], ["l>", -3], ["L!", 4000000000],
  ["q<", -5], ["Q>", 18446744073709551615], ["j", -9223372036854775808], ["J", 18446744073709551615], ["i!2", -7, 7], ["I", 4294967295], ["n2", 1, 65535], ["N", 0xdeadbeef], ["v2", 1, 2], ["V", 0xdeadbeef],
  ["n!", -2], ["N!", -2], ["v!", -2], ["V!", -2], ["f<", 1.5], ["f>", -0.1], ["d<", 0.1], ["d>", 1e300], ["F", 2.5], ["w3", 0, 127, 16384], ["w", "123456789012345678901234567890"],
  ["x2 C", 7], ["C x!8 C", 1, 2], ["C3 X2 C", 1, 2, 3, 4], ["C @4 C", 9, 8], ["(C n)2", 1, 2, 3, 4], ["n/a*", "abc"], ["C/a", "xyz"], ["(s l)<", -2, -3], ["(s l)>", -2, -3], ["a3 .", "abc", 1], ["u", "hello world, this is uuencoded text!"]);
for my $t (@t) { my ($f, @v) = @$t; my $p = pack($f, @v); my @u = eval { unpack($f, $p) }; printf "%-10s %s -> %s\n", $f, unpack("H*", $p), join(",", map { defined $_ ? $_ : "undef" } @u) }
print join(",", unpack("%32C*", "abc"), unpack("%8b*", "\xff\x01"), unpack("x3 a2", "abcdefg"), unpack('@2 a1 @0 a1', "wxyz"), unpack("(a2)*", "aabbc"), unpack("N/a*", pack("N/a*", "counted"))), "\n";
for my $bad (["q", "x"], ["Y", 1], ["a*X5", "ab"], ["@-1", 1]) { my ($f, @v) = @$bad; no warnings; my $r = eval { unpack("H*", pack($f, @v)) }; (my $e = $@ || "ok:$r\n") =~ s/ at .*//s; print "$f: $e\n" }
my @f = (0, -0.0, 0.1, 1/3, 2**53, 2**53 + 1, 2**64, 1e21, 1e-5, 5e-324, 1.7976931348623157e308, 9**9**9, -9**9**9, (9**9**9) / (9**9**9), 123456789.987654321, 0.5, 1.5, 2.5, -2.5, 1e15 + 0.3);
for my $x (@f) { printf "%s|%.0f|%.3f|%e|%.15g|%g|%G|%.17g|%a|%d|%s\n", $x, $x, $x, $x, $x, $x, $x, $x, $x, (abs($x) < 1e18 ? $x : 0), $x + 0 }
printf "%s %s %s %s %s %s\n", 0.1 + 0.2, 1e16, 1e15, 3.0, -1e-7, 100 * 1.15; printf "%b %o %x %X %#b %#o %#x %+d % d %05d %-5d| %5s %-5s| %.2s %c %%\n", 10, 8, 255, 255, 5, 8, 255, 3, 3, 42, 42, "ab", "cd", "xyz", 65;
printf "%v d %vd %s %*d %-*d| %.*f %2\$s %1\$s\n", "1.2.3", "1.22.333", "x", 4, 7, 3, 8, 2, 3.14159; printf "%s %s %s %s\n", 18446744073709551615, 18446744073709551616, -9223372036854775808, 0xffffffffffffffff;
{ no warnings; print join(" ", "3abc" + 0, "0x1A" + 0, hex("0x1A"), oct("0b101"), oct("0o17"), oct("755"), "1e3" * 1, " 12 " + 0, "inf" + 0, "nan" + 0, "-" + 0, ".5" + 0, "1_000" + 0, 1_000), "\n" }
print join(",", sort { $a <=> $b } (10, 9, -1, 2.5, 1e3, 0, -0.5, 1e-3)), " ", join(",", sort (10, 9, -1, 2.5, 1e3)), " ", join(",", reverse sort { $a <=> $b } 3, 11, 2), "\n";
print join(" ", 7 / 2, int(7 / 2), int(-7 / 2), -7 % 3, 7 % -3, 2 ** 10, 2 ** 0.5, 2 ** -1, 10 % 3.7, abs(-3), sqrt(16), exp(1), log(10), atan2(1, 1) * 4, sin(1), cos(1), "0 but true" + 5, ~0, -(~0), 1 << 63, 1 << 64, 255 >> 3), "\n";
{ use integer; print join(" ", 7 / 2, -7 / 2, -7 % 3, ~0, 2 ** 62 * 2), "\n" }
print join(" ", POSIX::floor(-2.5), POSIX::ceil(-2.5), POSIX::fmod(-10, 3), POSIX::strtod("12.5e1xyz"), POSIX::strtol("0x1f", 0), POSIX::strtoul("777", 8), POSIX::ldexp(1, 60), POSIX::frexp(48), POSIX::modf(-3.75), POSIX::pow(2, 0.5), POSIX::DBL_MAX, POSIX::DBL_MIN, POSIX::DBL_EPSILON, POSIX::LONG_MAX, POSIX::INT_MIN, POSIX::FLT_MAX, POSIX::round(2.5), POSIX::trunc(-2.7), POSIX::cbrt(27), POSIX::expm1(1e-10), POSIX::lround(-3.5), POSIX::copysign(1, -0.0), POSIX::nextafter(1, 2), POSIX::remainder(7, 2), POSIX::ilogb(1000), POSIX::fpclassify(5e-324), POSIX::signbit(-0.0) ? 1 : 0), "\n";
use Math::BigInt; use Math::BigFloat; my $b = Math::BigInt->new(2)->bpow(200); print "$b ", $b->copy->bsqrt, " ", Math::BigInt->new("123456789012345678901234567890")->bmul("987654321098765432109876543210"), " ", Math::BigInt->new(100)->bfac->length, " ", Math::BigInt->new(-17)->bdiv(5), " ", Math::BigInt->new(-17)->bmod(5), " ", Math::BigInt->from_hex("ffffffffffffffffffff"), "\n";
print Math::BigFloat->new(2)->bsqrt(60), " ", Math::BigFloat->new(1)->bdiv(7, 40), " ", Math::BigFloat->bpi(50), " ", Math::BigFloat->new("0.1")->bmul("0.2"), " ", Math::BigFloat->new(10)->blog(undef, 30), "\n";
my $d = { f => [0.1, 1e100, -0.0, 2**63, 1/7, "1.50", 1e-300], s => "tab\there\x{263a}", i => [-1, 18446744073709551615, 9223372036854775807], n => undef }; print Dumper($d);
nstore($d, "s.bin") or die; my $r = retrieve("s.bin"); print join(",", @{$r->{f}}, @{$r->{i}}), " ", unpack("H*", substr(freeze([1.5, -2, 2**40, "x"]), 0, 0)), length(freeze([1.5])) > 0 ? "frozen" : "", " ", join(",", @{thaw(freeze([1.5, -2, 2**40, "x"]))}), " ", (-s "s.bin" > 0 ? "stored" : ""), "\n";
my $t0 = [gettimeofday]; usleep(20000); my $el = tv_interval($t0); print "slept ", ($el >= 0.019 ? "enough" : "short $el"), "\n"; my $m1 = clock_gettime(CLOCK_MONOTONIC); my $m2 = clock_gettime(CLOCK_MONOTONIC); print "monotonic ", ($m2 >= $m1 ? "ok" : "back"), " ", (Time::HiRes::d_nanosleep() ? "nanosleep" : ""), " ", (Time::HiRes::d_clock_nanosleep() ? "clock_nanosleep" : ""), "\n";
Time::HiRes::nanosleep(1000); Time::HiRes::ualarm(0); my @st = Time::HiRes::stat("s.bin"); print "hires stat ", scalar(@st), "\n";
P
perl p.pl 2>&1
