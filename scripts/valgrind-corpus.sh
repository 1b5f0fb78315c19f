#!/usr/bin/env bash
# Valgrind's ppc64 instruction tests (none/tests/ppc64) as a second hardware
# oracle: their expected outputs (*.stdout.exp*) were recorded on POWER7-10
# machines. This script fetches Valgrind's source package from Debian with
# apt-get source (a private deb-src list derived from the system's own apt
# sources, nothing written under /etc), builds the tests static with the
# powerpc64 cross compilers in both byte orders, runs each under
# `ppc64emu run -cpu power10` and under qemu-user (-cpu power10), and
# compares the output line by line with the expected files.
#
# Valgrind is GPL: nothing of it is committed; the source and the builds
# live in the user cache dir (${XDG_CACHE_HOME:-~/.cache}/ppc64emu/valgrind-
# VERSION), keyed by the source package version, so a warm cache needs no
# network. The outputs go to build/valgrind/ of the clone.
#
# Usage: scripts/valgrind-corpus.sh [-refresh] [-only le|be] [TEST...]
#   TEST is a .vgtest name without the suffix (jm-fp, test_dfp2, ...);
#   none means every test that applies to POWER10 in the byte order.
# Output: one line per test and byte order:
#   TEST ORDER emu=EXIT/DIFF qemu=EXIT/DIFF exp=FILE
# where DIFF is the number of differing lines (diff's < and > lines) against
# the closest expected file of that byte order and EXIT the exit status. The
# summary file build/valgrind/summary.txt holds the same lines; the per-run
# outputs are build/valgrind/ORDER/TEST.{emu,qemu}.{out,err}.
# qemu-user's outputs are cached beside the builds (keyed by the program,
# its arguments and the QEMU version); ppc64emu runs every time.
# Exit status: 0 when every test ran to completion under ppc64emu, has at
# most as many differing lines as under qemu-user, and each differing line
# is of a class with a verdict (go test ./internal/valgrind with
# VALGRIND_CORPUS set: internal/valgrind/testdata/verdicts.txt, whose
# classes docs/valgrind.md explains), else 1.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

refresh=0
orders="le be"
while [ $# -gt 0 ]; do
  case "$1" in
  -refresh) refresh=1; shift ;;
  -only) orders=$2; shift 2 ;;
  -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
  *) break ;;
  esac
done
want=("$@")

for t in powerpc64le-linux-gnu-gcc powerpc64-linux-gnu-gcc qemu-ppc64le qemu-ppc64 apt-get dpkg-source; do
  if ! command -v "$t" >/dev/null; then
    echo "valgrind-corpus: $t not installed: skipped (scripts/install-deps.sh installs the tools)"
    exit 0
  fi
done

cache=${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu
mkdir -p "$cache"

# The source: the newest cached version unless -refresh or none cached.
src=""
if [ $refresh = 0 ]; then
  src=$(ls -d "$cache"/valgrind-*/src 2>/dev/null | sort -V | tail -1 || true)
fi
if [ -z "$src" ]; then
  apt=$cache/apt
  mkdir -p "$apt/sources.list.d" "$apt/lists/partial" "$apt/cache/archives/partial"
  # deb-src entries: the system's own deb entries with the type changed.
  found=0
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    sed -e 's/^Types: *deb$/Types: deb-src/' "$f" >"$apt/sources.list.d/$(basename "$f")"
    found=1
  done
  if [ -f /etc/apt/sources.list ]; then
    sed -n -e 's/^deb \(.*\)/deb-src \1/p' /etc/apt/sources.list >"$apt/sources.list.d/system.list"
    found=1
  fi
  [ $found = 1 ] || { echo "valgrind-corpus: no apt sources found: skipped"; exit 0; }
  aptopts=(-o "Dir::Etc::sourcelist=/dev/null" -o "Dir::Etc::sourceparts=$apt/sources.list.d"
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "APT::Sandbox::User=root")
  apt-get -q "${aptopts[@]}" update >"$apt/update.log" 2>&1 || { echo "valgrind-corpus: apt-get update failed (see $apt/update.log): skipped"; exit 0; }
  dl=$(mktemp -d "$cache/dl.XXXXXX")
  (cd "$dl" && apt-get -q "${aptopts[@]}" source --download-only valgrind >"$dl/source.log" 2>&1) ||
    { echo "valgrind-corpus: apt-get source valgrind failed (see $dl/source.log): skipped"; exit 0; }
  dsc=$(ls "$dl"/valgrind_*.dsc | head -1)
  ver=$(basename "$dsc" .dsc); ver=${ver#valgrind_}
  top=$cache/valgrind-$ver
  if [ ! -d "$top/src" ]; then
    mkdir -p "$top"
    dpkg-source --no-check -x "$dsc" "$top/src.tmp" >/dev/null
    mv "$top/src.tmp" "$top/src"
  fi
  rm -rf "$dl"
  src=$top/src
fi
top=$(dirname "$src")
ver=${top##*/valgrind-}
tdir=$src/none/tests/ppc64
echo "valgrind-corpus: Valgrind $ver from $top"

# ppc64emu from this clone.
out=build/valgrind
mkdir -p "$out"
go build -o "$out/ppc64emu" ./cmd/ppc64emu

# Programs and their -mcpu (Makefile.am's BUILD_FLAGS_*; power7 becomes
# power8 for little-endian, the lowest level the LE ABI has).
progs="jm-insns:power7 round:power7 test_isa_2_06_part1:power7 test_isa_2_06_part2:power7
test_isa_2_06_part3:power7 test_dfp1:power7 test_dfp2:power7 test_dfp3:power7 test_dfp4:power7
test_dfp5:power7 test_isa_2_07_part1:power8 test_isa_2_07_part2:power8 test_isa_3_0:power9
test_mod_instructions:power9 test_isa_3_1_RT:power10 test_isa_3_1_XT:power10
test_isa_3_1_VRT:power10 test_isa_3_1_Misc:power10 test_isa_3_1_AT:power10
test_isa_3_1_R1_RT:power10 test_isa_3_1_R1_XT:power10 subnormal_test:power7
test_darn_inst:power9 test_copy_paste:power10 data-cache-instructions:power7
std_reg_imm:power7 twi_tdi:power7 tw_td:power7 power6_bcmp:power7 scv_test:power9
test_mcrxrx:power9 test_lxvx_stxvx:power8 lsw:power7 ldst_multiple:power7"

build() { # order prog cpu
  local order=$1 prog=$2 cpu=$3 gcc vgp bdir
  if [ "$order" = le ]; then
    gcc=powerpc64le-linux-gnu-gcc vgp=VGP_ppc64le_linux
    [ "$cpu" = power7 ] && cpu=power8
  else
    gcc=powerpc64-linux-gnu-gcc vgp=VGP_ppc64be_linux
  fi
  bdir=$top/build-$order
  mkdir -p "$bdir"
  [ -f "$bdir/config.h" ] || : >"$bdir/config.h"
  # Makefile.am's extra link flags: the R1 tests' PC-relative stores reach
  # a .bss buffer at a fixed distance from .text. Their test functions
  # also pad with `ori 21,21,21` ... `ori 28,28,28` without declaring
  # those registers clobbered; the cross gcc keeps the harness's loop
  # state in r21-r28 across the indirect call (Valgrind's own build did
  # not), so without -ffixed-r21..r28 every test repeats (little-endian:
  # 256 times) or never ends (big-endian), under qemu-user alike.
  local extra=()
  case $prog in
  jm-insns) extra=(-Wl,-z,norelro) ;;
  test_isa_3_1_R1_*) extra=(-Wl,-Tbss,0x20000 -Wl,-Ttext,0x40000 -ffixed-r21 -ffixed-r22 -ffixed-r23
    -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28) ;;
  esac
  local flags="-static -O -g -mregnames -w -mcpu=$cpu -maltivec -mvsx -mhard-dfp -D$vgp -DHAS_ALTIVEC -DHAS_VSX -DHAS_DFP -DHAS_ISA_2_06 -DHAS_ISA_2_07 -DHAS_ISA_3_00 -DHAS_ISA_3_1 ${extra[*]}"
  if [ -x "$bdir/$prog" ] && [ "$(cat "$bdir/$prog.flags" 2>/dev/null)" = "$flags" ]; then return 0; fi
  [ -f "$bdir/$prog.failed" ] && [ "$(cat "$bdir/$prog.flags" 2>/dev/null)" = "$flags" ] && return 1
  rm -f "$bdir/$prog" "$bdir/$prog.failed"
  echo "$flags" >"$bdir/$prog.flags"
  local srcs=("$tdir/$prog.c")
  case $prog in test_isa_3_1_*) srcs+=("$tdir/test_isa_3_1_common.c") ;; esac
  # shellcheck disable=SC2086
  if "$gcc" $flags -I"$bdir" -I"$src" -I"$src/include" -I"$tdir" -o "$bdir/$prog" "${srcs[@]}" -lm >"$bdir/$prog.log" 2>&1; then
    return 0
  fi
  touch "$bdir/$prog.failed"
  return 1
}

cpu_of() { for p in $progs; do [ "${p%%:*}" = "$1" ] && { echo "${p##*:}"; return; }; done; echo power7; }

# ndiff FILE OUT: differing lines (diff's < and > lines).
ndiff() { diff "$1" "$2" | grep -c '^[<>]' || true; }

# A cold cache builds every program first, the byte orders side by side.
if [ ${#want[@]} -eq 0 ]; then
  for order in $orders; do
    (for p in $progs; do build "$order" "${p%%:*}" "${p##*:}" || true; done) &
  done
  wait
fi

status=0
: >"$out/summary.txt"
for order in $orders; do
  mkdir -p "$out/$order"
  for vg in "$tdir"/*.vgtest; do
    name=$(basename "$vg" .vgtest)
    # A here-string, not a pipe: see chroot-compare.sh.
    if [ ${#want[@]} -gt 0 ] && ! grep -qx "$name" <<<"$(printf '%s\n' "${want[@]}")"; then continue; fi
    pre=$(sed -n 's/^prereq: *//p' "$vg" | tr '\n' ' ')
    # Tests that do not apply to POWER10 in this byte order.
    case "$pre" in *htm*) continue ;; esac
    case "$pre" in *is_ppc64_BE*) [ "$order" = be ] || continue ;; esac
    # ISA 3.0 tests have little-endian expected files only.
    cmd=$(sed -n 's/^prog: *//p' "$vg")
    prog=${cmd%% *}
    args=${cmd#"$prog"}
    exps=()
    for e in "$tdir/$name".stdout.exp*; do
      case "$e" in *-LE*) [ "$order" = le ] && exps+=("$e") ;; *) exps+=("$e") ;; esac
    done
    [ ${#exps[@]} -gt 0 ] || continue
    if ! build "$order" "$prog" "$(cpu_of "$prog")"; then
      line="$name $order build-failed (see $top/build-$order/$prog.log)"
      echo "$line" | tee -a "$out/summary.txt"
      status=1
      continue
    fi
    bin=$top/build-$order/$prog
    qemu=qemu-ppc64le; [ "$order" = be ] && qemu=qemu-ppc64
    # shellcheck disable=SC2086
    set +e
    # qemu-user's results are cached beside the build, keyed by the
    # program, its arguments and the QEMU version; a missing one runs
    # beside ppc64emu.
    qkey="$(sha256sum <"$bin" | cut -c1-16) $args $("$qemu" --version | head -1)"
    qc=$top/qemu-$order/$name
    mkdir -p "$top/qemu-$order"
    qpid=""
    if [ "$(cat "$qc.key" 2>/dev/null)" != "$qkey" ]; then
      (cd "$out/$order" && timeout 600 "$qemu" -cpu power10 "$bin" $args >"$qc.out" 2>"$qc.err"; echo $? >"$qc.rc") &
      qpid=$!
    fi
    (cd "$out/$order" && timeout 600 "../ppc64emu" run -cpu power10 "$bin" $args >"$name.emu.out" 2>"$name.emu.err")
    erc=$?
    if [ -n "$qpid" ]; then
      wait "$qpid"
      echo "$qkey" >"$qc.key"
    fi
    cp "$qc.out" "$out/$order/$name.qemu.out"
    cp "$qc.err" "$out/$order/$name.qemu.err"
    qrc=$(cat "$qc.rc")
    set -e
    best="" bd="" bq=""
    for e in "${exps[@]}"; do
      d=$(ndiff "$e" "$out/$order/$name.emu.out")
      q=$(ndiff "$e" "$out/$order/$name.qemu.out")
      if [ -z "$bd" ] || [ $((d + q)) -lt $((bd + bq)) ]; then best=$(basename "$e") bd=$d bq=$q; fi
    done
    diff "$tdir/$best" "$out/$order/$name.emu.out" >"$out/$order/$name.emu.diff" || true
    line="$name $order emu=$erc/$bd qemu=$qrc/$bq exp=$best"
    echo "$line" | tee -a "$out/summary.txt"
    if [ $erc != 0 ] || [ "$bd" -gt "$bq" ]; then status=1; fi
  done
done
# The check: no test stopped early, none has more differing lines than
# under qemu-user, every differing line is of a class with a verdict
# (internal/valgrind/testdata/verdicts.txt, docs/valgrind.md).
VALGRIND_CORPUS=$PWD/$out go test -count=1 ./internal/valgrind || status=1
exit $status
