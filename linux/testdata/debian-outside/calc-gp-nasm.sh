# PARI/GP 2.15 (GMP's kernels, its own stack that it grows with mmap and
# mremap): factorisations, big powers, a number field's class number,
# polynomial roots, a series, an error caught by iferr, a loop, a user
# function, quit with a status. nasm 2.16 assembling an ELF64 object and
# a listing, errors; busybox (static) applets; pv with -q.
gp -q -f <<'E'
default(parisize, 10^7);
print(factor(2^128 + 1));
print(#Str(3^100000));
print(bnfinit(x^2 + 23).no);
print(polroots(x^3 - 2*x + 1));
print(exp(x + O(x^6)));
print(iferr(1/0, e, errname(e)));
f(n) = if(n < 2, n, f(n-1) + f(n-2)); print(f(20));
s = 0; forprime(p = 2, 100000, s += p); print(s);
print(ellcard(ellinit([1, 1], 10007)));
print(isprime(2^127 - 1), nextprime(10^30));
print(sqrt(2) * 1.0);
print(matdet(matrix(6, 6, i, j, 1 / (i + j - 1))));
quit(3)
E
echo "gp $?"
printf 'print(1 +)\n' | gp -q -f 2>&1 | head -3; echo "gp error $?"
cat > h.asm <<'E'
section .data
msg: db "hello from nasm", 10
len equ $ - msg
section .text
global _start
_start:
  mov rax, 1
  mov rdi, 1
  lea rsi, [rel msg]
  mov rdx, len
  syscall
  times 3 nop
E
nasm -f elf64 -l h.lst -o h.o h.asm; echo "nasm $?"; cut -c1-60 h.lst | head -12; od -An -tx1 -N 20 h.o
printf 'mov rax, \n' > bad.asm; nasm -f elf64 bad.asm 2>&1; echo "nasm bad $?"
cat > b.asm <<'E'
bits 16
org 0x7c00
jmp $
times 510 - ($ - $$) db 0
dw 0xaa55
E
nasm -f bin -o b.bin b.asm; echo "bin $?"; ls -l b.bin | awk '{print $5}'; od -An -tx1 -j 508 b.bin
busybox echo static busybox; busybox seq 3 | busybox tac; echo abc | busybox sha256sum; busybox expr 6 \* 7
busybox sh -c 'x=5; while [ $x -gt 0 ]; do printf "%s " $x; x=$((x-1)); done; echo'
busybox awk 'BEGIN { printf "%d\n", 7 * 6 }'; busybox nosuchapplet; echo "nosuch $?"
seq 1 100000 | pv -q -L 100m | md5sum; pv -q nosuch; echo "pv $?"
