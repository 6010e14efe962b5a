// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/ibcm_name.h"

#include <rdmaneg/ibcm.h>

#include <string.h>

/* [ibcm-c12#mad-1]: the messages by attribute ID, 0x10..0x1A */
static const char *const messages[] = { "req",	"mra",	    "rej",	"rep", "rtu", "dreq",
					"drep", "sidr-req", "sidr-rep", "lap", "apr" };
#define N_MESSAGES (sizeof(messages) / sizeof(messages[0]))

const char *rdmaneg_ibcm_message_name(unsigned attr)
{
	return attr >= RDMANEG_IBCM_REQ && attr - RDMANEG_IBCM_REQ < N_MESSAGES
		       ? messages[attr - RDMANEG_IBCM_REQ]
		       : NULL;
}

unsigned rdmaneg_ibcm_message_attr(const char *name)
{
	for (size_t i = 0; name && i < N_MESSAGES; i++)
		if (strcmp(name, messages[i]) == 0)
			return RDMANEG_IBCM_REQ + (unsigned)i;
	return 0;
}
