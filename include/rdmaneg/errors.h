/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* rdmaneg: status codes shared by every module. */
#ifndef RDMANEG_ERRORS_H
#define RDMANEG_ERRORS_H

/* Every status of the core, once: X(symbol, value, name, text). The
 * enum, rdmaneg_status_name() and rdmaneg_strerror() are made from it. */
#define RDMANEG_STATUS_LIST(X) \
	X(RDMANEG_OK, 0, "ok", "success") \
	/* NULL pointer or argument out of range */ \
	X(RDMANEG_E_INVAL, 1, "inval", "invalid argument") \
	X(RDMANEG_E_NOSPACE, 2, "nospace", "output buffer too small") \
	X(RDMANEG_E_SIZE_TOO_SMALL, 3, "size_too_small", \
	  "size below the 1024-octet minimum ([rfc8797#4.2])") \
	X(RDMANEG_E_CONFIG, 4, "config", "inconsistent local IRD/ORD/RTR configuration") \
	X(RDMANEG_E_MPA_SHORT, 5, "mpa_short", "MPA frame shorter than its 20-octet header") \
	X(RDMANEG_E_MPA_KEY, 6, "mpa_key", \
	  "MPA key is neither \"MPA ID Req Frame\" nor \"MPA ID Rep Frame\"") \
	X(RDMANEG_E_MPA_REV0, 7, "mpa_rev0", "MPA Rev is 0 ([rfc5044#7.1])") \
	X(RDMANEG_E_MPA_REV_UNKNOWN, 8, "mpa_rev_unknown", \
	  "MPA Rev above 2 cannot be interpreted ([rfc5044#7.1])") \
	X(RDMANEG_E_MPA_PD_TOO_LONG, 9, "mpa_pd_too_long", \
	  "MPA PD_Length above 512 ([rfc5044#7.1])") \
	X(RDMANEG_E_MPA_PD_TRUNC, 10, "mpa_pd_truncated", \
	  "MPA PD_Length runs past the end of the frame") \
	X(RDMANEG_E_MPA_S_REV, 11, "mpa_s_rev", "MPA S=1 requires Rev 2 or higher ([rfc6581#6])") \
	X(RDMANEG_E_MPA_S_SHORT, 12, "mpa_s_short", \
	  "MPA S=1 requires PD_Length of at least 4 ([rfc6581#9])") \
	X(RDMANEG_E_MPA_RANGE, 13, "mpa_range", "IRD or ORD above 0x3FFF ([rfc6581#9])") \
	X(RDMANEG_E_MPA_FLAGS, 14, "mpa_flags", \
	  "control flag A=0 with B, C or D set ([rfc6581#9.2])") \
	X(RDMANEG_E_NVME_SHORT, 15, "nvme_short", \
	  "NVMe-oF RDMA private data shorter than its record ([nvme-rdma#fig5], 6)") \
	X(RDMANEG_E_SMBD_SHORT, 16, "smbd_short", \
	  "SMB Direct negotiate message shorter than its 20 or 32 octets ([ms-smbd#2.2.1])")

/* Every function in the core returns one of these; 0 is success. */
#define RDMANEG_STATUS_ENUM(sym, val, name, text) sym = (val),
enum rdmaneg_status { RDMANEG_STATUS_LIST(RDMANEG_STATUS_ENUM) };
#undef RDMANEG_STATUS_ENUM

#define RDMANEG_STATUS_MAX 16

/* The short stable name of status, e.g. "mpa_pd_too_long"; "unknown" for
 * a value not in RDMANEG_STATUS_LIST. Never NULL. */
/*@ assigns \nothing;
    ensures \result != \null;
*/
const char *rdmaneg_status_name(int status);
/* A one-line description of status for people; never NULL. */
/*@ assigns \nothing;
    ensures \result != \null;
*/
const char *rdmaneg_strerror(int status);

#endif
