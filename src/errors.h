/* rdmaneg: status codes shared by every module. */
#ifndef RDMANEG_ERRORS_H
#define RDMANEG_ERRORS_H

/* Every function in the core returns one of these; 0 is success. */
enum rdmaneg_status {
	RDMANEG_OK = 0,
	RDMANEG_E_INVAL = 1,          /* NULL pointer or argument out of range */
	RDMANEG_E_NOSPACE = 2,        /* output buffer too small */
	RDMANEG_E_SIZE_TOO_SMALL = 3, /* local size below 1024 (RFC 8797 4.2) */
	RDMANEG_E_CONFIG = 4,         /* inconsistent local MPA configuration */
	RDMANEG_E_MPA_SHORT = 5,      /* fewer than 20 octets of header */
	RDMANEG_E_MPA_KEY = 6,        /* key is neither Request nor Reply */
	RDMANEG_E_MPA_REV0 = 7,       /* Rev 0 (RFC 5044 7.1) */
	RDMANEG_E_MPA_REV_UNKNOWN = 8,/* Rev above 2: cannot interpret */
	RDMANEG_E_MPA_PD_TOO_LONG = 9,/* PD_Length > 512 (RFC 5044 7.1) */
	RDMANEG_E_MPA_PD_TRUNC = 10,  /* PD_Length beyond the octets given */
	RDMANEG_E_MPA_S_REV = 11,     /* S=1 with Rev < 2 (RFC 6581 6) */
	RDMANEG_E_MPA_S_SHORT = 12,   /* S=1 with PD_Length < 4 (RFC 6581 9) */
	RDMANEG_E_MPA_RANGE = 13,     /* IRD/ORD above 0x3FFF */
	RDMANEG_E_MPA_FLAGS = 14      /* A=0 with B, C or D set (RFC 6581 9.2) */
};

#define RDMANEG_STATUS_MAX 14

/* Short stable name, e.g. "mpa_pd_too_long"; never NULL. */
/*@ assigns \result \from status;
    ensures \result != \null;
*/
const char *rdmaneg_status_name(int status);
/* One-line human description; never NULL. */
/*@ assigns \result \from status;
    ensures \result != \null;
*/
const char *rdmaneg_strerror(int status);

#endif
