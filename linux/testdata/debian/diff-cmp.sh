printf 'a\nb\nc\n' > x; printf 'a\nB\nc\n' > y; diff x y; echo $?; diff -u x y | tail -n +3; cmp x y; echo $?; diff x x; echo $?
