# btftool's command line: help, version, and every misuse is an error
# with a one-line message and exit status 1.
source "$TESTROOT/lib.sh"
source "$TESTROOT/btftool/inputs/helpers.sh"

"$BTFTOOL" --help >"$TMPDIR/help.txt" 2>&1
check "btftool --help exits 0" [ $? -eq 0 ]
for word in dump check load fixup --probe --no-fixup --kernel-compat \
            type-tag-order tag-kflag-zero datasec-identifier --base; do
  check "btftool --help mentions $word" grep -q -- "$word" "$TMPDIR/help.txt"
done
"$BTFTOOL" -h | cmp -s - "$TMPDIR/help.txt"
check "btftool -h is --help" [ $? -eq 0 ]
"$BTFTOOL" help | cmp -s - "$TMPDIR/help.txt"
check "btftool help is --help" [ $? -eq 0 ]
check "btftool --version" grep -Eq '^btftool [0-9]+\.[0-9]+\.[0-9]+$' \
  <("$BTFTOOL" --version)
check "btftool -V" grep -Eq '^btftool [0-9]' <("$BTFTOOL" -V)

mkbtf "$TMPDIR/ok.btf" 'INT("int", 4, 32, 1); PTR(1);'
ok=$TMPDIR/ok.btf
one_line_error "no command" "missing command" "$BTFTOOL"
one_line_error "unknown command" "unknown command 'frobnicate'" "$BTFTOOL" frobnicate "$ok"
one_line_error "unknown global option" "unknown option '--frob'" "$BTFTOOL" --frob
one_line_error "unknown dump option" "unknown option '-x'" "$BTFTOOL" dump -x "$ok"
one_line_error "load option given to dump" "unknown option '--no-fixup'" \
  "$BTFTOOL" dump --no-fixup "$ok"
one_line_error "dump option given to check" "unknown option '-B'" \
  "$BTFTOOL" check -B "$ok" "$ok"
one_line_error "check option given to load" "unknown option '--kernel-compat=x'" \
  "$BTFTOOL" load --kernel-compat=x "$ok"
one_line_error "dump without FILE" "dump: missing FILE" "$BTFTOOL" dump
one_line_error "check without FILE" "check: missing FILE" "$BTFTOOL" check
one_line_error "load without FILE" "load: missing FILE" "$BTFTOOL" load
one_line_error "two FILEs" "unexpected argument" "$BTFTOOL" dump "$ok" "$ok"
one_line_error "-B without a file" "option '-B' needs a file" "$BTFTOOL" dump "$ok" -B
one_line_error "--kernel-compat without rules" "needs a list of rules" \
  "$BTFTOOL" check "$ok" --kernel-compat
one_line_error "load --probe with a FILE" "load --probe takes no FILE" \
  "$BTFTOOL" load --probe "$ok"
one_line_error "fixup -o without a file" "option '-o' needs a file" \
  "$BTFTOOL" fixup "$ok" -o
one_line_error "fixup to an unwritable file" "$TMPDIR/no/such/dir" \
  "$BTFTOOL" fixup "$ok" -o "$TMPDIR/no/such/dir"

# Standard input, "--" and option spellings.
check "dump - reads standard input" cmp -s <("$BTFTOOL" dump - <"$ok") \
  <("$BTFTOOL" dump "$ok")
check "dump -- FILE" cmp -s <("$BTFTOOL" dump -- "$ok") <("$BTFTOOL" dump "$ok")
check "dump --base=FILE" "$BTFTOOL" dump --base="$ok" "$ok" >/dev/null
check "dump --base FILE" "$BTFTOOL" dump --base "$ok" "$ok" >/dev/null
check "check --kernel-compat RULES FILE" \
  "$BTFTOOL" check --kernel-compat no-type-tag-order "$ok"
check "fixup --output=FILE" "$BTFTOOL" fixup --output="$TMPDIR/f.btf" "$ok"
check "fixup writes raw BTF to standard output" \
  cmp -s <("$BTFTOOL" fixup "$ok") "$TMPDIR/f.btf"

# Output is deterministic.
check "dump twice, same bytes" cmp -s <("$BTFTOOL" dump "$ok") <("$BTFTOOL" dump "$ok")

# A closed standard output is a write error, not silence.
if [ -w /dev/full ]; then
  "$BTFTOOL" dump "$ok" >/dev/full 2>"$TMPDIR/e.txt"
  rc=$?
  check "dump to a full disk fails with a write error" \
    grep -q "write error" <([ $rc -eq 1 ] && cat "$TMPDIR/e.txt")
fi
