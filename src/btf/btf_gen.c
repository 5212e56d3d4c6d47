/* BTF from the debug model, as GCC 16 makes it (dwarf2ctf.cc → ctfc.cc
   → btfout.cc):

   1. Translate: walk the unit's top-level DIEs in order; each type is
      translated once, referenced types first, except that a struct or
      union takes its id before its members.  Variables, functions and
      tags go to their own lists.
   2. Order: without -gprune-btf, ids run types, VARs, FUNCs, tags,
      DATASECs.  With it, a depth-first walk from the functions' and
      variables' types decides which types exist and their ids; pointers
      from struct members to otherwise unused structs become FWDs.
   3. Output: header, records, main strings, auxiliary strings, with -dA
      comments in GCC's words.  */
#include "btf_gen.h"

#include "btf_format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Rec Rec;

/* There is one Rec per DIE (vmlinux.h: 30,000) and one RecMember per
   member (93,000), each written into fresh memory: what only some kinds
   have shares a place with what others have.  */
typedef struct RecMember {
  const char *name;
  Rec *type;
  int64_t bit_offset;
  uint32_t name_off;
  int32_t bit_size;
} RecMember;

typedef struct RecEnum {
  const char *name;
  uint32_t name_off;
  int64_t value;
} RecEnum;

typedef struct RecParam {
  const char *name;
  uint32_t name_off; /* auxiliary table */
  Rec *type;
} RecParam;

typedef struct RecEntry {
  Rec *var; /* a VAR (or FUNC) record */
  const char *sym;
  uint32_t size;
  uint32_t offset; /* non-BPF output: the offset the producer knows */
} RecEntry;

typedef VEC(RecEntry) RecEntries;

struct Rec {
  uint8_t kind;
  bool kflag;
  bool name_aux;     /* name offset is in the auxiliary table */
  bool used;         /* pruning: reached */
  uint32_t id;       /* BTF id, 0 until assigned */
  uint32_t name_off;
  uint32_t size;
  uint32_t vlen;
  union {            /* by kind */
    uint32_t int_enc;       /* INT */
    uint32_t nelems;        /* ARRAY */
    uint32_t linkage;       /* FUNC, VAR */
    int32_t component_idx;  /* DECL_TAG */
  };
  const char *name;
  Rec *ref;          /* referenced type (NULL = void) */
  Die *die;
  Rec *fixup_fwd;    /* pruning: FWD that replaces this pointer's target */
  union {            /* the trailing records, by kind */
    RecMember *members;   /* STRUCT, UNION */
    RecEnum *enums;       /* ENUM, ENUM64 */
    RecParam *params;     /* FUNC_PROTO */
    RecEntries *entries;  /* DATASEC (made with it) */
  };
  union {
    Rec *index;      /* ARRAY: the index type */
    struct {         /* DECL_TAG */
      Rec *tag_target; /* the tagged VAR / FUNC / STRUCT record */
      Die *tag_func;   /* on a function or parameter: its DIE */
    };
  };
};

typedef struct Gen {
  const BtfOptions *opts;
  const DebugUnit *unit;
  Rec **recs;       /* the record of the model's DIE N (id), or NULL */
  bool prune;
  VEC(Rec *) types; /* translated types, in creation order */
  VEC(Rec *) vars;
  VEC(Rec *) funcs;
  VEC(Rec *) tags;
  VEC(Rec *) datasecs;
  VEC(Rec *) order; /* final emission order */
  VEC(Rec *) fwds;  /* pruning: FWDs made for pointers */
  Buf str;          /* main string table */
  Buf aux;          /* auxiliary string table */
  bool have_void, have_unknown;
  Rec unknown;      /* sentinel: a type BTF cannot express */
  Die *sizetype;    /* index type for arrays whose DIE has none */
  Die *index_int;   /* opts->index_int: the unit's `int`, or NULL */
} Gen;

/* --- Strings: GCC appends every name, without merging --- */

static uint32_t add_str(Buf *tab, const char *s) {
  if (!s || !*s)
    return 0;
  uint32_t off = (uint32_t)tab->len;
  buf_append(tab, s, strlen(s) + 1);
  return off;
}

static Rec *new_rec(Gen *g, uint8_t kind, const char *name, Die *die) {
  Rec *r = NEW(Rec);
  r->kind = kind;
  r->name = name;
  r->die = die;
  r->name_off = add_str(&g->str, name);
  return r;
}

/* CTF's void and "unknown" types are created once, keep a string in the
   main table, and never become BTF records.  */
static Rec *void_type(Gen *g) {
  if (!g->have_void) {
    g->have_void = true;
    add_str(&g->str, "void");
  }
  return NULL;
}

static Rec *unknown_type(Gen *g) {
  if (!g->have_unknown) {
    g->have_unknown = true;
    add_str(&g->str, "unknown");
  }
  return &g->unknown;
}

static Rec *emittable(Gen *g, Rec *r) { return r == &g->unknown ? NULL : r; }

/* --- Translation --- */

static Rec *gen_type(Gen *g, Die *d);

static uint32_t round_pow2(int64_t n) {
  uint32_t p = 1;
  while ((int64_t)p < n)
    p *= 2;
  return p;
}

static Rec *gen_base(Gen *g, Die *d) {
  switch (d->encoding) {
  case ATE_BOOLEAN:
  case ATE_SIGNED:
  case ATE_SIGNED_CHAR:
  case ATE_UNSIGNED:
  case ATE_UNSIGNED_CHAR: {
    Rec *r = new_rec(g, BTF_KIND_INT, d->name, d);
    r->size = round_pow2(d->size);
    uint32_t enc = 0;
    if (d->encoding == ATE_SIGNED || d->encoding == ATE_SIGNED_CHAR)
      enc = BTF_INT_SIGNED;
    else if (d->encoding == ATE_BOOLEAN)
      enc = BTF_INT_BOOL;
    /* the width in 8 bits, as GCC cuts it (_BitInt(300): 44) */
    int64_t bits = d->base_bits ? d->base_bits : d->size * 8;
    r->int_enc = (enc << 24) | (uint32_t)(bits & 0xff);
    return r;
  }
  case ATE_FLOAT:
  case ATE_COMPLEX_FLOAT:
  case ATE_DECIMAL_FLOAT: {
    /* GCC represents only the float, double and long double formats and
       turns others (_Float16, __bf16, decimal floats) into a reference
       to void, which the kernel rejects wherever a sized type is needed.
       BTF's FLOAT carries just a size, so we keep them as FLOATs.  */
    if (d->size != 2 && d->size != 4 && d->size != 8 && d->size != 12 &&
        d->size != 16 && d->size != 32)
      return unknown_type(g);
    Rec *r = new_rec(g, BTF_KIND_FLOAT, d->name, d);
    r->size = round_pow2(d->size);
    return r;
  }
  default:
    return unknown_type(g);
  }
}

static bool is_type_tag(const Die *a) { return a->annot_kind == ANNOT_TYPE_TAG; }

/* Type tags on DIE D that BTF cannot carry (it has type tags on pointers
   only): GCC drops them silently; -Wbtf-tag-dropped says so.  */
static void warn_dropped_type_tags(Die *d) {
  for (Die *a = d->annot; a; a = a->annot)
    if (is_type_tag(a))
      diag_warning(a->annot_loc, W_BTF_TAG_DROPPED,
                   "btf_type_tag '%s' on non-pointer type is not representable "
                   "in BTF and is dropped",
                   a->annot_value);
}

/* Create TYPE_TAG records for the annotation chain ANNOT over TARGET,
   innermost (last in the chain) first; returns the chain head.  An
   empty tag has no BTF form the kernel accepts (it wants a name): like
   a tag on a non-pointer, it is dropped, with -Wbtf-tag-dropped.  */
static Rec *gen_type_tags(Gen *g, Die *annot, Rec *target) {
  if (!annot)
    return target;
  Rec *inner = gen_type_tags(g, annot->annot, target);
  if (!is_type_tag(annot))
    return inner;
  if (!annot->annot_value[0]) {
    diag_warning(annot->annot_loc, W_BTF_TAG_DROPPED,
                 "empty btf_type_tag is not representable in BTF and is dropped");
    return inner;
  }
  Rec *t = NEW(Rec);
  t->kind = BTF_KIND_TYPE_TAG;
  t->name = annot->annot_value;
  t->name_aux = true;
  t->name_off = add_str(&g->aux, annot->annot_value);
  t->ref = emittable(g, inner);
  vec_push(&g->tags, t);
  return t;
}

/* DECL_TAG records for a decl-tag chain on TARGET (component IDX).  */
static void gen_decl_tags(Gen *g, Die *annot, Rec *target, Die *func,
                          int32_t idx) {
  for (Die *a = annot; a; a = a->annot) {
    if (a->annot_kind != ANNOT_DECL_TAG)
      continue;
    if (!a->annot_value[0]) {
      /* The kernel rejects a DECL_TAG without a value.  */
      diag_warning(a->annot_loc, W_BTF_TAG_DROPPED,
                   "empty btf_decl_tag is not representable in BTF and is dropped");
      continue;
    }
    Rec *t = NEW(Rec);
    t->kind = BTF_KIND_DECL_TAG;
    t->name = a->annot_value;
    t->name_aux = true;
    t->name_off = add_str(&g->aux, a->annot_value);
    t->tag_target = target;
    t->tag_func = func;
    t->component_idx = idx;
    vec_push(&g->tags, t);
  }
}

static Rec *gen_record(Gen *g, Die *d) {
  bool is_union = d->kind == DIE_UNION;
  warn_dropped_type_tags(d);
  if (d->declaration) {
    Rec *r = new_rec(g, BTF_KIND_FWD, d->name, d);
    r->kflag = is_union;
    g->recs[d->id] = r;
    vec_push(&g->types, r);
    return r;
  }
  Rec *r = new_rec(g, is_union ? BTF_KIND_UNION : BTF_KIND_STRUCT, d->name, d);
  r->size = (uint32_t)d->size;
  r->vlen = (uint32_t)d->nmembers;
  r->members = NEW_ARRAY(RecMember, d->nmembers > 0 ? d->nmembers : 1);
  g->recs[d->id] = r;
  vec_push(&g->types, r);
  for (int i = 0; i < d->nmembers; i++) {
    DieMember *dm = &d->members[i];
    RecMember *m = &r->members[i];
    m->type = emittable(g, gen_type(g, dm->type));
    m->name = dm->name;
    m->name_off = add_str(&g->str, dm->name);
    m->bit_offset = dm->bit_offset;
    m->bit_size = dm->bit_size;
    if (dm->bit_size > 0 && dm->bit_size <= 255 && dm->bit_offset <= 0xffffff)
      r->kflag = true;
    gen_decl_tags(g, dm->annot, r, NULL, i);
  }
  return r;
}

static Rec *gen_enum(Gen *g, Die *d) {
  warn_dropped_type_tags(d);
  bool big = d->size > 4;
  Rec *r = new_rec(g, big ? BTF_KIND_ENUM64 : BTF_KIND_ENUM, d->name, d);
  g->recs[d->id] = r;
  vec_push(&g->types, r);
  if (d->declaration) {
    r->size = g->opts->decl_enum_size;
    return r;
  }
  r->size = (uint32_t)d->size;
  r->kflag = d->encoding == ATE_SIGNED;
  r->vlen = (uint32_t)d->nenums;
  r->enums = NEW_ARRAY(RecEnum, d->nenums > 0 ? d->nenums : 1);
  for (int i = 0; i < d->nenums; i++) {
    r->enums[i].name = d->enums[i].name;
    r->enums[i].name_off = add_str(&g->str, d->enums[i].name);
    r->enums[i].value = d->enums[i].value;
  }
  return r;
}

static bool has_type_tags(const Die *d) {
  for (const Die *a = d->annot; a; a = a->annot)
    if (is_type_tag(a))
      return true;
  return false;
}

/* The element type of array D.  GCC's DWARF puts the type tags of
   `struct s __kptr *a[2]` on the array DIE, and its BTF drops them (an
   ARRAY has no tags), so the kernel finds no kptr in the array.  As C
   gives an array type's qualifiers to its elements, btfcc gives the
   array's tags to its element: a pointer element becomes a PTR to the
   tags over its own (clang's BTF for such arrays, the one the verifier
   reads).  Other elements cannot carry them: dropped, as GCC does.  */
static Rec *gen_array_element(Gen *g, Die *d) {
  Die *e = d->type;
  if (!has_type_tags(d) || !e || e->kind != DIE_POINTER) {
    warn_dropped_type_tags(d);
    return emittable(g, gen_type(g, e));
  }
  Rec *pointee = emittable(g, gen_type(g, e->type));
  Rec *target = gen_type_tags(g, d->annot, gen_type_tags(g, e->annot, pointee));
  Rec *r = new_rec(g, BTF_KIND_PTR, NULL, e);
  r->ref = target;
  vec_push(&g->types, r);
  return r;
}

static Rec *gen_array(Gen *g, Die *d) {
  Rec *elem = gen_array_element(g, d);
  /* An array declared `[]` outside a struct has no index type in its
     DIE: GCC writes index type 0 there, which the kernel rejects
     ("Invalid index"); btfcc uses the unit's size type (every other
     array's index type).  */
  Die *index_die = g->index_int ? g->index_int
                   : d->index_type ? d->index_type : g->sizetype;
  Rec *index = emittable(g, gen_type(g, index_die));
  Rec *r = elem;
  uint64_t flat = 1; /* opts->flat_arrays: the product of the dimensions */
  for (int i = d->ndims - 1; i >= 0; i--) {
    uint64_t n = d->dims[i] < 0 ? 0 : (uint64_t)d->dims[i];
    flat = n && flat > UINT32_MAX / n ? 0 : flat * n;
    if (g->opts->flat_arrays && i > 0)
      continue;
    Rec *a = new_rec(g, BTF_KIND_ARRAY, NULL, d);
    a->ref = r;
    a->index = index;
    a->nelems = g->opts->flat_arrays ? (uint32_t)flat : (uint32_t)n;
    vec_push(&g->types, a);
    r = a;
  }
  return r;
}

/* A FUNC_PROTO for a function type or a subprogram (which names it and
   its parameters, and carries decl tags).  */
static Rec *gen_proto(Gen *g, Die *d, bool subprogram) {
  Rec *ret = d->type ? emittable(g, gen_type(g, d->type)) : void_type(g);
  Rec *r = new_rec(g, BTF_KIND_FUNC_PROTO, subprogram ? d->name : NULL, d);
  vec_push(&g->types, r);
  if (!subprogram)
    g->recs[d->id] = r;
  r->ref = ret;
  int n = d->nparams;
  r->vlen = (uint32_t)(n + (d->variadic ? 1 : 0));
  r->params = NEW_ARRAY(RecParam, r->vlen > 0 ? r->vlen : 1);
  for (int i = 0; i < n; i++) {
    DieParam *dp = &d->params[i];
    r->params[i].type = emittable(g, gen_type(g, dp->type));
    r->params[i].name = dp->name;
    r->params[i].name_off = add_str(&g->aux, dp->name);
    if (subprogram)
      gen_decl_tags(g, dp->annot, NULL, d, i);
  }
  if (d->variadic) { /* type 0, yet no CTF void made for it (GCC's) */
    r->params[n].type = NULL;
    r->params[n].name = NULL;
  }
  return r;
}

static Rec *gen_type(Gen *g, Die *d) {
  if (!d)
    return void_type(g);
  if (g->recs[d->id])
    return g->recs[d->id];
  Rec *r = NULL;
  switch (d->kind) {
  case DIE_BASE:
    r = gen_base(g, d);
    if (r != &g->unknown)
      vec_push(&g->types, r);
    warn_dropped_type_tags(d);
    break;
  case DIE_POINTER: {
    Rec *pointee = emittable(g, gen_type(g, d->type));
    if (g->recs[d->id])
      return g->recs[d->id]; /* reached through a cycle */
    Rec *target = gen_type_tags(g, d->annot, pointee);
    r = new_rec(g, BTF_KIND_PTR, NULL, d);
    r->ref = target;
    vec_push(&g->types, r);
    break;
  }
  case DIE_TYPEDEF: {
    Rec *target = emittable(g, gen_type(g, d->type));
    if (g->recs[d->id])
      return g->recs[d->id];
    r = new_rec(g, BTF_KIND_TYPEDEF, d->name, d);
    r->ref = target;
    vec_push(&g->types, r);
    g->recs[d->id] = r;
    gen_decl_tags(g, d->annot, r, NULL, -1);
    warn_dropped_type_tags(d);
    break;
  }
  case DIE_CONST:
  case DIE_VOLATILE:
  case DIE_RESTRICT: {
    Rec *target = emittable(g, gen_type(g, d->type));
    if (g->recs[d->id])
      return g->recs[d->id];
    warn_dropped_type_tags(d);
    uint8_t k = d->kind == DIE_CONST ? BTF_KIND_CONST
              : d->kind == DIE_VOLATILE ? BTF_KIND_VOLATILE
                                        : BTF_KIND_RESTRICT;
    r = new_rec(g, k, NULL, d);
    r->ref = target;
    vec_push(&g->types, r);
    break;
  }
  case DIE_ATOMIC:
    r = gen_type(g, d->type); /* BTF has no _Atomic: use the type */
    break;
  case DIE_STRUCT:
  case DIE_UNION:
    return gen_record(g, d);
  case DIE_ENUM:
    return gen_enum(g, d);
  case DIE_ARRAY:
    r = gen_array(g, d);
    break;
  case DIE_VECTOR:
    /* GCC has no BTF for vectors (a reference to void, which the kernel
       rejects for members and array elements); like clang and pahole we
       describe a vector as an array of its elements.  */
    r = gen_array(g, d);
    break;
  case DIE_SUBROUTINE:
    return gen_proto(g, d, false);
  case DIE_UNSPECIFIED: /* CTF's unknown, which BTF leaves out */
    r = unknown_type(g);
    break;
  default:
    return NULL;
  }
  g->recs[d->id] = r;
  return r;
}

static void gen_variable(Gen *g, Die *d) {
  Rec *type = gen_type(g, d->type);
  Rec *v = new_rec(g, BTF_KIND_VAR, d->name, d);
  v->ref = emittable(g, type);
  v->linkage = d->is_extern ? BTF_VAR_GLOBAL_EXTERN
               : d->external ? BTF_VAR_GLOBAL_ALLOCATED
                             : BTF_VAR_STATIC;
  g->recs[d->id] = v;
  if (type == &g->unknown) {
    v->kind = 0; /* not emitted */
    return;
  }
  gen_decl_tags(g, d->annot, v, NULL, -1);
}

static void gen_subprogram(Gen *g, Die *d) {
  Rec *proto = gen_proto(g, d, true);
  Rec *f = NEW(Rec);
  f->kind = BTF_KIND_FUNC;
  f->name = d->name;
  f->name_off = proto->name_off;
  f->ref = proto;
  f->die = d;
  f->linkage = d->is_extern ? BTF_FUNC_EXTERN
               : d->external ? BTF_FUNC_GLOBAL
                             : BTF_FUNC_STATIC;
  g->recs[d->id] = f;
  gen_decl_tags(g, d->annot, NULL, d, -1);
}

static void translate(Gen *g, const DebugUnit *u) {
  for (size_t i = 0; i < u->dies.len; i++) {
    Die *d = u->dies.data[i];
    switch (d->kind) {
    case DIE_VARIABLE:
      /* A declaration completed by a later definition DIE: only the
         definition becomes a VAR, but GCC reads the declaration first,
         here -- its type's records and its name's string come now.  */
      if (d->has_definition) {
        gen_type(g, d->type);
        add_str(&g->str, d->name);
      } else {
        gen_variable(g, d);
      }
      break;
    case DIE_SUBPROGRAM:
      gen_subprogram(g, d);
      break;
    case DIE_ANNOTATION:
      break;
    default:
      gen_type(g, d);
      break;
    }
  }
  for (size_t i = 0; i < u->vars.len; i++) {
    Rec *v = g->recs[u->vars.data[i]->id];
    if (v && v->kind == BTF_KIND_VAR)
      vec_push(&g->vars, v);
  }
  for (size_t i = 0; i < u->funcs.len; i++) {
    Rec *f = g->recs[u->funcs.data[i]->id];
    if (f)
      vec_push(&g->funcs, f);
  }
  /* Decl tags on functions and parameters point at the FUNC record.  */
  for (size_t i = 0; i < g->tags.len; i++) {
    Rec *t = g->tags.data[i];
    if (t->tag_func)
      t->tag_target = g->recs[t->tag_func->id];
  }
}

/* --- DATASEC --- */

static const char *section_name(Die *v) {
  switch (v->seccat) {
  case SECCAT_BSS: return ".bss";
  case SECCAT_DATA: return ".data";
  case SECCAT_RODATA: return ".rodata";
  case SECCAT_NAMED: return v->section;
  default: return NULL;
  }
}

static void add_entry(Gen *g, const char *sec, Rec *rec, uint32_t size,
                      const char *sym, uint32_t offset) {
  Rec *ds = NULL;
  for (size_t i = 0; i < g->datasecs.len; i++)
    if (strcmp(g->datasecs.data[i]->name, sec) == 0)
      ds = g->datasecs.data[i];
  if (!ds) {
    ds = NEW(Rec);
    ds->kind = BTF_KIND_DATASEC;
    ds->name = sec;
    ds->name_aux = true;
    ds->entries = NEW(RecEntries);
    vec_push(&g->datasecs, ds);
  }
  RecEntry e = {rec, sym, size, offset};
  vec_push_perm(ds->entries, e);
}

static int compare_entry_offsets(const void *x, const void *y) {
  const RecEntry *a = x, *b = y;
  if (a->offset != b->offset)
    return a->offset < b->offset ? -1 : 1;
  return (a->var->die->id > b->var->die->id) - (a->var->die->id < b->var->die->id);
}

/* A DATASEC of a section the unit knows (read from an object: btftool
   encode) gets the section's size and its entries in offset order, as
   pahole writes them and the kernel demands; a compiler's stay in
   GCC's order with size 0, for the linker and libbpf to fill.  */
static void size_datasec(Gen *g, Rec *ds) {
  for (size_t i = 0; i < g->unit->sections.len; i++) {
    const DebugSection *sec = &g->unit->sections.data[i];
    if (strcmp(sec->name, ds->name) || sec->size > UINT32_MAX)
      continue;
    ds->size = (uint32_t)sec->size;
    qsort(ds->entries->data, ds->entries->len, sizeof *ds->entries->data,
          compare_entry_offsets);
  }
}

static void build_datasecs(Gen *g) {
  for (size_t i = 0; i < g->funcs.len; i++) {
    Rec *f = g->funcs.data[i];
    if (f->linkage == BTF_FUNC_EXTERN && f->die->section)
      add_entry(g, f->die->section, f, 0, f->name, 0);
  }
  for (size_t i = 0; i < g->vars.len; i++) {
    Rec *v = g->vars.data[i];
    const char *sec = section_name(v->die);
    if (!sec)
      continue;
    add_entry(g, sec, v, (uint32_t)v->die->var_size,
              v->die->symbol ? v->die->symbol : v->name,
              (uint32_t)v->die->var_offset);
  }
  /* DATASEC names go last into the auxiliary table (btf_finish).  */
  for (size_t i = 0; i < g->datasecs.len; i++) {
    Rec *ds = g->datasecs.data[i];
    ds->name_off = add_str(&g->aux, ds->name);
    ds->vlen = (uint32_t)ds->entries->len;
    size_datasec(g, ds);
  }
}

/* --- Pruning (-gprune-btf) --- */

static bool is_sou(const Rec *r) {
  return r && (r->kind == BTF_KIND_STRUCT || r->kind == BTF_KIND_UNION);
}

typedef struct Fixup {
  Rec *pointer;
  Rec *pointee;
} Fixup;

typedef struct Pruner {
  Gen *g;
  VEC(Fixup) fixups;
} Pruner;

/* GCC's btf_add_used_type: add R and what it references in pre-order;
   CHECK_PTR: reached below a struct/union member; SEEN_PTR: a pointer is
   on the path since then.  */
static void add_used(Pruner *pr, Rec *r, bool check_ptr, bool seen_ptr) {
  Gen *g = pr->g;
  if (!r)
    return;
  if (r->used) {
    bool single_ref = r->kind == BTF_KIND_PTR || r->kind == BTF_KIND_TYPEDEF ||
                      r->kind == BTF_KIND_CONST || r->kind == BTF_KIND_VOLATILE ||
                      r->kind == BTF_KIND_RESTRICT || r->kind == BTF_KIND_TYPE_TAG;
    if (single_ref && !check_ptr) {
      /* A concrete use of a type added earlier behind a pointer: drop
         its fixup and add what it refers to.  */
      for (size_t i = 0; i < pr->fixups.len; i++)
        if (pr->fixups.data[i].pointer == r)
          pr->fixups.data[i] = pr->fixups.data[--pr->fixups.len];
      add_used(pr, r->ref, check_ptr, seen_ptr);
    }
    return;
  }
  r->used = true;
  vec_push(&g->order, r);
  /* The main string table is rebuilt from what is used.  */
  r->name_off = add_str(&g->str, r->name);
  r->name_aux = false;
  switch (r->kind) {
  case BTF_KIND_PTR:
  case BTF_KIND_TYPEDEF:
  case BTF_KIND_CONST:
  case BTF_KIND_VOLATILE:
  case BTF_KIND_RESTRICT:
  case BTF_KIND_TYPE_TAG:
    if (check_ptr && !seen_ptr)
      seen_ptr = r->kind == BTF_KIND_PTR;
    if (check_ptr && seen_ptr && r->kind != BTF_KIND_TYPEDEF &&
        is_sou(r->ref) && !r->ref->used) {
      Fixup f = {r, r->ref};
      vec_push(&pr->fixups, f);
      break;
    }
    add_used(pr, r->ref, check_ptr, seen_ptr);
    break;
  case BTF_KIND_ARRAY:
    add_used(pr, r->ref, false, false);
    add_used(pr, r->index, false, false);
    break;
  case BTF_KIND_STRUCT:
  case BTF_KIND_UNION:
    for (uint32_t i = 0; i < r->vlen; i++) {
      add_used(pr, r->members[i].type, true, false);
      r->members[i].name_off = add_str(&g->str, r->members[i].name);
    }
    break;
  case BTF_KIND_ENUM:
  case BTF_KIND_ENUM64:
    for (uint32_t i = 0; i < r->vlen; i++)
      r->enums[i].name_off = add_str(&g->str, r->enums[i].name);
    break;
  case BTF_KIND_FUNC_PROTO:
    add_used(pr, r->ref, false, false);
    for (uint32_t i = 0; i < r->vlen; i++)
      add_used(pr, r->params[i].type, false, false);
    break;
  default:
    break;
  }
}

static void prune(Gen *g) {
  Pruner pr = {g, {0}};
  g->str.len = 0;
  buf_putc(&g->str, 0);
  /* Members of variables in the .maps section count as used directly. */
  for (size_t i = 0; i < g->vars.len; i++) {
    Rec *v = g->vars.data[i];
    const char *sec = section_name(v->die);
    if (sec && strcmp(sec, ".maps") == 0 && is_sou(v->ref))
      for (uint32_t m = 0; m < v->ref->vlen; m++)
        add_used(&pr, v->ref->members[m].type, false, false);
  }
  /* The root types of CO-RE relocations are never pruned away; GCC
     marks them as it expands the code, before the functions' types.  */
  for (size_t i = 0; g->opts->ext && i < g->opts->ext->cores.len; i++) {
    Die *d = g->opts->ext->cores.data[i].die;
    if (d && g->recs[d->id])
      add_used(&pr, g->recs[d->id], false, false);
  }
  for (size_t i = 0; i < g->funcs.len; i++) {
    Rec *f = g->funcs.data[i];
    add_used(&pr, f->ref, false, false);
    f->name_off = add_str(&g->str, f->name);
  }
  for (size_t i = 0; i < g->vars.len; i++) {
    Rec *v = g->vars.data[i];
    add_used(&pr, v->ref, false, false);
    v->name_off = add_str(&g->str, v->name);
  }
  /* Decl tags survive with their target.  */
  for (size_t i = 0; i < g->tags.len; i++) {
    Rec *t = g->tags.data[i];
    if (t->kind != BTF_KIND_DECL_TAG || !t->tag_target)
      continue;
    Rec *target = t->tag_target;
    bool alive = target->kind == BTF_KIND_VAR || target->kind == BTF_KIND_FUNC
                     ? true
                     : target->used;
    if (alive) {
      t->used = true;
      t->name_off = add_str(&g->str, t->name);
      t->name_aux = false;
      vec_push(&g->order, t);
    }
  }
  /* Pointers still waiting for an unused struct get a FWD.  */
  for (size_t i = 0; i < pr.fixups.len; i++) {
    Fixup *f = &pr.fixups.data[i];
    if (f->pointee->used)
      continue;
    Rec *fwd = NULL;
    for (size_t j = 0; j < g->fwds.len; j++)
      if (g->fwds.data[j]->die == f->pointee->die)
        fwd = g->fwds.data[j];
    if (!fwd) {
      fwd = NEW(Rec);
      fwd->kind = BTF_KIND_FWD;
      fwd->name = f->pointee->name;
      fwd->die = f->pointee->die;
      /* GCC's pruning FWDs always have kflag 0, even for unions.  */
      fwd->name_off = add_str(&g->str, fwd->name);
      fwd->used = true;
      vec_push(&g->fwds, fwd);
      vec_push(&g->order, fwd);
    }
    f->pointer->fixup_fwd = fwd;
  }
  /* Type tags are in the type block already (reached through pointers);
     drop the unused ones from the tag list.  */
  vec_free(&pr.fixups);
}

/* --- Ids and output --- */

static void assign_ids(Gen *g) {
  uint32_t id = 1;
  if (g->prune) {
    for (size_t i = 0; i < g->order.len; i++)
      g->order.data[i]->id = id++;
  } else {
    for (size_t i = 0; i < g->types.len; i++) {
      vec_push(&g->order, g->types.data[i]);
      g->types.data[i]->id = id++;
    }
  }
  for (size_t i = 0; i < g->vars.len; i++) {
    vec_push(&g->order, g->vars.data[i]);
    g->vars.data[i]->id = id++;
  }
  for (size_t i = 0; i < g->funcs.len; i++) {
    vec_push(&g->order, g->funcs.data[i]);
    g->funcs.data[i]->id = id++;
  }
  if (!g->prune) {
    for (size_t i = 0; i < g->tags.len; i++) {
      vec_push(&g->order, g->tags.data[i]);
      g->tags.data[i]->id = id++;
    }
  }
  for (size_t i = 0; i < g->datasecs.len; i++) {
    vec_push(&g->order, g->datasecs.data[i]);
    g->datasecs.data[i]->id = id++;
  }
}

static const char *const kind_names[] = {
    "UNKN", "INT", "PTR", "ARRAY", "STRUCT", "UNION", "ENUM",
    "FWD", "TYPEDEF", "VOLATILE", "CONST", "RESTRICT", "FUNC",
    "FUNC_PROTO", "VAR", "DATASEC", "FLOAT", "DECL_TAG", "TYPE_TAG",
    "ENUM64"};

/* The record a reference to R really points at (pruning FWDs).  */
static Rec *ref_target(const Rec *from, Rec *r) {
  if (from && from->fixup_fwd)
    return from->fixup_fwd;
  return r;
}

/* The word and comment for a type reference (btf_asm_type_ref).  */
static void emit_ref(Section *s, const char *prefix, Rec *r) {
  if (!r || !r->id) {
    sec_dataf(s, 4, 0, "%s: void", prefix);
    return;
  }
  uint8_t k = r->kind == BTF_KIND_ENUM64 ? BTF_KIND_ENUM : r->kind;
  const char *name = r->name_off && r->name && k != BTF_KIND_FUNC_PROTO
                         ? r->name : "";
  sec_dataf(s, 4, r->id, "%s: (BTF_KIND_%s '%s')", prefix, kind_names[k], name);
}

static uint32_t trailing_bytes(const Rec *r) {
  switch (r->kind) {
  case BTF_KIND_INT: return 4;
  case BTF_KIND_ARRAY: return 12;
  case BTF_KIND_STRUCT:
  case BTF_KIND_UNION: return 12 * r->vlen;
  case BTF_KIND_ENUM: return 8 * r->vlen;
  case BTF_KIND_ENUM64: return 12 * r->vlen;
  case BTF_KIND_FUNC_PROTO: return 8 * r->vlen;
  case BTF_KIND_VAR: return 4;
  case BTF_KIND_DATASEC: return 12 * r->vlen;
  case BTF_KIND_DECL_TAG: return 4;
  default: return 0;
  }
}

static uint32_t name_word(const Gen *g, const Rec *r) {
  if (!r->name_off)
    return 0;
  return r->name_aux ? r->name_off + (uint32_t)g->str.len : r->name_off;
}

/* The first two words of a record: its name and btt_info.  */
static void emit_name_info(Gen *g, Section *s, Rec *r) {
  const char *name = r->name_off && r->name ? r->name : "";
  if (r->kind == BTF_KIND_FUNC_PROTO)
    name = "";
  uint32_t nw = r->kind == BTF_KIND_FUNC_PROTO ? 0 : name_word(g, r);
  sec_dataf(s, 4, nw, "TYPE %u BTF_KIND_%s '%s'", r->id, kind_names[r->kind], name);
  uint32_t vlen = r->kind == BTF_KIND_FUNC ? r->linkage : r->vlen;
  uint32_t info = BTF_INFO(r->kind, r->kflag, vlen);
  switch (r->kind) {
  case BTF_KIND_FUNC:
    sec_dataf(s, 4, info, "btt_info: kind=%u, kflag=%u, linkage=%u", r->kind,
              (unsigned)r->kflag, r->linkage);
    break;
  case BTF_KIND_VAR:
    sec_data(s, 4, info, "btv_info");
    break;
  case BTF_KIND_DATASEC:
    sec_dataf(s, 4, info, "btt_info: n_entries=%u", r->vlen);
    break;
  default:
    sec_dataf(s, 4, info, "btt_info: kind=%u, kflag=%u, vlen=%u", r->kind,
              (unsigned)r->kflag, vlen);
  }
}

/* The third word: a size or a type reference.  */
static void emit_size_or_type(Section *s, Rec *r) {
  switch (r->kind) {
  case BTF_KIND_INT:
  case BTF_KIND_FLOAT:
  case BTF_KIND_STRUCT:
  case BTF_KIND_UNION:
  case BTF_KIND_ENUM:
  case BTF_KIND_ENUM64:
    sec_dataf(s, 4, r->size, "btt_size: %uB", r->size);
    break;
  case BTF_KIND_ARRAY:
  case BTF_KIND_FWD:
    sec_data(s, 4, 0, "(unused)");
    break;
  case BTF_KIND_DATASEC:
    sec_data(s, 4, r->size, "btt_size"); /* GCC's comment */
    break;
  case BTF_KIND_VAR:
    emit_ref(s, "btv_type", r->ref);
    break;
  case BTF_KIND_DECL_TAG:
    if (r->tag_target && r->tag_target->kind == BTF_KIND_VAR)
      sec_dataf(s, 4, r->tag_target->id, "btt_type: (BTF_KIND_VAR '%s')",
                r->tag_target->name);
    else
      emit_ref(s, "btt_type", r->tag_target);
    break;
  default:
    emit_ref(s, "btt_type", ref_target(r, r->ref));
    break;
  }
}

static void emit_members(Section *s, const Rec *r) {
  for (uint32_t i = 0; i < r->vlen; i++) {
    RecMember *m = &r->members[i];
    sec_dataf(s, 4, m->name_off, "MEMBER '%s' idx=%u", m->name ? m->name : "", i);
    bool bf = m->bit_size > 0;
    bool representable = bf && m->bit_size <= 255 && m->bit_offset <= 0xffffff;
    if (bf && !representable)
      sec_data(s, 4, 0, "btm_type: void");
    else
      emit_ref(s, "btm_type", m->type);
    uint32_t off = (uint32_t)m->bit_offset;
    if (representable)
      off |= (uint32_t)m->bit_size << 24;
    sec_data(s, 4, off, "btm_offset");
  }
}

/* ENUM (32-bit values) or ENUM64 (two words each).  */
static void emit_enums(Section *s, const Rec *r) {
  bool big = r->kind == BTF_KIND_ENUM64;
  for (uint32_t i = 0; i < r->vlen; i++) {
    sec_dataf(s, 4, r->enums[i].name_off, "ENUM_CONST '%s' idx=%u",
              r->enums[i].name, i);
    if (!big) {
      sec_data(s, 4, (uint32_t)r->enums[i].value, "bte_value");
      continue;
    }
    sec_data(s, 4, (uint32_t)r->enums[i].value, "bte_value_lo32");
    sec_data(s, 4, (uint32_t)((uint64_t)r->enums[i].value >> 32), "bte_value_hi32");
  }
}

static void emit_params(const Gen *g, Section *s, const Rec *r) {
  for (uint32_t i = 0; i < r->vlen; i++) {
    RecParam *prm = &r->params[i];
    uint32_t off = prm->name_off ? prm->name_off + (uint32_t)g->str.len : 0;
    sec_dataf(s, 4, off, "farg_name '%s'", prm->name_off ? prm->name : "");
    emit_ref(s, "farg_type", prm->type);
  }
}

/* A DATASEC's entries: on BPF, each offset is the variable's symbol
   (a relocation the loader resolves).  */
static void emit_entries(Section *s, const Rec *r, bool bpf) {
  for (size_t i = 0; i < r->entries->len; i++) {
    RecEntry *e = &r->entries->data[i];
    sec_dataf(s, 4, e->var->id, "bts_type: (BTF_KIND_%s '%s')",
              kind_names[e->var->kind], e->var->name);
    if (bpf)
      sec_symref(s, 4, e->sym, 0, "bts_offset");
    else
      sec_data(s, 4, e->offset, "bts_offset");
    sec_data(s, 4, e->size, "bts_size");
  }
}

/* One record: the common three words, then what its kind adds.  */
static void emit_record(Gen *g, Section *s, Rec *r, bool bpf) {
  emit_name_info(g, s, r);
  emit_size_or_type(s, r);
  switch (r->kind) {
  case BTF_KIND_INT:
    sec_data(s, 4, r->int_enc, "bti_encoding");
    break;
  case BTF_KIND_ARRAY:
    emit_ref(s, "bta_elem_type", r->ref);
    emit_ref(s, "bta_index_type", r->index);
    sec_data(s, 4, r->nelems, "bta_nelems");
    break;
  case BTF_KIND_STRUCT:
  case BTF_KIND_UNION:
    emit_members(s, r);
    break;
  case BTF_KIND_ENUM:
  case BTF_KIND_ENUM64:
    emit_enums(s, r);
    break;
  case BTF_KIND_FUNC_PROTO:
    emit_params(g, s, r);
    break;
  case BTF_KIND_VAR:
    sec_data(s, 4, r->linkage, "btv_linkage");
    break;
  case BTF_KIND_DECL_TAG:
    sec_dataf(s, 4, (uint32_t)r->component_idx, "component_idx=%d", r->component_idx);
    break;
  case BTF_KIND_DATASEC:
    emit_entries(s, r, bpf);
    break;
  default:
    break;
  }
}

/* Write one string table with GCC's per-string comments.  */
static void emit_strings(Section *s, const Buf *tab, uint32_t base,
                         const char *what) {
  if (!s->keep_items) { /* object output: the table as it is */
    memcpy(sec_tail(s, tab->len), tab->data, tab->len);
    sec_commit(s, tab->len);
    return;
  }
  size_t pos = 0;
  while (pos < tab->len) {
    const char *str = tab->data + pos;
    size_t len = strlen(str);
    sec_stringf(s, str, len, "%s, str_pos = 0x%x", what, (unsigned)(base + pos));
    pos += len + 1;
  }
}

/* --- .BTF.ext ---
   Header (32 bytes), then func_info and line_info: a record size, then
   per code section its name (a string of .BTF), a count and the
   records.  Section and file names, access strings and the source
   lines' texts join the auxiliary string table (once each) before .BTF
   is written.  */

typedef struct ExtSec {
  const char *name;
  uint32_t name_off;
  VEC(uint32_t) funcs; /* indexes into ext->funcs */
  VEC(uint32_t) lines;
  VEC(uint32_t) cores;
} ExtSec;

typedef struct ExtPlan {
  VEC(ExtSec) secs;
  uint32_t *file_off; /* per line record */
  uint32_t *text_off; /* per line record: its source line's text, or 0 */
  uint32_t *access_off; /* per CO-RE record */
  /* an index of the auxiliary strings: offsets into g->aux (0: empty
     slot), each string at its first occurrence */
  uint32_t *slots;
  size_t cap, n;
} ExtPlan;

static size_t aux_slot(const ExtPlan *p, const Buf *aux, const char *s, size_t len) {
  size_t i = hash_bytes(s, len) & (p->cap - 1);
  while (p->slots[i] && strcmp(aux->data + p->slots[i], s) != 0)
    i = (i + 1) & (p->cap - 1);
  return i;
}

static void aux_index_grow(ExtPlan *p, const Buf *aux) {
  uint32_t *old = p->slots;
  size_t old_cap = p->cap;
  p->cap = old_cap ? old_cap * 2 : 256;
  p->slots = xcalloc(p->cap, sizeof *p->slots);
  for (size_t i = 0; i < old_cap; i++)
    if (old[i]) {
      const char *t = aux->data + old[i];
      p->slots[aux_slot(p, aux, t, strlen(t))] = old[i];
    }
  free(old);
}

/* The offset of S in the auxiliary table, appended when absent: section
   names, file names, line texts and access strings are each stored once
   (and share an equal string already there).  */
static uint32_t aux_str(Gen *g, ExtPlan *p, const char *s) {
  if (!*s) /* the table's leading empty string */
    return (uint32_t)g->str.len;
  if (!p->cap) { /* index what the table holds already */
    aux_index_grow(p, &g->aux);
    for (size_t pos = 1; pos < g->aux.len;) {
      const char *t = g->aux.data + pos;
      size_t len = strlen(t);
      if ((p->n + 1) * 2 > p->cap)
        aux_index_grow(p, &g->aux);
      size_t i = aux_slot(p, &g->aux, t, len);
      if (!p->slots[i]) {
        p->slots[i] = (uint32_t)pos;
        p->n++;
      }
      pos += len + 1;
    }
  }
  if ((p->n + 1) * 2 > p->cap)
    aux_index_grow(p, &g->aux);
  size_t i = aux_slot(p, &g->aux, s, strlen(s));
  if (!p->slots[i]) {
    p->slots[i] = add_str(&g->aux, s);
    p->n++;
  }
  return (uint32_t)g->str.len + p->slots[i];
}

static ExtSec *ext_sec(ExtPlan *p, const char *name) {
  for (size_t i = 0; i < p->secs.len; i++)
    if (!strcmp(p->secs.data[i].name, name))
      return &p->secs.data[i];
  ExtSec es = {0};
  es.name = name;
  vec_push(&p->secs, es);
  return &p->secs.data[p->secs.len - 1];
}

static void plan_ext(Gen *g, const BtfExtInfo *ext, ExtPlan *p) {
  for (size_t i = 0; i < ext->funcs.len; i++)
    vec_push(&ext_sec(p, ext->funcs.data[i].section)->funcs, (uint32_t)i);
  for (size_t i = 0; i < ext->lines.len; i++)
    vec_push(&ext_sec(p, ext->lines.data[i].section)->lines, (uint32_t)i);
  for (size_t i = 0; i < p->secs.len; i++)
    p->secs.data[i].name_off = aux_str(g, p, p->secs.data[i].name);
  for (size_t i = 0; i < ext->cores.len; i++)
    vec_push(&ext_sec(p, ext->cores.data[i].section)->cores, (uint32_t)i);
  /* GCC's order: section names, file names, access strings */
  p->file_off = xcalloc(ext->lines.len + 1, sizeof *p->file_off);
  for (size_t i = 0; i < ext->lines.len; i++)
    p->file_off[i] = aux_str(g, p, ext->lines.data[i].file);
  p->access_off = xcalloc(ext->cores.len + 1, sizeof *p->access_off);
  for (size_t i = 0; i < ext->cores.len; i++)
    p->access_off[i] = aux_str(g, p, ext->cores.data[i].access);
}

/* The line texts, which GCC does not write (clang does): the very last
   strings, after the DATASECs' names, so that every string GCC writes
   keeps its offset.  */
static void plan_ext_texts(Gen *g, const BtfExtInfo *ext, ExtPlan *p) {
  p->text_off = xcalloc(ext->lines.len + 1, sizeof *p->text_off);
  for (size_t i = 0; i < ext->lines.len; i++)
    if (ext->lines.data[i].text)
      p->text_off[i] = aux_str(g, p, ext->lines.data[i].text);
}

static uint32_t func_type_id(const Gen *g, const char *name) {
  for (size_t i = 0; i < g->funcs.len; i++)
    if (g->funcs.data[i]->name && !strcmp(g->funcs.data[i]->name, name))
      return g->funcs.data[i]->id;
  return 0;
}

/* The keyword GCC's comment puts before a CO-RE record's root type.  */
static const char *core_type_keyword(const Rec *r) {
  if (!r)
    return "";
  if (r->kind == BTF_KIND_STRUCT)
    return "struct ";
  if (r->kind == BTF_KIND_UNION)
    return "union ";
  return r->kind == BTF_KIND_ENUM || r->kind == BTF_KIND_ENUM64 ? "enum " : "";
}

/* The head of one code section's records: its name and their count.  */
static void ext_section_header(Section *s, const char *what, const ExtSec *es, size_t n) {
  sec_dataf(s, 4, es->name_off, "%s section string for %s", what, es->name);
  sec_data(s, 4, n, "Number of entries");
}

static void output_ext(Gen *g, BtfExtInfo *ext, ExtPlan *p, ObjFile *obj) {
  Section *s = section_new(".BTF.ext", SEC_PROGBITS, 0, 4, g->opts->keep_items,
                           g->opts->annotate);
  uint32_t func_len = 4, line_len = 4, core_len = 0;
  for (size_t i = 0; i < p->secs.len; i++) {
    if (p->secs.data[i].funcs.len)
      func_len += 8 + 8 * (uint32_t)p->secs.data[i].funcs.len;
    if (p->secs.data[i].lines.len)
      line_len += 8 + 16 * (uint32_t)p->secs.data[i].lines.len;
    if (p->secs.data[i].cores.len)
      core_len += 8 + 16 * (uint32_t)p->secs.data[i].cores.len;
  }
  if (core_len)
    core_len += 4;
  sec_data(s, 2, BTF_MAGIC, "btf_magic");
  sec_data(s, 1, BTF_VERSION, "btfext_version");
  sec_data(s, 1, 0, "btfext_flags");
  sec_data(s, 4, 32, "btfext_hdr_len");
  sec_data(s, 4, 0, "func_info_offset");
  sec_data(s, 4, func_len, "func_info_len");
  sec_data(s, 4, func_len, "line_info_offset");
  sec_data(s, 4, line_len, "line_info_len");
  sec_data(s, 4, func_len + line_len, "core_relo_offset");
  sec_data(s, 4, core_len, "core_relo_len");
  sec_data(s, 4, 8, "FuncInfo entry size");
  for (size_t i = 0; i < p->secs.len; i++) {
    const ExtSec *es = &p->secs.data[i];
    if (!es->funcs.len)
      continue;
    ext_section_header(s, "FuncInfo", es, es->funcs.len);
    for (size_t k = 0; k < es->funcs.len; k++) {
      const BtfExtFunc *f = &ext->funcs.data[es->funcs.data[k]];
      sec_dataf(s, 4, f->insn_off, "label for function %s", f->name);
      sec_data(s, 4, func_type_id(g, f->name), "btf_type_id");
    }
  }
  sec_data(s, 4, 16, "LineInfo entry size");
  for (size_t i = 0; i < p->secs.len; i++) {
    const ExtSec *es = &p->secs.data[i];
    if (!es->lines.len)
      continue;
    ext_section_header(s, "LineInfo", es, es->lines.len);
    for (size_t k = 0; k < es->lines.len; k++) {
      uint32_t idx = es->lines.data[k];
      const BtfExtLine *l = &ext->lines.data[idx];
      sec_data(s, 4, l->insn_off, "insn_label");
      sec_data(s, 4, p->file_off[idx], "file_name_off");
      sec_data(s, 4, p->text_off[idx], "line_off");
      sec_dataf(s, 4, (uint64_t)l->line << 10 | (l->col & 0x3ff), "(line, col) (%u, %u)",
                l->line, l->col);
    }
  }
  if (core_len) {
    sec_data(s, 4, 16, "CoreInfo entry size");
    for (size_t i = 0; i < p->secs.len; i++) {
      const ExtSec *es = &p->secs.data[i];
      if (!es->cores.len)
        continue;
      ext_section_header(s, "CoreInfo", es, es->cores.len);
      for (size_t k = 0; k < es->cores.len; k++) {
        uint32_t idx = es->cores.data[k];
        const BtfExtCore *c = &ext->cores.data[idx];
        sec_data(s, 4, c->insn_off, "bpfcr_insn");
        const Rec *root = c->die ? g->recs[c->die->id] : NULL;
        sec_dataf(s, 4, c->type_id, "bpfcr_type (%s%s)", core_type_keyword(root),
                  root && root->name ? root->name : "");
        sec_dataf(s, 4, p->access_off[idx], "bpfcr_astr_off (\"%s\")", c->access);
        sec_data(s, 4, c->kind, "bpfcr_kind");
      }
    }
  }
  sec_data(s, 4, 0, "Required padding by libbpf structs");
  vec_push(&obj->sections, s);
}

static void output(Gen *g, ObjFile *obj) {
  bool bpf = ctx_current->target.arch == ARCH_BPF;
  Section *s = section_new(".BTF", SEC_PROGBITS, 0, 1, g->opts->keep_items,
                           g->opts->annotate);
  uint32_t ntypes = (uint32_t)g->order.len;
  uint32_t vbytes = 0;
  for (size_t i = 0; i < g->order.len; i++)
    vbytes += trailing_bytes(g->order.data[i]);
  uint32_t type_len = 12 * ntypes + vbytes;
  uint32_t str_len = (uint32_t)(g->str.len + g->aux.len);
  bool empty = ntypes == 0;
  if (!s->keep_items) /* the bytes, written once, in memory made at once */
    buf_reserve_exact(&s->bytes, BTF_HEADER_SIZE + (size_t)type_len + str_len);
  sec_label(s, ".Lbtf0");
  sec_data(s, 2, BTF_MAGIC, "btf_magic");
  sec_data(s, 1, BTF_VERSION, "btf_version");
  sec_data(s, 1, 0, "btf_flags");
  sec_data(s, 4, BTF_HEADER_SIZE, "btf_hdr_len");
  sec_data(s, 4, 0, "type_off");
  sec_dataf(s, 4, empty ? 0 : type_len, "type_len: ntypes=%u, vlen=%u", ntypes, vbytes);
  sec_data(s, 4, empty ? 0 : type_len, "str_off");
  sec_data(s, 4, empty ? 0 : str_len, "str_len");
  for (size_t i = 0; i < g->order.len; i++)
    emit_record(g, s, g->order.data[i], bpf);
  emit_strings(s, &g->str, 0, "btf_string");
  emit_strings(s, &g->aux, (uint32_t)g->str.len, "btf_aux_string");
  vec_push(&obj->sections, s);
}

bool btf_prunes(const BtfOptions *opts) {
  return opts->prune_btf > 0 ||
         (opts->prune_btf < 0 && ctx_current->target.arch == ARCH_BPF);
}

enum { NAME_BYTES_PER_DIE = 48 };

void btf_generate(const DebugUnit *unit, const BtfOptions *opts, ObjFile *obj) {
  Gen g = {0};
  g.opts = opts;
  g.unit = unit;
  g.prune = btf_prunes(opts);
  g.unknown.kind = 0;
  /* Room for the names of a typical unit at once (vmlinux.h: 42 bytes
     a DIE): a table grown by doubling is copied each time it grows.  */
  buf_reserve_exact(&g.str, NAME_BYTES_PER_DIE * (size_t)unit->ndies + 1);
  buf_putc(&g.str, 0);
  buf_putc(&g.aux, 0);
  g.sizetype = unit->sizetype;
  for (Die *d = unit->first; opts->index_int && d && !g.index_int; d = d->list_next)
    if (d->kind == DIE_BASE && d->name && !strcmp(d->name, "int") &&
        d->encoding == ATE_SIGNED && d->size == 4)
      g.index_int = d;
  g.recs = xcalloc(unit->ndies ? unit->ndies : 1, sizeof(Rec *));
  translate(&g, unit);
  if (g.prune)
    prune(&g);
  /* .BTF.ext's names join the strings before the DATASECs' (GCC's
     order).  */
  ExtPlan plan = {0};
  if (opts->ext)
    plan_ext(&g, opts->ext, &plan);
  build_datasecs(&g);
  if (opts->ext)
    plan_ext_texts(&g, opts->ext, &plan);
  assign_ids(&g);
  if (opts->ext) {
    for (size_t i = 0; i < opts->ext->cores.len; i++) {
      BtfExtCore *c = &opts->ext->cores.data[i];
      Rec *r = c->die ? g.recs[c->die->id] : NULL;
      c->type_id = r ? r->id : 0;
    }
  }
  output(&g, obj);
  if (opts->ext)
    output_ext(&g, opts->ext, &plan, obj);
  for (size_t i = 0; i < plan.secs.len; i++) {
    vec_free(&plan.secs.data[i].funcs);
    vec_free(&plan.secs.data[i].lines);
    vec_free(&plan.secs.data[i].cores);
  }
  free(plan.access_off);
  vec_free(&plan.secs);
  free(plan.file_off);
  free(plan.text_off);
  free(plan.slots);
  buf_free(&g.str);
  buf_free(&g.aux);
  vec_free(&g.types);
  vec_free(&g.vars);
  vec_free(&g.funcs);
  vec_free(&g.tags);
  vec_free(&g.datasecs);
  vec_free(&g.order);
  vec_free(&g.fwds);
  free(g.recs);
}
