printf 'digraph G { a -> b; b -> c; a -> c; c -> d [label="x"]; }\n' > g.dot
dot -Tplain g.dot
dot -Tsvg g.dot | md5sum
dot -Tpng g.dot | head -c 24 | od -An -tx1
neato -Tplain g.dot
gnuplot -e 'set terminal dumb 60 20; plot sin(x) notitle'
gnuplot -e 'set terminal svg size 300,200; set output "p.svg"; plot x**2 notitle'; grep -c path p.svg
gnuplot -e 'f(x)=a*x+b; set fit quiet; set fit logfile "/dev/null"; fit f(x) "-" via a,b; print sprintf("%.5f %.5f", a, b)' <<EOD
1 3.1
2 4.9
3 7.2
4 8.8
e
EOD
