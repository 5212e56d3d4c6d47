#!/usr/bin/env bash
# ccache (Debian's, tests/install-deps) caches btfcc's compilations in
# both its modes: direct mode (the source and the headers it read,
# found in btfcc's -E line markers) and preprocessor mode
# (CCACHE_NODIRECT: the hash of btfcc's -E output).  For each mode and
# for both compiler types (ccache's guess for an unknown name, "other",
# and CCACHE_COMPILERTYPE=gcc), a second compilation of the same input
# is a cache hit whose object equals the first; with -MMD the .d file
# comes back from the cache too, equal to the one btfcc wrote; after a
# header changes, the next compilation is a miss (ccache saw the
# header) and its object differs.  Depend mode too (CCACHE_DEPEND: the
# headers from btfcc's own -MMD list instead of a preprocessor run).  The counts come from
# `ccache --print-stats`.
source "$TESTROOT/lib.sh"
if ! command -v ccache >/dev/null; then skip "ccache (not installed: tests/install-deps)"; exit 0; fi
cd "$TMPDIR"
export CCACHE_DIR=$TMPDIR/cache CCACHE_NOHASHDIR=1 CCACHE_TEMPDIR=$TMPDIR/ctmp
unset CCACHE_DISABLE CCACHE_RECACHE CCACHE_READONLY CCACHE_PREFIX CCACHE_COMPILERCHECK
printf '#include "h.h"\nstruct s { int a[N]; } v;\n' > t.c

# stat NAME: the counter NAME of ccache's statistics.
stat() { ccache --print-stats | awk -v k="$1" '$1 == k { print $2 }'; }

for type in auto gcc; do
  for mode in direct preprocessor depend; do
    name="ccache $mode mode, compiler type $type"
    rm -rf "$CCACHE_DIR" && mkdir -p "$CCACHE_DIR"
    export CCACHE_COMPILERTYPE=$type
    unset CCACHE_NODIRECT CCACHE_DEPEND
    [ $mode = preprocessor ] && export CCACHE_NODIRECT=1
    [ $mode = depend ] && export CCACHE_DEPEND=1
    hit=direct_cache_hit; [ $mode = preprocessor ] && hit=preprocessed_cache_hit
    echo '#define N 3' > h.h
    rm -f t.o t.d; ccache "$BTFCC" -gbtf -MMD -c t.c; mv t.o t1.o; mv t.d first.d
    ccache "$BTFCC" -gbtf -MMD -c t.c
    if [ "$(stat cache_miss)" = 1 ] && [ "$(stat $hit)" = 1 ] && cmp -s t1.o t.o; then
      pass "$name: the second compilation is a hit, the same object"
    else
      fail "$name: misses $(stat cache_miss), hits $(stat $hit)"
    fi
    cmp -s first.d t.d && pass "$name: -MMD's .d restored from the cache" ||
      fail "$name: .d not restored ($(cat t.d 2>&1))"
    echo '#define N 4' > h.h
    ccache "$BTFCC" -gbtf -MMD -c t.c
    [ "$(stat cache_miss)" = 2 ] && ! cmp -s t1.o t.o &&
      pass "$name: a changed header is a miss" || fail "$name: a changed header ($(stat cache_miss) misses)"
  done
done
