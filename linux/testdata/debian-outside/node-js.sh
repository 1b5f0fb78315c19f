# Node.js 18 (nodejs, libnode108): V8's Ignition interpreter and its JIT
# compilers writing and patching ppc64le code, libuv's threads, zlib,
# OpenSSL, child_process.
node --version
node t.js; echo "exit $?"
node -e 'console.log(process.arch, process.platform, process.argv.length)'
echo 'console.log([1,2,3].reduce((a, b) => a + b))' | node
node -p '[...Array(5).keys()].map(x => x ** 3).join(" ")'
