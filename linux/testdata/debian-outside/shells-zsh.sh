zsh -fc 'typeset -A h; h=(a 1 b 2 c 3); for k in ${(ko)h}; do print -r -- "$k=$h[$k]"; done; print ${(U)${:-hello}}; a=(3 1 2); print ${(n)a}; print $(( 2**40 )); setopt extendedglob; print -l ${(s:,:)${:-x,y,z}}; zmodload zsh/mathfunc; print $(( sqrt(2.0) ))'
zsh -fc 'f() { local -i n=$1; (( n <= 1 )) && { print 1; return }; print $(( n * $(f $((n-1))) )) }; f 10; echo a b | read x y; print $y; print -- ${#${(f)"$(printf "1\n2\n3")"}}'
zsh -fc 'sleep 0.1 & wait $!; print rc=$?; coproc cat; print -p hi; read -p l; print $l; kill %1 2>/dev/null; exit 3'; echo "exit $?"
