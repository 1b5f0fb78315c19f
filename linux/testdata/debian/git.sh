export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@x GIT_AUTHOR_DATE='2020-01-01T00:00:00Z' GIT_COMMITTER_DATE='2020-01-01T00:00:00Z'
# The global configuration in the work directory, not in $HOME (/tmp: under
# ppc64emu -L the host's /tmp, shared by every run, where qemu-user's chroot
# has a tmpfs of its own).
export GIT_CONFIG_GLOBAL=$(pwd)/gitconfig
git config --global init.defaultBranch main; git config --global user.name U; git config --global user.email u@x; git config --global --list
git init -q repo && cd repo && printf 'line1\nline2\n' > a.txt && mkdir d && echo x > d/b.txt && git add . && git commit -q -m first && echo committed
echo line3 >> a.txt && git diff && git commit -qam second && git log --oneline && git log --stat --format='%H %an %s' | cat
git branch feat && git checkout -q feat && echo f > f.txt && git add f.txt && git commit -qm feat && git checkout -q main && git merge -q --no-edit feat && git log --graph --oneline --all
git tag v1 && git describe --tags && git show --stat HEAD~1 | cat; git status --short; git rev-parse HEAD; git ls-files; git cat-file -p 'HEAD^{tree}'
cd .. && git clone -q --bare repo bare.git && git clone -q bare.git clone && cd clone && git log --oneline | wc -l && echo change > a.txt && git commit -qam third && git push -q origin main 2>&1; git -C ../bare.git log --oneline -1
cd ../repo && git pull -q ../bare.git main && git log --oneline -1 && git gc -q && git count-objects -v | grep -v size; git fsck 2>&1 | head -3; git grep -n line; git blame a.txt | cat
echo wip >> a.txt; git stash -q; git stash list; git stash pop -q; git diff --stat; git checkout -q -- a.txt; git reset -q --hard HEAD~1; git reflog | head -3
git archive --format=tar HEAD | tar tf - | sort; git format-patch -1 --stdout HEAD | head -5; git bisect start HEAD HEAD~2 >/dev/null && git bisect run sh -c 'test -f f.txt' | grep 'first bad'; git bisect reset -q
git notanything 2>&1; echo "git $?"; git -C nosuch status 2>&1; echo "git $?"
