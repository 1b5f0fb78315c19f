# Debian's Rust 1.63: rustc (LLVM 14's code generator, threads) compiling
# and linking through the root's cc; cargo creating, building, testing and
# running a package offline.
export HOME=$PWD CARGO_HOME=$PWD/.cargo CARGO_TERM_COLOR=never CARGO_TERM_PROGRESS_WHEN=never
cat > t.rs <<'E'
use std::collections::{BTreeMap, HashMap};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
fn fib(n: u64) -> u64 { if n < 2 { n } else { fib(n - 1) + fib(n - 2) } }
fn main() {
    println!("{} {:.6} {}", fib(25), 2f64.sqrt(), "rust".to_uppercase());
    let mut m = BTreeMap::new();
    for w in "the quick brown fox jumps over the lazy dog the end".split(' ') { *m.entry(w).or_insert(0) += 1; }
    println!("{:?}", m);
    let c = Arc::new(Mutex::new(0u64));
    let (tx, rx) = mpsc::channel();
    let hs: Vec<_> = (0..4).map(|i| { let c = c.clone(); let tx = tx.clone(); thread::spawn(move || { for j in 0..1000 { *c.lock().unwrap() += j; } tx.send(i * i).unwrap(); }) }).collect();
    for h in hs { h.join().unwrap(); }
    drop(tx);
    let mut got: Vec<i32> = rx.iter().collect(); got.sort();
    println!("{} {:?}", *c.lock().unwrap(), got);
    let r = std::panic::catch_unwind(|| { let v: Vec<i32> = Vec::new(); v[3] });
    println!("caught {}", r.is_err());
    let h: HashMap<u32, u32> = (0..1000).map(|i| (i, i * i)).collect();
    println!("{}", h[&999]);
    std::process::exit(3);
}
E
rustc -O -o t t.rs 2>&1; echo "exit $?"
./t 2>&1; echo "exit $?"
rustc --edition 2021 -o bad bad.rs 2>&1 | head -3; echo "exit $?"
cargo new --vcs none demo 2>&1; cd demo
# cargo names the package's directory by its absolute path: the scratch
# directory's, which differs between the runners.
cat >> src/main.rs <<'E'
pub fn add(a: i32, b: i32) -> i32 { a + b }
#[cfg(test)]
mod tests { #[test] fn adds() { assert_eq!(super::add(2, 3), 5); } #[test] #[should_panic] fn panics() { panic!("x"); } }
E
cargo build --offline 2>&1 | sed "s/ in [0-9.]*s\$//; s|(/.*/demo)|(./demo)|"; echo "exit $?"
cargo run --offline -q; echo "exit $?"
cargo test --offline -q 2>&1 | grep -v "finished in"; echo "exit $?"
