#include "errors.h"

#include <stddef.h>

struct status_text {
	const char *name;
	const char *text;
};

static const struct status_text status_table[RDMANEG_STATUS_MAX + 1] = {
	{ "ok", "success" },
	{ "inval", "invalid argument" },
	{ "nospace", "output buffer too small" },
	{ "size_too_small", "size below the 1024-octet minimum (RFC 8797 sec. 4.2)" },
	{ "config", "inconsistent local IRD/ORD/RTR configuration" },
	{ "mpa_short", "MPA frame shorter than its 20-octet header" },
	{ "mpa_key", "MPA key is neither \"MPA ID Req Frame\" nor \"MPA ID Rep Frame\"" },
	{ "mpa_rev0", "MPA Rev is 0 (RFC 5044 sec. 7.1)" },
	{ "mpa_rev_unknown", "MPA Rev above 2 cannot be interpreted (RFC 5044 sec. 7.1)" },
	{ "mpa_pd_too_long", "MPA PD_Length above 512 (RFC 5044 sec. 7.1)" },
	{ "mpa_pd_truncated", "MPA PD_Length runs past the end of the frame" },
	{ "mpa_s_rev", "MPA S=1 requires Rev 2 or higher (RFC 6581 sec. 6)" },
	{ "mpa_s_short", "MPA S=1 requires PD_Length of at least 4 (RFC 6581 sec. 9)" },
	{ "mpa_range", "IRD or ORD above 0x3FFF (RFC 6581 sec. 9)" },
	{ "mpa_flags", "control flag A=0 with B, C or D set (RFC 6581 sec. 9.2)" },
};

static const struct status_text *lookup(int status)
{
	if (status < 0 || status > RDMANEG_STATUS_MAX)
		return NULL;
	return &status_table[status];
}

const char *rdmaneg_status_name(int status)
{
	const struct status_text *t = lookup(status);

	return t ? t->name : "unknown";
}

const char *rdmaneg_strerror(int status)
{
	const struct status_text *t = lookup(status);

	return t ? t->text : "unknown status";
}
