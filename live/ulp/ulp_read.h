/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The pure half of the ULP suites (make live-smbd, make live-iser): their
 * console lines read back, the ULP's first messages found in the captured
 * segments, and the verdict rows both suites print and write as JSON.
 */
#ifndef RDMANEG_LIVE_ULP_READ_H
#define RDMANEG_LIVE_ULP_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_ULP_TOKENS 24
#define LIVE_ULP_BYTES 96 /* an octet string of a line, at most */

/* A line's space-separated words (the line is copied; at most
 * LIVE_ULP_TOKENS of them). */
struct live_ulp_words {
	char buf[1024];
	const char *w[LIVE_ULP_TOKENS];
	size_t n;
};

/* Splits p[0..n-1]; false when it is too long or has too many words. */
bool live_ulp_split(const char *p, size_t n, struct live_ulp_words *w);

/* An octet string of a line: "LEN HEX" at words k and k + 1 ("LEN -" for
 * none). len is what was sent or seen, b its first octets (kept). */
struct live_ulp_bytes {
	size_t len, kept;
	uint8_t b[LIVE_ULP_BYTES];
};

/* Reads words k and k+1 into *o; false when malformed. */
bool live_ulp_bytes(const struct live_ulp_words *w, size_t k, struct live_ulp_bytes *o);

/* One connection of a data check, as its captured segments show it:
 * the MPA Request's and Reply's ULP private data, and the payload of the
 * first untagged Send each way (the ULP's first message). */
struct live_ulp_conn {
	unsigned client_port;
	bool have_req, have_rep, rejected, have_cmsg, have_smsg;
	struct live_ulp_bytes req, rep, cmsg, smsg;
};

#define LIVE_ULP_CONNS 8

struct live_ulp_capture {
	struct live_ulp_conn conn[LIVE_ULP_CONNS];
	size_t nconn;
	unsigned frames, bad;
};

/* Reads one "SPORT DPORT HEX" capture line of the server port port into
 * cap. */
void live_ulp_frame(struct live_ulp_capture *cap, unsigned port, const char *p, size_t n);

/* The payload of the first untagged Send (RFC 5041 section 4.3, RFC 5040 section 4.2)
 * among the FPDUs (RFC 5044 section 4.1) that start at seg[0]; false for none
 * (the segment is cut at CAPTURE_KEEP octets: a long FPDU is none). */
bool live_ulp_first_send(const uint8_t *seg, size_t len, const uint8_t **payload, size_t *plen);

/* One verdict row: an implementation against one clause in one case. */
enum live_ulp_verdict { LIVE_ULP_CONFORMS, LIVE_ULP_DIVERGES, LIVE_ULP_MEASURED, LIVE_ULP_MISSING };

struct live_ulp_rows {
	FILE *out, *json;
	bool json_first;
	unsigned n[4];
	unsigned core_wrong;
	unsigned malformed; /* result lines a row could not be read from */
	/* hostile-server cases that no connection request reached: their
	 * rows measured nothing (missing), the first one named */
	unsigned unreached;
	char first_unreached[64], first_client[16];
};

void live_ulp_rows_begin(struct live_ulp_rows *r, FILE *out, FILE *json, const char *suite);
/* A row: out gets a table line, json one object a line. */
void live_ulp_row(struct live_ulp_rows *r, const char *impl, const char *name, const char *clause,
		  const char *expect, const char *got, enum live_ulp_verdict v, const char *note);
/* A hostile server's case (impl's row, case name) that no connection
 * request reached, its client's end as the result line gives it: a
 * missing row, counted in r->unreached. */
void live_ulp_unreached(struct live_ulp_rows *r, const char *impl, const char *name,
			const char *clause, const char *client);
/* Closes the JSON with the tally; prints it, and when cases went
 * unreached, how many and the first. */
void live_ulp_rows_end(struct live_ulp_rows *r);
const char *live_ulp_verdict_name(enum live_ulp_verdict v);

/*
 * One ULP suite's console grammar and judges. The guest prints TAG_STEP
 * NAME ok|failed..., TAG_DONE and TAG_FRAME SPORT DPORT HEX for its data
 * check, TAG_CASE ROLE NAME before each hostile case, then the case's
 * result line, tagged result[0] or result[1] (the roles, in the order
 * they run; result[1]_END ends the run).
 */
struct live_ulp_suite {
	const char *name; /* "smbd": the report's last line */
	const char *tag;  /* "LIVE_SMBD" */
	const char *ends; /* the data check's two ends, for its title */
	unsigned port;	  /* the server's, in the capture */
	const char *result[2];
	size_t words[2]; /* each result line's words after its tag */
	void (*row[2])(struct live_ulp_rows *r, const struct live_ulp_words *w);
	void (*data)(struct live_ulp_rows *r, const struct live_ulp_capture *cap, bool *ok);
	/* case i's name and role; false past the last */
	bool (*case_at)(size_t i, char *name, size_t cap, const char **role);
	long (*index)(const char *name);
};

struct live_ulp_tally {
	unsigned begun, ended;
	bool data_run, data_ok, data_died; /* died: no end line, the guest died in it */
};

/* Judges console con[0..len-1]: the data check's rows (when it ran),
 * every case's row and the tally to out, the rows as JSON to json (may
 * be NULL). 0 when the data check (if run) passed with its exchange
 * judged or the guest died in it (a finding, as a case that kills the
 * guest is), no result line is malformed and the core agreed with the
 * oracle; 1 otherwise. */
int live_ulp_report(const struct live_ulp_suite *s, const char *con, size_t len, FILE *out,
		    FILE *json, struct live_ulp_tally *t);

/* The console with every kernel record that cut one of the guest's lines
 * taken out ("LIVE_SMBDC c-fra[   36.957303] ksmbd: ...\ngmented-..."
 * becomes "LIVE_SMBDC c-fragmented-..."), in place: the new length. The
 * guest's lines and the kernel's share the serial console. */
size_t live_ulp_untangle(char *con, size_t len);

/* Where a boot died, from its console: "NEXT NAME" in or after case NAME
 * (NEXT: the index after it), "data" in a step after the first role's
 * last case (the data check, or the second role's setup), "done" when
 * the second role ended, "none" when no case began. */
void live_ulp_next(const struct live_ulp_suite *s, const char *con, size_t len, FILE *out);

#endif
