// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The CLI's readers of untrusted input (see input.h). */
#define _POSIX_C_SOURCE 200809L

#include "cli/input.h"

#include "plants/plant.h"
#include "util/file.h"
#include "util/hex.h"
#include <rdmaneg/rdmaneg.h>

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

void rdmaneg_cli_buf_free(struct rdmaneg_cli_buf *in)
{
	free(in->buf);
	in->buf = NULL;
	in->len = 0;
}

int rdmaneg_cli_hex(const char *const *args, int n, struct rdmaneg_cli_buf *in, char *err,
		    size_t errlen)
{
	struct rdmaneg_hex h;
	size_t total = 0;

	memset(in, 0, sizeof(*in));
	for (int i = 0; i < n; i++) {
		size_t k = strlen(args[i]);

		if (k > SIZE_MAX / 2 - 1 - total)
			return fail(err, errlen, "hex input too long");
		total += k;
	}
	/* total / 2 + 1 octets hold every digit: RDMANEG_HEX_FULL cannot happen */
	in->buf = malloc(total / 2 + 1);
	if (!in->buf)
		return fail(err, errlen, "out of memory");
	in->given = true;
	rdmaneg_hex_init(&h, in->buf, total / 2 + 1);
	for (int i = 0; i < n; i++) {
		int rc = rdmaneg_hex_feed(&h, args[i]);

		if (rc != RDMANEG_HEX_OK) {
			rdmaneg_cli_buf_free(in);
			if (rc == RDMANEG_HEX_DIGIT && (unsigned char)*h.at >= 0x21 &&
			    (unsigned char)*h.at < 0x7f)
				return fail(err, errlen, "invalid hex digit '%c' in argument %d",
					    *h.at, i + 1);
			if (rc == RDMANEG_HEX_DIGIT)
				return fail(err, errlen, "invalid hex digit 0x%02x in argument %d",
					    (unsigned char)*h.at, i + 1);
			return fail(err, errlen, "hex input too long");
		}
	}
	if (!rdmaneg_hex_whole(&h)) {
		rdmaneg_cli_buf_free(in);
		return fail(err, errlen, "odd number of hex digits (%zu)", h.digits);
	}
	in->len = h.len;
	return 0;
}

int rdmaneg_cli_stream(FILE *fp, const char *name, struct rdmaneg_cli_buf *in, char *err,
		       size_t errlen)
{
	size_t n;
	bool more;
	char *buf;

	memset(in, 0, sizeof(*in));
	/* util/file.c grows its buffer as the stream does */
	buf = rdmaneg_read_stream(fp, RDMANEG_CLI_FILE_MAX, &n, &more);
	if (!buf)
		return fail(err, errlen, "cannot read %s", name);
	if (more) {
		free(buf);
		return fail(err, errlen, "%s is larger than %u octets", name, RDMANEG_CLI_FILE_MAX);
	}
	in->buf = (uint8_t *)buf;
	in->len = n;
	in->given = true;
	return 0;
}

int rdmaneg_cli_file(const char *path, struct rdmaneg_cli_buf *in, char *err, size_t errlen)
{
	FILE *fp;
	int rc;

	memset(in, 0, sizeof(*in));
	if (strcmp(path, "-") == 0)
		return rdmaneg_cli_stream(stdin, "stdin", in, err, errlen);
	fp = fopen(path, "rb");
	if (!fp)
		return fail(err, errlen, "cannot open %s: %s", path, strerror(errno));
	rc = rdmaneg_cli_stream(fp, path, in, err, errlen);
	fclose(fp);
	return rc;
}

bool rdmaneg_cli_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0)
		return false;
	if (*end != '\0') {
		unsigned long long mul;

		/* exactly these six letters: masking case with ~0x20 once made a
		 * trailing space (0x20 -> NUL) read as a tebibyte multiplier */
		switch (*end) {
		case 'K':
		case 'k':
			mul = 1024u;
			break;
		case 'M':
		case 'm':
			mul = 1024ull * 1024u;
			break;
		case 'G':
		case 'g':
			mul = 1024ull * 1024u * 1024u;
			break;
		default:
			/* the negative control of fuzz/cli_input.c: the old fold */
			if (RDMANEG_PLANTED(cli_size_mask) && *end == ' ') {
				mul = 1024ull * 1024u * 1024u * 1024u;
				break;
			}
			return false;
		}
		if (v > (unsigned long long)SIZE_MAX / mul)
			return false;
		v *= mul;
		end++;
		if (*end == 'i' && end[1] == 'B')
			end += 2;
	}
	if (*end != '\0' || v > SIZE_MAX)
		return false;
	*out = (size_t)v;
	return true;
}

bool rdmaneg_cli_uint(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno != 0 || *end != '\0' || v > max)
		return false;
	*out = v;
	return true;
}

bool rdmaneg_cli_u14(const char *s, uint16_t *out)
{
	unsigned long v;

	if (!rdmaneg_cli_uint(s, RDMANEG_MPA_NO_NEGOTIATE, &v))
		return false;
	*out = (uint16_t)v;
	return true;
}

bool rdmaneg_cli_rtr(const char *s, uint8_t *out)
{
	uint8_t set = 0;
	const char *p = s;

	if (strcmp(s, "none") == 0) {
		*out = 0;
		return true;
	}
	while (*p) {
		size_t n = strcspn(p, ",");

		if (n == 4 && strncmp(p, "send", 4) == 0)
			set |= RDMANEG_RTR_SEND;
		else if (n == 5 && strncmp(p, "write", 5) == 0)
			set |= RDMANEG_RTR_WRITE;
		else if (n == 4 && strncmp(p, "read", 4) == 0)
			set |= RDMANEG_RTR_READ;
		else
			return false;
		p += n;
		if (*p == ',' && *++p == '\0')
			return false; /* a trailing comma names nothing */
	}
	*out = set;
	return set != 0;
}
