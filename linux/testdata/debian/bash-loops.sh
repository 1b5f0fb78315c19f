bash -c 'for i in $(seq 1 5); do printf "%s:%s " "$i" "$(echo $i | wc -c)"; done; echo
i=0; while [ $i -lt 3 ]; do i=$((i+1)); echo "w$i"; done
for f in one two three; do echo "$f" > "$f.txt"; done; ls *.txt | sort; cat *.txt | sort | uniq -c; wc -l *.txt | tail -n 1
case abc in a*) echo glob;; esac; arr=(x y z); echo "${#arr[@]} ${arr[1]}"'
