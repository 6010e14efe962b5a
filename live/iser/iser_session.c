// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The iSCSI messages of make live-iser's session cases (pure; declared in
 * live/iser/iser.h): Login Requests, the judgement of a Login Response,
 * and a Logout Request, each behind the iSER header that
 * isert reads first (ib_isert.h struct iser_ctrl: flags, reserved, the
 * write and read STags and addresses, all zero here).
 */
#include "live/iser/iser.h"

#include "util/be.h"

#include <stdbool.h>
#include <string.h>

#define ISER_ISCSI_CTRL 0x10 /* iser_ctrl.flags: an iSCSI control-type PDU */
#define OP_IMMEDIATE 0x40
#define OP_LOGIN 0x03
#define OP_LOGIN_RSP 0x23
#define OP_LOGOUT 0x06
#define F_TRANSIT 0x80 /* Login: T; Logout: the final bit */
#define NSG(f) ((f)&3)
#define OPERATIONAL 1
#define FULL_FEATURE 3

static const char login_keys[] = "InitiatorName=" LIVE_ISER_INITIATOR_IQN "\0"
				 "TargetName=" LIVE_ISER_IQN "\0"
				 "SessionType=Normal\0";

/* the iSER header and a zeroed basic header segment with data of dlen
 * octets (padded to 4): the message's length, or 0 when cap is short */
static size_t frame(uint8_t *out, size_t cap, size_t dlen)
{
	size_t len = LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN + ((dlen + 3) & ~(size_t)3);

	if (len > cap || dlen > 0xffffff)
		return 0;
	memset(out, 0, len);
	out[0] = ISER_ISCSI_CTRL;
	out[LIVE_ISER_CTRL_LEN + 5] = (uint8_t)(dlen >> 16);
	out[LIVE_ISER_CTRL_LEN + 6] = (uint8_t)(dlen >> 8);
	out[LIVE_ISER_CTRL_LEN + 7] = (uint8_t)dlen;
	return len;
}

/* a Login Request of the session's one login (the same ISID, ITT 0,
 * CmdSN 1 in each) with keys[0..dlen-1], after a response's StatSN */
static size_t login(const char *keys, size_t dlen, uint32_t exp_stat_sn, uint8_t *out, size_t cap)
{
	size_t len = frame(out, cap, dlen);
	uint8_t *b = out + LIVE_ISER_CTRL_LEN;
	/* ISID: the random format (T 10b), a fixed qualifier */
	static const uint8_t isid[6] = { 0x80, 0x00, 0x72, 0x64, 0x6d, 0x6e };

	if (!len)
		return 0;
	b[0] = OP_IMMEDIATE | OP_LOGIN;
	b[1] = F_TRANSIT | OPERATIONAL << 2 | FULL_FEATURE;
	memcpy(b + 8, isid, sizeof(isid));
	rdmaneg_be32_put(b + 24, 1); /* CmdSN; ITT, CID and TSIH 0 */
	rdmaneg_be32_put(b + 28, exp_stat_sn);
	memcpy(b + LIVE_ISER_BHS_LEN, keys, dlen);
	return len;
}

size_t live_iser_login_request(uint8_t *out, size_t cap)
{
	/* the keys with their terminating NULs, not the string's own */
	return login(login_keys, sizeof(login_keys) - 1, 0, out, cap);
}

/* whether s[0..n-1] is one of names[0..count-1] */
static bool named(const char *const *names, size_t count, const char *s, size_t n)
{
	for (size_t i = 0; i < count; i++)
		if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
			return true;
	return false;
}

/* keys only the target declares (RFC 7143 13.9, 13.10), and answers that
 * say no value was chosen (RFC 7143 6.2): neither is answered */
static const char *const declared[] = { "TargetPortalGroupTag", "TargetAlias", "TargetAddress" };
static const char *const no_value[] = { "NotUnderstood", "Irrelevant", "Reject" };

size_t live_iser_login_next(const uint8_t *m, size_t len, uint8_t *out, size_t cap)
{
	const uint8_t *b = m + LIVE_ISER_CTRL_LEN;
	const char *d = (const char *)b + LIVE_ISER_BHS_LEN;
	char keys[LIVE_ISER_KEYS_MAX];
	size_t dlen, at = 0, n = 0;

	if (len < LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN)
		return 0;
	dlen = (size_t)b[5] << 16 | (size_t)b[6] << 8 | b[7];
	if (dlen > len - LIVE_ISER_CTRL_LEN - LIVE_ISER_BHS_LEN)
		dlen = len - LIVE_ISER_CTRL_LEN - LIVE_ISER_BHS_LEN;
	/* each whole "key=value" NUL: the key and its value, or the first
	 * of a list of them */
	for (const char *nul; at < dlen && (nul = memchr(d + at, 0, dlen - at));
	     at = (size_t)(nul - d) + 1) {
		const char *k = d + at, *eq = memchr(k, '=', (size_t)(nul - k)), *v, *comma;
		size_t kl, vl;

		if (!eq)
			continue;
		kl = (size_t)(eq - k);
		v = eq + 1;
		comma = memchr(v, ',', (size_t)(nul - v));
		vl = (size_t)((comma ? comma : nul) - v);
		if (!kl || !vl || named(declared, sizeof(declared) / sizeof(declared[0]), k, kl) ||
		    named(no_value, sizeof(no_value) / sizeof(no_value[0]), v, vl))
			continue;
		if (n + kl + vl + 2 > sizeof(keys))
			return 0;
		memcpy(keys + n, k, kl + 1);
		memcpy(keys + n + kl + 1, v, vl);
		keys[n + kl + 1 + vl] = 0;
		n += kl + vl + 2;
	}
	return login(keys, n, rdmaneg_be32_get(b + 24) + 1, out, cap);
}

long live_iser_login_outcome(const uint8_t *m, size_t len, uint32_t *stat_sn, uint32_t *exp_cmd_sn)
{
	const uint8_t *b = m + LIVE_ISER_CTRL_LEN;

	if (len < LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN || (m[0] & 0xf0) != ISER_ISCSI_CTRL ||
	    (b[0] & 0x3f) != OP_LOGIN_RSP)
		return -1;
	*stat_sn = rdmaneg_be32_get(b + 24);
	*exp_cmd_sn = rdmaneg_be32_get(b + 28);
	if (b[36] || b[37])
		return (long)b[36] << 8 | b[37];
	if (!(b[1] & F_TRANSIT) || NSG(b[1]) != FULL_FEATURE)
		return 0x10000;
	return 0;
}

size_t live_iser_logout_request(uint32_t stat_sn, uint32_t exp_cmd_sn, uint8_t *out, size_t cap)
{
	size_t len = frame(out, cap, 0);
	uint8_t *b = out + LIVE_ISER_CTRL_LEN;

	if (!len)
		return 0;
	b[0] = OP_IMMEDIATE | OP_LOGOUT;
	b[1] = F_TRANSIT;	     /* reason 0: close the session */
	rdmaneg_be32_put(b + 16, 1); /* ITT: the login's was 0 */
	rdmaneg_be32_put(b + 24, exp_cmd_sn);
	rdmaneg_be32_put(b + 28, stat_sn + 1);
	return len;
}
