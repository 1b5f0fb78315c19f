mksh -c 'set -A a 5 3 9; print ${#a[*]} ${a[2]}; typeset -i16 h=255; print $h; x=abcdef; print ${x:1:3} ${x#ab} ${x%ef}; function f { typeset v=$1; print -n "$v$v"; }; print "[$(f ab)]"; print $((1<<20))'
mksh-static -c 'echo static; for i in 1 2 3; do echo $i; done | while read l; do echo "l=$l"; done'
tcsh -fc 'set a = (1 2 3); foreach i ($a) 
echo $i
end; @ x = 6 * 7; echo $x; set s = "hello world"; echo $s:q; echo $#a; if ( -d / ) echo dir'
tcsh -fc 'alias ll "echo ll:"; ll x; echo `echo sub`; setenv FOO bar; printenv FOO; exit 4'; echo "exit $?"
