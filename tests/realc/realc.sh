#!/usr/bin/env bash
# Real C programs against gcc-16 (issue 14 e).  The projects, their .c
# files and their configured flags are listed in tests/realc/projects;
# tests/install-realc unpacks and configures them in
# ~/.cache/btfcc-oracles/realc (REALC_DIR elsewhere).  Each file is
# compiled from its project's folder, two files at a time:
#   - gcc-16 -fsyntax-only decides whether the file is C GCC 16 accepts;
#   - accepted: btfcc must accept it too, and the .BTF text of its
#     -gbtf -S -dA (types, functions, variables) must equal gcc-16's after
#     btf_section (tests/lib.sh), the normalisation of every -S comparison;
#   - rejected with an error: btfcc must reject it too.
# A file whose verdict differs is a FAIL unless tests/realc/expected lists
# it ("PROJECT/FILE VERDICT  reason"): then XFAIL, and FAIL once it agrees.
# The counts per project are printed: files, accepted by both (identical
# BTF, or not), rejected by both, wrong (btfcc rejects what gcc-16 takes,
# takes what it rejects, or crashes), and the files where gcc-16 is the
# one that is wrong (listed in the expectations with both outputs' why).
source "$TESTROOT/lib.sh"
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
REALC=${REALC_DIR:-$HOME/.cache/btfcc-oracles/realc}
if [ ! -x "$G16/gcc-16" ]; then skip "realc (no gcc-16: shared/tools/get-gcc16)"; exit 0; fi
if [ ! -f "$REALC/READY" ]; then skip "realc (no projects: tests/install-realc)"; exit 0; fi
list=$TESTROOT/realc/projects expected=$TESTROOT/realc/expected

# The jobs: one line per file, "PROJECT<TAB>DIR<TAB>FILE<TAB>FLAGS".
jobs=$TMPDIR/jobs; : > "$jobs"
projects=()
while read -r key a b; do
  case $key in
    project)
      name=$a dir=$REALC/src/$b
      # REALC_PROJECTS="lua zlib": only those (a quicker run by hand).
      if [ -n "${REALC_PROJECTS:-}" ] && [[ " $REALC_PROJECTS " != *" $name "* ]]; then name=; continue; fi
      projects+=("$name") ;;
    files) globs=$a${b:+ $b} ;;
    flags)
      [ -n "$name" ] || continue
      [ -d "$dir" ] || { fail "realc/$name: $dir missing (tests/install-realc)"; continue; }
      (cd "$dir" && shopt -s nullglob && for f in $globs; do printf '%s\t%s\t%s\t%s\n' "$name" "$dir" "$f" "$a${b:+ $b}"; done | sort -t$'\t' -k3,3 -u) >> "$jobs" ;;
  esac
done < <(sed 's/#.*//' "$list")

# one PROJECT DIR FILE FLAGS: the verdict of one file, as
# "VERDICT<TAB>PROJECT/FILE", VERDICT one of identical, differ, rejected
# (by both), btfcc-rejects (what gcc-16 accepts), btfcc-accepts (what
# gcc-16 rejects), crash (btfcc killed by a signal or sanitizer).
one() {
  local name=$1 dir=$2 f=$3 out w rc
  local -a flags; read -r -a flags <<<"$4"
  w=$(mktemp -d "$TMPDIR/one.XXXXXX"); out="$name/$f"
  cd "$dir" || return
  # gcc-16 -S succeeding implies -fsyntax-only does: one run for the
  # common case, -fsyntax-only only when -S fails.
  if ! "$G16/gcc-16" "${flags[@]}" -gbtf -S -dA "$f" -o "$w/g.s" 2>/dev/null &&
     ! "$G16/gcc-16" "${flags[@]}" -fsyntax-only "$f" >/dev/null 2>"$w/g.err"; then
    if grep -qE ': (fatal )?error: ' "$w/g.err"; then
      "$BTFCC" "${flags[@]}" -fsyntax-only "$f" >/dev/null 2>"$w/b.err"; rc=$?
      if [ $rc -gt 1 ] || grep -q 'Sanitizer\|runtime error' "$w/b.err"; then printf 'crash\t%s\n' "$out"
      elif [ $rc = 1 ]; then printf 'rejected\t%s\n' "$out"
      else printf 'btfcc-accepts\t%s\t%s\n' "$out" "$(grep -m1 -E ': (fatal )?error: ' "$w/g.err")"; fi
    else printf 'gcc-16-fails\t%s\n' "$out"; fi
    rm -rf "$w"; return
  fi
  [ -f "$w/g.s" ] || { printf 'gcc-16-fails\t%s\t-S failed where -fsyntax-only did not\n' "$out"; rm -rf "$w"; return; }
  "$BTFCC" "${flags[@]}" -gbtf -S -dA "$f" -o "$w/b.s" 2>"$w/b.err"; rc=$?
  if [ $rc -gt 1 ] || grep -q 'Sanitizer\|runtime error' "$w/b.err"; then
    printf 'crash\t%s\t%s\n' "$out" "$(grep -m1 -E 'Sanitizer|runtime error|error' "$w/b.err")"
  elif [ $rc = 1 ]; then
    printf 'btfcc-rejects\t%s\t%s\n' "$out" "$(grep -m1 -E ': (fatal )?error: ' "$w/b.err")"
  else
    btf_section "$w/g.s" > "$w/g.btf"; btf_section "$w/b.s" > "$w/b.btf"
    if [ -s "$w/g.btf" ] && cmp -s "$w/g.btf" "$w/b.btf"; then printf 'identical\t%s\n' "$out"
    else printf 'differ\t%s\t%s\n' "$out" "$(diff "$w/g.btf" "$w/b.btf" | grep -m1 '^[<>]')"; fi
  fi
  rm -rf "$w"
}
export -f one btf_section
export G16 BTFCC TMPDIR
# Files in batches of 8 a shell, two shells at a time.
tr '\n' '\0' < "$jobs" | xargs -0 -P "${REALC_JOBS:-2}" -n 8 bash -c '
  for job; do IFS=$'"'\t'"' read -r p d f fl <<<"$job"; (one "$p" "$d" "$f" "$fl"); done' _ > "$TMPDIR/verdicts"

# REALC_VERDICTS=FILE keeps every file's verdict (and the first line
# that differs) for a look afterwards.
[ -n "${REALC_VERDICTS:-}" ] && cp "$TMPDIR/verdicts" "$REALC_VERDICTS"

# Counts per project, then the verdict of each file that is not as it
# should be against the expectations.
# (NOTE: lines, which tests/run shows.)
note_counts() {
  printf 'NOTE: realc %-7s %6s %9s %9s %6s %9s %6s %7s\n' project files accepted identical differ rejected wrong gcc-16-wrong
  for p in "${projects[@]}" all; do
    awk -F'\t' -v p="$p" -v g16="$1" '
      { split($2, a, "/"); if (p != "all" && a[1] != p) next; n++; c[$1]++ }
      END { printf "NOTE: realc %-7s %6d %9d %9d %6d %9d %6d %7s\n", p, n, c["identical"] + c["differ"],
            c["identical"], c["differ"], c["rejected"], n - c["identical"] - c["differ"] - c["rejected"], p == "all" ? g16 : "" }' "$TMPDIR/verdicts"
  done
}
# gcc-16 wrong: files listed in the expectations as "differ gcc-16 wrong: ...".
g16_wrong=$(sed 's/#.*//' "$expected" | awk '$2 == "differ" && $3 == "gcc-16" && $4 ~ /^wrong/' | wc -l)
note_counts "$g16_wrong"
# The expectations: "PATTERN VERDICT reason", PATTERN a file
# (PROJECT/FILE) or a bash pattern over them (musl/*).  A listed file is
# an XFAIL while its verdict is the listed one and a FAIL once it agrees
# with gcc-16 (so the list gets updated); a pattern covers the files of
# that verdict it matches, in one XFAIL line with their count, and the
# others of them pass or fail on their own.  Any other verdict fails.
sort -t$'\t' -k2,2 "$TMPDIR/verdicts" > "$TMPDIR/sorted"
mapfile -t rules < <(sed 's/#.*//' "$expected" | awk -v only=" ${REALC_PROJECTS:-} " '
  NF { split($1, a, "/"); if (only == "  " || index(only, " " a[1] " ")) print }')
declare -A covered
bad=0
while IFS=$'\t' read -r verdict file detail; do
  case $verdict in identical|rejected) ok=1 ;; *) ok=0 ;; esac
  hit=""
  for i in "${!rules[@]}"; do
    read -r pat want why <<<"${rules[$i]}"
    if [ "$pat" = "$file" ]; then hit=exact; break; fi
    if [[ $pat == *[*?]* && $want == differ && $file == $pat && $verdict == differ ]]; then hit=pattern; break; fi
  done
  case $hit in
    exact)
      if [ $ok = 1 ]; then fail "realc/$file ($verdict now: remove it from tests/realc/expected)"
      elif [ "$verdict" = "$want" ]; then xfail "realc/$file $verdict ($why)"
      else fail "realc/$file: $verdict, expected $want"; printf '  %s\n' "$detail"; fi ;;
    pattern) covered[$i]=$(( ${covered[$i]:-0} + 1 )) ;;
    *) if [ $ok = 0 ]; then fail "realc/$file: $verdict"; printf '  %s\n' "$detail"; bad=$((bad + 1)); fi ;;
  esac
done < "$TMPDIR/sorted"
for i in "${!rules[@]}"; do
  read -r pat want why <<<"${rules[$i]}"
  if [[ $pat == *[*?]* && $want == identical ]]; then
    # "PATTERN identical N": exactly N of the files it matches are
    # identical, so that a file the differ pattern covers cannot slip
    # from identical to differ unseen (and a fix updates the count).
    n=$(awk -F'\t' -v pat="$pat" 'BEGIN { sub(/\*$/, "", pat) } $1 == "identical" && index($2, pat) == 1' "$TMPDIR/sorted" | wc -l)
    if [ "$n" = "${why%% *}" ]; then pass "realc/$pat: $n files identical, as listed"
    else fail "realc/$pat: $n files identical, tests/realc/expected says ${why%% *}: update it if none got worse"; fi
  elif [[ $pat == *[*?]* ]]; then
    if [ "${covered[$i]:-0}" -gt 0 ]; then xfail "realc/$pat $want: ${covered[$i]} files ($why)"
    else fail "realc/$pat $want covers no file now: remove it from tests/realc/expected"; fi
  elif ! grep -q "	$pat\(	\|$\)" "$TMPDIR/sorted"; then
    fail "realc/$pat is listed in tests/realc/expected but not compiled"
  fi
done
[ $bad = 0 ] && pass "realc: every file not listed in tests/realc/expected is accepted or rejected as gcc-16 does, with its BTF"
