/* dyn-sigbacktrace: sigbacktrace.c dynamically linked (backtrace() loads
   libgcc_s, which finds the vDSO's unwind information by dl_iterate_phdr). */
#include "../c/sigbacktrace.c"
