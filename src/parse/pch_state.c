/* The parser's and sema's state after a declaration-only header, as a
   typed serialisation with pointer swizzling (the step after the
   pretokenized header of cpp/pch.c: what it saves is parsing and sema).

   Design.  The state is a graph of arena objects of six kinds: types,
   records (with their members and enumerators inline), declarations,
   btf tags, attributes (with their arguments inline) and parameter
   arrays.  The writer finds every object reachable from the unit's
   declaration list, its initializer types and the identifiers' file-scope
   bindings (following every pointer field but the derived-type hash
   chain, which is rebuilt), gives each an id in its kind's table, and
   writes the tables one record per object with every pointer as the
   target's id in the table its field's type names (0 for NULL): no
   address reaches the file, and an int64 is only ever read as one.  Ids
   follow discovery order from the declaration list, except types, which
   are sorted by Type.id (creation order): a type's base and main variant
   were made before it, so their ids are smaller, which the reader checks
   and which rules out cycles where type_canon and the emitters recurse.
   Identifiers are an interned table of spellings; btf tag values are
   interned again on read, since tags compare them by pointer.  The
   builtin types -- those made before the unit's first token: the basic
   types, void *, __builtin_va_list's -- are written as references to the
   compilation's own by id (types_init and the parser's builtins make the
   same ones with the same ids for the same target); their variant lists
   and pointer caches are the only state outside the fresh objects that
   a read changes, and only once every record has been checked.

   The writer refuses what it does not carry -- a function body, an
   initializer, a block's locals -- so a header with those keeps the
   token replay.  SrcLocs (file, line, column, expansion point) are
   numbered one of two ways.  In a round trip in one compilation, as the
   compilation's tables number them, checked against those tables on
   read.  For a .gch (header numbering), relative to the header: its
   file is 1 (a location in any other file refuses the state), and each
   expansion point is a number in a place table written with the state
   (the outermost expansion's line and column); the reader enters each
   place in its compilation's expansion-point table and the header's
   file id there for 1.  The builtin typedefs (no location) are not
   bound again: the reader's compilation has its own.  Beside the
   objects: the parser's declaration counter at the state's end (Decl.
   order goes on from there), and every derived type sema made (so a
   later array or function type is found, with its id, as from the
   text).

   The format, numbers as LEB128: "btfccST2", the numbering (0: the
   compilation's own, 1: header), the declaration counter, then the
   identifier table (count, then length and bytes each), the next type
   id, in header numbering the place table (count, then file, line and
   column each), the table counts (types, records, declarations, tags,
   attributes, parameter arrays), each table's records in that order,
   the declaration list, the initializer types, the ordinary bindings
   (identifier, declaration) and the tag bindings (identifier, type).  */
#include "pch_state.h"

#include "parser.h"

#include "../lang/attrs.h"
#include "../util/ptrmap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char state_magic[8] = {'b', 't', 'f', 'c', 'c', 'S', 'T', '2'};

typedef enum {
  K_TYPE,
  K_RECORD,
  K_DECL,
  K_TAG,
  K_ATTR,
  K_PARAMS,
  K__COUNT
} ObjKind;

/* Limits the reader enforces beyond the file's own size.  */
enum { MAX_ARGS = 1 << 16, MAX_STRING = 1 << 24 };

/* --- Writing --- */

typedef struct StateWriter {
  PtrMap ids[K__COUNT];            /* object -> id (as a pointer-sized int) */
  VEC(const void *) objs[K__COUNT];
  VEC(int) param_counts;           /* K_PARAMS: each array's length */
  PtrMap ident_ids;
  VEC(const Ident *) idents;
  const char *refusal;
  Buf *out;
  /* Header numbering (pch_state_write's HEADER_FILE not 0): the file
     written as 1, and the expansion points met, each given a number
     from 1 (xp_ids: compilation id -> number) with its place.  */
  uint32_t header_file;
  PtrMap xp_ids;
  VEC(SrcLoc) xp_places;
} StateWriter;

/* A string that may be NULL: 0, or its length + 1 then its bytes.  */
static void put_bytes(Buf *b, const char *s, size_t len) {
  if (!s) {
    buf_put_uleb(b, 0);
    return;
  }
  buf_put_uleb(b, (uint64_t)len + 1);
  buf_append(b, s, len);
}

static void put_cstr(Buf *b, const char *s) { put_bytes(b, s, s ? strlen(s) : 0); }

/* A file id in the numbering written: the header's is 1; another
   file's refuses the state.  */
static uint32_t file_number(StateWriter *w, uint32_t file) {
  if (!w->header_file || !file)
    return file;
  if (file != w->header_file && !w->refusal)
    w->refusal = "a location in another file than the header";
  return 1;
}

/* An expansion point in the numbering written: in header numbering, its
   number in the place table (the place entered on first use).  */
static uint32_t xp_number(StateWriter *w, uint32_t xp) {
  if (!w->header_file || !xp)
    return xp;
  uintptr_t k = (uintptr_t)ptrmap_get(&w->xp_ids, (void *)(uintptr_t)xp);
  if (k)
    return (uint32_t)k;
  SrcLoc place = srcloc_debug_place((SrcLoc){.xp = xp});
  place.file = file_number(w, place.file);
  vec_push(&w->xp_places, place);
  ptrmap_put(&w->xp_ids, (void *)(uintptr_t)xp, (void *)(uintptr_t)w->xp_places.len);
  return (uint32_t)w->xp_places.len;
}

static void put_loc(StateWriter *w, Buf *b, SrcLoc loc) {
  buf_put_uleb(b, file_number(w, loc.file));
  buf_put_uleb(b, loc.line);
  buf_put_uleb(b, loc.col);
  buf_put_uleb(b, xp_number(w, loc.xp));
}

static void note_ident(StateWriter *w, const Ident *id) {
  if (!id || ptrmap_get(&w->ident_ids, id))
    return;
  vec_push(&w->idents, id);
  ptrmap_put(&w->ident_ids, id, (void *)(uintptr_t)w->idents.len);
}

static void put_ident(StateWriter *w, const Ident *id) {
  buf_put_uleb(w->out, id ? (uintptr_t)ptrmap_get(&w->ident_ids, id) : 0);
}

/* Note object P of kind K (a parameter array with COUNT entries) as one
   to write.  An empty parameter array is not an object: it has no
   memory of its own to tell it from the next allocation.  */
static void note_obj(StateWriter *w, ObjKind k, const void *p, int count) {
  if (!p || (k == K_PARAMS && count == 0))
    return;
  uintptr_t id = (uintptr_t)ptrmap_get(&w->ids[k], p);
  if (id) {
    if (k == K_PARAMS && w->param_counts.data[id - 1] != count)
      w->refusal = "a parameter array shared with different lengths";
    return;
  }
  vec_push(&w->objs[k], p);
  if (k == K_PARAMS)
    vec_push(&w->param_counts, count);
  ptrmap_put(&w->ids[k], p, (void *)(uintptr_t)w->objs[k].len);
}

/* A reference: 0 for NULL, else the id (a parameter array: 1 for an
   empty non-NULL one, ids from 2).  */
static void put_ref(StateWriter *w, ObjKind k, const void *p) {
  uintptr_t id = p ? (uintptr_t)ptrmap_get(&w->ids[k], p) : 0;
  if (k == K_PARAMS)
    id = !p ? 0 : id ? id + 1 : 1;
  buf_put_uleb(w->out, id);
}

/* Whether T was made before the unit's first token (a basic type,
   void *, __builtin_va_list's types): such a type is not written but
   referred to by its id, which is the same in every unit of the target.  */
static bool is_basic(const Type *t) {
  return t->id <= ctx_current->types->builtin_last_id;
}

static bool kind_has_record(unsigned kind) {
  return kind == TY_STRUCT || kind == TY_UNION || kind == TY_ENUM;
}

/* --- Discovery: the pointers of each kind of object --- */

static void visit_type(StateWriter *w, const Type *t) {
  note_obj(w, K_TYPE, t->main, 0);
  note_obj(w, K_TYPE, t->next_variant, 0);
  note_obj(w, K_TYPE, t->ptr_to, 0);
  if (is_basic(t))
    return;
  note_obj(w, K_TYPE, t->base, 0);
  note_obj(w, K_TAG, t->tags, 0);
  if (is_basic(t->main))
    return; /* a builtin's variant: its record or typedef is the builtin's */
  if (t->kind == TY_FUNC)
    note_obj(w, K_PARAMS, t->u.func.params, t->u.func.nparams);
  else if (kind_has_record(t->kind))
    note_obj(w, K_RECORD, t->u.rec, 0);
  else if (t->kind == TY_TYPEDEF)
    note_obj(w, K_DECL, t->u.tdef, 0);
}

static void visit_record(StateWriter *w, const Record *r) {
  note_ident(w, r->name);
  for (int i = 0; i < r->nmembers; i++) {
    note_ident(w, r->members[i].name);
    note_obj(w, K_TYPE, r->members[i].type, 0);
    note_obj(w, K_TAG, r->members[i].decl_tags, 0);
  }
  for (int i = 0; i < r->nenums; i++) {
    note_ident(w, r->enums[i].name);
    note_obj(w, K_DECL, r->enums[i].decl, 0);
  }
  note_obj(w, K_TYPE, r->enum_int, 0);
  note_obj(w, K_DECL, r->tag_decl, 0);
}

static void visit_decl(StateWriter *w, const Decl *d) {
  if ((d->kind == DECL_FUNC && d->body) || (d->kind == DECL_VAR && d->init))
    w->refusal = "a function body or an initializer";
  note_ident(w, d->name);
  note_obj(w, K_TYPE, d->type, 0);
  note_obj(w, K_TAG, d->decl_tags, 0);
  note_obj(w, K_TAG, d->tags_so_far, 0);
  note_obj(w, K_TYPE, d->type_as_declared, 0);
  note_obj(w, K_ATTR, d->attrs, 0);
  note_obj(w, K_DECL, d->prev, 0);
  note_obj(w, K_DECL, d->first, 0);
  switch (d->kind) {
  case DECL_TAG:
  case DECL_ENUM_CONST:
    note_obj(w, K_RECORD, d->rec, 0);
    note_obj(w, K_TYPE, d->tag_type, 0);
    break;
  case DECL_FUNC:
    if (d->used_types || d->locals || d->n_used_types || d->n_locals)
      w->refusal = "a function body's types or locals";
    note_obj(w, K_PARAMS, d->def_params, d->n_def_params);
    break;
  case DECL_VAR:
    note_obj(w, K_DECL, d->cleanup, 0);
    break;
  default:
    if (d->rec || d->tag_type)
      w->refusal = "a declaration with data the format does not carry";
    break;
  }
}

static void visit_params(StateWriter *w, const Param *ps, int n) {
  for (int i = 0; i < n; i++) {
    note_ident(w, ps[i].name);
    note_obj(w, K_TYPE, ps[i].type, 0);
    note_obj(w, K_TAG, ps[i].decl_tags, 0);
  }
}

static void visit_attr(StateWriter *w, const Attr *a) {
  note_obj(w, K_ATTR, a->next, 0);
  note_ident(w, a->scope);
  note_ident(w, a->name);
  for (int i = 0; i < a->nargs; i++)
    note_ident(w, a->args[i].ident);
}

/* Visit every object noted until no kind has one left to visit.  */
static void discover(StateWriter *w) {
  size_t done[K__COUNT] = {0};
  bool more = true;
  while (more && !w->refusal) {
    more = false;
    for (int k = 0; k < K__COUNT; k++)
      while (done[k] < w->objs[k].len) {
        const void *p = w->objs[k].data[done[k]];
        switch ((ObjKind)k) {
        case K_TYPE: visit_type(w, p); break;
        case K_RECORD: visit_record(w, p); break;
        case K_DECL: visit_decl(w, p); break;
        case K_TAG: note_obj(w, K_TAG, ((const BtfTag *)p)->next, 0); break;
        case K_ATTR: visit_attr(w, p); break;
        case K_PARAMS: visit_params(w, p, w->param_counts.data[done[k]]); break;
        default: break;
        }
        done[k]++;
        more = true;
      }
  }
}

static int compare_type_ids(const void *a, const void *b) {
  uint32_t x = (*(const Type *const *)a)->id, y = (*(const Type *const *)b)->id;
  return x < y ? -1 : x > y;
}

/* Types in creation order, their ids given again in that order.  */
static void sort_types(StateWriter *w) {
  qsort(w->objs[K_TYPE].data, w->objs[K_TYPE].len, sizeof(const void *),
        compare_type_ids);
  for (size_t i = 0; i < w->objs[K_TYPE].len; i++)
    ptrmap_put(&w->ids[K_TYPE], w->objs[K_TYPE].data[i], (void *)(uintptr_t)(i + 1));
}

/* The identifiers bound at file scope now, for the bindings' section.  */
typedef struct BoundNames {
  VEC(Ident *) ordinary, tags;
} BoundNames;

static void collect_binding(Ident *id, void *arg) {
  BoundNames *bn = arg;
  const Binding *o = id->ordinary, *t = id->tag;
  /* (not the builtin typedefs, made before the first token and bound
     by the compilation that reads the state: they have no location) */
  if (o && o->depth == 0 && o->decl && o->decl->loc.file)
    vec_push(&bn->ordinary, id);
  if (t && t->depth == 0 && t->type)
    vec_push(&bn->tags, id);
}

/* --- Writing the records --- */

/* A type's head (read first, so that every type exists before any
   reference to one is resolved): its id, kind and whether it is basic.  */
static void write_type_head(StateWriter *w, const Type *t) {
  buf_put_uleb(w->out, t->id);
  buf_put_uleb(w->out, t->kind);
  buf_put_uleb(w->out, is_basic(t));
}

static void write_type(StateWriter *w, const Type *t) {
  Buf *b = w->out;
  put_ref(w, K_TYPE, t->next_variant);
  put_ref(w, K_TYPE, t->ptr_to);
  if (is_basic(t))
    return;
  buf_put_uleb(b, t->quals);
  buf_put_uleb(b, t->flags);
  buf_put_uleb(b, t->align);
  buf_put_sleb(b, t->size);
  put_ref(w, K_TYPE, t->main);
  put_ref(w, K_TYPE, t->base);
  put_ref(w, K_TAG, t->tags);
  buf_put_uleb(b, t->depth);
  if (is_basic(t->main))
    return;
  if (t->kind == TY_FUNC) {
    put_ref(w, K_PARAMS, t->u.func.params);
    buf_put_uleb(b, (uint64_t)t->u.func.nparams);
  } else if (kind_has_record(t->kind)) {
    put_ref(w, K_RECORD, t->u.rec);
  } else if (t->kind == TY_TYPEDEF) {
    put_ref(w, K_DECL, t->u.tdef);
  } else {
    buf_put_sleb(b, t->u.array.len);
  }
}

static void write_record(StateWriter *w, const Record *r) {
  Buf *b = w->out;
  put_ident(w, r->name);
  buf_put_uleb(b, (uint64_t)r->kind);
  buf_put_uleb(b, (unsigned)r->complete | (unsigned)r->being_defined << 1 |
                  (unsigned)r->packed << 2 |
                  (unsigned)r->preserve_access_index << 3 |
                  (unsigned)r->has_flex << 4 | (unsigned)r->fixed_base << 5);
  buf_put_uleb(b, r->pack);
  buf_put_uleb(b, r->user_align);
  buf_put_uleb(b, (uint64_t)r->nmembers);
  for (int i = 0; i < r->nmembers; i++) {
    const Member *m = &r->members[i];
    put_ident(w, m->name);
    put_ref(w, K_TYPE, m->type);
    buf_put_sleb(b, m->bit_offset);
    put_ref(w, K_TAG, m->decl_tags);
    buf_put_sleb(b, m->bit_width);
    buf_put_uleb(b, m->user_align);
    put_loc(w, b, m->loc);
    buf_put_uleb(b, (unsigned)m->is_bitfield | (unsigned)m->packed << 1);
  }
  buf_put_uleb(b, (uint64_t)r->nenums);
  for (int i = 0; i < r->nenums; i++) {
    const Enumerator *e = &r->enums[i];
    put_ident(w, e->name);
    buf_put_sleb(b, e->value);
    buf_put_uleb(b, e->big_unsigned);
    put_loc(w, b, e->loc);
    put_ref(w, K_DECL, e->decl);
  }
  put_ref(w, K_TYPE, r->enum_int);
  buf_put_sleb(b, r->size);
  buf_put_uleb(b, r->align);
  put_loc(w, b, r->loc);
  put_loc(w, b, r->def_loc);
  put_ref(w, K_DECL, r->tag_decl);
  buf_put_uleb(b, (uint64_t)r->scope_depth);
}

static unsigned decl_flag_bits(const Decl *d) {
  return (unsigned)d->defined | (unsigned)d->has_init << 1 |
         (unsigned)d->used << 2 | (unsigned)d->written << 3 |
         (unsigned)d->is_inline << 4 | (unsigned)d->is_thread_local << 5 |
         (unsigned)d->file_scope << 6 | (unsigned)d->implicit << 7 |
         (unsigned)d->tag_is_definition << 8 |
         (unsigned)d->init_all_zero << 9 | (unsigned)d->is_constexpr << 10;
}

static void write_decl(StateWriter *w, const Decl *d) {
  Buf *b = w->out;
  buf_put_uleb(b, d->kind);
  buf_put_uleb(b, d->order);
  buf_put_uleb(b, d->types_at);
  put_loc(w, b, d->loc);
  put_ident(w, d->name);
  put_ref(w, K_TYPE, d->type);
  put_ref(w, K_TAG, d->decl_tags);
  put_ref(w, K_TAG, d->tags_so_far);
  put_ref(w, K_TYPE, d->type_as_declared);
  put_ref(w, K_ATTR, d->attrs);
  put_cstr(b, d->section);
  put_cstr(b, d->asm_name);
  put_ref(w, K_DECL, d->prev);
  put_ref(w, K_DECL, d->first);
  buf_put_uleb(b, d->sc);
  buf_put_uleb(b, decl_flag_bits(d));
  switch (d->kind) {
  case DECL_TAG:
  case DECL_ENUM_CONST:
    buf_put_sleb(b, d->kind == DECL_ENUM_CONST ? d->enum_value : 0);
    put_ref(w, K_RECORD, d->rec);
    put_ref(w, K_TYPE, d->tag_type);
    break;
  case DECL_FUNC:
    put_ref(w, K_PARAMS, d->def_params);
    buf_put_uleb(b, (uint64_t)d->n_def_params);
    break;
  case DECL_VAR:
    put_ref(w, K_DECL, d->cleanup);
    break;
  default:
    break;
  }
}

static void write_params(StateWriter *w, const Param *ps, int n) {
  for (int i = 0; i < n; i++) {
    put_ident(w, ps[i].name);
    put_ref(w, K_TYPE, ps[i].type);
    put_ref(w, K_TAG, ps[i].decl_tags);
    put_loc(w, w->out, ps[i].loc);
  }
}

static void write_attr(StateWriter *w, const Attr *a) {
  Buf *b = w->out;
  put_ref(w, K_ATTR, a->next);
  put_ident(w, a->scope);
  put_ident(w, a->name);
  buf_put_uleb(b, a->std_syntax);
  put_loc(w, b, a->loc);
  buf_put_uleb(b, (uint64_t)a->nargs);
  for (int i = 0; i < a->nargs; i++) {
    const AttrArg *g = &a->args[i];
    buf_put_uleb(b, g->kind);
    buf_put_uleb(b, g->str_width);
    buf_put_uleb(b, g->str_is_u8);
    buf_put_sleb(b, g->ival);
    put_bytes(b, g->str, g->str_len);
    put_ident(w, g->ident);
    put_loc(w, b, g->loc);
  }
}

static void write_tables(StateWriter *w) {
  for (int k = 0; k < K__COUNT; k++)
    buf_put_uleb(w->out, w->objs[k].len);
  for (size_t i = 0; i < w->objs[K_PARAMS].len; i++)
    buf_put_uleb(w->out, (uint64_t)w->param_counts.data[i]);
  for (size_t i = 0; i < w->objs[K_TYPE].len; i++)
    write_type_head(w, w->objs[K_TYPE].data[i]);
  for (size_t i = 0; i < w->objs[K_TYPE].len; i++)
    write_type(w, w->objs[K_TYPE].data[i]);
  for (size_t i = 0; i < w->objs[K_RECORD].len; i++)
    write_record(w, w->objs[K_RECORD].data[i]);
  for (size_t i = 0; i < w->objs[K_DECL].len; i++)
    write_decl(w, w->objs[K_DECL].data[i]);
  for (size_t i = 0; i < w->objs[K_TAG].len; i++) {
    const BtfTag *g = w->objs[K_TAG].data[i];
    put_ref(w, K_TAG, g->next);
    put_cstr(w->out, g->value);
    put_loc(w, w->out, g->loc);
  }
  for (size_t i = 0; i < w->objs[K_ATTR].len; i++)
    write_attr(w, w->objs[K_ATTR].data[i]);
  for (size_t i = 0; i < w->objs[K_PARAMS].len; i++)
    write_params(w, w->objs[K_PARAMS].data[i], w->param_counts.data[i]);
}

static void writer_free(StateWriter *w) {
  for (int k = 0; k < K__COUNT; k++) {
    ptrmap_free(&w->ids[k]);
    vec_free(&w->objs[k]);
  }
  vec_free(&w->param_counts);
  ptrmap_free(&w->ident_ids);
  vec_free(&w->idents);
  ptrmap_free(&w->xp_ids);
  vec_free(&w->xp_places);
}

/* Every derived type sema has made (arrays, functions, vectors,
   complex): a later declaration finds them as the text's would, with
   their ids.  */
static void note_derived_types(StateWriter *w) {
  const SemaTypes *ts = ctx_current->types;
  for (size_t i = 0; i < ts->derived_cap; i++)
    for (Type *t = ts->derived[i]; t; t = t->derived)
      if (!is_basic(t))
        note_obj(w, K_TYPE, t, 0);
}

/* The place table of header numbering: count, then each place.  */
static void write_places(StateWriter *w, Buf *out) {
  buf_put_uleb(out, w->xp_places.len);
  for (size_t i = 0; i < w->xp_places.len; i++) {
    SrcLoc at = w->xp_places.data[i];
    buf_put_uleb(out, at.file);
    buf_put_uleb(out, at.line);
    buf_put_uleb(out, at.col);
  }
}

const char *pch_state_write(const TransUnit *tu, const PchStateFrame *frame,
                            Buf *out) {
  StateWriter w = {.header_file = frame->header_file};
  BoundNames bn = {0};
  intern_each(collect_binding, &bn);
  for (size_t i = 0; i < tu->decls.len; i++)
    note_obj(&w, K_DECL, tu->decls.data[i], 0);
  for (size_t i = 0; i < tu->init_types.len; i++)
    note_obj(&w, K_TYPE, tu->init_types.data[i], 0);
  for (size_t i = 0; i < bn.ordinary.len; i++) {
    note_ident(&w, bn.ordinary.data[i]);
    note_obj(&w, K_DECL, ((Binding *)bn.ordinary.data[i]->ordinary)->decl, 0);
  }
  for (size_t i = 0; i < bn.tags.len; i++) {
    note_ident(&w, bn.tags.data[i]);
    note_obj(&w, K_TYPE, ((Binding *)bn.tags.data[i]->tag)->type, 0);
  }
  note_derived_types(&w);
  discover(&w);
  Buf tables = {0};
  if (!w.refusal) {
    sort_types(&w);
    w.out = &tables;
    write_tables(&w);
    w.out = out;
  }
  const char *refusal = w.refusal;
  if (!refusal) {
    buf_append(out, state_magic, sizeof state_magic);
    buf_put_uleb(out, w.header_file != 0);
    buf_put_uleb(out, frame->decl_order);
    buf_put_uleb(out, w.idents.len);
    for (size_t i = 0; i < w.idents.len; i++)
      put_bytes(out, w.idents.data[i]->name, w.idents.data[i]->len);
    buf_put_uleb(out, ctx_current->types->next_id);
    if (w.header_file)
      write_places(&w, out);
    buf_append(out, tables.data, tables.len);
    buf_put_uleb(out, tu->decls.len);
    for (size_t i = 0; i < tu->decls.len; i++)
      put_ref(&w, K_DECL, tu->decls.data[i]);
    buf_put_uleb(out, tu->init_types.len);
    for (size_t i = 0; i < tu->init_types.len; i++)
      put_ref(&w, K_TYPE, tu->init_types.data[i]);
    buf_put_uleb(out, bn.ordinary.len);
    for (size_t i = 0; i < bn.ordinary.len; i++) {
      put_ident(&w, bn.ordinary.data[i]);
      put_ref(&w, K_DECL, ((Binding *)bn.ordinary.data[i]->ordinary)->decl);
    }
    buf_put_uleb(out, bn.tags.len);
    for (size_t i = 0; i < bn.tags.len; i++) {
      put_ident(&w, bn.tags.data[i]);
      put_ref(&w, K_TYPE, ((Binding *)bn.tags.data[i]->tag)->type);
    }
  }
  buf_free(&tables);
  vec_free(&bn.ordinary);
  vec_free(&bn.tags);
  writer_free(&w);
  return refusal;
}

/* --- Reading --- */

typedef struct StateReader {
  const uint8_t *p, *end;
  const char *error; /* the first problem found, or NULL */
  char *err;
  size_t err_len;
  Ident **idents;
  size_t nidents;
  size_t count[K__COUNT];
  Type **types;     /* by id - 1: fresh, or the compilation's basic type */
  Type *fresh;      /* the fresh types, at their table index */
  Type **builtins;  /* the compilation's builtin types, by id */
  bool *type_basic; /* which are basic */
  Record *records;
  Decl *decls;
  BtfTag *tags;
  Attr *attrs;
  Param **params;
  int *param_counts;
  uint32_t max_file, max_xp;
  /* Header numbering: the header's file id here (file 1 in the state)
     and the expansion points entered for the state's place table.  */
  uint32_t header_file;
  uint32_t *xp_ids;
} StateReader;

/* Record the first problem (printf-like) and make every later read fail.  */
static void fail(StateReader *r, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void fail(StateReader *r, const char *fmt, ...) {
  if (r->error)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->err, r->err_len, fmt, ap);
  va_end(ap);
  r->error = r->err;
  r->p = r->end;
}

static uint64_t get_uleb_slow(StateReader *r) {
  uint64_t v = 0;
  for (unsigned shift = 0;; shift += 7) {
    if (r->p >= r->end) {
      fail(r, "the state ends early");
      return 0;
    }
    uint8_t byte = *r->p++;
    if (shift >= 64 || (shift == 63 && (byte & 0x7e))) {
      fail(r, "a number is too large");
      return 0;
    }
    v |= (uint64_t)(byte & 0x7f) << shift;
    if (!(byte & 0x80))
      return v;
  }
}

/* Most numbers are one byte, and almost all the rest (lines, ids,
   offsets) at most four: those inline, without a bounds check per byte
   when four bytes remain; the slow path takes longer ones, the end of
   the state and every error.  */
static inline uint64_t get_uleb(StateReader *r) {
  const uint8_t *p = r->p;
  if (r->end - p >= 4) {
    uint64_t v = p[0];
    if (v < 0x80) {
      r->p = p + 1;
      return v;
    }
    v = (v & 0x7f) | (uint64_t)(p[1] & 0x7f) << 7;
    if (p[1] < 0x80) {
      r->p = p + 2;
      return v;
    }
    v |= (uint64_t)(p[2] & 0x7f) << 14;
    if (p[2] < 0x80) {
      r->p = p + 3;
      return v;
    }
    v |= (uint64_t)(p[3] & 0x7f) << 21;
    if (p[3] < 0x80) {
      r->p = p + 4;
      return v;
    }
  } else if (p < r->end && *p < 0x80) {
    r->p = p + 1;
    return *p;
  }
  return get_uleb_slow(r);
}

static int64_t get_sleb(StateReader *r) {
  if (r->p < r->end && *r->p < 0x80) {
    uint8_t byte = *r->p++;
    return (int64_t)byte - ((byte & 0x40) << 1); /* -64 ... 63 */
  }
  /* Up to nine bytes without a bounds check per byte when ten remain;
     a longer number, the end of the state and errors below.  */
  if (r->end - r->p >= 10) {
    const uint8_t *p = r->p;
    uint64_t v = 0;
    unsigned shift = 0;
    uint8_t byte;
    do {
      byte = *p++;
      v |= (uint64_t)(byte & 0x7f) << shift;
      shift += 7;
    } while ((byte & 0x80) && shift < 63);
    if (!(byte & 0x80)) {
      r->p = p;
      if (byte & 0x40)
        v |= ~(uint64_t)0 << shift;
      return (int64_t)v;
    }
  }
  uint64_t v = 0;
  unsigned shift = 0;
  uint8_t byte;
  do {
    if (r->p >= r->end) {
      fail(r, "the state ends early");
      return 0;
    }
    byte = *r->p++;
    if (shift >= 64) {
      fail(r, "a number is too large");
      return 0;
    }
    v |= (uint64_t)(byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  if (shift < 64 && (byte & 0x40))
    v |= ~(uint64_t)0 << shift;
  return (int64_t)v;
}

/* A number no larger than MAX (WHAT names it for the message).  */
static inline uint64_t get_bounded(StateReader *r, uint64_t max,
                                   const char *what) {
  uint64_t v = get_uleb(r);
  if (v > max) {
    fail(r, "%s %llu is out of range", what, (unsigned long long)v);
    return 0;
  }
  return v;
}

/* A count of things at least MIN_BYTES long each, as many as fit.  */
static size_t get_count(StateReader *r, size_t min_bytes, const char *what) {
  return (size_t)get_bounded(r, (uint64_t)(r->end - r->p) / min_bytes, what);
}

/* A number of at most four bytes at *P (which has four to read), *P
   moved past it; false for a longer one, *P then anywhere.  */
static inline bool take_uleb4(const uint8_t **p, uint32_t *v) {
  const uint8_t *q = *p;
  uint32_t x = q[0] & 0x7f;
  int n = 1;
  while (q[n - 1] & 0x80) {
    if (n == 4)
      return false;
    x |= (uint32_t)(q[n] & 0x7f) << (7 * n);
    n++;
  }
  *p = q + n;
  *v = x;
  return true;
}

static SrcLoc get_loc(StateReader *r) {
  SrcLoc loc;
  /* The common case in one go: four short numbers, all in range;
     anything else is read again number by number, so that a damaged
     location is refused with the same words.  */
  const uint8_t *p = r->p;
  if (!(r->end - p >= 16 && take_uleb4(&p, &loc.file) &&
        take_uleb4(&p, &loc.line) && take_uleb4(&p, &loc.col) &&
        take_uleb4(&p, &loc.xp) && loc.file <= r->max_file &&
        loc.xp <= r->max_xp)) {
    loc.file = (uint32_t)get_bounded(r, r->max_file, "a file index");
    loc.line = (uint32_t)get_bounded(r, UINT32_MAX, "a line");
    loc.col = (uint32_t)get_bounded(r, UINT32_MAX, "a column");
    loc.xp = (uint32_t)get_bounded(r, r->max_xp, "an expansion point");
  } else {
    r->p = p;
  }
  if (r->header_file) {
    loc.file = loc.file ? r->header_file : 0;
    loc.xp = loc.xp ? r->xp_ids[loc.xp - 1] : 0;
  }
  return loc;
}

/* Header numbering: the place table, each place entered in this
   compilation's expansion-point table (an entry a refused state leaves
   is never referred to).  */
static void read_places(StateReader *r) {
  size_t n = get_count(r, 3, "the place count");
  r->xp_ids = xcalloc(n + 1, sizeof *r->xp_ids);
  for (size_t i = 0; i < n && !r->error; i++) {
    SrcLoc at = {0};
    at.file = (uint32_t)get_bounded(r, 1, "a place's file");
    at.line = (uint32_t)get_bounded(r, UINT32_MAX, "a line");
    at.col = (uint32_t)get_bounded(r, UINT32_MAX, "a column");
    at.file = at.file ? r->header_file : 0;
    if (!r->error && !(r->xp_ids[i] = srcloc_add_expansion(at)))
      fail(r, "the expansion-point table is full");
  }
  r->max_file = 1;
  r->max_xp = (uint32_t)n;
}

static Ident *get_ident(StateReader *r) {
  uint64_t i = get_bounded(r, r->nidents, "an identifier");
  return i ? r->idents[i - 1] : NULL;
}

static uint64_t get_ref(StateReader *r, ObjKind k) {
  return get_bounded(r, r->count[k] + (k == K_PARAMS), "a reference");
}

static Type *get_type(StateReader *r) {
  uint64_t i = get_ref(r, K_TYPE);
  return i ? r->types[i - 1] : NULL;
}
static Record *get_record(StateReader *r) {
  uint64_t i = get_ref(r, K_RECORD);
  return i ? &r->records[i - 1] : NULL;
}
static Decl *get_decl(StateReader *r) {
  uint64_t i = get_ref(r, K_DECL);
  return i ? &r->decls[i - 1] : NULL;
}
static BtfTag *get_tag(StateReader *r) {
  uint64_t i = get_ref(r, K_TAG);
  return i ? &r->tags[i - 1] : NULL;
}
static Attr *get_attr(StateReader *r) {
  uint64_t i = get_ref(r, K_ATTR);
  return i ? &r->attrs[i - 1] : NULL;
}
/* A parameter array and, through *COUNT, its length as written there.  */
static Param *get_params(StateReader *r, int *count) {
  uint64_t i = get_ref(r, K_PARAMS);
  *count = 0;
  if (i == 0)
    return NULL;
  if (i == 1)
    return NEW(Param); /* empty, but not NULL */
  *count = r->param_counts[i - 2];
  return r->params[i - 2];
}

/* A string that may be NULL, where it lies in the state (not copied:
   for what interning copies anyway); *LEN its length.  */
static const char *get_span(StateReader *r, uint32_t *len) {
  uint64_t n = get_uleb(r);
  *len = 0;
  if (n == 0)
    return NULL;
  n--;
  if (n > MAX_STRING || n > (uint64_t)(r->end - r->p)) {
    fail(r, "a string runs past the end");
    return NULL;
  }
  const char *s = (const char *)r->p;
  r->p += n;
  *len = (uint32_t)n;
  return s;
}

/* A string that may be NULL, copied into the arena (NUL-terminated);
   *LEN its length when LEN is not NULL.  */
static const char *get_bytes(StateReader *r, uint32_t *len) {
  uint32_t n;
  const char *span = get_span(r, &n);
  if (len)
    *len = n;
  return span ? arena_strndup(perm, span, n) : NULL;
}

static void read_idents(StateReader *r) {
  r->nidents = get_count(r, 2, "the identifier count");
  r->idents = NEW_ARRAY(Ident *, r->nidents + 1);
  for (size_t i = 0; i < r->nidents && !r->error; i++) {
    uint32_t len;
    const char *s = get_span(r, &len);
    if (!s || len == 0 || memchr(s, 0, len))
      fail(r, "identifier %zu is not a name", i + 1);
    else
      r->idents[i] = intern(s, len);
  }
}

/* Enter T and what it is built from, if made before the first token,
   in the table of builtin types by id.  */
static void note_builtin(Type **table, uint32_t last, Type *t) {
  if (!t || t->id > last || table[t->id])
    return;
  table[t->id] = t;
  note_builtin(table, last, t->main);
  note_builtin(table, last, t->base);
  note_builtin(table, last, t->ptr_to);
  note_builtin(table, last, t->next_variant);
  if (kind_has_record(t->kind) && t->u.rec)
    for (int i = 0; i < t->u.rec->nmembers; i++)
      note_builtin(table, last, t->u.rec->members[i].type);
  if (t->kind == TY_TYPEDEF && t->u.tdef)
    note_builtin(table, last, t->u.tdef->type);
}

/* The builtin types by id, found from the basic ones and va_list.  */
static Type **builtin_types(void) {
  SemaTypes *ts = ctx_current->types;
  Type **table = NEW_ARRAY(Type *, ts->builtin_last_id + 1);
  for (int k = 0; k < TY__COUNT; k++)
    note_builtin(table, ts->builtin_last_id, ts->basic[k]);
  note_builtin(table, ts->builtin_last_id, ty_va_list);
  return table;
}

/* A type's head: the fresh type, or the compilation's builtin type.  */
static void read_type_head(StateReader *r, size_t i, uint32_t *prev_id) {
  uint32_t id = (uint32_t)get_bounded(r, UINT32_MAX, "a type id");
  unsigned kind = (unsigned)get_bounded(r, TY__COUNT - 1, "a type kind");
  bool basic = get_bounded(r, 1, "a basic flag");
  if (r->error)
    return;
  if (id <= *prev_id)
    fail(r, "type ids out of creation order");
  *prev_id = id;
  if (basic != (id <= ctx_current->types->builtin_last_id)) {
    fail(r, "type %u is %s the builtin types", id, basic ? "not among" : "among");
  } else if (basic) {
    Type *t = r->builtins[id];
    if (!t || t->kind != kind)
      fail(r, "builtin type %u is not this compilation's", id);
    r->type_basic[i] = true;
    r->types[i] = t;
  } else {
    Type *t = r->types[i] = &r->fresh[i];
    t->id = id;
    t->kind = (uint8_t)kind;
  }
}

/* Fill type I.  A basic type's pointers are held back in NV, PT until
   everything is checked.  */
static void fill_type(StateReader *r, size_t i, Type **nv, Type **pt) {
  Type *next_variant = get_type(r), *ptr_to = get_type(r);
  if (r->type_basic[i]) {
    nv[i] = next_variant;
    pt[i] = ptr_to;
    return;
  }
  Type *t = r->types[i];
  t->next_variant = next_variant;
  t->ptr_to = ptr_to;
  t->quals = (uint8_t)get_bounded(r, 15, "a qualifier set");
  t->flags = (uint16_t)get_bounded(r, UINT16_MAX, "type flags");
  t->align = (uint32_t)get_bounded(r, UINT32_MAX, "an alignment");
  t->size = get_sleb(r);
  t->main = get_type(r);
  t->base = get_type(r);
  t->tags = get_tag(r);
  t->depth = (uint32_t)get_bounded(r, UINT32_MAX, "a depth");
  if (t->main && t->main->id <= ctx_current->types->builtin_last_id) {
    t->u = t->main->u; /* a builtin's variant */
  } else if (t->kind == TY_FUNC) {
    int count;
    t->u.func.params = get_params(r, &count);
    t->u.func.nparams = (int)get_bounded(r, (uint64_t)count, "a parameter count");
  } else if (kind_has_record(t->kind)) {
    t->u.rec = get_record(r);
  } else if (t->kind == TY_TYPEDEF) {
    t->u.tdef = get_decl(r);
  } else {
    t->u.array.len = get_sleb(r);
  }
}

static void read_record(StateReader *r, Record *rec) {
  rec->name = get_ident(r);
  unsigned kind = (unsigned)get_bounded(r, TY__COUNT - 1, "a record kind");
  if (!kind_has_record(kind))
    fail(r, "a record of kind %u", kind);
  rec->kind = (TypeKind)kind;
  unsigned bits = (unsigned)get_bounded(r, 63, "record flags");
  rec->complete = bits & 1;
  rec->being_defined = bits >> 1 & 1;
  rec->packed = bits >> 2 & 1;
  rec->preserve_access_index = bits >> 3 & 1;
  rec->has_flex = bits >> 4 & 1;
  rec->fixed_base = bits >> 5 & 1;
  rec->pack = (uint32_t)get_bounded(r, UINT32_MAX, "a pack value");
  rec->user_align = (uint32_t)get_bounded(r, UINT32_MAX, "an alignment");
  rec->nmembers = (int)get_count(r, 9, "a member count");
  rec->members = rec->nmembers ? NEW_ARRAY(Member, rec->nmembers) : NULL;
  for (int i = 0; i < rec->nmembers && !r->error; i++) {
    Member *m = &rec->members[i];
    m->name = get_ident(r);
    m->type = get_type(r);
    m->bit_offset = get_sleb(r);
    m->decl_tags = get_tag(r);
    int64_t width = get_sleb(r);
    if (width < -1 || width > INT32_MAX)
      fail(r, "a bit-field width of %lld", (long long)width);
    m->bit_width = (int32_t)width;
    m->user_align = (uint32_t)get_bounded(r, UINT32_MAX, "an alignment");
    m->loc = get_loc(r);
    unsigned mb = (unsigned)get_bounded(r, 3, "member flags");
    m->is_bitfield = mb & 1;
    m->packed = mb >> 1 & 1;
    if (!m->type)
      fail(r, "a member without a type");
  }
  rec->nenums = (int)get_count(r, 8, "an enumerator count");
  rec->enums = rec->nenums ? NEW_ARRAY(Enumerator, rec->nenums) : NULL;
  for (int i = 0; i < rec->nenums && !r->error; i++) {
    Enumerator *e = &rec->enums[i];
    e->name = get_ident(r);
    if (!e->name)
      fail(r, "an enumerator without a name");
    e->value = get_sleb(r);
    e->big_unsigned = get_bounded(r, 1, "an enumerator flag");
    e->loc = get_loc(r);
    e->decl = get_decl(r);
  }
  rec->enum_int = get_type(r);
  rec->size = get_sleb(r);
  rec->align = (uint32_t)get_bounded(r, UINT32_MAX, "an alignment");
  rec->loc = get_loc(r);
  rec->def_loc = get_loc(r);
  rec->tag_decl = get_decl(r);
  rec->scope_depth = (int)get_bounded(r, INT32_MAX, "a scope depth");
}

static void read_decl(StateReader *r, Decl *d) {
  d->kind = (DeclKind)get_bounded(r, DECL_TAG, "a declaration kind");
  d->order = (uint32_t)get_bounded(r, UINT32_MAX, "a declaration order");
  d->types_at = (uint32_t)get_bounded(r, UINT32_MAX, "a type id");
  d->loc = get_loc(r);
  d->name = get_ident(r);
  d->type = get_type(r);
  d->decl_tags = get_tag(r);
  d->tags_so_far = get_tag(r);
  d->type_as_declared = get_type(r);
  d->attrs = get_attr(r);
  d->section = get_bytes(r, NULL);
  d->asm_name = get_bytes(r, NULL);
  d->prev = get_decl(r);
  d->first = get_decl(r);
  d->sc = (uint8_t)get_bounded(r, SC_TYPEDEF, "a storage class");
  unsigned bits = (unsigned)get_bounded(r, (1u << 11) - 1, "declaration flags");
  d->defined = bits & 1;
  d->has_init = bits >> 1 & 1;
  d->used = bits >> 2 & 1;
  d->written = bits >> 3 & 1;
  d->is_inline = bits >> 4 & 1;
  d->is_thread_local = bits >> 5 & 1;
  d->file_scope = bits >> 6 & 1;
  d->implicit = bits >> 7 & 1;
  d->tag_is_definition = bits >> 8 & 1;
  d->init_all_zero = bits >> 9 & 1;
  d->is_constexpr = bits >> 10 & 1;
  switch (d->kind) {
  case DECL_TAG:
  case DECL_ENUM_CONST: {
    int64_t v = get_sleb(r);
    if (d->kind == DECL_ENUM_CONST)
      d->enum_value = v;
    d->rec = get_record(r);
    d->tag_type = get_type(r);
    break;
  }
  case DECL_FUNC: {
    int count;
    d->def_params = get_params(r, &count);
    d->n_def_params = (int)get_bounded(r, (uint64_t)count, "a parameter count");
    break;
  }
  case DECL_VAR:
    d->cleanup = get_decl(r);
    break;
  default:
    break;
  }
}

static void read_attr(StateReader *r, Attr *a) {
  a->next = get_attr(r);
  a->scope = get_ident(r);
  a->name = get_ident(r);
  a->std_syntax = get_bounded(r, 1, "an attribute flag");
  a->loc = get_loc(r);
  a->nargs = (int)get_bounded(r, MAX_ARGS, "an argument count");
  if (a->nargs > (r->end - r->p) / 8)
    fail(r, "more attribute arguments than the state holds");
  if (r->error)
    return;
  a->args = a->nargs ? NEW_ARRAY(AttrArg, a->nargs) : NULL;
  for (int i = 0; i < a->nargs && !r->error; i++) {
    AttrArg *g = &a->args[i];
    g->kind = (uint8_t)get_bounded(r, AARG_OTHER, "an argument kind");
    g->str_width = (uint8_t)get_bounded(r, 4, "a character width");
    g->str_is_u8 = get_bounded(r, 1, "a u8 flag");
    g->ival = get_sleb(r);
    g->str = get_bytes(r, &g->str_len);
    g->ident = get_ident(r);
    g->loc = get_loc(r);
  }
  if (!a->name)
    fail(r, "an attribute without a name");
  else
    a->spec = attr_spec_named(a->name->name);
}

/* Parameter array I's entries (its length was read with the counts).  */
static void read_params(StateReader *r, size_t i) {
  int n = r->param_counts[i];
  Param *ps = r->params[i];
  for (int j = 0; j < n && !r->error; j++) {
    ps[j].name = get_ident(r);
    ps[j].type = get_type(r);
    ps[j].decl_tags = get_tag(r);
    ps[j].loc = get_loc(r);
    if (!ps[j].type)
      fail(r, "a parameter without a type");
  }
}

/* --- Checks of the graph the emitters and sema will walk --- */

static bool kind_needs_base(unsigned kind) {
  return kind == TY_PTR || kind == TY_ARRAY || kind == TY_VECTOR ||
         kind == TY_COMPLEX || kind == TY_FUNC || kind == TY_TYPEDEF;
}

/* A variant is its main variant's copy (variant_get): the same record,
   typedef, parameters or length.  */
static bool variant_shares_main(const Type *t) {
  const Type *m = t->main;
  if (t->kind == TY_FUNC)
    return t->u.func.params == m->u.func.params &&
           t->u.func.nparams == m->u.func.nparams;
  if (kind_has_record(t->kind))
    return t->u.rec == m->u.rec;
  if (t->kind == TY_TYPEDEF)
    return t->u.tdef == m->u.tdef;
  return t->u.array.len == m->u.array.len && t->base == m->base;
}

static void check_types(StateReader *r, uint32_t next_id) {
  for (size_t i = 0; i < r->count[K_TYPE] && !r->error; i++) {
    if (r->type_basic[i])
      continue;
    Type *t = r->types[i];
    if (t->id > next_id)
      fail(r, "type %u is past the last id", t->id);
    else if (!t->main || t->main->id > t->id || t->main->main != t->main ||
             t->main->kind != t->kind)
      fail(r, "type %u has a bad main variant", t->id);
    else if (t->base ? t->base->id >= t->id : kind_needs_base(t->kind))
      fail(r, "type %u has a bad base type", t->id);
    else if (kind_has_record(t->kind) &&
             (!t->u.rec || t->u.rec->kind != (TypeKind)t->kind))
      fail(r, "type %u has a bad record", t->id);
    else if (kind_has_record(t->kind) && t->kind == TY_ENUM &&
             t->u.rec->complete && !t->u.rec->enum_int)
      fail(r, "enum type %u has no integer type", t->id);
    else if (t->kind == TY_TYPEDEF && (!t->u.tdef || !t->u.tdef->type))
      fail(r, "typedef type %u has no declaration", t->id);
    else if (t->main != t && !variant_shares_main(t))
      fail(r, "variant %u describes another type than its main", t->id);
    else if (t->main == t && (t->quals || t->tags))
      fail(r, "main variant %u is qualified or tagged", t->id);
    else if (t->kind == TY_ARRAY && t->quals)
      fail(r, "array type %u is qualified (sema qualifies the elements)", t->id);
    else if (t->ptr_to && (t->ptr_to->kind != TY_PTR || t->ptr_to->base != t))
      fail(r, "type %u has a bad pointer cache", t->id);
  }
}

static void check_decls(StateReader *r) {
  for (size_t i = 0; i < r->count[K_DECL] && !r->error; i++) {
    Decl *d = &r->decls[i];
    bool typed = d->kind == DECL_VAR || d->kind == DECL_FUNC ||
                 d->kind == DECL_TYPEDEF || d->kind == DECL_ENUM_CONST;
    if (typed && (!d->type || !d->name))
      fail(r, "declaration %zu has no type or no name", i + 1);
    else if (!d->first || d->first->first != d->first || d->first->kind != d->kind ||
             (d->prev && d->prev->kind != d->kind))
      fail(r, "declaration %zu has a bad first declaration", i + 1);
    else if (d->kind == DECL_TAG && (!d->rec || !d->tag_type))
      fail(r, "tag declaration %zu has no type", i + 1);
    else if (d->kind == DECL_FUNC && d->type && d->type->main->kind != TY_FUNC &&
             type_kind(d->type) != TY_FUNC)
      fail(r, "function declaration %zu has no function type", i + 1);
  }
  for (size_t i = 0; i < r->count[K_TAG] && !r->error; i++)
    if (!r->tags[i].value)
      fail(r, "btf tag %zu has no value", i + 1);
}

/* The struct or union a value of type T holds in itself (through
   typedefs, arrays, vectors, complex), or NULL.  */
static const Record *held_record(const Type *t) {
  while (t && (t->kind == TY_TYPEDEF || t->kind == TY_ARRAY ||
               t->kind == TY_VECTOR || t->kind == TY_COMPLEX))
    t = t->base;
  return t && (t->kind == TY_STRUCT || t->kind == TY_UNION) ? t->u.rec : NULL;
}

/* The index of fresh record REC, or SIZE_MAX (a builtin's, or none).  */
static size_t record_index(const StateReader *r, const Record *rec) {
  if (!rec || rec < r->records || rec >= r->records + r->count[K_RECORD])
    return SIZE_MAX;
  return (size_t)(rec - r->records);
}

/* No record holds itself by value, and none nests deeper than sema
   allows (MAX_TYPE_DEPTH): the emitters recurse through members.  An
   explicit stack, so that a hostile file cannot exhaust this one.  */
static void check_record_nesting(StateReader *r) {
  size_t n = r->count[K_RECORD];
  uint8_t *state = xcalloc(n + 1, 1);  /* 0 new, 1 on the stack, 2 done */
  uint32_t *depth = xcalloc(n + 1, sizeof *depth);
  size_t *stack = xcalloc(n + 1, sizeof *stack);
  int *next_member = xcalloc(n + 1, sizeof *next_member);
  for (size_t root = 0; root < n && !r->error; root++) {
    if (state[root])
      continue;
    size_t top = 0;
    stack[top++] = root;
    state[root] = 1;
    while (top && !r->error) {
      size_t i = stack[top - 1];
      const Record *rec = &r->records[i];
      if (next_member[i] < rec->nmembers) {
        size_t j = record_index(r, held_record(rec->members[next_member[i]++].type));
        if (j == SIZE_MAX)
          continue;
        if (state[j] == 1)
          fail(r, "record %zu holds itself", j + 1);
        else if (state[j] == 0) {
          state[j] = 1;
          stack[top++] = j;
        } else if (depth[j] + 1 > depth[i]) {
          depth[i] = depth[j] + 1;
        }
        continue;
      }
      state[i] = 2;
      if (depth[i] > MAX_TYPE_DEPTH)
        fail(r, "record %zu nests too deep", i + 1);
      top--;
      if (top && depth[i] + 1 > depth[stack[top - 1]])
        depth[stack[top - 1]] = depth[i] + 1;
    }
  }
  free(state);
  free(depth);
  free(stack);
  free(next_member);
}

/* Lists of decls go into a VEC the caller owns: refs read first into a
   scratch array so that a failure leaves the caller's unchanged.  */
static Decl **read_decl_list(StateReader *r, size_t *n) {
  *n = get_count(r, 1, "a declaration count");
  Decl **list = xcalloc(*n + 1, sizeof *list);
  for (size_t i = 0; i < *n && !r->error; i++)
    if (!(list[i] = get_decl(r)))
      fail(r, "a null declaration in the list");
  return list;
}

static Type **read_type_list(StateReader *r, size_t *n) {
  *n = get_count(r, 1, "a type count");
  Type **list = xcalloc(*n + 1, sizeof *list);
  for (size_t i = 0; i < *n && !r->error; i++)
    if (!(list[i] = get_type(r)))
      fail(r, "a null type in the list");
  return list;
}

/* The derived-type table and pointer caches see the fresh types as if
   sema had made them; the basic types' lists take the fresh variants.  */
static void commit_basic_links(StateReader *r, Type **nv, Type **pt) {
  for (size_t i = 0; i < r->count[K_TYPE]; i++)
    if (r->type_basic[i]) {
      r->types[i]->next_variant = nv[i];
      r->types[i]->ptr_to = pt[i];
    }
}


/* Every table, in file order, into fresh objects; NV and PT receive the
   basic types' variant lists and pointer caches.  */
static void read_tables(StateReader *r, Type ***nv, Type ***pt) {
  static const char *const names[K__COUNT] = {
      "the type count", "the record count", "the declaration count",
      "the tag count", "the attribute count", "the parameter-array count"};
  for (int k = 0; k < K__COUNT; k++)
    r->count[k] = get_count(r, 2, names[k]);
  if (r->error)
    return;
  size_t nt = r->count[K_TYPE];
  r->types = NEW_ARRAY(Type *, nt + 1);
  r->fresh = NEW_ARRAY(Type, nt + 1);
  r->type_basic = NEW_ARRAY(bool, nt + 1);
  *nv = NEW_ARRAY(Type *, nt + 1);
  *pt = NEW_ARRAY(Type *, nt + 1);
  r->records = NEW_ARRAY(Record, r->count[K_RECORD] + 1);
  r->decls = NEW_ARRAY(Decl, r->count[K_DECL] + 1);
  r->tags = NEW_ARRAY(BtfTag, r->count[K_TAG] + 1);
  r->attrs = NEW_ARRAY(Attr, r->count[K_ATTR] + 1);
  r->params = NEW_ARRAY(Param *, r->count[K_PARAMS] + 1);
  r->param_counts = NEW_ARRAY(int, r->count[K_PARAMS] + 1);
  for (size_t i = 0; i < r->count[K_PARAMS] && !r->error; i++) {
    size_t n = get_count(r, 5, "a parameter count");
    if (n == 0)
      fail(r, "an empty parameter array");
    r->param_counts[i] = (int)n;
    r->params[i] = NEW_ARRAY(Param, n);
  }
  uint32_t prev_id = 0;
  for (size_t i = 0; i < nt && !r->error; i++)
    read_type_head(r, i, &prev_id);
  for (size_t i = 0; i < nt && !r->error; i++)
    fill_type(r, i, *nv, *pt);
  for (size_t i = 0; i < r->count[K_RECORD] && !r->error; i++)
    read_record(r, &r->records[i]);
  for (size_t i = 0; i < r->count[K_DECL] && !r->error; i++)
    read_decl(r, &r->decls[i]);
  for (size_t i = 0; i < r->count[K_TAG] && !r->error; i++) {
    BtfTag *g = &r->tags[i];
    g->next = get_tag(r);
    uint32_t len;
    const char *value = get_bytes(r, &len);
    g->value = value ? intern(value, len)->name : NULL;
    g->loc = get_loc(r);
  }
  for (size_t i = 0; i < r->count[K_ATTR] && !r->error; i++)
    read_attr(r, &r->attrs[i]);
  for (size_t i = 0; i < r->count[K_PARAMS] && !r->error; i++)
    read_params(r, i);
}

/* Whether every chain through NEXT (an index, or SIZE_MAX at the end)
   ends, in time linear in N: STATE marks nodes on the current walk (1)
   and nodes known to end (2).  */
static bool chains_end(StateReader *r, size_t n,
                       size_t (*next)(const StateReader *, size_t)) {
  uint8_t *state = xcalloc(n + 1, 1);
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    size_t j = i;
    while (j != SIZE_MAX && state[j] == 0) {
      state[j] = 1;
      j = next(r, j);
    }
    if (j != SIZE_MAX && state[j] == 1)
      ok = false;
    for (size_t k = i; k != SIZE_MAX && state[k] == 1; k = next(r, k))
      state[k] = 2;
  }
  free(state);
  return ok;
}

static size_t next_tag(const StateReader *r, size_t i) {
  return r->tags[i].next ? (size_t)(r->tags[i].next - r->tags) : SIZE_MAX;
}
static size_t next_attr(const StateReader *r, size_t i) {
  return r->attrs[i].next ? (size_t)(r->attrs[i].next - r->attrs) : SIZE_MAX;
}
static size_t prev_decl(const StateReader *r, size_t i) {
  return r->decls[i].prev ? (size_t)(r->decls[i].prev - r->decls) : SIZE_MAX;
}
/* A fresh type's next variant (basic types are never in a list).  */
static size_t next_variant(const StateReader *r, size_t i) {
  const Type *v = r->type_basic[i] ? NULL : r->fresh[i].next_variant;
  return v ? (size_t)(v - r->fresh) : SIZE_MAX;
}

/* Lists that loop would hang every walker.  */
static void check_chains(StateReader *r, Type **nv) {
  size_t nt = r->count[K_TYPE];
  for (size_t i = 0; i < nt && !r->error; i++) {
    Type *v = r->type_basic[i] ? nv[i] : r->fresh[i].next_variant;
    if (v && is_basic(v))
      fail(r, "a basic type in a variant list");
  }
  if (r->error)
    return;
  if (!chains_end(r, r->count[K_TAG], next_tag))
    fail(r, "a btf tag list loops");
  else if (!chains_end(r, r->count[K_ATTR], next_attr))
    fail(r, "an attribute list loops");
  else if (!chains_end(r, r->count[K_DECL], prev_decl))
    fail(r, "a redeclaration chain loops");
  else if (!chains_end(r, nt, next_variant))
    fail(r, "a variant list loops");
}

bool pch_state_read(const void *data, size_t len, TransUnit *tu,
                    Scopes *scopes, PchStateFrame *frame, char *err,
                    size_t err_len) {
  StateReader r = {.p = data, .end = (const uint8_t *)data + len,
                   .err = err, .err_len = err_len,
                   .max_file = srcfile_count(),
                   .max_xp = ctx_current->diag.nxp};
  if (err_len)
    err[0] = 0;
  if (len < sizeof state_magic || memcmp(data, state_magic, sizeof state_magic)) {
    fail(&r, "not a btfcc sema state");
    return false;
  }
  r.p += sizeof state_magic;
  r.builtins = builtin_types();
  bool header_numbering = get_bounded(&r, 1, "the numbering");
  if (!r.error && header_numbering != (frame->header_file != 0))
    fail(&r, header_numbering ? "a header's state read as a unit's"
                              : "a unit's state read as a header's");
  uint32_t decl_order = (uint32_t)get_bounded(&r, UINT32_MAX, "the declaration count");
  read_idents(&r);
  uint32_t next_id = (uint32_t)get_bounded(&r, UINT32_MAX, "the next type id");
  if (header_numbering && !r.error) {
    r.header_file = frame->header_file;
    read_places(&r);
  }
  Type **nv = NULL, **pt = NULL;
  read_tables(&r, &nv, &pt);
  size_t ndecls = 0, ninit = 0, nord = 0, ntag = 0;
  Decl **decls = read_decl_list(&r, &ndecls);
  Type **inits = read_type_list(&r, &ninit);
  nord = get_count(&r, 2, "the binding count");
  Ident **ord_names = xcalloc(nord + 1, sizeof *ord_names);
  Decl **ord_decls = xcalloc(nord + 1, sizeof *ord_decls);
  for (size_t i = 0; i < nord && !r.error; i++) {
    ord_names[i] = get_ident(&r);
    ord_decls[i] = get_decl(&r);
    if (!ord_names[i] || !ord_decls[i])
      fail(&r, "an empty binding");
  }
  ntag = get_count(&r, 2, "the tag binding count");
  Ident **tag_names = xcalloc(ntag + 1, sizeof *tag_names);
  Type **tag_types = xcalloc(ntag + 1, sizeof *tag_types);
  for (size_t i = 0; i < ntag && !r.error; i++) {
    tag_names[i] = get_ident(&r);
    tag_types[i] = get_type(&r);
    if (!tag_names[i] || !tag_types[i])
      fail(&r, "an empty tag binding");
  }
  if (!r.error && r.p != r.end)
    fail(&r, "%zu bytes after the state", (size_t)(r.end - r.p));
  if (!r.error)
    check_types(&r, next_id);
  if (!r.error)
    check_decls(&r);
  if (!r.error)
    check_chains(&r, nv);
  if (!r.error)
    check_record_nesting(&r);
  bool ok = !r.error;
  if (ok) {
    commit_basic_links(&r, nv, pt);
    for (size_t i = 0; i < r.count[K_TYPE]; i++)
      if (!r.type_basic[i])
        type_enter_derived(r.types[i]);
    SemaTypes *ts = ctx_current->types;
    if (ts->next_id < next_id)
      ts->next_id = next_id;
    tu->state_first = tu->decls.len;
    for (size_t i = 0; i < ndecls; i++)
      vec_push_perm(&tu->decls, decls[i]);
    tu->state_end = tu->decls.len;
    tu->state_types = r.types;
    tu->n_state_types = r.count[K_TYPE];
    tu->state_tagged = r.count[K_TAG] > 0;
    for (size_t i = 0; i < ninit; i++)
      vec_push_perm(&tu->init_types, inits[i]);
    for (size_t i = 0; scopes && i < nord; i++)
      scope_bind_ordinary(scopes, ord_names[i], ord_decls[i]);
    for (size_t i = 0; scopes && i < ntag; i++)
      scope_bind_tag(scopes, tag_names[i], tag_types[i]);
  }
  free(decls);
  free(inits);
  free(ord_names);
  free(ord_decls);
  free(tag_names);
  free(tag_types);
  free(r.xp_ids);
  if (ok)
    frame->decl_order = decl_order;
  return ok;
}
