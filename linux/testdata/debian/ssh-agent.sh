# ssh-agent on a unix socket of its own (it checks its clients with
# SO_PEERCRED), ssh-add -l/-L/-d/-D, ssh-keygen -Y sign through the agent,
# ssh-agent -k.
eval $(ssh-agent -s -a $(pwd)/agent.sock) > /dev/null; echo "agent pid set: ${SSH_AGENT_PID:+yes}"
ssh-keygen -q -t ed25519 -N '' -C agentkey -f k && ssh-add k 2>&1 | sed "s,$(pwd),WORK,"; ssh-add -l | awk '{print $1, $3, $4}'; ssh-add -L | cut -d' ' -f1,3
printf 'data\n' > f; ssh-keygen -Y sign -f k.pub -n file f 2>&1 | sed "s,$(pwd),WORK,"; echo "t $(cat k.pub)" > s; ssh-keygen -Y verify -f s -I t -n file -s f.sig < f | sed 's/SHA256:.*/FPR/'
ssh-add -d k.pub 2>&1 | sed "s,$(pwd),WORK,"; ssh-add -l; echo "list: $?"; ssh-add -D 2>&1
ssh-agent -k > /dev/null; echo "killed $?"; SSH_AUTH_SOCK=$(pwd)/agent.sock ssh-add -l 2>&1; echo "gone: $?"
