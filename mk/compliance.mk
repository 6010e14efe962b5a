# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/compliance.mk: the clause registry (spec/) and make compliance
# (included by the Makefile; docs/compliance.md)
CLAUSES_SRC := tools/clauses/main.c tools/clauses/clauses.c tools/clauses/compliance.c util/file.c util/json.c util/hex.c \
	util/html.c util/verb.c
$(B)/plain/rdmaneg-clauses: $(call flavour_objs,tool,$(CLAUSES_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@

$(B)/asan/clauses-unit: $(call flavour_objs,tool-asan,tests/clauses_unit.c tools/clauses/clauses.c \
		tools/clauses/compliance.c util/json.c util/hex.c util/html.c)
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# the specs the registry is extracted from, in its order: FILE, or
# FILE@SECTION for that section only (RFC 5044: its connection setup, the
# part the core implements); one list, make clauses and the check share it
SPECS := spec/rfc8797.txt spec/draft-ietf-nfsv4-rpcrdma-cm-pvt-data-01.txt spec/rfc6581.txt \
	spec/rfc5044.txt@7 spec/rfc4296.txt

# spec/clauses.tsv again from the specs (review the diff, then commit it)
clauses: $(B)/plain/rdmaneg-clauses
	$< extract $(SPECS) >spec/clauses.tsv.part && mv spec/clauses.tsv.part spec/clauses.tsv
	@echo "clauses: spec/clauses.tsv: $$(grep -vc '^#' spec/clauses.tsv) clauses"

.PHONY: clauses

# the files whose citations count: every check's and the core's (the
# extractor's own sources and tests hold example ids, not citations)
COMPLIANCE_FILES = $(shell git ls-files --cached --others --exclude-standard -- include src plants oracle rules cli man util \
	tools fuzz properties live peer tests proof examples | \
	grep -vE '^tools/clauses/|^tests/clauses(_unit\.c|\.sh)$$|\.(gz|pcap|log|bin|tar)$$|^tests/[^/]+/')
COMPLIANCE_REGISTRY := spec/clauses.tsv,spec/nvme-rdma.tsv,spec/ms-smbd.tsv,spec/iser-a12.tsv,spec/ibcm-c12.tsv,spec/roce-a17.tsv

# make compliance: the registry checked against its specs, every citation
# tallied, the latest make test and make live-adversarial results read
# and make live-nvme, live-nfs, live-iser, live-smbd and live-roce reports (when
# present), build/compliance/{compliance.json,compliance.md,index.html}
# written, and the page rendered in headless Chromium
compliance: deps-compliance $(B)/plain/rdmaneg-clauses
	@$(B)/plain/rdmaneg-clauses check spec/clauses.tsv $(SPECS)
	@mkdir -p $(B)/compliance
	@t=; s=; \
	if [ -f $(B)/test-logs/times.json ]; then t="--tests $(B)/test-logs/times.json"; \
	else echo "compliance: no make test results ($(B)/test-logs/times.json): core and oracle not exercised"; fi; \
	if [ -f $(B)/live/adversarial/results.jsonl ]; then s="--siw $(B)/live/adversarial/results.jsonl"; \
	else echo "compliance: no make live-adversarial results: siw not exercised"; fi; \
	for l in $$($(B)/plain/rdmaneg-clauses suites); do \
		if [ -f $(B)/live-$$l/report.json ]; then s="$$s --$$l $(B)/live-$$l/report.json"; \
		else echo "compliance: no make live-$$l report: its two Linux ends not exercised"; fi; \
	done; \
	$(B)/plain/rdmaneg-clauses report $(COMPLIANCE_REGISTRY) spec/untestable.tsv $(B)/compliance \
		$$t $$s $(COMPLIANCE_FILES)
	@tests/compliance-page.sh $(B)/compliance/index.html
	@echo "compliance: $(B)/compliance/compliance.json, compliance.md, index.html"

deps-compliance:
	@tools/deps.sh compliance

.PHONY: compliance deps-compliance
