# Sourced by the scripts that compare ppc64emu with qemu-user on a root
# file system, case by case (scripts/debian-corpus.sh: Debian's ppc64el
# packages; scripts/be-corpus.sh: the big-endian cross sysroot and
# busybox), after scripts/debian-run.sh (qemurun, emurun; root and emu set).
#
# chroot_compare CASES OUT ALL [CASE...] runs every CASES/*.sh (or the
# named ones) as ROOT's `/bin/sh -c "$(cat CASE)"` under qemurun and
# emurun, each in a fresh scratch directory holding a copy of CASES/NAME.d
# if there is one. Cases listed in CASES/known-failures.txt (a case name and
# the reason) are reported and not run unless named or ALL is 1; with ci=1
# set by the caller, so are the cases of CASES/full-only.txt (a case name
# and why it stays out of CI, most often its CPU time) unless named.
# A case listed in CASES/chroot.txt (a case name and the reason) runs
# under ppc64emu as the reference does, in the chroot through binfmt_misc
# (emuchrootrun), not with -L. A case listed in CASES/timeouts.txt (a
# case name, the seconds each run may take, and why) gets that limit
# instead of qemurun's and emurun's 180 s.
# A case listed in CASES/allids.txt (a case name and the ids it takes)
# runs under qemurun with every id mapped (qemu_allids): the caller must
# be root, else the case is reported and not run.
# Output: "CASE ok" or "CASE FAIL (what differs)" per case and a summary;
# each run's stdout, stderr and exit status are OUT/CASE.{qemu,emu}.{out,err,rc}.
# Each run may write files of at most outcap_kb KiB (ulimit -f; 1 GiB unless
# the caller sets outcap_kb), its stdout and stderr included, so that a
# runaway guest cannot fill the disk: an output that reaches the cap fails
# the case ("stdout over the cap"; the writer got SIGXFSZ or EFBIG).
# When a case's two runs differ, qemu-user's is run once more and compared
# (a line says so; the first run's files are OUT/CASE.qemu.first.*).
# Returns 0 when every case matched, 1 otherwise.
# chroot_compare_run WHO: one run of case $c (name $name) as chroot_compare
# sets them up, its files OUT/NAME.WHO.{out,err,rc}.
chroot_compare_run() {
  local who=$1 w run
  w=$(mktemp -d "/tmp/chroot-compare.$name.XXXXXX")
  if [ -d "$cases/$name.d" ]; then cp -r "$cases/$name.d/." "$w/"; fi
  set +e
  run=${who}run
  if [ $who = emu ] && awk -v n="$name" '$1 == n { f = 1 } END { exit !f }' "$cases/chroot.txt" 2>/dev/null; then run=emuchrootrun; fi
  (ulimit -f "${outcap_kb:-1048576}" && qemu_allids=$allids "$run" "$c" "$w" ${limit:+"$limit"}) >"$out/$name.$who.out" 2>"$out/$name.$who.err" </dev/null
  echo $? >"$out/$name.$who.rc"
  set -e
  rm -rf "$w"
}

# chroot_compare_diff: what differs between case $name's two runs, in the
# array what (empty when they are alike).
chroot_compare_diff() {
  local who w
  what=()
  for who in qemu emu; do
    for w in out err; do
      if [ "$(stat -c %s "$out/$name.$who.$w")" -ge $((${outcap_kb:-1048576} * 1024)) ]; then
        what+=("$who std$w over the cap of ${outcap_kb:-1048576} KiB")
      fi
    done
  done
  cmp -s "$out/$name.qemu.out" "$out/$name.emu.out" || what+=(stdout)
  cmp -s "$out/$name.qemu.err" "$out/$name.emu.err" || what+=(stderr)
  cmp -s "$out/$name.qemu.rc" "$out/$name.emu.rc" || what+=("exit $(cat "$out/$name.qemu.rc") vs $(cat "$out/$name.emu.rc")")
}

chroot_compare() {
  local cases=$1 out=$2 all=$3
  shift 3
  local want=("$@") pass=0 fail=0 known=0 full=0 failed=() c name why who w what limit allids
  mkdir -p "$out"
  for c in "$cases"/*.sh; do
    name=$(basename "$c" .sh)
    # grep reads a here-string: grep -q ends at its first match, and under
    # pipefail printf's SIGPIPE then failed the pipe (a named case skipped
    # now and then: 10 of 2000 tries at load 7).
    if [ ${#want[@]} -gt 0 ] && ! grep -qx "$name" <<<"$(printf '%s\n' "${want[@]}")"; then continue; fi
    why=$(awk -v n="$name" '$1 == n { $1 = ""; sub(/^ +/, ""); print }' "$cases/known-failures.txt" 2>/dev/null || true)
    if [ -n "$why" ] && [ "$all" = 0 ] && [ ${#want[@]} = 0 ]; then
      echo "$name known failure, not run (-all runs it): $why"
      known=$((known + 1))
      continue
    fi
    why=$(awk -v n="$name" '$1 == n { $1 = ""; sub(/^ +/, ""); print }' "$cases/full-only.txt" 2>/dev/null || true)
    if [ -n "$why" ] && [ "${ci:-0}" = 1 ] && [ ${#want[@]} = 0 ]; then
      echo "$name full set only, not run with -ci: $why"
      full=$((full + 1))
      continue
    fi
    allids=
    if awk -v n="$name" '$1 == n { f = 1 } END { exit !f }' "$cases/allids.txt" 2>/dev/null; then
      allids=1
      if [ "$(id -u)" != 0 ]; then
        echo "$name not run: its reference maps every id, which needs root"
        known=$((known + 1))
        continue
      fi
    fi
    limit=$(awk -v n="$name" '$1 == n { print $2 }' "$cases/timeouts.txt" 2>/dev/null || true)
    for who in qemu emu; do
      chroot_compare_run "$who"
    done
    chroot_compare_diff
    if [ ${#what[@]} != 0 ]; then
      # qemu-user 7.2 now and then deadlocks in a child forked while
      # threads run (docs/cpython-tests.md): when the runs differ, the
      # reference is run once more and that run is compared. ppc64emu's
      # run is never rerun, so a flaky case of ours still fails.
      echo "$name: qemu-user's run and ppc64emu's differ (${what[*]}): qemu-user's run again (the first's files: $out/$name.qemu.first.*)"
      for w in out err rc; do mv "$out/$name.qemu.$w" "$out/$name.qemu.first.$w"; done
      chroot_compare_run qemu
      chroot_compare_diff
    fi
    if [ ${#what[@]} = 0 ]; then
      echo "$name ok"
      pass=$((pass + 1))
    else
      echo "$name FAIL (${what[*]})"
      fail=$((fail + 1))
      failed+=("$name")
    fi
  done
  echo "$(basename "$0" .sh): $pass passed, $fail failed${failed:+: ${failed[*]}}, $known known failures not run$([ "$full" = 0 ] || echo ", $full full-set cases not run")"
  [ $fail = 0 ]
}
