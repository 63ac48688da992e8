# Folds the known issues Swift Testing prints into one line at the end of `make test`.
#
# Tests of failure reporting (TestStore's diffs, replay assertions, effect leaks) make a failure
# happen inside `withKnownIssue` and check what it said; Swift Testing prints each such issue
# as a block that looks like a failure ("recorded a known issue at …" and its details). The
# blocks, and the per-test "passed … with 1 known issue." lines, are counted instead of shown;
# every other line, real failures included, passes through unchanged and at once.
# `swift test --skip-build` shows them all.
/recorded a known issue/ { known++; inBlock = 1; next }
inBlock && (/^↳/ || /^[ \t]/ || /^$/) { next }
{ inBlock = 0 }
/ known issues?\.$/ && !/Test run with/ { next }
{ print; fflush() }
END {
  if (known > 0) {
    printf "%d known issue%s recorded on purpose by tests of failure reports (not failures; `swift test --skip-build` shows them)\n", known, known == 1 ? "" : "s"
  }
}
