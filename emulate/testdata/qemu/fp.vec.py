# Generates emulate/testdata/qemu/fp.vec, the hand-written scalar FP edge vectors:
#   python3 fp.vec.py > fp.vec
#   qemu-ppc64le -cpu power10 ../../../build/harness-le < fp.vec > fp.le.txt
#   qemu-ppc64 -cpu power10 ../../../build/harness-be < fp.vec > fp.be.txt
A = lambda op, xo, t=1, a=2, b=3, c=4: (op << 26) | (t << 21) | (a << 16) | (b << 11) | (c << 6) | (xo << 1)
X = lambda op, xo, t=1, a=0, b=3: (op << 26) | (t << 21) | (a << 16) | (b << 11) | (xo << 1)
ONE=0x3ff0000000000000; MAX=0x7fefffffffffffff; MINN=0x0010000000000000; HALF=0x3fe0000000000000
INF=0x7ff0000000000000; NINF=0xfff0000000000000; QNAN=0x7ff8000000000123; QNAN2=0xfff8000000000456
SNAN=0x7ff4000000000789; SNAN2=0xfff0000000000001; Z=0; NZ=1<<63; DEN=0x0000000000000003
TIE=0x3ca0000000000000  # 2^-53
T3=0x3cb8000000000000   # 3*2^-53
SMAX=0x47efffffe0000000; STIE=0x3e70000000000000  # 2^-24
SMINN=0x3810000000000000; S127=0x3800000000000000
out=[]
def v(name, insn, **regs):
    parts=[name, "insn=%08x" % insn]
    for k,val in regs.items():
        parts.append("%s=%x" % (k, val))
    out.append(" ".join(parts))
two = {"fadd":(63,21),"fsub":(63,20),"fdiv":(63,18),"fadds":(59,21),"fsubs":(59,20),"fdivs":(59,18)}
mul = {"fmul":(63,25),"fmuls":(59,25)}
fma = {"fmadd":(63,29),"fmsub":(63,28),"fnmadd":(63,31),"fnmsub":(63,30),
       "fmadds":(59,29),"fmsubs":(59,28),"fnmadds":(59,31),"fnmsubs":(59,30)}
one = {"fsqrt":(63,22),"fsqrts":(59,22),"fre":(63,24),"fres":(59,24),"frsqrte":(63,26),"frsqrtes":(59,26)}
pairs = [(ONE,TIE),(ONE,T3),(ONE,0xbca0000000000000),(MAX,MAX),(MAX,0x7ca0000000000000),(MINN,0x8008000000000001),
         (Z,NZ),(NZ,NZ),(ONE,0xbff0000000000000),(INF,NINF),(INF,INF),(Z,Z),(ONE,Z),(QNAN,QNAN2),(SNAN,QNAN),(QNAN,SNAN2),
         (DEN,DEN),(0x3ff0000010000000,STIE),(SMAX,0x47e0000000000000),(SMINN,0xb800000000000000),(0x4008000000000000,0x4000000000000000),
         (0x0010000000000001,HALF),(0x7fe0000000000000,0x4000000000000000),(0x3ff0000000000001,0x3ff0000000000003)]
for rn in range(4):
    for n,(op,xo) in two.items():
        for i,(a,b) in enumerate(pairs):
            v("%s-rn%d-%d" % (n,rn,i), A(op,xo,c=0), f2=a, f3=b, fpscr=rn)
    for n,(op,xo) in mul.items():
        for i,(a,b) in enumerate(pairs):
            v("%s-rn%d-%d" % (n,rn,i), A(op,xo,b=0), f2=a, f4=b, fpscr=rn)
    for n,(op,xo) in fma.items():
        for i,(a,b) in enumerate(pairs):
            for j,c in enumerate([ONE, 0xbff0000000000000, NINF, Z, HALF, SNAN]):
                v("%s-rn%d-%d-%d" % (n,rn,i,j), A(op,xo), f2=a, f4=b, f3=c if j < 5 else b, fpscr=rn)
        v("%s-rn%d-nan3" % (n,rn), A(op,xo), f2=ONE, f4=QNAN, f3=QNAN2, fpscr=rn)
        v("%s-rn%d-nan4" % (n,rn), A(op,xo), f2=QNAN2, f4=SNAN, f3=QNAN, fpscr=rn)
        v("%s-rn%d-cancel" % (n,rn), A(op,xo), f2=ONE, f4=ONE, f3=0xbff0000000000000, fpscr=rn)
    for n,(op,xo) in one.items():
        for i,b in enumerate([ONE,0x4000000000000000,0x4008000000000000,MAX,MINN,DEN,Z,NZ,INF,NINF,QNAN,SNAN,0xbff0000000000000,SMAX,0x3ff0000000000001,S127]):
            v("%s-rn%d-%d" % (n,rn,i), A(op,xo,a=0,c=0), f3=b, fpscr=rn)
    xs = {"frsp":12,"fctiw":14,"fctiwz":15,"fctiwu":142,"fctiwuz":143,"fctid":814,"fctidz":815,"fctidu":942,"fctiduz":943,
          "frin":392,"friz":424,"frip":456,"frim":488}
    for n,xo in xs.items():
        for i,b in enumerate([0x4004000000000000,0x400c000000000000,0xc004000000000000,0xbfe0000000000000,0x3fe0000000000000,
                              0x41dfffffffc00000,0x41e0000000000000,0xc1e0000000000000,0xc1e0000000200000,0x41efffffffe00000,0x41f0000000000000,
                              0x43e0000000000000,0xc3e0000000000000,0x43f0000000000000,Z,NZ,INF,NINF,QNAN,SNAN,QNAN2,DEN,SMAX,0x47effffff0000000,
                              0x3ff0000010000000,S127,0x36a0000000000000,0x3690000000000000,MAX]):
            v("%s-rn%d-%d" % (n,rn,i), X(63,xo), f3=b, fpscr=rn)
    # conversions from integers; FPRF preset to the class of the result so
    # that QEMU's fcfids/fcfidu/fcfidus (which leave FPRF alone) are compared.
    for n,(op,xo) in {"fcfid":(63,846),"fcfidu":(63,974),"fcfids":(59,846),"fcfidus":(59,974)}.items():
        for i,b in enumerate([1,3,0x20000001,0x1000001,0x7fffffffffffffff,0x8000000000000000,0xffffffffffffffff,0x0020000000000001,0xfffffffffeffffff,0]):
            signed = n in ("fcfid","fcfids")
            neg = signed and b >> 63
            cls = 0x2 if b == 0 else (0x8 if neg else 0x4)
            v("%s-rn%d-%d" % (n,rn,i), X(op,xo), f3=b, fpscr=rn | cls << 12)
# enabled exceptions (FPSCR enables VE=80 OE=40 UE=20 ZE=10 XE=08)
en = [("ve-snan", A(63,21,c=0), dict(f2=SNAN, f3=ONE, fpscr=0x80)),
      ("ve-isi", A(63,21,c=0), dict(f2=INF, f3=NINF, fpscr=0x80)),
      ("ve-isi-rc", A(63,21,c=0)|1, dict(f2=INF, f3=NINF, fpscr=0x80)),
      ("ze-div", A(63,18,c=0), dict(f2=ONE, f3=Z, fpscr=0x10)),
      ("ze-divs", A(59,18,c=0), dict(f2=ONE, f3=Z, fpscr=0x10)),
      ("oe-add", A(63,21,c=0), dict(f2=MAX, f3=MAX, fpscr=0x40)),
      ("oe-muls", A(59,25,b=0), dict(f2=SMAX, f4=0x4000000000000000, fpscr=0x40)),
      ("ue-mul", A(63,25,b=0), dict(f2=0x0010000000000001, f4=HALF, fpscr=0x20)),
      ("ue-exact", A(63,25,b=0), dict(f2=MINN, f4=HALF, fpscr=0x20)),
      ("xe-add", A(63,21,c=0), dict(f2=ONE, f3=TIE, fpscr=0x08)),
      ("xe-exact", A(63,21,c=0), dict(f2=ONE, f3=ONE, fpscr=0x08)),
      ("ve-cvi", X(63,15), dict(f3=QNAN, fpscr=0x80)),
      ("ve-sqrt", A(63,22,a=0,c=0), dict(f3=0xbff0000000000000, fpscr=0x80)),
      ("ve-cmpo", X(63,32,t=0,a=2), dict(f2=QNAN, f3=ONE, fpscr=0x80)),
      ("ve-cmpu-snan", X(63,0,t=0,a=2), dict(f2=SNAN, f3=ONE, fpscr=0x80)),
      ("ve-cmpu-qnan", X(63,0,t=0,a=2), dict(f2=QNAN, f3=ONE, fpscr=0x80)),
      ("xe-frsp", X(63,12), dict(f3=0x3ff0000010000000, fpscr=0x08)),
      ("xe-fri", X(63,392), dict(f3=0x4004000000000000, fpscr=0x08)),
      ("ve-fma-imz", A(63,29), dict(f2=INF, f4=Z, f3=ONE, fpscr=0x80)),
      ("oe-fma", A(63,29), dict(f2=MAX, f4=0x4000000000000000, f3=ONE, fpscr=0x40)),
      ("ze-fre", A(63,24,a=0,c=0), dict(f3=Z, fpscr=0x10)),
      ("pending-fadd", A(63,21,c=0), dict(f2=ONE, f3=ONE, fpscr=0xc2000008)),
     ]
for name, insn, regs in en:
    v(name, insn, **regs)
# FX when the exception bit is already set (ISA: no 0->1 change, FX stays 0;
# QEMU sets it: accepted divergence)
v("fx-xx-set", A(63,21,c=0), f2=ONE, f3=0x3ca8000000000000, fpscr=0x02000000)
v("fx-vxsnan-set", A(63,21,c=0), f2=SNAN, f3=ONE, fpscr=0x21000000)
v("fx-ox-set", A(63,21,c=0), f2=MAX, f3=MAX, fpscr=0x12000000)
# compares
for i,(a,b) in enumerate([(ONE,ONE),(ONE,0x4000000000000000),(0x4000000000000000,ONE),(Z,NZ),(NINF,INF),(QNAN,ONE),(ONE,SNAN),(DEN,Z)]):
    v("fcmpu-%d" % i, X(63,0,t=0x1c,a=2), f2=a, f3=b, cr=0xffffffff)
    v("fcmpo-%d" % i, X(63,32,t=0x1c,a=2), f2=a, f3=b, cr=0, fpscr=0x1f000)
# FPSCR moves
for bt in range(32):
    v("mtfsb0-%d" % bt, X(63,70,t=bt,b=0), fpscr=0xfff7f0ff & ~0x40000000 & ~0xf8 | 0x3)
    v("mtfsb1-%d" % bt, X(63,38,t=bt,b=0), fpscr=0x80000002)
    v("mtfsb1rc-%d" % bt, X(63,38,t=bt,b=0)|1, fpscr=0x80000000)
for bfa in range(8):
    v("mcrfs-%d" % bfa, X(63,64,t=(3<<2),a=bfa<<2,b=0), fpscr=0xfff7f0ff & ~0x40000000 & ~0xf8, cr=0)
for flm in [0x01,0x02,0x80,0x40,0xff,0x7f,0x81,0x10]:
    # mtfsf FLM,f3 (L=0,W=0) with no enables set by the value
    w = (63<<26)|(flm<<17)|(3<<11)|(711<<1)
    v("mtfsf-%02x" % flm, w, f3=0x00000000ffff0f07, fpscr=0x82000001)
    v("mtfsfrc-%02x" % flm, w|1, f3=0x0000000096f35f03, fpscr=0)
v("mtfsf-L1", (63<<26)|(1<<25)|(0<<17)|(3<<11)|(711<<1), f3=0x00000000abcd1203)
v("mtfsf-W1", (63<<26)|(0xff<<17)|(1<<16)|(3<<11)|(711<<1), f3=0x0000000012345003, fpscr=0x1234)
for bf in range(8):
    for u in (0x0, 0x5, 0xf):
        w=(63<<26)|(bf<<23)|(u<<12)|(134<<1)
        v("mtfsfi-%d-%x" % (bf,u), w, fpscr=0x0e01f000)
for rm in range(4):
    v("mffscrni-%d" % rm, (63<<26)|(1<<21)|(23<<16)|(rm<<11)|(583<<1), fpscr=0xa90000f1)
v("mffsl", (63<<26)|(1<<21)|(24<<16)|(583<<1), fpscr=0xfff7f0f1)
v("mffsce", (63<<26)|(1<<21)|(1<<16)|(583<<1), fpscr=0xfff7f0f1)
v("mffs", (63<<26)|(1<<21)|(583<<1), fpscr=0xfff7f0f1)
v("mffsrc", (63<<26)|(1<<21)|(583<<1)|1, fpscr=0xfff7f0f1)
print("# Hand-written scalar FP edge vectors (generated by fp.vec.py; see emulate/fp_qemu_test.go)")
print("\n".join(out))
