# mawk 1.3.4 (Debian's default awk elsewhere; the root's awk is gawk):
# arrays, split, printf of floats and %c, regular expressions, getline
# from a command and a file, srand with a seed and rand's sequence,
# toupper, substr, a user function with recursion, -v and ENVIRON, an
# exit status, a syntax error. xxd: a dump, -i as C, -p and -r -p round
# trip, -b, -s and -l, -c and -g. sharutils: uuencode/uudecode (and -m
# base64), shar of a small tree with sh unpacking it.
printf 'alice 30 3.5\nbob 25 4.25\ncarol 35 2.0\n' > p.txt
mawk '{ s += $2; a[$1] = $3 } END { n = 0; for (k in a) n++; printf "%d %.3f %c%c\n", n, s / NR, 65, "xyz" }' p.txt
mawk 'function f(n) { return n < 2 ? n : f(n-1) + f(n-2) } BEGIN { print f(20); print toupper(substr("hello", 2, 3)); n = split("a:b::c", x, ":"); print n, x[4]; print match("foo123bar", /[0-9]+/), RSTART, RLENGTH }'
mawk 'BEGIN { srand(42); for (i = 0; i < 5; i++) printf "%d ", int(rand() * 1000); print "" }'
mawk 'BEGIN { while (("printf \"x\\ny\\n\"" | getline l) > 0) print "got", l; while ((getline l < "p.txt") > 0) c++; print c }'
mawk -v k=7 'BEGIN { print k * 6, ENVIRON["SWEEPVAR"]; exit 3 }'; echo "exit $?"
SWEEPVAR=env mawk 'BEGIN { print ENVIRON["SWEEPVAR"] }'
mawk '/^b/ { gsub(/[aeiou]/, "_"); print } $2 > 28 { print NR": "$1 }' p.txt
mawk 'BEGIN { printf "%5.2e|%-6s|%06.1f|%x|%o\n", 12345.678, "ab", 3.14159, 255, 8 }'
mawk 'BEGIN { x = ' 2>&1 | sed 's/line [0-9]*/line N/'; echo "syntax $?"
mawk -W version 2>&1 | head -1
seq 1 40 > s.txt; xxd s.txt | head -3; xxd -i -l 12 s.txt; xxd -p s.txt | xxd -r -p | cmp - s.txt && echo roundtrip
xxd -b -l 4 s.txt; xxd -s 10 -l 16 -c 8 -g 2 s.txt; xxd -u -l 8 s.txt; printf '0000: 41 42 43\n' | xxd -r; echo
uuencode p.txt p.txt > p.uu; head -1 p.uu; mkdir u; (cd u && uudecode ../p.uu && cmp p.txt ../p.txt && echo uudecoded)
uuencode -m p.txt data | head -2; uuencode -m p.txt data | uudecode -o - | md5sum
mkdir -p tree/sub; echo one > tree/a; printf 'two\n\tthree\n' > tree/sub/b
shar -q -T tree/a tree/sub/b > t.shar 2>/dev/null; echo "shar $?"; mkdir un; (cd un && sh ../t.shar >/dev/null 2>&1; find . -type f | sort | xargs cat)
