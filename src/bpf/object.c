/* A BPF object from a translation unit: every function definition
   lowered (ir/lower.c) and compiled (gen.c) into the code section its
   `section` attribute names (.text otherwise), every object with static
   storage laid out in its data section, with the symbols and the
   relocations libbpf reads.

   Which definitions are emitted is GCC's choice at -O2: functions and
   objects with external linkage always; static ones only when something
   refers to them (or `used`).  Static locals are named NAME.N, N counting
   them in the order the code generator first meets them.  String
   literals go to .rodata.str1.1 under local labels .LCN.

   Data sections: the `section` attribute; else .rodata for const objects
   without addresses in their image; else .bss for objects without an
   initializer or with an all-zero one; else .data.  */
#include "object.h"

#include "../ir/lower.h"
#include "../parse/parse.h"
#include "../lang/attrs.h"
#include "../sema/decl.h"
#include "../sema/placement.h"
#include "../sema/tree_walk.h"
#include "asm.h"
#include "gen.h"
#include "print.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct NamedDecl {
  Decl *decl;
  const char *name;
} NamedDecl;

typedef struct CodeSec {
  const char *name;
  Section *sec;
  SrcLoc loc; /* of its first function, for errors */
  BpfCode code;
  VEC(ObjSymbol) funcs;
} CodeSec;

struct BpfUnit {
  CodeSec **code;
  size_t ncode;
  bool asm_text;
};

/* The definition of each entity: a function's declaration with its
   body; a variable's declaration with its initializer, else its first
   declaration that is not extern.  Sorted by entity, found by bsearch.  */
typedef struct EntityDef {
  Decl *entity;
  Decl *def;
  size_t order; /* position in the unit, to pick the first */
} EntityDef;

typedef struct Builder {
  LowerEnv env; /* first: the lowering hands it back */
  ObjFile *obj;
  int cpu;
  bool dump_ir;
  bool asm_text;
  BtfExtInfo *ext;
  bool btf, dwarf;   /* which debug writers read ext */
  unsigned nfuncs;   /* functions compiled so far */
  const char *last_file, *last_abs; /* absolute_name's last answer */
  SrcLoc text_loc; const char *text; /* line_text's last answer */
  VEC(NamedDecl) statics; /* static locals and file-scope compound
                             literals met so far */
  unsigned nliterals;     /* compound literals named so far */
  VEC(Decl *) referenced; /* entities with static storage code refers to */
  Section *strings;
  unsigned nstrings;
  VEC(CodeSec *) code;
  EntityDef *defs; /* each entity's definition (index_definitions) */
  size_t ndefs;
} Builder;

static Decl *entity(Decl *d) { return d->first ? d->first : d; }

static bool is_static_local(const Decl *d) {
  return d->kind == DECL_VAR && !d->file_scope && d->sc == SC_STATIC;
}

/* A compound literal at file scope: an unnamed object of static storage
   that only an address constant in an initializer can reach.  */
static bool is_static_literal(const Decl *d) {
  return d->kind == DECL_VAR && !d->name && d->sc == SC_STATIC;
}

static bool decl_listed(Decl *const *v, size_t n, const Decl *d) {
  for (size_t i = 0; i < n; i++)
    if (v[i] == d)
      return true;
  return false;
}

static void note_referenced(Builder *b, Decl *d) {
  d = entity(d);
  if (!decl_listed(b->referenced.data, b->referenced.len, d))
    vec_push(&b->referenced, d);
}

static const char *symbol_of(LowerEnv *env, Decl *d) {
  Builder *b = (Builder *)env;
  d = entity(d);
  note_referenced(b, d);
  if (is_static_local(d) || is_static_literal(d)) {
    for (size_t i = 0; i < b->statics.len; i++)
      if (b->statics.data[i].decl == d)
        return b->statics.data[i].name;
    char buf[256];
    if (is_static_literal(d)) /* GCC's name for it, numbered in order of use */
      snprintf(buf, sizeof buf, "__compound_literal.%u", b->nliterals++);
    else
      snprintf(buf, sizeof buf, "%s.%zu", d->name->name, b->statics.len);
    NamedDecl nd = {d, arena_strndup(perm, buf, strlen(buf))};
    vec_push(&b->statics, nd);
    return nd.name;
  }
  for (Decl *x = d; x; x = x->prev)
    if (x->asm_name)
      return x->asm_name;
  return d->name->name;
}

static const char *string_symbol(LowerEnv *env, const Node *str) {
  Builder *b = (Builder *)env;
  if (!b->strings) {
    b->strings = section_new(".rodata.str1.1", SEC_PROGBITS,
                             SEC_FLAG_ALLOC | SEC_FLAG_MERGE | SEC_FLAG_STRINGS, 1,
                             b->asm_text, false);
    vec_push(&b->obj->sections, b->strings);
  }
  char label[32];
  snprintf(label, sizeof label, ".LC%u", b->nstrings++);
  sec_label(b->strings, label);
  sec_string(b->strings, str->u.s.str, str->u.s.len, NULL);
  for (size_t k = 1; k < str->u.s.width; k++) /* a wide string's terminator */
    sec_data(b->strings, 1, 0, NULL);
  return b->strings->labels.data[b->strings->labels.len - 1].name;
}

static int by_entity(const void *x, const void *y) {
  const EntityDef *a = x, *b = y;
  if (a->entity != b->entity)
    return (uintptr_t)a->entity < (uintptr_t)b->entity ? -1 : 1;
  return a->order < b->order ? -1 : a->order > b->order;
}

/* Whether D (a candidate of its entity) is a better definition than
   BEST.  */
static bool better_definition(const Decl *d, const Decl *best) {
  if (!best)
    return true;
  return d->kind == DECL_VAR && d->init && !best->init;
}

static void index_definitions(Builder *b, TransUnit *tu) {
  EntityDef *v = xcalloc(tu->decls.len + 1, sizeof *v);
  size_t n = 0;
  for (size_t i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.data[i];
    if ((d->kind == DECL_FUNC && d->body) ||
        (d->kind == DECL_VAR && (d->init || d->sc != SC_EXTERN)))
      v[n++] = (EntityDef){entity(d), d, i};
  }
  if (n)
    qsort(v, n, sizeof *v, by_entity);
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (m && v[m - 1].entity == v[i].entity) {
      if (better_definition(v[i].def, v[m - 1].def))
        v[m - 1].def = v[i].def;
      continue;
    }
    v[m++] = v[i];
  }
  b->defs = v;
  b->ndefs = m;
}

/* The definition of D's entity, or NULL.  */
static Decl *definition(const Builder *b, Decl *d) {
  EntityDef key = {entity(d), NULL, 0};
  for (size_t lo = 0, hi = b->ndefs; lo < hi;) {
    size_t mid = (lo + hi) / 2;
    if (b->defs[mid].entity == key.entity)
      return b->defs[mid].def;
    if ((uintptr_t)b->defs[mid].entity < (uintptr_t)key.entity)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

static Decl *definition_of(LowerEnv *env, Decl *d) {
  Decl *def = definition((Builder *)env, d);
  return def && def->kind == DECL_FUNC ? def : NULL;
}

/* --- Code --- */

static CodeSec *code_section(Builder *b, const char *name) {
  for (size_t i = 0; i < b->code.len; i++)
    if (!strcmp(b->code.data[i]->name, name))
      return b->code.data[i];
  CodeSec *c = xcalloc(1, sizeof *c);
  c->name = name;
  bpf_code_init(&c->code);
  vec_push(&b->code, c);
  return c;
}

/* Whether D's entity is visibility("hidden").  */
static bool is_hidden(const Decl *d) {
  const Attr *a = decl_find_attr(d, ATTR_VISIBILITY);
  return a && a->nargs == 1 && a->args[0].kind == AARG_STRING &&
         !strcmp(a->args[0].str, "hidden");
}

/* Whether a declaration of D's entity is __attribute__((weak)): its
   definition's symbol is then STB_WEAK, as GCC writes it.  */
static bool is_weak(const Decl *d) {
  for (const Decl *x = d; x; x = x->prev)
    if (decl_find_attr(x, ATTR_WEAK))
      return true;
  return false;
}

static bool is_static(const Decl *d) {
  for (const Decl *x = d; x; x = x->prev)
    if (x->sc == SC_STATIC)
      return true;
  return false;
}

static void store_addend(uint8_t *at, uint32_t type, int64_t addend) {
  BpfInsn i = bpf_insn_decode(at, ctx_current->target.big_endian);
  bpf_reloc_store_addend(&i, type, addend);
  bpf_insn_encode(i, ctx_current->target.big_endian, at);
}

/* The text of LOC's source line for a line_info record (clang records
   it; the verifier prints it in its log), or NULL.  */
static const char *line_text(Builder *b, SrcLoc loc) {
  if (b->text && b->text_loc.file == loc.file && b->text_loc.line == loc.line)
    return b->text;
  const char *start;
  size_t len = srcloc_line_text(loc, &start);
  b->text_loc = loc;
  b->text = start ? arena_strndup(perm, start, len) : NULL;
  return b->text;
}

/* FILE as .BTF.ext names it: absolute, as GCC writes it (the
   directory of the compilation in front of a relative name).  */
static const char *absolute_name(Builder *b, const char *file) {
  if (!file || file[0] == '/' || file[0] == '<')
    return file;
  if (b->last_file == file)
    return b->last_abs;
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd))
    return file;
  const char *rel = file;
  while (rel[0] == '.' && rel[1] == '/')
    rel += 2;
  size_t n = strlen(cwd) + strlen(rel) + 2;
  char *abs = arena_alloc(perm, n);
  snprintf(abs, n, "%s/%s", cwd, rel);
  b->last_file = file;
  b->last_abs = abs;
  return abs;
}

static bool compile_function(Builder *b, Decl *fn) {
  IrFunc *f = lower_function(&b->env, fn);
  if (!f)
    return false;
  ir_simplify(f); /* the IR the code generator reads, as -fdump-ir shows it */
  if (b->dump_ir) {
    Buf out = {0};
    ir_dump(f, &out);
    fwrite(out.data, 1, out.len, stdout);
    buf_free(&out);
  }
  const char *sec = decl_section(fn);
  CodeSec *c = code_section(b, sec ? sec : ".text");
  if (!c->funcs.len)
    c->loc = fn->loc;
  uint32_t start = bpf_code_len(&c->code);
  bool global = !is_static(fn);
  bpf_code_label(&c->code, f->name, 0);
  if (global)
    bpf_code_global(&c->code, f->name);
  BpfGenLines lines = {0};
  BpfGenCores cores = {0};
  bool ok = bpf_gen_func(f, &c->code, b->cpu, b->ext ? &lines : NULL, &cores);
  if (cores.len && !b->btf) {
    diag_error(fn->loc, "CO-RE relocations need BTF (-g or -gbtf)");
    ok = false;
  }
  for (size_t i = 0; b->ext && i < cores.len; i++) {
    BtfExtCore ec = {c->name, cores.data[i].insn * BPF_INSN_SIZE, cores.data[i].core->type,
                     NULL, cores.data[i].core->access, cores.data[i].core->kind, 0};
    vec_push(&b->ext->cores, ec);
  }
  vec_free(&cores);
  if (b->ext) {
    BtfExtFunc ef = {c->name, fn->name->name, start * BPF_INSN_SIZE,
                     (bpf_code_len(&c->code) - start) * BPF_INSN_SIZE, NULL};
    if (b->dwarf) {
      /* GCC's name for a function's first instruction, there for DWARF's
         addresses: relocations against the section symbol */
      char label[32];
      snprintf(label, sizeof label, ".LFB%u", b->nfuncs);
      ef.label = arena_strndup(perm, label, strlen(label));
      bpf_code_label_at(&c->code, ef.label, start, 0);
    }
    b->nfuncs++;
    vec_push(&b->ext->funcs, ef);
    /* a line record where the source position changes, and one at the
       function's first instruction; C written inside a macro's use is
       placed at that use, as bpf-gcc 16 places it */
    const char *last_file = NULL;
    uint32_t last_line = 0, last_col = 0;
    for (size_t i = 0; i < lines.len; i++) {
      if (!lines.data[i].loc.file)
        continue;
      SrcLoc at = srcloc_debug_place(lines.data[i].loc);
      const char *file = absolute_name(b, srcloc_file(at));
      uint32_t line = srcloc_line(at), col = at.col;
      if (i && file == last_file && line == last_line && col == last_col)
        continue;
      if (!i && lines.data[i].insn != start) {
        SrcLoc fat = srcloc_debug_place(fn->loc);
        BtfExtLine first = {c->name, start * BPF_INSN_SIZE,
                            absolute_name(b, srcloc_file(fat)),
                            srcloc_line(fat), fat.col, fat.file, line_text(b, fat)};
        vec_push(&b->ext->lines, first);
      }
      BtfExtLine el = {c->name, lines.data[i].insn * BPF_INSN_SIZE, file,
                       line, col, at.file, line_text(b, at)};
      vec_push(&b->ext->lines, el);
      last_file = file;
      last_line = line;
      last_col = col;
    }
    vec_free(&lines);
  }
  ObjSymbol s = {0};
  s.name = f->name;
  s.value = (uint64_t)start * BPF_INSN_SIZE;
  s.size = (uint64_t)(bpf_code_len(&c->code) - start) * BPF_INSN_SIZE;
  s.global = global;
  s.weak = global && is_weak(fn);
  s.hidden = global && is_hidden(fn);
  s.func = true;
  vec_push(&c->funcs, s);
  lower_free(f);
  return ok;
}

/* C's code as assembler text (-S): the printer's lines, with each
   function's directives around its label as GCC writes them.  */
static char *code_text(const CodeSec *c) {
  Buf raw = {0}, out = {0};
  uint32_t next_label = 0;
  bpf_print_code(&raw, &c->code, ctx_current->target.big_endian, &next_label);
  buf_cstr(&raw);
  const char *open = NULL;
  for (const char *p = raw.data; p && *p;) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    const ObjSymbol *fn = NULL;
    for (size_t k = 0; k < c->funcs.len && len && p[len - 1] == ':'; k++)
      if (strlen(c->funcs.data[k].name) == len - 1 &&
          !memcmp(c->funcs.data[k].name, p, len - 1))
        fn = &c->funcs.data[k];
    if (fn) {
      if (open)
        buf_printf(&out, "\t.size\t%s, .-%s\n", open, open);
      if (fn->weak)
        buf_printf(&out, "\t.weak\t%s\n", fn->name);
      else if (fn->global)
        buf_printf(&out, "\t.global\t%s\n", fn->name);
      if (fn->hidden)
        buf_printf(&out, "\t.hidden\t%s\n", fn->name);
      buf_printf(&out, "\t.type\t%s, @function\n", fn->name);
      open = fn->name;
    }
    buf_append(&out, p, len);
    buf_putc(&out, '\n');
    p = nl ? nl + 1 : NULL;
  }
  if (open)
    buf_printf(&out, "\t.size\t%s, .-%s\n", open, open);
  buf_free(&raw);
  buf_cstr(&out);
  return out.data;
}

static bool finish_code(Builder *b) {
  bool ok = true;
  for (size_t i = 0; i < b->code.len; i++) {
    CodeSec *c = b->code.data[i];
    BpfCodeError err;
    if (!bpf_code_resolve(&c->code, &err)) {
      diag_error(c->loc, "in section %s: %s", c->name, err.message);
      ok = false;
    }
    Section *s = section_new(c->name, SEC_PROGBITS, SEC_FLAG_ALLOC | SEC_FLAG_EXEC, 8,
                             false, false);
    s->store_addend = store_addend;
    for (size_t k = 0; k < c->code.relocs.len; k++) {
      const BpfReloc *r = &c->code.relocs.data[k];
      sec_reloc(s, r->insn * BPF_INSN_SIZE, r->type, r->sym ? r->sym : c->name,
                r->addend);
    }
    c->sec = s; /* its bytes come in bpf_unit_finish */
    /* the functions' labels for DWARF (the -S text prints its own) */
    for (size_t k = 0; b->ext && k < b->ext->funcs.len; k++) {
      const BtfExtFunc *f = &b->ext->funcs.data[k];
      if (f->label && !strcmp(f->section, c->name))
        vec_push(&s->labels, ((SecLabel){f->label, f->insn_off}));
    }
    vec_push(&b->obj->sections, s);
    for (size_t k = 0; k < c->funcs.len; k++) {
      ObjSymbol sym = c->funcs.data[k];
      sym.section = c->name;
      /* the text defines the functions itself (-S) */
      if (!b->asm_text)
        vec_push(&b->obj->symbols, sym);
    }
  }
  return ok;
}

/* --- Data --- */

static Section *data_section(Builder *b, const char *name, bool bss) {
  for (size_t i = 0; i < b->obj->sections.len; i++)
    if (!strcmp(b->obj->sections.data[i]->name, name))
      return b->obj->sections.data[i];
  uint64_t flags = SEC_FLAG_ALLOC;
  if (strncmp(name, ".rodata", 7) != 0)
    flags |= SEC_FLAG_WRITE;
  Section *s = section_new(name, bss ? SEC_NOBITS : SEC_PROGBITS, flags, 1, b->asm_text,
                           false);
  vec_push(&b->obj->sections, s);
  return s;
}

/* The address an address constant N stands for (C17 6.6p9): a symbol
   and a byte offset from it.  Reached through the address of an object
   with static storage, a function or string literal (decayed or with
   &), members of it and elements at constant indexes, and a constant
   added or subtracted.  */
static bool lvalue_address(Builder *b, const Node *n, const char **sym, int64_t *off);
static bool address_constant(Builder *b, const Node *n, const char **sym, int64_t *off);

/* BASE (an address constant) plus the constant INDEX times SCALE.  */
static bool indexed_address(Builder *b, const Node *base, const Node *index, int64_t scale,
                            const char **sym, int64_t *off) {
  int64_t k;
  if (!address_constant(b, base, sym, off) || !tree_fold_int(index, &k))
    return false;
  *off += k * scale;
  return true;
}

static bool address_constant(Builder *b, const Node *n, const char **sym, int64_t *off) {
  while (n->kind == EX_CAST && (n->cast_kind == CAST_NOOP || n->cast_kind == CAST_PTR_TO_INT ||
                                n->cast_kind == CAST_INT_TO_PTR || n->cast_kind == CAST_INT))
    n = n->a;
  switch (n->kind) {
  case EX_CAST:
    if (n->cast_kind == CAST_DECAY || n->cast_kind == CAST_FUNC_DECAY)
      return lvalue_address(b, n->a, sym, off);
    return false;
  case EX_ADDR:
    return lvalue_address(b, n->a, sym, off);
  case EX_CONST:
    if (n->u.cv.kind != CV_ADDR || !n->u.cv.sym || n->u.cv.str || n->u.cv.label)
      return false;
    *sym = symbol_of(&b->env, n->u.cv.sym);
    *off = n->u.cv.i;
    return true;
  case EX_PTR_ADD:
    return indexed_address(b, n->a, n->b, n->op == OP_SUB ? -n->u.arith.scale : n->u.arith.scale,
                           sym, off);
  default:
    return false;
  }
}

static bool lvalue_address(Builder *b, const Node *n, const char **sym, int64_t *off) {
  switch (n->kind) {
  case EX_VAR:
    if (n->u.decl->kind == DECL_VAR && n->u.decl->sc == SC_AUTO)
      return false;
    *sym = symbol_of(&b->env, n->u.decl);
    *off = 0;
    return true;
  case EX_COMPOUND_LIT:
    if (!is_static_literal(n->u.decl))
      return false;
    *sym = symbol_of(&b->env, n->u.decl);
    *off = 0;
    return true;
  case EX_STRING:
    *sym = string_symbol(&b->env, n);
    *off = 0;
    return true;
  case EX_DEREF:
    return address_constant(b, n->a, sym, off);
  case EX_MEMBER:
    if (n->u.m.member->bit_width >= 0 || !lvalue_address(b, n->a, sym, off))
      return false;
    *off += n->u.m.member->bit_offset / 8;
    return true;
  case EX_INDEX:
    return indexed_address(b, n->a, n->b, n->u.arith.scale, sym, off);
  default:
    return false;
  }
}

/* The constant of N for a data image: an integer, or a symbol's address
   plus an offset.  */
static bool data_const(Builder *b, const Node *n, int64_t *value, const char **sym,
                       long double *fl, bool *is_float) {
  *sym = NULL;
  *is_float = false;
  if (!n)
    return false;
  if (address_constant(b, n, sym, value))
    return true;
  *sym = NULL;
  while (n->kind == EX_CAST && (n->cast_kind == CAST_NOOP || n->cast_kind == CAST_INT_TO_PTR ||
                                n->cast_kind == CAST_PTR_TO_INT || n->cast_kind == CAST_INT))
    n = n->a;
  if (n->kind != EX_CONST)
    return tree_fold_int(n, value); /* const objects in it, as GCC folds */
  switch (n->u.cv.kind) {
  case CV_INT:
    *value = n->u.cv.i;
    return true;
  case CV_FLOAT:
    *fl = n->u.cv.f;
    *is_float = true;
    return true;
  case CV_ADDR:
    *value = n->u.cv.i;
    if (n->u.cv.sym)
      *sym = symbol_of(&b->env, n->u.cv.sym);
    return !n->u.cv.str && !n->u.cv.label;
  }
  return false;
}

static void put_bytes(uint8_t *img, int64_t size, int64_t off, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    int64_t at = off + (ctx_current->target.big_endian ? n - 1 - i : i);
    if (at >= 0 && at < size)
      img[at] = (uint8_t)(v >> (8 * i));
  }
}

typedef struct DataReloc {
  int64_t offset;
  unsigned size;
  const char *sym;
  int64_t addend;
} DataReloc;
typedef VEC(DataReloc) DataRelocs;

/* Append an object's image IMG (SIZE bytes) with the relocations RELOCS
   (in offset order) to S: as bytes and relocations for an object file,
   as items (.byte, symbol references) for assembler text.  */
static void put_image(Section *s, const uint8_t *img, int64_t size, const void *relocs_) {
  const DataRelocs *relocs = relocs_;
  uint64_t at = s->bytes.len;
  if (!s->keep_items) {
    buf_append(&s->bytes, img, (size_t)size);
    for (size_t i = 0; i < relocs->len; i++) {
      const DataReloc *r = &relocs->data[i];
      SecReloc sr = {(uint32_t)(at + (uint64_t)r->offset), (uint8_t)r->size, 0,
                     arena_strndup(&s->arena, r->sym, strlen(r->sym)), r->addend};
      vec_push(&s->relocs, sr);
    }
    return;
  }
  size_t k = 0;
  for (int64_t off = 0; off < size;) {
    while (k < relocs->len && relocs->data[k].offset < off)
      k++;
    if (k < relocs->len && relocs->data[k].offset == off) {
      const DataReloc *r = &relocs->data[k];
      sec_symref(s, r->size, r->sym, r->addend, NULL);
      off += r->size;
      continue;
    }
    sec_data(s, 1, img[off], NULL);
    off++;
  }
}

/* One element of DEF's initializer into its image IMG (SIZE bytes) at
   BASE plus the element's offset; an element that is a compound literal
   (a GNU C extension: `(struct bpf_insn){...}` in a static array, as the
   kernel's BPF_* instruction macros write) puts its own elements.  */
static bool put_elem(Builder *b, const Decl *def, const InitElem *e, int64_t base,
                     uint8_t *img, int64_t size, DataRelocs *relocs) {
  int64_t at = base + e->offset;
  const Node *lit = e->value;
  while (lit && lit->kind == EX_CAST && (lit->cast_kind == CAST_NOOP || lit->cast_kind == CAST_LOAD))
    lit = lit->a;
  if (lit && lit->kind == EX_COMPOUND_LIT && lit->init && e->bit_width < 0) {
    bool ok = true;
    for (int i = 0; i < lit->init->nelems; i++)
      ok &= put_elem(b, def, &lit->init->elems[i], at, img, size, relocs);
    return ok;
  }
  if (e->value && e->value->kind == EX_STRING) {
    const Node *str = e->value;
    int64_t n = type_size(e->type);
    for (int64_t k = 0; k < n && k < (int64_t)str->u.s.len; k++)
      if (at + k < size)
        img[at + k] = (uint8_t)str->u.s.str[k];
    return true;
  }
  int64_t v = 0;
  const char *sym;
  long double fl;
  bool isf;
  if (!data_const(b, e->value, &v, &sym, &fl, &isf)) {
    diag_error(e->value ? e->value->loc : def->loc,
               "initializer element is not computable at load time");
    return false;
  }
  unsigned n = (unsigned)type_size(e->type);
  if (isf) {
    if (n == 4) {
      float f = (float)fl;
      uint32_t u;
      memcpy(&u, &f, 4);
      v = u;
    } else {
      double dd = (double)fl;
      uint64_t u;
      memcpy(&u, &dd, 8);
      v = (int64_t)u;
    }
  }
  if (e->bit_width >= 0) {
    unsigned unit = n ? n : 4;
    uint64_t cur = 0;
    for (unsigned k = 0; k < unit; k++) {
      int64_t p = at + (ctx_current->target.big_endian ? unit - 1 - k : k);
      if (p < size)
        cur |= (uint64_t)img[p] << (8 * k);
    }
    uint64_t mask = e->bit_width >= 64 ? ~0ull : (1ull << e->bit_width) - 1;
    unsigned shift = ctx_current->target.big_endian ? unit * 8 - (unsigned)e->bit_offset - (unsigned)e->bit_width
                                       : (unsigned)e->bit_offset;
    cur = (cur & ~(mask << shift)) | (((uint64_t)v & mask) << shift);
    put_bytes(img, size, at, cur, unit);
    return true;
  }
  if (sym) {
    if (n != 8 && n != 4) {
      diag_error(def->loc, "address in an initializer of size %u", n);
      return false;
    }
    /* the address is the relocation's: the bytes stay the addend */
    DataReloc r = {at, n, sym, v};
    vec_push(relocs, r);
    return true;
  }
  put_bytes(img, size, at, (uint64_t)v, n);
  return true;
}

/* The image of DEF's initializer: SIZE bytes in IMG (zeroed by the
   caller), the addresses in it as RELOCS.  */
static bool build_image(Builder *b, const Decl *def, int64_t size, uint8_t *img,
                        DataRelocs *relocs) {
  const Init *in = def->init;
  bool ok = true;
  for (int i = 0; in && i < in->nelems; i++)
    ok &= put_elem(b, def, &in->elems[i], 0, img, size, relocs);
  return ok;
}

static bool emit_object(Builder *b, Decl *d, Decl *def, const char *name) {
  Type *t = def->type;
  int64_t size = decl_storage_size(def);
  if (size < 0) {
    diag_error(def->loc, "storage size of '%s' isn't known", d->name->name);
    return false;
  }
  const char *secname;
  switch (decl_data_placement(def, &secname)) {
  case PLACE_NAMED: break;
  case PLACE_BSS: secname = ".bss"; break;
  case PLACE_RODATA: secname = ".rodata"; break;
  default: secname = ".data"; break;
  }
  bool bss = !strcmp(secname, ".bss") || !strncmp(secname, ".bss.", 5);
  Section *s = data_section(b, secname, bss);
  uint32_t align = type_align(t);
  for (const Decl *x = d; x; x = x->prev)
    if (x->type && type_align(x->type) > align)
      align = type_align(x->type);
  uint64_t at;
  bool ok = true;
  if (s->sh_type == SEC_NOBITS) {
    /* nothing to write: the object only takes room */
    if (def->has_init && !def->init_all_zero) {
      diag_error(def->loc, "only zero initializers are allowed in section '%s'",
                 secname);
      ok = false;
    }
    at = sec_reserve(s, (uint64_t)size, align);
  } else {
    if (align > s->align)
      s->align = align;
    while (s->bytes.len % (align ? align : 1))
      sec_data(s, 1, 0, NULL);
    at = s->bytes.len;
    uint8_t *img = xcalloc((size_t)size + 1, 1);
    DataRelocs relocs = {0};
    ok = build_image(b, def, size, img, &relocs);
    put_image(s, img, size, &relocs);
    vec_free(&relocs);
    free(img);
  }
  ObjSymbol sym = {0};
  sym.name = name;
  sym.section = s->name;
  sym.value = at;
  sym.size = (uint64_t)size;
  sym.global = !is_static(d) && !is_static_local(d);
  sym.weak = sym.global && (is_weak(d) || is_weak(def));
  sym.hidden = sym.global && is_hidden(d);
  sym.object = true;
  vec_push(&b->obj->symbols, sym);
  return ok;
}

static bool emit_data(Builder *b, TransUnit *tu) {
  bool ok = true;
  /* Objects with external linkage, in declaration order, and the static
     ones code refers to; then static locals.  */
  VEC(Decl *) done = {0};
  for (size_t i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.data[i];
    if (d->kind != DECL_VAR || !d->file_scope)
      continue;
    Decl *e = entity(d);
    if (decl_listed(done.data, done.len, e))
      continue;
    Decl *def = definition(b, e);
    if (!def || (def->sc == SC_EXTERN && !def->init))
      continue;
    bool referenced = decl_listed(b->referenced.data, b->referenced.len, e);
    /* Static objects: as the debug model keeps them (a BTF VAR needs
       its symbol): referred to, and not folded into their uses.  */
    int64_t folded;
    if (is_static(e) && !referenced && !decl_find_attr(e, ATTR_USED) &&
        (!e->used || tree_static_int_value(def, &folded)))
      continue;
    vec_push(&done, e);
    ok &= emit_object(b, e, def, symbol_of(&b->env, e));
  }
  for (size_t i = 0; i < b->statics.len; i++) {
    Decl *d = b->statics.data[i].decl;
    ok &= emit_object(b, d, d, b->statics.data[i].name);
  }
  vec_free(&done);
  return ok;
}

/* --- The unit --- */

static bool referenced_entity(Builder *b, Decl *e) {
  return decl_listed(b->referenced.data, b->referenced.len, e);
}

bool bpf_compile_unit(TransUnit *tu, ObjFile *obj, const BpfUnitOptions *opts,
                      BpfUnit **out) {
  *out = NULL;
  Builder b = {0};
  b.env.symbol_of = symbol_of;
  b.env.string_symbol = string_symbol;
  b.env.definition_of = definition_of;
  index_definitions(&b, tu);
  b.env.cpu = opts->cpu;
  b.env.wrapv = opts->wrapv;
  b.env.co_re = opts->co_re;
  b.obj = obj;
  b.cpu = opts->cpu;
  b.dump_ir = opts->dump_ir;
  b.asm_text = opts->asm_text;
  b.ext = opts->ext;
  b.btf = opts->btf;
  b.dwarf = opts->dwarf;
  bool ok = true;
  /* Functions with external linkage first, then static ones as code
     comes to refer to them, until no new one is referred to.  */
  VEC(Decl *) compiled = {0};
  for (bool more = true; more;) {
    more = false;
    for (size_t i = 0; i < tu->decls.len; i++) {
      Decl *d = tu->decls.data[i];
      if (d->kind != DECL_FUNC || !d->body)
        continue;
      Decl *e = entity(d);
      if (decl_listed(compiled.data, compiled.len, e))
        continue;
      bool inline_only = d->is_inline && !is_static(d);
      if ((is_static(e) || inline_only) && !referenced_entity(&b, e) &&
          !decl_find_attr(e, ATTR_USED))
        continue;
      vec_push(&compiled, e);
      more = true;
      ok &= compile_function(&b, d);
    }
  }
  vec_free(&compiled);
  ok &= finish_code(&b);
  ok &= emit_data(&b, tu);
  /* Undefined symbols that say more than their name: weak references
     (libbpf may leave them unresolved) and hidden ones (`__hidden
     extern`: the linker keeps the definition it finds hidden, and
     libbpf then verifies the function as a static one), as GCC marks
     them with .weak and .hidden.  */
  for (size_t i = 0; i < b.referenced.len; i++) {
    Decl *e = b.referenced.data[i];
    Decl *def = definition(&b, e);
    if (def && (e->kind == DECL_FUNC || def->sc != SC_EXTERN))
      continue;
    bool weak = decl_find_attr(e, ATTR_WEAK) != NULL, hidden = is_hidden(e);
    if (!weak && !hidden)
      continue;
    ObjSymbol sym = {0};
    sym.name = symbol_of(&b.env, e);
    sym.global = true;
    sym.weak = weak;
    sym.hidden = hidden;
    vec_push(&obj->symbols, sym);
  }
  BpfUnit *u = xcalloc(1, sizeof *u);
  u->code = b.code.data;
  u->ncode = b.code.len;
  u->asm_text = b.asm_text;
  *out = u;
  vec_free(&b.statics);
  vec_free(&b.referenced);
  free(b.defs);
  return ok;
}

void bpf_unit_finish(BpfUnit *u, const BtfExtInfo *ext) {
  if (!u)
    return;
  for (size_t i = 0; i < u->ncode; i++) {
    CodeSec *c = u->code[i];
    /* Type ids are BTF's, known now: the LD_IMM64s of TYPE_ID relocations
       hold them.  */
    for (size_t k = 0; ext && k < ext->cores.len; k++) {
      const BtfExtCore *core = &ext->cores.data[k];
      if (strcmp(core->section, c->name) != 0 ||
          (core->kind != 6 /* TYPE_ID_LOCAL */ && core->kind != 7 /* TYPE_ID_TARGET */))
        continue;
      uint32_t at = core->insn_off / BPF_INSN_SIZE;
      if (at < bpf_code_len(&c->code))
        c->code.insns.data[at].imm = (int32_t)core->type_id;
    }
    bpf_code_bytes(&c->code, ctx_current->target.big_endian, &c->sec->bytes);
    if (u->asm_text)
      c->sec->text = code_text(c);
    bpf_code_free(&c->code);
    vec_free(&c->funcs);
    free(c);
  }
  free(u->code);
  free(u);
}
