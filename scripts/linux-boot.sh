#!/usr/bin/env bash
# A Linux kernel for ppc64emu's Microwatt machine (issue 27): Debian's
# linux-source-6.1 with arch/powerpc/configs/microwatt_defconfig plus the
# fragment below (the kernel's own instruction-emulation self-test,
# arch/powerpc/lib/test_emulate_step.c, which 6.1 builds under
# CONFIG_KPROBES_SANITY_TEST), and an initramfs holding Debian's
# busybox-static for ppc64el with a small /init that starts a shell on the
# console. Cross-compiled with powerpc64le-linux-gnu-gcc; the image is the
# kernel's own dtbImage.microwatt (its boot wrapper, fixed-head.S linked at
# address 0, with microwatt.dts built in), loaded at 0 as Microwatt loads it.
#
# Output: ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/linux-KEY/dtbImage.microwatt
# and dtbImage.microwatt.elf (and vmlinux, config, build.log), KEY a hash
# of the kernel source package version, the config fragment, the device
# tree change, /init, the busybox package and the build recipe below, so
# a repeat run is instant. The source and object trees stay in
# $LINUX_BUILD_DIR (default ${XDG_CACHE_HOME:-~/.cache}/ppc64emu/linux-build)
# for incremental rebuilds; nothing of it is committed (GPL, built at
# test time).
#
# Usage: scripts/linux-boot.sh [-build-only] [-jN]
#   Builds the image if it is not cached, prints its path, then (unless
#   -build-only) boots it with `ppc64emu system -machine microwatt -m 256M`,
#   feeding a few commands on stdin, and prints the console.
#   -cached-only: skip (exit 0) unless the image is already cached.
#   -vmlinux: boot the kernel's vmlinux with the device tree of the
#   dtbImage (its .kernel:dtb section) directly (ppc64emu system -dtb),
#   skipping the boot wrapper's decompression of the kernel.
# Needs: apt-get (linux-source-6.1, busybox-static:ppc64el), make, gcc,
# flex, bison, bc, powerpc64le-linux-gnu-gcc. Exit 2 with a message when
# something is missing. A cold build takes 15-30 minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

buildonly=0 cachedonly=0 vmlinux=0 jobs=-j2
while [ $# -gt 0 ]; do
  case "$1" in
  -build-only) buildonly=1; shift ;;
  -cached-only) cachedonly=1; shift ;;
  -vmlinux) vmlinux=1; shift ;;
  -j*) jobs=$1; shift ;;
  -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
  *) echo "linux-boot: unknown argument $1"; exit 2 ;;
  esac
done

# The kernel config fragment, merged onto microwatt_defconfig.
fragment='CONFIG_ALTIVEC=y
CONFIG_VSX=y
CONFIG_RUNTIME_TESTING_MENU=y
CONFIG_DEBUG_KERNEL=y
CONFIG_MODULES=y
CONFIG_KPROBES=y
CONFIG_KUNIT=y
CONFIG_KPROBES_SANITY_TEST=y
CONFIG_BLK_DEV_INITRD=y
CONFIG_INITRAMFS_COMPRESSION_NONE=y
CONFIG_CMDLINE="console=ttyS0"'

# Debian's ppc64el busybox is built for POWER8 and uses VMX and VSX
# (lxvd2x, vcmpequb, … in its glibc), which Microwatt's FPGA core lacks
# but ppc64emu's emulates: the kernel gets CONFIG_ALTIVEC and CONFIG_VSX
# (above), and microwatt.dts's CPU feature list names the two facilities
# (Linux's dt_cpu_ftrs.c "vector" and "vector-scalar") so that Linux
# enables them for user programs.
dtsfeatures='			vector {
				isa = <2050>;
				usable-privilege = <3>;
			};

			vector-scalar {
				isa = <2060>;
				usable-privilege = <3>;
			};
'

# The initramfs's /init.
init='#!/bin/busybox sh
/bin/busybox --install -s /bin
mkdir -p /proc /sys /dev /tmp
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
echo "init: busybox shell ready"
exec setsid cttyhack sh'

cache=${XDG_CACHE_HOME:-$HOME/.cache}/ppc64emu
mkdir -p "$cache"
src=/usr/src/linux-source-6.1.tar.xz

need() { # command package
  command -v "$1" >/dev/null && return 0
  echo "linux-boot: $1 not installed (apt-get install $2): skipped"
  exit 2
}
for t in make:make gcc:gcc flex:flex bison:bison bc:bc perl:perl xz:xz-utils \
  powerpc64le-linux-gnu-gcc:gcc-powerpc64le-linux-gnu apt-get:apt dpkg:dpkg; do
  need "${t%%:*}" "${t#*:}"
done
if [ ! -f "$src" ]; then
  echo "linux-boot: installing linux-source-6.1"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq linux-source-6.1 >/dev/null ||
    { echo "linux-boot: apt-get install linux-source-6.1 failed: skipped"; exit 2; }
fi
srcver=$(dpkg-query -W -f='${Version}' linux-source-6.1)

# busybox-static for ppc64el, with a private apt configuration for that
# architecture (lists and cache in the user cache dir; nothing is written
# under /etc or /var/lib/dpkg).
bbdeb=$(ls "$cache"/apt-ppc64el/archives/busybox-static_*_ppc64el.deb 2>/dev/null | tail -1 || true)
if [ -z "$bbdeb" ]; then
  apt=$cache/apt-ppc64el
  . scripts/apt-ppc64el.sh
  apt_ppc64el "$apt" || { echo "linux-boot: no apt sources found: skipped"; exit 2; }
  apt-get -q "${aptopts[@]}" update >"$apt/update.log" 2>&1 &&
    (cd "$apt/archives" && apt-get -q "${aptopts[@]}" download busybox-static:ppc64el >"$apt/download.log" 2>&1) ||
    { echo "linux-boot: cannot download busybox-static:ppc64el (see $apt/*.log): skipped"; exit 2; }
  bbdeb=$(ls "$apt"/archives/busybox-static_*_ppc64el.deb | tail -1)
fi

key=$( (echo "$srcver"; echo "$fragment"; echo "$dtsfeatures"; echo "$init"; basename "$bbdeb"
  sed -n '/^# build recipe/,/^# end of build recipe/p' "$0") | sha256sum | cut -c1-16)
top=$cache/linux-$key
build=${LINUX_BUILD_DIR:-$cache/linux-build}
image=$top/dtbImage.microwatt
if [ $cachedonly = 1 ] && [ ! -f "$image" ]; then
  echo "linux-boot: $image not built: skipped (scripts/linux-boot.sh -build-only builds it)"
  exit 0
fi
# build recipe (what the cache key covers besides the inputs above)
if [ ! -f "$image" ]; then
  mkdir -p "$top"
  log=$top/build.log
  echo "linux-boot: building $image (log $log)"
  start=$(date +%s)
  # The source and object trees stay in $build (one for every KEY: make
  # rebuilds only what a change of configuration touches).
  if [ ! -f "$build/linux/.unpacked-$srcver" ]; then
    rm -rf "$build/linux" && mkdir -p "$build/linux"
    tar -xJf "$src" -C "$build/linux" --strip-components=1
    touch "$build/linux/.unpacked-$srcver"
  fi
  dts=$build/linux/arch/powerpc/boot/dts/microwatt.dts
  if ! grep -q 'vector-scalar {' "$dts"; then
    awk -v add="$dtsfeatures" '/^\t\t\tfloating-point \{/ {print add} {print}' "$dts" >"$dts.tmp"
    mv "$dts.tmp" "$dts"
  fi
  # The initramfs as a directory for the kernel's gen_init_cpio (usr/).
  rm -rf "$top/initramfs" && mkdir -p "$top/initramfs/bin" "$top/initramfs/dev" "$top/bb"
  dpkg -x "$bbdeb" "$top/bb"
  cp "$top/bb/bin/busybox" "$top/initramfs/bin/busybox"
  printf '%s\n' "$init" >"$top/initramfs/init"
  chmod 755 "$top/initramfs/init" "$top/initramfs/bin/busybox"
  # The console must exist before devtmpfs is mounted: a list file adds it.
  cat >"$top/initramfs.list" <<EOF
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /bin 0755 0 0
file /bin/busybox $top/initramfs/bin/busybox 0755 0 0
file /init $top/initramfs/init 0755 0 0
EOF
  mk=(make -C "$build/linux" O="$build/obj" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- "$jobs")
  {
    "${mk[@]}" microwatt_defconfig
    printf '%s\nCONFIG_INITRAMFS_SOURCE="%s"\n' "$fragment" "$top/initramfs.list" >"$top/fragment.config"
    "$build/linux/scripts/kconfig/merge_config.sh" -m -O "$build/obj" "$build/obj/.config" "$top/fragment.config"
    "${mk[@]}" olddefconfig
    # Every fragment line must have survived olddefconfig (a missed
    # dependency drops it silently).
    while IFS= read -r l; do
      grep -qxF "$l" "$build/obj/.config" || { echo "linux-boot: $l did not survive olddefconfig"; exit 1; }
    done <"$top/fragment.config"
    "${mk[@]}" vmlinux
    "${mk[@]}" dtbImage.microwatt
  } >"$log" 2>&1 || { echo "linux-boot: build failed, see $log"; tail -20 "$log"; exit 1; }
  cp "$build/obj/arch/powerpc/boot/dtbImage.microwatt.elf" "$top/dtbImage.microwatt.elf"
  cp "$build/obj/arch/powerpc/boot/dtbImage.microwatt" "$image.tmp"
  cp "$build/obj/vmlinux" "$top/vmlinux"
  cp "$build/obj/.config" "$top/config"
  mv "$image.tmp" "$image"
  echo "linux-boot: built in $(($(date +%s) - start)) s"
fi
# end of build recipe
echo "linux-boot: image $image"
[ $buildonly = 1 ] && exit 0

go build -o build/ppc64emu ./cmd/ppc64emu
# Boot, typing the commands once the shell is up (the UART driver empties
# the receive FIFO when it starts, so earlier input would be lost), and
# stop the machine when their last line appears.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkfifo "$tmp/in"
log=build/linux-boot.log
boot=("$top/dtbImage.microwatt.elf")
if [ $vmlinux = 1 ]; then
  powerpc64le-linux-gnu-objcopy -O binary --only-section=.kernel:dtb "$top/dtbImage.microwatt.elf" "$tmp/microwatt.dtb"
  boot=(-dtb "$tmp/microwatt.dtb" "$top/vmlinux")
fi
start=$(date +%s.%N)
build/ppc64emu system -machine microwatt -m 256M -stats "${boot[@]}" <"$tmp/in" >"$log" 2>"$tmp/err" &
emu=$!
exec 3>"$tmp/in"
tail -f "$log" --pid=$emu &
wait_for() { # pattern seconds
  for _ in $(seq "$2"); do
    grep -q "$1" "$log" && return 0
    kill -0 $emu 2>/dev/null || return 1
    sleep 1
  done
  return 1
}
ok=0
if wait_for "busybox shell ready" 600; then
  shell=$(echo "$(date +%s.%N) - $start" | bc)
  echo 'echo hello from busybox; uname -a; echo linux-boot-$((6*7))' >&3
  wait_for "^linux-boot-42" 120 && ok=1
fi
kill $emu 2>/dev/null || true
wait $emu 2>/dev/null || true
exec 3>&-
sleep 0.2
echo
cat "$tmp/err"
echo "linux-boot: emulate_step self-test: $(grep -c 'emulate_step_test: .*PASS' "$log") PASS, $(grep -c 'emulate_step_test: .*SKIP' "$log") SKIP, $(grep -c 'emulate_step_test: .*FAIL' "$log") FAIL"
if [ $ok = 1 ]; then
  echo "linux-boot: shell after ${shell} s; commands answered (log $log)"
else
  echo "linux-boot: FAIL: no shell or no answer (log $log)"
  exit 1
fi
