# spawn and forkserver start a fresh interpreter that imports the main
# module by its path: the program is a file, not python3 -c.
cat >mpstart.py <<'PY'
import multiprocessing as mp, os
def sq(x): return x * x
def put(q, v): q.put((v, os.getpid() != os.getppid()))
def add(v, lock, n):
    for _ in range(n):
        with lock: v.value += 1
if __name__ == "__main__":
    for method in ("spawn", "forkserver"):
        ctx = mp.get_context(method)
        with ctx.Pool(2) as p:
            print(method, p.map(sq, range(8)), sorted(p.imap_unordered(sq, range(4))))
        q = ctx.Queue()
        pr = ctx.Process(target=put, args=(q, method)); pr.start(); print(q.get()); pr.join(); print(pr.exitcode)
        v = ctx.Value("i", 0); lock = ctx.Lock()
        ps = [ctx.Process(target=add, args=(v, lock, 50)) for _ in range(2)]
        for x in ps: x.start()
        for x in ps: x.join()
        print(v.value, [x.exitcode for x in ps])
        pr = ctx.Process(target=os._exit, args=(7,)); pr.start(); pr.join(); print(pr.exitcode)
PY
python3 mpstart.py
