#!/usr/bin/env bash
# vmlinux.h (as in vmlinux.sh) through btfcc's DWARF: pahole -J over
# `btfcc -gdwarf` gives the same types as pahole -J over `gcc -g`, and
# pahole has the same to say about both objects.  x86_64 with DWARF 5
# (the default) and DWARF 4; bpf (bpf-gcc) with DWARF 5.
source "$TESTROOT/lib.sh"
source "$TESTROOT/tools/pahole_oracle.bash"
if [ ! -r /sys/kernel/btf/vmlinux ]; then
  skip "vmlinux.h DWARF (no /sys/kernel/btf/vmlinux on this machine)"; exit 0
fi
v=$TMPDIR/vmlinux.h
bpftool btf dump file /sys/kernel/btf/vmlinux format c > "$v" || { fail "bpftool format c"; exit 0; }

dwarf_types "vmlinux.h DWARF 5 (x86_64)" "$v" x86_64 5 10000
dwarf_types "vmlinux.h DWARF 4 (x86_64)" "$v" x86_64 4 10000
dwarf_types "vmlinux.h DWARF 5 (bpf)" "$v" bpf 5 10000
