# python3 -m venv (ensurepip from Debian's wheels), pip 23 without the
# network (--no-index): a wheel built from a pyproject.toml package
# (setuptools backend, console and GUI entry points, package data), an
# sdist of a setup.py package built by setup.py and installed from its
# tarball, pip list/show/freeze/check/uninstall, a missing requirement.
# The venv sees the system's site-packages: Debian's ensurepip installs
# pip and setuptools, and setuptools 66 builds wheels with python3-wheel's
# bdist_wheel. pip's temporary files go to the work directory, not /tmp.
# Under -L pip also finds the host's Python packages through names the
# root lacks (the host's PyGObject egg-info in /usr/lib/python3/
# dist-packages): pip list and pip check show the case's packages only.
export HOME="$PWD/home" TMPDIR="$PWD/tmp" PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PIP_NO_COLOR=1 PYTHONDONTWRITEBYTECODE=1
mkdir -p home tmp
w=$PWD
m() { sed -E "s,$w,W,g; s,W/tmp/pip-[a-z-]+-[a-z0-9_]+,TMP,g; s/(size|sha256)=[0-9a-f]+/\1=X/g"; }
python3 -m venv --system-site-packages v; echo "venv $?"
sed 's/^\(command\|home\) = .*/\1 = .../' v/pyvenv.cfg | sort
v/bin/python -c 'import sys; print(sys.prefix != sys.base_prefix, sys.version_info[:2])'
v/bin/pip --version | m
v/bin/pip list --format=freeze | sed 's/==.*//' | grep -E '^(pip|setuptools|wheel)$' | sort
mkdir -p hello26/src/hello26/data
cat > hello26/pyproject.toml <<'EOF'
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"
[project]
name = "hello26"
version = "1.4.0"
description = "A package built by the Debian corpus"
requires-python = ">=3.9"
dependencies = []
[project.optional-dependencies]
extra = ["nosuchdep26"]
[project.scripts]
hello26 = "hello26.cli:main"
hello26-sum = "hello26.cli:summ"
[project.gui-scripts]
hello26-gui = "hello26.cli:main"
[project.entry-points."hello26.plugins"]
upper = "hello26.cli:upper"
[tool.setuptools.package-data]
hello26 = ["data/*.txt"]
EOF
cat > hello26/src/hello26/__init__.py <<'EOF'
__version__ = "1.4.0"
EOF
printf 'greetings from the data file\n' > hello26/src/hello26/data/msg.txt
cat > hello26/src/hello26/cli.py <<'EOF'
import sys
from importlib import metadata, resources
def upper(s):
    return s.upper()
def main():
    print("hello26", metadata.version("hello26"), sys.argv[1:])
    print(resources.files("hello26").joinpath("data/msg.txt").read_text().strip())
    for ep in metadata.entry_points(group="hello26.plugins"):
        print(ep.name, ep.load()("plugin"))
    return 0
def summ():
    try:
        print(sum(int(a) for a in sys.argv[1:]))
    except ValueError as e:
        print("bad number:", e, file=sys.stderr)
        return 2
EOF
v/bin/pip wheel --no-index --no-build-isolation --no-deps -w dist ./hello26 > wheel.out 2>&1; echo "wheel $?"
grep -E '^(Processing|Building wheels|  Building wheel|  Created wheel|Successfully built)' wheel.out | m
v/bin/python -c 'import zipfile,sys; print("\n".join(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))' dist/hello26-1.4.0-py3-none-any.whl
v/bin/python -c 'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); print(z.read("hello26-1.4.0.dist-info/entry_points.txt").decode())' dist/hello26-1.4.0-py3-none-any.whl
v/bin/pip install --no-index dist/hello26-1.4.0-py3-none-any.whl > inst1.out 2>&1; echo "install $?"; m < inst1.out
v/bin/hello26 a b; echo "rc $?"
v/bin/hello26-sum 1 2 39; v/bin/hello26-sum 1 x; echo "rc $?"
head -1 v/bin/hello26 | m
v/bin/python -m hello26.cli 2>&1 | tail -1; v/bin/python -c 'import hello26; print(hello26.__version__)'
mkdir -p old26/old26
cat > old26/setup.py <<'EOF'
from setuptools import setup
setup(name="old26", version="0.9", packages=["old26"],
      entry_points={"console_scripts": ["old26=old26:run"]},
      install_requires=["hello26>=1.0"])
EOF
printf 'import hello26\ndef run():\n    print("old26 uses hello26", hello26.__version__)\n' > old26/old26/__init__.py
(cd old26 && ../v/bin/python setup.py -q sdist > ../sdist.out 2>&1; echo "sdist $?"; tar tzf dist/old26-0.9.tar.gz | sort)
v/bin/pip install --no-index --find-links dist old26/dist/old26-0.9.tar.gz > inst2.out 2>&1; echo "install sdist $?"
grep -E '^(Processing|Requirement already|Building wheels|  Building wheel|Installing collected|Successfully)' inst2.out | m
v/bin/old26
v/bin/pip list 2>&1 | grep -E '^(Package|-|hello26|old26)' | sed 's/-\{2,\}/--/g; s/  */ /g'
v/bin/pip show hello26 | m
v/bin/pip show -f old26 | sed -n '/^Files:/,$p' | m | sort
v/bin/pip freeze | grep -E 'hello26|old26' | m
v/bin/pip check 2>&1 | grep -vE '^(pygobject |No broken requirements)'
v/bin/pip install --no-index 'hello26[extra]' > extra.out 2>&1; echo "extra $?"; grep -E '^ERROR' extra.out | m
v/bin/pip install --no-index nosuch26 2>&1 | m; echo "missing"
v/bin/pip uninstall -y hello26 2>&1 | m
v/bin/pip check 2>&1 | grep -v '^pygobject ' | m
v/bin/hello26 2>/dev/null; echo "rc $?"
v/bin/pip uninstall -y nosuch26 2>&1 | m
v/bin/pip show nosuch26 2>&1 | m; echo "show $?"
python3 -m venv --without-pip v2; echo "venv2 $?"; ls v2/bin | sort
v2/bin/python -m pip --version 2>&1 | m
