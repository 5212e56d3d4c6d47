#!/usr/bin/env bash
# The #include rules of the house (tests/house/includes.py): the debug
# model, the BTF, CTF and DWARF emitters know nothing of the parser or sema
# (but the one file that translates sema into the model), the
# preprocessor nothing of the parser, and the attribute and builtin
# tables (lang/) sit below both.  Then the checker itself is shown to
# fail on a tree that breaks each kind of rule, so this test cannot pass
# by reading nothing.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
python3 tests/house/includes.py src

# A broken copy of the headers must be caught.
t=${TMPDIR:-/tmp}/includes.$$
for case in "debug/debug.h:../parse/parse.h" "btf/btf_format.h:../sema/type.h" \
            "dwarf/dwarf_consts.h:../debug/build.c" "ctf/ctf_format.h:../sema/type.h" "cpp/token.h:../parse/parser.h" \
            "lang/lang.h:../cpp/cpp.h"; do
  file=${case%%:*} inc=${case#*:}
  rm -rf "$t"; mkdir -p "$t"; cp -r src/. "$t/"
  printf '#include "%s"\n' "$inc" >>"$t/$file"
  check "a broken rule is caught: $file includes $inc" \
    eval '! python3 tests/house/includes.py "$t" >/dev/null'
done
rm -rf "$t"
