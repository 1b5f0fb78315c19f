echo '{"a":[1,2,{"b":null}],"c":"x\u00e9","d":1.5e3,"e":true}' > j.json
jq -c '., .a[2], (.a | map(type)), (.c | length), ([.[] | numbers] | add), (keys), (to_entries | map(.key) | join("-")), (.a | tojson), ("\(.d) \([1,2]|@csv) \("<&>"|@html) \("a b"|@uri)"), (.x.y |= 3 | .x), ([limit(3; repeat(1))]), ("2015-03-05T23:51:47Z" | fromdate), ("abc" | test("B"; "i"))' j.json
jq -r --arg v 7 '.c, $v, (.a[] | numbers)' j.json; printf '{bad' | jq . 2>&1; echo "jq $?"
printf '1\n2\n3\n' > f; ed -s f <<'E'
2d
a
new
.
,s/1/one/
w
q
E
cat f; printf 'H\n1p\nq\n' | ed -s nosuch; echo "ed $?"; printf ',p\nQ\n' | ed -sp: f; printf '/new/\ns/new/NEW/p\n$r f\n,n\nw g\nq\n' | ed -s f; cat g
printf 'define(`X'"'"', `[$1]'"'"')dnl\nX(hi) ifdef(`X'"'"', yes, no) eval(2**10) len(`abc'"'"') substr(`hello'"'"', 1, 3) translit(`abc'"'"', `ab'"'"', `AB'"'"')\nsyscmd(`echo sys'"'"')dnl\n' | m4; echo "m4 $?"; echo 'esyscmd(`exit 3'"'"')sysval' | m4
printf 'divert(1)later\ndivert(0)now\nundivert(1)dnl\nincr(41) format(`%%05d'"'"', 42) regexp(`abc'"'"', `b\\(c\\)'"'"', `\\1'"'"')\n' | m4; echo 'errprint(`oops'"'"')m4exit(2)' | m4; echo "m4exit $?"
echo 'hello $V ${V}!' | V=world envsubst; echo '$A $B' | A=1 envsubst '$A'; gettext -s hello; ngettext file files 2; echo; gettext -d nosuch -s text; echo "gettext $?"; . gettext.sh; eval_gettext 'x $HOME'; echo
printf '\xe4\xf6\xfc\n' | iconv -f latin1 -t utf-8 | od -An -tx1; printf 'caf\xc3\xa9\n' | iconv -f utf-8 -t ascii//TRANSLIT; printf 'caf\xc3\xa9\n' | iconv -f utf-8 -t ascii 2>&1; echo "iconv $?"; printf 'ab' | iconv -f utf-8 -t utf-16le | od -An -tx1; iconv -l | grep -c -i 'utf-16'; printf '\xff\n' | iconv -c -f utf-8 -t utf-8 | od -An -c; printf 'x\n' | iconv -f ascii -t EBCDIC-US | od -An -tx1
