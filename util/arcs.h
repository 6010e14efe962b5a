/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * arcs: the debug kernel's arcs (make live-kernel), as the hostile peers
 * (rdmaneg-peer --gcov, rdmaneg-live nfs-client --gcov) read them from
 * debugfs after each case: every .gcda file under a directory, one bitmap
 * over all of them, and the arcs no case had reached before. Their guided
 * modes keep the inputs that reached new arcs.
 */
#ifndef RDMANEG_ARCS_H
#define RDMANEG_ARCS_H

#include <stddef.h>
#include <stdint.h>

#define RDMANEG_ARCS_FILES 128
#define RDMANEG_ARCS_BYTES 16384 /* up to 131072 arcs */

struct rdmaneg_arcs {
	char path[RDMANEG_ARCS_FILES][320];
	size_t off[RDMANEG_ARCS_FILES];	 /* first bit of each file (a multiple of 8) */
	size_t arcs[RDMANEG_ARCS_FILES]; /* its arc counters */
	size_t nfiles, bits;		 /* bits: the bitmap's, each file rounded up to 8 */
	size_t narcs;			 /* arc counters over every file */
	size_t total;			 /* arcs ever reached, the boot's first sample included */
	uint8_t acc[RDMANEG_ARCS_BYTES], cur[RDMANEG_ARCS_BYTES];
	uint8_t fresh[RDMANEG_ARCS_BYTES]; /* the last sample's arcs that acc lacked */
	char scope[512];		   /* the path parts a file must hold, or "" */
};

/*
 * Finds every .gcda file under dir (sorted by path, symlinks not
 * followed) whose path holds one of the comma-separated parts of scope
 * (NULL or "": every file), lays out their arcs and takes the first
 * sample: what the boot reached before the first case counts as reached.
 * Reading only the files in scope is what keeps a sample cheap (debugfs
 * builds each file anew on every read). 0, or -1 with why in err (no
 * file, too many files or arcs, a file that does not parse).
 */
int rdmaneg_arcs_open(struct rdmaneg_arcs *c, const char *dir, const char *scope, char *err,
		      size_t cap);

/* Reads every file again: the arcs reached since the last sample that
 * no sample had (also left in fresh), added to total; -1 (err says why)
 * when a file can no longer be read or changed its layout. */
long rdmaneg_arcs_sample(struct rdmaneg_arcs *c, char *err, size_t cap);

#endif
