bash <<'SCRIPT'
name=world
cat <<EOT
hello $name
  tab	and $((1+2))
EOT
cat <<-'EOT'
	literal $name
	EOT
read -r a b <<< "x y z"; echo "$a|$b"
SCRIPT
