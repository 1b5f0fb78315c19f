cat > s.sh <<'X'
#!/bin/sh
echo "script $# $1"
exit 5
X
chmod +x s.sh; ./s.sh a b; echo "rc $?"; sh s.sh c; echo "rc $?"
cat > b.sh <<'X'
#!/usr/bin/env bash
set -euo pipefail
declare -A m=([x]=1 [y]=2)
for k in $(printf '%s\n' "${!m[@]}" | sort); do echo "$k=${m[$k]}"; done
echo "${BASH_VERSINFO[0]}" >/dev/null
X
chmod +x b.sh; ./b.sh; (umask 077; touch secret); stat -c %a secret
