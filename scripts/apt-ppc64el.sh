# Sourced by the scripts that fetch Debian bookworm's ppc64el packages
# (scripts/debian-corpus.sh, scripts/ptrace-vm.sh, scripts/linux-boot.sh): a private apt
# configuration, the same as `dpkg --add-architecture ppc64el` + `apt-get
# update` without touching the system (nothing under /etc or /var/lib/dpkg).
#
# apt_ppc64el DIR [deb-src]: makes DIR the configuration's home (package
# lists, cache, an empty dpkg status; the system's deb sources restricted to
# ppc64el, or with deb-src their source entries, for `apt-get source`) and
# sets the array aptopts to the apt-get/apt-cache options that use it.
# Returns 1 when the system has no apt sources.
apt_ppc64el() {
  local apt=$1 type=${2:-deb} f found=0
  mkdir -p "$apt/sources.list.d" "$apt/lists/partial" "$apt/archives/partial" "$apt/state"
  : >"$apt/state/status"
  # The system's deb entries, for ppc64el only.
  for f in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list; do
    [ -f "$f" ] || continue
    case $f in
    *.sources) awk -v t="$type" 'BEGIN{RS="";ORS="\n\n"} /Types:[^\n]*deb([ \n]|$)/ {sub(/Types:[^\n]*/,"Types: " t "\nArchitectures: ppc64el"); print}' "$f" \
      >"$apt/sources.list.d/$(basename "$f")" ;;
    *) sed -n -e "s/^deb \(http[^ ]*\)/$type [arch=ppc64el] \1/p" "$f" >"$apt/sources.list.d/system.list" ;;
    esac
    found=1
  done
  aptopts=(-o "Dir::Etc::sourcelist=/dev/null" -o "Dir::Etc::sourceparts=$apt/sources.list.d"
    -o "Dir::State::Lists=$apt/lists" -o "Dir::State::status=$apt/state/status"
    -o "Dir::Cache=$apt" -o "Dir::Cache::archives=$apt/archives" -o "APT::Architecture=ppc64el"
    -o "APT::Architectures::=ppc64el" -o "APT::Sandbox::User=root" -o "Debug::NoLocking=1"
    -o "APT::Install-Recommends=0")
  [ $found = 1 ]
}
