#!/usr/bin/env bash
# .BTF.ext line_info of C written inside a macro's arguments: bpf-gcc 16
# places such a statement at the outermost macro use (the macro name's
# line and column), as its DWARF does (GCC's expand_location), not at the
# line where the argument's tokens are spelt.  btfcc's records are placed
# by its own rules elsewhere (which statements get one), so what is
# checked is the lines: every line btfcc records is one bpf-gcc 16
# records, at -O0 and -O2, and the lines of the macro uses are there.
source "$TESTROOT/lib.sh"
set -u
GCC=${BPF_GCC16:-$HOME/.cache/btfcc-oracles/gcc16/bin/bpf-gcc-16}
if [ ! -x "$GCC" ]; then
  skip "bpf/lineinfo_macro (no bpf-gcc 16: ../shared/tools/get-gcc16)"
  exit 0
fi
cd "$TMPDIR"
cat > m.c <<'C'
#define ID(x) x
#define TWICE(s) s; s
#define CALL(f, a) f(a)
volatile int g;
static int h(int v) { return v * 3; }
int f(int a)
{
  ID(g =
     a + 1);
  TWICE(g +=
        2);
  ID(if (a)
       g = 3;)
  g = CALL(h,
           a);
  return g;
}
C
# the distinct lines of OBJECT's line_info records
lines() {
  "$BTFTOOL" dump --ext "$1" | sed -n 's/.*m\.c:\([0-9]*\):[0-9]* .*/\1/p' | sort -un | tr '\n' ' '
}
for O in -O0 -O2; do
  if ! "$GCC" $O -g -c m.c -o g.o || ! "$BTFCC" --target=bpf $O -g -c m.c -o b.o; then
    fail "lineinfo_macro $O: both compile it"; continue
  fi
  want=$(lines g.o) got=$(lines b.o) extra=
  for l in $got; do
    case " $want " in *" $l "*) ;; *) extra="$extra $l" ;; esac
  done
  missing=
  for l in 8 10 12 14; do
    case " $got " in *" $l "*) ;; *) missing="$missing $l" ;; esac
  done
  if [ -z "$extra" ] && [ -z "$missing" ] && [ -n "$got" ]; then
    pass "lineinfo_macro $O: lines $got all bpf-gcc 16's ($want)"
  else
    fail "lineinfo_macro $O: btfcc's lines $got, bpf-gcc 16's $want (not gcc's:$extra; uses missing:$missing)"
  fi
done
