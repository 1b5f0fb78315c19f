# Sourced by the scripts that run ppc64 programs of a root file system both
# ways (scripts/debian-corpus.sh, scripts/cpython-tests.sh: Debian's
# ppc64el programs; scripts/be-corpus.sh: the big-endian root). They set
# root (the root file system) and emu (the ppc64emu binary) first, and for
# another byte order than ppc64el qemu_static (the qemu-*-static binary)
# and binfmt (its binfmt_misc register line up to the interpreter:
# ":name:M::magic:mask").
#
# qemurun CASE WORK [TIMEOUT]: the reference run of the shell command in
# the file CASE, in a private namespace: qemu-ppc64le-static through
# binfmt_misc (F: the interpreter opened now, usable inside the chroot;
# P: the program's argv[0] kept, as Linux runs a native program — without
# it the kernel passes the file's path, and a program that names itself in
# a message said "/usr/bin/tar:" where Linux and ppc64emu say "tar:";
# qemu 7.2 learns of P from AT_FLAGS_PRESERVE_ARGV0, Linux 5.12 and later),
# the directory WORK bind-mounted at /work and made the working directory,
# /proc and /dev from the host, a tmpfs on /tmp; in the chroot, ROOT's
# /bin/sh changes to /work and execs /usr/bin/env (not env -C: busybox's
# env has none).
# emurun CASE WORK [TIMEOUT]: the same command under `ppc64emu run -L
# ROOT`, in WORK. Both run ROOT's /bin/sh -c CMD with the same environment
# (env -i, PATH, LC_ALL=C, HOME=/tmp), for at most TIMEOUT seconds (180):
# then timeout sends SIGTERM to its process group, and SIGKILL 10 s later
# to what is left of it (a case that ignores SIGTERM used to keep the run,
# and the script, waiting for ever).
# A run leaves no process behind (TestDebianRunTimeout): each is a PID
# namespace of its own (unshare --pid --fork --kill-child --mount-proc,
# /proc the namespace's) whose init is the host's sh (pidns_init), and
# timeout runs inside it, the init's child. When timeout ends (its child
# ended, or the limit ended it), so does the init, and Linux then kills
# every process left in the namespace, whatever its process group or
# session, and waits for them before unshare's wait for the init returns
# (--kill-child: when unshare is killed, so is the init). Before, timeout
# ran outside and ended with its child: a guest child that ignored
# SIGTERM, or hung inside qemu-user (docs/cpython-tests.md), outlived the
# run (session 30's cold CI left a qemu-user test_concurrent_futures).
# emurun as a user other than root without emu_userns cannot make a PID
# namespace without a user namespace (which would change the ids the
# guest sees); it runs timeout alone, then SIGKILLs what is left of
# timeout's process group (a process that left the group is not reached).
# With emu_userns set (scripts/cpython-tests.sh), ppc64emu runs in a user
# namespace of its own that maps the caller to root (unshare --user
# --map-root-user), as qemurun's reference does: the ids a program may
# take (setreuid, setregid, setgroups) are then the same for both.
qemu_static=${qemu_static:-$(command -v qemu-ppc64le-static || true)}
binfmt=${binfmt:-':qemu-ppc64le:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x15\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\x00'}
# The reference's namespace: ROOT's binfmt_misc, mounts and the chroot
# (arguments: root case work binfmt interpreter timeout).
qemu_ns='
    set -e
    root=$1 case=$2 work=$3
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    printf "%s:%s:FP\n" "$4" "$5" >/proc/sys/fs/binfmt_misc/register
    mount --bind "$work" "$root/work"
    mount --rbind /proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount -t tmpfs tmpfs "$root/tmp"
    timeout -k 10 "$6" chroot "$root" /bin/sh -c "cd /work && exec /usr/bin/env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/tmp /bin/sh -c \"\$0\"" "$(cat "$case")"
  '
# pidns_init: the script of the init of a run's PID namespace (see the
# top): the command (timeout and what it runs) as its child, its status
# as the init's. qemu_ns is such an init too (set -e passes timeout's
# status on). The guest is never the init, whose signals without a
# handler Linux drops.
pidns_init='"$@"; exit $?'
pidns=(--pid --fork --kill-child --mount-proc)
# With qemu_allids set (chroot_compare sets it for the cases of
# allids.txt), the user namespace maps every id to itself, not the caller
# to root: a case may then take other ids (setpriv to the postgres user)
# and call setgroups, as root on the host may, and as the guest of a
# ppc64emu run by root may. The caller writes the maps from outside (it
# must be root; no newuidmap is needed): the namespace's first process
# waits for them (the pid whose maps are written is that process's), then
# execs unshare for the PID namespace and the namespace's script, which
# gets its capabilities with uid 0 mapped.
qemurun() { # case-file workdir [timeout]
  if [ -z "${qemu_allids:-}" ]; then
    unshare --user --map-root-user --mount "${pidns[@]}" sh -c "$qemu_ns" sh "$root" "$1" "$2" "$binfmt" "$qemu_static" "${3:-180}"
    return
  fi
  local d p n=0 rc=0
  d=$(mktemp -d /tmp/qemurun-allids.XXXXXX)
  mkfifo "$d/go"
  unshare --user --mount --fork --kill-child sh -c 'echo $$ >"$1/pid"; read x <"$1/go"; [ "$x" = go ] || exit 1; shift; exec unshare "$@"' \
    sh "$d" "${pidns[@]}" sh -c "$qemu_ns" sh "$root" "$1" "$2" "$binfmt" "$qemu_static" "${3:-180}" &
  p=$!
  until [ -s "$d/pid" ] || [ $n -gt 600 ]; do n=$((n + 1)); sleep 0.05; done
  if echo "0 0 4294967295" >"/proc/$(cat "$d/pid")/uid_map" && echo "0 0 4294967295" >"/proc/$(cat "$d/pid")/gid_map"; then
    echo go >"$d/go"
  else
    echo "qemurun: cannot map every id (the caller must be root)" >&2
    echo no >"$d/go"
  fi
  wait "$p" || rc=$?
  rm -rf "$d"
  return $rc
}

# emuchrootrun CASE WORK [TIMEOUT]: the same command as qemurun, in the same
# private namespace and chroot, with ppc64emu in qemu's place: binfmt_misc
# runs ROOT's /bin/sh through "$emu-binfmt" (a link to the runner, built
# static for F; `ppc64emu binfmt`'s ppc64le registration), and the guest's
# own execs stay in the runner. For the cases of a tool chain: under -L a
# path the root lacks is the host's, and gcc's search lists name
# directories the host's cross tool chain has (/usr/powerpc64le-linux-gnu/
# include: cc1 took the host's stdio.h from there) and the chroot lacks.
emuchrootrun() { # case-file workdir [timeout]
  local line
  line=$("$emu" binfmt -interpreter "$emu-binfmt" | head -1)
  binfmt=${line%:*:*} qemu_static=$emu-binfmt qemurun "$@"
}

# With qemu_allids set, a case runs as other users, whose file-system ids
# the runner's host threads carry (linux/hostcred.go): the host kernel then
# checks the search permission of the sysroot's own ancestors, which a
# chroot does not, and the root in the user cache dir (/root/.cache for
# root) is out of their reach. So ppc64emu runs in a private mount
# namespace where ROOT is bind-mounted on a directory anyone may search.
emurun() { # case-file workdir [timeout]
  if [ -n "${qemu_allids:-}" ]; then
    local d rc=0
    d=$(mktemp -d /tmp/emurun-root.XXXXXX)
    chmod 755 "$d"
    (cd "$2" && env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/tmp \
      unshare --mount "${pidns[@]}" sh -c 'mount --bind "$1" "$2" && shift 2 && "$@"; exit $?' \
      sh "$root" "$d" timeout -k 10 "${3:-180}" "$emu" run -L "$d" -0 /bin/sh "$d/bin/sh" -c "$(cat "$1")") || rc=$?
    rmdir "$d"
    return $rc
  fi
  local ns=(unshare "${pidns[@]}") pg rc=0
  if [ -n "${emu_userns:-}" ]; then
    ns=(unshare --user --map-root-user "${pidns[@]}")
  elif [ "$(id -u)" != 0 ] || [ -n "${emurun_nopidns:-}" ]; then
    # No PID namespace (see the top; TestDebianRunTimeout sets
    # emurun_nopidns to try this way as root). timeout makes itself a
    # process group's leader, and sh execs it: the group's id is the pid
    # sh writes. pidwait waits for the group's killed processes to end.
    pg=$(mktemp /tmp/emurun-pg.XXXXXX)
    (cd "$2" && env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/tmp \
      sh -c 'echo $$ >"$0"; exec "$@"' "$pg" timeout -k 10 "${3:-180}" "$emu" run -L "$root" -0 /bin/sh "$root/bin/sh" -c "$(cat "$1")") || rc=$?
    if [ -s "$pg" ] && kill -KILL -- "-$(cat "$pg")" 2>/dev/null && command -v pidwait >/dev/null; then
      pidwait -g "$(cat "$pg")" || true
    fi
    rm -f "$pg"
    return $rc
  fi
  (cd "$2" && env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/tmp \
    "${ns[@]}" sh -c "$pidns_init" sh timeout -k 10 "${3:-180}" "$emu" run -L "$root" -0 /bin/sh "$root/bin/sh" -c "$(cat "$1")")
}
