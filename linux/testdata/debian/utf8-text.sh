# Text tools under LC_ALL=C.UTF-8 (the root's only UTF-8 locale) on
# multibyte input: sort and its collation, uniq -i, wc -m/-L, cut -c,
# fold, expand, tr's bytes, sed and grep on characters, gawk's length,
# substr, toupper and printf widths, printf(1), expr, column, rev, iconv
# to UTF-16 and back, ls's sorting, and Python's and Perl's view of the
# same strings.
printf 'zebra\nÄpfel\napple\nÉcole\nécole\nZürich\n\tcafé\nnaïve\n日本語\nabc\n' > u.txt
export LC_ALL=C.UTF-8
sort u.txt | od -c | head -3 | wc -l; sort u.txt; sort -f u.txt | head -3; sort -r u.txt | head -2
printf 'Straße\nSTRASSE\nstraße\n' | sort | uniq -i -c
wc -m u.txt; wc -c u.txt; wc -L u.txt; LC_ALL=C wc -m u.txt
cut -c1-3 u.txt | head -4; cut -b1-2 u.txt | head -2 | od -An -tx1
echo 'ÄÖÜäöüß日本語テキスト' | fold -w 4; printf 'a\tä\tz\n' | expand -t 4
echo 'Ä-b' | tr 'b' 'B'; echo 'abc' | tr 'a-c' 'A-C'
echo 'Ärger über Öl' | sed 's/[[:upper:]]/X/g; s/./&-/3'; echo 'naïve café' | grep -o '[[:alpha:]]*' ; echo 'é' | grep -c '^.$'
gawk '{ printf "%-8s|%3d|%s|%s\n", $0, length($0), substr($0, 2, 2), toupper($0) }' u.txt
gawk 'BEGIN { s = "日本語"; print index(s, "語"), match(s, /本/), RSTART, RLENGTH; printf "%c\n", 0x263A }'
gawk -b 'BEGIN { print length("日本語") }'
printf '%5s|%-5s|%.2s\n' 'ä' 'ö' 'äöü'; expr length 'äöü'; expr substr 'äöüx' 2 2
printf 'name\tcity\nJürgen\tMünchen\n李\t北京\n' | column -t -s "$(printf '\t')"
echo 'äbc日' | rev
printf 'Grüße 日本\n' | iconv -f UTF-8 -t UTF-16LE | od -An -tx1 | head -2; printf 'Grüße\n' | iconv -f UTF-8 -t UTF-16 | iconv -f UTF-16 -t UTF-8
printf '\377\376' | iconv -f UTF-8 -t UTF-16LE 2>&1 | sed 's/^iconv: //'; echo "iconv-bad $?"
printf 'x\344y\n' | sed 's/./_/g' | od -c | head -1; printf 'x\344y\n' | grep -c 'x.y'; printf 'x\344y\n' | wc -m
mkdir d; for f in b ä a Z é; do : > "d/$f"; done; ls d | tr '\n' ' '; echo; LC_ALL=C ls d | tr '\n' ' '; echo
python3 -c 'import sys, locale, unicodedata; s = open("u.txt", encoding="utf-8").read().split(); print(locale.getlocale(), sys.getfilesystemencoding(), sorted(s, key=locale.strxfrm)[:4], [unicodedata.normalize("NFD", w) == w for w in s[:3]], "ß".upper(), "İ".lower().encode())'
perl -CSD -Mutf8 -e 'my @w = ("Äpfel", "zebra", "日本語"); printf "%s %d %s\n", $_, length, uc for @w; print join(",", sort @w), "\n"; print scalar reverse("äbc"), "\n"'
