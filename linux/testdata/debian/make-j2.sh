mkdir -p src && for i in 1 2 3 4 5 6; do echo "part $i" > src/p$i.in; done
printf '%s\n' 'SRCS := $(wildcard src/*.in)' 'OUTS := $(SRCS:src/%.in=out/%.out)' \
  'all: out/total' 'out/total: $(OUTS)' '	cat $^ | sort > $@' '	@echo built $(words $^) parts' \
  'out/%.out: src/%.in | out' '	@sed s/part/PART/ $< > $@ && echo made $@ >> log' \
  'out:' '	mkdir -p $@' 'clean:' '	rm -rf out log' '.PHONY: all clean fail' \
  'fail:' '	@echo before; false' '	@echo never' > Makefile
make -j2 -s; echo "make $?"; cat out/total; sort log; make -j2; echo "again $?"
touch -d '2000-01-01' out/total; touch src/p3.in; make -j2 -s 2>&1; sort log | uniq -c | sort -k2 | head -3
make fail; echo "fail $?"; make -k fail all; echo "k $?"
make -n clean; make -s clean; ls; make -j2 -f - <<'MK' | sort
x := $(shell echo shell-fn)
all: a b c
	@echo all $(x)
a b c:
	@sh -c 'exit 0' && echo target $@
MK
make --no-print-directory -C src -f /dev/null nothing 2>&1; echo "missing $?"
