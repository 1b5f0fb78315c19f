python3 -c '
import threading, queue
q = queue.Queue(); lock = threading.Lock(); total = [0]
def work(n):
    for i in range(1000):
        with lock: total[0] += 1
    q.put(n)
ts = [threading.Thread(target=work, args=(i,)) for i in range(8)]
[t.start() for t in ts]; [t.join() for t in ts]
print(total[0], sorted(q.get() for _ in range(8)))
'
