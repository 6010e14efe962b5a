// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <rdmaneg/errors.h>

/* A switch over the list (errors.h): every answer is a string literal. */
const char *rdmaneg_status_name(int status)
{
	switch (status) {
#define NAME(sym, val, name, text) \
	case (val): \
		return (name);
		RDMANEG_STATUS_LIST(NAME)
#undef NAME
	default:
		return "unknown";
	}
}

const char *rdmaneg_strerror(int status)
{
	switch (status) {
#define TEXT(sym, val, name, text) \
	case (val): \
		return (text);
		RDMANEG_STATUS_LIST(TEXT)
#undef TEXT
	default:
		return "unknown status";
	}
}
