bash -c 'seq 1 100 | grep 7 | sort -r | head -n 5 | tr "\n" " "; echo; echo "${PIPESTATUS[@]}"'
