// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* blame: whose finding a dirty case is (see blame.h) */
#include "live/campaign/blame.h"

#include <stdio.h>
#include <string.h>

#include "util/casename.h"

const struct rdmaneg_splat *campaign_first_splat(const char *seg, size_t n)
{
	static struct rdmaneg_splat s[4];

	return seg && rdmaneg_klog_scan(seg, n, s, 4) > 0 ? &s[0] : NULL;
}

size_t campaign_frame_line(const char *seg, size_t n, const char *agent, const char *name)
{
	char line[1024], want[RDMANEG_CASENAME_MAX + 64];
	size_t pos = 0, no = 0;
	bool named = false;

	if (!seg)
		return 0;
	while (rdmaneg_klog_line(seg, n, &pos, line, sizeof(line))) {
		const char *m = rdmaneg_klog_message(line);
		const char *sp;

		no++;
		snprintf(want, sizeof(want), "PEER_CASE %s ", agent);
		if (strncmp(m, want, strlen(want)) == 0 && (sp = strrchr(m, ' ')) &&
		    strcmp(sp + 1, name) == 0)
			named = true;
		snprintf(want, sizeof(want), "PEER_FRAME %s ", agent);
		if (named && strncmp(m, want, strlen(want)) == 0)
			return no;
	}
	return 0;
}

bool campaign_blame_earlier(const char *seg, size_t n, const char *agent, const char *name,
			    enum campaign_how how, bool before, bool has_prev)
{
	const struct rdmaneg_splat *sp;
	size_t fl;

	if (!has_prev || how == CAMPAIGN_HUNG)
		return false;
	if (before)
		return true;
	fl = campaign_frame_line(seg, n, agent, name);
	sp = campaign_first_splat(seg, n);
	if (sp)
		return fl == 0 || sp->line < fl;
	return how == CAMPAIGN_DIED && fl == 0;
}
