/* file: read a whole file into memory, for the host-side tools. */
#ifndef RDMANEG_FILE_H
#define RDMANEG_FILE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Reads at most max octets of path into a new NUL-terminated buffer (the
 * caller frees it) and sets *len. *more (when not NULL) tells whether the
 * file held more than max octets. NULL when the file cannot be opened or
 * read, or memory runs out.
 */
char *rdmaneg_read_file(const char *path, size_t max, size_t *len, bool *more);

#endif
