# git 2.39, what git.sh leaves out: rebase -i driven by
# GIT_SEQUENCE_EDITOR (reword by GIT_EDITOR, squash, drop), a
# rebase conflict and --abort, --continue after a resolution, worktree
# add/list/remove/prune, cherry-pick, revert, format-patch | am, git mv/rm,
# apply --check, clean -n, log -S, shortlog, rev-list --count, a commit hook.
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@x GIT_AUTHOR_DATE='2020-01-01T00:00:00Z' GIT_COMMITTER_DATE='2020-01-01T00:00:00Z'
# The global configuration in the work directory, not in $HOME (/tmp: under
# ppc64emu -L the host's /tmp, shared by every run, where qemu-user's chroot
# has a tmpfs of its own).
export GIT_CONFIG_GLOBAL=$(pwd)/gitconfig
git config --global init.defaultBranch main; git config --global user.name U; git config --global user.email u@x; git config --global advice.detachedHead false
git init -q repo && cd repo && for i in 1 2 3 4 5; do echo "v$i" > f$i.txt; git add f$i.txt; git commit -qm "add f$i"; done; git log --format=%s | tr '\n' ' '; echo
GIT_SEQUENCE_EDITOR="sed -i -e '/add f3/s/^pick/squash/' -e '/add f2/s/^pick/reword/'" GIT_EDITOR="sed -i '1s/.*/two and three/'" git rebase -q -i --root 2>&1; echo "rebase $?"
git log --format='%s' | tr '\n' '|'; echo; git show --stat --format=%s HEAD~1 | cat
GIT_SEQUENCE_EDITOR="sed -i -e '/add f4/d'" git rebase -q -i HEAD~2 2>&1; echo "drop $?"; ls; git log --format=%s | tr '\n' '|'; echo
printf '#!/bin/sh\necho "hook: $(head -1 "$1")"\n' > .git/hooks/commit-msg; chmod +x .git/hooks/commit-msg
git checkout -q -b side HEAD~1 && echo side > f1.txt && git commit -qam "side f1" && git checkout -q main && echo main > f1.txt && git commit -qam "main f1"
git rebase side 2>&1 | grep -E '^(CONFLICT|error)'; echo "conflict rebase"; git status --short; git rebase --abort; git log --format=%s -1
git rebase side >/dev/null 2>&1; echo merged > f1.txt; git add f1.txt; GIT_EDITOR=true git rebase --continue 2>&1 | grep -v '^Successfully'; echo "continue $?"; cat f1.txt; git log --format=%s | head -3
git worktree add -q ../wt2 side 2>&1; git worktree list | awk '{print $3}'; (cd ../wt2 && echo wt > w.txt && git add w.txt && git commit -qm "from worktree" && git rev-parse --abbrev-ref HEAD)
git log --format=%s -1 side; git worktree remove ../wt2; ls ../wt2 2>&1 | sed 's/^ls: //'; git worktree prune; git worktree list | wc -l
git cherry-pick side >/dev/null && git log --format=%s -1 && git revert --no-edit HEAD >/dev/null && git log --format=%s -1; ls w.txt 2>&1
git format-patch -q -1 side -o ../patches && git checkout -q -b am main~2 && git am -q ../patches/*.patch && git log --format='%s %an' -1
git mv f2.txt two.txt && git rm -q f3.txt 2>&1; git status --short; git commit -qm moves; git diff --stat HEAD~1 | cat
printf 'garbage\n' > bad.patch; git apply --check bad.patch 2>&1; echo "apply $?"; git diff main~1 main > good.patch; git apply --check -R good.patch 2>&1; echo "apply $?"
touch junk1 junk2; git clean -n | sort; git log -S merged --format=%s --all | sort; git shortlog -s HEAD | cat; git rev-list --count --all
git fsck --strict 2>&1 | head -3; echo "fsck $?"; git gc -q --prune=now; git count-objects -v | grep -E '^(count|in-pack|packs|prune-packable|garbage):'
