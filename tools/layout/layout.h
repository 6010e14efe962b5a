/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * layout: whether docs/layout.md names a file of the tree. The page is a
 * table; a row's first cell names its place (a file, a folder "dir/", or
 * several), and every `span` in backticks names something. A path is
 * named when
 *  - a span is the path, or
 *  - a span of a row, read below one of the folders its first cell names,
 *    is the path (the live/mpa/ row's `run.sh` names live/mpa/run.sh); a
 *    span that starts with a placeholder is read only so.
 * In a span, "{a,b}" stands for each of a and b (`mpa_ref.{c,h}`), "<x>"
 * or "*" for any part of one name (`corpus/<target>/`, `*.sh` in `tools/`,
 * `kernel-<KVER>.config`), and a trailing "/" after one of them for
 * everything below (a folder of data; a folder of code names its files
 * one by one).
 */
#ifndef RDMANEG_LAYOUT_H
#define RDMANEG_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

/* True when the page (NUL-terminated text) names path, as above. */
bool rdmaneg_layout_names(const char *page, const char *path);

#endif
