#!/usr/bin/env bash
# A sweep of the Debian corpus root (issue 26): every ELF program of the
# root that scripts/debian-corpus.sh unpacks (/usr/bin, /usr/sbin, the
# programs under /usr/lib and /usr/libexec, and the symbolic links in
# /usr/bin and /usr/sbin to an ELF program: a program may act on the name
# it was run by) runs a few harmless invocations — `--version`, `--help`
# and no arguments — with standard input from /dev/null, under qemu-user
# and under `ppc64emu run -L ROOT`, and stdout, stderr and exit status are
# compared. Not run in CI: it takes about an hour of CPU (docs/debian-corpus.md,
# "The sweep", has the last counts and the triage of what differed).
#
# The reference: qemu-ppc64le-static through binfmt_misc (flags F and P:
# argv[0] kept) in a private user and mount namespace, as
# scripts/debian-run.sh's qemurun, but one namespace for the whole sweep:
# each invocation is `unshare --root=ROOT --wd=/work PROG ARGS` (a chroot
# without a guest shell in between, so the environment is only env -i's
# PATH, LC_ALL=C and HOME=/tmp), with a scratch directory bind-mounted on
# ROOT/work and a tmpfs on ROOT/tmp. ppc64emu runs `ppc64emu run -L ROOT -0
# PROG ROOT/PROG ARGS` in a scratch directory of its own with the same
# environment. Each run has at most TIMEOUT seconds (10; exit status 124
# after that) and its stdout is cut at 1 MiB (yes).
#
# linux/testdata/debian/sweep-skip.txt lists what is not run (daemons,
# programs that need a terminal or the network, programs that change the
# system) with the reason. Noise is normalised before comparing (normalise
# below: the scratch directory's path, dates and times, bracketed process
# ids); a run that timed out under one runner, or under both with
# different output, runs again under both with six times the limit.
#
# Usage: scripts/debian-sweep.sh [-j N] [-timeout S] [-compare-only] [PROG...]
#   PROG: a path in the root (/usr/bin/ls) or a basename; none: every program.
#   -j N: N runs of each runner at a time (1).
#   -compare-only: compare the outputs of an earlier sweep again.
# Output: one line per program that differs, "PROG DIFF (INVOCATION: what,
# ...)", and a summary "debian-sweep: N programs run, A alike, D differing,
# S skipped"; the runs' outputs are under
# build/sweep/{qemu,emu}/NAME.INVOCATION.{out,err,rc} (NAME the path with
# / as _), the list of differing programs in build/sweep/differing.txt and
# what was skipped in build/sweep/skipped.txt. Exit status 0 when every
# program ran alike, 1 if one differed, 2 when the packages or tools are
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

jobs=1 limit=10 compareonly=0
while [ $# -gt 0 ]; do
  case "$1" in
  -j) jobs=$2; shift 2 ;;
  -timeout) limit=$2; shift 2 ;;
  -compare-only) compareonly=1; shift ;;
  -h|--help) sed -n '2,/^set -euo/{/^set -euo/!p}' scripts/debian-sweep.sh; exit 0 ;;
  *) break ;;
  esac
done
want=("$@")

rc=0
bash scripts/debian-corpus.sh -fetch-only || rc=$?
[ $rc = 0 ] || exit "$rc"
root=$(cat build/debian/root)
out=$(pwd)/build/sweep
skipfile=$(pwd)/linux/testdata/debian/sweep-skip.txt
invs=(version help none)
mkdir -p "$out"

# The programs: guest paths, one a line.
isself() { # host-path: an ELF file (following links inside the root)
  local p=$1 t n=0
  while [ -L "$p" ] && [ $n -lt 8 ]; do
    t=$(readlink "$p")
    case $t in /*) p=$root$t ;; *) p=$(dirname "$p")/$t ;; esac
    n=$((n + 1))
  done
  [ -f "$p" ] || return 1
  local m=
  IFS= read -r -N 4 m <"$p" 2>/dev/null || true
  [ "$m" = $'\x7fELF' ]
}
if [ $compareonly = 0 ]; then
  {
    for f in "$root"/usr/bin/* "$root"/usr/sbin/*; do
      if [ -x "$f" ] && isself "$f"; then echo "${f#"$root"}"; fi
    done
    find "$root/usr/lib" "$root/usr/libexec" -type f -perm -u+x ! -name '*.so' ! -name '*.so.*' 2>/dev/null |
      while read -r f; do if isself "$f"; then echo "${f#"$root"}"; fi; done
  } | sort -u >"$out/all.txt"
fi

# The runs: "PROG INVOCATION" lines, less what sweep-skip.txt leaves out.
skipped() { # basename invocation: the reason, if skipped
  awk -v n="$1" -v i="$2" '!/^#/ && $1 == n && ($2 == "all" || ("," $2 ",") ~ ("," i ",")) { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' "$skipfile"
}
: >"$out/runs.txt"
: >"$out/skipped.txt"
while read -r p; do
  # A here-string, not a pipe: see chroot-compare.sh.
  if [ ${#want[@]} -gt 0 ] && ! grep -qxF -e "$p" -e "$(basename "$p")" <<<"$(printf '%s\n' "${want[@]}")"; then continue; fi
  for i in "${invs[@]}"; do
    why=$(skipped "$(basename "$p")" "$i")
    if [ -n "$why" ]; then echo "$p $i: $why" >>"$out/skipped.txt"; else echo "$p $i" >>"$out/runs.txt"; fi
  done
done <"$out/all.txt"

if [ $compareonly = 0 ]; then
  for t in qemu-ppc64le-static unshare timeout; do
    command -v "$t" >/dev/null || { echo "debian-sweep: $t not installed: skipped"; exit 2; }
  done
  mkdir -p build/debian
  CGO_ENABLED=0 go build -o build/debian/ppc64emu ./cmd/ppc64emu
  emu=$(pwd)/build/debian/ppc64emu
  rm -rf "$out/qemu" "$out/emu"
  mkdir -p "$out/qemu" "$out/emu"
  # One run: the words of the invocation, the output files' prefix.
  # (Invoked as "$0 run RUNNER PROG INVOCATION" by the loops below.)
  runone='
    who=$1 p=$2 i=$3 o=$4 root=$5 limit=$6 emu=$7
    case $i in version) set -- --version ;; help) set -- --help ;; none) set -- ;; esac
    if [ "$who" = qemu ]; then
      { timeout -k 2 "$limit" env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/tmp unshare --root="$root" --wd=/work "$p" "$@" </dev/null 2>"$o.err"; echo $? >"$o.rc"; } | head -c 1048576 >"$o.out"
    else
      { timeout -k 2 "$limit" env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/tmp "$emu" run -L "$root" -0 "$p" "$root$p" "$@" </dev/null 2>"$o.err"; echo $? >"$o.rc"; } | head -c 1048576 >"$o.out"
    fi
  '
  # A runner's loop over its share of the runs (the lines of a file).
  loop='
    who=$1 list=$2 out=$3 root=$4 limit=$5 emu=$6 runone=$7
    while read -r p i; do
      bash -c "$runone" run "$who" "$p" "$i" "$out/$who/$(echo "$p" | tr / _).$i" "$root" "$limit" "$emu"
    done <"$list"
  '
  # The reference's namespace: binfmt_misc, the scratch directory on
  # ROOT/work, /proc, /dev, a tmpfs on /tmp.
  sweep_ns='
    set -e
    root=$1 work=$2 binfmt=$3 qemu=$4
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    printf "%s:%s:FP\n" "$binfmt" "$qemu" >/proc/sys/fs/binfmt_misc/register
    mount --bind "$work" "$root/work"
    mount --rbind /proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount -t tmpfs tmpfs "$root/tmp"
    shift 4
    pids=
    for l in "$@"; do bash -c "$loop" loop qemu "$l" "$out" "$root" "$limit" "" "$runone" & pids="$pids $!"; done
    for p in $pids; do wait $p || true; done
  '
  split -n "l/$jobs" -d "$out/runs.txt" "$out/share."
  qwork=$(mktemp -d /tmp/debian-sweep-qemu.XXXXXX)
  ework=$(mktemp -d /tmp/debian-sweep-emu.XXXXXX)
  echo "$ework" >"$out/emuwork"
  . scripts/debian-run.sh # binfmt, qemu_static
  echo "debian-sweep: $(wc -l <"$out/all.txt") programs, $(wc -l <"$out/runs.txt") runs per runner, $jobs at a time"
  export loop runone out root limit
  unshare --user --map-root-user --mount --fork bash -c "$sweep_ns" sh "$root" "$qwork" "$binfmt" "$qemu_static" "$out"/share.* &
  qpid=$!
  epids=()
  for l in "$out"/share.*; do
    (cd "$ework" && bash -c "$loop" loop emu "$l" "$out" "$root" "$limit" "$emu" "$runone") &
    epids+=($!)
  done
  for p in "${epids[@]}"; do wait "$p" || true; done
  wait "$qpid" || true
  # A run that timed out (124, or 137: killed 2 s after) under one runner,
  # or under both with different output, is run again under both with
  # six times the limit: under load (2 cores shared, the runs
  # niced) a start-up that takes a second may take over ten.
  : >"$out/retry.txt"
  while read -r p i; do
    k=$(echo "$p" | tr / _).$i
    a=$(cat "$out/qemu/$k.rc" 2>/dev/null || true) b=$(cat "$out/emu/$k.rc" 2>/dev/null || true)
    case "$a $b" in
    *124* | *137*)
      if [ "$a" != "$b" ] || ! cmp -s "$out/qemu/$k.out" "$out/emu/$k.out"; then echo "$p $i" >>"$out/retry.txt"; fi ;;
    esac
  done <"$out/runs.txt"
  if [ -s "$out/retry.txt" ]; then
    echo "debian-sweep: $(wc -l <"$out/retry.txt") runs timed out under one runner: again with $((limit * 6)) s"
    limit=$((limit * 6))
    unshare --user --map-root-user --mount --fork bash -c "$sweep_ns" sh "$root" "$qwork" "$binfmt" "$qemu_static" "$out/retry.txt"
    (cd "$ework" && bash -c "$loop" loop emu "$out/retry.txt" "$out" "$root" "$limit" "$emu" "$runone")
  fi
  rm -rf "$qwork" "$ework" "$out"/share.*
fi

# The noise both runs' output is compared without: the scratch
# directory's host path under ppc64emu (/work under qemu-user), and in
# both, dates and times of day (a log line's "2026/12/05 06:27:29", ISO
# 8601's "2026-12-05T06:28:00") and a process id in brackets (socat's
# "procan[32278]"). What else differs by nature (random keys and names,
# process ids elsewhere, addresses) is left to the triage.
normalise() { # file [emu]
  sed -E ${2:+-e "s,$ework,/work,g"} \
    -e 's,[0-9]{4}[/-][0-9]{2}[/-][0-9]{2}[ T][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z?,DATE,g' \
    -e 's,\[[0-9]+\],[PID],g' "$1" 2>/dev/null || true
}

# Compare.
ework=$(cat "$out/emuwork")
progs=0 alike=0 differ=0
: >"$out/differing.txt"
for p in $(cut -d' ' -f1 "$out/runs.txt" | uniq); do
  progs=$((progs + 1))
  what=()
  for i in $(awk -v p="$p" '$1 == p { print $2 }' "$out/runs.txt"); do
    k=$(echo "$p" | tr / _).$i
    w=()
    for s in out err; do
      cmp -s <(normalise "$out/qemu/$k.$s") <(normalise "$out/emu/$k.$s" emu) || w+=("std$s")
    done
    cmp -s "$out/qemu/$k.rc" "$out/emu/$k.rc" || w+=("exit $(cat "$out/qemu/$k.rc") vs $(cat "$out/emu/$k.rc")")
    [ ${#w[@]} = 0 ] || what+=("$i: ${w[*]}")
  done
  if [ ${#what[@]} = 0 ]; then
    alike=$((alike + 1))
  else
    differ=$((differ + 1))
    line="$p DIFF ($(printf '%s; ' "${what[@]}" | sed 's/; $//'))"
    echo "$line"
    echo "$line" >>"$out/differing.txt"
  fi
done
echo "debian-sweep: $progs programs run, $alike alike, $differ differing, $(wc -l <"$out/skipped.txt") invocations skipped (build/sweep/skipped.txt)"
[ $differ = 0 ]
