# gpg in batch mode (symmetric encryption with a passphrase, its agent on a
# socket in the home directory, a generated ed25519/cv25519 key: sign,
# verify, encrypt, decrypt, export) and ssh-keygen (ed25519 and RSA keys,
# fingerprints, -y, signing with -Y). Keys and ciphertexts are random:
# what is compared is what does not depend on them.
printf 'attack at dawn\n' > m
mkdir -m 700 g
G="gpg --homedir g --batch --quiet"
$G --passphrase pw --pinentry-mode loopback -c -o m.gpg m && $G --passphrase pw --pinentry-mode loopback -d m.gpg
$G --passphrase pw --pinentry-mode loopback --armor --cipher-algo AES256 -c -o m.asc m && head -1 m.asc && $G --passphrase pw --pinentry-mode loopback -d m.asc
$G --passphrase wrong --pinentry-mode loopback -d m.gpg 2>&1 | sed 's/ID [0-9A-F]*/ID X/'; echo "wrong passphrase: $?"
$G --list-packets m.gpg 2>/dev/null | sed -n 's/^\(:[a-z ]*packet:\).*/\1/p; s/.*\(version [0-9]*, cipher [0-9]*, aead [0-9]*, s2k [0-9]*, hash [0-9]*\).*/\1/p; s/.*\(algo: [0-9]*\).*/\1/p'
$G --passphrase '' --pinentry-mode loopback --quick-gen-key 'Test User <test@example.org>' ed25519 sign never 2>&1
fpr=$($G --with-colons --list-keys test@example.org | awk -F: '/^fpr/ {print $10; exit}')
$G --passphrase '' --pinentry-mode loopback --quick-add-key $fpr cv25519 encr never
$G --with-colons --list-keys | awk -F: '/^(pub|sub|uid)/ {print $1, $2, $3, $4, $12, $10}'
$G --local-user test@example.org --passphrase '' --pinentry-mode loopback --clearsign -o m.sig m && sed -n '1,5p' m.sig
$G --verify m.sig 2>&1 | sed -e 's/[0-9A-F]\{16,\}/KEY/g' -e 's/made .*/made DATE/'
$G --local-user test@example.org --detach-sign -o m.dsig m && $G --verify m.dsig m 2>&1 | grep -c 'Good signature'
echo 'tampered' >> m; $G --verify m.dsig m 2>&1 | grep -c 'BAD signature'; echo "verify: $?"
$G --trust-model always -r test@example.org -e -o m.enc m && $G -d m.enc
$G --armor --export test@example.org | sed -n '1p;$p'
gpgconf --homedir g --list-dirs agent-socket | sed "s,$(pwd),WORK,"; [ -S g/S.gpg-agent ] && echo 'agent socket in the home directory'
gpg-connect-agent --homedir g 'GETINFO version' /bye | sed 's/^D .*/D VERSION/'
gpgconf --homedir g --kill gpg-agent; echo "kill agent $?"
# ssh-keygen
ssh-keygen -q -t ed25519 -N '' -C 'test key' -f id_ed && ls id_ed id_ed.pub && ssh-keygen -l -f id_ed | awk '{print $1, $3, $4, $5}'
ssh-keygen -y -f id_ed | cut -d' ' -f1 && [ "$(ssh-keygen -y -f id_ed | cut -d' ' -f1,2)" = "$(cut -d' ' -f1,2 id_ed.pub)" ] && echo '-y gives the public key'
ssh-keygen -l -E md5 -f id_ed.pub | awk '{print $1, substr($2,1,4), $3, $4, $5}'
ssh-keygen -q -t rsa -b 1024 -N 'pass phrase' -C rsa -f id_rsa && ssh-keygen -l -f id_rsa.pub | awk '{print $1, $3, $4, $5}'
ssh-keygen -y -P 'wrong' -f id_rsa 2>&1; echo "wrong: $?"; ssh-keygen -p -P 'pass phrase' -N '' -f id_rsa | sed 's/identification .*/identification X/'; ssh-keygen -y -f id_rsa | cut -c1-7
printf 'signed text\n' > f; ssh-keygen -Y sign -f id_ed -n file f 2>&1; head -1 f.sig; echo "t $(cat id_ed.pub)" > signers
ssh-keygen -Y verify -f signers -I t -n file -s f.sig < f | sed 's/SHA256:.*/FPR/'; echo x >> f; ssh-keygen -Y verify -f signers -I t -n file -s f.sig < f 2>&1; echo "verify: $?"
ssh-keygen -e -f id_ed.pub | sed -n '1p;$p'; ssh-keygen -l -f nosuch 2>&1; echo "missing: $?"
ssh-keygen -F host -f /dev/null; echo "known hosts: $?"
