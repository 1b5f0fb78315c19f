printf 'b 2\na 1\nc 3\n' > f
perl -lane 'print "$F[1]:$F[0]"' f; perl -i.bak -pe 's/(\d)/<$1>/; tr/a-z/A-Z/' f; cat f f.bak | tr '\n' ' '; echo
cat > p.pl <<'P'
use strict; use warnings;
use POSIX qw(floor ceil strftime fmod);
use Data::Dumper; use Storable qw(freeze thaw nstore retrieve);
use Digest::MD5 qw(md5_hex); use List::Util qw(sum max first);
use Time::Local qw(timegm); use Encode qw(encode decode);
use File::Temp qw(tempdir); use File::Path qw(make_path); use File::Find;
use threads; use threads::shared;
printf "%.3f %x %s\n", atan2(1, 1) * 4, 255, join ",", map { $_ ** 2 } 1 .. 5;
print floor(-2.5), " ", ceil(2.1), " ", strftime("%Y-%m-%d %H:%M:%S", gmtime(86400 * 365)), " ", fmod(10, 3), "\n";
$Data::Dumper::Sortkeys = 1; $Data::Dumper::Indent = 1; print Dumper({a => [1, 2], b => {c => undef}, d => "x"});
my $r = thaw(freeze({k => [1 .. 3]})); print "@{$r->{k}}\n"; nstore([4, 5], "s.bin"); print "@{retrieve('s.bin')}\n";
print md5_hex("abc"), " ", sum(1 .. 100), " ", max(3, 9, 2), " ", first { $_ > 3 } 1 .. 9; print " ", timegm(0, 0, 0, 1, 0, 2000), "\n";
print length(encode("UTF-8", "\x{263a}\x{e9}")), " ", length(decode("UTF-8", "\xc3\xa9")), "\n";
my $d = tempdir(CLEANUP => 1); make_path("$d/a/b"); open my $fh, ">", "$d/a/b/x" or die; close $fh;
my @f; find(sub { push @f, $File::Find::name =~ s/^\Q$d\E//r }, $d); print join(" ", sort @f), "\n";
my %h; $h{$_ % 7} .= $_ for 1 .. 30; print map({ "$_=$h{$_} " } sort keys %h), "\n";
pipe my $rd, my $wr or die; my $p = fork;
if (!$p) { close $rd; print $wr "from child\n"; exit 7 }
close $wr; print <$rd>; waitpid $p, 0; print "child ", $? >> 8, "\n";
print `echo backtick`; system("sh", "-c", "exit 4"); print $? >> 8, "\n";
open my $ph, "-|", "printf", "%s\n", "piped" or die; print <$ph>; close $ph;
my @t = map { threads->create(sub { my $n = shift; my $s = 0; $s += $_ for 1 .. $n; $s }, $_ * 100) } 1 .. 3; print join(" ", map { $_->join } @t), "\n";
my $c :shared = 0; $_->join for map { threads->create(sub { for (1 .. 50) { lock $c; $c++ } }) } 1 .. 3; print "$c\n";
{ no warnings; my @a = (1); print $a[3] // "undef", "\n"; }
$SIG{ALRM} = sub { print "alarm\n"; exit 3 }; alarm 1; sleep 5; print "not reached\n";
P
perl p.pl; echo "status $?"; perl -e 'die "oops\n"'; echo "die $?"; perl -we 'my @a = (1); print $a[3] + 1, "\n"' 2>&1
