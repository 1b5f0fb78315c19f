# The dynamically linked big-endian programs (ELFv1: ld64.so.1, function
# descriptors) started by the busybox shell: printf, libm, IFUNC string
# functions, threads, TLS, dlopen; the loader run as the program; the
# process program (fork, exec, wait, vfork, posix_spawn, system, popen).
/opt/be/hello one two; echo "rc $?"
/opt/be/libs; echo "rc $?"
/lib64/ld64.so.1 /opt/be/hello via the loader; echo "rc $?"
/opt/be/procs; echo "rc $?"
/opt/be/procs | cat; echo "rc $?"
out=$(/opt/be/procs child 9); echo "rc $? out: $out"
/opt/be/descs; echo "rc $?"
LD_BIND_NOW=1 /opt/be/descs | tail -3; echo "rc $?"
