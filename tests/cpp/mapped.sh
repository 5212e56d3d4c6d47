#!/usr/bin/env bash
# Source files are mapped, not read, when their last page has room for
# the NUL that ends the text (src/cpp/files.c, map_fd); a file whose size
# is a multiple of the page size, an empty one and standard input are
# read.  Each shape is compared with gcc -E token for token: headers of
# one byte under, at and over a page and two pages, each ending in an
# identifier with no newline after it (the lexer must stop at the end of
# the file in both kinds of text), and trigraphs replaced in a mapped
# file under -std=c99 (a private mapping: the file itself is unchanged).
source "$TESTROOT/lib.sh"
source "$TESTROOT/cpp/common.bash"

have gcc || { skip "cpp mapped files (no gcc)"; exit 0; }
cd "$TMPDIR"
page=$(getconf PAGESIZE 2>/dev/null || echo 4096)

# make_header NAME SIZE: NAME.h of exactly SIZE bytes, a declaration
# first, blanks, and an identifier as its last bytes.
make_header() {
  local head="int $1_first;" tail="int $1_last"
  local pad=$(($2 - ${#head} - ${#tail}))
  { printf '%s' "$head"; head -c "$pad" /dev/zero | tr '\0' ' '; printf '%s' "$tail"; } > "$1.h"
  [ "$(wc -c < "$1.h")" -eq "$2" ]
}

# same_as_gcc NAME ARGS...: btfcc -E and gcc -E give the same tokens.
same_as_gcc() {
  local n=$1; shift
  if ! "$BTFCC" -E -P "$@" -o "$n.btfcc" 2>"$n.err"; then
    fail "$n (btfcc failed: $(head -1 "$n.err"))"; return
  fi
  gcc -E -P "$@" -o "$n.gcc" 2>/dev/null || { fail "$n (gcc failed)"; return; }
  if [ "$(normalize < "$n.btfcc")" = "$(normalize < "$n.gcc")" ]; then
    pass "$n"
  else
    fail "$n (btfcc -E differs from gcc -E)"
  fi
}

for shape in under:$((page - 1)) at:$page over:$((page + 1)) two:$((2 * page)); do
  name=${shape%%:*} size=${shape#*:}
  make_header "$name" "$size" || { fail "mapped $name: cannot make a $size-byte file"; continue; }
  printf '#include "%s.h"\n;\nint after_%s;\n' "$name" "$name" > "main_$name.c"
  same_as_gcc "mapped: header of $size bytes (page $page), last token at its end" "main_$name.c"
  cp "$name.h" "main_only_$name.c"
  same_as_gcc "mapped: main file of $size bytes, last token at its end" "main_only_$name.c"
done

: > empty.h
printf '#include "empty.h"\nint after_empty;\n' > main_empty.c
same_as_gcc "mapped: an empty header" main_empty.c

printf '??=define TRI 1\nint tri = TRI ??! 2;\n' > tri.h
sum=$(cksum < tri.h)
printf '#include "tri.h"\n' > main_tri.c
same_as_gcc "mapped: trigraphs replaced in a mapped header (-std=c99)" -std=c99 main_tri.c
check "mapped: the header with trigraphs is unchanged on disk" [ "$(cksum < tri.h)" = "$sum" ]

printf 'int from_stdin' | "$BTFCC" -E -P - -o stdin.btfcc 2>stdin.err
check "mapped: standard input (read) ends at its last token" \
  [ "$(normalize < stdin.btfcc)" = "int from_stdin" ]
