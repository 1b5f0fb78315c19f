#!/usr/bin/env bash
# CPython's own regression tests (issue 26): Debian bookworm's ppc64el
# python3.11 running a chosen set of its test suite (libpython3.11-testsuite,
# listed with the reasons in linux/testdata/cpython/tests.txt) both under
# qemu-user and under `ppc64emu run -L ROOT`, compared test case by test case.
#
# The packages come from scripts/debian-corpus.sh (-fetch-only: the same
# cached root file system, which holds python3.11 and the test suite).
# Debian's test suite package leaves test_sqlite3 out; it is taken from the
# upstream source of the same version (the python3.11 source package's
# orig tarball, `apt-get source --download-only`, cached in
# ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/cpython-src-VERSION) and put into the
# root's /usr/lib/python3.11/test once. Nothing of it is committed.
#
# Each test runs as `python3.11 -m test -v --junit-xml FILE TEST` in a
# scratch directory (TMPDIR too), with a soft limit of 1024 open
# descriptors (`ulimit -S -n 1024`, what Linux gives a login:
# test_subprocess's fd_status.py children fstat every descriptor below it,
# a minute each under ppc64emu when the host's limit is 20,000), the
# reference in qemu-user's chroot and ours under ppc64emu run -L, the two
# at the same time (scripts/debian-run.sh runs both). What is compared:
# regrtest's result section (from "== Tests result" on, less the duration
# line), one line per test case from the
# junit file (name and ok/skipped and why/FAIL/ERROR..., sorted, by
# linux/testdata/cpython/summary.py run by the guest's python) and the exit
# status. Times are not compared; CPU times (user + sys of each run) are
# printed.
#
# Usage: scripts/cpython-tests.sh [-fetch-only | -ci] [TEST...]
#   TEST is a regrtest name (default: every test of tests.txt; with -ci,
#   those of its set ci, what TestCPythonTests and so scripts/test.sh run),
#   run with the regrtest options tests.txt gives it (-i PATTERN: a case
#   left out of both runs; qemu-wrong=CASE: one left out of qemu-user's
#   run only, which must be "ok" under ppc64emu).
#   CPYTHON_TIMEOUT: seconds for one ppc64emu run (default 1800, or the
#   test's timeout=SECONDS in tests.txt). CPYTHON_QEMU_TIMEOUT: seconds
#   for one qemu-user run (default 900, and never more than the former).
#   CPYTHON_JOBS: runs at a time (default 2: a test's two runs start
#   together, and a run that ends makes room for the next test's).
#   CPYTHON_NO_REF_CACHE=1: run qemu-user even when its result is cached.
#
# The reference (qemu-user 7.2) hangs now and then where a test forks
# while threads run: the child deadlocks inside qemu (seen in clean-clone
# CI runs: test_threading's test_is_alive_after_fork "still running after
# 300 seconds", and test_subprocess's test_env, whose child never ended
# while the test waited without a limit). So:
# - a qemu-user run that came to its end (regrtest's "Tests result:"
#   line, whatever the result, and not ended by the limit) is kept in
#   ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/cpython-ref/KEY (KEY a hash of
#   its inputs: the run's command, summary.py, debian-run.sh, the root's
#   package list and the qemu-ppc64le-static binary) and reused by later
#   runs ("qemu cached" in the test's line); a cached run that differs
#   from ppc64emu's is replaced by the rerun below (a failure of
#   qemu-user's own, cached once, does not stay);
# - qemu-user's run has its own, shorter limit (above);
# - when the two runs differ, qemu-user's is run once more (a line says
#   so and why) and the rerun is the reference. ppc64emu's run is never
#   rerun: a flaky case of ours fails.
# Output: one line per test, "TEST ok (N test cases alike; CPU qemu Q s,
# ppc64emu E s)"
# or "TEST FAIL (what differs)", and a summary line with the totals; every
# run's files are under build/cpython/TEST.{qemu,emu}.{out,err,rc,log}
# (TEST.emu.cmp: ppc64emu's case lines less the qemu-wrong ones). Exit
# status 0 when every test matched, 1 if one differed, 2 when packages or
# tools are missing (a line says which).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

fetchonly=0 ci=0
case "${1:-}" in
-fetch-only) fetchonly=1; shift ;;
-ci) ci=1; shift ;;
-h|--help) sed -n '2,40p' "$0"; exit 0 ;;
esac

set +e
bash scripts/debian-corpus.sh -fetch-only
st=$?
set -e
[ $st = 0 ] || exit $st
root=$(cat build/debian/root)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu
tests=$root/usr/lib/python3.11/test
if [ ! -d "$tests" ]; then
  echo "cpython-tests: $tests missing (libpython3.11-testsuite not unpacked): skipped"
  exit 2
fi

# test_sqlite3 from the upstream source of the installed version; when it
# cannot be fetched, test_sqlite3 alone is left out (said in a line).
nosqlite=""
fetch_sqlite3_tests() {
  local deb up src orig
  deb=$(grep -o 'libpython3.11-testsuite_[^_]*' "$(dirname "$root")/packages.txt" | sed 's/.*_//; s/%3a/:/')
  up=${deb#*:}
  up=${up%%-*}
  src=$cache/cpython-src-$up
  orig=$src/python3.11_$up.orig.tar.gz
  if [ ! -f "$orig" ]; then
    . scripts/apt-ppc64el.sh
    apt_ppc64el "$cache/apt-src" deb-src || { nosqlite="no apt sources found"; return; }
    apt-get -q "${aptopts[@]}" update >"$cache/apt-src/update.log" 2>&1 ||
      { nosqlite="apt-get update (deb-src) failed (see $cache/apt-src/update.log)"; return; }
    mkdir -p "$src"
    # Only the orig tarball is needed: a missing .dsc or Debian tar is no reason to stop.
    (cd "$src" && apt-get -q "${aptopts[@]}" source --download-only "python3.11=$deb" >download.log 2>&1) || true
    [ -f "$orig" ] || { nosqlite="python3.11 $deb source not downloaded (see $src/download.log)"; return; }
  fi
  rm -rf "$tests/test_sqlite3.tmp"
  mkdir -p "$tests/test_sqlite3.tmp"
  tar -xzf "$orig" -C "$tests/test_sqlite3.tmp" --strip-components=4 "Python-$up/Lib/test/test_sqlite3"
  mv "$tests/test_sqlite3.tmp" "$tests/test_sqlite3"
}
[ -d "$tests/test_sqlite3" ] || fetch_sqlite3_tests
[ -z "$nosqlite" ] || echo "cpython-tests: test_sqlite3 left out: $nosqlite"
echo "cpython-tests: root $root"
[ $fetchonly = 1 ] && exit 0

out=$(pwd)/build/cpython
mkdir -p "$out"
go build -o "$out/ppc64emu" ./cmd/ppc64emu
emu=$out/ppc64emu
here=$(pwd)/linux/testdata/cpython
. scripts/debian-run.sh
# ppc64emu in a user namespace like the reference's (debian-run.sh): the
# credential tests (test_subprocess's test_user, test_group,
# test_extra_groups) get the same answers from Linux in both.
emu_userns=1

# tests.txt: a test's name, its set (ci or full) and the regrtest options
# it runs with (-i patterns that leave out cases, with the reason there).
list=$(sed 's/#.*//; /^ *$/d; s/ *$//' "$here/tests.txt")
want=("$@")
if [ ${#want[@]} = 0 ]; then
  mapfile -t want < <(awk -v ci=$ci '!ci || $2 == "ci" { print $1 }' <<<"$list")
fi

# cputime FILE: the user + system seconds bash's time wrote there.
cputime() { awk '{ printf "%.1f", $2 + $3 }' "$1"; }

pass=0 fail=0 qsum=0 esum=0
failed=()
start=$(date +%s)

# The runs are jobs, at most CPYTHON_JOBS (default 2, the cores of CI's
# machine) at a time: each test's ppc64emu run and its qemu-user run, in
# the order of the list, a job starting as soon as another ends. A test's
# two runs still start together when a test begins, but ppc64emu's run
# takes 5-20 times qemu-user's, so the core qemu-user leaves goes on with
# the next test's runs instead of waiting (the step's wall time is then
# about half the sum of the CPU times, not the sum of ppc64emu's).
jobs=${CPYTHON_JOBS:-2}
runs=()
for t in "${want[@]}"; do
  if [ "$t" = test_sqlite3 ] && [ -n "$nosqlite" ]; then
    continue
  fi
  opts=$(awk -v t="$t" '$1 == t { $1 = $2 = ""; print }' <<<"$list")
  limit=$(grep -o 'timeout=[0-9]*' <<<"$opts" | sed 's/.*=//' || true)
  opts=$(sed 's/timeout=[0-9]*//' <<<"$opts")
  # qemu-wrong=CASE: a case qemu-user fails where Linux passes it (the
  # reason in tests.txt). It is left out of the reference run only; under
  # ppc64emu it must pass ("ok"), and its line is then left out of the
  # comparison (report).
  wrong=$(grep -o 'qemu-wrong=[^ ]*' <<<"$opts" | sed 's/.*=//' || true)
  opts=$(sed 's/qemu-wrong=[^ ]*//g' <<<"$opts")
  printf '%s\n' $wrong >"$out/$t.wrong"
  for who in qemu emu; do
    o=$opts
    if [ $who = qemu ]; then
      for c in $wrong; do o="$o -i $c"; done
    fi
    printf '%s\n' 'export TMPDIR=$PWD' 'ulimit -S -n 1024' \
      "python3.11 -m test -v --junit-xml \$PWD/junit.xml $o $t >regrtest.log 2>&1" \
      'rc=$?' \
      "sed -n '/^== Tests result/,\$p' regrtest.log | grep -v '^Total duration'" \
      '[ -f junit.xml ] && python3.11 summary.py junit.xml' \
      'exit $rc' >"$out/$t.$who.sh"
  done
  elimit=${CPYTHON_TIMEOUT:-${limit:-1800}}
  qlimit=${CPYTHON_QEMU_TIMEOUT:-900}
  [ "$qlimit" -le "$elimit" ] || qlimit=$elimit
  echo "$elimit" >"$out/$t.emu.limit"
  echo "$qlimit" >"$out/$t.qemu.limit"
  rm -f "$out/$t.limit" "$out/$t.qemu.rc" "$out/$t.emu.rc" "$out/$t.qemu.cached" "$out/$t.qemu.rerun"
  runs+=("emu $t" "qemu $t")
done

# The reference cache (see the top): refkey TEST prints the key of TEST's
# qemu-user run.
refcache=$cache/cpython-ref
qemu_sum=$(sha256sum <"${qemu_static:-/dev/null}" | cut -c1-64)
refkey() {
  cat "$out/$1.qemu.sh" "$here/summary.py" scripts/debian-run.sh "$(dirname "$root")/packages.txt" |
    { cat; echo "qemu $qemu_sum"; } | sha256sum | cut -c1-32
}
reffiles="out err rc time log"

# run WHO TEST [fresh]: one run, its files under $out; the .rc file last.
# qemu-user's run is taken from the reference cache when it is there
# (unless fresh is given or CPYTHON_NO_REF_CACHE is set), and put there
# when it came to its end: regrtest printed its result, and the status is
# regrtest's own (below 124: timeout's 124 and a kill's 137 are not).
# test_subprocess ends with status 2 in both runs (a case whose subtest
# fails alike), and it is the test whose qemu-user run hung in CI.
run() {
  local who=$1 t=$2 fresh=${3:-} w key f
  if [ $who = qemu ]; then
    key=$(refkey "$t")
    if [ -z "$fresh" ] && [ -z "${CPYTHON_NO_REF_CACHE:-}" ] && [ -f "$refcache/$key/rc" ]; then
      for f in $reffiles; do cp "$refcache/$key/$f" "$out/$t.qemu.$f.tmp"; done
      for f in out err time log; do mv "$out/$t.qemu.$f.tmp" "$out/$t.qemu.$f"; done
      touch "$out/$t.qemu.cached"
      mv "$out/$t.qemu.rc.tmp" "$out/$t.qemu.rc"
      return
    fi
  fi
  w=$(mktemp -d "/tmp/cpython-tests.$t.$who.XXXXXX")
  cp "$here/summary.py" "$w/"
  TIMEFORMAT='%R %U %S'
  set +e
  { time "${who}run" "$out/$t.$who.sh" "$w" "$(cat "$out/$t.$who.limit")" >"$out/$t.$who.out" 2>"$out/$t.$who.err" </dev/null; } 2>"$out/$t.$who.time"
  echo $? >"$out/$t.$who.rc.tmp"
  set -e
  rm -f "$out/$t.$who.log"
  cp "$w/regrtest.log" "$out/$t.$who.log" 2>/dev/null || true
  rm -rf "$w"
  if [ $who = qemu ] && [ "$(cat "$out/$t.qemu.rc.tmp")" -lt 124 ] && grep -q '^Tests result: ' "$out/$t.qemu.log" 2>/dev/null; then
    rm -rf "$refcache/$key.tmp.$$"
    mkdir -p "$refcache/$key.tmp.$$"
    cp "$out/$t.qemu.rc.tmp" "$refcache/$key.tmp.$$/rc"
    for f in out err time log; do cp "$out/$t.qemu.$f" "$refcache/$key.tmp.$$/$f"; done
    rm -rf "$refcache/$key"
    mv "$refcache/$key.tmp.$$" "$refcache/$key" 2>/dev/null || rm -rf "$refcache/$key.tmp.$$"
  fi
  mv "$out/$t.$who.rc.tmp" "$out/$t.$who.rc"
}

# report TEST: compare a test's two finished runs and print its line.
report() {
  local t=$1 q e n first src=""
  compare "$t"
  if [ ${#what[@]} != 0 ]; then
    # qemu-user's run again, once (see the top): its hangs in forked
    # children are the reference's, not ours.
    first="${what[*]}"
    [ -f "$out/$t.qemu.cached" ] && first="$first; qemu cached"
    for f in out err rc time log; do cp "$out/$t.qemu.$f" "$out/$t.qemu.first.$f" 2>/dev/null || true; done
    rm -f "$out/$t.qemu.cached"
    echo "$t: qemu-user's run and ppc64emu's differ ($first): qemu-user's run again (first run's files: $out/$t.qemu.first.*)"
    run qemu "$t" fresh
    touch "$out/$t.qemu.rerun"
    compare "$t"
  fi
  [ -f "$out/$t.qemu.cached" ] && src="; qemu cached"
  [ -f "$out/$t.qemu.rerun" ] && src="; qemu rerun"
  q=$(cputime "$out/$t.qemu.time") e=$(cputime "$out/$t.emu.time")
  qsum=$(awk -v a="$qsum" -v b="$q" 'BEGIN { print a + b }')
  esum=$(awk -v a="$esum" -v b="$e" 'BEGIN { print a + b }')
  n=$(grep -c '^test' "$out/$t.qemu.out" || true)
  if [ ${#what[@]} = 0 ]; then
    echo "$t ok ($n test cases alike; CPU qemu $q s, ppc64emu $e s$src)"
    pass=$((pass + 1))
  else
    echo "$t FAIL (${what[*]}; CPU qemu $q s, ppc64emu $e s$src)"
    diff "$out/$t.qemu.out" "$out/$t.emu.cmp" | head -20 || true
    fail=$((fail + 1))
    failed+=("$t")
  fi
}

# compare TEST: what differs between a test's two finished runs, in the
# array what (empty when they are alike).
compare() {
  local t=$1 c
  what=()
  # The cases qemu-user is known to get wrong (qemu-wrong=): each must be
  # "ok" under ppc64emu, and its line is left out of what is compared
  # ($t.emu.cmp: ppc64emu's lines less those; $t.emu.out keeps them all).
  cp "$out/$t.emu.out" "$out/$t.emu.cmp"
  while read -r c; do
    [ -n "$c" ] || continue
    if grep -q "\.$c ok\$" "$out/$t.emu.cmp"; then
      grep -v "\.$c ok\$" "$out/$t.emu.cmp" >"$out/$t.emu.cmp.tmp" || true
      mv "$out/$t.emu.cmp.tmp" "$out/$t.emu.cmp"
    else
      what+=("$c not ok under ppc64emu")
    fi
  done <"$out/$t.wrong"
  cmp -s "$out/$t.qemu.out" "$out/$t.emu.cmp" || what+=(stdout)
  cmp -s "$out/$t.qemu.err" "$out/$t.emu.err" || what+=(stderr)
  cmp -s "$out/$t.qemu.rc" "$out/$t.emu.rc" || what+=("exit $(cat "$out/$t.qemu.rc") vs $(cat "$out/$t.emu.rc")")
}

# Start the runs, and report the tests in the list's order as their runs end.
next=0 running=0
for t in "${want[@]}"; do
  if [ "$t" = test_sqlite3 ] && [ -n "$nosqlite" ]; then
    echo "$t not run: $nosqlite"
    continue
  fi
  while [ ! -f "$out/$t.qemu.rc" ] || [ ! -f "$out/$t.emu.rc" ]; do
    if [ $next -lt ${#runs[@]} ] && [ $running -lt $jobs ]; then
      run ${runs[$next]} &
      next=$((next + 1)) running=$((running + 1))
    elif [ $running -gt 0 ]; then
      wait -n || true
      running=$((running - 1))
    else
      echo "cpython-tests: a run of $t ended without its status (see $out/$t.*)"
      exit 1
    fi
  done
  report "$t"
done
wait
echo "cpython-tests: $pass passed, $fail failed${failed:+: ${failed[*]}}; CPU qemu $qsum s, ppc64emu $esum s; wall $(($(date +%s) - start)) s"
[ $fail = 0 ]
