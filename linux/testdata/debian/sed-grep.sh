printf 'alpha\nbeta\ngamma\ndelta\n' > words
sed -e 's/a/A/g' -e '2d' words; sed -n '/mm/,$p' words; grep -n 'ta$' words; grep -v a words; echo $?; grep -E 'l(p|t)' words; grep -c . words; sed -i 's/^/> /' words; cat words; grep -q zzz words; echo $?
