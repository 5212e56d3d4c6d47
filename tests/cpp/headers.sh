#!/usr/bin/env bash
# Real headers: for each header under /usr/include that gcc accepts on its
# own (`#include <X>` passes gcc -fsyntax-only), the output of `btfcc -E`
# must compile with gcc -fsyntax-only too.  A deterministic sample of
# CPP_HEADERS_SAMPLE headers (default 300) is tried, plus the common libc
# and Linux UAPI headers, whose `btfcc -E` output must be byte-identical to
# `gcc -E`'s.  CPP_HEADERS=all tries every header (about 9000; minutes).
# The host gcc is GCC 12 (gnu17 by default): btfcc runs with -std=gnu17.
source "$TESTROOT/lib.sh"
source "$TESTROOT/cpp/common.bash"

have gcc || { skip "cpp headers (no gcc)"; exit 0; }
[ -d /usr/include ] || { skip "cpp headers (no /usr/include)"; exit 0; }
cd "$TMPDIR"

(cd /usr/include && find . -name '*.h' | sed 's|^\./||' | LC_ALL=C sort) > all.txt
total=$(wc -l < all.txt)
if [ "${CPP_HEADERS:-}" = all ]; then
  cp all.txt sample.txt
else
  n=${CPP_HEADERS_SAMPLE:-300}
  step=$(( total / n )); [ $step -lt 1 ] && step=1
  awk -v s=$step 'NR % s == 0' all.txt > sample.txt
fi

tried=0 accepted=0 compiled=0 identical=0
while read -r h; do
  tried=$((tried + 1))
  printf '#include <%s>\n' "$h" > in.c
  gcc -fsyntax-only -xc in.c >/dev/null 2>&1 || continue
  accepted=$((accepted + 1))
  if timeout 60 "$BTFCC" -std=gnu17 -E in.c > out.i 2> err.txt && sanitizer_clean err.txt &&
     gcc -fsyntax-only -xc out.i >/dev/null 2>gcc.txt; then
    compiled=$((compiled + 1))
    gcc -E in.c 2>/dev/null | cmp -s - out.i && identical=$((identical + 1))
    pass "header $h"
  else
    fail "header $h"
    head -5 err.txt gcc.txt
  fi
done < sample.txt
echo "headers: $tried tried, $accepted accepted by gcc, $compiled compile after btfcc -E, $identical byte-identical to gcc -E"

for h in stdio.h stdlib.h string.h stdint.h inttypes.h stdarg.h stddef.h \
         stdbool.h limits.h errno.h signal.h unistd.h fcntl.h time.h math.h \
         pthread.h sys/types.h sys/socket.h sys/stat.h netinet/in.h \
         linux/types.h linux/bpf.h linux/if_ether.h linux/ptrace.h; do
  [ -f "/usr/include/$h" ] || [ -f "/usr/include/x86_64-linux-gnu/$h" ] || continue
  printf '#include <%s>\n' "$h" > in.c
  gcc -E in.c > want.i 2>/dev/null || continue
  "$BTFCC" -std=gnu17 -E in.c > got.i 2>err.txt
  if cmp -s want.i got.i; then
    pass "identical to gcc -E: $h"
  else
    fail "identical to gcc -E: $h"
    diff want.i got.i | head -10
  fi
done
