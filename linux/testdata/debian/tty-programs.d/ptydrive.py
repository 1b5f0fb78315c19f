# A user at a terminal, for the tty-programs case: runs a command on a new
# pseudo-terminal (pty.fork: the command is a session leader with the
# slave as its controlling terminal) and plays a script of steps against
# it, each step waiting for the program's output rather than for time.
#
#   python3 ptydrive.py [STEP...] -- COMMAND [ARG...]
#
# Steps, in order:
#   size=ROWSxCOLS  the terminal's size before the command starts (24x80)
#   wait=TEXT       read the output until TEXT appears after the last match
#   keys=TEXT       write TEXT to the master (Python escapes: \r, \x1b)
#   resize=RxC      set the size on the master (TIOCSWINSZ: SIGWINCH to
#                   the foreground group)
#   mark            print the output up to the end of the last match and
#                   drop it (the next wait looks at what follows)
#   skip            drop the output up to the end of the last match,
#                   printing "<skipped>" instead: what depends on when a key
#                   arrived, as a screen library's redraw cut short by
#                   typeahead (wait for what the command prints after it)
# Then the output to the end (EIO once no process holds the slave) and the
# command's exit status. Output is printed with the carriage returns of
# "\r\n" dropped and other control bytes shown as cat -v does (^[ for ESC).
# A wait not met in 60 s prints "(timed out waiting for TEXT)" and kills
# the command.
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios


def visible(b):
    """The bytes b as text, control characters as ^X."""
    b = b.replace(b"\r\n", b"\n")
    out = []
    for c in b:
        if c in (9, 10) or 32 <= c < 127:
            out.append(chr(c))
        elif c < 32:
            out.append("^" + chr(c + 64))
        elif c == 127:
            out.append("^?")
        else:
            out.append("M-" + (chr(c - 128) if c - 128 >= 32 else "^" + chr(c - 64)))
    return "".join(out)


def winsize(fd, spec):
    rows, cols = (int(x) for x in spec.split("x"))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        sys.exit("usage: ptydrive.py [STEP...] -- COMMAND [ARG...]")
    cut = argv.index("--")
    steps, cmd = argv[:cut], argv[cut + 1:]
    size = "24x80"
    for s in steps:
        if s.startswith("size="):
            size = s[5:]
    pid, fd = pty.fork()
    if pid == 0:
        try:
            winsize(0, size)
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    buf = b""
    pos = 0
    eof = False

    def more():
        nonlocal buf, eof
        r, _, _ = select.select([fd], [], [], 60)
        if not r:
            return False
        try:
            b = os.read(fd, 4096)
        except OSError:
            b = b""
        if not b:
            eof = True
        buf += b
        return True

    for s in steps:
        name, _, arg = s.partition("=")
        if name == "wait":
            want = arg.encode().decode("unicode_escape").encode("latin-1")
            while buf.find(want, pos) < 0 and not eof:
                if not more():
                    break
            i = buf.find(want, pos)
            if i < 0:
                print(visible(buf), end="")
                print("\n(timed out waiting for %r)" % arg if not eof else "\n(end of output before %r)" % arg)
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                sys.exit(1)
            pos = i + len(want)
        elif name == "keys":
            os.write(fd, arg.encode().decode("unicode_escape").encode("latin-1"))
        elif name == "resize":
            winsize(fd, arg)
        elif name in ("mark", "skip"):
            if name == "mark":
                print(visible(buf[:pos]), end="", flush=True)
            else:
                print("<skipped>", end="", flush=True)
            buf, pos = buf[pos:], 0
    while not eof:
        if not more():
            print(visible(buf), end="")
            print("\n(timed out waiting for the end)")
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            sys.exit(1)
    print(visible(buf), end="")
    print("[exit %d]" % os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))


main()
