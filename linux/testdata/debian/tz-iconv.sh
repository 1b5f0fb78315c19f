# Time zones from tzdata (TZ=Europe/Berlin, America/Sao_Paulo: DST,
# historical offsets; Python's time.tzset and zoneinfo) and iconv between
# encodings (glibc's gconv modules). locales-de.sh has the generated locale.
for tz in UTC Europe/Berlin America/Sao_Paulo Asia/Kolkata; do TZ=$tz date -d '@1700000000' '+%Y-%m-%d %H:%M:%S %Z %z'; done
TZ=Europe/Berlin date -d '2024-03-31 01:59:59 UTC' '+%F %T %Z'; TZ=Europe/Berlin date -d '2024-03-31 02:00:00 UTC' '+%F %T %Z'
TZ=America/Sao_Paulo date -d '2018-11-04 12:00' '+%F %T %Z %s'; TZ=America/Sao_Paulo date -d '1990-01-01 12:00' '+%Z %z'
TZ=Europe/Berlin date -d 'TZ="America/Sao_Paulo" 2023-06-01 09:00' '+%F %T %Z'; TZ=Nowhere/Nosuch date -d '@0' '+%Z'
TZ=Europe/Berlin python3 -c "import time, datetime, zoneinfo; time.tzset(); print(time.tzname, time.localtime(1700000000).tm_isdst); print(datetime.datetime(2024,7,1,tzinfo=zoneinfo.ZoneInfo('America/Sao_Paulo')).utcoffset())"
printf 'caf\351 na\357ve\n' | iconv -f latin1 -t utf-8; printf 'Grüße €\n' | iconv -f utf-8 -t iso-8859-15 | od -An -tx1; printf 'Grüße €\n' | iconv -f utf-8 -t ascii//TRANSLIT
printf 'Grüße\n' | iconv -f utf-8 -t utf-16le | od -An -tx1; printf 'Grüße\n' | iconv -f utf-8 -t cp1252 | iconv -f cp1252 -t utf-8; printf '\377\376' | iconv -f utf-8 -t latin1 2>&1; echo "iconv bad: $?"
printf '日本語\n' | iconv -f utf-8 -t euc-jp | od -An -tx1; printf '日本語\n' | iconv -f utf-8 -t shift_jis | iconv -f shift_jis -t utf-8; iconv -l | grep -c -i -e '^ *UTF-8' 
