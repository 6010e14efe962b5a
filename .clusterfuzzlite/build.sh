#!/bin/bash -eu
# ClusterFuzzLite uses the OSS-Fuzz build unchanged.
exec "$SRC/rdmaneg/oss-fuzz/build.sh"
