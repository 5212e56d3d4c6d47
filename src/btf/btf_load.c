/* BPF_BTF_LOAD and libbpf's pre-load fix-ups (see btf_load.h).  The
   fix-up rules follow libbpf's bpf_object__collect_externs() and
   btf_fixup_datasec(); the code is our own.  */
#include "btf_load.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* --- The syscall --- */

enum { BPF_BTF_LOAD_CMD = 18, LOG_SIZE = 16 * 1024 * 1024 };

/* The BPF_BTF_LOAD member of union bpf_attr (Linux 6.x layout).  */
typedef struct BtfLoadAttr {
  uint64_t btf;
  uint64_t btf_log_buf;
  uint32_t btf_size;
  uint32_t btf_log_size;
  uint32_t btf_log_level;
  uint32_t btf_log_true_size;
  uint32_t btf_flags;
  uint32_t btf_token_fd;
} BtfLoadAttr;

static int sys_btf_load(const void *data, size_t size, char *log,
                        uint32_t log_size) {
#ifdef SYS_bpf
  BtfLoadAttr attr;
  memset(&attr, 0, sizeof attr);
  attr.btf = (uint64_t)(uintptr_t)data;
  attr.btf_size = (uint32_t)size;
  if (log) {
    attr.btf_log_buf = (uint64_t)(uintptr_t)log;
    attr.btf_log_size = log_size;
    attr.btf_log_level = 1;
  }
  return (int)syscall(SYS_bpf, BPF_BTF_LOAD_CMD, &attr, sizeof attr);
#else
  (void)data, (void)size, (void)log, (void)log_size;
  errno = ENOSYS;
  return -1;
#endif
}

bool btf_load_blob(const void *data, size_t size, BtfLoadResult *res) {
  memset(res, 0, sizeof *res);
  res->fd = -1;
  if (size > UINT32_MAX) {
    res->error = E2BIG;
    return false;
  }
  /* Load without a log first, as libbpf does: a log of a large blob is
     big, and only a rejection needs it.  */
  int fd = sys_btf_load(data, size, NULL, 0);
  if (fd >= 0) {
    res->fd = fd;
    return true;
  }
  res->error = errno;
  if (res->error == ENOSYS || res->error == EPERM)
    return false;
  /* Since 6.4 the log rotates, so a full buffer still ends with the
     error line.  */
  char *log = xcalloc(1, LOG_SIZE);
  fd = sys_btf_load(data, size, log, LOG_SIZE);
  if (fd >= 0) { /* accepted after all: keep it */
    res->fd = fd;
    res->error = 0;
    free(log);
    return true;
  }
  log[LOG_SIZE - 1] = 0;
  res->log = xstrdup(log);
  free(log);
  return false;
}

void btf_load_result_free(BtfLoadResult *res) {
  free(res->log);
  res->log = NULL;
}

/* A BTF header in host byte order for the given section lengths, types
   first, strings right after them.  */
static void put_header(uint8_t *p, uint32_t type_len, uint32_t str_len) {
  uint16_t magic = BTF_MAGIC;
  uint32_t words[5] = {BTF_HEADER_SIZE, 0, type_len, type_len, str_len};
  memcpy(p, &magic, 2);
  p[2] = BTF_VERSION;
  p[3] = 0;
  memcpy(p + 4, words, sizeof words);
}

bool btf_load_available(int *error) {
  /* The smallest valid BTF: one 32-bit signed INT named "a".  */
  uint8_t blob[BTF_HEADER_SIZE + 16 + 4];
  const uint32_t int_type[4] = {1, BTF_INFO(BTF_KIND_INT, 0, 0), 4,
                                BTF_INT_SIGNED << 24 | 32};
  put_header(blob, 16, 4);
  memcpy(blob + BTF_HEADER_SIZE, int_type, sizeof int_type);
  memcpy(blob + BTF_HEADER_SIZE + 16, "\0a\0", 4);
  BtfLoadResult res;
  if (btf_load_blob(blob, sizeof blob, &res)) {
    close(res.fd);
    return true;
  }
  *error = res.error;
  btf_load_result_free(&res);
  return false;
}

/* --- Fix-ups --- */

typedef struct Fix {
  const Btf *btf;      /* the original, for names and sizes */
  uint32_t *types;     /* mutable copy of the type section */
  Buf strs;            /* string section, grows when names are added */
  Buf added;           /* records appended after the original types */
  uint32_t added_count;
  ElfFile *elf;
  BtfError *err;
} Fix;

static bool fix_fail(Fix *fx, const char *fmt, ...) PRINTF_LIKE(2, 3);
static bool fix_fail(Fix *fx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(fx->err->msg, sizeof fx->err->msg, fmt, ap);
  va_end(ap);
  return false;
}

static BtfType *mtype(Fix *fx, uint32_t id) {
  return (BtfType *)((char *)fx->types + fx->btf->type_offs[id - 1]);
}

static const char *name_of(const Fix *fx, uint32_t off) {
  const char *s = btf_str_by_offset(fx->btf, off);
  return s ? s : "";
}

static uint32_t find_datasec(const Fix *fx, const char *name) {
  for (uint32_t id = 1; id < btf_type_count(fx->btf); id++) {
    const BtfType *t = btf_type_by_id(fx->btf, id);
    if (btf_kind(t) == BTF_KIND_DATASEC &&
        strcmp(name_of(fx, t->name_off), name) == 0)
      return id;
  }
  return 0;
}

/* The first 32-bit INT, as libbpf's find_int_btf_id picks it.  */
static uint32_t find_int32(const Fix *fx) {
  for (uint32_t id = 1; id < btf_type_count(fx->btf); id++) {
    const BtfType *t = btf_type_by_id(fx->btf, id);
    if (btf_kind(t) == BTF_KIND_INT && BTF_INT_BITS(btf_int_data(t)) == 32)
      return id;
  }
  return 0;
}

/* Offset of string S, appending it if it is not there yet.  */
static uint32_t add_string(Fix *fx, const char *s) {
  size_t n = strlen(s) + 1;
  for (size_t off = 0; off + n <= fx->strs.len;) {
    const char *cur = fx->strs.data + off;
    size_t len = strlen(cur) + 1;
    if (len == n && memcmp(cur, s, n) == 0)
      return (uint32_t)off;
    off += len;
  }
  uint32_t off = (uint32_t)fx->strs.len;
  buf_append(&fx->strs, s, n);
  return off;
}

static uint32_t add_var(Fix *fx, const char *name, uint32_t linkage,
                        uint32_t type) {
  uint32_t rec[4] = {add_string(fx, name), BTF_INFO(BTF_KIND_VAR, 0, 0), type,
                     linkage};
  buf_append(&fx->added, rec, sizeof rec);
  return btf_type_count(fx->btf) + fx->added_count++;
}

/* btf__resolve_size: the size of a type, through modifiers and arrays
   (pointers are 8 bytes in BPF).  */
static bool resolve_size(const Btf *btf, uint32_t id, uint32_t *size) {
  uint64_t nelems = 1;
  for (int depth = 0; depth < 32; depth++) {
    const BtfType *t = btf_type_by_id(btf, id);
    switch (btf_kind(t)) {
    case BTF_KIND_INT: case BTF_KIND_STRUCT: case BTF_KIND_UNION:
    case BTF_KIND_ENUM: case BTF_KIND_ENUM64: case BTF_KIND_DATASEC:
    case BTF_KIND_FLOAT:
      nelems *= t->size;
      goto done;
    case BTF_KIND_PTR:
      nelems *= 8;
      goto done;
    case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
    case BTF_KIND_RESTRICT: case BTF_KIND_VAR: case BTF_KIND_DECL_TAG:
    case BTF_KIND_TYPE_TAG:
      id = t->type;
      break;
    case BTF_KIND_ARRAY:
      nelems *= btf_array(t)->nelems;
      if (nelems > UINT32_MAX)
        return false;
      id = btf_array(t)->type;
      break;
    default:
      return false;
    }
  }
  return false;
done:
  if (nelems > UINT32_MAX)
    return false;
  *size = (uint32_t)nelems;
  return true;
}

/* btf__align_of, with 8-byte pointers; 0 when unknown.  A struct whose
   members or size break their natural alignment is packed (1).  */
static uint32_t align_of(const Btf *btf, uint32_t id, int depth) {
  if (depth > 32)
    return 0;
  const BtfType *t = btf_type_by_id(btf, id);
  switch (btf_kind(t)) {
  case BTF_KIND_INT: case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
  case BTF_KIND_FLOAT:
    return t->size < 8 ? t->size : 8;
  case BTF_KIND_PTR:
    return 8;
  case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
  case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
    return align_of(btf, t->type, depth + 1);
  case BTF_KIND_ARRAY:
    return align_of(btf, btf_array(t)->type, depth + 1);
  case BTF_KIND_STRUCT: case BTF_KIND_UNION: {
    uint32_t max = 1;
    const BtfMember *m = btf_members(t);
    for (uint32_t i = 0; i < btf_vlen(t); i++, m++) {
      uint32_t a = align_of(btf, m->type, depth + 1);
      if (!a)
        return 0;
      if (btf_member_bit_offset(t, m) % (8 * a))
        return 1;
      if (a > max)
        max = a;
    }
    return t->size % max ? 1 : max;
  }
  default:
    return 0;
  }
}

static void set_func_global(BtfType *t) {
  t->info = (t->info & ~0xffffu) | BTF_FUNC_GLOBAL;
}

/* Give every unnamed, typed parameter of FUNC's prototype NAME_OFF.  */
static void name_params(Fix *fx, const BtfType *func, uint32_t name_off) {
  if (func->type == 0 || func->type >= btf_type_count(fx->btf))
    return;
  BtfType *proto = mtype(fx, func->type);
  if (btf_kind(proto) != BTF_KIND_FUNC_PROTO)
    return;
  BtfParam *p = (BtfParam *)(proto + 1);
  for (uint32_t i = 0; i < btf_vlen(proto); i++)
    if (p[i].type && !p[i].name_off)
      p[i].name_off = name_off;
}

/* Extern VARs may only live in .ksyms and .kconfig.  */
static bool check_extern_vars(Fix *fx, uint32_t ksyms, uint32_t kconfig) {
  for (uint32_t id = 1; id < btf_type_count(fx->btf); id++) {
    const BtfType *t = btf_type_by_id(fx->btf, id);
    if (btf_kind(t) != BTF_KIND_VAR ||
        btf_var(t)->linkage != BTF_VAR_GLOBAL_EXTERN)
      continue;
    bool placed = false;
    uint32_t secs[2] = {ksyms, kconfig};
    for (int s = 0; s < 2 && !placed; s++) {
      if (!secs[s])
        continue;
      const BtfType *sec = btf_type_by_id(fx->btf, secs[s]);
      for (uint32_t i = 0; i < btf_vlen(sec); i++)
        if (btf_secinfos(sec)[i].type == id)
          placed = true;
    }
    if (!placed)
      return fix_fail(fx, "extern variable '%s' (type [%u]) is in no .ksyms "
                      "or .kconfig section, which libbpf cannot load either",
                      name_of(fx, t->name_off), id);
  }
  return true;
}

/* .ksyms: every entry becomes a 4-byte allocated variable.  */
static bool fix_ksyms(Fix *fx, uint32_t sec_id) {
  const BtfType *orig = btf_type_by_id(fx->btf, sec_id);
  uint32_t n = btf_vlen(orig), int_id = find_int32(fx), dummy = 0;
  for (uint32_t i = 0; i < n && !dummy; i++) {
    uint32_t vid = btf_secinfos(orig)[i].type;
    if (btf_kind(btf_type_by_id(fx->btf, vid)) == BTF_KIND_FUNC)
      dummy = add_var(fx, "dummy_ksym", BTF_VAR_GLOBAL_ALLOCATED, int_id);
  }
  BtfType *sec = mtype(fx, sec_id);
  BtfVarSecinfo *v = (BtfVarSecinfo *)(sec + 1);
  for (uint32_t i = 0; i < n; i++) {
    unsigned kind = btf_kind(btf_type_by_id(fx->btf, v[i].type));
    if (kind != BTF_KIND_FUNC && kind != BTF_KIND_VAR)
      return fix_fail(fx, ".ksyms entry %u is a %s, not a VAR or FUNC", i,
                      btf_kind_str(kind));
    BtfType *vt = mtype(fx, v[i].type);
    if (kind == BTF_KIND_FUNC) {
      name_params(fx, vt, add_string(fx, "dummy_ksym"));
      v[i].type = dummy;
      set_func_global(vt);
    } else {
      ((BtfVar *)(vt + 1))->linkage = BTF_VAR_GLOBAL_ALLOCATED;
      vt->type = int_id;
    }
    v[i].offset = 4 * i;
    v[i].size = 4;
  }
  sec->size = 4 * n;
  return true;
}

typedef struct KcfgVar {
  uint32_t entry; /* index in the DATASEC */
  uint32_t size, align;
  const char *name;
} KcfgVar;

static int kcfg_cmp(const void *pa, const void *pb) {
  const KcfgVar *a = pa, *b = pb;
  if (a->align != b->align)
    return a->align > b->align ? -1 : 1;
  if (a->size != b->size)
    return a->size < b->size ? -1 : 1;
  int c = strcmp(a->name, b->name);
  return c ? c : (a->entry < b->entry ? -1 : a->entry > b->entry);
}

/* .kconfig: lay the variables out by decreasing alignment, increasing
   size, then name, and make them allocated.  */
static bool fix_kconfig(Fix *fx, uint32_t sec_id) {
  BtfType *sec = mtype(fx, sec_id);
  BtfVarSecinfo *v = (BtfVarSecinfo *)(sec + 1);
  uint32_t n = btf_vlen(sec);
  KcfgVar *vars = xcalloc(n ? n : 1, sizeof *vars);
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) {
    const BtfType *vt = btf_type_by_id(fx->btf, v[i].type);
    vars[i].entry = i;
    vars[i].name = name_of(fx, vt->name_off);
    if (btf_kind(vt) != BTF_KIND_VAR)
      ok = fix_fail(fx, ".kconfig entry %u is a %s, not a VAR", i,
                    btf_kind_str(btf_kind(vt)));
    else if (!resolve_size(fx->btf, vt->type, &vars[i].size) ||
             !(vars[i].align = align_of(fx->btf, vt->type, 0)))
      ok = fix_fail(fx, "cannot size .kconfig extern '%s'", vars[i].name);
  }
  if (ok) {
    qsort(vars, n, sizeof *vars, kcfg_cmp);
    uint32_t off = 0;
    for (uint32_t i = 0; i < n; i++) {
      off = (off + vars[i].align - 1) / vars[i].align * vars[i].align;
      v[vars[i].entry].offset = off;
      off += vars[i].size;
      BtfType *vt = mtype(fx, v[vars[i].entry].type);
      ((BtfVar *)(vt + 1))->linkage = BTF_VAR_GLOBAL_ALLOCATED;
    }
    sec->size = off;
  }
  free(vars);
  return ok;
}

static void fix_extern_funcs(Fix *fx) {
  uint32_t name_off = 0;
  for (uint32_t id = 1; id < btf_type_count(fx->btf); id++) {
    BtfType *t = mtype(fx, id);
    if (btf_kind(t) != BTF_KIND_FUNC || btf_vlen(t) != BTF_FUNC_EXTERN)
      continue;
    if (!name_off)
      name_off = add_string(fx, "dummy_ksym");
    name_params(fx, t, name_off);
    set_func_global(t);
  }
}

/* Stable sort of DATASEC entries by offset (a merge sort: a DATASEC can
   have 65535 entries).  */
static void sort_entries(BtfVarSecinfo *v, uint32_t n) {
  if (n < 2)
    return;
  BtfVarSecinfo *tmp = xmalloc(n * sizeof *tmp);
  for (uint32_t width = 1; width < n; width *= 2) {
    for (uint32_t lo = 0; lo < n; lo += 2 * width) {
      uint32_t mid = lo + width < n ? lo + width : n;
      uint32_t hi = mid + width < n ? mid + width : n;
      uint32_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi)
        tmp[k++] = v[j].offset < v[i].offset ? v[j++] : v[i++];
      while (i < mid)
        tmp[k++] = v[i++];
      while (j < hi)
        tmp[k++] = v[j++];
    }
    memcpy(v, tmp, n * sizeof *tmp);
  }
  free(tmp);
}

/* Without an ELF file: variables in order, each at its natural
   alignment.  */
static bool layout_datasec(Fix *fx, BtfType *sec, const char *sec_name) {
  BtfVarSecinfo *v = (BtfVarSecinfo *)(sec + 1);
  uint64_t off = 0;
  for (uint32_t i = 0; i < btf_vlen(sec); i++) {
    const BtfType *vt = btf_type_by_id(fx->btf, v[i].type);
    uint32_t size = v[i].size, align;
    if ((!size && !resolve_size(fx->btf, vt->type, &size)) ||
        !(align = align_of(fx->btf, vt->type, 0)))
      return fix_fail(fx, "sec '%s': cannot size or align variable '%s'",
                      sec_name, name_of(fx, vt->name_off));
    off = (off + align - 1) / align * align;
    v[i].offset = (uint32_t)off;
    v[i].size = size;
    off += size;
    if (off > UINT32_MAX)
      return fix_fail(fx, "sec '%s': variables exceed 4 GiB", sec_name);
  }
  sec->size = (uint32_t)off;
  return true;
}

/* Pointers sorted by name, then by position, so that a lookup finds
   the first of several with the same name, as libbpf's linear searches
   do; lookups stay fast for objects with many symbols and types.  */
typedef struct NameIndex {
  const void **items;
  const char **names;
  uint32_t n;
} NameIndex;

typedef struct NamedItem {
  const char *name;
  const void *item;
  uint32_t pos;
} NamedItem;

static int named_cmp(const void *pa, const void *pb) {
  const NamedItem *a = pa, *b = pb;
  int c = strcmp(a->name, b->name);
  return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}

static void index_build(NameIndex *ix, NamedItem *items, uint32_t n) {
  qsort(items, n, sizeof *items, named_cmp);
  ix->n = n;
  ix->items = xcalloc(n ? n : 1, sizeof *ix->items);
  ix->names = xcalloc(n ? n : 1, sizeof *ix->names);
  for (uint32_t i = 0; i < n; i++) {
    ix->items[i] = items[i].item;
    ix->names[i] = items[i].name;
  }
  free(items);
}

static const void *index_find(const NameIndex *ix, const char *name) {
  uint32_t lo = 0, hi = ix->n;
  while (lo < hi) { /* the first entry not below NAME */
    uint32_t mid = lo + (hi - lo) / 2;
    if (strcmp(ix->names[mid], name) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < ix->n && strcmp(ix->names[lo], name) == 0 ? ix->items[lo] : NULL;
}

static void index_free(NameIndex *ix) {
  free(ix->items);
  free(ix->names);
}

/* The global and weak OBJECT symbols libbpf's find_elf_var_sym sees.  */
static void index_var_symbols(const ElfFile *elf, NameIndex *ix) {
  NamedItem *items = xcalloc(elf->nsymbols ? elf->nsymbols : 1,
                             sizeof *items);
  uint32_t n = 0;
  for (uint32_t s = 0; s < elf->nsymbols; s++) {
    const ElfSymbol *c = &elf->symbols[s];
    if (c->type == ELF_STT_OBJECT &&
        (c->bind == ELF_STB_GLOBAL || c->bind == ELF_STB_WEAK))
      items[n++] = (NamedItem){c->name, c, s};
  }
  index_build(ix, items, n);
}

/* With an ELF file: libbpf's btf_fixup_datasec.  */
static bool elf_fix_datasec(Fix *fx, BtfType *sec, const char *sec_name,
                            const NameIndex *vars) {
  bool fix_offsets = false;
  if (sec->size == 0) {
    const ElfSection *es = elf_section_by_name(fx->elf, sec_name);
    if (!es || !es->size || es->size > UINT32_MAX)
      return fix_fail(fx, "sec '%s': failed to determine size from ELF",
                      sec_name);
    sec->size = (uint32_t)es->size;
    fix_offsets = true;
  }
  BtfVarSecinfo *v = (BtfVarSecinfo *)(sec + 1);
  for (uint32_t i = 0; i < btf_vlen(sec); i++) {
    BtfType *vt = mtype(fx, v[i].type);
    BtfVar *var = (BtfVar *)(vt + 1);
    if (var->linkage == BTF_VAR_STATIC ||
        var->linkage == BTF_VAR_GLOBAL_EXTERN)
      continue;
    const char *name = name_of(fx, vt->name_off);
    const ElfSymbol *sym = index_find(vars, name);
    if (!sym)
      return fix_fail(fx, "sec '%s': failed to find ELF symbol for VAR '%s'",
                      sec_name, name);
    if (fix_offsets)
      v[i].offset = (uint32_t)sym->value;
    if (sym->visibility == ELF_STV_HIDDEN ||
        sym->visibility == ELF_STV_INTERNAL)
      var->linkage = BTF_VAR_STATIC;
  }
  return true;
}

/* Hidden global subprograms (in .text) get static BTF linkage, which
   libbpf does to have the verifier check them in their callers'
   context.  */
static void fix_hidden_funcs(Fix *fx) {
  const ElfSection *text = elf_section_by_name(fx->elf, ".text");
  if (!text)
    return;
  uint32_t count = btf_type_count(fx->btf), n = 0;
  NamedItem *items = xcalloc(count, sizeof *items);
  for (uint32_t id = 1; id < count; id++) {
    BtfType *t = mtype(fx, id);
    if (btf_kind(t) == BTF_KIND_FUNC && btf_vlen(t) == BTF_FUNC_GLOBAL)
      items[n++] = (NamedItem){name_of(fx, t->name_off), t, id};
  }
  NameIndex funcs;
  index_build(&funcs, items, n);
  for (uint32_t s = 0; s < fx->elf->nsymbols; s++) {
    const ElfSymbol *sym = &fx->elf->symbols[s];
    if (sym->type != ELF_STT_FUNC || sym->bind == ELF_STB_LOCAL ||
        sym->shndx != text->index ||
        (sym->visibility != ELF_STV_HIDDEN &&
         sym->visibility != ELF_STV_INTERNAL))
      continue;
    BtfType *t = (BtfType *)index_find(&funcs, sym->name);
    if (t && btf_vlen(t) == BTF_FUNC_GLOBAL)
      t->info = BTF_INFO(BTF_KIND_FUNC, 0, BTF_FUNC_STATIC);
  }
  index_free(&funcs);
}

static bool fix_datasecs(Fix *fx) {
  NameIndex vars = {0};
  if (fx->elf)
    index_var_symbols(fx->elf, &vars);
  bool ok = true;
  for (uint32_t id = 1; id < btf_type_count(fx->btf) && ok; id++) {
    BtfType *sec = mtype(fx, id);
    if (btf_kind(sec) != BTF_KIND_DATASEC)
      continue;
    const char *name = name_of(fx, sec->name_off);
    bool externs = strcmp(name, ".ksyms") == 0 || strcmp(name, ".kconfig") == 0;
    const BtfVarSecinfo *v = (const BtfVarSecinfo *)(sec + 1);
    for (uint32_t i = 0; i < btf_vlen(sec) && !externs && ok; i++)
      if (btf_kind(btf_type_by_id(fx->btf, v[i].type)) != BTF_KIND_VAR)
        ok = fix_fail(fx, "sec '%s': unexpected non-VAR type found", name);
    /* libbpf takes sizes and offsets from the ELF section and symbols.
       An object that carries no data for the section (btfcc writes
       types, not data) gets its variables laid out in order instead.  */
    const ElfSection *es = fx->elf ? elf_section_by_name(fx->elf, name) : NULL;
    bool elf_has_data = es && es->size > 0;
    if (ok && !externs && elf_has_data)
      ok = elf_fix_datasec(fx, sec, name, &vars);
    else if (ok && !externs && sec->size == 0)
      ok = layout_datasec(fx, sec, name);
    if (ok)
      sort_entries((BtfVarSecinfo *)(sec + 1), btf_vlen(sec));
  }
  index_free(&vars);
  return ok;
}

/* Header, types (original then added), strings.  */
static void write_blob(const Fix *fx, Buf *out) {
  uint32_t type_len = fx->btf->hdr.type_len + (uint32_t)fx->added.len;
  uint8_t hdr[BTF_HEADER_SIZE];
  put_header(hdr, type_len, (uint32_t)fx->strs.len);
  buf_append(out, hdr, sizeof hdr);
  buf_append(out, fx->types, fx->btf->hdr.type_len);
  if (fx->added.len) /* (an empty Buf has no data at all) */
    buf_append(out, fx->added.data, fx->added.len);
  if (fx->strs.len)
    buf_append(out, fx->strs.data, fx->strs.len);
}

bool btf_fixup_for_load(const Btf *btf, ElfFile *elf, Buf *out,
                        BtfError *err) {
  if (btf->base || btf->frame.stop != BTF_FRAME_NONE) {
    snprintf(err->msg, sizeof err->msg, "fix-ups need complete base BTF");
    return false;
  }
  Fix fx = {0};
  fx.btf = btf;
  fx.elf = elf;
  fx.err = err;
  fx.types = xmalloc(btf->hdr.type_len ? btf->hdr.type_len : 1);
  memcpy(fx.types, btf->type_data, btf->hdr.type_len);
  buf_append(&fx.strs, btf->strs, btf->hdr.str_len);
  bool ok = true;
  if (elf && !elf->symbols) {
    ElfError eerr;
    if (!elf_read_symbols(elf, &eerr))
      ok = fix_fail(&fx, "bad ELF symbol table: %s", eerr.msg);
  }
  uint32_t ksyms = find_datasec(&fx, ".ksyms");
  uint32_t kconfig = find_datasec(&fx, ".kconfig");
  ok = ok && check_extern_vars(&fx, ksyms, kconfig);
  ok = ok && (!ksyms || fix_ksyms(&fx, ksyms));
  ok = ok && (!kconfig || fix_kconfig(&fx, kconfig));
  if (ok)
    fix_extern_funcs(&fx);
  ok = ok && fix_datasecs(&fx);
  if (ok && elf)
    fix_hidden_funcs(&fx);
  if (ok)
    write_blob(&fx, out);
  free(fx.types);
  buf_free(&fx.strs);
  buf_free(&fx.added);
  return ok;
}
