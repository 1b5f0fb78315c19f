printf 'one\ntwo\nthree\n' > f; cp f g
sed -i 's/t\(.\)/T\1/' f; cat f; sed -i.orig -e '1i\
first' -e '$a last' g; cat g g.orig | tr '\n' ' '; echo
sed -n '/one/,/two/{=;p}' g; sed -E 's/(o+)/[\1]/g; y/abc/xyz/' g; sed '2q' g; sed -s -n '$p' f g; sed 'N;N;s/\n/,/g' f
printf 'a\tb\nc\td\n' | sed -z 's/\n/|/g'; echo; echo hello | sed 's/l/L/2'; echo path/to/x | sed 's|/|\\|g'
gawk 'BEGIN { printf "%5.2f|%-6s|%05d|%x|%o|%e|%c|%10.3s|\n", 3.14159, "ab", 42, 255, 8, 12345.678, 65, "abcdef" }'
gawk 'BEGIN { print strftime("%Y-%m-%d %H:%M:%S", 0, 1), strftime("%j %a %b", 86400*40, 1); print mktime("2020 01 01 00 00 00") > 0 }'
TZ=UTC gawk 'BEGIN { print strftime("%c", 1e9) }'
gawk 'BEGIN { srand(42); a = rand(); srand(42); b = rand(); print (a == b), (a < 1), srand(7), srand() }'
gawk 'BEGIN { n = split("c,a,b", x, ","); asort(x); for (i = 1; i <= n; i++) printf "%s ", x[i]; print ""; print toupper(substr("hello", 2, 3)), index("abc", "c"), length("héllo"), sprintf("%*d", 5, 3) }'
gawk 'BEGIN { PROCINFO["sorted_in"] = "@ind_str_asc"; a["z"]; a["b"]; a["m"]; for (k in a) printf k; print ""; print gensub(/(a)(b)/, "\\2\\1", "g", "abab"); print 2^53 + 1, 7 % 3, int(-3.7), -7 % 3 }'
seq 10 | gawk '{ s += $1; if (NR % 3 == 0) print NR, s } END { print "sum", s, NR }'; gawk -F: -v OFS=- '{ $1 = $1; print }' <<'X'
a:b:c
X
gawk 'BEGIN { while (("echo x; echo y" | getline l) > 0) print "got", l; close("echo x; echo y"); print "to sort" | "sort -r"; print "a sort" | "sort -r"; close("sort -r"); system("exit 3"); r = system("exit 3"); print "sys", r; "date -u -d @0 +%Y" | getline y; print y }'
gawk 'BEGIN { printf "%d %i %s\n", "0x1A", 017, 1e6; print 1e300 * 1e10, -log(0), log(-1) }' 2>&1
gawk --version | head -1; gawk 'BEGIN { print length(ENVIRON["HOME"]) }'; gawk 'BEGINFILE { print FILENAME } ENDFILE { print FNR }' f g
