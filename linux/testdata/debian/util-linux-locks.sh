# util-linux's lslocks (it reads /proc/locks and names each holder from
# /proc/PID): a flock(1) holding a flock lock and a forked Python child
# holding an fcntl record lock, each found under its own command (the
# runner named its first process for every guest's lock until
# proclocks.go). Each holder says it holds its lock before lslocks runs;
# lslocks's lines are sorted (Linux lists locks in per-CPU list order),
# and only the case's file is looked at (qemu-user's list is the host's).
touch lk.file; flock -x lk.file sh -c 'echo $$ > ready; exec sleep 60' & p=$!
until [ -s ready ]; do sleep 0.1; done
python3 -c '
import fcntl, os, signal, subprocess
f = open("lk.file", "r+"); r, w = os.pipe(); pid = os.fork()
if pid == 0:
    fcntl.lockf(f, fcntl.LOCK_EX, 5, 10); fcntl.lockf(f, fcntl.LOCK_SH, 3, 20); os.write(w, b"x"); signal.pause()
os.read(r, 1); print("child locked")
out = subprocess.run(["lslocks", "-n", "-o", "COMMAND,TYPE,MODE,START,END,PATH"], capture_output=True, text=True).stdout
print("".join(sorted(" ".join(l.split()[:-1]) + " lk.file\n" for l in out.splitlines() if l.endswith("/lk.file"))), end="")
try:
    fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 12)
except OSError as e:
    print("parent blocked:", e.errno)
os.kill(pid, 9); os.wait()
out = subprocess.run(["lslocks", "-n", "-o", "COMMAND,PATH"], capture_output=True, text=True).stdout
print("after the child:", sorted(l.split()[0] for l in out.splitlines() if l.endswith("/lk.file")))
'
kill $(cat ready); wait $p; echo "flock $?"
