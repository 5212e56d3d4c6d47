/* The preprocessor: C17 + GNU extensions, as GCC's cpp behaves.

   Usage:
     CppOptions o = {...};
     Cpp *cpp = cpp_new(&o);
     if (!cpp_open_main(cpp, "file.c")) ...;     // error already reported
     for (const Token *t; (t = cpp_next(cpp))->kind != TK_EOF; ) ...
   or, for -E, cpp_write_preprocessed(cpp, out).

   Pragmas reach the parser as TK_PRAGMA (punct = 1), the pragma's tokens
   (all of them after the word "pragma", identifiers flagged TF_NOEXPAND),
   then TK_PRAGMA_END -- only for the pragmas the parser acts on: pack
   and redefine_extname (their tokens after the first word macro-expanded,
   as GCC does), scalar_storage_order and clang attribute.  once,
   push_macro/pop_macro and GCC system_header/poison/warning/error are
   done here; every other pragma is dropped by cpp_next (-E prints all of
   them).  _Pragma("...") is the same as the #pragma line.

   Include search follows GCC: #include "x" looks in the including file's
   directory first (for -include files: the current directory), then the
   lists below in order; #include <x> starts at bracket_dirs;
   #include_next continues after the directory the current file came
   from.  Missing and duplicate directories are dropped.  A header found
   in system_dirs, the default dirs or after_dirs, or included from a
   system header, is a system header (SrcFile.system_header), and so is
   the rest of a file after #pragma GCC system_header.

   __DATE__ and __TIME__ use SOURCE_DATE_EPOCH (as UTC) when it is set, so
   the output is reproducible, and the current local time otherwise;
   __TIMESTAMP__ is the file's modification time, or SOURCE_DATE_EPOCH
   when set.  One macro expansion is cut off, with an error, after
   max_expansion_tokens tokens, so that no input can exhaust memory.  */
#ifndef BTFCC_CPP_H
#define BTFCC_CPP_H

#include "../util/ctx.h"
#include "token.h"

typedef enum { MACRO_DEFINE, MACRO_UNDEF } MacroCmdKind;

typedef struct MacroCmd {
  MacroCmdKind kind;
  const char *text; /* -D text ("NAME", "NAME=VALUE", "F(x)=x") or -U NAME */
} MacroCmd;

/* GCC's floating-point flags as the options leave them (zero: GCC's
   defaults, so the flags on by default are named by their negation).  */
typedef struct PredefFloat {
  bool unsafe;           /* -funsafe-math-optimizations */
  bool no_trapping;      /* -fno-trapping-math */
  bool no_signed_zeros;  /* -fno-signed-zeros */
  bool associative;      /* -fassociative-math (dropped with trapping math
                            or signed zeros, as GCC does) */
  bool reciprocal;       /* -freciprocal-math */
  bool finite;           /* -ffinite-math-only */
  bool no_errno;         /* -fno-math-errno */
  bool cx_limited_range; /* -fcx-limited-range */
  bool excess_fast;      /* -fexcess-precision=fast (by -ffast-math) */
  bool rounding;         /* -frounding-math */
  bool signaling_nans;   /* -fsignaling-nans */
  bool single_constant;  /* -fsingle-precision-constant */
  bool contract_fast;    /* -ffp-contract=fast given */
} PredefFloat;

/* x86_64's floating-point and vector units as the -m options set them:
   1 on, -1 off, 0 as the x86-64 base has it (on, or off with
   -mgeneral-regs-only); SSE2 needs SSE.  And the code model.  */
typedef struct PredefX86 {
  signed char mmx, sse, sse2, x87;
  bool general_regs_only;
  const char *code_model; /* -mcmodel=; NULL: small */
} PredefX86;

/* What the predefined macros depend on besides the target and the
   language (util/options.h).  Zero is GCC's default for each.  */
typedef struct PredefOptions {
  int bpf_cpu;           /* -mcpu=vN; 0: v4 with its features */
  unsigned bpf_features; /* BPF_F_* in effect, when bpf_cpu is set */
  int optimize;          /* -O level: __OPTIMIZE__ unless 0 */
  bool optimize_size;    /* -Os, -Oz: __OPTIMIZE_SIZE__ */
  bool freestanding;     /* -ffreestanding: __STDC_HOSTED__ 0 and no
                            <stdc-predef.h> */
  bool unsigned_char;    /* -funsigned-char: __CHAR_UNSIGNED__ */
  int gnu89_inline;      /* -fgnu89-inline 1, -fno-gnu89-inline -1,
                            0: by -std */
  bool reentrant;        /* -pthread: _REENTRANT (x86_64) */
  int ssp;               /* -fstack-protector 1, -all 2, -strong 3,
                            -explicit 4: __SSP__ ... (x86_64) */
  int cet;               /* -fcf-protection=: __CET__ (x86_64) */
  bool exceptions;       /* -fexceptions: __EXCEPTIONS */
  unsigned sanitize;     /* -fsanitize=: 1 address, 2 thread, 4 hwaddress
                            (x86_64) */
  bool no_cfi_asm;       /* -fno-dwarf2-cfi-asm: no __GCC_HAVE_DWARF2_CFI_ASM */
  bool no_async_unwind;  /* -fno-asynchronous-unwind-tables */
  bool unwind_tables;    /* -funwind-tables */
  bool debug;            /* debug information (-g, -gbtf): CFI for it */
  PredefFloat fp;        /* -ffast-math, -Ofast and their parts */
  PredefX86 x86;         /* x86_64: -mno-sse, -mcmodel= ... */
  bool pic_set;          /* a -f[no-]pic/PIC/pie/PIE was given; */
  int pic, pie;          /* then __PIC__ and __PIE__ (0: undefined), else
                            the target's default (x86_64: -fPIE) */
} PredefOptions;

typedef struct CppOptions {
  /* Search lists, in GCC's order: "" for the including file's directory
     (quote form only), quote_dirs (-iquote), then bracket_dirs (-I),
     system_dirs (-isystem), default_dirs (unless nostdinc), after_dirs
     (-idirafter).  */
  const char **quote_dirs;
  size_t n_quote_dirs;
  const char **bracket_dirs;
  size_t n_bracket_dirs;
  const char **system_dirs;
  size_t n_system_dirs;
  const char **after_dirs;
  size_t n_after_dirs;
  bool nostdinc;
  MacroCmd *macro_cmds; /* applied in order after the predefined macros */
  size_t n_macro_cmds;
  const char **include_files; /* -include, processed before the main file */
  size_t n_include_files;
  bool undef_predefined; /* -undef */
  PredefOptions predef;
  bool no_line_markers;  /* -P: -E output without line markers */
  /* -E with debug information: the directory the compilation runs in,
     written as a line marker after the first (GCC's -fworking-directory,
     on with -g), or NULL.  */
  const char *working_dir;
  /* Dependencies (-M, -MD: 2; -MM, -MMD: 1; 0: none): the files entered,
     each the first time it is entered, under the name it was opened by
     (less a leading "./"); style 1 leaves out system headers.  With
     deps_missing (-MG) a missing header that would be listed is listed
     as written and is no error; deps_only (-M, -MM: no other output)
     makes a missing header the list leaves out no error either.  */
  int deps_style;
  bool deps_missing;
  bool deps_only;
  /* -v: the search list on stderr as GCC's cc1 prints it, the
     directories left out first.  */
  bool verbose;
  /* Most tokens one top-level macro expansion may make and read before
     it is cut off with an error (0 = the default, 1 << 23).  */
  uint32_t max_expansion_tokens;
  /* Precompiled headers: whether the main file's first #include may use
     a FILE.gch (pch.c), and the debug-information kind the compilation
     writes (0 none, 1 DWARF), which a .gch must have been made with.  */
  bool pch_use;
  uint8_t pch_debug;
  /* -fpch-report (tests): a note on standard error for a .gch used,
     saying whether its parser state or its tokens were.  */
  bool pch_report;
} CppOptions;

typedef struct Cpp Cpp;

Cpp *cpp_new(const CppOptions *opts);
/* Open the main source file ("-" = stdin, named "<stdin>").  Reports an
   error and returns false if it cannot be read.  */
bool cpp_open_main(Cpp *cpp, const char *path);
/* Like cpp_open_main, for a main file held in memory (TEXT need not be
   NUL-terminated; it is copied).  NAME is what __FILE__ and diagnostics
   show; "" includes are searched relative to the current directory.  */
bool cpp_open_buffer(Cpp *cpp, const char *name, const char *text, size_t len);
/* The main file's source-file id (once opened).  */
uint32_t cpp_main_file(const Cpp *cpp);
/* Next fully preprocessed token.  The pointer is valid until the next
   call; TK_EOF repeats at the end.  */
const Token *cpp_next(Cpp *cpp);
/* Run the preprocessor ahead of the reader of cpp_next, on a thread of
   its own, with the same tokens and diagnostics in the same order
   (pipe.c).  False (nothing changes) when no thread can be made.  Not
   for -E, which reads no tokens through cpp_next.  */
bool cpp_start_thread(Cpp *cpp);
typedef struct CppPipe CppPipe;
/* -E: preprocess everything and write it as text with line markers.  */
void cpp_write_preprocessed(Cpp *cpp, FILE *out);
/* -dM -E: preprocess everything, then write a `#define NAME VALUE` line
   for every macro still defined (GCC's spelling), in definition order.  */
void cpp_write_macros(Cpp *cpp, FILE *out);
/* The dependency list (CppOptions.deps_style) once the input has been
   read to its end: the main file, then every file entered, in order.
   False when a fatal error (a missing header) stopped the input: GCC
   then writes no dependencies.  The names live as long as the
   compilation.  */
bool cpp_deps(Cpp *cpp, const char *const **list, size_t *n);
/* Precompiled headers: record the main file's tokens (before the first
   is read), then, once it has been read to its end, write them with its
   macros as PATH (a .gch, see pch.c).  False if it cannot be written.  */
void cpp_pch_record(Cpp *cpp);
/* STATE (may be NULL or empty: none): the parser's and sema's state
   after the header (parse/pch_state.c), stored beside the tokens.  */
bool cpp_pch_write(Cpp *cpp, const char *path, uint8_t debug_kind,
                   const Buf *state);
/* A .gch's parser state, offered at the #include that uses the .gch:
   DATA, LEN bytes, located in the header whose source-file id here is
   HEADER_FILE.  The loader takes it (true: the header's declarations
   are in place, its tokens are not replayed) or refuses it with a
   message in ERR (the header is then read as text, with -Winvalid-pch's
   warning).  It runs on the thread that reads cpp_next, while the
   preprocessor waits, before the first token.  Without a loader the
   .gch's tokens are replayed.  */
typedef struct CppStateLoad {
  const void *data;
  size_t len;
  uint32_t header_file;
  char err[256];
} CppStateLoad;
typedef bool (*CppStateLoader)(void *arg, CppStateLoad *load);
void cpp_set_state_loader(Cpp *cpp, CppStateLoader loader, void *arg);
/* Appends to OUT a .gch of this executable holding PAYLOAD (its header:
   magic, version, build id, length, checksum), for the fuzzer.  */
void cpp_pch_wrap(const void *payload, size_t n, Buf *out);
/* Frees the preprocessor.  The source texts (which the source-file table,
   diagnostics and token spellings point into) stay until the compilation
   ends (ctx_free).  Only one Cpp may exist at a time in a compilation.  */
void cpp_free(Cpp *cpp);

/* The directories searched for <...> by default (the host GCC's, found at
   build time), overridable with BTFCC_SYSTEM_INCLUDE (colon-separated);
   a list read from the environment is allocated in A.  */
const char *const *cpp_default_include_dirs(Arena *a, size_t *n);

#endif
