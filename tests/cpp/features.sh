#!/usr/bin/env bash
# Directives and options, compared with gcc -E byte for byte where gcc
# behaves the same: #include_next, #pragma once, include guards, computed
# includes, -I/-iquote/-isystem/-idirafter, system headers (line-marker
# flags 3 4), #pragma GCC system_header, -D/-U/-include/-undef, stdin,
# __DATE__/__TIME__ with SOURCE_DATE_EPOCH, and vmlinux.h.
source "$TESTROOT/lib.sh"
source "$TESTROOT/cpp/common.bash"

have gcc || { skip "cpp features (no gcc)"; exit 0; }
cd "$TMPDIR"
mkdir -p inc1 inc2 quote sys after sub

cat > inc1/a.h <<'EOT'
int from_inc1;
#include_next <a.h>
EOT
cat > inc2/a.h <<'EOT'
int from_inc2;
#if __has_include_next(<a.h>)
int wrong;
#endif
EOT
printf '#pragma once\nint once_var;\n' > once.h
printf '#ifndef GUARD_H\n#define GUARD_H\nint guard_var;\n#endif\n' > guard.h
printf '/* comment first */\n#if !defined(G2)\n#define G2\nint guard2;\n#endif /* trailing */\n' > guard2.h
printf 'int quote_dir;\n' > quote/q.h
printf '#define SYS_MACRO (-1)\nint sys_var;\n#include "sub_of_sys.h"\n' > sys/s.h
printf 'int included_from_system;\n' > sys/sub_of_sys.h
printf 'int after_dir;\n' > after/late.h
printf 'int shadowed_late;\n' > after/a2.h
printf '#pragma GCC system_header\nint ps;\n#define PS_MACRO 1 + 2\n' > sub/pragma_sys.h
printf 'int in_sub;\n#include "sibling.h"\n' > sub/x.h
printf 'int sibling;\n' > sub/sibling.h
cat > main.c <<'EOT'
#include <a.h>
#include "once.h"
#include "once.h"
#include "./once.h"
#include "guard.h"
#include "guard.h"
#include "guard2.h"
#include "guard2.h"
#define HDR "guard.h"
#include HDR
#define ANGLED <s.h>
#include ANGLED
#define STR(x) #x
#define XSTR(x) STR(x)
#include XSTR(sub/x.h)
#include "q.h"
#include <late.h>
#include "sub/pragma_sys.h"
int use = SYS_MACRO + PS_MACRO;
#if __has_include(<s.h>) && __has_include("once.h") && !__has_include(<nonexistent.h>)
int has_include_ok;
#endif
#line 500 "renamed.c"
int after_line = __LINE__;
# 40 "marker.h" 3
int in_marker = __LINE__;
EOT
opts="-Iinc1 -Iinc2 -iquote quote -isystem sys -idirafter after"
gcc -E $opts main.c > want.i 2>want.err
"$BTFCC" -E $opts main.c > got.i 2>got.err
if cmp -s want.i got.i && [ ! -s got.err ]; then
  pass "features includes identical to gcc -E"
else
  fail "features includes identical to gcc -E"
  cat got.err; diff want.i got.i | head -20
fi

# -D / -U / -include / -undef
printf '#define PRE 7\nint pre_included;\n' > pre.h
cat > cmd.c <<'EOT'
FOO BAR EMPTY F(1) PRE __STDC_VERSION__ __x86_64__ QUOTED
#ifdef BAR
wrong
#endif
EOT
# The host gcc (12) defaults to gnu17, btfcc to GCC 16's gnu23: both get
# -std=gnu17 so that __STDC_VERSION__ agrees (predef.sh compares the
# standards with gcc-16).
cmd_opts=(-std=gnu17 -DFOO -DBAR=2 -DEMPTY= '-DF(x)=((x)+1)' -UBAR '-DQUOTED="a b"' -include pre.h)
gcc -E "${cmd_opts[@]}" cmd.c > want.i 2>/dev/null
"$BTFCC" -E "${cmd_opts[@]}" cmd.c > got.i 2>got.err
check "features -D -U -include" cmp -s want.i got.i
gcc -std=gnu17 -E -undef cmd.c > want.i 2>/dev/null
"$BTFCC" -std=gnu17 -E -undef cmd.c > got.i 2>/dev/null
check "features -undef" cmp -s want.i got.i

# standard input
printf '#define X 42\nint x = X;\n' | gcc -E -xc - > want.i 2>/dev/null
printf '#define X 42\nint x = X;\n' | "$BTFCC" -E -xc - > got.i 2>/dev/null
check "features stdin" cmp -s want.i got.i

# __DATE__ / __TIME__ follow SOURCE_DATE_EPOCH; output is reproducible.
printf 'const char *d = __DATE__, *t = __TIME__;\n' > date.c
SOURCE_DATE_EPOCH=1700000000 gcc -E date.c > want.i 2>/dev/null
SOURCE_DATE_EPOCH=1700000000 "$BTFCC" -E date.c > got.i 2>/dev/null
check "features SOURCE_DATE_EPOCH" cmp -s want.i got.i
printf '__TIMESTAMP__ __COUNTER__ __COUNTER__ __BASE_FILE__ __FILE_NAME__ __INCLUDE_LEVEL__\n' > stamp.c
SOURCE_DATE_EPOCH=0 "$BTFCC" -E stamp.c > a.i 2>/dev/null
SOURCE_DATE_EPOCH=0 "$BTFCC" -E stamp.c > b.i 2>/dev/null
check "features reproducible" cmp -s a.i b.i
check "features __TIMESTAMP__ from SOURCE_DATE_EPOCH" \
  grep -q '"Thu Jan  1 00:00:00 1970" 0 1 "stamp.c" "stamp.c" 0' a.i

# #warning is a warning of group -Wcpp: exit status 0.
printf '#warning hello   there\nint w;\n' > warn.c
"$BTFCC" -E warn.c > got.i 2> got.err
rc=$?
check "features #warning" test $rc -eq 0 -a -n "$(grep -E '^warn\.c:1:2: warning: #warning hello there \[-Wcpp\]' got.err)"

# BTFCC_SYSTEM_INCLUDE replaces the default <...> directories; headers
# found there are system headers (line-marker flags 3 4).
mkdir -p sysinc
printf 'int only_here;\n' > sysinc/only_here.h
printf '#include <only_here.h>\n' > sysinc.c
BTFCC_SYSTEM_INCLUDE=$PWD/nonexistent:$PWD/sysinc "$BTFCC" -E sysinc.c > got.i 2> got.err
check "features BTFCC_SYSTEM_INCLUDE" grep -q "^# 1 \"$PWD/sysinc/only_here.h\" 1 3 4\$" got.i
printf '#include <stdio.h>\n' > nostdio.c
BTFCC_SYSTEM_INCLUDE=$PWD/sysinc "$BTFCC" -E nostdio.c > got.i 2> got.err
check "features BTFCC_SYSTEM_INCLUDE replaces defaults" grep -q 'stdio.h: No such file or directory' got.err

# Pragmas: printed back for -E; GCC's own ones consumed.
cat > pragmas.c <<'EOT'
#define N 4
#pragma pack(push, N)
#pragma clang attribute push (__attribute__((preserve_access_index)), apply_to = record)
#pragma clang attribute pop
#pragma scalar_storage_order big-endian
#pragma redefine_extname old_name new_name
#pragma GCC diagnostic push
#pragma weak w
#pragma STDC FP_CONTRACT ON
#pragma unknown_pragma with tokens
_Pragma("GCC diagnostic pop") int after;
#pragma GCC poison poisoned_name
#pragma push_macro("N")
#pragma pop_macro("N")
#pragma pack(pop)
int n = N;
EOT
gcc -E pragmas.c 2>/dev/null | grep '^#pragma' > want.i
"$BTFCC" -E pragmas.c 2>got.err | grep '^#pragma' > got.i
check "features pragmas printed" cmp -s want.i got.i

# vmlinux.h (the kernel's types as C): identical to gcc -E, for both
# targets, and fast.
if have bpftool && [ -r /sys/kernel/btf/vmlinux ] &&
   bpftool btf dump file /sys/kernel/btf/vmlinux format c > vmlinux.h 2>/dev/null; then
  gcc -E vmlinux.h > want.i 2>/dev/null
  start=$(date +%s%N)
  "$BTFCC" -E vmlinux.h > got.i 2>got.err
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  echo "vmlinux.h: btfcc -E took ${ms} ms"
  check "features vmlinux.h identical to gcc -E" cmp -s want.i got.i
  if have bpf-gcc; then
    bpf-gcc -E vmlinux.h > want.i 2>/dev/null
    "$BTFCC" --target=bpf -E vmlinux.h > got.i 2>/dev/null
    # bpf-gcc has no <stdc-predef.h> to pre-include; compare the tokens
    check "features vmlinux.h --target=bpf" \
      cmp -s <(grep -v '^#' want.i) <(grep -v '^#' got.i)
  fi
else
  skip "features vmlinux.h (no bpftool or kernel BTF)"
fi
