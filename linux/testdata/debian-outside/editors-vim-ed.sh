printf 'one\ntwo\nthree\nfour\n' > f.txt
vim -u NONE -i NONE -N -es -c '%s/o/0/g' -c 'g/thr/d' -c 'call append(0, "top")' -c 'wq' f.txt; echo "vim $?"; cat f.txt
vim -u NONE -i NONE -N -es -c 'let x = map(range(1,5), "v:val*v:val")' -c 'put =string(x)' -c 'put =printf(\"%.3f\", sqrt(2))' -c 'put =matchstr(\"abc123def\", \"\\d\\+\")' -c '%p' -c 'q!' ; echo "vim $?"
vim -u NONE -i NONE -N -es -c 'redir! > out.txt | echo sort(["b","a","c"]) | echo strftime("%Y", 0) | echo sha256("abc") | redir END' -c 'q!'; cat out.txt; echo
printf 'b\na\nc\n' | vim -u NONE -i NONE -N -es -c 'sort' -c '%p' -c 'q!' -
