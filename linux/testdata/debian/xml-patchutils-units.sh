# libxml2-utils' xmllint, xsltproc (libxslt, EXSLT), patchutils, units,
# bsdextrautils (column, hexdump, look, colrm, col, rev) and moreutils.
cat > books.xml <<'X'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE library [
<!ELEMENT library (book+)>
<!ELEMENT book (title, author, price)>
<!ATTLIST book id ID #REQUIRED lang CDATA "en">
<!ELEMENT title (#PCDATA)>
<!ELEMENT author (#PCDATA)>
<!ELEMENT price (#PCDATA)>
<!ENTITY pub "Debian Press">
]>
<library><book id="b1" lang="de"><title>Zwölf Stühle</title><author>Ilf</author><price>12.50</price></book>
<book id="b2"><title>Emulators &amp; You</title><author>&pub;</author><price>7.25</price></book>
<book id="b3"><title>Power ISA</title><author>IBM</author><price>99.00</price></book></library>
X
xmllint --noout --valid books.xml; echo "valid $?"
xmllint --format books.xml | head -12
xmllint --noent --xpath '//book[@lang="en"]/author/text()' books.xml; echo
xmllint --xpath 'sum(//price)' books.xml; echo
xmllint --xpath 'count(//book)' books.xml; echo
xmllint --xpath '//nosuch' books.xml; echo "empty xpath $?"
xmllint --c14n books.xml | head -3
printf '<a><b>1</b><c>\n' > bad.xml
xmllint --noout bad.xml; echo "bad $?"
printf '<library><book/></library>\n' > inv.xml
xmllint --noout --dtdvalid /dev/null inv.xml 2>&1 | head -3; echo
cat > lib.xsd <<'X'
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
<xs:element name="n"><xs:simpleType><xs:restriction base="xs:integer"><xs:maxInclusive value="10"/></xs:restriction></xs:simpleType></xs:element>
</xs:schema>
X
echo '<n>7</n>' > ok.xml; echo '<n>70</n>' > big.xml
xmllint --noout --schema lib.xsd ok.xml big.xml; echo "schema $?"
xmllint --html --xpath '//p/text()' - <<'H' 2>&1
<html><body><p>unclosed<p>second</body></html>
H
echo
echo '<r>&#233;t&#xe9;</r>' | xmllint --encode ISO-8859-1 - | od -c | head -3
cat > t.xsl <<'X'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:str="http://exslt.org/strings" xmlns:math="http://exslt.org/math" extension-element-prefixes="str math">
<xsl:output method="text"/>
<xsl:param name="cur" select="'EUR'"/>
<xsl:template match="/library">
  <xsl:for-each select="book"><xsl:sort select="price" data-type="number" order="descending"/>
    <xsl:value-of select="concat(position(), '. ', title, ' ', format-number(price, '#,##0.00'), ' ', $cur, '&#10;')"/>
  </xsl:for-each>
  <xsl:value-of select="concat('max ', math:max(book/price), ' ', str:padding(3, '*'), ' ', translate(book[1]/title, 'ö', 'o'), '&#10;')"/>
  <xsl:for-each select="str:tokenize('a,b;c', ',;')"><xsl:value-of select="."/>|</xsl:for-each>
  <xsl:text>&#10;</xsl:text>
  <xsl:message>note: <xsl:value-of select="count(book)"/> books</xsl:message>
</xsl:template>
</xsl:stylesheet>
X
xsltproc t.xsl books.xml; echo "xslt $?"
xsltproc --stringparam cur USD --noout t.xsl books.xml; echo "noout $?"
cat > h.xsl <<'X'
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:output method="html" indent="yes"/>
<xsl:key name="by-lang" match="book" use="@lang"/>
<xsl:template match="/"><ul><xsl:apply-templates select="key('by-lang', 'en')"/></ul></xsl:template>
<xsl:template match="book"><li id="{@id}"><xsl:value-of select="title"/></li></xsl:template>
</xsl:stylesheet>
X
xsltproc h.xsl books.xml
printf '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><xsl:value-of select="nosuch("/></xsl:template></xsl:stylesheet>\n' > bad.xsl
xsltproc bad.xsl books.xml; echo "bad xsl $?"
xsltproc t.xsl nosuch.xml; echo "missing $?"

# patchutils
printf 'one\ntwo\nthree\nfour\n' > a.txt; printf 'alpha\nbeta\n' > b.txt
cp a.txt a0.txt; cp b.txt b0.txt
printf 'one\n2\nthree\nfour\n' > a1.txt; printf 'alpha\nbeta\ngamma\n' > b1.txt
printf 'one\n2\nthree\nfour\nfive\n' > a2.txt
{ diff -u --label a/a.txt --label b/a.txt a0.txt a1.txt; diff -u --label a/b.txt --label b/b.txt b0.txt b1.txt; } > p1.diff
diff -u --label a/a.txt --label b/a.txt a0.txt a2.txt > p2.diff
lsdiff p1.diff; lsdiff -n --strip=1 p1.diff
filterdiff -i '*b.txt' p1.diff
grepdiff gamma p1.diff; grepdiff --output-matching=hunk 2 p1.diff
interdiff p1.diff p2.diff 2>&1
diff -u --label a/a.txt --label b/a.txt a1.txt a2.txt > p3.diff
combinediff p1.diff p3.diff 2>&1 | sed -n '1,20p'
printf 'not a diff\n' | lsdiff; echo "lsdiff $?"
filterdiff --nosuch 2>&1 | head -2

# units
units -t '10 miles' km; units -t '1 lightyear' 'au'; units -t 'tempF(212)' tempC
units -t '3 kg m/s^2' N; units -t '1|3 hour' min; units -v 'gallon' 'liter'
units -t 'meter' 'kg'; echo "units $?"
units -t 'nosuch26' m; echo "units $?"
units --check >/dev/null 2>&1; echo "check $?"

# bsdextrautils
printf 'name size kind\nbash 1.2M elf\nsh 120K link\n' | column -t
printf 'a:b:c\nlong:x:y\n' | column -t -s: -o ' | '
printf 'x y\n1 2\n' | column -J -N one,two 2>/dev/null || printf 'x y\n1 2\n' | column -t -N one,two
printf 'Hello, ppc64!\0\1\377' | hexdump -C
printf 'abcdefgh' | hexdump -e '2/4 "%08x " "\n"'
printf 'apple\napricot\nbanana\nberry\n' > words; look ap words; look -f B words; look zz words; echo "look $?"
printf 'abcdefghij\n0123456789\n' | colrm 3 5
printf 'bold\b\bld\n' | col -b
printf 'abc\ndef\n' | rev

# moreutils
printf 'b\na\nb\n' > s.txt; sort -u s.txt | sponge s.txt; cat s.txt
printf 'x\ny\n' > l1; printf 'y\nz\n' > l2
combine l1 and l2; combine l1 not l2; combine l1 or l2 | sort
printf 'caf\303\251\n' > u.txt; printf 'caf\351\n' > l.txt; isutf8 u.txt; echo "isutf8 $?"; isutf8 l.txt; echo "isutf8 $?"
errno ENOENT; errno 13; errno -l | grep -c .
mispipe 'echo hi; exit 3' 'cat'; echo "mispipe $?"
echo data | pee 'tr a-z A-Z' 'wc -c'
chronic sh -c 'echo quiet; exit 0'; echo "chronic $?"
chronic sh -c 'echo loud; exit 4'; echo "chronic $?"
printf '' | ifne echo never; printf 'z\n' | ifne wc -l
parallel -j 2 -- sh -c 'echo 1' sh -c 'exit 3'; echo "parallel $?"
zrun cat /dev/null; echo "zrun $?"
lckdo lock.file sh -c 'echo locked'; echo "lckdo $?"
