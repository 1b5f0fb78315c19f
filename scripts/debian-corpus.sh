#!/usr/bin/env bash
# The Debian bookworm corpus (issue 26): real ppc64el programs from Debian's
# archive — bash, dash, coreutils, busybox-static, gawk, sed, grep, findutils,
# gzip, xz-utils, bzip2, tar, diffutils, patch, make, perl, bc, dc, file,
# openssl, util-linux (flock), tzdata, libc-bin (the C.UTF-8 locale),
# base-passwd (/etc/passwd and /etc/group), sqlite3, python3.11, git,
# lua5.4, tcl8.6, jq, ed, m4, gettext-base, zstd, lz4, cpio, rsync,
# ncurses-base (terminfo), procps, psmisc, ruby3.1, groff-base, ripgrep,
# fd-find, nodejs, shfmt, age, socat, netcat-openbsd, curl, wget, redis,
# gpg, openssh-client (ssh-keygen), zip, unzip, 7zip, bsdtar, cabextract,
# lzip, pax, locales (localedef), memcached, the developer tool chain (gcc-12,
# g++-12, binutils, libc6-dev, autoconf, automake, libtool, pkgconf,
# bison, flex, gdb, strace), terminal programs (bsdutils' script,
# ncurses-bin's tput, less, vim-tiny, nano, dialog, whiptail), postgresql-15,
# openssh-server, lighttpd, build systems (cmake, ninja-build, meson), Python
# packaging (python3-venv, python3-pip, python3-setuptools, python3-wheel),
# libxml2-utils (xmllint), xsltproc, patchutils, units, bsdextrautils,
# moreutils, shellcheck, tmux, expect, fakeroot, pigz, GNU time, attr,
# acl, python3-numpy and their libraries — unpacked into a root file
# system, and a set of shell commands (linux/testdata/debian/*.sh) run by them both under qemu-user and under `ppc64emu run -L ROOT`, compared
# byte for byte: stdout, stderr and exit status.
#
# Fetching: a private apt configuration (package lists, cache and an empty
# dpkg status in the user cache dir, nothing written under /etc or
# /var/lib/dpkg; the same as `dpkg --add-architecture ppc64el` + `apt-get
# download`, without touching the system) resolves the packages' dependencies
# for ppc64el and downloads them; dpkg -x unpacks each into
# ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/debian-KEY/root, KEY a hash of the
# package file names (names and versions). Nothing of it is committed.
#
# The reference: qemu-ppc64le-static run by the kernel through binfmt_misc
# (flags F), in a chroot of ROOT, inside a private user and mount namespace
# (unshare -Urm: binfmt_misc is per user namespace since Linux 6.7, so the
# registration is seen by nothing else on the machine). A guest's execve of
# a ppc64 program then runs it as Linux with qemu-user-static would. ppc64emu
# runs the same command as `ppc64emu run -L ROOT -0 /bin/sh ROOT/bin/sh -c
# CMD`, where PATH's /usr/bin and /bin are ROOT's through the sysroot. Both run with the same environment
# (env -i, PATH, LC_ALL=C, HOME=/tmp) in the same scratch working directory.
# The cases of linux/testdata/debian/chroot.txt (the tool chain's: gcc's
# search lists name directories the host's cross tool chain has, which -L
# would find on the host) run under ppc64emu as under qemu, in the chroot
# through binfmt_misc (`ppc64emu binfmt`'s registration, the runner built
# static; scripts/debian-run.sh, emuchrootrun).
#
# Usage: scripts/debian-corpus.sh [-fetch-only] [-refresh] [-all] [-ci] [CASE...]
#   CASE is the name of a file in linux/testdata/debian without .sh.
#   Cases listed in linux/testdata/debian/known-failures.txt (a case name and
#   the reason, one a line) are known not to match yet: they are reported
#   with their reason and not run, unless named or -all is given.
#   -ci (TestDebianCorpus, scripts/test.sh) leaves out, unless named, the
#   cases of linux/testdata/debian/full-only.txt (a case name and the
#   reason, their CPU time: the full set runs them).
#   A case in linux/testdata/debian/timeouts.txt (a case name, seconds and
#   the reason) may run that long under each runner instead of 180 s.
# Output: one line per case, "CASE ok" or "CASE FAIL (what differs)", and a
# summary "debian-corpus: N passed, M failed"; the outputs of each run are
# under build/debian/CASE.{qemu,emu}.{out,err,rc}. Exit status 0 when every
# case matched, 1 if one differed, 2 when the packages or tools are missing
# (a clear message says which).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

fetchonly=0 refresh=0 all=0 ci=0
while [ $# -gt 0 ]; do
  case "$1" in
  -fetch-only) fetchonly=1; shift ;;
  -all) all=1; shift ;;
  -ci) ci=1; shift ;;
  -refresh) refresh=1; shift ;;
  -h|--help) sed -n '2,/^set -euo/{/^set -euo/!p}' scripts/debian-corpus.sh; exit 0 ;;
  *) break ;;
  esac
done
want=("$@")

for t in apt-get dpkg qemu-ppc64le-static unshare; do
  if ! command -v "$t" >/dev/null; then
    echo "debian-corpus: $t not installed: skipped (apt-get install apt dpkg qemu-user-static util-linux)"
    exit 2
  fi
done

pkgs=(bash dash coreutils busybox-static gawk sed grep findutils gzip xz-utils diffutils
  sqlite3 python3.11-minimal libpython3.11-stdlib python3.11 libpython3.11-testsuite
  perl make patch bc dc file openssl bzip2 util-linux tzdata libc-bin base-passwd
  git lua5.4 tcl8.6 jq ed m4 gettext-base zstd lz4 cpio rsync ncurses-base
  procps psmisc ruby3.1 groff-base ripgrep fd-find nodejs shfmt age
  socat netcat-openbsd curl wget redis-server redis-tools gpg gpg-agent openssh-client
  zip unzip 7zip libarchive-tools cabextract lzip pax locales memcached
  gcc-12 g++-12 gcc g++ cpp binutils libc6-dev autoconf automake libtool libtool-bin pkgconf
  bison flex gdb strace
  bsdutils ncurses-bin less vim-tiny nano dialog whiptail
  postgresql-15 openssh-server lighttpd
  cmake ninja-build meson python3-venv python3-pip python3-setuptools python3-wheel
  libxml2-utils xsltproc patchutils units bsdextrautils moreutils shellcheck
  tmux expect fakeroot pigz time attr acl python3-numpy)

cache=${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu
mkdir -p "$cache"
apt=$cache/apt-ppc64el
root=""
# The hash of the root layout below (what is made of the unpacked
# packages): a root made with another layout is not taken.
layout=$(sed -n '/^ *# root layout/,/^ *# end of root layout/p' scripts/debian-corpus.sh | sha256sum | cut -c1-16)
if [ $refresh = 0 ]; then
  # The newest unpacked root of this layout that holds every package named
  # above (a package added to the list fetches again; the versions are its
  # key).
  for r in $(ls -td "$cache"/debian-*/root 2>/dev/null || true); do
    [ "$(cat "$(dirname "$r")/layout" 2>/dev/null)" = "$layout" ] || continue
    have=$(sed 's,^\./,,; s,_.*,,' "$(dirname "$r")/packages.txt" 2>/dev/null || true)
    if [ -z "$(printf '%s\n' "${pkgs[@]}" | grep -vxF -e "$have")" ]; then
      root=$r
      break
    fi
  done
fi
if [ -z "$root" ]; then
  . scripts/apt-ppc64el.sh
  apt_ppc64el "$apt" || { echo "debian-corpus: no apt sources found: skipped"; exit 2; }
  apt-get -q "${aptopts[@]}" update >"$apt/update.log" 2>&1 ||
    { echo "debian-corpus: apt-get update failed (see $apt/update.log): skipped"; exit 2; }
  # With an empty dpkg status, --download-only fetches the packages and
  # every dependency (the closure a root file system needs).
  apt-get -q -y "${aptopts[@]}" install --download-only "${pkgs[@]}" >"$apt/download.log" 2>&1 ||
    { echo "debian-corpus: apt-get download failed (see $apt/download.log): skipped"; exit 2; }
  # The closure of this list only (apt-get -s: the packages an empty
  # system installs), not every .deb in the shared archive directory (other
  # lists and older versions fetched there before).
  debs=$(apt-get -s -q "${aptopts[@]}" install "${pkgs[@]}" 2>/dev/null |
    sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) [^[]*\[\([a-z0-9]*\)\].*/.\/\1_\2_\3.deb/p' | sed 's/:/%3a/g' | sort)
  for d in $debs; do
    [ -f "$apt/archives/$d" ] || { echo "debian-corpus: $d not fetched (see $apt/download.log): skipped"; exit 2; }
  done
  key=$( (echo "$debs"; echo "$layout") | sha256sum | cut -c1-16)
  top=$cache/debian-$key
  if [ ! -d "$top/root" ]; then
    rm -rf "$top/root.tmp"
    mkdir -p "$top/root.tmp"
    for d in $debs; do dpkg -x "$apt/archives/$d" "$top/root.tmp"; done
    echo "$debs" >"$top/packages.txt"
    echo "$layout" >"$top/layout"
    # root layout: what a bookworm debootstrap and the maintainer scripts
    # make of the packages: merged /usr (/bin, /sbin, /lib, /lib64 links
    # into /usr, as usrmerge), /bin/sh and the python3 name.
    for d in bin sbin lib lib64; do
      if [ -d "$top/root.tmp/$d" ] && [ ! -L "$top/root.tmp/$d" ]; then
        mkdir -p "$top/root.tmp/usr/$d"
        cp -a "$top/root.tmp/$d/." "$top/root.tmp/usr/$d/"
        rm -rf "${top:?}/root.tmp/$d"
      fi
      ln -sfn "usr/$d" "$top/root.tmp/$d"
    done
    [ -e "$top/root.tmp/bin/sh" ] || ln -s dash "$top/root.tmp/bin/sh"
    [ -e "$top/root.tmp/usr/bin/python3" ] || ln -s python3.11 "$top/root.tmp/usr/bin/python3"
    [ -e "$top/root.tmp/usr/bin/awk" ] || ln -s gawk "$top/root.tmp/usr/bin/awk" # update-alternatives
    # gcc's and g++'s alternatives (cc, c++: make's default CC and CXX),
    # bison's (yacc) and automake's (aclocal, automake): without them a
    # command the root lacks runs the host's under -L, and is missing in
    # the chroot.
    [ -e "$top/root.tmp/usr/bin/cc" ] || ln -s gcc "$top/root.tmp/usr/bin/cc"
    [ -e "$top/root.tmp/usr/bin/c++" ] || ln -s g++ "$top/root.tmp/usr/bin/c++"
    [ -e "$top/root.tmp/usr/bin/yacc" ] || ln -s bison.yacc "$top/root.tmp/usr/bin/yacc"
    [ -e "$top/root.tmp/usr/bin/aclocal" ] || ln -s aclocal-1.16 "$top/root.tmp/usr/bin/aclocal"
    [ -e "$top/root.tmp/usr/bin/automake" ] || ln -s automake-1.16 "$top/root.tmp/usr/bin/automake"
    # fakeroot's alternatives (fakeroot-sysv, the higher priority, and its
    # faked), and those of the reference BLAS and LAPACK that NumPy links
    # (libblas.so.3, liblapack.so.3 in the multiarch directory).
    [ -e "$top/root.tmp/usr/bin/fakeroot" ] || ln -s fakeroot-sysv "$top/root.tmp/usr/bin/fakeroot"
    [ -e "$top/root.tmp/usr/bin/faked" ] || ln -s faked-sysv "$top/root.tmp/usr/bin/faked"
    for f in blas/libblas.so.3 lapack/liblapack.so.3; do
      [ -e "$top/root.tmp/usr/lib/powerpc64le-linux-gnu/${f#*/}" ] || ln -s "$f" "$top/root.tmp/usr/lib/powerpc64le-linux-gnu/${f#*/}"
    done
    mkdir -p "$top/root.tmp/tmp" "$top/root.tmp/proc" "$top/root.tmp/dev" "$top/root.tmp/work"
    chmod 1777 "$top/root.tmp/tmp"
    # /etc/passwd and /etc/group as base-passwd's preinst writes them on a
    # new system (its master files): without them the chroot had no users
    # or groups while ppc64emu -L fell back to the host's files.
    for f in passwd group; do
      [ -e "$top/root.tmp/etc/$f" ] || install -m 644 "$top/root.tmp/usr/share/base-passwd/$f.master" "$top/root.tmp/etc/$f"
    done
    # /etc/nsswitch.conf as libc-bin's postinst installs it, and /etc/hosts
    # with the loopback names Debian's installer writes: without them
    # "localhost" did not resolve in qemu-user's chroot (glibc's default
    # lookup, DNS through a resolv.conf the root lacks; test_socket's
    # bind to ("localhost", 0) failed with EAI_AGAIN) while ppc64emu -L
    # read the host's files.
    [ -e "$top/root.tmp/etc/nsswitch.conf" ] || install -m 644 "$top/root.tmp/usr/share/libc-bin/nsswitch.conf" "$top/root.tmp/etc/nsswitch.conf"
    [ -e "$top/root.tmp/etc/hosts" ] || printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\nff02::1\t\tip6-allnodes\nff02::2\t\tip6-allrouters\n' >"$top/root.tmp/etc/hosts"
    # postgresql-common's postinst adds the system user postgres (adduser
    # --system --group, a shell); the server refuses to run as root.
    grep -q '^postgres:' "$top/root.tmp/etc/passwd" ||
      echo 'postgres:x:101:101:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash' >>"$top/root.tmp/etc/passwd"
    grep -q '^postgres:' "$top/root.tmp/etc/group" || echo 'postgres:*:101:' >>"$top/root.tmp/etc/group"
    # openssh-server's postinst adds the privilege separation user sshd
    # (adduser --system, no group of its own: nogroup, home /run/sshd), and
    # its init script or systemd unit makes /run/sshd (root's, 0755), where
    # a root sshd's unprivileged child chroots before each authentication.
    grep -q '^sshd:' "$top/root.tmp/etc/passwd" ||
      echo 'sshd:x:102:65534::/run/sshd:/usr/sbin/nologin' >>"$top/root.tmp/etc/passwd"
    install -d -m 755 "$top/root.tmp/run/sshd"
    # /etc/shadow, which a Debian system has (the passwd package's) and
    # the packages here do not bring: every account without a password
    # ("*": no password login, not locked). Without it a root sshd under -L read the host's shadow,
    # where postgres is locked ("!"), and refused its key ("User postgres
    # not allowed because account is locked") where qemu-user's allowed it.
    [ -e "$top/root.tmp/etc/shadow" ] || {
      awk -F: '{ print $1 ":*:19000:0:99999:7:::" }' "$top/root.tmp/etc/passwd" >"$top/root.tmp/etc/shadow"
      chmod 640 "$top/root.tmp/etc/shadow"
    }
    # base-files' postinst: root's .profile and .bashrc, /etc/profile.
    # Without them a root login shell under -L read the host's: bash run
    # by a root sshd sources ~/.bashrc, and the host's ran pyenv's set-up.
    for f in dot.profile:root/.profile dot.bashrc:root/.bashrc profile:etc/profile; do
      [ -e "$top/root.tmp/${f#*:}" ] || install -m 644 "$top/root.tmp/usr/share/base-files/${f%%:*}" "$top/root.tmp/${f#*:}"
    done
    # end of root layout
    mv "$top/root.tmp" "$top/root"
  fi
  root=$top/root
fi
echo "debian-corpus: root $root ($(wc -l <"$(dirname "$root")/packages.txt") packages)"
# The root's path in a file of the module (build/ is gitignored): go test's
# cache rechecks files the test reads there, not the user cache dir, so
# TestDebianCorpus reads this to tell a fetch from no fetch.
mkdir -p build/debian
echo "$root" >build/debian/root
[ $fetchonly = 1 ] && exit 0

out=build/debian
mkdir -p "$out"
# Static (no cgo), so that binfmt_misc with F can run it inside the
# chroot (the cases of chroot.txt).
CGO_ENABLED=0 go build -o "$out/ppc64emu" ./cmd/ppc64emu
ln -sfn ppc64emu "$out/ppc64emu-binfmt"
emu=$(pwd)/$out/ppc64emu
cases=$(pwd)/linux/testdata/debian

. scripts/debian-run.sh

. scripts/chroot-compare.sh
chroot_compare "$cases" "$out" "$all" ${want[@]+"${want[@]}"}
