/* Macros with computed values (__FILE__, __LINE__, __COUNTER__, __DATE__
   ...) and the __has_attribute / __has_builtin operators.

   __DATE__ and __TIME__ come from SOURCE_DATE_EPOCH (UTC) when it is set,
   so output is reproducible, and otherwise from the current local time.
   __TIMESTAMP__ is the current file's modification time, or also
   SOURCE_DATE_EPOCH when that is set.  */
#include "cpp_internal.h"

#include "../lang/lang.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const struct {
  const char *name;
  BuiltinKind kind;
} builtin_macros[] = {
    {"__FILE__", BI_FILE},
    {"__LINE__", BI_LINE},
    {"__COUNTER__", BI_COUNTER},
    {"__DATE__", BI_DATE},
    {"__TIME__", BI_TIME},
    {"__TIMESTAMP__", BI_TIMESTAMP},
    {"__BASE_FILE__", BI_BASE_FILE},
    {"__FILE_NAME__", BI_FILE_NAME},
    {"__INCLUDE_LEVEL__", BI_INCLUDE_LEVEL},
    {"_Pragma", BI_PRAGMA},
    {"__has_attribute", BI_HAS_ATTRIBUTE},
    {"__has_cpp_attribute", BI_HAS_ATTRIBUTE},
    {"__has_c_attribute", BI_HAS_C_ATTRIBUTE},
    {"__has_builtin", BI_HAS_BUILTIN},
    {"__has_include", BI_HAS_INCLUDE},
    {"__has_include_next", BI_HAS_INCLUDE_NEXT},
    {"__has_embed", BI_HAS_EMBED},
};

void define_builtin_macros(Cpp *cpp) {
  for (size_t i = 0; i < ARRAY_LEN(builtin_macros); i++)
    macro_new_builtin(cpp, builtin_macros[i].name, builtin_macros[i].kind);
}

static const char *const month_names[12] = {"Jan", "Feb", "Mar", "Apr",
                                            "May", "Jun", "Jul", "Aug",
                                            "Sep", "Oct", "Nov", "Dec"};
static const char *const day_names[7] = {"Sun", "Mon", "Tue", "Wed",
                                         "Thu", "Fri", "Sat"};

/* SOURCE_DATE_EPOCH if set and valid (as GCC: 0 .. 253402300799).  */
static bool source_date_epoch(time_t *t) {
  const char *s = getenv("SOURCE_DATE_EPOCH");
  if (!s || !*s)
    return false;
  char *end;
  long long v = strtoll(s, &end, 10);
  if (*end || v < 0 || v > 253402300799LL) {
    diag_error((SrcLoc){0},
               "environment variable SOURCE_DATE_EPOCH must expand to a "
               "non-negative integer less than or equal to 253402300799");
    return false;
  }
  *t = (time_t)v;
  return true;
}

static void init_date(Cpp *cpp) {
  if (cpp->have_date)
    return;
  cpp->have_date = true;
  time_t now;
  struct tm tm;
  if (source_date_epoch(&now)) {
    gmtime_r(&now, &tm);
  } else {
    now = time(NULL);
    localtime_r(&now, &tm);
  }
  snprintf(cpp->date, sizeof cpp->date, "\"%s %2d %d\"",
           month_names[tm.tm_mon % 12], tm.tm_mday, tm.tm_year + 1900);
  snprintf(cpp->time, sizeof cpp->time, "\"%02d:%02d:%02d\"", tm.tm_hour,
           tm.tm_min, tm.tm_sec);
}

static void timestamp(Cpp *cpp, char *out, size_t size) {
  time_t t;
  struct tm tm;
  const IncFile *f = cpp->frame ? cpp->frame->file : NULL;
  if (source_date_epoch(&t)) {
    gmtime_r(&t, &tm);
  } else if (f && f->mtime) {
    t = f->mtime;
    localtime_r(&t, &tm);
  } else {
    snprintf(out, size, "\"??? ??? ?? ??:??:?? ????\"");
    return;
  }
  snprintf(out, size, "\"%s %s %2d %02d:%02d:%02d %d\"",
           day_names[tm.tm_wday % 7], month_names[tm.tm_mon % 12], tm.tm_mday,
           tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_year + 1900);
}

/* A string literal token for NAME (\ and " escaped).  */
static void file_name_token(Cpp *cpp, Token *t, const char *name,
                            SrcLoc loc) {
  Buf b = {0};
  buf_putc(&b, '"');
  for (const char *p = name; *p; p++) {
    if (*p == '\\' || *p == '"')
      buf_putc(&b, '\\');
    buf_putc(&b, *p);
  }
  buf_putc(&b, '"');
  make_string_token(cpp, t, b.data, b.len, loc);
  buf_free(&b);
}

static bool expand_builtin_1(Cpp *cpp, Macro *m, Token *name);

long eval_has_operator(Cpp *cpp, Macro *m, Token *name, bool *ok) {
  const char *what = m->name->name;
  Token t;
  *ok = false;
  cpp_get_token(cpp, &t);
  if (!is_punct(&t, P_LPAREN)) {
    diag_error(name->loc, "missing '(' after \"%s\"", what);
    cpp_unget_token(cpp, &t);
    return 0;
  }
  cpp_get_token(cpp, &t);
  if (t.kind != TK_IDENT) {
    diag_error(t.loc, "macro \"%s\" requires an identifier", what);
    return 0;
  }
  const char *scope = NULL, *attr = t.ident->name;
  cpp_get_token(cpp, &t);
  if (m->builtin != BI_HAS_BUILTIN &&
      (is_punct(&t, P_COLONCOLON) || is_punct(&t, P_COLON))) {
    bool two = is_punct(&t, P_COLONCOLON);
    if (!two) {
      cpp_get_token(cpp, &t);
      two = is_punct(&t, P_COLON);
    }
    if (two)
      cpp_get_token(cpp, &t);
    if (!two || t.kind != TK_IDENT) {
      diag_error(t.loc, "missing ')' after \"%s\"", what);
      return 0;
    }
    scope = attr;
    attr = t.ident->name;
    cpp_get_token(cpp, &t);
  }
  if (!is_punct(&t, P_RPAREN)) {
    diag_error(t.loc, "missing ')' after \"%s\" operand", what);
    cpp_unget_token(cpp, &t);
    return 0;
  }
  *ok = true;
  if (m->builtin == BI_HAS_BUILTIN)
    return builtin_is_known(attr);
  return attr_has_attribute(scope, attr, m->builtin == BI_HAS_C_ATTRIBUTE);
}

long eval_has_include(Cpp *cpp, Macro *m, Token *name, bool *ok) {
  pch_taint(cpp, "it uses __has_include");
  const char *what = m->name->name;
  bool next = m->builtin == BI_HAS_INCLUDE_NEXT;
  Token t;
  *ok = false;
  const char *file;
  bool angled;
  if (!read_operator_header_name(cpp, what, name->loc, &file, &angled))
    return 0;
  cpp_get_token(cpp, &t);
  if (!is_punct(&t, P_RPAREN)) {
    diag_error(t.loc, "missing ')' after \"%s\" operand", what);
    cpp_unget_token(cpp, &t);
    return 0;
  }
  Frame *f = cpp->frame;
  if (next && f && f->dir_index == -2 && f->depth == 0)
    next = false;
  int dir;
  bool sys;
  *ok = true;
  return find_include(cpp, file, angled, next, &dir, &sys) != NULL;
}

/* The operators read their operands with macro expansion, so they could
   nest without end: __has_attribute(__has_attribute(...  Deeper than
   this, they are left as identifiers.  */
enum { MAX_BUILTIN_DEPTH = 32 };

bool expand_builtin(Cpp *cpp, Macro *m, Token *name) {
  if (cpp->builtin_depth >= MAX_BUILTIN_DEPTH)
    return false;
  cpp->builtin_depth++;
  bool done = expand_builtin_1(cpp, m, name);
  cpp->builtin_depth--;
  return done;
}

/* The builtins whose value depends on where the text is read (a header
   is the main file when it is precompiled).  */
static bool position_dependent(BuiltinKind k) {
  return k == BI_FILE || k == BI_BASE_FILE || k == BI_FILE_NAME ||
         k == BI_COUNTER || k == BI_INCLUDE_LEVEL || k == BI_DATE ||
         k == BI_TIME || k == BI_TIMESTAMP;
}

static bool expand_builtin_1(Cpp *cpp, Macro *m, Token *name) {
  SrcLoc loc = name->loc;
  Token t;
  char buf[64];
  if (position_dependent((BuiltinKind)m->builtin))
    pch_taint(cpp, "it uses a built-in macro that differs when included");
  switch ((BuiltinKind)m->builtin) {
  case BI_PRAGMA:
    if (cpp->in_directive)
      return false;
    do_pragma_operator(cpp, name);
    return true;
  case BI_HAS_INCLUDE:
  case BI_HAS_INCLUDE_NEXT:
  case BI_HAS_EMBED:
    /* In #if the evaluator reads the operand itself.  Elsewhere it is an
       error, and the name is left as it is (its operand could run to the
       end of the file).  */
    if (!cpp->in_directive)
      diag_error(loc, "\"%s\" used outside of preprocessing directive",
                 m->name->name);
    return false;
  case BI_HAS_ATTRIBUTE:
  case BI_HAS_C_ATTRIBUTE:
  case BI_HAS_BUILTIN: {
    if (cpp->in_directive)
      return false; /* the #if evaluator reads the operand itself */
    bool ok;
    long v = eval_has_operator(cpp, m, name, &ok);
    make_number_token(cpp, &t, (uintmax_t)v, loc);
    break;
  }
  case BI_FILE:
    file_name_token(cpp, &t, srcloc_file(loc), loc);
    break;
  case BI_BASE_FILE:
    file_name_token(cpp, &t, cpp->main_name ? cpp->main_name : "", loc);
    break;
  case BI_FILE_NAME: {
    const char *f = srcloc_file(loc), *slash = strrchr(f, '/');
    file_name_token(cpp, &t, slash ? slash + 1 : f, loc);
    break;
  }
  case BI_LINE:
    make_number_token(cpp, &t, srcloc_line(loc), loc);
    break;
  case BI_COUNTER:
    make_number_token(cpp, &t, cpp->counter++, loc);
    break;
  case BI_INCLUDE_LEVEL:
    make_number_token(cpp, &t, cpp->frame ? (uintmax_t)cpp->frame->depth : 0,
                      loc);
    break;
  case BI_DATE:
  case BI_TIME: {
    init_date(cpp);
    const char *s = m->builtin == BI_DATE ? cpp->date : cpp->time;
    make_string_token(cpp, &t, s, strlen(s), loc);
    break;
  }
  case BI_TIMESTAMP:
    timestamp(cpp, buf, sizeof buf);
    make_string_token(cpp, &t, buf, strlen(buf), loc);
    break;
  default:
    return false;
  }
  TokBuf *b = tokbuf_get(cpp);
  tokbuf_push(b, &t);
  cpp_push_tokens(cpp, b->data, b->len, b, NULL);
  return true;
}
