# Go programs from the archive (their own runtime: clone of threads,
# futexes, signals for preemption, epoll, no libc): shfmt (format, -d with
# a diff and exit 1, a parse error, -tojson refused) and age (keygen,
# encrypt to a recipient, decrypt, armor, a missing identity file).
printf 'if [ 1 ];then\necho  "hi" ;fi\nf(){ x=$(( 1+2 )); }\n' > s.sh
shfmt s.sh; echo "rc $?"; shfmt -i 2 -ci -d s.sh; echo "rc $?"; printf 'if then\n' | shfmt; echo "rc $?"; shfmt -tojson s.sh | head -c 80; echo
age-keygen -o key.txt 2>&1 | sed 's/age1[a-z0-9]*/KEY/'; echo "rc $?"
echo secret | age -r "$(age-keygen -y key.txt)" -o msg.age; echo "rc $?"; age -d -i key.txt msg.age; echo "rc $?"
echo pw-data | age -a -r "$(age-keygen -y key.txt)" | head -1; age -d -i nosuch.txt msg.age; echo "rc $?"
