# lighttpd 1.4 on a unix socket of the work directory (its event loop on
# epoll, sendfile of a static file, a CGI script forked per request),
# spoken to by curl --unix-socket; a graceful stop (SIGINT).
mkdir www && printf 'static file\n' > www/f.txt && printf '<p>index</p>\n' > www/index.html
head -c 1048576 /dev/zero | tr '\0' 'x' > www/big
printf '#!/bin/sh\nprintf "Content-Type: text/plain\\r\\n\\r\\n"\necho "method $REQUEST_METHOD query $QUERY_STRING length ${CONTENT_LENGTH:-none}"\n[ -n "$CONTENT_LENGTH" ] && head -c "$CONTENT_LENGTH" && echo\necho "cgi done"\n' > www/env.sh
cat > l.conf <<'CONF'
server.modules = ("mod_cgi")
server.bind = var.CWD + "/l.sock"
server.document-root = var.CWD + "/www"
server.errorlog = var.CWD + "/error.log"
index-file.names = ("index.html")
mimetype.assign = (".txt" => "text/plain", ".html" => "text/html", "" => "application/octet-stream")
cgi.assign = (".sh" => "/bin/sh")
CONF
/usr/sbin/lighttpd -tt -f l.conf; echo "config $?"
/usr/sbin/lighttpd -D -f l.conf & lp=$!
n=0; until [ -S l.sock ] || [ $n -gt 300 ]; do n=$((n+1)); sleep 0.1; done
c() { curl -s --unix-socket l.sock "$@"; }
c http://localhost/f.txt; c http://localhost/; c -o /dev/null -w '%{http_code} %{content_type}\n' http://localhost/nosuch
c -I http://localhost/f.txt | grep -v -e '^Date' -e '^Last-Modified' -e '^ETag' | tr -d '\r'
c -r 2-7 http://localhost/f.txt; echo; c http://localhost/big | md5sum
c -w '%{num_connects} connection\n' http://localhost/f.txt http://localhost/index.html
c 'http://localhost/env.sh?a=1&b=two'; c -d 'posted body' http://localhost/env.sh
c -o /dev/null -w '%{http_code}\n' -X DELETE http://localhost/f.txt
kill -INT $lp; n=0; until ! kill -0 $lp 2>/dev/null || [ $n -gt 300 ]; do n=$((n+1)); sleep 0.1; done; wait $lp; echo "lighttpd $?"
sed 's/^[^)]*) //' error.log | grep -v -e 'server started' -e 'server stopped'
c http://localhost/f.txt; echo "curl $?"
