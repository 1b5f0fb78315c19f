# texinfo 7.0's makeinfo (texi2any: Perl with its XS parser) from one
# Texinfo manual to Info, plain text, HTML, DocBook; an error of a bad
# node; install-info building a dir file. gettext 0.21: xgettext from C
# and shell sources, msginit-free catalogues, msgmerge, msgfmt -c with a
# plural form and --statistics, msgunfmt, msgcat, msgattrib, then the
# compiled catalogue used by gettext(1) and ngettext(1) through
# TEXTDOMAINDIR and LANGUAGE (which glibc ignores in the C.UTF-8 locale:
# they print the msgids) and by Python's gettext module, and envsubst.
cat > m.texi <<'E'
\input texinfo
@setfilename m.info
@settitle A Small Manual
@node Top
@top A Small Manual
This is @emph{the} manual. @xref{Second}.
@menu
* Second::   The second chapter.
@end menu
@node Second
@chapter Second
@enumerate
@item one @code{x = 1}
@item two @samp{y}
@end enumerate
@example
int main(void) @{ return 0; @}
@end example
@multitable @columnfractions .3 .7
@item a @tab b
@end multitable
@bye
E
makeinfo m.texi; echo "info $?"; grep -a -v -e '^This is m.info' -e 'produced by makeinfo' m.info | head -30
makeinfo --plaintext m.texi | head -20
makeinfo --html --no-split -o m.html m.texi; echo "html $?"; grep -c '<h2' m.html; grep -o '<code[^>]*>[^<]*</code>' m.html
makeinfo --docbook -o - m.texi | grep -E '<(chapter|title|listitem)' | head -5
printf '@setfilename b.info\n@node Top\n@top B\n@xref{Nowhere}.\n@bye\n' > b.texi; makeinfo b.texi 2>&1; echo "bad $?"
printf 'INFO-DIR-SECTION Docs\nSTART-INFO-DIR-ENTRY\n* M: (m).  A small manual.\nEND-INFO-DIR-ENTRY\n' > entry; cat entry >> m.info
install-info --dir-file=dir m.info; echo "install-info $?"; grep -a 'M:' dir
cat > p.c <<'E'
#include <libintl.h>
#include <stdio.h>
#define _(s) gettext(s)
int main(int n) { printf(_("Hello, world\n")); printf(ngettext("%d file\n", "%d files\n", n), n); puts(_("Bye")); return 0; }
E
xgettext -k_ --package-name=p --package-version=1 --msgid-bugs-address=x@y -o p.pot p.c; echo "xgettext $?"; grep -E '^(msgid|msgid_plural|#:)' p.pot
printf 'echo "$(gettext "Shell hello")"\n' > s.sh; xgettext -L Shell -o - s.sh | grep '^msgid'
cat > de2.po <<'E'
msgid ""
msgstr ""
"Project-Id-Version: p 1\n"
"Language: de\n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Hello, world\n"
msgstr "Hallo, Welt\n"

msgid "%d file\n"
msgid_plural "%d files\n"
msgstr[0] "%d Datei\n"
msgstr[1] "%d Dateien\n"

#, fuzzy
msgid "Bye"
msgstr "Tschuess"
E
msgfmt -c --statistics -o de.mo de2.po 2>&1; echo "msgfmt $?"
msgunfmt de.mo | grep -E '^msg'
msgmerge -q de2.po p.pot | msgattrib --translated --no-location | grep -c '^msgid'
msgcat --sort-output de2.po | grep -c msgstr
mkdir -p loc/de/LC_MESSAGES; cp de.mo loc/de/LC_MESSAGES/p.mo
TEXTDOMAINDIR=$PWD/loc TEXTDOMAIN=p LC_ALL=C.UTF-8 LANGUAGE=de gettext -e -s 'Hello, world\n'
for n in 1 2; do TEXTDOMAINDIR=$PWD/loc LC_ALL=C.UTF-8 LANGUAGE=de ngettext -d p '%d file\n' '%d files\n' $n | sed "s/%d/$n/"; done
python3 -c 'import gettext; t = gettext.translation("p", "loc", ["de"]); print(t.gettext("Hello, world\n"), end=""); print(t.ngettext("%d file\n", "%d files\n", 2) % 2, end=""); print(t.gettext("Bye"))'
printf 'msgid "x"\nmsgstr "%%s"\n' > bad.po; msgfmt -c -o /dev/null bad.po 2>&1; echo "msgfmt bad $?"
NAME=sweep envsubst '$NAME' <<'E'
hello $NAME and $OTHER
E
