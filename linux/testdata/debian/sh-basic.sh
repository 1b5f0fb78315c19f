echo hello; x=$(echo sub); echo "got $x"; (echo in subshell; exit 3); echo "status $?"
