#!/usr/bin/env bash
# Bad input: each case must give a `file:line:col: error: MESSAGE` line (or
# `fatal error:`, a missing file: tests/diag/fatal.sh checks which) and
# exit status 1 -- no crash, no hang, no sanitizer report (run the suite
# with BUILD=build-san for the ASan/UBSan build).
source "$TESTROOT/lib.sh"
source "$TESTROOT/cpp/common.bash"

cd "$TMPDIR"

# expect_error NAME REGEX: preprocess NAME.c (already written).
expect_error() {
  local name=$1 regex=$2
  timeout 60 "$BTFCC" -E "$name.c" > "$name.out" 2> "$name.err"
  local rc=$?
  if [ $rc -eq 1 ] && grep -qE "^[^:]+:[0-9]+:[0-9]+: (fatal )?error: .*$regex" "$name.err" &&
     sanitizer_clean "$name.err"; then
    pass "error $name"
  else
    fail "error $name (exit $rc)"
    head -8 "$name.err"
  fi
}

# case NAME REGEX <<< TEXT
case_() { cat > "$1.c"; expect_error "$1" "$2"; }

printf '#if 1\nint x;\n' | case_ unterminated_if 'unterminated #if'
printf '#ifdef X\n#else\n' > unterminated.h
printf '#include "unterminated.h"\nint y;\n' | case_ unterminated_else_in_header 'unterminated #else'
printf '#include "no_such_header_btfcc.h"\nint x;\n' | case_ missing_include_quoted 'no_such_header_btfcc.h: No such file or directory'
printf '#include <no/such/header_btfcc.h>\n' | case_ missing_include_angled 'No such file or directory'
printf '#include\n' | case_ include_without_name "'#include' expects '\"FILENAME\"' or '<FILENAME>'"
printf '#if 1 +\n#endif\n' | case_ if_no_right_operand "operator '\\+' has no right operand"
printf '#if (1\n#endif\n' | case_ if_missing_paren "missing '\\)' in expression"
printf '#if 1 2\n#endif\n' | case_ if_missing_operator 'missing binary operator before token "2"'
printf '#if\n#endif\n' | case_ if_empty '#if with no expression'
printf '#if 1\n#elif\n#endif\n#if 0\n#elif\n#endif\n' | case_ elif_empty '#elif with no expression'
printf '#if "x"\n#endif\n' | case_ if_string 'token ""x"" is not valid in preprocessor expressions'
printf '#if 1.0\n#endif\n' | case_ if_float 'floating constant in preprocessor expression'
printf '#if 1 ? 2\n#endif\n' | case_ if_question "'\\?' without following ':'"
printf '#if 08\n#endif\n' | case_ if_octal 'invalid digit "8" in octal constant'
printf '#if 1xyz\n#endif\n' | case_ if_suffix 'invalid suffix "xyz" on integer constant'
printf '#if defined\n#endif\n' | case_ if_defined_no_name 'operator "defined" requires an identifier'
printf '#if defined(X\n#endif\n' | case_ if_defined_no_paren "missing '\\)' after \"defined\""
printf '#if 1/0\n#endif\n' | case_ division_by_zero 'division by zero in #if'
printf '#if 1 %% (2-2)\n#endif\n' | case_ modulo_by_zero 'division by zero in #if'
printf '#define Z 0\n#if 7 / Z\n#endif\n' | case_ division_by_zero_macro 'division by zero in #if'
printf 'int x; /* never closed\nint y;\n' | case_ unterminated_comment 'unterminated comment'
printf 'char *s = "abc;\n' | case_ unterminated_string 'missing terminating " character'
printf "char c = 'a;\n" | case_ unterminated_char "missing terminating ' character"
printf '#define f(x) x\nf(1, 2\n' | case_ unterminated_arguments 'unterminated argument list invoking macro "f"'
printf '#define f(x) x\nf(1,2)\n' | case_ too_many_arguments 'macro "f" passed 2 arguments, but takes just 1'
printf '#define f(x,y) x\nf(1)\n' | case_ too_few_arguments 'macro "f" requires 2 arguments, but only 1 given'
printf '#foo\n' | case_ invalid_directive 'invalid preprocessing directive #foo'
printf '#else\n' | case_ else_without_if '#else without #if'
printf '#endif\n' | case_ endif_without_if '#endif without #if'
printf '#if 1\n#else\n#else\n#endif\n' | case_ else_after_else '#else after #else'
printf '#if 1\n#else\n#elif 1\n#endif\n' | case_ elif_after_else '#elif after #else'
printf '#error stop   here\n' | case_ error_directive '#error stop here'
printf '#pragma GCC error "custom message"\n' | case_ pragma_gcc_error 'custom message'
printf '#define cat(a,b) a##b\ncat(., .)\n' | case_ bad_paste 'pasting "\." and "\." does not give a valid preprocessing token'
printf '#pragma GCC poison bad\nint bad;\n' | case_ poisoned 'attempt to use poisoned "bad"'
printf '#define defined 1\n' | case_ define_defined '"defined" cannot be used as a macro name'
printf '#define\n' | case_ define_nothing 'no macro name given in #define directive'
printf '#define 3 x\n' | case_ define_number 'macro names must be identifiers'
printf '#define f(a b) x\n' | case_ bad_parameter_list "expected ',' or '\\)', found \"b\""
printf '#define f(a,a) x\n' | case_ duplicate_parameter 'duplicate macro parameter "a"'
printf '#define f(x) #y\n' | case_ stringify_non_parameter "'#' is not followed by a macro parameter"
printf '#define f(x) ## x\n' | case_ paste_at_start "'##' cannot appear at either end of a macro expansion"
printf '#define f(...) __VA_OPT__(a\n' | case_ unterminated_va_opt 'unterminated __VA_OPT__'
printf '_Pragma(1)\n' | case_ pragma_operator_not_string '_Pragma takes a parenthesized string literal'
printf '#line x\n' | case_ line_not_number '"x" after #line is not a positive integer'
printf '__has_include(<stdio.h>)\n' | case_ has_include_outside_if '"__has_include" used outside of preprocessing directive'
printf '#if __has_include(stdio.h)\n#endif\n' | case_ has_include_bad_operand "operator '__has_include' requires a header-name"
# #embed (gcc-16's messages; each case embeds its own file)
printf 'int a[] = {\n#embed "embed_unknown.c" vendor::thing(1)\n};\n' | case_ embed_unknown "unknown embed parameter 'vendor::thing'"
printf 'int a[] = {\n#embed "embed_twice.c" limit(1) __limit__(2)\n};\n' | case_ embed_twice "duplicate embed parameter 'limit'"
printf 'int a[] = {\n#embed "embed_negative.c" limit(1 - 2)\n};\n' | case_ embed_negative "negative embed parameter operand"
printf 'int a[] = {\n#embed "embed_unbalanced.c" prefix(1\n};\n' | case_ embed_unbalanced "unbalanced '\\('"
printf 'int a[] = {\n#embed "embed_noparen.c" limit\n};\n' | case_ embed_noparen "expected '\\('"
printf 'int a[] = {\n#embed "no_such_file_btfcc.bin"\n};\n' | case_ embed_missing "no_such_file_btfcc.bin: No such file or directory"
# gnu::offset past what a device could give: refused, not read for ever
# (gcc-16 reads on, without end).
printf 'int a[] = {\n#embed "/dev/zero" gnu::offset(1000000000000) limit(2)\n};\n' | case_ embed_device_offset "/dev/zero: File too large"
printf '#embed\n' | case_ embed_without_name "'#embed' expects '\"FILENAME\"' or '<FILENAME>'"
printf '#if __has_embed(x.h)\n#endif\n' | case_ has_embed_bad_operand "operator '__has_embed' requires a header-name"

# Runaway recursion: a file that includes itself, and macros whose
# expansion doubles 40 times.
printf '#include "self_include.c"\nint x;\n' | case_ self_include '#include nested depth 201 exceeds maximum of 200'
{ echo '#define A0 x'; for i in $(seq 1 40); do echo "#define A$i A$((i-1)) A$((i-1))"; done; echo A40; } |
  case_ runaway_expansion 'macro expansion produces more than [0-9]+ tokens'
{ echo '#define f(x) x x'; printf 'f(%.0s' $(seq 40); printf 1; printf ')%.0s' $(seq 40); echo; } |
  case_ runaway_arguments 'macro expansion produces more than [0-9]+ tokens'
{ printf '#if '; printf '(%.0s' $(seq 100000); printf 1; printf ')%.0s' $(seq 100000); printf '\n#endif\n'; } |
  case_ deeply_nested_if 'nested too deeply'

# Found by fuzzing: operators that read their operand with macro
# expansion, nested without end.
{ printf '#if '; printf '__has_attribute(%.0s' $(seq 3000); printf 'x'; printf ')%.0s' $(seq 3000); printf '\n#endif\n'; } |
  case_ nested_has_attribute 'missing'
{ printf '#if __has_include(<'; printf '__has_include(<%.0s' $(seq 3000); printf '\n#endif\n'; } |
  case_ nested_has_include 'missing terminating > character'
printf '#define AA (<x; __has_include(<y;\nAA AA __has_include(<z.h>)\nint after;\n' |
  case_ has_include_operand_in_text '"__has_include" used outside of preprocessing directive'

# Several errors in one file: all reported, exit status 1.
printf '#if 1/0\n#endif\n#if 1 +\n#endif\nint ok;\n#error last\n' > several.c
timeout 60 "$BTFCC" -E several.c > several.out 2> several.err
rc=$?
n=$(grep -cE '^several\.c:[0-9]+:[0-9]+: error: ' several.err)
if [ $rc -eq 1 ] && [ "$n" -eq 3 ] && grep -q '^int ok;' several.out && sanitizer_clean several.err; then
  pass "error several_reported_and_output_continues"
else
  fail "error several_reported_and_output_continues (exit $rc, $n errors)"
fi

# Binary garbage: diagnostics, but no crash or hang.
head -c 20000 /dev/urandom > garbage.c 2>/dev/null || dd if=/dev/urandom of=garbage.c bs=1000 count=20 2>/dev/null
timeout 60 "$BTFCC" -E garbage.c > garbage.out 2> garbage.err
rc=$?
if [ $rc -le 1 ] && sanitizer_clean garbage.err; then
  pass "error random_bytes_no_crash"
else
  fail "error random_bytes_no_crash (exit $rc)"
  head -5 garbage.err
fi
