# mk/tools.mk: triage and make test's timing table (included by the Makefile, in order)
# ---- triage (tools/triage runs it): one bug, one group ----
TRIAGE_SRC := tools/triage.c util/triage.c util/klog.c util/json.c util/hex.c util/file.c
$(B)/plain/rdmaneg-triage: $(TRIAGE_SRC) $(wildcard util/*.h)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g -Iutil \
		$(TRIAGE_SRC) -o $@

$(B)/asan/triage-unit: tests/triage_unit.c util/triage.c util/klog.c util/json.c util/hex.c util/file.c \
		$(wildcard util/*.h)
	@mkdir -p $(@D)
	$(CLANG) -std=gnu11 -Wall -Wextra -Werror -O1 -g $(SAN) -Iutil -Itests \
		tests/triage_unit.c util/triage.c util/klog.c util/json.c util/hex.c util/file.c -o $@

$(B)/asan/apidoc-unit: tests/apidoc_unit.c util/apidoc.c util/apidoc.h tests/check.h
	@mkdir -p $(@D)
	$(CLANG) -std=c11 -Wall -Wextra -Werror -O1 -g $(SAN) -Iutil -Itests \
		tests/apidoc_unit.c util/apidoc.c -o $@

# ---- make test's timing table (tools/test-times/; docs/benchmarks.md) ----
TIMES_SRC := tools/test-times/main.c tools/test-times/times.c util/file.c
$(B)/plain/rdmaneg-test-times: $(TIMES_SRC) tools/test-times/times.h util/file.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g -Iutil -Itools/test-times \
		$(TIMES_SRC) -lm -o $@

$(B)/asan/times-unit: tests/times_unit.c tools/test-times/times.c tools/test-times/times.h tests/check.h
	@mkdir -p $(@D)
	$(CLANG) -std=gnu11 -Wall -Wextra -Werror -O1 -g $(SAN) -Itools/test-times -Itests \
		tests/times_unit.c tools/test-times/times.c -lm -o $@

# make test, then its per-suite table beside the previous run's
bench-tests: deps-test
	@tools/run-tests.sh; rc=$$?; echo; \
	if [ -f $(B)/test-logs/times.prev.json ]; then \
		$(B)/plain/rdmaneg-test-times compare $(B)/test-logs/times.prev.json $(B)/test-logs/times.json; \
	else echo "bench-tests: no previous run to compare with"; \
		$(B)/plain/rdmaneg-test-times compare $(B)/test-logs/times.json; fi; exit $$rc
