#!/usr/bin/env bash
# Predefined macros: `btfcc -dM -E` on an empty file prints exactly what
# GCC 16 prints -- `gcc-16 -dM -E` for the x86_64 target, `bpf-gcc-16 -dM
# -E` for --target=bpf/bpfel/bpfeb -- for every -std GCC 16 accepts, every
# -mcpu (v1..v4, with -std values and with each -m[no-]FEATURE of the BPF
# instruction set), both byte orders, and the options that change
# predefined macros (-O levels, -undef, -ansi, -ffreestanding, the -fpic
# family, -f[no-]gnu89-inline, -funsigned-char, -pthread, the stack
# protectors, -fcf-protection, -fexceptions, -fsanitize=, the unwind
# tables, -ffast-math, -Ofast and the floating-point options they stand
# for, x86_64's -m[no-]sse/sse2/mmx/80387, -mgeneral-regs-only and
# -mcmodel=).  GCC16_DIR
# (default ~/.cache/btfcc-oracles/gcc16/bin, from shared/tools/get-gcc16)
# holds the oracles; under CI a missing one is a failure (tests/run).
#
# Decisions:
# - The version identity is GCC 16's: __GNUC__, __GNUC_MINOR__ and
#   __GNUC_PATCHLEVEL__ are compared like every other macro.  Only two are
#   ours and left out of the comparison: __VERSION__ is gcc-16's with a
#   mark, "16.2.0 (btfcc VERSION)", and __BTFCC__ is 1; the last case
#   checks both.
# - btfcc's default standard is GCC 16's, gnu23: the default cases and the
#   option cases are compared with gcc-16 and bpf-gcc-16 given no -std.
# - Not modelled, so not compared: x86_64 -m options that turn units on
#   beyond the x86-64 base (-mavx, -march=...), -msse before
#   -mgeneral-regs-only (GCC then does SSE math on x87), -fshort-wchar.
# - With --target=bpf, -funsigned-char is not compared: btfcc keeps BPF's
#   char signed whatever the option (the driver's choice), so it prints
#   neither __CHAR_UNSIGNED__ nor the unsigned __SIG_ATOMIC_* bpf-gcc does.
source "$TESTROOT/lib.sh"
source "$TESTROOT/cpp/common.bash"

G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
GCC=$G16/gcc-16 BPFGCC=$G16/bpf-gcc-16
OURS='^#define (__VERSION__|__BTFCC__) '
empty=$TMPDIR/empty.c
: > "$empty"

# compare NAME "btfcc options" REFERENCE-COMMAND...: the two sorted -dM
# listings, less __VERSION__ and __BTFCC__, are equal and not empty.
compare() {
  local name=$1 ours=$2; shift 2
  local want=$TMPDIR/want got=$TMPDIR/got
  "$@" -dM -E -x c "$empty" 2>/dev/null | grep -Ev "$OURS" | LC_ALL=C sort > "$want"
  "$BTFCC" $ours -dM -E "$empty" 2>"$TMPDIR/err" | grep -Ev "$OURS" | LC_ALL=C sort > "$got"
  if [ -s "$want" ] && cmp -s "$want" "$got"; then
    pass "predef $name"
  else
    fail "predef $name"
    [ -s "$want" ] || echo "  the reference printed nothing: $*"
    diff "$want" "$got" | head -20
    head -3 "$TMPDIR/err"
  fi
}

# Every -std GCC 16 accepts; c2y and gnu2y when this gcc-16 knows them.
STDS="c89 c90 iso9899:1990 iso9899:199409 c99 c9x iso9899:1999 iso9899:199x
      c11 c1x iso9899:2011 c17 c18 iso9899:2017 iso9899:2018 c2x c23
      iso9899:2024 gnu89 gnu90 gnu99 gnu9x gnu11 gnu1x gnu17 gnu18 gnu2x gnu23"
# Options that change predefined macros, on both targets.
OPTS=(-O -O1 -O2 -O3 -Os -Oz -Og "-O2 -O0" -undef "-undef -std=c89" -ansi
      -ffreestanding "-ffreestanding -fhosted" -fpic -fPIC -fpie -fPIE
      -fno-pic -fno-pie "-fpic -fPIE" "-fPIE -fpic" -fgnu89-inline
      "-std=gnu99 -fgnu89-inline" "-std=gnu89 -fno-gnu89-inline -std=gnu99"
      -fexceptions "-fexceptions -fno-exceptions" -fstack-protector-strong
      -fno-dwarf2-cfi-asm -fsanitize=address
      # the floating-point options: -ffast-math, -Ofast and their parts
      -ffast-math "-ffast-math -fno-fast-math" -fno-trapping-math
      -fno-signed-zeros -fassociative-math -freciprocal-math
      -funsafe-math-optimizations -fno-math-errno -ffinite-math-only
      -fcx-limited-range -fsingle-precision-constant -frounding-math
      -fsignaling-nans "-ffast-math -fmath-errno" "-ffast-math -ftrapping-math"
      "-ffast-math -fsigned-zeros" "-ffast-math -fno-finite-math-only"
      "-ffast-math -fexcess-precision=standard"
      "-ffast-math -fno-unsafe-math-optimizations"
      "-funsafe-math-optimizations -fno-associative-math"
      "-fno-signed-zeros -fno-trapping-math -fassociative-math"
      -Ofast "-Ofast -O2" "-O2 -Ofast" "-fmath-errno -Ofast"
      "-frounding-math -ffast-math" "-ffast-math -fno-cx-limited-range"
      "-std=c17 -ffp-contract=fast" "-std=c17 -ffp-contract=fast -ffp-contract=off")
# ... and those that change them on x86_64 only.
X86_OPTS=(-funsigned-char "-funsigned-char -fsigned-char" -pthread
      -fstack-protector -fstack-protector-all -fstack-protector-explicit
      "-fstack-protector-strong -fstack-protector"
      "-fstack-protector-all -fno-stack-protector" -fcf-protection
      -fcf-protection=branch -fcf-protection=return -fcf-protection=check
      "-fcf-protection -fcf-protection=none" "-fno-dwarf2-cfi-asm -fdwarf2-cfi-asm"
      -fsanitize=kernel-address -fsanitize=thread -fsanitize=hwaddress
      -fsanitize=address,undefined "-fsanitize=address -fno-sanitize=all"
      -fno-asynchronous-unwind-tables "-fno-asynchronous-unwind-tables -g"
      "-fno-asynchronous-unwind-tables -gbtf"
      "-fno-asynchronous-unwind-tables -fexceptions"
      "-fno-asynchronous-unwind-tables -funwind-tables"
      "-fno-asynchronous-unwind-tables -funwind-tables -fno-unwind-tables"
      # the floating-point and vector units, the code model; the kernel's
      # x86 options
      -mno-sse -mno-sse2 -mno-mmx -mno-80387 -msoft-float -mgeneral-regs-only
      "-mno-sse2 -msse2" "-mno-sse -msse" "-mno-sse2 -msse" "-mno-sse -msse2"
      "-mno-sse -mno-sse2 -msse" "-mno-sse2 -mno-80387" "-mno-sse -mno-80387"
      "-std=c11 -mno-sse" "-std=c11 -mno-sse2" "-std=c11 -mno-sse2 -mno-80387"
      "-mno-mmx -mmmx" "-msoft-float -mhard-float" "-mgeneral-regs-only -msse"
      "-mgeneral-regs-only -msse2" "-mgeneral-regs-only -mmmx"
      "-mgeneral-regs-only -m80387" "-mno-sse2 -ffast-math"
      -mcmodel=large -mcmodel=medium "-fno-pie -mcmodel=kernel"
      "-std=gnu11 -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx -mno-sse4a
       -mcmodel=kernel -mno-red-zone -fno-PIE -mindirect-branch=thunk-extern
       -mfunction-return=thunk-extern -mharden-sls=all -fcf-protection=branch
       -mskip-rax-setup -mno-80387 -mno-fp-ret-in-387
       -fno-asynchronous-unwind-tables")

if [ -x "$GCC" ]; then
  stds=$STDS
  for s in c2y gnu2y; do
    "$GCC" -std=$s -E -x c "$empty" >/dev/null 2>&1 && stds="$stds $s"
  done
  for std in $stds; do
    compare "x86_64 -std=$std" "-std=$std" "$GCC" -std=$std
  done
  compare "x86_64 default (gcc-16 with no -std)" "" "$GCC"
  for o in "${OPTS[@]}" "${X86_OPTS[@]}"; do
    compare "x86_64 $o" "$o" "$GCC" $o
  done
  compare "x86_64 --target=x86_64-linux-gnu -std=gnu23" \
    "--target=x86_64-linux-gnu -std=gnu23" "$GCC"
else
  skip "predef x86_64 (no gcc-16 in $G16: shared/tools/get-gcc16)"
fi

if [ -x "$BPFGCC" ]; then
  stds=$STDS
  for s in c2y gnu2y; do
    "$BPFGCC" -std=$s -E -x c "$empty" >/dev/null 2>&1 && stds="$stds $s"
  done
  for cpu in v1 v2 v3 v4; do
    for std in $stds; do
      compare "bpf -mcpu=$cpu -std=$std" "--target=bpf -mcpu=$cpu -std=$std" \
        "$BPFGCC" -mcpu=$cpu -std=$std
    done
    compare "bpfel -mcpu=$cpu" "--target=bpfel -mcpu=$cpu" \
      "$BPFGCC" -mlittle-endian -mcpu=$cpu
    compare "bpfeb -mcpu=$cpu" "--target=bpfeb -mcpu=$cpu" \
      "$BPFGCC" -mbig-endian -mcpu=$cpu
    compare "bpf -mbig-endian -mcpu=$cpu -std=gnu23" \
      "--target=bpf -mbig-endian -mcpu=$cpu -std=gnu23" \
      "$BPFGCC" -mbig-endian -mcpu=$cpu -std=gnu23
    # Each feature on and off, whatever the version implies; the last
    # option of a feature wins, and -mcpu does not override it.
    for f in jmpext alu32 jmp32 v3-atomics bswap sdiv smov; do
      compare "bpf -mcpu=$cpu -m$f" "--target=bpf -mcpu=$cpu -m$f" \
        "$BPFGCC" -mcpu=$cpu -m$f
      compare "bpf -mcpu=$cpu -mno-$f" "--target=bpf -mcpu=$cpu -mno-$f" \
        "$BPFGCC" -mcpu=$cpu -mno-$f
    done
    compare "bpf -malu32 -mno-alu32 -mcpu=$cpu" \
      "--target=bpf -malu32 -mno-alu32 -mcpu=$cpu" \
      "$BPFGCC" -malu32 -mno-alu32 -mcpu=$cpu
    compare "bpf -mno-bswap -mbswap -mcpu=$cpu" \
      "--target=bpf -mno-bswap -mbswap -mcpu=$cpu" \
      "$BPFGCC" -mno-bswap -mbswap -mcpu=$cpu
  done
  compare "bpf default (bpf-gcc-16 with no -std)" "--target=bpf" "$BPFGCC"
  for o in "${OPTS[@]}"; do
    compare "bpf $o" "--target=bpf $o" "$BPFGCC" $o
  done
else
  skip "predef bpf (no bpf-gcc-16 in $G16: shared/tools/get-gcc16)"
fi

# The two macros that are ours: __VERSION__ is GCC 16's with a mark (the
# oracle's when it is here), __BTFCC__ 1.
want_version='"16.2.0'
if [ -x "$GCC" ]; then
  want_version=$("$GCC" -dM -E -x c "$empty" | sed -n 's/^#define __VERSION__ \(".*\)"$/\1/p')
fi
for t in "" --target=bpf; do
  got=$("$BTFCC" $t -dM -E "$empty" | grep -E "$OURS" | LC_ALL=C sort | tr '\n' '|')
  want="#define __BTFCC__ 1|#define __VERSION__ $want_version (btfcc "
  check "predef identity ${t:-x86_64}: __VERSION__ $want_version (btfcc ...)\", __BTFCC__ 1" \
    test -n "$want_version" -a "${got#"$want"}" != "$got"
done
