# The programs perl ships beside the interpreter, as a module author uses
# them: pod2text, pod2man piped into nroff -man, pod2usage, podchecker (a
# missing =back, exit 1), pod2html; json_pp (canonical and pretty, a
# parse error); piconv (latin1 to UTF-8, an invalid byte); shasum -a
# 224/384/512256 and -c with a changed file, sha224sum; ptar (Archive::Tar)
# create, list, extract, ptargrep, ptardiff without Text::Diff; streamzip
# and zipdetails (IO::Compress); h2xs -X of a module skeleton, perl -c of
# it; splain of a warning. pod2man's date is given; pod2html's cache files
# are removed.
cat > m.pod <<'P'
=head1 NAME

mytool - do things

=head1 SYNOPSIS

B<mytool> [B<-v>] I<file>...

=head1 OPTIONS

=over 4

=item B<-v>

Verbose. See L<perl(1)> and C<code> with E<eacute>.

=back

=cut
P
pod2text m.pod; pod2man --date=2020-01-01 --center=C --release=R m.pod | grep -v '^\.\\"' | sed -n 1,20p; pod2usage -verbose 1 m.pod; echo "pod2usage $?"
pod2man --date=2020-01-01 m.pod | nroff -man -Tascii 2>/dev/null | col -b
printf '=head1 X\n\n=over\n\n=item a\n\n=head2 bad\n' > bad.pod; podchecker bad.pod; echo "podchecker $?"; podchecker m.pod; echo "podchecker $?"
pod2html --title=T --noindex --cachedir=. m.pod | grep -v '<link\|rev=' ; rm -f pod2htm*.tmp
echo '{"b":[1,2.5,{"c":null}],"a":"\u00e9x","t":true}' | json_pp -json_opt canonical,pretty; echo '{"a":' | json_pp; echo "json_pp $?"
printf 'caf\351\n' | piconv -f latin1 -t utf8 | od -An -tx1; printf 'a\377b\n' | piconv -f utf8 -t latin1 | od -An -c
shasum -a 224 m.pod; shasum -a 384 m.pod; shasum -a 512256 m.pod; sha224sum m.pod; shasum m.pod > s.txt; shasum -c s.txt; echo x >> m.pod; shasum -c s.txt; echo "shasum $?"
mkdir d; echo one > d/a; echo two > d/b; ptar -c -f p.tar d; ptar -t -f p.tar; tar tf p.tar; ptardiff p.tar; echo "ptardiff $?"; ptargrep -l two p.tar; rm -rf d; ptar -x -v -f p.tar; cat d/b
printf 'abc\n' | streamzip > s.zip; unzip -p s.zip; zipdetails s.zip | grep -E 'Filename |Compression Method|SIGNATURE' 
h2xs -X -n My::Mod -A -v 0.01 -b 5.36.0 | sed 's/on [A-Z][a-z][a-z] .*/on DATE/'; find My-Mod -type f | sort; perl -c My-Mod/lib/My/Mod.pm
echo 'print "a" . undef' | perl -W 2>&1 | splain
