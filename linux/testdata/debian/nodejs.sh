# Node.js 18 (V8 with its ppc64le JIT: code written at run time, icache
# flushes): JSON, regular expressions, crypto, zlib, a hot loop, child_process
# (execSync, spawnSync, spawn with pipes), worker_threads, timers, promises,
# an uncaught error, process.exit and a script on stdin.
cat > t.js <<'JS'
const cp = require('child_process');
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');
const crypto = require('crypto'); const zlib = require('zlib'); const fs = require('fs');
if (!isMainThread) { let s = 0; for (let i = 0; i < workerData; i++) s += i % 7; parentPort.postMessage(s); return; }
let o = {}; for (let i = 0; i < 2000; i++) o['k' + i] = [i, i * 1.5, 'v' + i];
const j = JSON.stringify(o); console.log(j.length, JSON.parse(j).k1999[2]);
console.log('aaa-bbb-ccc'.replace(/(\w+)-(\w+)/g, '$2+$1'), /(?<y>\d{4})-(?<m>\d\d)/.exec('on 2023-05').groups.y);
console.log(crypto.createHash('sha256').update('abc').digest('hex'));
console.log(zlib.gunzipSync(zlib.gzipSync(Buffer.alloc(10000, 'x'))).length);
let f = 0; for (let i = 0; i < 3e6; i++) f += Math.sqrt(i) | 0; console.log(f);
console.log(cp.execSync('echo from-sh; exit 0').toString().trim());
const r = cp.spawnSync('sh', ['-c', 'echo err >&2; exit 5']); console.log(r.status, r.stderr.toString().trim());
fs.writeFileSync('x.txt', 'data\n'); console.log(fs.readFileSync('x.txt', 'utf8').trim(), fs.statSync('x.txt').size);
const w = new Worker(__filename, { workerData: 100000 });
w.on('message', m => { console.log('worker', m); 
  const c = cp.spawn('sh', ['-c', 'read l; echo got $l; exit 2']); let out = '';
  c.stdout.on('data', d => out += d); c.on('close', code => { console.log(out.trim(), code);
    setTimeout(() => { Promise.resolve(7).then(v => console.log('promise', v)); }, 10); });
  c.stdin.end('line\n'); });
JS
node t.js; echo "rc $?"
node -e 'throw new Error("boom")' 2>&1 | head -3; echo "rc $?"
node -e 'process.exit(4)'; echo "rc $?"
echo 'console.log("stdin", 6*7)' | node; echo "rc $?"
