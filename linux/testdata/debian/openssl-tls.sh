# OpenSSL 3.0 over TLS on loopback: req -x509 of a P-256 key, x509 and
# verify of it, s_server -rev (it sends each line back reversed) with the
# certificate, s_client -brief: TLS 1.3 (its cipher suite, X25519),
# TLS 1.2 with an ECDHE-ECDSA cipher, ALPN, a verification failure (no
# trust anchor), a name that does not match, a refused port. The server
# ends after its last connection (-naccept).
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout k.pem -out c.pem -days 2 -subj /CN=localhost -addext subjectAltName=DNS:localhost 2>/dev/null; echo "req $?"
openssl x509 -in c.pem -noout -subject -issuer -ext subjectAltName; openssl verify -CAfile c.pem c.pem
port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
openssl s_server -accept 127.0.0.1:$port -cert c.pem -key k.pem -rev -naccept 5 -alpn h2,http/1.1 > srv.out 2> srv.err & sp=$!
n=0; until grep -q ACCEPT srv.out || [ $n -gt 600 ]; do n=$((n+1)); sleep 0.1; done
c() { openssl s_client -connect 127.0.0.1:$port -brief -ign_eof "$@"; }
printf 'hello tls\nCLOSE\n' | c -CAfile c.pem -verify_return_error -servername localhost -verify_hostname localhost 2>&1; echo "tls13 $?"
printf 'twelve\nCLOSE\n' | c -tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256 -CAfile c.pem 2>&1; echo "tls12 $?"
printf 'alpn\nCLOSE\n' | c -alpn http/1.1 -CAfile c.pem 2>&1 | grep -E 'ALPN|Protocol version|nlpa'; echo "alpn $?"
printf 'x\n' | c -verify_return_error 2>&1 | grep -E 'error|Verification' | sed 's/^[0-9A-F]*:error/ERR:error/; s/:[^:]*\.c:[0-9]*:/:FILE:/'; echo "noca"
printf 'x\n' | c -CAfile c.pem -verify_return_error -verify_hostname other.example 2>&1 | grep -E 'error|Verification' | sed 's/^[0-9A-F]*:error/ERR:error/; s/:[^:]*\.c:[0-9]*:/:FILE:/'; echo "name"
wait $sp; echo "server $?"; cat srv.out
python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])" > p2
openssl s_client -connect 127.0.0.1:$(cat p2) -brief < /dev/null 2>&1 | sed 's/^[0-9A-F]*:error/ERR:error/; s/:[^:]*\.c:[0-9]*:/:FILE:/; s/:[0-9]*$/:PORT/' | head -3; echo "refused"
