/* Source locations and GCC-style diagnostics.

   A SrcLoc names a source-file entry, a physical line and a column.  A
   `#line` directive or a line marker opens a new entry that shares the
   text of the physical file but carries the presumed name and a line
   delta, so diagnostics print presumed positions while the caret line is
   read from the real text.  The options, the table and the counts are
   the current compilation's (ctx.h); only a thread's capture of its
   diagnostics (diag_capture) is per thread.  */
#ifndef BTFCC_DIAG_H
#define BTFCC_DIAG_H

#include "util.h"

typedef struct SrcLoc {
  uint32_t file; /* index into the source-file table, 0 = no location */
  uint32_t line; /* physical line, 1-based */
  uint32_t col;  /* 1-based byte column */
  uint32_t xp;   /* a token a macro expansion made: its outermost
                    expansion's entry in the expansion-point table
                    (srcloc_add_expansion), 0 = none.  Diagnostics
                    ignore it; debug info places declarations and
                    statements there (srcloc_debug_place), as GCC
                    does.  */
} SrcLoc;

typedef struct SrcFile {
  const char *name;     /* presumed name, as diagnostics print it */
  const char *path;     /* physical path the text was read from */
  const char *text;     /* whole file text, NUL-terminated (may be NULL) */
  size_t len;
  int32_t line_delta;   /* presumed line = physical line + line_delta */
  SrcLoc included_from; /* where the physical file was #included, or none */
  bool system_header;   /* warnings are suppressed in system headers */
} SrcFile;

/* Register a physical file; returns its id (>= 1).  */
uint32_t srcfile_add(const char *path, const char *text, size_t len,
                     SrcLoc included_from, bool system_header);
/* A presumed-name entry derived from physical entry `base` for a #line
   or line marker; `line_delta` maps physical to presumed lines.  */
uint32_t srcfile_add_alias(uint32_t base, const char *name, int32_t line_delta,
                           bool system_header);
const SrcFile *srcfile_get(uint32_t id);
uint32_t srcfile_count(void);

/* Presumed line of a location.  */
uint32_t srcloc_line(SrcLoc loc);
const char *srcloc_file(SrcLoc loc);
/* The text of LOC's physical line, without its line end: *TEXT and the
   length, or NULL and 0 when the file's text is not at hand.  */
size_t srcloc_line_text(SrcLoc loc, const char **text);

/* The expansion-point table: where each outermost macro expansion that
   produced tokens was invoked (the macro name's place in the file).
   The preprocessor (possibly on its own thread) adds an entry when such
   an expansion hands out its first token and returns its id for the
   tokens' SrcLoc.xp; an id reaches a reader with a token, after its
   entry was written.  */
uint32_t srcloc_add_expansion(SrcLoc at);
/* Where debug info places what a token at LOC names or begins -- a
   declaration (DWARF's decl_file/line/column), a statement (.BTF.ext
   line_info): the outermost macro expansion that made the token, or LOC
   itself, as GCC's expand_location resolves a virtual location.  */
SrcLoc srcloc_debug_place(SrcLoc loc);

/* Warning groups, each controlled by -W<name> / -Wno-<name>.  */
typedef enum {
  W_NONE,      /* unconditional warning */
  W_ATTRIBUTES,
  W_CPP,       /* #warning */
  W_BTF_TAG_DROPPED,
  W_BTF_TAG_PLACEMENT,
  W_PEDANTIC,
  W_BUILTIN_MACRO_REDEFINED,
  W_IMPLICIT_FUNCTION_DECLARATION,
  W_DECLARATION_MISSING_PARAMETER_TYPE,
  W_OLD_STYLE_DEFINITION,
  W_RETURN_MISMATCH,
  W_INT_CONVERSION,
  W_INCOMPATIBLE_POINTER_TYPES,
  W_INVALID_PCH,
  W_MISSING_PARAMETER_NAME,
  W_SWITCH_OUTSIDE_RANGE,
  W_SWITCH_BOOL,
  W_DISCARDED_QUALIFIERS,
  W_OVERFLOW,
  W_DIV_BY_ZERO,
  W_SHIFT_COUNT_OVERFLOW,
  W_SHIFT_COUNT_NEGATIVE,
  W_COMPARE_DISTINCT_POINTER_TYPES,
  W_LONG_LONG,                 /* pedantic groups on by default in */
  W_DECLARATION_AFTER_STATEMENT, /* C90 under -Wpedantic (GCC's */
  W_VLA,                       /* c-opts defaults) */
  W_OTHER,
  W__COUNT
} WarningId;

typedef struct DiagOptions {
  bool inhibit_warnings;     /* -w */
  bool warnings_are_errors;  /* -Werror */
  bool plain;                /* -fdiagnostics-plain-output: no source lines */
  bool enabled[W__COUNT];    /* per-group switch */
  bool as_error[W__COUNT];   /* -Werror=<name> */
  bool demoted[W__COUNT];    /* a permerror's group made a warning
                                (#pragma GCC diagnostic warning) */
  bool given[W__COUNT];      /* -W<name> or -Wno-<name> was written */
  bool not_error[W__COUNT];  /* -Wno-error=<name> */
  bool pedantic_errors;      /* -pedantic-errors: pedwarns are errors */
  unsigned max_errors;       /* stop after this many errors (0 = none) */
  FILE *stream;              /* where to print (NULL: stderr) */
} DiagOptions;

/* A compilation's diagnostic state (ctx.h): the source-file table and
   the counts.  The table grows by chunks that never move: while the
   preprocessor's thread adds entries, the parser's reads the older ones
   (an id reaches it with a token, after its entry was written).  */
typedef struct DiagState {
  SrcFile **file_chunks;   /* FILE_CHUNKS (diag.c) chunks, made as needed */
  _Atomic uint32_t nfiles;
  SrcLoc **xp_chunks;      /* the expansion points, XP_CHUNKS chunks */
  uint32_t nxp;            /* entries, the entry 0 (none) included */
  unsigned n_errors, n_warnings;
  bool terminated;          /* a fatal error was printed: nothing more */
  bool warning_made_error;  /* a warning was given as an error */
  uint32_t last_chain_file; /* whose include chain was printed last */
  /* The function whose body is being read (NULL: file scope), and the
     one the last "In function" / "At top level" line named.  */
  const char *function, *function_shown;
  /* #pragma GCC diagnostic push: the warning states saved, innermost
     last (freed by diag_state_free).  */
  struct DiagSaved *pragma_saved;
  size_t pragma_depth, pragma_cap;
  struct DiagSaved *pragma_base; /* the command line's, kept at the first
                                    pragma */
  /* The start of the source line shown last, so that the next one is
     found from there, not from the start of its file: many diagnostics
     in a large file would rescan it for each.  */
  uint32_t shown_file, shown_line;
  const char *shown_start;
} DiagState;

/* The defaults: every group enabled but the opt-in ones, to stderr.  */
void diag_options_default(DiagOptions *o);
/* An empty table (but the entry 0, "no location"), no counts.  */
void diag_state_init(DiagState *d);
void diag_state_free(DiagState *d);
/* The group for a -W name ("attributes", "btf-tag-dropped" ...), or -1.  */
int diag_warning_by_name(const char *name);
const char *diag_warning_name(WarningId id);

/* The body of the function NAME is read from now on (NULL: file scope
   again): diagnostics are preceded by GCC's "FILE: In function 'NAME':"
   or "FILE: At top level:" line when that changes.  Returns the
   previous name.  */
const char *diag_set_function(const char *name);

void diag_error(SrcLoc loc, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* Returns true if the warning was shown.  */
/* #pragma GCC diagnostic: push and pop the warning groups' states (a
   pop with nothing pushed restores the command line's), and set one
   group (by its option, "-Wname") ignored, a warning or an error.
   Returns false for an option that names no group btfcc has (GCC's
   other warnings, which btfcc does not give).  */
void diag_pragma_push(void);
void diag_pragma_pop(void);
typedef enum { DIAG_PRAGMA_IGNORED, DIAG_PRAGMA_WARNING, DIAG_PRAGMA_ERROR } DiagPragmaKind;
bool diag_pragma_set(const char *option, DiagPragmaKind kind);

/* The end of a compilation: GCC's "cc1: all (or some) warnings being
   treated as errors" when a warning was given as an error.  */
void diag_finish_unit(void);

/* GCC's permerror: an error named by warning group ID ("[-WID]"), which
   -Wno-ID turns off.  Returns true if it was shown.  */
bool diag_permerror(SrcLoc loc, WarningId id, const char *fmt, ...) PRINTF_LIKE(3, 4);
bool diag_warning(SrcLoc loc, WarningId id, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
/* GCC's pedwarn: what ISO C forbids and GNU C takes -- a warning of
   group ID (W_NONE: always given) when that group is on, an error under
   -pedantic-errors.  diag_pedwarn_before(YEAR, ...) is GCC's
   pedwarn_c90 (YEAR 1999, diag_pedwarn_c90) and pedwarn_c99 (2011):
   for what the standard of YEAR added, given only when compiling an
   older one (or for a group the command line turned on, then an error
   only before YEAR).  Inside __extension__ (diag_extension) the
   -Wpedantic and -Wlong-long ones are silent.  Return true if shown. */
bool diag_pedwarn(SrcLoc loc, WarningId id, const char *fmt, ...) PRINTF_LIKE(3, 4);
bool diag_pedwarn_before(int year, SrcLoc loc, WarningId id, const char *fmt, ...)
    PRINTF_LIKE(4, 5);
#define diag_pedwarn_c90(...) diag_pedwarn_before(1999, __VA_ARGS__)
#define diag_pedwarn_c99(...) diag_pedwarn_before(2011, __VA_ARGS__)
/* Enter (+1) or leave (-1) an __extension__ operand on this thread.  */
void diag_extension(int delta);
/* The groups whose default follows -Wpedantic and the standard
   (-Wlong-long ...): set once the whole command line is read.  */
void diag_options_resolve(DiagOptions *o, int std_year);
void diag_note(SrcLoc loc, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* GCC's "sorry, unimplemented": valid input the target cannot take (an
   error).  */
void diag_sorry(SrcLoc loc, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* An error that ends the compilation, as GCC's "fatal error": printed
   with "compilation terminated.", counted as an error, and every
   diagnostic after it is dropped.  It returns: the caller stops its own
   work (the preprocessor ends its input), and what runs on finds no
   input and says nothing; the exit status is 1 as for any error.  */
void diag_fatal(SrcLoc loc, const char *fmt, ...) PRINTF_LIKE(2, 3);
void diag_verror(SrcLoc loc, const char *fmt, va_list ap);

/* Deferred diagnostics: a thread whose diagnostics must appear in the
   order a reader consumes its output (the preprocessor's, see
   cpp_start_thread) captures them; the reader replays each at the point
   where it would have been printed.  */
typedef enum {
  DIAG_COUNT_NONE,          /* a note */
  DIAG_COUNT_WARNING,
  DIAG_COUNT_ERROR,         /* an error a warning group names (permerror,
                               pedwarn under -pedantic-errors) */
  DIAG_COUNT_WARNING_ERROR, /* a warning made an error by -Werror: the
                               end of the unit says so */
  DIAG_COUNT_ERROR_LIMITED, /* an error, subject to -fmax-errors */
  DIAG_COUNT_FATAL,         /* ends the compilation */
} DiagCount;

typedef struct DiagRecord {
  SrcLoc loc;
  const char *kind;  /* "error", "warning", "note", "fatal error" */
  char option[80];   /* "-Wcpp" ..., or empty */
  char *message;     /* malloc'ed */
  DiagCount count;
} DiagRecord;

/* Receives a captured diagnostic; owns R->message from then on.  */
typedef void DiagSink(void *ctx, DiagRecord *r);
/* Capture the calling thread's diagnostics (SINK NULL: print them).  */
void diag_capture(DiagSink *sink, void *ctx);
/* Print and count a captured diagnostic, as if it came now; frees its
   message.  */
void diag_replay(DiagRecord *r);

/* The current compilation's counts.  */
unsigned diag_error_count(void);
unsigned diag_warning_count(void);

#endif
