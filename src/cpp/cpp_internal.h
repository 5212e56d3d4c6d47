/* Shared state of the preprocessor's parts (lexer, directives, macro
   expansion, #if evaluation, include search, pragmas, output).  Nothing
   here is visible outside src/cpp/.  */
#ifndef BTFCC_CPP_INTERNAL_H
#define BTFCC_CPP_INTERNAL_H

#include "cpp.h"

#include <stdlib.h>
#include <sys/types.h>

/* Token kinds that never leave the preprocessor.  */
enum {
  TK_EOD = 32,    /* end of a directive line */
  TK_HEADER_NAME, /* <stdio.h> after #include or __has_include( */
  TK_PARAM,       /* macro body: a parameter; punct = its index */
  TK_VA_OPT,      /* macro body: the __VA_OPT__ keyword */
  TK_ARG_END,     /* end of a macro argument being pre-expanded */
  TK_EVENT,       /* -E: file entered/left or line renumbered, see EV_* */
};

/* Token flags that never leave the preprocessor.  */
enum {
  TF_PASTE_LEFT = 8, /* macro body: a ## follows this token */
  TF_STRINGIFY = 16, /* macro body: a # precedes this parameter */
  TF_PAD = 32,       /* follows a macro-expansion boundary: -E adds a space
                        if the two tokens might paste (GCC's rule) */
  TF_RESYNC = 64,    /* first token after a macro call that spanned lines:
                        -E puts it back on its source line, as GCC */
};

/* TK_EVENT: punct holds the line-marker flags, loc the new position.  */
enum {
  EV_ENTER = 1,  /* flag 1: a file starts */
  EV_RETURN = 2, /* flag 2: back in the including file */
  EV_SYSTEM = 4, /* flag 3: system header */
  EV_EXTERN_C = 8, /* flag 4 */
  EV_BLANK = 16,   /* no marker: a consumed #pragma's line (gcc -E keeps it
                      as a line of blanks) */
};

/* Ident.pp_flags bits.  The directive number lives in the top byte.  */
enum {
  PPF_POISONED = 1,
  PPF_VA_NAME = 2,  /* __VA_ARGS__ or __VA_OPT__ */
  PPF_TRACKED = 4,  /* on Cpp.touched, reset by cpp_free */
  PPF_DIRECTIVE_SHIFT = 8,
};

typedef enum {
  DIR_NONE,
  DIR_DEFINE,
  DIR_UNDEF,
  DIR_INCLUDE,
  DIR_INCLUDE_NEXT,
  DIR_IMPORT,
  DIR_IF,
  DIR_IFDEF,
  DIR_IFNDEF,
  DIR_ELIF,
  DIR_ELIFDEF,
  DIR_ELIFNDEF,
  DIR_ELSE,
  DIR_ENDIF,
  DIR_LINE,
  DIR_ERROR,
  DIR_WARNING,
  DIR_PRAGMA,
  DIR_IDENT,
  DIR_SCCS,
  DIR_ASSERT,
  DIR_UNASSERT,
  DIR_EMBED,
  DIR__COUNT
} DirectiveKind;

typedef enum { MK_OBJECT, MK_FUNCTION, MK_BUILTIN } MacroKind;

typedef enum {
  BI_NONE,
  BI_FILE,
  BI_LINE,
  BI_COUNTER,
  BI_DATE,
  BI_TIME,
  BI_TIMESTAMP,
  BI_BASE_FILE,
  BI_FILE_NAME,
  BI_INCLUDE_LEVEL,
  BI_PRAGMA,        /* _Pragma */
  BI_HAS_ATTRIBUTE, /* also __has_cpp_attribute */
  BI_HAS_C_ATTRIBUTE,
  BI_HAS_BUILTIN,
  BI_HAS_INCLUDE,
  BI_HAS_INCLUDE_NEXT,
  BI_HAS_EMBED,
} BuiltinKind;

typedef enum {
  ORIGIN_USER,
  ORIGIN_SYSTEM,  /* defined in a system header */
  ORIGIN_BUILTIN, /* predefined or -D */
} MacroOrigin;

/* Body tokens of a macro point to it through Token.pp (for -E's
   system-header markers).  */
typedef struct Macro {
  Ident *name;
  Token *body;     /* replacement list; parameters are TK_PARAM */
  Ident **params;  /* the last one is the variadic one if variadic */
  uint32_t nbody;
  uint16_t nparams;
  uint8_t kind;    /* MacroKind */
  uint8_t builtin; /* BuiltinKind */
  bool variadic;
  bool has_paste;  /* the body uses ## */
  bool listed;     /* on Cpp.macros */
  bool disabled;   /* being expanded: its name is painted, not expanded */
  uint8_t origin;  /* MacroOrigin: where it was defined */
  uint8_t sys_flags; /* line-marker flags of that place (EV_SYSTEM ...) */
  SrcLoc loc;      /* where it was defined */
} Macro;

/* A growable token array, recycled through Cpp.free_bufs.  */
typedef struct TokBuf {
  Token *data;
  uint32_t len, cap;
  struct TokBuf *next_free;
} TokBuf;

/* A macro expansion (or a pre-expanded argument, or pragma tokens) being
   read.  Contexts stack on top of the current source file.  */
typedef struct Context {
  struct Context *prev;
  Macro *macro;        /* re-enabled when this context is popped */
  const Token *toks;
  uint32_t pos, n;
  TokBuf *buf;         /* owned storage of toks, or NULL */
  bool arg_end;        /* a pre-expanded argument: ends in TK_ARG_END */
  bool relocate;       /* give every token the location loc */
  uint8_t trail_pad;   /* flags for the token after the expansion */
  SrcLoc loc;
} Context;

/* --- Lexer --- */
typedef struct Lexer {
  const char *p;          /* next unread byte */
  const char *end;        /* end of the text (a NUL is stored there) */
  const char *line_start; /* first byte of the physical line of p */
  uint32_t line;          /* physical line of p, 1-based */
  uint32_t file;          /* srcfile id tokens carry (an alias after #line) */
  bool bol;               /* nothing lexed yet on this line */
  bool angled;            /* lex a following '<' as a header name */
  bool quiet;             /* no diagnostics (skipped text, #error text) */
  /* C90's view of "//": 0 a comment (C99 on), 1 GNU C90 (a comment,
     a pedwarn), 2 ISO C90 (an error; "//" then "*", and "//" in a directive, are
     two '/' tokens), as GCC's lexer; said once per file.  */
  uint8_t c90_line_comments;
  bool line_comment_reported;
  struct Cpp *cpp;
} Lexer;

void lex_init(Lexer *lx, struct Cpp *cpp, const char *text, size_t len,
              uint32_t file);
/* Next token.  IN_DIRECTIVE stops at the end of the line with TK_EOD (the
   newline itself is not consumed).  At the end of the text: TK_EOD (in a
   directive), then TK_EOF forever.  */
void lex_token(Lexer *lx, Token *t, bool in_directive);
/* Skipped group: advance to the next line whose first token is '#'.
   Returns false at the end of the text.  */
bool lex_skip_to_hash_line(Lexer *lx);
/* Discard the rest of the current line (not the newline).  */
void lex_skip_line(Lexer *lx);
/* Lex TEXT as one token: returns true and fills T if TEXT is exactly one
   preprocessing token (used by ## and #include).  */
bool lex_single_token(struct Cpp *cpp, const char *text, size_t len,
                      Token *t);
/* Whether printing B right after A (no space) would lex differently.  */
bool tokens_would_paste(const Token *a, const Token *b);
/* GCC's more cautious test, used at macro-expansion boundaries.  */
bool tokens_gcc_avoid_paste(const Token *a, const Token *b);

/* --- Source files and include search --- */
typedef struct IncFile {
  struct IncFile *hash_next;
  const char *path;    /* as opened: dir + "/" + name */
  const char *short_name; /* its name as a system header, once known */
  char *text;          /* NUL-terminated, NULL until read */
  size_t len;
  size_t mapped;       /* text is a private mapping of the file, this many
                          bytes (load_file); 0: from malloc */
  bool missing;        /* no such file */
  bool once;           /* #pragma once / #import seen */
  bool entered;        /* included at least once */
  Ident *guard;        /* include guard macro, once known */
  dev_t dev;
  ino_t ino;
  time_t mtime;
} IncFile;

typedef struct SearchDir {
  const char *path; /* "" = current directory */
  bool system;
} SearchDir;

/* Multiple-include optimisation: is the file one #ifndef group?  */
typedef enum { MI_START, MI_IN_GUARD, MI_AFTER_GUARD, MI_FAIL } MiState;

/* One open source buffer: a file, the main file, or a built-in text.  */
typedef struct Frame {
  struct Frame *parent;
  Lexer lx;
  IncFile *file;        /* NULL for in-memory texts */
  const char *path;     /* physical path, for "" includes */
  uint32_t phys_id;     /* srcfile id of the physical text */
  int dir_index;        /* search dir it was found in, -1 includer's dir,
                           -2 none (main file, absolute path) */
  uint32_t cond_base;   /* conditional stack depth when entered */
  bool system;
  bool is_cmdline;      /* the <command-line> frame: runs -include files */
  uint8_t sys_flags;    /* EV_SYSTEM / EV_EXTERN_C for line markers */
  int depth;            /* __INCLUDE_LEVEL__ */
  MiState mi_state;
  Ident *mi_guard;
  uint32_t mi_depth;
} Frame;

typedef struct Preinclude {
  const char *name;
  bool angled;   /* <stdc-predef.h> */
  bool optional; /* no error if missing */
} Preinclude;

typedef struct Cond {
  SrcLoc loc;
  uint8_t kind;      /* DirectiveKind of the last #if/#elif/#else */
  bool was_skipping; /* skipping before the #if */
  bool taken;        /* a group of this #if has been (or must not be) taken */
  bool seen_else;
} Cond;

typedef struct PushedMacro {
  Ident *name;
  Macro *macro; /* NULL if it was undefined */
} PushedMacro;

typedef struct Cpp {
  CppOptions opts;
  Arena arena;
  /* names the directives treat specially (macro_init_names) */
  Ident *id_va_args, *id_va_opt, *id_defined, *id_has_include,
      *id_has_include_next;

  /* include search */
  SearchDir *dirs;
  int ndirs, bracket_start;
  IncFile **file_tab;
  size_t file_cap, file_count;
  VEC(Preinclude) preincludes; /* stdc-predef.h, then -include files */
  size_t next_preinclude;
  unsigned include_count;
  VEC(char *) owned_texts; /* in-memory texts, freed by cpp_free */
  VEC(IncFile *) once_files; /* files that said #pragma once */
  VEC(const char *) deps;    /* CppOptions.deps_style: files entered */

  /* source buffers and conditionals */
  Frame *frame;
  int include_depth;
  VEC(Cond) conds;
  bool skipping;
  bool stopped; /* a fatal error: no more input */
  const char *main_name;
  uint32_t builtin_file, cmdline_file; /* srcfile ids */
  Buf scratch;

  /* tokens and expansion */
  Context *ctx;
  Context *free_ctx;
  TokBuf *free_bufs;
  VEC(Token) lookahead; /* queued tokens of the source file: put back
                           ones and -E events, read from la_head */
  size_t la_head;
  int prevent_expansion;
  int no_file_pop;      /* looking for '(' or collecting arguments */
  int expand_depth;
  int builtin_depth;    /* __has_* operands being read */
  bool in_directive;
  bool expanded_in_directive;
  uint8_t pending_flags; /* BOL/SPACE of a macro name for the next token */
  SrcLoc pending_loc;    /* that name's location if it began a line */
  bool stale_bol;        /* a macro that began a line expanded to nothing */
  SrcLoc stale_loc;
  /* The outermost macro expansion under way (one begun by a name read
     from the file): the name's place, and its expansion-point id once a
     token of it has been handed out (0 before).  Every token read from a
     context carries that id in loc.xp.  */
  SrcLoc eof_loc;        /* the end of input: where the main file ends,
                            as GCC places its end-of-file token (the
                            line after the last, column 0) */
  SrcLoc xp_loc;
  uint32_t xp;
  uint32_t budget;       /* tokens left for the current expansion */
  bool expansion_cut;    /* budget exhausted: no expansion until the
                            contexts are empty */

  /* macros */
  VEC(Macro *) macros;  /* every definition, in order */
  VEC(Ident *) touched; /* idents whose macro/pp_flags we set */
  VEC(PushedMacro) pushed;

  /* dynamic macros */
  unsigned counter;
  bool have_date;
  char date[32], time[32];

  /* modes */
  bool preprocess_only;
  bool defining_builtins; /* processing <built-in> / <command-line> */
  bool uliterals;   /* u"" U"" u8"" */
  bool u8_chars;    /* u8'' */
  bool scope_token; /* :: */
  bool digit_seps;  /* 1'000 (C23 digit separators in pp-numbers) */
  bool trigraphs;

  _Alignas(64) Token cur; /* what cpp_next returned */
  /* The preprocessor runs on its own thread: the parser's thread reads
     this for every token, and the preprocessor's writes `cur` and the
     fields below as often, so it has a cache line to itself (sharing
     one, each write and each read waited for the other core:
     vmlinux.h's preprocessing took 2.5 times as long on its thread).  */
  _Alignas(64) struct CppPipe *pipe;
  _Alignas(64) struct CppPipe *producer_pipe; /* on that thread: its pipe
                                    (only the producer reads or writes this) */
  CppStateLoader state_loader;   /* the reader's (cpp_set_state_loader) */
  void *state_loader_arg;

  /* precompiled headers (pch.c) */
  struct PchRecorder *rec;    /* writing one: the header's tokens */
  const char *pch_taint;      /* why the recorded header cannot replay */
  struct PchReplay *replay;   /* a .gch being replayed */
  struct PchReplay *pch_used; /* the .gch replayed (freed with the
                                 compilation: see pch_retire) */
  bool emitted;               /* a token has left the preprocessor */
  bool poisoned;              /* #pragma GCC poison has been seen */
  bool main_included;         /* the main file has had an #include */
  uint32_t main_file;         /* the main file's source-file id */
} Cpp;

/* cpp_next without the thread (pipe.c calls it on the thread).  */
const Token *cpp_next_direct(Cpp *cpp);
/* cpp_next with the thread: the next token it made.  */
const Token *cpp_pipe_next(struct CppPipe *p);
/* From the producer: run FN(ARG) on the consumer's thread, once it has
   read every token made so far, and wait for it; false (FN not run)
   when the consumer wants no more tokens.  */
bool cpp_pipe_call(struct CppPipe *p, void (*fn)(void *), void *arg);
/* Stop the thread (if any) and take over what it allocated.  */
void cpp_stop_thread(Cpp *cpp);

/* Whether T is the punctuator P.  */
static inline bool is_punct(const Token *t, Punct p) {
  return t->kind == TK_PUNCT && t->punct == p;
}

/* expand.c */
void cpp_get_token(Cpp *cpp, Token *t);
void cpp_unget_token(Cpp *cpp, const Token *t);
void cpp_push_tokens(Cpp *cpp, const Token *toks, uint32_t n, TokBuf *buf,
                     Macro *m);
void cpp_pop_all_contexts(Cpp *cpp);
TokBuf *tokbuf_get(Cpp *cpp);
void tokbuf_put(Cpp *cpp, TokBuf *b);
void tokbuf_push(TokBuf *b, const Token *t);
/* A string literal token spelling the tokens (for # and __FILE__).  */
void make_string_token(Cpp *cpp, Token *t, const char *s, size_t n,
                       SrcLoc loc);
void make_number_token(Cpp *cpp, Token *t, uintmax_t v, SrcLoc loc);

/* Macro-expands TOKS completely (as an argument is) into OUT.  */
void expand_tokens(Cpp *cpp, const Token *toks, uint32_t n, TokBuf *out);

/* macro.c */
void macro_init_names(Cpp *cpp);
void macro_define_directive(Cpp *cpp, Token *name_tok);
void macro_undef_directive(Cpp *cpp);
void macro_va_name_misplaced(Cpp *cpp, const Token *t);
void macro_set(Cpp *cpp, Ident *id, Macro *m);
Macro *macro_new_builtin(Cpp *cpp, const char *name, BuiltinKind kind);
void macro_print_definition(Buf *b, const Macro *m);
void cpp_track_ident(Cpp *cpp, Ident *id);

/* directive.c */
/* Raw (unexpanded) token of the directive line being processed.  */
void dir_lex(Cpp *cpp, Token *t);
/* Reads a token of the current source file after directives and skipped
   groups; false if it pushed tokens (a pragma, an event) to read first. */
bool read_source_token(Cpp *cpp, Token *t);
void skip_rest_of_directive(Cpp *cpp);
/* The tokens of the rest of the directive line, spelled with single
   spaces (for #error and diagnostics).  */
char *directive_rest_text(Cpp *cpp);
void push_event(Cpp *cpp, unsigned flags, uint32_t file, uint32_t line);
void lookahead_push_front(Cpp *cpp, const Token *t);
void directives_init(void);
/* The current file ended (its conditionals are checked): move on to the
   next -include file or pop it.  False when the main file ended.  */
bool end_of_file(Cpp *cpp);
/* Adds NAME to the dependency list when the style lists a file of its
   kind (SYSTEM: a system header).  */
void add_dep(Cpp *cpp, const char *name, bool system);
/* add_dep unless NAME is listed already (a file #embed reads).  */
void add_dep_once(Cpp *cpp, const char *name, bool system);

/* expr.c */
/* Evaluates the rest of the directive line; *guard receives X when the
   line is exactly `!defined X` / `!defined(X)`.  */
bool eval_if_expression(Cpp *cpp, SrcLoc loc, const char *dir,
                        Ident **guard);
/* The operand of an #embed parameter such as limit(...): a #if
   expression read up to the ')' that closes it (consumed), not
   negative.  False, with an error, when it is not one.  */
bool eval_embed_operand(Cpp *cpp, SrcLoc loc, const char *dir, intmax_t *value);

/* embed.c */
/* #embed: the file's bytes as a list of integer constants.  */
void do_embed(Cpp *cpp, SrcLoc loc);
/* __has_embed( ... ) in #if: __STDC_EMBED_NOT_FOUND__ (0), _FOUND__ (1)
   or _EMPTY__ (2); *ok false after an error.  */
long eval_has_embed(Cpp *cpp, Macro *m, Token *name, bool *ok);

/* files.c */
void files_init(Cpp *cpp);
void files_free(Cpp *cpp);
/* #include / #include_next / __has_include: find NAME.  *dir_index gets
   the search dir (or -1 / -2, see Frame).  NULL if not found.  */
IncFile *find_include(Cpp *cpp, const char *name, bool angled, bool next,
                      int *dir_index, bool *system);
bool load_file(Cpp *cpp, IncFile *f);
/* Hand F's text to the compilation, which frees (or unmaps) it at its
   end: the source-file table and the tokens still point into it.  */
void file_text_retire(Cpp *cpp, IncFile *f);
bool read_stdin_text(Cpp *cpp, char **text, size_t *len);
IncFile *file_lookup(Cpp *cpp, const char *path);
/* Whether a file with F's identity was marked #pragma once.  */
bool file_is_once(Cpp *cpp, IncFile *f);
void push_file(Cpp *cpp, IncFile *f, const char *path, int dir_index,
               bool system, SrcLoc from);
void push_text(Cpp *cpp, const char *name, char *text, size_t len,
               bool owned, bool is_cmdline);
/* The current file ended: pop it.  False at the end of the main file.  */
bool pop_file(Cpp *cpp);
/* Read a header name after #include / __has_include / #embed: fills
   *name (arena), *angled, and *name_loc (if not NULL) with where it
   starts.  Returns false (with an error) if malformed.  */
bool read_header_name(Cpp *cpp, SrcLoc loc, const char *what,
                      const char **name, bool *angled, SrcLoc *name_loc);
/* The '(' and header name that begin the operand of the operator WHAT
   (__has_include, __has_embed) used at LOC.  */
bool read_operator_header_name(Cpp *cpp, const char *what, SrcLoc loc,
                               const char **name, bool *angled);

/* pch.c */
/* Recording (cpp_pch_record): the header's start, each token it gives,
   and what makes it unfit for replay (the first reason is kept).  */
void pch_record_start(Cpp *cpp);
void pch_record_token(Cpp *cpp, const Token *t);
void pch_taint(Cpp *cpp, const char *why);
void pch_recorder_free(Cpp *cpp);
/* At the main file's first #include of F (LOC: for the warnings): use
   F's .gch if it is valid (cpp->replay is set), else warn under
   -Winvalid-pch why not and return false.  */
bool pch_try(Cpp *cpp, IncFile *f, SrcLoc loc);
/* The .gch used goes to the compilation, which unmaps it at its end:
   the parser's tokens point into it (from cpp_free, on the owner's
   thread).  */
void pch_retire(Cpp *cpp);
/* F's frame has been pushed: the replay reads for it.  When the .gch
   holds the parser's state, it is offered to the state loader: taken,
   the header ends here (its macros set, no token replayed); refused,
   the header is read as text with -Winvalid-pch's warning at LOC.  */
void pch_replay_begin(Cpp *cpp, SrcLoc loc);
/* The next token of the replay, or false at its end (the header's
   macros are then set and its frame is at its end of file).  */
bool pch_replay_token(Cpp *cpp, Token *t);

/* pragma.c */
void do_pragma(Cpp *cpp, SrcLoc loc);
void do_pragma_operator(Cpp *cpp, Token *name);

/* builtin.c */
bool expand_builtin(Cpp *cpp, Macro *m, Token *name);
long eval_has_operator(Cpp *cpp, Macro *m, Token *name, bool *ok);
long eval_has_include(Cpp *cpp, Macro *m, Token *name, bool *ok);
void define_builtin_macros(Cpp *cpp);

/* predef.c */
/* The predefined macros as #define lines, for the target, the language
   and P; with UNDEF (-undef) only the standard's own.  */
void predef_text(Buf *out, const PredefOptions *p, bool undef);

#endif
