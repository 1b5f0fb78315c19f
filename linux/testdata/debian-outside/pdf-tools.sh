cat > a.ps <<'E'
%!PS
/Helvetica findfont 20 scalefont setfont
72 700 moveto (Hello PDF) show
72 650 moveto 300 650 lineto stroke
0 1 9 { 30 mul 72 add 500 moveto 20 0 rlineto stroke } for
showpage
E
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -dCompatibilityLevel=1.4 -sOutputFile=a.pdf a.ps; echo "gs $?"
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pgmraw -r36 -sOutputFile=- a.ps | md5sum
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=txtwrite -sOutputFile=- a.pdf
gs -q -dNODISPLAY -dSAFER -c '2 sqrt == 0 1 1 100 { add } for == (abc) length == quit'
pdftotext a.pdf - ; pdfinfo a.pdf | grep -E 'Pages|Page size|PDF version'
qpdf --check a.pdf | grep -v 'checking' ; qpdf --qdf --object-streams=disable a.pdf b.pdf; qpdf --show-npages b.pdf
pdftoppm -r 20 -gray a.pdf | md5sum
