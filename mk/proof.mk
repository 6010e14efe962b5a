# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/proof.mk: the Frama-C proof and its controls (included by the Makefile, in order)
# ---- proof (tools/proof.sh; docs/proof.md): Frama-C WP and Eva on src/ ----
$(B)/plain/rdmaneg-proof-report: $(call flavour_objs,tool,tools/proof-report.c util/file.c)
	@mkdir -p $(@D)
	$(CC) $^ -o $@

# why3's prover list is machine state: detected once into our own config
$(B)/proof/why3.conf:
	@mkdir -p $(@D)
	WHY3CONFIG=$@.tmp why3 config detect >$@.log 2>&1 || { cat $@.log; rm -f $@.tmp; exit 1; }
	mv $@.tmp $@

proof:
	@PLANT="$(PLANT)" tools/proof.sh

# its negative controls: planted bugs must leave goals unproved
proof-control:
	@tools/proof-control.sh
