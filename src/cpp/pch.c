/* Precompiled headers (.gch): the preprocessor's output for a header,
   recorded once and replayed wherever a translation unit's first
   #include names that header.

   Design.  Of GCC's two ways -- (1) the compiler's memory image written
   out and mapped back at the same address, (2) a serialisation with
   pointer swizzling -- this is a narrow form of (2), the pretokenized
   header (clang's old PTH): what is saved is what leaves the
   preprocessor for the header, namely the exact tokens cpp_next hands
   the parser (kind, flags, punctuator, spelling, identifier, line and
   column), the macros the header defines or undefines, and its include
   guard.  (1) was set aside because the state after a header is spread
   over heap vectors (tokens, scopes, the declaration list, the type
   hash), pointers into libc and the text of the PIE executable, and the
   preprocessor's own thread: none of it can be mapped back without
   moving it all into one relocatable region first.  Replaying tokens is
   byte-exact by construction: the parser, sema and every emitter run as
   they do on the text, so BTF, DWARF, CTF, -S, objects and diagnostics
   cannot differ; what is saved is the reading, lexing, directives and
   macro expansion of the header.  Measured on vmlinux.h, that is about
   what decoding the replay costs (bench/run --set pch: 0.27 s CPU from
   the text, 0.28 s from the .gch): the time is in parsing, sema and the
   debug model.  So a header without function bodies or initializers
   has the parser's and sema's state after it in the .gch instead of its
   tokens (parse/pch_state.c writes and reads it; the driver's
   precompile asks the parser for it): at the #include the state is
   offered to the parser's loader (cpp_set_state_loader), which reads it
   into place -- on the parser's thread, while this one waits
   (cpp_pipe_call) -- and the header then ends at once, its macro
   changes and guard applied as after a replay.  A state the loader
   refuses (damaged: every record is checked first) means the text, with
   -Winvalid-pch's warning; a header whose state the writer refuses (a
   body, an initializer, a #pragma pack left open ...) keeps its tokens.

   When a .gch is used (GCC's rules, checked in this order, each failure
   a -Winvalid-pch warning in GCC's words and the header read as text):
   the #include is the main file's first, before any token, and names a
   file whose path + ".gch" exists (a file; or a directory of candidates,
   GCC's, each file tried in name order until one is valid); the file is long enough, starts with
   the magic, has this format version and this executable's build id
   (the linker's, read from our own program headers); its checksum and
   its whole structure check out (every token decoded and bounds-checked
   before the first is replayed: a damaged file is never half used); the
   debug information kind (none or DWARF) is the one it was made with;
   every macro defined when the header started is defined alike now,
   and no macro defined now but not then names an identifier the header
   saw -- which is how GCC checks -D, -U, -std, -O and the target, all of
   which show in the predefined macros; the header's size and time are
   those it was made from; and the header was replayable: it included
   no other file, used no #line, no __FILE__-like or __COUNTER__ builtin,
   no __has_include, no pragma the preprocessor acts on, and its
   compilation gave no diagnostic (those would be lost on replay).

   The file: a fixed header (magic, version, build id, payload size and
   checksum) then the payload, a sequence of sections written and read
   in one order: key, header file identity, macros at start, the
   identifiers, the spelling blob, the tokens (none beside a state), the
   macro changes, the guard, the parser's state (may be empty).  Numbers are LEB128; a token is its kind, flags (bit 7: its
   own spelling follows), then by kind the punctuator, identifier index
   or spelling, then the location as a file flag (0 none, 1 the
   header), a line delta and a column, then in the same form the place
   of the outermost macro expansion that made it (SrcLoc.xp; none for a
   token of the header's text), which the replay enters in the
   expansion-point table again.  */
#include "cpp_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PCH_VERSION = 3, BUILD_ID_MAX = 32, TF_OWN_TEXT = 128 };
static const char pch_magic[8] = {'b', 't', 'f', 'c', 'c', 'P', 'C', 'H'};

typedef struct PchHeader {
  char magic[8];
  uint32_t version;
  uint32_t build_id_len;
  uint8_t build_id[BUILD_ID_MAX];
  uint64_t payload_len;
  uint32_t checksum;
  uint32_t pad;
} PchHeader;

/* --- The executable's build id --- */

typedef struct BuildId {
  uint8_t bytes[BUILD_ID_MAX];
  uint32_t len;
} BuildId;

static int find_build_id(struct dl_phdr_info *info, size_t size, void *arg) {
  BuildId *id = arg;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE)
      continue;
    const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr);
    const char *end = p + ph->p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
      const char *name = p + sizeof *n;
      const char *desc = name + ((n->n_namesz + 3) & ~3u);
      if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
          !memcmp(name, "GNU", 4) && desc + n->n_descsz <= end) {
        id->len = n->n_descsz < BUILD_ID_MAX ? n->n_descsz : BUILD_ID_MAX;
        memcpy(id->bytes, desc, id->len);
        return 1;
      }
      p = desc + ((n->n_descsz + 3) & ~3u);
    }
  }
  return 1; /* the first object is the executable: look no further */
}

static BuildId self_build_id(void) {
  BuildId id = {0};
  dl_iterate_phdr(find_build_id, &id);
  return id;
}

/* --- Writing --- */

void cpp_pch_wrap(const void *payload, size_t n, Buf *out) {
  PchHeader h = {.version = PCH_VERSION};
  memcpy(h.magic, pch_magic, sizeof h.magic);
  BuildId bid = self_build_id();
  h.build_id_len = bid.len;
  memcpy(h.build_id, bid.bytes, bid.len);
  h.payload_len = n;
  h.checksum = hash_bytes(payload, n);
  buf_append(out, &h, sizeof h);
  buf_append(out, payload, n);
}

typedef struct PchRecorder {
  bool active;           /* the header's tokens are coming */
  uint32_t file;         /* the header's srcfile id */
  IncFile *inc;          /* and its file */
  unsigned include_count, errors, warnings;
  Buf macros_before;     /* (name, definition) pairs, NUL-separated */
  uint32_t n_before;
  VEC(Ident *) start_ids;   /* touched identifiers at the start ... */
  VEC(Macro *) start_macros; /* ... and their macros then */
  VEC(Token) toks;
} PchRecorder;

static void put_str(Buf *b, const char *s, size_t n) {
  buf_put_uleb(b, n);
  buf_append(b, s, n);
}

/* The live macros' definitions after the name, as GCC's message shows
   them (" 1"), in definition order: NAME\0DEF\0 pairs.  */
static uint32_t live_macros(Cpp *cpp, Buf *out) {
  uint32_t n = 0;
  Buf def = {0};
  for (size_t i = 0; i < cpp->macros.len; i++) {
    Macro *m = cpp->macros.data[i];
    if (m->name->macro != m)
      continue;
    def.len = 0;
    macro_print_definition(&def, m);
    size_t skip = strlen("#define ") + m->name->len;
    buf_append(out, m->name->name, m->name->len + 1);
    buf_append(out, def.data + skip, def.len - skip);
    buf_putc(out, 0);
    n++;
  }
  buf_free(&def);
  return n;
}

void pch_record_start(Cpp *cpp) {
  PchRecorder *r = cpp->rec;
  if (!r || r->active || !cpp->frame)
    return;
  r->active = true;
  r->file = cpp->frame->phys_id;
  r->inc = cpp->frame->file;
  r->include_count = cpp->include_count;
  r->errors = diag_error_count();
  r->warnings = diag_warning_count();
  r->n_before = live_macros(cpp, &r->macros_before);
  for (size_t i = 0; i < cpp->touched.len; i++) {
    vec_push(&r->start_ids, cpp->touched.data[i]);
    vec_push(&r->start_macros, (Macro *)cpp->touched.data[i]->macro);
  }
}

void pch_record_token(Cpp *cpp, const Token *t) {
  PchRecorder *r = cpp->rec;
  if (r->active)
    vec_push(&r->toks, *t);
}

void pch_taint(Cpp *cpp, const char *why) {
  if (cpp->rec && cpp->rec->active && !cpp->pch_taint)
    cpp->pch_taint = why;
}

void cpp_pch_record(Cpp *cpp) {
  cpp->rec = xcalloc(1, sizeof *cpp->rec);
}

/* Identifier indexes: every identifier interned when the header ends
   gets one (the header may have looked at any of them in a directive),
   held in Ident.mark + 1 while writing; the marks are put back after.  */
typedef struct Writer {
  Buf ids;   /* the identifier section body */
  uint32_t n_ids;
  VEC(Ident *) marked;
  VEC(uint32_t) old_marks;
  Buf blob;
  uint32_t header_file;
  const char *taint;
} Writer;

static void index_all(Ident *id, void *arg) {
  Writer *w = arg;
  vec_push(&w->marked, id);
  vec_push(&w->old_marks, id->mark);
  id->mark = ++w->n_ids;
  put_str(&w->ids, id->name, id->len);
}

static uint32_t ident_index(Writer *w, Ident *id) { return id->mark - 1; }

static void put_loc(Writer *w, Buf *b, SrcLoc loc, uint32_t *prev_line) {
  if (!loc.file) {
    buf_put_uleb(b, 0);
    return;
  }
  if (loc.file != w->header_file && !w->taint)
    w->taint = "it has tokens from another file";
  buf_put_uleb(b, 1);
  buf_put_sleb(b, (int64_t)loc.line - (int64_t)*prev_line);
  buf_put_uleb(b, loc.col);
  *prev_line = loc.line;
}

static void put_token(Writer *w, Buf *b, const Token *t, uint32_t *prev_line) {
  bool own = true;
  if (t->kind == TK_IDENT)
    own = t->len != t->ident->len || memcmp(t->text, t->ident->name, t->len);
  else if (t->kind == TK_PUNCT)
    own = strlen(punct_spelling(t->punct)) != t->len ||
          memcmp(t->text, punct_spelling(t->punct), t->len);
  buf_putc(b, (char)t->kind);
  buf_putc(b, (char)(t->flags | (own ? TF_OWN_TEXT : 0)));
  if (t->kind == TK_IDENT)
    buf_put_uleb(b, ident_index(w, t->ident));
  else
    buf_put_uleb(b, t->punct);
  if (own) {
    buf_put_uleb(b, w->blob.len);
    buf_put_uleb(b, t->len);
    buf_append(&w->blob, t->text, t->len);
  }
  put_loc(w, b, t->loc, prev_line);
  /* the outermost expansion that made it, as a location of its own */
  put_loc(w, b, t->loc.xp ? srcloc_debug_place(t->loc) : (SrcLoc){0},
          prev_line);
}

static void put_macro(Writer *w, Buf *b, const Macro *m) {
  buf_putc(b, (char)m->kind);
  buf_putc(b, (char)m->variadic);
  buf_putc(b, (char)m->has_paste);
  buf_put_uleb(b, m->nparams);
  for (int i = 0; i < m->nparams; i++)
    buf_put_uleb(b, ident_index(w, m->params[i]));
  uint32_t line = 0;
  put_loc(w, b, m->loc, &line);
  buf_put_uleb(b, m->nbody);
  for (uint32_t i = 0; i < m->nbody; i++)
    put_token(w, b, &m->body[i], &line);
}

bool cpp_pch_write(Cpp *cpp, const char *path, uint8_t debug_kind,
                   const Buf *state) {
  PchRecorder *r = cpp->rec;
  Writer w = {.header_file = r->file};
  w.taint = cpp->pch_taint;
  if (!w.taint && cpp->include_count != r->include_count)
    w.taint = "it includes other files";
  if (!w.taint && (diag_error_count() != r->errors ||
                   diag_warning_count() != r->warnings))
    w.taint = "its compilation gave diagnostics";
  intern_each(index_all, &w);

  Buf toks = {0}, changes = {0};
  uint32_t line = 0;
  for (size_t i = 0; i < r->toks.len; i++)
    put_token(&w, &toks, &r->toks.data[i], &line);
  /* With the parser's state the tokens are not needed (a reader without
     a parser reads the text): only what they taught the taint stays.  */
  bool with_state = state && state->len;
  size_t n_toks = with_state ? 0 : r->toks.len;
  if (with_state)
    toks.len = 0;
  uint32_t n_changes = 0;
  for (size_t i = 0; i < cpp->touched.len; i++) {
    Ident *id = cpp->touched.data[i];
    Macro *before = NULL;
    for (size_t j = 0; j < r->start_ids.len; j++)
      if (r->start_ids.data[j] == id) {
        before = r->start_macros.data[j];
        break;
      }
    Macro *now = id->macro;
    if (now == before)
      continue;
    if (now && now->kind == MK_BUILTIN && !w.taint)
      w.taint = "it redefines a built-in macro";
    buf_put_uleb(&changes, ident_index(&w, id));
    buf_putc(&changes, now ? 1 : 0);
    if (now)
      put_macro(&w, &changes, now);
    n_changes++;
  }

  Buf p = {0};
  struct stat st = {0};
  if (r->inc)
    stat(r->inc->path, &st);
  buf_putc(&p, (char)ctx_current->target.arch);
  buf_putc(&p, (char)debug_kind);
  put_str(&p, w.taint ? w.taint : "", w.taint ? strlen(w.taint) : 0);
  buf_put_uleb(&p, (uint64_t)st.st_size);
  buf_put_uleb(&p, (uint64_t)st.st_mtim.tv_sec);
  buf_put_uleb(&p, (uint64_t)st.st_mtim.tv_nsec);
  buf_put_uleb(&p, r->n_before);
  put_str(&p, r->macros_before.data ? r->macros_before.data : "",
          r->macros_before.len);
  buf_put_uleb(&p, w.n_ids);
  put_str(&p, w.ids.data ? w.ids.data : "", w.ids.len);
  put_str(&p, w.blob.data ? w.blob.data : "", w.blob.len);
  buf_put_uleb(&p, n_toks);
  put_str(&p, toks.data ? toks.data : "", toks.len);
  buf_put_uleb(&p, n_changes);
  put_str(&p, changes.data ? changes.data : "", changes.len);
  Ident *guard = r->inc ? r->inc->guard : NULL;
  buf_put_uleb(&p, guard ? ident_index(&w, guard) + 1 : 0);
  put_str(&p, state && state->data ? state->data : "", state ? state->len : 0);

  Buf file = {0};
  cpp_pch_wrap(p.data, p.len, &file);
  bool ok = false;
  FILE *f = !strcmp(path, "-") ? stdout : fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "btfcc: fatal error: cannot open '%s' for writing: %s\n",
            path, strerror(errno));
  } else {
    ok = fwrite(file.data, 1, file.len, f) == file.len;
    ok = (f == stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
    if (!ok)
      fprintf(stderr, "btfcc: fatal error: error writing '%s'\n", path);
  }
  for (size_t i = 0; i < w.marked.len; i++)
    w.marked.data[i]->mark = w.old_marks.data[i];
  vec_free(&w.marked);
  vec_free(&w.old_marks);
  buf_free(&w.ids);
  buf_free(&w.blob);
  buf_free(&toks);
  buf_free(&changes);
  buf_free(&p);
  buf_free(&file);
  return ok;
}

void pch_recorder_free(Cpp *cpp) {
  PchRecorder *r = cpp->rec;
  if (!r)
    return;
  buf_free(&r->macros_before);
  vec_free(&r->start_ids);
  vec_free(&r->start_macros);
  vec_free(&r->toks);
  free(r);
  cpp->rec = NULL;
}

/* --- Reading --- */

/* A bounds-checked cursor: every read past the end sets bad.  */
typedef struct Cursor {
  const uint8_t *p, *end;
  bool bad;
} Cursor;

static uint64_t get_uleb_slow(Cursor *c) {
  uint64_t v = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    if (c->p >= c->end) {
      c->bad = true;
      return 0;
    }
    uint8_t b = *c->p++;
    v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80))
      return v;
  }
  c->bad = true;
  return 0;
}

/* Most numbers are one byte: that case inline.  */
static inline uint64_t get_uleb(Cursor *c) {
  if (c->p < c->end && *c->p < 0x80)
    return *c->p++;
  return get_uleb_slow(c);
}

static int64_t get_sleb(Cursor *c) {
  uint64_t v = 0;
  unsigned shift = 0;
  uint8_t b;
  do {
    if (c->p >= c->end || shift >= 64) {
      c->bad = true;
      return 0;
    }
    b = *c->p++;
    v |= (uint64_t)(b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  if (shift < 64 && (b & 0x40))
    v |= ~(uint64_t)0 << shift;
  return (int64_t)v;
}

static uint8_t get_byte(Cursor *c) {
  if (c->p >= c->end) {
    c->bad = true;
    return 0;
  }
  return *c->p++;
}

/* A length-prefixed section: its cursor.  */
static Cursor get_section(Cursor *c) {
  uint64_t n = get_uleb(c);
  Cursor s = {c->p, c->p, c->bad};
  if (c->bad || n > (uint64_t)(c->end - c->p)) {
    c->bad = s.bad = true;
    return s;
  }
  s.end = c->p + n;
  c->p += n;
  return s;
}

typedef struct PchName {
  const char *s;
  uint32_t len;
} PchName;

typedef struct PchReplay {
  void *map;
  size_t map_len;
  Ident **ids;     /* interned on first use */
  PchName *names;  /* their spellings in the map */
  uint32_t n_ids;
  const char *blob;
  size_t blob_len;
  Cursor toks;
  uint64_t toks_left;
  uint32_t line;
  SrcLoc xp_loc;   /* the expansion point replayed last, and its id */
  uint32_t xp;
  Cursor changes;
  uint64_t n_changes;
  Ident *guard;
  Frame *frame;
  IncFile *file;
  const uint8_t *state; /* the parser's state, in the map (may be empty) */
  size_t state_len;
  char *path;           /* the .gch's, for the warnings */
} PchReplay;

static Ident *ident_at(PchReplay *r, uint64_t k) {
  if (!r->ids[k])
    r->ids[k] = intern(r->names[k].s, r->names[k].len);
  return r->ids[k];
}

/* Reads a location written by put_loc into *LOC (FILE: the header's
   srcfile id); false if it is malformed.  */
static bool get_loc(Cursor *c, uint32_t *line, uint32_t file, SrcLoc *loc) {
  *loc = (SrcLoc){0};
  uint64_t has = get_uleb(c);
  if (has > 1)
    return false;
  if (has) {
    int64_t l = (int64_t)*line + get_sleb(c);
    uint64_t col = get_uleb(c);
    if (l < 0 || l > UINT32_MAX || col > UINT32_MAX)
      return false;
    *line = (uint32_t)l;
    *loc = (SrcLoc){file, (uint32_t)l, (uint32_t)col, 0};
  }
  return true;
}

/* Reads one token (TK_PARAM allowed in macro bodies); false if it is
   malformed.  FILE is the header's srcfile id.  CHECK: only check it
   (no identifier is interned).  */
static bool get_token(PchReplay *r, Cursor *c, Token *t, uint32_t *line,
                      uint32_t file, bool body, bool check) {
  t->ident = NULL;
  t->pp = NULL;
  t->punct = 0;
  t->loc = (SrcLoc){0};
  uint8_t kind = get_byte(c), flags = get_byte(c);
  bool own = flags & TF_OWN_TEXT;
  t->kind = kind;
  t->flags = flags & (uint8_t)~TF_OWN_TEXT;
  uint64_t v = get_uleb(c);
  switch (kind) {
  case TK_IDENT:
    if (v >= r->n_ids)
      return false;
    if (!check) {
      t->ident = ident_at(r, v);
      t->text = t->ident->name;
      t->len = t->ident->len;
    }
    break;
  case TK_PUNCT:
    if (v == P_NONE || v >= P__COUNT)
      return false;
    t->punct = (uint16_t)v;
    if (!check) {
      t->text = punct_spelling(t->punct);
      t->len = (uint32_t)strlen(t->text);
    }
    break;
  case TK_NUMBER: case TK_CHAR: case TK_STRING: case TK_OTHER:
  case TK_PRAGMA: case TK_PRAGMA_END:
    if (v > 1)
      return false;
    t->punct = (uint16_t)v;
    t->text = "";
    break;
  case TK_PARAM: case TK_VA_OPT:
    if (!body || v > UINT16_MAX)
      return false;
    t->punct = (uint16_t)v;
    t->text = "";
    break;
  default:
    return false;
  }
  if (own) {
    uint64_t off = get_uleb(c), len = get_uleb(c);
    if (off > r->blob_len || len > r->blob_len - off || len > UINT32_MAX)
      return false;
    t->text = r->blob + off;
    t->len = (uint32_t)len;
  }
  SrcLoc xp;
  if (!get_loc(c, line, file, &t->loc) || !get_loc(c, line, file, &xp))
    return false;
  if (xp.file && !check) {
    /* the tokens of one expansion follow each other */
    if (!r->xp || xp.line != r->xp_loc.line || xp.col != r->xp_loc.col) {
      r->xp_loc = xp;
      r->xp = srcloc_add_expansion(xp);
    }
    t->loc.xp = r->xp;
  }
  return !c->bad;
}

static bool get_macro(PchReplay *r, Cursor *c, Cpp *cpp, Macro *m,
                      uint32_t file) {
  m->kind = get_byte(c);
  m->variadic = get_byte(c) != 0;
  m->has_paste = get_byte(c) != 0;
  if (m->kind != MK_OBJECT && m->kind != MK_FUNCTION)
    return false;
  uint64_t np = get_uleb(c);
  if (c->bad || np > (uint64_t)(c->end - c->p) || np > UINT16_MAX)
    return false;
  m->nparams = (uint16_t)np;
  m->params = cpp ? arena_alloc(&cpp->arena, np * sizeof(Ident *) + 1) : NULL;
  for (uint64_t i = 0; i < np; i++) {
    uint64_t k = get_uleb(c);
    if (k >= r->n_ids)
      return false;
    if (cpp)
      m->params[i] = ident_at(r, k);
  }
  uint32_t line = 0;
  Token lt;
  /* the location: a file flag, line and column, as a token's */
  if (!get_loc(c, &line, file, &m->loc))
    return false;
  uint64_t nb = get_uleb(c);
  if (c->bad || nb > (uint64_t)(c->end - c->p))
    return false;
  m->nbody = (uint32_t)nb;
  m->body = cpp ? arena_alloc(&cpp->arena, nb * sizeof(Token) + 1) : NULL;
  for (uint64_t i = 0; i < nb; i++) {
    if (!get_token(r, c, &lt, &line, file, true, !cpp))
      return false;
    if (lt.kind == TK_PARAM && lt.punct >= np)
      return false;
    if (cpp) {
      lt.pp = m;
      m->body[i] = lt;
    }
  }
  return !c->bad;
}

static void unmap_pch(void *arg) {
  PchReplay *r = arg;
  munmap(r->map, r->map_len);
  free(r->path);
  free(r->ids);
  free(r->names);
  free(r);
}

/* The -Winvalid-pch warning; always false (the header is read as text). */
static bool invalid(SrcLoc loc, const char *gch, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static bool invalid(SrcLoc loc, const char *gch, const char *fmt, ...) {
  Buf b = {0};
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  diag_warning(loc, W_INVALID_PCH, "%s: %s", gch, buf_cstr(&b));
  buf_free(&b);
  return false;
}

static const char *debug_name(unsigned k) {
  return k == 0 ? "none" : "dwarf-2";
}

/* The macro checks: every macro defined at the header's start is defined
   alike now; a macro defined now and not then is none of the header's
   identifiers.  */
static bool macros_match(Cpp *cpp, PchReplay *r, Cursor *c, uint64_t n,
                         SrcLoc loc, const char *gch) {
  Cursor s = get_section(c);
  if (s.bad)
    return invalid(loc, gch, "not used because it is damaged");
  Buf def = {0};
  uint32_t stamp = 0x80000000u;
  VEC(Ident *) stamped = {0};
  bool ok = true;
  for (uint64_t i = 0; i < n && ok; i++) {
    const char *name = (const char *)s.p;
    const char *nend = memchr(name, 0, (size_t)(s.end - s.p));
    const char *d = nend ? nend + 1 : NULL;
    const char *dend = d && d < (const char *)s.end
                           ? memchr(d, 0, (size_t)((const char *)s.end - d))
                           : NULL;
    if (!dend) {
      ok = invalid(loc, gch, "not used because it is damaged");
      break;
    }
    s.p = (const uint8_t *)dend + 1;
    Ident *id = intern(name, (size_t)(nend - name));
    Macro *m = id->macro;
    if (!m) {
      ok = invalid(loc, gch, "not used because '%s' not defined", name);
      break;
    }
    def.len = 0;
    macro_print_definition(&def, m);
    size_t skip = strlen("#define ") + id->len;
    const char *now = buf_cstr(&def) + skip;
    if (strcmp(now, d)) {
      ok = invalid(loc, gch, "not used because '%s' defined as '%s' not '%s'",
                   name, now, d);
      break;
    }
    if (!(id->mark & stamp)) {
      id->mark |= stamp;
      vec_push(&stamped, id);
    }
  }
  /* macros defined now and not then: none may be one the header saw */
  for (size_t i = 0; ok && i < cpp->macros.len; i++) {
    Macro *m = cpp->macros.data[i];
    if (m->name->macro != m || (m->name->mark & stamp))
      continue;
    for (uint32_t k = 0; k < r->n_ids; k++)
      if (r->names[k].len == m->name->len &&
          !memcmp(r->names[k].s, m->name->name, m->name->len)) {
        ok = invalid(loc, gch, "not used because '%s' is defined",
                     m->name->name);
        break;
      }
  }
  for (size_t i = 0; i < stamped.len; i++)
    stamped.data[i]->mark &= ~stamp;
  vec_free(&stamped);
  buf_free(&def);
  return ok;
}

/* Whether GCH is a valid precompiled form of F here; fills R.  */
static bool pch_check(Cpp *cpp, PchReplay *r, IncFile *f, const char *gch,
                      SrcLoc loc) {
  const uint8_t *base = r->map;
  if (r->map_len < sizeof(PchHeader))
    return invalid(loc, gch, "too short to be a PCH file");
  PchHeader h;
  memcpy(&h, base, sizeof h);
  if (memcmp(h.magic, pch_magic, sizeof h.magic))
    return invalid(loc, gch, "not a PCH file");
  if (h.version != PCH_VERSION)
    return invalid(loc, gch, "not compatible with this GCC version");
  BuildId bid = self_build_id();
  if (h.build_id_len != bid.len || memcmp(h.build_id, bid.bytes, bid.len))
    return invalid(loc, gch, "created by a different GCC executable");
  if (h.payload_len != r->map_len - sizeof h ||
      hash_bytes(base + sizeof h, h.payload_len) != h.checksum)
    return invalid(loc, gch, "not used because it is damaged");
  Cursor c = {base + sizeof h, base + r->map_len, false};
  uint8_t arch = get_byte(&c), debug = get_byte(&c);
  Cursor taint = get_section(&c);
  uint64_t size = get_uleb(&c), sec = get_uleb(&c), nsec = get_uleb(&c);
  uint64_t n_before = get_uleb(&c);
  if (c.bad)
    return invalid(loc, gch, "not used because it is damaged");
  if (debug != cpp->opts.pch_debug)
    return invalid(loc, gch, "created with '%s' debug info, but used with '%s'",
                   debug_name(debug), debug_name(cpp->opts.pch_debug));
  /* the identifiers, needed by the macro check */
  Cursor macros = c;
  (void)get_section(&c);
  uint64_t n_ids = get_uleb(&c);
  Cursor ids = get_section(&c);
  if (c.bad || n_ids > (uint64_t)(ids.end - ids.p))
    return invalid(loc, gch, "not used because it is damaged");
  r->n_ids = (uint32_t)n_ids;
  r->ids = xcalloc(n_ids + 1, sizeof *r->ids);
  r->names = xmalloc((n_ids + 1) * sizeof *r->names);
  for (uint64_t i = 0; i < n_ids; i++) {
    Cursor s = get_section(&ids);
    if (s.bad || memchr(s.p, 0, (size_t)(s.end - s.p)) || s.p == s.end)
      return invalid(loc, gch, "not used because it is damaged");
    r->names[i] = (PchName){(const char *)s.p, (uint32_t)(s.end - s.p)};
  }
  if (!macros_match(cpp, r, &macros, n_before, loc, gch))
    return false;
  if (arch != ctx_current->target.arch)
    return invalid(loc, gch, "created by a different GCC executable");
  if (cpp->poisoned)
    return invalid(loc, gch, "not used because an identifier is poisoned");
  if (taint.p != taint.end)
    return invalid(loc, gch, "not used because %.*s",
                   (int)(taint.end - taint.p), (const char *)taint.p);
  struct stat st;
  if (stat(f->path, &st) != 0 || (uint64_t)st.st_size != size ||
      (uint64_t)st.st_mtim.tv_sec != sec || (uint64_t)st.st_mtim.tv_nsec != nsec)
    return invalid(loc, gch, "not used because '%s' has changed since the .gch was made", f->path);
  Cursor blob = get_section(&c);
  r->blob = (const char *)blob.p;
  r->blob_len = (size_t)(blob.end - blob.p);
  r->toks_left = get_uleb(&c);
  r->toks = get_section(&c);
  r->n_changes = get_uleb(&c);
  r->changes = get_section(&c);
  uint64_t guard = get_uleb(&c);
  Cursor state = get_section(&c);
  r->state = state.p;
  r->state_len = (size_t)(state.end - state.p);
  if (c.bad || c.p != c.end || guard > n_ids)
    return invalid(loc, gch, "not used because it is damaged");
  r->guard = guard ? ident_at(r, guard - 1) : NULL;
  /* every token and macro decoded once before any is used */
  Cursor t = r->toks;
  uint32_t line = 0;
  Token tok;
  for (uint64_t i = 0; i < r->toks_left; i++)
    if (!get_token(r, &t, &tok, &line, 1, false, true))
      return invalid(loc, gch, "not used because it is damaged");
  Cursor m = r->changes;
  for (uint64_t i = 0; i < r->n_changes; i++) {
    uint64_t k = get_uleb(&m);
    uint8_t def = get_byte(&m);
    Macro scratch = {0};
    if (m.bad || k >= n_ids || def > 1 ||
        (def && !get_macro(r, &m, NULL, &scratch, 1)))
      return invalid(loc, gch, "not used because it is damaged");
  }
  if (t.p != t.end || m.p != m.end)
    return invalid(loc, gch, "not used because it is damaged");
  return true;
}

/* One candidate GCH, open as FD (closed here), of size SIZE.  */
static bool try_gch(Cpp *cpp, IncFile *f, const char *gch, int fd,
                    size_t size, SrcLoc loc) {
  PchReplay *r = xcalloc(1, sizeof *r);
  r->map_len = size;
  r->map = size ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
  close(fd);
  if (r->map == MAP_FAILED) {
    r->map = NULL;
    r->map_len = 0;
  }
  bool ok = r->map ? pch_check(cpp, r, f, gch, loc)
                   : invalid(loc, gch, "too short to be a PCH file");
  if (!ok) {
    if (r->map)
      munmap(r->map, r->map_len);
    free(r->ids);
    free(r->names);
    free(r);
    return false;
  }
  r->file = f;
  r->path = xstrdup(gch);
  cpp->replay = cpp->pch_used = r;
  return true;
}

/* PATH as a candidate: a regular file is tried; with DIR_OK a directory
   is GCC's set of candidates, each of its files tried in name order
   until one is valid.  */
static bool try_path(Cpp *cpp, IncFile *f, const char *path, bool dir_ok,
                     SrcLoc loc) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0)
    return false;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
    return try_gch(cpp, f, path, fd, (size_t)st.st_size, loc);
  close(fd);
  if (!dir_ok || !S_ISDIR(st.st_mode))
    return false;
  struct dirent **list;
  int n = scandir(path, &list, NULL, alphasort);
  bool ok = false;
  Buf sub = {0};
  for (int i = 0; i < n; i++) {
    if (!ok && list[i]->d_name[0] != '.') {
      sub.len = 0;
      buf_printf(&sub, "%s/%s", path, list[i]->d_name);
      ok = try_path(cpp, f, buf_cstr(&sub), false, loc);
    }
    free(list[i]);
  }
  if (n >= 0)
    free(list);
  buf_free(&sub);
  return ok;
}

bool pch_try(Cpp *cpp, IncFile *f, SrcLoc loc) {
  Buf gch = {0};
  buf_printf(&gch, "%s.gch", f->path);
  bool ok = try_path(cpp, f, buf_cstr(&gch), true, loc);
  buf_free(&gch);
  return ok;
}

void pch_retire(Cpp *cpp) {
  if (cpp->pch_used)
    ctx_at_free(unmap_pch, cpp->pch_used); /* token spellings point into it */
  cpp->pch_used = NULL;
}

void cpp_set_state_loader(Cpp *cpp, CppStateLoader loader, void *arg) {
  cpp->state_loader = loader;
  cpp->state_loader_arg = arg;
}

typedef enum { STATE_NO_LOADER, STATE_LOADED, STATE_REFUSED } StateOutcome;

typedef struct StateCall {
  Cpp *cpp;
  CppStateLoad load;
  StateOutcome outcome;
} StateCall;

/* On the thread that reads cpp_next (the preprocessor waits).  */
static void call_loader(void *arg) {
  StateCall *c = arg;
  Cpp *cpp = c->cpp;
  if (!cpp->state_loader)
    c->outcome = STATE_NO_LOADER;
  else
    c->outcome = cpp->state_loader(cpp->state_loader_arg, &c->load)
                     ? STATE_LOADED : STATE_REFUSED;
}

static void replay_end(Cpp *cpp);

void pch_replay_begin(Cpp *cpp, SrcLoc loc) {
  PchReplay *r = cpp->replay;
  r->frame = cpp->frame;
  if (!r->state_len) {
    if (cpp->opts.pch_report)
      fprintf(stderr, "btfcc: note: %s: tokens replayed\n", r->path);
    return;
  }
  StateCall *c = xcalloc(1, sizeof *c);
  c->cpp = cpp;
  c->load = (CppStateLoad){.data = r->state, .len = r->state_len,
                           .header_file = r->frame->phys_id};
  c->outcome = STATE_NO_LOADER;
  if (cpp->producer_pipe) {
    if (!cpp_pipe_call(cpp->producer_pipe, call_loader, c))
      c->outcome = STATE_NO_LOADER;
  } else {
    call_loader(c);
  }
  if (cpp->opts.pch_report)
    fprintf(stderr, "btfcc: note: %s: %s\n", r->path,
            c->outcome == STATE_LOADED ? "parser state loaded"
            : c->outcome == STATE_REFUSED ? "parser state refused"
                                           : "no parser to load the state");
  if (c->outcome == STATE_LOADED) {
    r->toks_left = 0;
    replay_end(cpp); /* the macros, the guard; the frame at its end */
  } else if (c->outcome == STATE_REFUSED) {
    invalid(loc, r->path, "not used because its parser state is damaged (%s)",
            c->load.err);
    cpp->replay = NULL; /* the text, from its start */
  } else {
    /* no parser to take the state, and no tokens beside it */
    invalid(loc, r->path, "not used because no parser reads its state here");
    cpp->replay = NULL;
  }
  free(c);
}

/* The header's end: its macro changes and guard, then the frame reads
   its end of file and is popped as after the text.  */
static void replay_end(Cpp *cpp) {
  PchReplay *r = cpp->replay;
  Frame *fr = r->frame;
  for (uint64_t i = 0; i < r->n_changes; i++) {
    Ident *id = ident_at(r, get_uleb(&r->changes));
    Macro *m = NULL;
    if (get_byte(&r->changes)) {
      m = arena_alloc(&cpp->arena, sizeof *m);
      m->name = id;
      get_macro(r, &r->changes, cpp, m, fr->phys_id);
      m->origin = fr->system ? ORIGIN_SYSTEM : ORIGIN_USER;
      m->sys_flags = fr->sys_flags;
    }
    macro_set(cpp, id, m);
  }
  if (r->guard)
    r->file->guard = r->guard;
  fr->lx.p = fr->lx.end;
  cpp->replay = NULL;
}

bool pch_replay_token(Cpp *cpp, Token *t) {
  PchReplay *r = cpp->replay;
  if (!r->toks_left) {
    replay_end(cpp);
    return false;
  }
  r->toks_left--;
  get_token(r, &r->toks, t, &r->line, r->frame->phys_id, false, false);
  return true;
}
