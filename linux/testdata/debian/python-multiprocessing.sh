python3 -c '
import multiprocessing as mp
def sq(x): return x * x
if __name__ == "__main__":
    ctx = mp.get_context("fork")
    with ctx.Pool(3) as p: print(p.map(sq, range(10)))
    q = ctx.Queue(); pr = ctx.Process(target=q.put, args=("from child",)); pr.start(); print(q.get()); pr.join(); print(pr.exitcode)
'
