python3 -c '
import subprocess, os, sys
r = subprocess.run(["echo", "hi"], capture_output=True, text=True); print(repr(r.stdout), r.returncode)
print(subprocess.check_output("seq 3 | wc -l", shell=True).decode().strip())
r = subprocess.run(["sh", "-c", "echo err >&2; exit 3"], capture_output=True); print(r.returncode, r.stderr)
p = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE); out, _ = p.communicate(b"piped"); print(out, p.returncode)
pid = os.fork()
if pid == 0: os._exit(9)
print(os.waitpid(pid, 0)[1] >> 8)
try: subprocess.run(["/nonexistent"])
except FileNotFoundError as e: print("FNF", e.errno)
print(subprocess.call(["sh", "-c", "kill -9 $$"]))
'
