# Prints one line per test case of a regrtest --junit-xml file, sorted: the
# case's name and its result (ok, skipped and the reason, FAIL, ERROR,
# expected failure, unexpected success), with no times, so that two runs of
# the same tests compare byte for byte. A case whose only failure was in a
# subtest has no name nor result in regrtest's file (unittest reports
# subtests apart): it is counted as "subtest failed". The process id in
# test.support's file names (TESTFN, "@test_PID_tmp") is written as PID: a
# skip reason may name the file. Run by the guest's python3.11
# (scripts/cpython-tests.sh).
import re
import sys
import xml.etree.ElementTree as ET

results = {"skipped": "skipped", "failure": "FAIL", "error": "ERROR",
           "output": "expected failure", "outcome": "unexpected success"}
lines = []
for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    name = case.get("name")
    if name is None:
        lines.append("(a case whose subtest failed)")
        continue
    result = "ok"
    for child in case:
        if child.tag in results:
            result = results[child.tag]
            if child.tag == "skipped":
                result += ": " + re.sub(r"@test_[0-9]+_", "@test_PID_",
                                        (child.text or "").strip())
    lines.append(name + " " + result)
print("\n".join(sorted(lines)))
