# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/tools.mk: triage and make test's timing table (included by the Makefile, in order)
# The host tools (tools/*/): one flavour for the programs, one under
# ASan+UBSan for their unit tests. Each tool's headers are named apart, so
# one include path serves them all.
CC_tool = $(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g $(INC)
CC_tool-asan = $(CLANG) -std=gnu11 -Wall -Wextra -Werror -O1 -g $(SAN) $(INC)
$(foreach f,tool tool-asan,$(eval $(call c_flavour,$(f))))

# ---- triage (tools/triage.sh runs it): one bug, one group ----
TRIAGE_LIB := tools/triage/triage.c util/klog.c util/json.c util/hex.c util/file.c
TRIAGE_SRC := tools/triage/main.c tools/triage/fuzz.c tools/triage/kernel.c $(TRIAGE_LIB) \
	tools/findings/findings.c tools/findings/seen.c tools/findings/stable.c util/verb.c
$(B)/plain/rdmaneg-triage: $(call flavour_objs,tool,$(TRIAGE_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@

$(B)/asan/triage-unit: $(call flavour_objs,tool-asan,tests/triage_unit.c $(TRIAGE_LIB))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

$(B)/asan/apidoc-unit: $(call flavour_objs,tool-asan,tests/apidoc_unit.c man/apidoc.c)
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# ---- the findings registry (findings/; docs/findings.md) ----
FINDINGS_SRC := tools/findings/findings.c tools/findings/html.c tools/findings/seen.c tools/findings/stable.c util/file.c util/klog.c util/html.c
$(B)/plain/rdmaneg-findings: $(call flavour_objs,tool,tools/findings/main.c util/verb.c $(FINDINGS_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@

$(B)/asan/findings-unit: $(call flavour_objs,tool-asan,tests/findings_unit.c $(FINDINGS_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# README.md's and docs/findings.md's findings tables, and the status page
# build/findings/index.html with a page a finding, all from findings/
# (tests/findings.sh fails when the tables drift; tests/findings-page.sh
# renders the pages in Chromium at 1400 px)
findings-docs: $(B)/plain/rdmaneg-findings
	$< splice findings README.md
	$< splice findings docs/findings.md
	@mkdir -p $(B)/findings
	$< html findings $(B)/findings
	@tests/findings-page.sh $(B)/findings
	@echo "findings-docs: README.md, docs/findings.md, $(B)/findings/index.html and a page a finding"

# every finding's patch rebased onto Debian's source of the kernel line KVER
# (default 7.3) with git am, as findings/SLUG/KVER/NAME; those that do not
# apply are named for a port by hand (tools/findings/port.sh)
findings-port:
	@tools/findings/port.sh

# one mail series a subsystem tree from those ports, with a cover letter
# and To/Cc from get_maintainer.pl: mail/KVER/NAME/ (tools/findings/series.sh),
# then each series applied in order onto the pristine tree and checked with
# checkpatch --strict (tests/mail-series.sh)
findings-series:
	@tools/findings/series.sh
	@tests/mail-series.sh $(or $(KVER),7.3)

# ---- make test's timing table (tools/test-times/; docs/benchmarks.md) ----
TIMES_SRC := tools/test-times/main.c tools/test-times/times.c util/file.c util/verb.c
$(B)/plain/rdmaneg-test-times: $(call flavour_objs,tool,$(TIMES_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -lm -o $@

$(B)/asan/times-unit: $(call flavour_objs,tool-asan,tests/times_unit.c tools/test-times/times.c)
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -lm -o $@

# ---- docs/layout.md names every file (tools/layout/; tests/docs.sh) ----
LAYOUT_SRC := tools/layout/main.c tools/layout/layout.c util/file.c util/verb.c
$(B)/plain/rdmaneg-layout: $(call flavour_objs,tool,$(LAYOUT_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@

$(B)/asan/layout-unit: $(call flavour_objs,tool-asan,tests/layout_unit.c tools/layout/layout.c)
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# ---- make test's suite cache (tools/test-cache/; docs/benchmarks.md) ----
CACHE_SRC := tools/test-cache/key.c tools/test-cache/suites.c tools/test-cache/result.c \
	tools/test-cache/audit.c util/sha256.c util/file.c util/verb.c
$(B)/plain/rdmaneg-test-cache: $(call flavour_objs,tool,tools/test-cache/main.c $(CACHE_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@

$(B)/asan/test-cache-unit: $(call flavour_objs,tool-asan,tests/test_cache_unit.c $(CACHE_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# make test, then its per-suite table beside the previous run's
bench-tests: deps-test
	@tools/run-tests.sh; rc=$$?; echo; \
	if [ -f $(B)/test-logs/times.prev.json ]; then \
		$(B)/plain/rdmaneg-test-times compare $(B)/test-logs/times.prev.json $(B)/test-logs/times.json; \
	else echo "bench-tests: no previous run to compare with"; \
		$(B)/plain/rdmaneg-test-times compare $(B)/test-logs/times.json; fi; exit $$rc

# the inner loop side by side, BASE=COMMIT against HEAD, from fresh clones
# (tools/bench-loop.sh; docs/benchmarks.md)
bench-loop: deps-test
	@tools/bench-loop.sh
