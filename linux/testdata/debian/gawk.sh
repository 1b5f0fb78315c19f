seq 1 20 | gawk '{s+=$1; a[$1%3]++} END {print s; for (k in a) n++; print n; printf "%.3f %s %d\n", s/7, toupper("abc"), length("hello")}'
echo "a:b:c" | gawk -F: '{print $2, NF; gsub(/[ac]/, "X"); print}'
gawk 'BEGIN {print sprintf("%x", 255), substr("hello", 2, 3), index("abc", "c"); split("1,2,3", p, ","); print p[3]; print 2^10, int(7/2), sin(0), exp(0)}'
