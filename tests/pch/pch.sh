#!/usr/bin/env bash
# Precompiled headers (src/cpp/pch.c): `btfcc -x c-header h.h` and
# `btfcc h.h` write h.h.gch; a unit whose first #include names h.h uses it
# when it is valid, and every output is then byte for byte the output of
# reading h.h as text: -gbtf -S -dA, -g -c (DWARF), -gctf -S -dA, a BPF
# object (--target=bpf -O2 -g -c), -fdump-tree, -MD's dependency file,
# diagnostics of an error after the #include, and -E (which, as GCC's,
# reads no .gch).  That the .gch is read at all is shown by editing h.h
# after it was made without changing its size or time: the unit then
# sees what was recorded.  The header's struct made has members whose
# names come from macro arguments, nested and pasted: DWARF places them
# at the outermost expansion, which the .gch carries.
#
# Validity, against gcc-16's own .gch and -Winvalid-pch wording (LANG=C):
# a macro defined differently, not defined, or newly defined and used by
# the header, a different debug-information kind, a file that is too
# short, has the wrong magic, version or executable; each falls back to
# the text (identical output) with the warning, and says nothing without
# -Winvalid-pch.  Cases where gcc-16 words it otherwise (-std, -O2,
# --target: GCC names another macro or an -m option) are checked for a
# warning and the fall-back only.  Damaged files (truncated at 24
# lengths, a byte flipped at 64 places) fall back cleanly, never crash.
# Last, the running kernel's vmlinux.h and tests/bpf/progs/core.c: the
# BPF object with and without the .gch is the same.
source "$TESTROOT/lib.sh"
export LANG=C LC_ALL=C
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
GCC=$G16/gcc-16
cd "$TMPDIR"

# --- identical outputs ---
cat > h.h <<'EOF'
#ifndef H_H
#define H_H
#define __tag(x) __attribute__((btf_type_tag(x)))
#define __dtag(x) __attribute__((btf_decl_tag(x)))
#define N 3
#define TWICE(x) ((x) + (x))
#define MEMBER(t, n) t n
#define PAIR(a, b) MEMBER(int, a); MEMBER(long, b##_2)
typedef unsigned long ulong_t;
struct made { PAIR(first,
                   second); MEMBER(char, third); int fourth; };
struct point { int x, y; int * __tag("user") p __dtag("member"); };
enum color { RED, GREEN = N, BLUE };
#pragma pack(push, 1)
struct packed { char c; int i; };
#pragma pack(pop)
union u { struct point p; ulong_t l; };
extern int counter __dtag("cnt");
int area(const struct point *p);
static inline int twice(int v) { return TWICE(v); }
#endif
EOF
cat > m.c <<'EOF'
#include "h.h"
#include "h.h"
struct point origin = { 1, 2, 0 };
struct packed pk;
union u uu;
struct made mk;
enum color col = BLUE;
int arr[TWICE(N)];
int area(const struct point *p) { return p->x * p->y + twice(counter); }
EOF
cat > bad.c <<'EOF'
#include "h.h"
int f(void) { return undeclared + origin; }
EOF
# outputs OPTS MODE...: each MODE's output of m.c (and bad.c's diagnostics)
# into out.$1 files, for the .gch made with OPTS.
outputs() {
  local tag=$1 opts=$2
  "$BTFCC" $opts -S -dA m.c -o "s.$tag" 2>/dev/null
  "$BTFCC" $opts -c m.c -o "o.$tag" 2>/dev/null
  "$BTFCC" $opts -fsyntax-only -fdump-tree="t.$tag" m.c 2>/dev/null
  "$BTFCC" $opts -c -MD -MF "d.$tag" m.c -o md.o 2>/dev/null
  "$BTFCC" $opts -E m.c -o "e.$tag" 2>/dev/null
  "$BTFCC" $opts -c bad.c -o bad.o 2> "diag.$tag"
}
n=0
for opts in "-gbtf" "-g" "-gctf" "--target=bpf -O2 -g" "-std=gnu17 -gbtf -gdwarf-4"; do
  n=$((n + 1))
  rm -f h.h.gch
  outputs text$n "$opts"
  if ! "$BTFCC" $opts -x c-header h.h -o h.h.gch 2>err || [ ! -s h.h.gch ]; then
    fail "pch ($opts): the .gch is written ($(head -1 err))"; continue
  fi
  outputs gch$n "$opts"
  same=1
  for f in s o t d e diag; do
    if ! cmp -s "$f.text$n" "$f.gch$n"; then
      same=0; fail "pch ($opts): $f output differs with the .gch"
    fi
  done
  [ -s "s.text$n" ] && [ -s "diag.text$n" ] && [ $same = 1 ] &&
    pass "pch ($opts): -S -dA, -c, -fdump-tree, -MD, -E and diagnostics identical with the .gch"
done

# --- the parser's state: a declaration-only header ---
# A header without bodies or initializers has its parser's and sema's
# state in the .gch (src/parse/pch_state.c), loaded at the #include
# instead of replaying its tokens (-fpch-report says which was used):
# every output the same, diagnostics after the header that point into it
# (a redefinition, conflicting types) at the same file:line:col.
cat > d.h <<'EOF'
#ifndef D_H
#define D_H
#define __tag(x) __attribute__((btf_type_tag(x)))
#define __dtag(x) __attribute__((btf_decl_tag(x)))
#define N 3
#define MEMBER(t, n) t n
#define PAIR(a, b) MEMBER(int, a); MEMBER(long, b##_2)
typedef unsigned long ulong_t;
struct made { PAIR(first,
                   second); MEMBER(char, third); int fourth; };
struct point { int x, y; int * __tag("user") p __dtag("member"); };
enum color { RED, GREEN = N, BLUE };
#pragma pack(push, 1)
struct packed { char c; int i; };
#pragma pack(pop)
union u { struct point p; ulong_t l; };
extern int counter __dtag("cnt");
int area(const struct point *p);
struct fwd;
typedef int arr4[4];
MEMBER(extern int, from_macro);
#endif
EOF
cat > dm.c <<'EOF'
#include "d.h"
struct point origin = { 1, 2, 0 };
struct packed pk;
union u uu;
struct made mk;
enum color col = BLUE;
int arr[N];
arr4 a4; int b4[4];
struct fwd { int z; } fw;
int area(const struct point *p) { return p->x * p->y + counter + from_macro; }
EOF
cat > dbad.c <<'EOF'
#include "d.h"
struct point { long z; };
double area(const struct point *p);
int f(void) { return undeclared + origin; }
EOF
# d_outputs TAG OPTS: dm.c's outputs and dbad.c's diagnostics.
d_outputs() {
  local tag=$1 opts=$2
  "$BTFCC" $opts -S -dA dm.c -o "ds.$tag" 2>/dev/null
  "$BTFCC" $opts -c dm.c -o "do.$tag" 2>/dev/null
  "$BTFCC" $opts -fsyntax-only -fdump-tree="dt.$tag" dm.c 2>/dev/null
  "$BTFCC" $opts -c -MD -MF "dd.$tag" dm.c -o dmd.o 2>/dev/null
  "$BTFCC" $opts -c dbad.c -o dbad.o 2> "ddiag.$tag"
}
n=0
for opts in "-gbtf" "-g" "-gctf" "--target=bpf -O2 -g" "-std=gnu17 -gbtf -gdwarf-4"; do
  n=$((n + 1))
  rm -f d.h.gch
  d_outputs text$n "$opts"
  "$BTFCC" $opts -x c-header d.h -o d.h.gch 2>err || { fail "pch state ($opts): the .gch is written ($(head -1 err))"; continue; }
  "$BTFCC" $opts -fpch-report -Winvalid-pch -c dm.c -o dm.o 2>note
  if ! grep -q "d.h.gch: parser state loaded" note; then
    fail "pch state ($opts): the state is not loaded ($(head -1 note))"; continue
  fi
  d_outputs gch$n "$opts"
  same=1
  for f in ds do dt dd ddiag; do
    cmp -s "$f.text$n" "$f.gch$n" || { same=0; fail "pch state ($opts): $f output differs with the .gch"; }
  done
  [ -s "ds.text$n" ] && grep -q "^d.h:11:8: note: originally defined here" "ddiag.text$n" &&
    grep -q "^d.h:18:5: note: previous declaration of 'area'" "ddiag.text$n" && [ $same = 1 ] &&
    pass "pch state ($opts): the state loaded; -S -dA, -c, -fdump-tree, -MD and diagnostics into the header identical"
done
# Declarations of the header completed or redefined after it, from the
# state: a tentative definition defined, an array of unknown size given
# one, a struct completed, a prototype defined, an anonymous enum and
# typedef, a static, a section attribute, _Static_assert.
cat > j.h <<'EOF'
#ifndef J_H
#define J_H
int tentative;
static int file_static;
extern int arr[];
struct later;
struct later *lp;
enum { ANON_A = 5, ANON_B };
typedef struct { int q; } anon_t;
int proto(int, ...);
_Static_assert(sizeof(int) == 4, "int");
__attribute__((section(".data.x"))) extern int sec_var;
#endif
EOF
cat > jm.c <<'EOF'
#include "j.h"
int tentative = 3;
int arr[5];
struct later { int l; };
int proto(int a, ...) { return a + ANON_B + file_static; }
anon_t at;
int sec_var = 1;
int use(void) { return lp->l + arr[1]; }
EOF
bad=()
for opts in "-g" "-gbtf" "-gctf" "--target=bpf -O2 -g" "-gdwarf-4 -gbtf"; do
  rm -f j.h.gch j.t.s j.t.o
  "$BTFCC" $opts -S -dA jm.c -o j.t.s 2>/dev/null; "$BTFCC" $opts -c jm.c -o j.t.o 2>/dev/null
  "$BTFCC" $opts -x c-header j.h -o j.h.gch 2>/dev/null
  "$BTFCC" $opts -fpch-report -S -dA jm.c -o j.g.s 2>note; "$BTFCC" $opts -c jm.c -o j.g.o 2>/dev/null
  grep -q "parser state loaded" note && [ -s j.t.o ] && cmp -s j.t.s j.g.s && cmp -s j.t.o j.g.o || bad+=("$opts")
done
[ ${#bad[@]} = 0 ] && pass "pch state: declarations completed and defined after the header: -S -dA and -c identical (5 option sets)" ||
  fail "pch state: declarations completed after the header differ: ${bad[*]}"
# What a lazy decode of the state (object by object, when the program
# first names it) would have to get right, checked on the eager one: a
# header type first used inside a function body, through a typedef
# chain, through its tag only (struct by_tag *), by sizeof and
# __typeof__, header declarations redeclared and defined, and types
# never used.  One trap in particular: lz.h's unused typedef first_p is
# the first to name `struct first *`, and that puts the pointer before
# struct holder in gcc-16's BTF although only struct holder is used
# (gcc-16 is the oracle for that order, from the text): a decoder that
# skipped unused declarations would move it.
cat > lz.h <<'EOF'
#ifndef LZ_H
#define LZ_H
struct first { int a; };
struct second { long b; };
typedef struct first *first_p;
struct holder { struct second *s; struct first *f; };
typedef unsigned int u32_t;
typedef u32_t id_t;
typedef id_t key_t;
struct by_tag { int t; char name[16]; };
struct by_size { long x[3]; };
struct by_typeof { short y; const char *why; };
extern struct by_typeof typeof_src;
extern int redeclared(int);
extern int redeclared_var;
enum body_enum { BE_A = 7, BE_B };
struct body_only { int z; unsigned char bits : 3; };
struct never_used { int n; struct first *f; };
typedef struct never_used never_t;
#endif
EOF
cat > lzo.c <<'EOF'
#include "lz.h"
struct holder h;
key_t k;
struct by_tag *tp;
int sz = sizeof(struct by_size);
__typeof__(typeof_src) ts;
int body(void) { struct body_only bo = { BE_B, 1 }; return bo.z + tp->t; }
EOF
{ cat lzo.c; cat <<'EOF'
extern int redeclared(int);
int redeclared_var = 2;
int redeclared(int v) { return v + redeclared_var; }
int body2(void) {
  enum body_enum e = BE_A;
  return e + tp->name[1] + sizeof(key_t);
}
EOF
} > lz.c
if [ -x "$GCC" ] && command -v bpftool >/dev/null; then
  rm -f lz.h.gch
  "$GCC" -gbtf -c lzo.c -o lzo.gcc.o && "$BTFCC" -gbtf -c lzo.c -o lzo.text.o &&
    bpftool btf dump file lzo.gcc.o > lzo.gcc.btf && bpftool btf dump file lzo.text.o > lzo.text.btf &&
    grep -q "^\[5\] PTR '(anon)' type_id=1$" lzo.gcc.btf && cmp -s lzo.gcc.btf lzo.text.btf &&
    pass "pch lazy traps: from the text, BTF as gcc-16's (struct first * placed by the unused typedef)" ||
    fail "pch lazy traps: the text's BTF is not gcc-16's"
else
  skip "pch lazy traps: the text against gcc-16 (no gcc-16 or bpftool)"
fi
bad=() loaded=0 modes=0
for m in "-gbtf -c" "-g -c" "-gctf -c" "-gbtf -S -dA" "-g -S -dA" "-gctf -S -dA" \
         "-g -fno-eliminate-unused-debug-types -S -dA" "--target=bpf -O2 -g -c"; do
  opts=${m% -S -dA}; opts=${opts% -c}
  for src in lzo lz; do
    modes=$((modes + 1))
    rm -f lz.h.gch lz.t.out lz.g.out
    "$BTFCC" $m $src.c -o lz.t.out 2>lz.t.err
    "$BTFCC" $opts -x c-header lz.h -o lz.h.gch 2>/dev/null
    "$BTFCC" $m -fpch-report $src.c -o lz.g.out 2>lz.g.err
    grep -q "lz.h.gch: parser state loaded" lz.g.err && loaded=$((loaded + 1))
    grep -v "^btfcc: note: " lz.g.err > lz.g.diag
    [ -s lz.t.out ] && cmp -s lz.t.out lz.g.out && cmp -s lz.t.err lz.g.diag || bad+=("$src: $m")
  done
done
[ ${#bad[@]} = 0 ] && [ $loaded = $modes ] &&
  pass "pch lazy traps: state loaded, $modes outputs identical with the .gch (body, typedef chain, tag only, sizeof, typeof, redeclarations)" ||
  fail "pch lazy traps: loaded $loaded of $modes; differ: ${bad[*]}"
rm -f lz.h.gch

# BTF pruned to what the unit uses (--target=bpf's default, or
# -gprune-btf) with no other debug output: the ids come from a walk from the unit's functions and
# variables, so the header's typedefs and tags are described only where
# something reaches them (debug/build.c; -fpch-report says so) -- except
# where describing them later could say something else: a qualified type
# whose nearest less-qualified variant (the one its qualifier DIEs stack
# on) was made after it (q.h: `volatile int` after cv_t), a typedef of an
# array of volatile elements whose description makes `volatile varr_t`
# (a.h), btf tags (tg.h: DECL_TAGs follow the order of the DIEs).  Each
# of those, described from the roots, puts CONST and VOLATILE or the two
# DECL_TAGs the other way round.
cat > q.h <<'EOF'
#ifndef Q_H
#define Q_H
typedef const volatile int cv_t;
typedef volatile int v_t;
struct qs { cv_t a; int b; };
#endif
EOF
printf '#include "q.h"\nstruct qs g;\nint use(void) { return g.a + g.b; }\n' > q.c
cat > a.h <<'EOF'
#ifndef A_H
#define A_H
typedef volatile int varr_t[2];
struct unused_holder { varr_t m; };
#endif
EOF
printf '#include "a.h"\nint f(const volatile varr_t *p) { return (*p)[0]; }\n' > a.c
cat > tg.h <<'EOF'
#ifndef TG_H
#define TG_H
typedef int t1 __attribute__((btf_decl_tag("one")));
typedef int t2 __attribute__((btf_decl_tag("two")));
#endif
EOF
printf '#include "tg.h"\nt2 second;\nt1 first;\n' > tg.c
bad=()
for opts in "--target=bpf -O2 -g" "-O2 -gbtf -gprune-btf"; do
  for case in lz:lz:1 lzo:lz:1 q:q:0 a:a:0 tg:tg:0; do
    IFS=: read -r src h roots <<< "$case"
    rm -f "$h.h.gch"
    "$BTFCC" $opts -c $src.c -o r.t.o 2>r.t.err
    "$BTFCC" $opts -x c-header $h.h -o $h.h.gch 2>/dev/null
    "$BTFCC" $opts -fpch-report -c $src.c -o r.g.o 2>r.g.err
    said=0; grep -q "types described where the unit reaches them" r.g.err && said=1
    grep -v "^btfcc: note: " r.g.err > r.g.diag
    grep -q "parser state loaded" r.g.err && [ -s r.t.o ] && cmp -s r.t.o r.g.o &&
      cmp -s r.t.err r.g.diag && [ $said = $roots ] || bad+=("$opts: $src (from the roots: $said)")
    rm -f "$h.h.gch"
  done
done
[ ${#bad[@]} = 0 ] &&
  pass "pch state: objects identical with the header described from the roots (lz.c, lzo.c) and where it cannot be (q.c, a.c, tg.c), for BPF and x86 -gprune-btf" ||
  fail "pch state described from the roots: ${bad[*]}"

# One thread or two: the state is loaded on the parser's thread either way.
BTFCC_THREADS=0 "$BTFCC" -std=gnu17 -gbtf -gdwarf-4 -fpch-report -S -dA dm.c -o ds.one 2>note
grep -q "parser state loaded" note && cmp -s ds.one "ds.text$n" &&
  pass "pch state: loaded and identical with the preprocessor on the parser's thread" ||
  fail "pch state: with BTFCC_THREADS=0"
# A header with a function body keeps the token replay.
rm -f h.h.gch; "$BTFCC" -gbtf -x c-header h.h -o h.h.gch
"$BTFCC" -gbtf -fpch-report -c m.c -o m.o 2>note
grep -q "h.h.gch: tokens replayed" note && pass "pch: a header with a function body replays its tokens" ||
  fail "pch: a header with a function body ($(head -1 note))"
# A damaged state (the file's checksum made right again): refused with
# -Winvalid-pch's warning, the header read as text, the same output; never
# a crash.  (rewrap_state GCH POS BYTE: the state's byte POS set to BYTE.)
rewrap_state() {
  python3 - "$@" <<'EOF'
import struct, sys
path, pos, byte = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = bytearray(open(path, 'rb').read())
at = data.find(b'btfccST2')
if at < 0 or at + pos >= len(data):
    sys.exit(1)
data[at + pos] = byte
M = (1 << 64) - 1
def mix(h):
    h ^= h >> 32; h = (h * 0xd6e8feb86659fd93) & M; h ^= h >> 32; return h
p = bytes(data[64:]); n = len(p); h = 0x9e3779b97f4a7c15 ^ n; i = 0
while n - i >= 8:
    h = mix(h ^ struct.unpack_from('<Q', p, i)[0]); i += 8
tail = int.from_bytes(p[i:] + bytes(8 - (n - i)), 'little')
h = mix(h ^ tail ^ (((n - i) << 56) & M))
struct.pack_into('<I', data, 56, h & 0xffffffff)
open(path, 'wb').write(data)
EOF
}
if command -v python3 >/dev/null; then
  rm -f d.h.gch; "$BTFCC" -gbtf -x c-header d.h -o good_d.gch
  "$BTFCC" -gbtf -c dm.c -o dm.text.o 2>/dev/null
  cp good_d.gch d.h.gch; rewrap_state d.h.gch 7 88
  "$BTFCC" -gbtf -Winvalid-pch -c dm.c -o dm.gch.o 2>err
  grep -q "d.h.gch: not used because its parser state is damaged (not a btfcc sema state) \[-Winvalid-pch\]" err &&
    cmp -s dm.text.o dm.gch.o && pass "pch state: a damaged state is refused with -Winvalid-pch's warning, the text read" ||
    { fail "pch state: a damaged state"; head -3 err; }
  size=$(stat -c %s good_d.gch) refused=0 used=0 bad=0
  for pos in $(seq 9 37 2000); do
    cp good_d.gch d.h.gch
    rewrap_state d.h.gch "$pos" $(( (pos * 7 + 1) % 256 )) || continue
    "$BTFCC" -gbtf -Winvalid-pch -c dm.c -o dm.gch.o 2>err; rc=$?
    if grep -q "parser state is damaged" err; then
      cmp -s dm.text.o dm.gch.o && [ $rc = 0 ] && refused=$((refused + 1)) || { bad=$((bad + 1)); echo "state byte $pos: refused, but exit $rc or output differs"; }
    elif [ $rc -gt 1 ]; then
      bad=$((bad + 1)); echo "state byte $pos: exit $rc"; head -2 err
    else
      used=$((used + 1))
    fi
  done
  [ $bad = 0 ] && [ $refused -gt 0 ] &&
    pass "pch state: $((refused + used)) damaged states: $refused refused with the text's output, $used taken (a changed line or name), no crash" ||
    fail "pch state: $bad damaged states crashed or fell back wrongly"
  rm -f d.h.gch
else
  skip "pch state: damaged states (no python3)"
fi

# The .gch is used: h.h edited after it was made (same size, same time).
rm -f h.h.gch
"$BTFCC" -gbtf h.h 2>/dev/null
[ -s h.h.gch ] && pass "btfcc h.h writes h.h.gch" || fail "btfcc h.h writes h.h.gch"
cp -p h.h h.h.orig
sed -i 's/#define N 3/#define N 4/' h.h; touch -r h.h.orig h.h
printf '#include "h.h"\n_Static_assert(N == 3, "N is 3");\n' > n.c
"$BTFCC" -gbtf -E n.c | grep -q '_Static_assert(4 == 3' && "$BTFCC" -gbtf -fsyntax-only n.c &&
  pass "the .gch is read (an edit with h.h's old time is not seen)" ||
  fail "the .gch is read (an edit with h.h's old time is not seen)"
touch h.h   # a newer time: the text again
"$BTFCC" -gbtf -Winvalid-pch -fsyntax-only n.c 2>err
grep -q "error: static assertion failed" err &&
  grep -q "h.h.gch: not used because 'h.h' has changed since the .gch was made" err &&
  pass "a header changed since its .gch: read as text, with a warning" ||
  { fail "a header changed since its .gch"; head -3 err; }
mv h.h.orig h.h

# A .gch is used only by the main file's first #include, before any token.
rm -f h.h.gch; "$BTFCC" -gbtf h.h
printf 'int before;\n#include "h.h"\nint v = N;\n' > late.c
"$BTFCC" -gbtf -Winvalid-pch -S late.c -o late.s 2>err && [ ! -s err ] &&
  pass "no .gch after a token (read as text, silently, as gcc-16)" ||
  fail "no .gch after a token"

# An identifier poisoned before the #include: the text, whose uses of it
# are errors.
printf '#pragma GCC poison twice\n#include "h.h"\n' > poison.c
"$BTFCC" -gbtf -Winvalid-pch -fsyntax-only poison.c 2>err
grep -q 'attempt to use poisoned "twice"' err && grep -q "not used because an identifier is poisoned" err &&
  pass "a poisoned identifier: the .gch is not used" || { fail "a poisoned identifier"; head -3 err; }

# --- validity: gcc-16's wording ---
cat > v.h <<'EOF'
#ifdef BAR
int bar;
#endif
struct s { int a; };
#define X FOO
EOF
printf '#include "v.h"\nint main(void) { return X; }\n' > v.c
wording() { sed -n 's/^v\.c:1:15: warning: v\.h\.gch: \(.*\) \[-Winvalid-pch\]$/\1/p' "$1"; }
# vcase NAME OPTS [ORACLE]: gcc-16 and btfcc, each with its own .gch made
# with -DFOO=1; ORACLE=1: the same words as gcc-16's; ORACLE=used: the
# .gch is used, as gcc-16 uses its own.
have_gcc=1; [ -x "$GCC" ] || { have_gcc=0; skip "pch validity wording (no gcc-16)"; }
"$BTFCC" -DFOO=1 -x c-header v.h -o v.h.gch
"$BTFCC" -DFOO=1 -c v.c -o v.text.o  # (the .gch used: the reference)
vcase() {
  local name=$1 opts=$2 oracle=${3:-0} want=""
  rm -f v.h.gch; "$BTFCC" -DFOO=1 -x c-header v.h -o v.h.gch
  "$BTFCC" -Winvalid-pch $opts -c v.c -o v.pch.o 2> v.err.b
  rc=$?
  rm -f v.h.gch; "$BTFCC" $opts -c v.c -o v.ref.o 2>/dev/null
  got=$(wording v.err.b)
  if [ $have_gcc = 1 ] && [ "$oracle" != 0 ]; then
    rm -f v.h.gch; "$GCC" -DFOO=1 -x c-header v.h -o v.h.gch
    "$GCC" -Winvalid-pch $opts -c v.c -o /dev/null 2> v.err.g
    want=$(wording v.err.g)
  fi
  if [ "$rc" != 0 ] && ! grep -q error v.err.b; then
    fail "pch validity $name: exit $rc"
  elif [ "$oracle" = used ]; then
    [ -z "$got" ] && [ -z "$want" ] && pass "pch validity $name: used, no warning (as gcc-16)" ||
      fail "pch validity $name: btfcc '$got', gcc-16 '$want'"
  elif [ -z "$got" ]; then
    fail "pch validity $name: no -Winvalid-pch warning"; head -3 v.err.b
  elif [ -f v.ref.o ] && ! cmp -s v.pch.o v.ref.o; then
    fail "pch validity $name: the fall-back differs from the text"
  elif [ "$oracle" = 1 ] && [ $have_gcc = 1 ] && [ "$got" != "$want" ]; then
    fail "pch validity $name: '$got', gcc-16: '$want'"
  else
    pass "pch validity $name: '$got'$([ "$oracle" = 1 ] && echo ' (as gcc-16)')"
  fi
  rm -f v.pch.o v.ref.o
}
vcase "same macros" "-DFOO=1" used
vcase "a new macro the header does not use" "-DFOO=1 -DBAZ" used
vcase "BTF (not debug information for gcc-16's rule)" "-DFOO=1 -gbtf" used
vcase "a macro defined otherwise" "-DFOO=2" 1
vcase "a macro not defined" "" 1
vcase "a new macro the header uses" "-DFOO=1 -DBAR" 1
vcase "a predefined macro undefined" "-DFOO=1 -U__STDC_HOSTED__" 1
vcase "debug information" "-DFOO=1 -g" 1
vcase "DWARF 4" "-DFOO=1 -gdwarf-4" 1
vcase "-std=gnu17" "-DFOO=1 -std=gnu17"
vcase "-O1" "-DFOO=1 -O1" 1
vcase "-O2" "-DFOO=1 -O2"
vcase "--target=bpf" "-DFOO=1 --target=bpf"
# no warning without -Winvalid-pch
rm -f v.h.gch; "$BTFCC" -DFOO=1 -x c-header v.h -o v.h.gch
"$BTFCC" -DFOO=2 -c v.c -o v.o 2>err && [ ! -s err ] &&
  pass "pch: no warning without -Winvalid-pch" || fail "pch: no warning without -Winvalid-pch"

# --- damaged files ---
"$BTFCC" -DFOO=1 -x c-header v.h -o good.gch
size=$(stat -c %s good.gch)
# damaged NAME WORDS: v.h.gch as prepared falls back with WORDS
# (gcc-16's, for a file of the same damage: ORACLE_GCH given).
damaged() {
  local name=$1 words=$2
  "$BTFCC" -Winvalid-pch -DFOO=1 -c v.c -o v.pch.o 2> v.err.b; local rc=$?
  local got; got=$(wording v.err.b)
  if [ $rc != 0 ] || ! cmp -s v.pch.o v.text.o; then
    fail "pch damaged $name: exit $rc or output differs"; head -3 v.err.b
  elif [ -n "$words" ] && [ "$got" != "$words" ]; then
    fail "pch damaged $name: '$got', want '$words'"
  elif [ -z "$got" ]; then
    fail "pch damaged $name: no warning"
  else
    pass "pch damaged $name: '$got'"
  fi
}
flip() { cp "$1" v.h.gch; printf "\\x$3" | dd of=v.h.gch bs=1 seek="$2" conv=notrunc 2>/dev/null; }
printf garbage > v.h.gch; damaged "7 bytes" "too short to be a PCH file"
flip good.gch 0 41; damaged "magic" "not a PCH file"
flip good.gch 8 09; damaged "version" "not compatible with this GCC version"
flip good.gch 17 ff; damaged "build id" "created by a different GCC executable"
if [ $have_gcc = 1 ]; then
  # gcc-16's words for the same damage to its own file
  "$GCC" -DFOO=1 -x c-header v.h -o g.gch
  for c in "0 41 not a PCH file" "5 39 not compatible with this GCC version" "10 00 created by a different GCC executable"; do
    set -- $c; flip g.gch "$1" "$2"; shift 2
    "$GCC" -Winvalid-pch -DFOO=1 -c v.c -o /dev/null 2> v.err.g
    [ "$(wording v.err.g)" = "$*" ] && pass "gcc-16's words: $*" || fail "gcc-16's words: $* (got $(wording v.err.g))"
  done
fi
bad=0 total=0
for len in 0 1 16 63 64 65 66 70 80 100 200 500 1000 2000 $((size / 3)) $((size / 2)) $((size - 100)) $((size - 10)) $((size - 2)) $((size - 1)); do
  [ "$len" -lt "$size" ] || continue
  head -c "$len" good.gch > v.h.gch
  total=$((total + 1))
  "$BTFCC" -Winvalid-pch -DFOO=1 -c v.c -o v.pch.o 2> v.err.b && cmp -s v.pch.o v.text.o &&
    [ -n "$(wording v.err.b)" ] || { bad=$((bad + 1)); echo "truncated at $len: $(head -1 v.err.b)"; }
done
step=$(( (size - 64) / 64 + 1 ))
for ((pos = 64; pos < size; pos += step)); do
  flip good.gch "$pos" "$(printf '%02x' $(( ($(od -An -tu1 -j "$pos" -N1 good.gch) + 1) % 256 )))"
  total=$((total + 1))
  "$BTFCC" -Winvalid-pch -DFOO=1 -c v.c -o v.pch.o 2> v.err.b && cmp -s v.pch.o v.text.o &&
    [ -n "$(wording v.err.b)" ] || { bad=$((bad + 1)); echo "byte $pos flipped: $(head -1 v.err.b)"; }
done
[ $bad = 0 ] && pass "pch: $total truncated or flipped .gch files fall back with a warning" ||
  fail "pch: $bad of $total damaged .gch files"
rm -f v.h.gch
# A directory v.h.gch: GCC's candidates, each file tried in turn (btfcc:
# in name order) until one is valid; each refusal is warned about.
# dircase OPTS: btfcc's warnings and output with its own a.gch (-DFOO=2)
# and b.gch (-DFOO=1), gcc-16's with its own.
dircase() {
  local cc=$1 opts=$2
  rm -rf v.h.gch; mkdir v.h.gch
  "$cc" -DFOO=1 -x c-header v.h -o v.h.gch/b.gch && "$cc" -DFOO=2 -x c-header v.h -o v.h.gch/a.gch
  "$cc" -Winvalid-pch $opts -c v.c -o v.dir.o 2> v.err
  sed -n 's/^v\.c:1:15: warning: \(.*\) \[-Winvalid-pch\]$/\1/p' v.err
}
for opts in -DFOO=1 -DFOO=3; do
  got=$(dircase "$BTFCC" "$opts")
  "$BTFCC" $opts -c v.c -o v.txt.o 2>/dev/null
  cmp -s v.dir.o v.txt.o || [ "$opts" = -DFOO=3 ] || fail "pch directory ($opts): output differs"
  if [ $have_gcc = 1 ]; then
    want=$(dircase "$GCC" "$opts")
    [ -n "$got" ] && [ "$got" = "$want" ] && pass "pch directory of candidates ($opts): as gcc-16 ($(echo "$got" | wc -l) warnings)" ||
      { fail "pch directory of candidates ($opts)"; diff <(echo "$want") <(echo "$got") | head -5; }
  fi
done
rm -rf v.h.gch

# --- vmlinux.h and a BPF program ---
prog=$TESTROOT/bpf/progs/core.c
sel=$HOME/.cache/btfcc-oracles/selftests
if [ ! -r /sys/kernel/btf/vmlinux ] || ! command -v bpftool >/dev/null; then
  skip "pch vmlinux.h (no /sys/kernel/btf/vmlinux or bpftool)"; exit 0
fi
mkdir -p bpf && cd bpf
bpftool btf dump file /sys/kernel/btf/vmlinux format c > vmlinux.h
cp "$prog" .
flags=(--target=bpf -std=gnu17 -O2 -g -D__TARGET_ARCH_x86 -idirafter /usr/include/x86_64-linux-gnu)
[ -d "$sel/build/include" ] && flags+=(-I"$sel/build/include")
if ! "$BTFCC" "${flags[@]}" -c core.c -o text.o 2>err; then
  skip "pch vmlinux.h (core.c does not compile here: $(grep -m1 error err))"; exit 0
fi
"$BTFCC" "${flags[@]}" -S core.c -o text.s
"$BTFCC" "${flags[@]}" vmlinux.h
"$BTFCC" "${flags[@]}" -Winvalid-pch -c core.c -o gch.o 2>err
"$BTFCC" "${flags[@]}" -Winvalid-pch -S core.c -o gch.s 2>>err
[ -s vmlinux.h.gch ] && [ ! -s err ] && cmp -s text.o gch.o && cmp -s text.s gch.s &&
  pass "pch vmlinux.h: core.c's BPF object and -S identical with vmlinux.h.gch ($(stat -c %s vmlinux.h.gch) bytes)" ||
  { fail "pch vmlinux.h: core.c with vmlinux.h.gch"; head -3 err; }
# The .gch itself is deterministic: the same bytes written again, and
# written with the preprocessor on the main thread (BTFCC_THREADS=0).
"$BTFCC" "${flags[@]}" vmlinux.h -o again.gch
BTFCC_THREADS=0 "$BTFCC" "${flags[@]}" vmlinux.h -o one_thread.gch
[ -s again.gch ] && cmp -s vmlinux.h.gch again.gch && cmp -s vmlinux.h.gch one_thread.gch &&
  pass "pch vmlinux.h: the .gch has the same bytes when made again, on one thread or two" ||
  fail "pch vmlinux.h: the .gch differs from run to run or by thread count"
# The state of vmlinux.h: loaded, and the kernel's own selftests built
# against it as from the text (the selftests' flags, tests/bpf/lib.bash;
# the .gch made with each program's own flags, beside a copy of
# vmlinux.h searched first): -c and -S, and find_vma's error after it.
"$BTFCC" "${flags[@]}" -fpch-report -c core.c -o gch.o 2>note
grep -q "vmlinux.h.gch: parser state loaded" note &&
  grep -q "the header's types described where the unit reaches them" note &&
  pass "pch vmlinux.h: the .gch's parser state is loaded, its types described where core.c reaches them" ||
  fail "pch vmlinux.h: the state is not loaded, or its types not described from the roots ($(head -2 note | tr "\n" " "))"
ROOT=$(cd "$TESTROOT/.." && pwd)
. "$TESTROOT/bpf/lib.bash"
bpf_setup || { skip "pch vmlinux.h selftests ($BPF_SKIP)"; exit 0; }
mkdir -p "$TMPDIR/vm" && cp "$BPF_VMLINUX_DIR/vmlinux.h" "$TMPDIR/vm/"
progs=(core_kern bpf_loop cgroup_hierarchical_stats get_func_ip_test btf_type_tag find_vma)
bad=() loaded=0
for name in "${progs[@]}"; do
  bpf_compile_cmd "$BTFCC" "$BPF_PROGS/$name.c" "$TMPDIR/vm/$name.o"
  cmd=("${BPF_CMD[0]}" -I"$TMPDIR/vm" "${BPF_CMD[@]:1}")
  # the same command for the header (-c SRC -o OUT left out) and for -S
  hdr=() asm=() skipnext=0
  for a in "${cmd[@]}"; do
    if [ $skipnext = 1 ]; then skipnext=0; continue; fi
    case $a in
      -c) asm+=(-S) ;;
      -o) skipnext=1; asm+=(-o "$TMPDIR/vm/$name.s.TAG") ;;
      "$BPF_PROGS/$name.c") asm+=("$a") ;;
      *) hdr+=("$a"); asm+=("$a") ;;
    esac
  done
  rm -f "$TMPDIR/vm/vmlinux.h.gch"
  "${cmd[@]/%$name.o/$name.text.o}" 2> "$TMPDIR/vm/$name.text.err"
  "${asm[@]/%.s.TAG/.s.text}" 2>/dev/null
  "${hdr[@]}" "$TMPDIR/vm/vmlinux.h" -o "$TMPDIR/vm/vmlinux.h.gch" 2>/dev/null
  "${cmd[@]/%$name.o/$name.gch.o}" -fpch-report 2> "$TMPDIR/vm/$name.gch.err"
  "${asm[@]/%.s.TAG/.s.gch}" 2>/dev/null
  grep -q "parser state loaded" "$TMPDIR/vm/$name.gch.err" && loaded=$((loaded + 1))
  grep -v "^btfcc: note: " "$TMPDIR/vm/$name.gch.err" > "$TMPDIR/vm/$name.gch.diag"
  if ! cmp -s "$TMPDIR/vm/$name.text.err" "$TMPDIR/vm/$name.gch.diag"; then
    bad+=("$name:diagnostics")
  elif [ -f "$TMPDIR/vm/$name.text.o" ] || [ -f "$TMPDIR/vm/$name.gch.o" ]; then
    cmp -s "$TMPDIR/vm/$name.text.o" "$TMPDIR/vm/$name.gch.o" || bad+=("$name:-c")
    cmp -s "$TMPDIR/vm/$name.s.text" "$TMPDIR/vm/$name.s.gch" || bad+=("$name:-S")
  fi
done
[ ${#bad[@]} = 0 ] && [ $loaded = ${#progs[@]} ] && grep -q "error:" "$TMPDIR/vm/find_vma.text.err" &&
  pass "pch vmlinux.h: ${#progs[@]} selftests (${progs[*]}): state loaded, objects, -S and diagnostics identical" ||
  fail "pch vmlinux.h selftests: loaded $loaded of ${#progs[@]}; differ: ${bad[*]}"
