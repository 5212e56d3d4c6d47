#!/usr/bin/env bash
# The glibc and uapi header units (as in headers.sh) through btfcc's DWARF:
# pahole -J over `btfcc -gdwarf` gives the same types as pahole -J over
# `gcc -g`, pahole has the same to say about both objects, and pahole's
# struct printer shows the same layouts.  x86_64, DWARF 5 and DWARF 4.
source "$TESTROOT/lib.sh"
source "$TESTROOT/tools/pahole_oracle.bash"

for unit in glibc uapi; do
  for ver in 5 4; do
    dwarf_types "$unit headers DWARF $ver" "$TESTROOT/headers/$unit.c" x86_64 $ver 500
    pahole_layouts "$unit headers DWARF $ver"
  done
done
