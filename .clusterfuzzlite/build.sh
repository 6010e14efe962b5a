#!/bin/bash -eu
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# ClusterFuzzLite uses the OSS-Fuzz build unchanged.
exec "$SRC/rdmaneg/oss-fuzz/build.sh"
