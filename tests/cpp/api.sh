#!/usr/bin/env bash
# The token stream the parser reads (cpp_next): kinds, exact 1-based
# line:col, flags, spellings of spliced identifiers and digraphs, the
# pragma tokens the parser gets (pack macro-expanded), #line renaming.
# Builds a small client of the library ($BUILD/libbtfcc.a).
source "$TESTROOT/lib.sh"

root=$(cd "$TESTROOT/.." && pwd)
lib=$root/${BUILD:-build}/libbtfcc.a
[ -f "$lib" ] || { skip "cpp api (no $lib)"; exit 0; }
san=
case "${BUILD:-build}" in *san*) san="-fsanitize=address,undefined" ;; esac
cd "$TMPDIR"
cat > api.c <<'EOT'
#include "cpp/cpp.h"
#include <string.h>
static const char *kinds[] = {"EOF", "IDENT", "NUMBER", "CHAR", "STRING",
                              "PUNCT", "OTHER", "PRAGMA", "PRAGMA_END"};
int main(int argc, char **argv) {
  Compilation *c = ctx_new();
  ctx_enter(c);
  CppOptions o = {0};
  Cpp *cpp = cpp_new(&o);
  if (argc > 2 ? !cpp_open_buffer(cpp, argv[1], argv[2], strlen(argv[2]))
               : !cpp_open_main(cpp, argv[1]))
    return 1;
  for (const Token *t; (t = cpp_next(cpp))->kind != TK_EOF;) {
    printf("%s %u:%u %s%s%s", kinds[t->kind], srcloc_line(t->loc), t->loc.col,
           t->flags & TF_BOL ? "B" : "-", t->flags & TF_SPACE ? "S" : "-",
           t->flags & TF_NOEXPAND ? "N" : "-");
    if (t->kind == TK_PUNCT)
      printf(" %s", punct_spelling(t->punct));
    else if (t->kind == TK_PRAGMA)
      printf(" parser=%u", t->punct);
    printf(" [%.*s]", (int)t->len, t->text);
    if (t->kind == TK_IDENT)
      printf(" id=%s", t->ident->name);
    printf(" %s\n", srcloc_file(t->loc));
  }
  int rc = diag_error_count() != 0;
  cpp_free(cpp);
  ctx_free(c);
  return rc;
}
EOT
if ! ${CC:-cc} -std=c17 -D_GNU_SOURCE $san -I"$root/src" -I"$root/${BUILD:-build}/gen" \
     api.c "$lib" -o api 2> cc.err; then
  fail "cpp api (does not build)"; cat cc.err; exit 0
fi

printf 'int x;\n  a\\\nb = 1;\n#define N 4\n#pragma pack(push, N)\n#pragma omp parallel\n#pragma GCC poison zz\nstruct s; <: %%> L"w" u8"u" '"'"'c'"'"' 1.5e+3 ... >>= %%:%%:\n_Pragma("pack(2)") y\n#define F(x) [x]\n F(\n1)\n#line 50 "other.c"\nz\t$q\n' > in.c
cat > want.txt <<'EOT'
IDENT 1:1 B-- [int] id=int in.c
IDENT 1:5 -S- [x] id=x in.c
PUNCT 1:6 --- ; [;] in.c
IDENT 2:3 BS- [ab] id=ab in.c
PUNCT 3:3 -S- = [=] in.c
NUMBER 3:5 -S- [1] in.c
PUNCT 3:6 --- ; [;] in.c
PRAGMA 5:2 --- parser=1 [pragma] in.c
IDENT 5:9 -SN [pack] id=pack in.c
PUNCT 5:13 --N ( [(] in.c
IDENT 5:14 --N [push] id=push in.c
PUNCT 5:18 --N , [,] in.c
NUMBER 5:20 --N [4] in.c
PUNCT 5:21 --N ) [)] in.c
PRAGMA_END 5:2 --- [] in.c
IDENT 8:1 B-- [struct] id=struct in.c
IDENT 8:8 -S- [s] id=s in.c
PUNCT 8:9 --- ; [;] in.c
PUNCT 8:11 -S- [ [<:] in.c
PUNCT 8:14 -S- } [%>] in.c
STRING 8:17 -S- [L"w"] in.c
STRING 8:22 -S- [u8"u"] in.c
CHAR 8:28 -S- ['c'] in.c
NUMBER 8:32 -S- [1.5e+3] in.c
PUNCT 8:39 -S- ... [...] in.c
PUNCT 8:43 -S- >>= [>>=] in.c
PUNCT 8:47 -S- ## [%:%:] in.c
PRAGMA 9:1 B-- parser=1 [pragma] in.c
IDENT 9:1 --N [pack] id=pack in.c
PUNCT 9:1 --N ( [(] in.c
NUMBER 9:1 --N [2] in.c
PUNCT 9:1 --N ) [)] in.c
PRAGMA_END 9:1 --- [] in.c
IDENT 9:20 -S- [y] id=y in.c
PUNCT 11:2 BS- [ [[] in.c
NUMBER 12:1 --- [1] in.c
PUNCT 11:2 --- ] []] in.c
IDENT 50:1 B-- [z] id=z other.c
IDENT 50:3 -S- [$q] id=$q other.c
EOT
./api in.c > got.txt 2> err.txt
if cmp -s want.txt got.txt && [ ! -s err.txt ]; then
  pass "cpp api token stream"
else
  fail "cpp api token stream"; diff want.txt got.txt; cat err.txt
fi

# A main file held in memory (what the fuzzer uses), with an error.
./api mem.c $'#define A(x) #x\nA(1 2) A(3\n' > got.txt 2> err.txt
if [ $? -eq 1 ] && grep -q '^STRING 2:1 B-- \["1 2"\] mem.c' got.txt &&
   grep -q '^mem.c:2:8: error: unterminated argument list invoking macro "A"' err.txt; then
  pass "cpp api in-memory buffer"
else
  fail "cpp api in-memory buffer"; cat got.txt err.txt
fi
