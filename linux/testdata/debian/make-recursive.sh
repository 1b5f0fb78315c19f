mkdir -p lib app
cat > lib/Makefile <<'MK'
CFLAGS ?= -O2
OBJS := $(patsubst %.c,%.o,$(wildcard *.c))
libm26.a: $(OBJS)
	$(AR) rcs $@ $^
%.o: %.c
	$(CC) $(CFLAGS) -c $< -o $@
clean:
	rm -f *.o *.a
MK
cat > app/Makefile <<'MK'
VERSION := $(shell cat ../VERSION)
app: main.o ../lib/libm26.a
	$(CC) -o $@ $^
main.o: main.c
	$(CC) -DVERSION='"$(VERSION)"' -c $< -o $@
MK
cat > Makefile <<'MK'
SUBDIRS = lib app
.PHONY: all $(SUBDIRS) clean check
all: $(SUBDIRS)
app: lib
$(SUBDIRS):
	$(MAKE) -C $@
check: all
	./app/app 3 4
clean:
	for d in $(SUBDIRS); do $(MAKE) -C $$d clean; done
	rm -f app/app app/*.o
MK
echo 2.6 > VERSION
printf 'int sq(int x) { return x * x; }\n' > lib/sq.c
printf 'int cube(int x) { return x * x * x; }\n' > lib/cube.c
printf '#include <stdio.h>\n#include <stdlib.h>\nint sq(int); int cube(int);\nint main(int c, char **v) { int a = atoi(v[1]), b = atoi(v[2]); printf("v%%s %%d %%d\\n", VERSION, sq(a), cube(b)); return 0; }\n' > app/main.c
make -j2 2>&1 | sed "s,$PWD,.,; s/\\[[0-9]*\\]//" | sort; echo "make $?"
make check 2>&1 | sed "s,$PWD,.,"; echo "check $?"
make -q all 2>&1 | sed "s,$PWD,.,"; echo "q $?"
touch -d 2001-01-01 app/app; make -s -j2 check 2>&1 | sed "s,$PWD,.,"; echo "relink $?"
make -j2 clean >/dev/null; ls lib app
make -j2 nosuch 2>&1; echo "nosuch $?"
make -C lib -j2 CFLAGS=-O0 --print-data-base -q 2>/dev/null | grep -c '^CFLAGS\|^OBJS'
printf 'all:\n\t@echo $(MAKEFLAGS) $(MAKELEVEL)\n\t@$(MAKE) -s sub\nsub:\n\t@echo sub $(MAKELEVEL)\n' | make -s -f - -j2 X=1 2>&1 | sed 's,/tmp/[^:]*,TMP,'
