/* Source files: the include search path, finding and reading headers
   (each read once and cached), #pragma once identities, and the stack of
   open source buffers (frames).

   Search order, as GCC's: for "name", the directory of the including
   file, then -iquote dirs; then for both forms -I dirs, -isystem dirs,
   the default dirs and -idirafter dirs.  #include_next continues after
   the directory where the current file was found.  Directories that do
   not exist are dropped, and so are duplicates (a non-system directory
   that duplicates a system one is the one dropped).  A header found in a
   system directory, or included from a system header, is a system
   header.  */
#include "cpp_internal.h"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- Default search directories --- */

static const char *const config_dirs[] = {BTFCC_DEFAULT_INCLUDE_DIRS};

const char *const *cpp_default_include_dirs(Arena *a, size_t *n) {
  const char *env = getenv("BTFCC_SYSTEM_INCLUDE");
  if (!env) {
    *n = ARRAY_LEN(config_dirs);
    return config_dirs;
  }
  size_t cap = 1;
  for (const char *p = env; *p; p++)
    cap += *p == ':';
  const char **dirs = arena_alloc(a, cap * sizeof *dirs);
  *n = 0;
  for (const char *p = env; *p;) {
    size_t len = strcspn(p, ":");
    if (len) /* empty fields are skipped, as strtok skipped them */
      dirs[(*n)++] = arena_strndup(a, p, len);
    p += len + (p[len] == ':');
  }
  return dirs;
}

/* --- The search path --- */

typedef struct DirCand {
  const char *path;
  bool system;
  bool quote; /* on the quote chain only */
  bool keep;
  bool exists;
  dev_t dev;
  ino_t ino;
} DirCand;

typedef VEC(DirCand) DirCandVec;

static void add_cands(DirCandVec *v, const char *const *dirs, size_t n,
                      bool system, bool quote) {
  for (size_t i = 0; i < n; i++) {
    DirCand c = {.path = dirs[i], .system = system, .quote = quote};
    struct stat st;
    if (dirs[i][0] && stat(dirs[i], &st) == 0 && S_ISDIR(st.st_mode)) {
      c.keep = c.exists = true;
      c.dev = st.st_dev;
      c.ino = st.st_ino;
    }
    vec_push(v, c);
  }
}

/* -v: GCC's report of the directories left out (the system chain's,
   then -I's, then -iquote's, as GCC merges them), then the list.  */
static void print_search_list(const DirCandVec *c) {
  for (int chain = 0; chain < 3; chain++)
    for (size_t i = 0; i < c->len; i++) {
      const DirCand *d = &c->data[i];
      int of = d->system ? 0 : d->quote ? 2 : 1;
      if (of != chain || d->keep)
        continue;
      if (!d->exists) {
        fprintf(stderr, "ignoring nonexistent directory \"%s\"\n", d->path);
        continue;
      }
      bool dup_of_system = false;
      for (size_t j = 0; j < c->len; j++)
        if (j != i && c->data[j].keep && c->data[j].system && !d->system &&
            c->data[j].dev == d->dev && c->data[j].ino == d->ino)
          dup_of_system = true;
      fprintf(stderr, "ignoring duplicate directory \"%s\"\n%s", d->path,
              dup_of_system ? "  as it is a non-system directory that "
                              "duplicates a system directory\n"
                            : "");
    }
  fprintf(stderr, "#include \"...\" search starts here:\n");
  bool angled = false;
  for (size_t i = 0; i < c->len; i++) {
    const DirCand *d = &c->data[i];
    if (!d->keep)
      continue;
    if (!d->quote && !angled) {
      fprintf(stderr, "#include <...> search starts here:\n");
      angled = true;
    }
    fprintf(stderr, " %s\n", d->path);
  }
  if (!angled)
    fprintf(stderr, "#include <...> search starts here:\n");
  fprintf(stderr, "End of search list.\n");
}

void files_init(Cpp *cpp) {
  const CppOptions *o = &cpp->opts;
  DirCandVec c = {0};
  add_cands(&c, o->quote_dirs, o->n_quote_dirs, false, true);
  add_cands(&c, o->bracket_dirs, o->n_bracket_dirs, false, false);
  add_cands(&c, o->system_dirs, o->n_system_dirs, true, false);
  if (!o->nostdinc) {
    size_t n;
    const char *const *d = cpp_default_include_dirs(&cpp->arena, &n);
    add_cands(&c, d, n, true, false);
  }
  add_cands(&c, o->after_dirs, o->n_after_dirs, true, false);

  for (size_t i = 0; i < c.len; i++) {
    if (!c.data[i].keep)
      continue;
    for (size_t j = 0; j < i; j++) {
      DirCand *a = &c.data[j], *b = &c.data[i];
      if (!a->keep || a->dev != b->dev || a->ino != b->ino)
        continue;
      if (a->quote && !b->quote)
        a->keep = false; /* the quote chain joins the bracket chain */
      else if (!a->system && b->system)
        a->keep = false;
      else
        b->keep = false;
      if (!b->keep)
        break;
    }
  }
  if (o->verbose)
    print_search_list(&c);
  cpp->dirs = xcalloc(c.len + 1, sizeof(SearchDir));
  cpp->ndirs = 0;
  cpp->bracket_start = 0;
  for (size_t i = 0; i < c.len; i++) {
    if (!c.data[i].keep)
      continue;
    if (c.data[i].quote)
      cpp->bracket_start++;
    cpp->dirs[cpp->ndirs++] =
        (SearchDir){.path = c.data[i].path, .system = c.data[i].system};
  }
  vec_free(&c);
}

/* --- The file table --- */

static void file_table_grow(Cpp *cpp) {
  size_t nc = cpp->file_cap ? cpp->file_cap * 2 : 256;
  IncFile **nt = xcalloc(nc, sizeof *nt);
  for (size_t i = 0; i < cpp->file_cap; i++) {
    for (IncFile *f = cpp->file_tab[i], *next; f; f = next) {
      next = f->hash_next;
      size_t slot = hash_bytes(f->path, strlen(f->path)) & (nc - 1);
      f->hash_next = nt[slot];
      nt[slot] = f;
    }
  }
  free(cpp->file_tab);
  cpp->file_tab = nt;
  cpp->file_cap = nc;
}

IncFile *file_lookup(Cpp *cpp, const char *path) {
  if (cpp->file_count * 2 >= cpp->file_cap)
    file_table_grow(cpp);
  size_t len = strlen(path);
  size_t slot = hash_bytes(path, len) & (cpp->file_cap - 1);
  for (IncFile *f = cpp->file_tab[slot]; f; f = f->hash_next)
    if (strcmp(f->path, path) == 0)
      return f;
  IncFile *f = arena_alloc(&cpp->arena, sizeof *f);
  f->path = arena_strndup(&cpp->arena, path, len);
  struct stat st;
  if (stat(path, &st) != 0 || S_ISDIR(st.st_mode)) {
    f->missing = true;
  } else {
    f->dev = st.st_dev;
    f->ino = st.st_ino;
    f->mtime = st.st_mtime;
  }
  f->hash_next = cpp->file_tab[slot];
  cpp->file_tab[slot] = f;
  cpp->file_count++;
  return f;
}

/* Phase 1: replace trigraphs (only in strict ISO modes, as GCC).  */
static size_t replace_trigraphs(char *s, size_t len) {
  static const char from[] = "=(/)'<!>-", to[] = "#[\\]^{|}~";
  size_t o = 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] == '?' && i + 2 < len && s[i + 1] == '?') {
      const char *k = memchr(from, s[i + 2], sizeof from - 1);
      if (k && s[i + 2]) {
        s[o++] = to[k - from];
        i += 2;
        continue;
      }
    }
    s[o++] = s[i];
  }
  s[o] = 0;
  return o;
}

/* Larger inputs are refused (positions are 32-bit, and /dev/zero is
   endless).  */
enum { MAX_FILE_SIZE = 256u << 20 };

static bool read_fd(int fd, char **text, size_t *len) {
  Buf b = {0};
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    buf_reserve(&b, (size_t)st.st_size + 1);
  for (;;) {
    buf_reserve(&b, 65536);
    ssize_t n = read(fd, b.data + b.len, b.cap - b.len - 1);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      int e = errno;
      buf_free(&b);
      errno = e;
      return false;
    }
    if (n == 0)
      break;
    b.len += (size_t)n;
    if (b.len > MAX_FILE_SIZE) {
      buf_free(&b);
      errno = EFBIG;
      return false;
    }
  }
  buf_cstr(&b);
  *text = b.data;
  *len = b.len;
  return true;
}

static void finish_text(Cpp *cpp, char **text, size_t *len) {
  if (cpp->trigraphs && memmem(*text, *len, "??", 2))
    *len = replace_trigraphs(*text, *len);
}

/* A regular file is mapped rather than read when its last page has room
   for the NUL that ends the text: the mapping's pages are the page
   cache's own, where reading would copy them into fresh memory, which a
   virtual machine charges for dearly (on vmlinux.h, reading costs several
   times what the mapping does).  The bytes after the end of the file in
   its last page read as zero.  The mapping is private and writable:
   trigraph replacement may rewrite the text in place.  */
static bool map_fd(int fd, IncFile *f) {
  struct stat st;
  long page = sysconf(_SC_PAGESIZE);
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
      st.st_size > MAX_FILE_SIZE || page <= 0 || st.st_size % page == 0)
    return false;
  void *p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE,
                 fd, 0);
  if (p == MAP_FAILED)
    return false;
  f->text = p;
  f->len = (size_t)st.st_size;
  f->mapped = (size_t)st.st_size;
  return true;
}

bool load_file(Cpp *cpp, IncFile *f) {
  if (f->text)
    return true;
  int fd = open(f->path, O_RDONLY);
  if (fd < 0)
    return false;
  bool ok = map_fd(fd, f) || read_fd(fd, &f->text, &f->len);
  int e = errno;
  close(fd);
  errno = e;
  if (ok)
    finish_text(cpp, &f->text, &f->len);
  return ok;
}

typedef struct MappedText {
  void *text;
  size_t len;
} MappedText;

static void unmap_text(void *arg) {
  MappedText *m = arg;
  munmap(m->text, m->len);
}

void file_text_retire(Cpp *cpp, IncFile *f) {
  if (!f->text)
    return;
  if (f->mapped) {
    MappedText *m = arena_alloc(&cpp->arena, sizeof *m);
    *m = (MappedText){f->text, f->mapped};
    ctx_at_free(unmap_text, m);
  } else {
    ctx_at_free(free, f->text);
  }
  f->text = NULL;
  f->mapped = 0;
}

bool read_stdin_text(Cpp *cpp, char **text, size_t *len) {
  if (!read_fd(0, text, len))
    return false;
  finish_text(cpp, text, len);
  return true;
}

bool file_is_once(Cpp *cpp, IncFile *f) {
  if (f->once && f->entered)
    return true;
  for (size_t i = 0; i < cpp->once_files.len; i++) {
    IncFile *g = cpp->once_files.data[i];
    if (g->dev == f->dev && g->ino == f->ino)
      return true;
  }
  return false;
}

void files_free(Cpp *cpp) {
  for (size_t i = 0; i < cpp->file_cap; i++)
    for (IncFile *f = cpp->file_tab[i]; f; f = f->hash_next) {
      if (f->mapped)
        munmap(f->text, f->mapped);
      else
        free(f->text);
    }
  free(cpp->file_tab);
  cpp->file_tab = NULL;
  cpp->file_cap = cpp->file_count = 0;
  free(cpp->dirs);
  cpp->dirs = NULL;
}

/* --- Include search --- */

static IncFile *probe(Cpp *cpp, const char *dir, size_t dir_len,
                      const char *name) {
  Buf *b = &cpp->scratch;
  b->len = 0;
  if (dir_len) {
    buf_append(b, dir, dir_len);
    if (dir[dir_len - 1] != '/')
      buf_putc(b, '/');
  }
  buf_puts(b, name);
  IncFile *f = file_lookup(cpp, buf_cstr(b));
  return f->missing ? NULL : f;
}

IncFile *find_include(Cpp *cpp, const char *name, bool angled, bool next,
                      int *dir_index, bool *system) {
  Frame *cur = cpp->frame;
  bool from_system = cur && cur->system;
  if (name[0] == '/') {
    *dir_index = -2;
    *system = from_system;
    return probe(cpp, "", 0, name);
  }
  int start;
  if (next && cur && cur->dir_index >= -1) {
    start = cur->dir_index + 1;
  } else {
    if (!angled && cur) {
      const char *slash = strrchr(cur->path, '/');
      size_t dlen = slash ? (size_t)(slash - cur->path + 1) : 0;
      IncFile *f = probe(cpp, cur->path, dlen, name);
      if (f) {
        *dir_index = -1;
        *system = from_system;
        return f;
      }
    }
    start = angled ? cpp->bracket_start : 0;
  }
  for (int i = start; i < cpp->ndirs; i++) {
    const SearchDir *d = &cpp->dirs[i];
    IncFile *f = probe(cpp, d->path, strlen(d->path), name);
    if (f) {
      *dir_index = i;
      *system = d->system || from_system;
      return f;
    }
  }
  return NULL;
}

/* --- Frames --- */

static Frame *new_frame(Cpp *cpp, const char *path, const char *text,
                        size_t len, SrcLoc from, bool system) {
  Frame *fr = xcalloc(1, sizeof *fr);
  uint32_t id = srcfile_add(path, text, len, from, system);
  lex_init(&fr->lx, cpp, text, len, id);
  fr->path = path;
  fr->phys_id = id;
  fr->dir_index = -2;
  fr->system = system;
  fr->sys_flags = system ? EV_SYSTEM | EV_EXTERN_C : 0;
  fr->cond_base = (uint32_t)cpp->conds.len;
  fr->parent = cpp->frame;
  if (fr->parent)
    fr->depth = fr->parent->is_cmdline ? 1 : fr->parent->depth + 1;
  cpp->frame = fr;
  return fr;
}

/* GCC (-fcanonical-system-headers, on by default) names a system header
   by its real path when that is shorter ("dir/./x.h", symlinks).  */
static const char *system_header_name(Cpp *cpp, IncFile *f) {
  if (!f->short_name) {
    f->short_name = f->path;
    char *real = realpath(f->path, NULL);
    if (real && strlen(real) < strlen(f->path))
      f->short_name = arena_strndup(&cpp->arena, real, strlen(real));
    free(real);
  }
  return f->short_name;
}

void push_file(Cpp *cpp, IncFile *f, const char *path, int dir_index,
               bool system, SrcLoc from) {
  if (system)
    path = system_header_name(cpp, f);
  if (!f->entered) {
    add_dep(cpp, path, system);
    /* Room for its names as for the main file's (start_main): a BPF
       program's vmlinux.h would otherwise grow the table by doubling.  */
    intern_reserve(f->len / 64);
  }
  Frame *fr = new_frame(cpp, path, f->text, f->len, from, system);
  fr->file = f;
  fr->dir_index = dir_index;
  f->entered = true;
  cpp->include_count++;
  if (fr->parent)
    push_event(cpp, EV_ENTER | fr->sys_flags, fr->phys_id, 1);
}

void push_text(Cpp *cpp, const char *name, char *text, size_t len, bool owned,
               bool is_cmdline) {
  Frame *fr = new_frame(cpp, name, text, len, (SrcLoc){0}, false);
  if (owned)
    vec_push(&cpp->owned_texts, text); /* macro bodies point into it */
  fr->is_cmdline = is_cmdline;
  if (is_cmdline) {
    fr->depth = 0;
    fr->path = "./<command-line>"; /* -include searches "." first */
  }
}

bool pop_file(Cpp *cpp) {
  Frame *fr = cpp->frame;
  if (fr->file && fr->mi_state == MI_AFTER_GUARD)
    fr->file->guard = fr->mi_guard;
  cpp->frame = fr->parent;
  bool was_cmdline = fr->is_cmdline;
  Frame *p = cpp->frame;
  if (!p) {
    const Lexer *lx = &fr->lx;
    /* GCC ends the last line if the file does not; an empty file is
       one empty line.  */
    bool partial_line = lx->line_start < lx->end || lx->line == 1;
    cpp->eof_loc = (SrcLoc){lx->file, lx->line + partial_line, 0, 0};
  }
  free(fr);
  if (!p)
    return false;
  if (was_cmdline) {
    push_event(cpp, p->sys_flags, p->lx.file, 1); /* the main file starts */
    pch_record_start(cpp);
  }
  else
    push_event(cpp, EV_RETURN | p->sys_flags, p->lx.file,
               p->is_cmdline ? 0 : p->lx.line + 1);
  return true;
}

/* --- Dependencies --- */

/* Names lose their leading "./" (and the slashes after it), as GCC's
   deps do.  */
void add_dep(Cpp *cpp, const char *name, bool system) {
  if (cpp->opts.deps_style <= (system ? 1 : 0))
    return;
  while (name[0] == '.' && name[1] == '/') {
    name += 2;
    while (*name == '/')
      name++;
  }
  vec_push(&cpp->deps, name);
}

void add_dep_once(Cpp *cpp, const char *name, bool system) {
  size_t had = cpp->deps.len;
  add_dep(cpp, name, system);
  for (size_t i = 0; cpp->deps.len > had && i < had; i++)
    if (!strcmp(cpp->deps.data[i], cpp->deps.data[had]))
      cpp->deps.len = had;
}

bool cpp_deps(Cpp *cpp, const char *const **list, size_t *n) {
  cpp_stop_thread(cpp);
  *list = cpp->deps.data;
  *n = cpp->deps.len;
  return !cpp->stopped;
}

/* --- Header names --- */

/* Spells the tokens up to '>' of a computed <...> include.  */
static bool read_angled_tokens(Cpp *cpp, SrcLoc loc, Buf *b) {
  Token t;
  for (;;) {
    cpp_get_token(cpp, &t);
    if (t.kind == TK_EOD || t.kind == TK_EOF) {
      diag_error(loc, "missing terminating > character");
      return false;
    }
    if (t.kind == TK_PUNCT && t.punct == P_GT)
      return true;
    if (t.kind == TK_EVENT)
      continue;
    if (b->len && (t.flags & TF_SPACE))
      buf_putc(b, ' ');
    buf_append(b, t.text, t.len);
  }
}

bool read_header_name(Cpp *cpp, SrcLoc loc, const char *what,
                      const char **name, bool *angled, SrcLoc *name_loc) {
  if (!cpp->ctx && cpp->la_head == cpp->lookahead.len && cpp->frame)
    cpp->frame->lx.angled = true;
  Token t;
  cpp->builtin_depth++; /* no __has_include inside the name */
  cpp_get_token(cpp, &t);
  if (name_loc)
    *name_loc = t.kind == TK_EOD ? loc : t.loc;
  Buf b = {0};
  bool ok = true;
  if (t.kind == TK_HEADER_NAME) {
    *angled = true;
    buf_append(&b, t.text + 1, t.len - 2);
  } else if (t.kind == TK_STRING && t.text[0] == '"' && t.len >= 2) {
    *angled = false;
    buf_append(&b, t.text + 1, t.len - 2);
  } else if (t.kind == TK_PUNCT && t.punct == P_LT) {
    *angled = true;
    ok = read_angled_tokens(cpp, loc, &b);
  } else {
    if (what[0] == '#')
      diag_error(t.kind == TK_EOD ? loc : t.loc,
                 "'%s' expects '\"FILENAME\"' or '<FILENAME>'", what);
    else
      diag_error(t.kind == TK_EOD ? loc : t.loc,
                 "operator '%s' requires a header-name", what);
    ok = false;
  }
  if (ok && b.len == 0) {
    diag_error(loc, "empty filename in %s", what);
    ok = false;
  }
  if (ok && memchr(b.data, 0, b.len)) {
    diag_error(loc, "invalid filename in %s", what);
    ok = false;
  }
  if (ok)
    *name = arena_strndup(&cpp->arena, b.data, b.len);
  buf_free(&b);
  cpp->builtin_depth--;
  return ok;
}

bool read_operator_header_name(Cpp *cpp, const char *what, SrcLoc loc,
                               const char **name, bool *angled) {
  Token t;
  cpp->prevent_expansion++;
  cpp_get_token(cpp, &t);
  cpp->prevent_expansion--;
  if (!is_punct(&t, P_LPAREN)) {
    diag_error(t.loc, "missing '(' before \"%s\" operand", what);
    cpp_unget_token(cpp, &t);
    return false;
  }
  return read_header_name(cpp, loc, what, name, angled, NULL);
}
