# chroot(2) through coreutils' chroot and Python's os.chroot: a small root
# of dash and its libraries in the work directory; absolute paths, ".."
# and links stay inside it, a file made there lands in the directory,
# chroot's errors (a missing directory, a missing command, EPERM as
# nobody, who may not write the root's /), Python's getcwd of a
# working directory left outside the root (FileNotFoundError).
mkdir -p r/bin r/lib/powerpc64le-linux-gnu r/lib64 r/tmp r/sub
cp /bin/dash r/bin/sh; cp -L /lib64/ld64.so.2 r/lib64/; cp -L /lib/powerpc64le-linux-gnu/libc.so.6 r/lib/powerpc64le-linux-gnu/
echo inside > r/x; ln -s /x r/sub/abs; ln -s ../../../.. r/sub/up; chmod 755 r r/tmp
/usr/sbin/chroot r /bin/sh -c 'echo hi; cd /; pwd; cd ../..; pwd; echo /*; cat 2>&1; read l < /x; echo "$l"; read l < /sub/abs; echo "$l"; read l < /sub/up/x; echo "$l"; cd /sub/up; pwd; test -e /etc/passwd && echo escaped || echo no /etc'
/usr/sbin/chroot r /bin/sh -c 'echo made > /tmp/m; echo "$$" > /dev/null'; echo "rc $?"; cat r/tmp/m
/usr/sbin/chroot r /nothere; echo "rc $?"
/usr/sbin/chroot nodir /bin/sh; echo "rc $?"
/usr/sbin/chroot r/x /bin/sh; echo "rc $?"
/usr/sbin/chroot --userspec=65534:65534 r /bin/sh -c 'echo as nobody; echo x > /nope'; echo "rc $?"
setpriv --reuid=65534 --regid=65534 --clear-groups /usr/sbin/chroot r /bin/sh -c true; echo "rc $?"
python3 -u -c '
import os
os.chroot("r")
try:
    os.getcwd()
except FileNotFoundError as e:
    print("getcwd outside:", e.strerror)
os.chdir("/")
print(os.getcwd(), sorted(os.listdir("/")), sorted(os.listdir("..")))
print(open("/sub/abs").read().strip(), os.readlink("/sub/abs"), os.path.realpath("/sub/up/x"))
os.mkdir("/made"); os.rename("/x", "/made/x"); print(os.listdir("/made"))
try:
    os.stat("/proc/self")
except OSError as e:
    print("/proc:", e.strerror)
pid = os.fork()
if pid == 0:
    print("child sees", sorted(os.listdir("/")), flush=True)
    os.execv("/bin/sh", ["sh", "-c", "echo exec inside; read l < /made/x; echo $l"])
print("child exit", os.waitpid(pid, 0)[1] >> 8)
'
ls r r/made
