mkdir -p tree/a/b tree/c && for f in tree/x.txt tree/a/y.txt tree/a/b/z.log tree/c/w.txt; do echo "$f" > "$f"; done; touch -d '2001-01-01' tree/a/y.txt; chmod 600 tree/c/w.txt
find tree -name '*.txt' -exec wc -c {} + | sort -k2; find tree -type f -exec sh -c 'echo "$1" | tr a-z A-Z' _ {} \; | sort
find tree -type f -print0 | xargs -0 -P2 -n1 sh -c 'echo "$(basename "$0"): $(wc -c < "$0")"' | sort
find tree -type f | xargs -P2 -I{} sh -c 'cp {} {}.bak && echo copied' | uniq -c; find tree -name '*.bak' | wc -l; find tree -name '*.bak' -delete
find tree -newer tree/a/y.txt -type f | sort; find tree -mtime +1000 -type f; find tree -perm 600; find tree -maxdepth 1 -mindepth 1 | sort; find tree -empty; find tree -size -1k -name 'z*'
find tree -type d -printf '%d %p\n' | sort; find tree -name '*.log' -printf '%f %s %m\n'; find tree \( -name 'x*' -o -name 'w*' \) -print | sort; find tree -path '*/a/*' -prune -o -type f -print | sort
find tree -type f -execdir pwd \; | sed "s,$(pwd)/,," | sort; find tree -name y.txt -ok echo {} \; < /dev/null; find nosuch 2>&1; echo "find $?"
seq 10 | xargs -n3 -P2 echo | sort; seq 5 | xargs -r -L2 echo L; echo | xargs -r echo never; printf 'a b\nc\n' | xargs -d '\n' -n1 echo | cat -A
seq 4 | xargs -P2 -I% sh -c 'exit %' ; echo "xargs $?"; echo x | xargs sh -c 'exit 255'; echo "255 $?"; echo x | xargs -n1 nosuchcmd 2>&1; echo "nocmd $?"
seq 300 | xargs -s 400 echo | wc -l; xargs -a tree/x.txt echo file; xargs --show-limits < /dev/null 2>&1 | grep -c 'Size of command buffer'
