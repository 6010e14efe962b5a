// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The CLI's readers of untrusted input (cli/input.c) against small
 * independent references: sizes with K/M/G, 0..max values in C's base-0
 * notation, RTR lists, hex arguments and -f streams. The first octet picks
 * the reader; the rest is its text. Any disagreement aborts.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli/input.h"
#include "fuzz/fuzz.h"
#include <rdmaneg/rdmaneg.h>

#include <ctype.h>
#include <stdarg.h>
#include <string.h>

#define TEXT_MAX 256u
#define ARGS_MAX 8

static void broken(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "rdmaneg fuzz target cli_input: rule broken: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* a digit's value in base 16, or -1: by its place in a table, unlike
 * the readers' arithmetic */
static int hex_value(char c)
{
	static const char digits[] = "0123456789abcdef";
	const char *at = c ? strchr(digits, tolower((unsigned char)c)) : NULL;

	return at ? (int)(at - digits) : -1;
}

/* digits, then one of K k M m G g, then "iB" only after that letter */
static bool ref_size(const char *s, size_t *out)
{
	size_t v = 0, mul = 1;

	if (!is_digit(*s))
		return false;
	for (; is_digit(*s); s++)
		if (__builtin_mul_overflow(v, (size_t)10, &v) ||
		    __builtin_add_overflow(v, (size_t)(*s - '0'), &v))
			return false;
	switch (*s) {
	case '\0':
		*out = v;
		return true;
	case 'K':
	case 'k':
		mul = (size_t)1 << 10;
		break;
	case 'M':
	case 'm':
		mul = (size_t)1 << 20;
		break;
	case 'G':
	case 'g':
		mul = (size_t)1 << 30;
		break;
	default:
		return false;
	}
	s++;
	if (s[0] == 'i' && s[1] == 'B')
		s += 2;
	if (*s != '\0' || __builtin_mul_overflow(v, mul, &v))
		return false;
	*out = v;
	return true;
}

/* C's base 0: 0x hex, a leading 0 octal, else decimal; a digit first */
static bool ref_uint(const char *s, unsigned long max, unsigned long *out)
{
	unsigned long v = 0, base = 10;

	if (!is_digit(*s))
		return false;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && hex_value(s[2]) >= 0) {
		base = 16;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	for (; *s; s++) {
		int d = hex_value(*s);

		if (d < 0 || (unsigned long)d >= base)
			return false;
		if (__builtin_mul_overflow(v, base, &v) ||
		    __builtin_add_overflow(v, (unsigned long)d, &v))
			return false;
	}
	if (v > max)
		return false;
	*out = v;
	return true;
}

/* "none", or send/write/read joined by single commas ([rfc6581#9.2]) */
static bool ref_rtr(const char *s, uint8_t *out)
{
	uint8_t set = 0;

	if (strcmp(s, "none") == 0) {
		*out = 0;
		return true;
	}
	for (;;) {
		size_t n = strcspn(s, ",");

		if (n == 4 && strncmp(s, "send", 4) == 0)
			set |= RDMANEG_RTR_SEND;
		else if (n == 5 && strncmp(s, "write", 5) == 0)
			set |= RDMANEG_RTR_WRITE;
		else if (n == 4 && strncmp(s, "read", 4) == 0)
			set |= RDMANEG_RTR_READ;
		else
			return false;
		s += n;
		if (*s == '\0')
			break;
		s++; /* the comma; an empty word after it fails above */
	}
	*out = set;
	return true;
}

static void check_size(const char *s)
{
	size_t got = 0, want = 0;
	bool ok = rdmaneg_cli_size(s, &got), ref = ref_size(s, &want);

	if (ok != ref || (ok && got != want))
		broken("size '%s': reader %s %zu, reference %s %zu", s, ok ? "took" : "refused",
		       got, ref ? "takes" : "refuses", want);
}

static void check_uint(const char *s, unsigned long max)
{
	unsigned long got = 0, want = 0;
	bool ok = rdmaneg_cli_uint(s, max, &got), ref = ref_uint(s, max, &want);
	uint16_t u14 = 0;
	bool ok14 = rdmaneg_cli_u14(s, &u14);

	if (ok != ref || (ok && got != want))
		broken("value '%s' (max %lu): reader %s %lu, reference %s %lu", s, max,
		       ok ? "took" : "refused", got, ref ? "takes" : "refuses", want);
	ref = ref_uint(s, RDMANEG_MPA_NO_NEGOTIATE, &want);
	if (ok14 != ref || (ok14 && u14 != want))
		broken("IRD/ORD '%s': reader %s %u, reference %s %lu", s, ok14 ? "took" : "refused",
		       u14, ref ? "takes" : "refuses", want);
}

static void check_rtr(const char *s)
{
	uint8_t got = 0, want = 0;
	bool ok = rdmaneg_cli_rtr(s, &got), ref = ref_rtr(s, &want);

	if (ok != ref || (ok && got != want))
		broken("RTR list '%s': reader %s %u, reference %s %u", s, ok ? "took" : "refused",
		       got, ref ? "takes" : "refuses", want);
}

/* args: the text split at newlines; hex digits pair up across them */
static void check_hex(char *text)
{
	char *args[ARGS_MAX];
	int n = 0;
	uint8_t want[TEXT_MAX / 2 + 1];
	size_t digits = 0;
	int hi = -1;
	bool ref = true;
	struct rdmaneg_cli_buf in;
	char err[RDMANEG_CLI_ERR_LEN];
	int rc;

	for (char *p = text; n < ARGS_MAX; n++) {
		args[n] = p;
		p = strchr(p, '\n');
		if (!p) {
			n++;
			break;
		}
		*p++ = '\0';
	}
	for (int i = 0; i < n && ref; i++)
		for (const char *p = args[i]; *p && ref; p++) {
			int d = hex_value(*p);

			if (d >= 0) {
				if (hi < 0) {
					hi = d;
				} else {
					want[digits / 2] = (uint8_t)(hi << 4 | d);
					hi = -1;
				}
				digits++;
			} else if (!strchr(" \t\r:", *p)) {
				ref = false;
			}
		}
	ref = ref && hi < 0;
	rc = rdmaneg_cli_hex((const char *const *)args, n, &in, err, sizeof(err));
	if ((rc == 0) != ref)
		broken("hex in %d argument(s): reader %s, reference %s", n,
		       rc == 0 ? "took it" : err, ref ? "takes it" : "refuses it");
	if (rc == 0 && (in.len != digits / 2 || (in.len && memcmp(in.buf, want, in.len) != 0)))
		broken("hex: reader decoded %zu octets, reference %zu, or other values", in.len,
		       digits / 2);
	if (rc != 0 && (in.buf || in.len || err[0] == '\0'))
		broken("hex: a refusal left octets behind or no message");
	rdmaneg_cli_buf_free(&in);
}

static void check_stream(const uint8_t *p, size_t n)
{
	struct rdmaneg_cli_buf in;
	char err[RDMANEG_CLI_ERR_LEN];
	static uint8_t copy[TEXT_MAX]; /* fmemopen wants a writable buffer */
	FILE *fp;

	if (n == 0 || n > sizeof(copy))
		return; /* fmemopen needs a buffer */
	memcpy(copy, p, n);
	fp = fmemopen(copy, n, "rb");
	if (!fp)
		return;
	if (rdmaneg_cli_stream(fp, "fuzz", &in, err, sizeof(err)) != 0)
		broken("stream of %zu octets refused: %s", n, err);
	fclose(fp);
	if (in.len != n || memcmp(in.buf, p, n) != 0)
		broken("stream: read %zu octets of %zu, or other values", in.len, n);
	rdmaneg_cli_buf_free(&in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[TEXT_MAX + 1];
	size_t n;

	if (size == 0 || size - 1 > TEXT_MAX)
		return 0;
	n = size - 1;
	memcpy(text, data + 1, n);
	text[n] = '\0'; /* a string reader sees up to the first NUL, as argv would */
	switch (data[0] % 5u) {
	case 0:
		check_size(text);
		break;
	case 1:
		check_uint(text, data[0] < 128 ? 255u : 15u);
		break;
	case 2:
		check_rtr(text);
		break;
	case 3:
		check_hex(text);
		break;
	default:
		check_stream(data + 1, n);
		break;
	}
	return 0;
}
