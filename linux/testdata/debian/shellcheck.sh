# ShellCheck 0.9 (Haskell: GHC's runtime, its timer and parallel GC
# threads): formats, shells, severities, sourced files, exit statuses.
cat > s1.sh <<'S'
#!/bin/sh
for f in $(ls *.txt); do
  echo $f
done
cd /nowhere
read line
if [ $x == 1 ]; then echo "`date`"; fi
local v=1
echo "${arr[@]}"
S
cat > s2.sh <<'S'
#!/bin/bash
set -euo pipefail
. ./lib.sh
main() { local -r n="${1:-0}"; printf '%s\n' "$((n + greet_count))"; }
main "$@"
S
printf 'greet_count=2\n' > lib.sh
cat > s3.sh <<'S'
#!/bin/bash
# shellcheck disable=SC2034
unused=1
echo "ok"
S
shellcheck s1.sh; echo "rc $?"
shellcheck -f gcc s1.sh; echo "rc $?"
shellcheck -f json s1.sh; r=$?; echo; echo "rc $r"
shellcheck -f tty -S error s1.sh; echo "rc $?"
shellcheck -s dash -f gcc s1.sh; echo "rc $?"
shellcheck -e SC2045,SC2086 -f gcc s1.sh; echo "rc $?"
shellcheck -f diff s1.sh; echo "rc $?"
shellcheck s2.sh; echo "rc $?"
shellcheck -x s2.sh; echo "rc $?"
shellcheck s3.sh; echo "rc $?"
printf 'echo $1\n' | shellcheck -s bash -f gcc -; echo "rc $?"
printf 'if then\n' | shellcheck -s sh -; echo "rc $?"
shellcheck nosuch.sh; echo "rc $?"
shellcheck --shell=fish s3.sh; echo "rc $?"
shellcheck -f checkstyle s3.sh s1.sh | head -5
shellcheck --list-optional | head -4
shellcheck --version | head -2
