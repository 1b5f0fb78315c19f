# A locale generated at test time with localedef (de_DE.UTF-8 into ./loc,
# LOCPATH), sort/ls/printf/date/numfmt/awk/tr/wc and Python's locale under
# it, and gettext translations (LANGUAGE=de with coreutils, grep, sed and
# bash messages). localedef's UTF-8 charmap is most of its CPU time.
mkdir loc && localedef -i de_DE -f UTF-8 loc/de_DE.UTF-8 2>&1; echo "localedef $?"; ls loc/de_DE.UTF-8 | head -3
export LOCPATH=$(pwd)/loc
LC_ALL=de_DE.UTF-8 locale -k decimal_point thousands_sep d_fmt mon abday 2>&1
LC_ALL=de_DE.UTF-8 /usr/bin/printf "%'.2f %'d\n" 1234567.891 9876543; LC_ALL=de_DE.UTF-8 /usr/bin/printf '%.3f\n' 2.5
LC_ALL=de_DE.UTF-8 TZ=UTC date -d '@1700000000' '+%A, %d. %B %Y %X'; LC_ALL=de_DE.UTF-8 TZ=UTC date -d '@1700000000'
printf 'Äpfel\nzebra\nApfel\nÖl\nober\nÜbel\nuber\n' > w; LC_ALL=de_DE.UTF-8 sort w | tr '\n' ' '; echo; LC_ALL=C sort w | tr '\n' ' '; echo
LC_ALL=de_DE.UTF-8 numfmt --grouping 12345678; LC_ALL=de_DE.UTF-8 awk 'BEGIN { printf "%.3f\n", 3.14159 }'; echo 'straße ÄÖÜ' | LC_ALL=de_DE.UTF-8 tr '[:lower:]' '[:upper:]'
echo 'straße' | LC_ALL=de_DE.UTF-8 wc -m; echo 'straße' | LC_ALL=C wc -m; LC_ALL=de_DE.UTF-8 python3 -c "import locale; locale.setlocale(locale.LC_ALL, ''); print(locale.format_string('%.2f', 1234567.5, grouping=True), locale.currency(5, grouping=True), sorted(['Äpfel', 'zebra', 'Apfel'], key=locale.strxfrm))"
LANGUAGE=de LC_ALL=de_DE.UTF-8 ls /nosuch 2>&1; LANGUAGE=de LC_ALL=de_DE.UTF-8 cat /nosuch 2>&1; LANGUAGE=de LC_ALL=de_DE.UTF-8 grep -q x /nosuch 2>&1; LANGUAGE=de LC_ALL=de_DE.UTF-8 sed --nosuch 2>&1 | head -1
LANGUAGE=de LC_ALL=de_DE.UTF-8 bash -c 'nosuchcommand' 2>&1; LANGUAGE=de LC_ALL=de_DE.UTF-8 rm 2>&1 | head -1; LANGUAGE=de LC_ALL=de_DE.UTF-8 date -d garbage 2>&1
LC_ALL=nosuch_LOCALE.UTF-8 ls /nosuch 2>&1; LANGUAGE=fr:de LC_ALL=de_DE.UTF-8 cp 2>&1 | head -1
LC_ALL=de_DE.UTF-8 TEXTDOMAIN=coreutils gettext 'Try' ; echo; LANGUAGE=de LC_ALL=de_DE.UTF-8 gettext -d coreutils 'write error'; echo
