/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * key: what a suite of make test read, as one hash. Each input is a path
 * or a glob: a file counts by its content, a folder by every name and file
 * under it, a built program (an ELF file) by the sections it loads (its
 * code and data: debug information and the build ID, which change with a
 * line moved in a function the program never links, do not count), and a
 * path that does not exist, or a glob that matches nothing, by its name
 * alone, so that its appearance changes the key.
 */
#ifndef RDMANEG_KEY_H
#define RDMANEG_KEY_H

#include "util/sha256.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum rdmaneg_key_kind {
	RDMANEG_KEY_ABSENT,
	RDMANEG_KEY_FILE,
	RDMANEG_KEY_ELF,
	RDMANEG_KEY_DIR,
};

/*
 * Adds the ELF64 image elf[0..len) to s by its loaded sections (SHF_ALLOC:
 * name, address, size and, unless SHT_NOBITS, content), less the build ID
 * note. Returns false when the image is not a well-formed little-endian
 * ELF64 (every offset and size is checked against len); s is then
 * unchanged.
 */
bool rdmaneg_key_elf(struct rdmaneg_sha256 *s, const uint8_t *elf, size_t len);

/*
 * Adds one input to s: a path (a file, a folder, an ELF program, or
 * absent) or a glob (each match in order, or the pattern when none).
 * *kind tells what the path was (a glob: its first match). Returns 0, or
 * -1 with a message in err when a file exists but cannot be read.
 */
int rdmaneg_key_input(struct rdmaneg_sha256 *s, const char *input, enum rdmaneg_key_kind *kind,
		      char *err, size_t errlen);

/*
 * Adds the environment variables that can change a suite's verdict: the
 * toolchain (PATH, CC, CLANG, OPT, CI, RDMANEG_TOOLCHAIN...) and the
 * settings of the project's own tools (PROPS_*, MUTANTS_*, OSSFUZZ_*...),
 * sorted by name. env is a NULL-terminated "NAME=value" list (environ).
 */
void rdmaneg_key_env(struct rdmaneg_sha256 *s, char *const *env);

/* Whether NAME (up to '=' or its end) is one of those variables. */
bool rdmaneg_key_env_counts(const char *name);

#endif
