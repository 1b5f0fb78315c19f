printf 'The quick brown fox\n' > m
openssl dgst -sha256 m; openssl dgst -sha512 -r m; openssl dgst -md5 m; openssl sha1 < m; openssl dgst -sha3-256 m; openssl dgst -blake2b512 m | cut -c1-60
openssl dgst -sha256 -hmac key m; openssl mac -digest SHA256 -macopt key:key HMAC < m 2>&1 | head -1
k=000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f; iv=0f0e0d0c0b0a09080706050403020100
openssl enc -aes-256-cbc -K $k -iv $iv -in m -out m.enc && od -An -tx1 m.enc | tr -d ' \n'; echo
openssl enc -d -aes-256-cbc -K $k -iv $iv -in m.enc; openssl enc -aes-128-ctr -K ${k%????????????????????????????????} -iv $iv -in m | openssl base64
openssl enc -chacha20 -K $k -iv $iv -in m | od -An -tx1 | head -1; openssl enc -aes-256-gcm -K $k -iv $iv -in m 2>&1 | head -1
openssl enc -aes-256-cbc -pbkdf2 -iter 1000 -S 0102030405060708 -pass pass:secret -P
openssl enc -aes-256-cbc -pbkdf2 -iter 100 -pass pass:pw -in m | openssl enc -d -aes-256-cbc -pbkdf2 -iter 100 -pass pass:pw
openssl rand -hex 16 | wc -c; openssl rand -base64 12 | wc -c; openssl rand 100 | wc -c
openssl base64 -in m | openssl base64 -d; echo 'SGVsbG8=' | openssl base64 -d; echo
openssl prime 2147483647; openssl prime -hex ff; openssl kdf -keylen 16 -kdfopt digest:SHA256 -kdfopt pass:pw -kdfopt salt:salt -kdfopt iter:2 PBKDF2
openssl genpkey -algorithm ed25519 -out ed.pem 2>/dev/null && openssl pkey -in ed.pem -pubout | head -1 && openssl pkeyutl -sign -inkey ed.pem -rawin -in m -out sig && wc -c < sig && openssl pkeyutl -verify -inkey ed.pem -rawin -in m -sigfile sig
openssl ecparam -name prime256v1 -genkey -noout -out ec.pem && openssl ec -in ec.pem -noout -text 2>/dev/null | sed -n '1p;/ASN1 OID/p'
openssl dgst -sha256 -sign ec.pem -out ec.sig m; openssl ec -in ec.pem -pubout -out ecpub.pem 2>/dev/null && openssl dgst -sha256 -verify ecpub.pem -signature ec.sig m
openssl version | cut -d' ' -f1-2; openssl list -digest-algorithms 2>/dev/null | head -3; openssl nosuchcmd 2>&1 | head -1; echo "bad $?"
