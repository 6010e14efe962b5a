#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# c-files.sh: every C source and header of the project, one per line (what
# make format and tests/format.sh cover); build/ and caches are not ours.
cd "$(dirname "$0")/.." || exit 2
find include src plants oracle rules cli man util tools fuzz properties live peer tests examples proof \
	-name build -prune -o -type f \( -name '*.c' -o -name '*.h' \) -print | LC_ALL=C sort
