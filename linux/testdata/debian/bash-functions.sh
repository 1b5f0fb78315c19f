bash -c 'f() { local x=$1; echo "f:$x"; return 3; }; f a; echo $?; g() { f "$@" | tr a-z A-Z; }; g bc; trap "echo trapped" EXIT; echo end'
