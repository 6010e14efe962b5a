/* live pcap: MPA frames captured on lo, decoded with the core. */
#ifndef RDMANEG_LIVE_PCAP_H
#define RDMANEG_LIVE_PCAP_H

/* Prints one LIVE_FRAME JSON line per MPA Request/Reply in the capture. */
int live_pcap(const char *path);

#endif
