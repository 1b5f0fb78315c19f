seq 1 20 > a; seq 1 20 | sed -e 5d -e 's/^12$/twelve/' -e '$a21' > b
diff -u --label a --label b a b > p.diff; echo "diff $?"; cat p.diff
cp a c && patch c p.diff && cmp b c && echo patched
patch -R c < p.diff && cmp a c && echo reversed
patch --dry-run c p.diff; patch -R --dry-run c < p.diff 2>&1 | head -3; echo "dry $?"
diff -c a b | tail -n +3 | head -8; diff --brief a b; diff -q a a; echo "same $?"
diff -y -W 40 a b | sed -n 4,6p; diff --side-by-side --suppress-common-lines -W 30 a b
cmp a b; echo "cmp $?"; cmp -l a b | head -3; cmp -s a a; echo "cmp-s $?"
mkdir d1 d2 && echo x > d1/f && echo y > d2/f && echo z > d1/only && diff -ruN d1 d2 | grep -v '^[-+][-+][-+]'
diff -ruN d1 d2 > dir.diff; cd d1 && patch -p1 < ../dir.diff && cat f && ls; cd ..
printf 'x\n' > e; diff3 a b a | head -4; sdiff -s a b 2>&1 | head -2
