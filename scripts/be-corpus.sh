#!/usr/bin/env bash
# The big-endian userland corpus (issue 26): Debian has no ppc64 release,
# so the root file system is made of the cross toolchain's sysroot
# (/usr/powerpc64-linux-gnu: glibc's ELFv1 ld64.so.1, libc, libm, ...),
# a static big-endian busybox built here as /bin/sh and its applets, and
# dynamically linked programs built by powerpc64-linux-gnu-gcc
# (linux/testdata/corpus/dyn/{hello,libs}.c and linux/testdata/be/c/*.c,
# in /opt/be; their library linux/testdata/be/lib/libNAME.c in /lib). The
# cases linux/testdata/be/*.sh are shell commands run by that shell under
# qemu-ppc64 (qemu-ppc64-static through binfmt_misc in a
# chroot of the root, in a private namespace) and under ppc64emu run -L
# ROOT, compared byte for byte: stdout, stderr and exit status
# (scripts/debian-run.sh describes both runs).
#
# busybox: Debian bookworm's source package (apt-get source through a
# private apt configuration with the system's sources as deb-src lines in
# the user cache dir; nothing written under /etc), Debian's own
# configuration of busybox-static (applets run as programs, see the
# recipe), built with powerpc64-linux-gnu-gcc into
# ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/be-busybox-KEY, KEY a hash of the
# recipe below, the compiler's and the cross libc's versions. GPL source
# and binary stay in the cache dir; nothing of them is committed. The root
# is assembled in build/be/root on every run (hard links into the
# sysroot, or copies), the programs compiled into it.
#
# Usage: scripts/be-corpus.sh [-build-only] [-all] [CASE...]
#   CASE is the name of a file in linux/testdata/be without .sh.
# Output and exit status as scripts/debian-corpus.sh: "CASE ok" or
# "CASE FAIL (...)", a summary; outputs under build/be/CASE.{qemu,emu}.*;
# 0 all matched, 1 one differed, 2 a tool or the busybox source is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

buildonly=0 all=0
while [ $# -gt 0 ]; do
  case "$1" in
  -build-only) buildonly=1; shift ;;
  -all) all=1; shift ;;
  -h|--help) sed -n '2,30p' scripts/be-corpus.sh; exit 0 ;;
  *) break ;;
  esac
done

gcc=powerpc64-linux-gnu-gcc
sysroot=/usr/powerpc64-linux-gnu
for t in $gcc qemu-ppc64-static unshare make; do
  if ! command -v "$t" >/dev/null; then
    echo "be-corpus: $t not installed: skipped (apt-get install gcc-powerpc64-linux-gnu qemu-user-static util-linux make)"
    exit 2
  fi
done
if [ ! -e "$sysroot/lib/ld64.so.1" ]; then
  echo "be-corpus: no $sysroot/lib/ld64.so.1: skipped (apt-get install libc6-dev-ppc64-cross)"
  exit 2
fi

cache=${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu
# (scripts/be-corpus.sh, not $0: a relative $0 is gone after the cd.)
key=$( { sed -n '/^ *# busybox recipe/,/^ *# end of busybox recipe/p' scripts/be-corpus.sh; "$gcc" --version | head -1
  dpkg-query -W libc6-dev-ppc64-cross 2>/dev/null || true; } | sha256sum | cut -c1-16)
bb=$cache/be-busybox-$key
if [ ! -x "$bb/busybox" ]; then
  for t in apt-get dpkg-source; do
    command -v "$t" >/dev/null || { echo "be-corpus: $t not installed: skipped (the busybox source comes from apt-get source)"; exit 2; }
  done
  . scripts/apt-ppc64el.sh
  apt=$cache/apt-src
  apt_ppc64el "$apt" deb-src || { echo "be-corpus: no apt sources found: skipped"; exit 2; }
  apt-get -q "${aptopts[@]}" update >"$apt/update.log" 2>&1 ||
    { echo "be-corpus: apt-get update failed (see $apt/update.log): skipped"; exit 2; }
  work=$bb.tmp.$$
  rm -rf "$work"; mkdir -p "$work/src"
  (cd "$work/src" && apt-get -q "${aptopts[@]}" source --download-only busybox) >"$apt/source.log" 2>&1 ||
    { echo "be-corpus: apt-get source busybox failed (see $apt/source.log): skipped"; rm -rf "$work"; exit 2; }
  # busybox recipe (the cache key covers these lines)
  dpkg-source -x "$work"/src/busybox_*.dsc "$work/busybox" >"$work/dpkg-source.log" 2>&1
  mkdir -p "$work/out"
  # Debian's configuration of busybox-static, the cross compiler given on
  # the command line, without running applets through /proc/self/exe
  # (FEATURE_PREFER_APPLETS, FEATURE_SH_STANDALONE): QEMU 7.2 hands a
  # guest's execve of /proc/self/exe to the host kernel, which runs QEMU
  # itself with the applet's arguments, so the reference would be wrong;
  # the shell runs an applet as a program found in PATH instead.
  sed -e 's/^CONFIG_FEATURE_PREFER_APPLETS=y/# CONFIG_FEATURE_PREFER_APPLETS is not set/' \
    -e 's/^CONFIG_FEATURE_SH_STANDALONE=y/# CONFIG_FEATURE_SH_STANDALONE is not set/' \
    "$work/busybox/debian/config/pkg/static" >"$work/out/.config"
  echo "be-corpus: building busybox $(basename "$work"/src/busybox_*.dsc .dsc) with $gcc (a few minutes)"
  mk=(make -C "$work/busybox" O="$work/out" CROSS_COMPILE=powerpc64-linux-gnu-)
  # (yes stops on SIGPIPE: not a failure.)
  { { yes '' || true; } | "${mk[@]}" oldconfig && "${mk[@]}" -j"$(nproc)" busybox busybox.links; } >"$work/build.log" 2>&1 ||
    { echo "be-corpus: busybox build failed (see $work/build.log)"; exit 1; }
  mkdir -p "$bb.new"
  cp "$work/out/busybox" "$work/out/busybox.links" "$bb.new/"
  basename "$work"/src/busybox_*.dsc >"$bb.new/source.txt"
  # end of busybox recipe
  rm -rf "$bb"; mv "$bb.new" "$bb"; rm -rf "$work"
fi
echo "be-corpus: busybox $(cat "$bb/source.txt") ($bb)"

# The root: the sysroot's libraries (hard links when the file system
# allows), busybox as /bin/sh and every applet, the programs in /opt/be.
out=build/be
root=$out/root
rm -rf "$root"
mkdir -p "$root/usr/bin" "$root/opt/be" "$root/tmp" "$root/proc" "$root/dev" "$root/work"
chmod 1777 "$root/tmp"
cp -al "$sysroot/lib" "$root/lib" 2>/dev/null || cp -a "$sysroot/lib" "$root/lib"
cp -a "$sysroot/lib64" "$root/lib64"
ln -s usr/bin "$root/bin"
ln -s usr/bin "$root/sbin"
cp "$bb/busybox" "$root/usr/bin/busybox"
while read -r l; do
  n=$(basename "$l")
  [ -e "$root/usr/bin/$n" ] || ln "$root/usr/bin/busybox" "$root/usr/bin/$n"
done <"$bb/busybox.links"
# The root's own libraries (lib/libNAME.so), linked by the programs that
# use them.
for c in linux/testdata/be/lib/*.c; do
  "$gcc" -O2 -fPIC -shared -o "$root/lib/$(basename "$c" .c).so" "$c"
done
libs=$(for c in linux/testdata/be/lib/lib*.c; do n=$(basename "$c" .c); echo "-l${n#lib}"; done)
for c in linux/testdata/corpus/dyn/hello.c linux/testdata/corpus/dyn/libs.c linux/testdata/be/c/*.c; do
  # shellcheck disable=SC2086
  "$gcc" -O2 -pthread -o "$root/opt/be/$(basename "$c" .c)" "$c" -L"$root/lib" -Wl,--as-needed $libs -Wl,--no-as-needed -lm -ldl
done
root=$(pwd)/$root
echo "be-corpus: root $root"
[ $buildonly = 1 ] && exit 0

go build -o "$out/ppc64emu" ./cmd/ppc64emu
emu=$(pwd)/$out/ppc64emu
qemu_static=$(command -v qemu-ppc64-static)
binfmt=':qemu-ppc64:M::\x7fELF\x02\x02\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x15:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff'
. scripts/debian-run.sh
. scripts/chroot-compare.sh
chroot_compare "$(pwd)/linux/testdata/be" "$out" "$all" "$@"
