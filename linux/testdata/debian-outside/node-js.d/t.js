// The case node-js: V8's interpreter and JIT compilers on ppc64le.
let s = 0;
for (let i = 0; i < 3000000; i++) { s = (s * 31 + i) % 1000003; }
console.log(s, [3, 1, 2].sort(), JSON.stringify({ a: [1, 2, { b: 3 }] }), Math.sin(1.5).toFixed(12));
const m = new Map();
for (let i = 0; i < 100000; i++) m.set('k' + i, i * 2);
console.log(m.size, m.get('k777'));
console.log(require('crypto').createHash('sha256').update('abc').digest('hex'));
console.log(BigInt(2) ** BigInt(100), /(\w+)@(\w+)\.com/.exec('x joe@ex.com y')[2]);
const f = (n) => n < 2 ? n : f(n - 1) + f(n - 2);
console.log(f(25), [1.5, 2.25].map(x => x * 2), (0.1 + 0.2).toString(), (123.456).toFixed(1));
class P { constructor(x) { this.x = x; } get d() { return this.x * 2; } }
console.log(new P(21).d, Object.keys({ b: 1, a: 2 }), typeof Symbol(), [..."héllo"].length);
const zlib = require('zlib');
const z = zlib.gzipSync(Buffer.from('hello '.repeat(1000)));
console.log(zlib.gunzipSync(z).length, Buffer.from('aGk=', 'base64').toString());
require('fs').writeFileSync('out.txt', 'written\n');
console.log(require('fs').readFileSync('out.txt', 'utf8').trim());
const { execFileSync } = require('child_process');
console.log(execFileSync('/bin/echo', ['from', 'child']).toString().trim());
Promise.resolve(7).then(v => { console.log('promise', v); setTimeout(() => { console.log('timer'); process.exitCode = 4; }, 10); });
