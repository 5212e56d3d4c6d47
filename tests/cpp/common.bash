# Helpers shared by the tests/cpp scripts (sourced; not a test itself).

# The token text of preprocessed output: line markers dropped, white space
# runs made single spaces, so gcc -E -P and btfcc -E compare equal when
# they produce the same tokens with the same spacing within lines.
normalize() { grep -v '^# [0-9]' | tr -s ' \t\n' '   ' | sed 's/^ //; s/ $//'; }

have() { command -v "$1" >/dev/null 2>&1; }

# run_checked NAME CMD...: run CMD with stderr in $TMPDIR/NAME.err; fail
# the case (and return 1) if it crashed or a sanitizer complained.
sanitizer_clean() {
  ! grep -qE 'ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer' "$1"
}
