# Controlling terminals and job control on a pseudo-terminal (issue 26):
# Python's pty.fork (glibc forkpty: setsid, TIOCSCTTY) with /dev/tty, the
# foreground group and the session in the child; os.openpty; an
# interactive bash on the pty with job control (a job in the background,
# jobs, fg, the shell back in the foreground); a background job's read of
# the terminal stopped by SIGTTIN (bash reports it), killed. Process ids
# are left out of the output, and so is bash's notice of the killed job,
# which comes before or after the next output as bash reaps it.
python3 -c '
import os, pty, re, select, signal
pid, fd = pty.fork()
if pid == 0:
    f = os.open("/dev/tty", os.O_RDWR)
    print("child: leader", os.getsid(0) == os.getpid(), "foreground", os.tcgetpgrp(0) == os.getpgrp(),
          "/dev/tty", os.isatty(f), os.ttyname(0).startswith("/dev/pts/"), flush=True)
    os._exit(3)
def drain(fd, pid):
    out = b""
    while True:
        r, _, _ = select.select([fd], [], [], 60)
        if not r:
            os.kill(pid, signal.SIGKILL)
            return out + b"(timed out)\n"
        try:
            b = os.read(fd, 1024)
        except OSError:
            return out
        if not b:
            return out
        out += b
print(drain(fd, pid).decode().replace("\r\n", "\n"), end="")
print("child status", os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
m, s = os.openpty()
print("openpty", os.isatty(s), os.ttyname(s).startswith("/dev/pts/"))
os.close(m); os.close(s)

pid, fd = pty.fork()
if pid == 0:
    os.execvp("bash", ["bash", "--norc", "--noprofile", "--noediting", "-i"])
os.write(fd, b"PS1=\"$ \"\n"
    b"sleep 0.2 & jobs; fg; echo fg status $?\n"
    b"echo foreground $(( $(ps -o tpgid= $$) == $$ ))\n"
    b"cat & sleep 1; jobs\n"
    b"kill -9 %1; while kill -0 %1 2>/dev/null; do sleep 0.1; done; echo gone\n"
    b"exit 7\n")
out = drain(fd, pid).decode().replace("\r\n", "\n")
out = re.sub(r"\[1\]\+ +Killed +cat\n", "", out)
print(re.sub(r"\[\d\d+\]", "[PID]", re.sub(r"\[(\d)\] \d+", r"[\1] PID", out)), end="")
print("bash status", os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
'
