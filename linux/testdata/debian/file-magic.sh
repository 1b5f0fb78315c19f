printf '#!/bin/sh\necho\n' > s; printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x08\x08\x02\0\0\0' > p.png; echo '{"a": 1}' > j.json
printf 'plain text\n' > t; : > empty; gzip -c t > t.gz; xz -c t > t.xz; bzip2 -c t > t.bz2; tar cf t.tar t; printf '%%PDF-1.4\n' > d.pdf
file s p.png j.json t empty t.gz t.xz t.bz2 t.tar d.pdf | sed 's/, last modified.*//; s/, original size.*//'
file -b --mime-type s p.png t t.gz t.xz empty; file -i t; file -b /bin/dash | sed 's/BuildID\[sha1\]=[0-9a-f]*/BUILDID/'
file -b /lib/powerpc64le-linux-gnu/libc.so.6 | sed 's/BuildID\[sha1\]=[0-9a-f]*/BUILDID/'; file -z -b t.gz | sed 's/, last modified.*//; s/, original size.*//'
file -L /bin/sh | sed 's/BuildID\[sha1\]=[0-9a-f]*/BUILDID/'; file -h /bin/sh; file . /dev/null nonexistent; echo "file $?"; file -E nonexistent 2>&1; echo "E $?"
