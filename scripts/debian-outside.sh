#!/usr/bin/env bash
# Programs outside the Debian corpus root (issue 26, docs/debian-corpus.md
# "Outside the root (deep36)"): the packages of
# linux/testdata/debian-outside/packages.txt (one a line, # comments),
# which the corpus root does not have, added to a copy of that root, and
# the cases of linux/testdata/debian-outside/*.sh run under qemu-user and
# under `ppc64emu run -L ROOT` as scripts/debian-corpus.sh runs its own
# (scripts/debian-run.sh, scripts/chroot-compare.sh), compared byte for byte.
# Not part of CI: the corpus root's package list stays as it is (a changed
# list fetches the root again).
#
# Usage: scripts/debian-outside.sh [-fetch-only] [CASE...]
#   The corpus root must exist (build/debian/root names it: run
#   scripts/debian-corpus.sh once). The packages' closure less the corpus
#   root's packages is fetched with scripts/apt-ppc64el.sh's private apt
#   configuration and unpacked over a copy of the corpus root in
#   ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/outside-KEY/root (KEY: a hash of
#   the corpus root's path and the added package files); the links that
#   the packages' alternatives would make are added (see below).
#   Cases of known-failures.txt (a case name and why) are not run unless
#   named; timeouts.txt as the corpus's.
#   Output as scripts/debian-corpus.sh's, the runs' files under
#   build/debian-outside/. A case's CASE.d directory is copied into its work
#   directory; a Java source there is compiled with the host's javac
#   (--release 17) first, when there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

fetchonly=0
if [ "${1:-}" = -fetch-only ]; then fetchonly=1; shift; fi
src=linux/testdata/debian-outside
base=$(cat build/debian/root 2>/dev/null || true)
if [ -z "$base" ] || [ ! -d "$base" ]; then
  echo "debian-outside: no corpus root (build/debian/root): run scripts/debian-corpus.sh first"
  exit 2
fi
mapfile -t extra < <(sed 's/#.*//; /^ *$/d' "$src/packages.txt")
mapfile -t have < <(sed 's,^\./,,; s,_.*,,' "$(dirname "$base")/packages.txt")

cache=${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu
. scripts/apt-ppc64el.sh
apt_ppc64el "$cache/apt-ppc64el" || { echo "debian-outside: no apt sources found"; exit 2; }
[ -n "$(ls "$cache/apt-ppc64el/lists" 2>/dev/null | grep Packages || true)" ] ||
  apt-get -q "${aptopts[@]}" update >"$cache/apt-ppc64el/update.log" 2>&1
# The closure of the corpus root's packages and these, less the root's own
# package files (as debian-corpus.sh names them).
debs=$(apt-get -s -q "${aptopts[@]}" install "${have[@]}" "${extra[@]}" 2>/dev/null |
  sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) [^[]*\[\([a-z0-9]*\)\].*/.\/\1_\2_\3.deb/p' | sed 's/:/%3a/g' | sort |
  comm -23 - <(sort "$(dirname "$base")/packages.txt"))
top=$cache/outside-$( (echo "$base"; echo "$debs") | sha256sum | cut -c1-16)
if [ ! -d "$top/root" ]; then
  apt-get -q -y "${aptopts[@]}" install --download-only "${have[@]}" "${extra[@]}" >"$top.download.log" 2>&1 ||
    { echo "debian-outside: apt-get download failed (see $top.download.log)"; exit 2; }
  rm -rf "$top/root.tmp"
  mkdir -p "$top"
  cp -a "$base" "$top/root.tmp"
  # The root's merged /usr: tar keeps its /bin, /lib, ... links where the
  # packages name the directories (dpkg -x would put directories there).
  for d in $debs; do
    dpkg-deb --fsys-tarfile "$cache/apt-ppc64el/archives/$d" | tar -x --keep-directory-symlink -C "$top/root.tmp"
  done
  echo "$debs" >"$top/packages.txt"
  # What the packages' maintainer scripts make: update-alternatives' names
  # (java, convert, vim, emacs, gnuplot, php, guile, ksh).
  for l in java:../lib/jvm/java-17-openjdk-ppc64el/bin/java convert:convert-im6.q16 identify:identify-im6.q16 \
    vim:vim.nox emacs:emacs-nox gnuplot:gnuplot-nox php:php8.2 guile:guile-3.0 ksh:ksh93 neato:dot; do
    [ -e "$top/root.tmp/usr/bin/${l%%:*}" ] || [ ! -e "$top/root.tmp/usr/bin/${l#*:}" ] || ln -s "${l#*:}" "$top/root.tmp/usr/bin/${l%%:*}"
  done
  mv "$top/root.tmp" "$top/root"
fi
root=$top/root
echo "debian-outside: root $root (the corpus root and $(echo "$debs" | grep -c .) package files)"
out=build/debian-outside
mkdir -p "$out"
CGO_ENABLED=0 go build -o "$out/ppc64emu" ./cmd/ppc64emu
ln -sfn ppc64emu "$out/ppc64emu-binfmt"
emu=$(pwd)/$out/ppc64emu
# graphviz's postinst: dot -c writes the plugins' configuration.
[ -e "$root/usr/lib/powerpc64le-linux-gnu/graphviz/config6a" ] || [ ! -e "$root/usr/bin/dot" ] ||
  "$emu" run -L "$root" "$root/usr/bin/dot" -c
[ $fetchonly = 1 ] && exit 0

# The cases, with their Java sources compiled.
cases=$(pwd)/$out/cases
rm -rf "$cases"
cp -r "$src" "$cases"
if command -v javac >/dev/null; then
  for j in "$cases"/*.d/*.java; do
    [ -e "$j" ] || continue
    (cd "$(dirname "$j")" && javac --release 17 "$(basename "$j")")
  done
fi

. scripts/debian-run.sh
. scripts/chroot-compare.sh
chroot_compare "$cases" "$out" 0 "$@"
