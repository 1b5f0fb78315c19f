# Programs that compile or wrap data files: zic of a zone source with its
# own rules (a half-hour offset, DST on the last Sundays, a Link), zdump
# -v of its transitions, TZ pointing at the compiled file, zic's errors;
# tic of a terminfo source into a directory of the work directory, infocmp
# (-1, -C termcap, -d against vt100), tput through TERMINFO, toe, tic's
# errors; rpcgen's header and XDR routines of a protocol file; pkg-config
# of .pc files with Requires and Libs.private, --atleast-version, a missing
# package (PKG_CONFIG_LIBDIR, not _PATH: its default directories under
# /usr/local, which the root lacks, would be the host's under -L); gzip's, xz's and bzip2's wrapper scripts: zgrep, xzgrep, bzgrep,
# zcmp, zdiff, xzdiff, bzcmp, zegrep, zfgrep, zmore, zless, zforce, znew,
# gzexe (and -d), uncompress, lzmainfo, bzip2recover. zdump is given a
# range (-c) everywhere: without -v it prints the time now; infocmp's
# "Reconstructed ... from file" names the work directory.
PATH=/usr/sbin:/sbin:$PATH
cat > z.src <<'Z'
# Rule NAME FROM TO - IN ON AT SAVE LETTER
Rule Tst 2000 max - Mar lastSun 2:00 1:00 S
Rule Tst 2000 max - Oct lastSun 3:00 0 -
Zone Test/Zone 1:30 - LMT 1950 Jan 1
  2:00 Tst T%sT 2030 Jan 1
  -3:45 - XX
Link Test/Zone Test/Alias
Z
zic -d zi z.src; echo "zic $?"; ls -R zi | sort
TZDIR=$PWD/zi zdump -v -c 2024,2026 Test/Zone | sed 's/^[^ ]* *//'
TZDIR=$PWD/zi zdump -v -c 2029,2031 Test/Alias | sed 's/^[^ ]* *//'
TZ=$PWD/zi/Test/Zone date -d @1800000000 '+%F %T %Z %z'; TZ=$PWD/zi/Test/Alias date -d @1900000000 '+%F %T %Z %z'
zdump -v -c 1911,1912 Europe/Paris; zdump -v -c 2037,2038 America/New_York | tail -2
zic -d zi2 nosuch.src; echo "zic $?"
printf 'Zone Bad 25:00 - X\n' > bad.src; zic -d zi2 bad.src; echo "zic $?"
cat > t.ti <<'T'
mine|my test terminal,
	am, cols#100, lines#40, colors#8,
	bel=^G, clear=\E[H\E[J, cup=\E[%i%p1%d;%p2%dH, sgr0=\E[m, bold=\E[1m,
	setaf=\E[3%p1%dm,
T
tic -o ti t.ti; echo "tic $?"; find ti -type f | sort
export TERMINFO=$PWD/ti; infocmp -1 mine | sed 's,file: .*/ti/,file: ti/,'; infocmp -C mine | sed 's,file: .*/ti/,file: ti/,'
tput -T mine cup 4 7 | od -An -c; tput -T mine setaf 3 | od -An -c; tput -T mine cols; tput -T mine longname; echo
infocmp -d mine vt100 | head -8; toe ti; unset TERMINFO; infocmp -x xterm-256color | sed -n 2,3p
printf 'bad|x,\n\tcols#zz,\n' > b.ti; tic -o ti b.ti; echo "tic $?"; tic -o ti nosuch.ti; echo "tic $?"
cat > p.x <<'X'
struct pair { int a; string s<32>; };
program CALC { version V1 { int ADD(pair) = 1; } = 1; } = 0x20000099;
X
rpcgen -h p.x; rpcgen -c p.x; printf 'struct { int' > bad.x; rpcgen -h bad.x; echo "rpcgen $?"
mkdir pc; printf 'prefix=/opt/x\nlibdir=${prefix}/lib\nincludedir=${prefix}/include\nName: foo\nDescription: d\nVersion: 1.2.3\nRequires: bar >= 2\nLibs: -L${libdir} -lfoo\nCflags: -I${includedir} -DFOO\n' > pc/foo.pc; printf 'Name: bar\nDescription: b\nVersion: 2.5\nLibs: -lbar\nLibs.private: -lm\n' > pc/bar.pc
export PKG_CONFIG_LIBDIR=$PWD/pc; pkg-config --cflags --libs foo; pkg-config --static --libs foo; pkg-config --modversion bar; pkg-config --atleast-version=3 bar; echo "ver $?"; pkg-config --variable=libdir foo; pkg-config --define-variable=prefix=/usr --libs foo; pkg-config --print-requires foo; pkg-config --list-all | sort; pkg-config nosuch; echo "pc $?"; unset PKG_CONFIG_LIBDIR
seq 1 3000 > n1; seq 1 3000 | sed 's/^2999$/x/' > n2; gzip -k n1 n2; xz -k n1; bzip2 -k n2
zgrep -c 99 n1.gz; zgrep -H '^299[0-9]$' n2.gz; xzgrep -n '^2500$' n1.xz; bzgrep -l x n2.bz2; zcmp n1.gz n2.gz; echo "zcmp $?"; zdiff n1.gz n2.gz; echo "zdiff $?"; xzdiff n1.xz n1; echo "xzdiff $?"
zegrep -c '^(1|2)$' n1.gz; zfgrep -c 300 n1.gz; zmore n1.gz | tail -1; zless n1.gz | sed -n 1p; bzcmp n2.bz2 n2; echo "bzcmp $?"
cp n1.gz f1; zforce f1; ls f1*; printf 'hi\n' | gzip > g.gz; znew -v g.gz; echo "znew $?"; ls g.*
printf '#!/bin/sh\necho from gzexe "$@"\n' > hello; chmod +x hello; gzexe hello; echo "gzexe $?"; ./hello a b; gzexe -d hello; ./hello c; ls hello*
uncompress nosuch.Z; echo "uncompress $?"; gunzip -t n1.gz; echo "gunzip $?"; unxz -t n1.xz; echo "unxz $?"; lzmainfo n1.xz; bzip2recover n2.bz2; ls rec*; bzip2 -tv rec00001n2.bz2
