# perl 5.36's prove (TAP::Harness) running a small test suite: Test::More
# (ok, is, is_deeply, like, subtest, skip, TODO, done_testing), a failing
# test with its diagnostics, a test that dies, a bad plan, prove -v, -j2
# (parallel, forked jobs), -l (lib/), -r, a shell test through --exec, and
# a missing test (its stack trace's heap addresses left out: qemu-user's
# heap is elsewhere). The timing line is left out.
mkdir -p suite/t/sub suite/lib/Tiny && cd suite
printf 'package Tiny::Calc;\nuse strict;\nsub add { $_[0] + $_[1] }\nsub div { die "division by zero\\n" unless $_[1]; $_[0] / $_[1] }\n1;\n' > lib/Tiny/Calc.pm
cat > t/01-basic.t <<'T'
use strict; use warnings; use Test::More;
use_ok('Tiny::Calc');
is(Tiny::Calc::add(2, 3), 5, 'add');
is_deeply([map { $_ * 2 } 1..3], [2, 4, 6], 'map');
like("hello world", qr/wor/, 'like');
subtest 'nested' => sub { plan tests => 2; ok(1, 'inner one'); cmp_ok(3, '<', 4, 'inner two') };
SKIP: { skip 'no frobnicator', 2 unless 0; ok(0); ok(0) }
TODO: { local $TODO = 'not yet'; is(Tiny::Calc::div(1, 4), 0.5, 'quarter'); ok(0, 'unfinished') }
eval { Tiny::Calc::div(1, 0) }; is($@, "division by zero\n", 'dies');
done_testing();
T
printf 'use Test::More tests => 3;\nok(1, "one");\nis(1 + 1, 3, "arithmetic");\nok(1, "three");\n' > t/02-fail.t
printf 'use Test::More tests => 2;\nok(1, "first");\ndie "boom\\n";\n' > t/03-die.t
printf 'use Test::More tests => 4;\nok(1) for 1..2;\n' > t/sub/04-plan.t
mkdir x; printf 'echo 1..2; echo ok 1 - from sh; echo not ok 2 - also\n' > x/raw.sh
strip() { sed -E 's/^Files=([0-9]+), Tests=([0-9]+), .*/Files=\1, Tests=\2/; s/ [0-9]+ wallclock secs.*//'; }
prove -lv t/01-basic.t 2>&1 | strip
prove -l -r -j2 t > ../j2.out 2>&1; echo "prove -j2 $?"; strip < ../j2.out | sort
prove --exec sh x/raw.sh > ../x.out 2>&1; echo "exec $?"; strip < ../x.out
prove nosuch.t > ../n.out 2>&1; echo "nosuch $?"; sed 's/0x[0-9a-f]*/ADDR/g' ../n.out | strip
