// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* smbd_ref: the oracle's reading (see smbd_ref.h) */
#include "oracle/smbd_ref.h"

uint32_t rdmaneg_ref_smbd_le(const uint8_t *buf, size_t off, size_t w)
{
	uint32_t v = 0;

	/* [ms-smbd#2.2.1-1] [ms-smbd#2.2.2-1]: every field little-endian */
	for (size_t i = w; i > 0; i--)
		v = v * 256u + buf[off + i - 1];
	return v;
}

unsigned rdmaneg_ref_smbd_server(const uint8_t *buf, size_t len)
{
	/* [ms-smbd#3.1.5.6-1] */
	if (len < 20)
		return RDMANEG_SMBD_TERMINATE;
	/* [ms-smbd#3.1.5.6-2]: the range MinVersion..MaxVersion holds 0x0100 */
	if (!(rdmaneg_ref_smbd_le(buf, 0, 2) <= 0x0100 && 0x0100 <= rdmaneg_ref_smbd_le(buf, 2, 2)))
		return RDMANEG_SMBD_NOT_SUPPORTED;
	/* [ms-smbd#3.1.5.6-3] */
	if (rdmaneg_ref_smbd_le(buf, 6, 2) == 0 || rdmaneg_ref_smbd_le(buf, 12, 4) < 128 ||
	    rdmaneg_ref_smbd_le(buf, 16, 4) < 131072)
		return RDMANEG_SMBD_TERMINATE;
	return RDMANEG_SMBD_RESPOND;
}

unsigned rdmaneg_ref_smbd_client(const uint8_t *buf, size_t len, uint32_t own)
{
	unsigned d = 0;

	/* [ms-smbd#3.1.5.7-1] */
	if (len < 32)
		return RDMANEG_SMBD_D_SHORT;
	/* [ms-smbd#3.1.5.7-2] */
	d |= rdmaneg_ref_smbd_le(buf, 4, 2) != 0x0100 ? RDMANEG_SMBD_D_VERSION : 0u;
	/* [ms-smbd#3.1.5.7-4]: CreditsRequested at 8, CreditsGranted at 10 */
	d |= rdmaneg_ref_smbd_le(buf, 8, 2) == 0 || rdmaneg_ref_smbd_le(buf, 10, 2) == 0
		     ? RDMANEG_SMBD_D_CREDITS
		     : 0u;
	/* [ms-smbd#3.1.5.7-3]: MaxReceiveSize at 24, MaxFragmentedSize at 28 */
	d |= rdmaneg_ref_smbd_le(buf, 24, 4) < 128 ? RDMANEG_SMBD_D_RECEIVE : 0u;
	d |= rdmaneg_ref_smbd_le(buf, 28, 4) < 131072 ? RDMANEG_SMBD_D_FRAGMENTED : 0u;
	/* [ms-smbd#3.1.5.7-5]: PreferredSendSize at 20 */
	d |= rdmaneg_ref_smbd_le(buf, 20, 4) > own ? RDMANEG_SMBD_D_PREFERRED : 0u;
	/* [ms-smbd#3.1.5.7-6]: Status at 12 */
	d |= rdmaneg_ref_smbd_le(buf, 12, 4) != 0 ? RDMANEG_SMBD_D_STATUS : 0u;
	return d;
}
