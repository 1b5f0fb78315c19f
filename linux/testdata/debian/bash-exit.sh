bash -c 'echo to-stderr >&2; exit 7'
