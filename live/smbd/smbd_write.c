// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-live smbd-write: the data check's unaligned writes
 * (live/smbd/smbd-init.sh). On a cache=none cifs mount each write(2) is
 * one SMB2 WRITE from the caller's own pages; one under cifs's
 * rdma_readwrite_threshold (4096) goes inline, in SMB Direct messages of
 * MaxSendSize, and from a buffer that starts part way into a page it
 * spans two pages. A buffer's place in a page is malloc's choice, so this
 * one is placed by hand.
 */
#define _GNU_SOURCE

#include "live/smbd/smbd_live.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* n octets of fd into p, fewer only at its end; -1 on an error */
static ssize_t read_full(int fd, uint8_t *p, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, p + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/* each write(2) whole: a short one is an error, since it would be a
 * second SMB2 WRITE the caller did not ask for */
static int write_chunks(int in, int out, uint8_t *buf, size_t size, FILE *err, const char *dst)
{
	for (;;) {
		ssize_t n = read_full(in, buf, size), w;

		if (n < 0) {
			fprintf(err, "smbd-write: reading: %s\n", strerror(errno));
			return -1;
		}
		if (n == 0)
			return 0;
		do
			w = write(out, buf, (size_t)n);
		while (w < 0 && errno == EINTR);
		if (w != n) {
			fprintf(err, "smbd-write: %s: a write of %zd octets wrote %zd%s%s\n", dst,
				n, w, w < 0 ? ": " : "", w < 0 ? strerror(errno) : "");
			return -1;
		}
	}
}

int live_smbd_write(const char *src, const char *dst, size_t offset, size_t size, FILE *err)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t span;
	uint8_t *mem;
	int in, out, rc;

	if (page <= 0 || offset >= (size_t)page || size == 0 || size > LIVE_SMBD_WRITE_MAX) {
		fprintf(err, "smbd-write: OFFSET is below the page size (%ld), SIZE in 1..%d\n",
			page, LIVE_SMBD_WRITE_MAX);
		return 2;
	}
	span = (offset + size + (size_t)page - 1) / (size_t)page * (size_t)page;
	mem = aligned_alloc((size_t)page, span);
	if (!mem) {
		fprintf(err, "smbd-write: no memory for %zu octets\n", span);
		return 1;
	}
	in = open(src, O_RDONLY | O_CLOEXEC);
	if (in < 0) {
		fprintf(err, "smbd-write: %s: %s\n", src, strerror(errno));
		free(mem);
		return 1;
	}
	out = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0) {
		fprintf(err, "smbd-write: %s: %s\n", dst, strerror(errno));
		close(in);
		free(mem);
		return 1;
	}
	rc = write_chunks(in, out, mem + offset, size, err, dst) ? 1 : 0;
	if (close(out) != 0 && rc == 0) {
		fprintf(err, "smbd-write: %s: %s\n", dst, strerror(errno));
		rc = 1;
	}
	close(in);
	free(mem);
	return rc;
}
