# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/checks.mk: deps, compilers, lint, format, test, clean (included by the Makefile, in order)
# ---- checks ----
# every group a suite of make test asks for, installed before the suites
# run side by side (two apt-gets at once would fight over dpkg's lock)
deps-test:
	@tools/deps.sh test fuzz build oss-fuzz

# Both compilers, zero warnings, in their own trees.
compilers:
	$(MAKE) --no-print-directory B=$(B)/gcc CC=gcc all
	$(MAKE) --no-print-directory B=$(B)/clang CC=clang all

# Lay every C file out as .clang-format says (tests/format.sh checks it).
format:
	tools/c-files.sh | xargs clang-format --style=file:.clang-format -i

# make test: everything CI checks; closes with "N passed, N failed". A
# suite whose inputs did not change since it passed is reported as cached
# (CACHE=0 runs all; tests/suites lists the suites and their inputs).
test: deps-test
	@tools/run-tests.sh

# every suite of make test under strace: do its inputs in tests/suites
# cover what it reads? (empties build/ first)
test-audit:
	@tools/test-audit.sh

clean:
	rm -rf $(B)

# objects built by pattern rules are kept, not deleted as intermediates
.SECONDARY:

.PHONY: install uninstall all asan deps-test compilers lint format test test-audit clean props prove plants \
	fuzz-libfuzzer fuzz-replay fuzz-afl replay fuzz bench corpus-merge oss-fuzz-check \
	bench-tests bench-loop coverage live live-kernel live-guided live-soak peer live-adversarial live-repro mutants mutants-base proof proof-control \
	live-fixes live-fixes-control live-findings findings-port findings-series findings-docs bench-live live-kcov pbt
