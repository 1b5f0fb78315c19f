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
# (env -i, PATH, LC_ALL=C, HOME=/tmp), for at most TIMEOUT seconds (180).
# With emu_userns set (scripts/cpython-tests.sh), ppc64emu runs in a user
# namespace of its own that maps the caller to root (unshare --user
# --map-root-user), as qemurun's reference does: the ids a program may
# take (setreuid, setregid, setgroups) are then the same for both.
qemu_static=${qemu_static:-$(command -v qemu-ppc64le-static || true)}
binfmt=${binfmt:-':qemu-ppc64le:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x15\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\x00'}
qemurun() { # case-file workdir [timeout]
  timeout "${3:-180}" unshare --user --map-root-user --mount --fork sh -c '
    set -e
    root=$1 case=$2 work=$3
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    printf "%s:%s:FP\n" "$4" "$5" >/proc/sys/fs/binfmt_misc/register
    mount --bind "$work" "$root/work"
    mount --rbind /proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount -t tmpfs tmpfs "$root/tmp"
    exec chroot "$root" /bin/sh -c "cd /work && exec /usr/bin/env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/tmp /bin/sh -c \"\$0\"" "$(cat "$case")"
  ' sh "$root" "$1" "$2" "$binfmt" "$qemu_static"
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

emurun() { # case-file workdir [timeout]
  (cd "$2" && env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/tmp \
    timeout "${3:-180}" ${emu_userns:+unshare --user --map-root-user} "$emu" run -L "$root" -0 /bin/sh "$root/bin/sh" -c "$(cat "$1")")
}
