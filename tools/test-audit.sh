#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make test-audit: runs make test's suites (all, or TEST_ONLY="a b") under
# strace, then checks that each suite's inputs in tests/suites cover every
# file of the project it read, listed or ran and did not build itself
# (tools/test-cache/audit.h). A file a suite reads but does not declare
# would leave its cached verdict standing after that file changed; this is
# how a new suite's stanza is checked. Exit 1 when any suite reads an
# undeclared file; each is listed. It starts from an empty build/ (all of
# it is removed), so that every suite reads the sources of what it builds.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
tools/deps.sh test fuzz build oss-fuzz audit || exit 1
trace=build/test-audit
rm -rf build && mkdir -p "$trace"
# LeakSanitizer cannot work under ptrace: leaks are make test's to find
ASAN_OPTIONS=detect_leaks=0 TEST_TRACE=$PWD/$trace TEST_LOGS=build/test-audit-logs CACHE=0 \
	tools/run-tests.sh
tested=$?
bad=0 n=0
while IFS=$'\t' read -r name _; do
	if [ -n "${TEST_ONLY:-}" ]; then case " $TEST_ONLY " in *" $name "*) ;; *) continue ;; esac; fi
	n=$((n + 1))
	if ! compgen -G "$trace/$name.*" >/dev/null; then
		echo "test-audit: $name left no trace"; bad=$((bad + 1)); continue
	fi
	build/plain/rdmaneg-test-cache audit tests/suites "$name" "$PWD" "$trace/$name".* || bad=$((bad + 1))
done < <(build/plain/rdmaneg-test-cache list tests/suites)
echo "test-audit: $((n - bad)) passed, $bad failed (suites whose inputs cover what they read)"
[ "$tested" -eq 0 ] || echo "test-audit: some suites failed under strace (above); their audits may be short"
[ "$bad" -eq 0 ]
