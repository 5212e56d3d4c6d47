#!/usr/bin/env bash
# btftool encode -j N (issue 13, item 3): a kernel image's or module's
# units are loaded in batches (--batch-dies), by N threads; the bytes
# must not depend on N nor on the batch size.  Both Debian modules of
# tests/install-kernel-dbg (two units each), as split BTF on the
# vmlinux's .BTF, are encoded in one batch with one thread and with each
# unit its own batch on one, two and four threads: all four outputs
# equal.  `make SAN=thread check-threads` runs this script with the
# ThreadSanitizer build (build-tsan): a race it reports makes btftool
# exit 66 and the case fail with the report shown.  (The vmlinux itself,
# -j1 against -j2, is in kernel.sh: the plain build's only.)
source "$TESTROOT/lib.sh"
KDIR=${KERNEL_DBG:-$HOME/.cache/btfcc-oracles/kernel-dbg}
vmlinux=$KDIR/vmlinux
if [ ! -r "$vmlinux" ] || [ ! -r "$KDIR/veth.ko" ]; then
  skip "encode threads: no Debian debug vmlinux and modules in $KDIR (tests/install-kernel-dbg)"; exit 0
fi
cd "$TMPDIR" || exit 1
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"

read -r off size < <(readelf -SW "$vmlinux" |
  awk '{ for (i = 1; i < NF; i++) if ($i == ".BTF") print $(i + 3), $(i + 4) }')
if [ -z "$size" ] || ! dd if="$vmlinux" of=base.btf bs=1M iflag=skip_bytes,count_bytes \
     skip=$((16#$off)) count=$((16#$size)) 2>/dev/null || [ ! -s base.btf ]; then
  fail "encode threads: no .BTF section in $vmlinux"; exit 0
fi

for m in veth nls_utf8; do
  ok=1
  for run in "one:-j1 --batch-dies 4000000000" "j1:-j1 --batch-dies 1" \
             "j2:-j2 --batch-dies 1" "j4:-j4 --batch-dies 1"; do
    name=${run%%:*}
    # shellcheck disable=SC2086  # the options
    if ! "$BTFTOOL" encode ${run#*:} --base base.btf -o $m.$name.btf "$KDIR/$m.ko" \
         2>$m.$name.err || [ -s $m.$name.err ]; then
      fail "encode threads: $m.ko with ${run#*:}"
      grep -m1 -A20 'WARNING: ThreadSanitizer' $m.$name.err || head -5 $m.$name.err
      ok=0
    elif [ $name != one ] && ! cmp -s $m.one.btf $m.$name.btf; then
      fail "encode threads: $m.ko with ${run#*:} differs from one batch on one thread"
      ok=0
    fi
  done
  [ $ok = 1 ] && pass "encode threads: $m.ko: one batch, and a batch per unit on 1, 2, 4 threads: $(stat -c %s $m.one.btf) bytes, equal"
done
