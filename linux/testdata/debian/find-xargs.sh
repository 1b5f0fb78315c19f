mkdir -p t/x t/y; touch t/x/1.c t/x/2.h t/y/3.c; echo data > t/y/4.txt
find t -name '*.c' | sort; find t -type d | sort; find t -type f -size +0 | sort; find t -name '*.c' -print0 | sort -z | xargs -0 ls; find t -type f | sort | xargs -n 2 echo; find t -newer t/x/1.c -type f -name '*.txt'; echo a b c | xargs -I{} echo "[{}]"
