mkdir -p a/b && bash -c '(cd a/b && touch here; echo in: $(ls)); echo out: $(ls -d a*); ls a/b; cd a; ls; cd ..; echo $((6*7))'
