cat > SConstruct <<'E'
env = Environment(ENV={'PATH': '/usr/bin:/bin'})
t = env.Command('out.txt', 'in.txt', 'tr a-z A-Z < $SOURCE > $TARGET')
env.Command('out2.txt', t, 'wc -c < $SOURCE > $TARGET')
E
echo hello scons > in.txt
scons -Q 2>&1; cat out.txt out2.txt
scons -Q 2>&1
