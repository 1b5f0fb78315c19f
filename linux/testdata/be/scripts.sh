# #! scripts run by the big-endian shell and executed by the dynamic
# programs; exit statuses through nested shells; xargs and find.
cat > s.sh <<'X'
#!/bin/sh
echo "script $# args: $*"
exit 5
X
chmod +x s.sh; ./s.sh a b; echo "rc $?"; sh s.sh c; echo "rc $?"
printf '#!/bin/sh\necho from $0\n' > t.sh; chmod +x t.sh
/opt/be/procs child 2 >/dev/null; echo "rc $?"
mkdir -p d/e; touch d/a d/e/b; find d -type f | sort | xargs -n1 echo found
sh -c './t.sh; sh -c "exit 6"'; echo "rc $?"
echo 'echo from stdin' | sh; echo "rc $?"
