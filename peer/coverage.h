/*
 * coverage: the debug kernel's arcs (make live-kernel), as rdmaneg-peer
 * reads them from debugfs after each case (--gcov DIR): every .gcda file
 * under DIR, one bitmap over all of them, and the arcs no case had
 * reached before. The guided mode (--guided) keeps the inputs that
 * reached new arcs.
 */
#ifndef RDMANEG_PEER_COVERAGE_H
#define RDMANEG_PEER_COVERAGE_H

#include <stddef.h>
#include <stdint.h>

#define RDMANEG_PEER_COV_FILES 128
#define RDMANEG_PEER_COV_BYTES 16384 /* up to 131072 arcs */

struct rdmaneg_peer_cov {
	char path[RDMANEG_PEER_COV_FILES][320];
	size_t off[RDMANEG_PEER_COV_FILES];  /* first bit of each file (a multiple of 8) */
	size_t arcs[RDMANEG_PEER_COV_FILES]; /* its arc counters */
	size_t nfiles, bits;		     /* bits: the bitmap's, each file rounded up to 8 */
	size_t narcs;			     /* arc counters over every file */
	size_t total; /* arcs ever reached, the boot's first sample included */
	uint8_t acc[RDMANEG_PEER_COV_BYTES], cur[RDMANEG_PEER_COV_BYTES];
};

/*
 * Finds every .gcda file under dir (sorted by path, symlinks not
 * followed), lays out their arcs and takes the first sample: what the
 * boot reached before the first case counts as reached. 0, or -1 with why
 * in err (no file, too many files or arcs, a file that does not parse).
 */
int rdmaneg_peer_cov_open(struct rdmaneg_peer_cov *c, const char *dir, char *err, size_t cap);

/* Reads every file again: the arcs reached since the last sample that
 * no sample had, added to total; -1 (err says why) when a file can no
 * longer be read or changed its layout. */
long rdmaneg_peer_cov_sample(struct rdmaneg_peer_cov *c, char *err, size_t cap);

#endif
