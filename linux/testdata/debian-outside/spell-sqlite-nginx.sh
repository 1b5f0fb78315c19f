printf 'The quick brwn fox jumpd over teh lazy dog\n' | hunspell -d en_US -l
printf 'recieve\n' | hunspell -d en_US -a | tail -n +2
sqlite3 :memory: 'create table t(a,b); with recursive c(x) as (select 1 union all select x+1 from c where x<1000) insert into t select x, x*x from c; select count(*), sum(b), avg(a) from t; select printf("%.4f", stdev) from (select 1 as stdev);' 2>&1
sqlite3_analyzer --version >/dev/null 2>&1; echo "analyzer $?"
lua5.4 -e 'local lpeg = require "lpeg"; local p = lpeg.C(lpeg.R("09")^1); print(p:match("12345abc")); local s = (lpeg.C((1 - lpeg.P(","))^0) * ("," * lpeg.C((1 - lpeg.P(","))^0))^0); print(s:match("a,b,c"))'
# user root: the temporary directories are chowned to it (nobody, 65534, is
# not mapped in the reference's user namespace: chown EINVAL).
mkdir -p ng/logs ng/html ng/t; echo hello-nginx > ng/html/index.html
cat > ng/nginx.conf <<'E'
daemon off; master_process off; error_log stderr crit; pid ng.pid; user root root;
events { worker_connections 16; }
http { access_log off; client_body_temp_path t/b; proxy_temp_path t/p; fastcgi_temp_path t/f; uwsgi_temp_path t/u; scgi_temp_path t/s;
 server { listen 127.0.0.1:18436; root html; location /x { return 200 "x-ok\n"; } } }
E
/usr/sbin/nginx -p "$PWD/ng" -c nginx.conf -t 2>&1 | sed "s,$PWD,W,g"
/usr/sbin/nginx -p "$PWD/ng" -c nginx.conf & p=$!
for i in $(seq 50); do curl -s http://127.0.0.1:18436/ 2>/dev/null && break; sleep 0.2; done
curl -s http://127.0.0.1:18436/x; curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:18436/nothere
kill $p; wait $p; echo "nginx $?"
