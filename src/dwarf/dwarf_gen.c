/* DWARF from the debug model, laid out as GCC lays it out:

   1. Build the DIE tree: the compile unit, then every top-level DIE of
      the model in its order, with members, enumerators, subranges and
      parameters as children; annotated DIEs get DW_AT_GNU_annotation.
   2. Choose string forms (GCC: inline up to 3 characters, else a
      reference into .debug_str), add DW_AT_sibling to DIEs with children
      that have a next sibling.
   3. Share abbreviations; for DWARF 5 number them by use count and turn
      attributes whose value is the same in every DIE of an abbreviation
      into DW_FORM_implicit_const.
   4. Compute offsets, then write the sections with GCC's -dA comments.  */
#include "dwarf_gen.h"

#include "dwarf_consts.h"

#include <string.h>

typedef struct ODie ODie;

/* What an attribute's value is; the form is chosen from it.  */
typedef enum {
  AV_UNSIGNED, /* constant: data1/2/4/8 by size (or implicit_const) */
  AV_SIGNED,   /* negative constant: sdata */
  AV_STRING,   /* string, strp or line_strp */
  AV_REF,      /* another DIE of the unit: ref4 */
  AV_FLAG,     /* flag_present */
  AV_LABEL,    /* offset of a label in another section: sec_offset */
  AV_FILE,     /* a file number (constant, commented with the name) */
} ValueKind;

typedef struct StrEntry {
  const char *text;
  uint32_t label;    /* .LASF<label> */
  bool line_str;     /* in .debug_line_str */
  bool used;
} StrEntry;

typedef struct OAttr {
  uint16_t at;
  uint16_t form;
  uint8_t kind;       /* ValueKind */
  uint64_t value;     /* constants, file numbers */
  const char *str;    /* AV_STRING text, AV_LABEL name */
  StrEntry *entry;    /* pooled string for strp / line_strp */
  ODie *ref;          /* AV_REF */
} OAttr;

enum { MAX_ATTRS = 16 };

typedef struct Abbrev {
  uint16_t tag;
  bool children;
  uint8_t nattrs;
  uint16_t at[MAX_ATTRS];
  uint16_t form[MAX_ATTRS];
  uint64_t implicit[MAX_ATTRS];
  uint32_t uses;
  uint32_t first_use;
  uint32_t code;
  ODie *first_die;
} Abbrev;

struct ODie {
  uint16_t tag;
  uint8_t nattrs;
  OAttr attrs[MAX_ATTRS];
  ODie *parent, *first, *last, *next;
  ODie *next_same_abbrev;
  uint32_t offset;
  Abbrev *abbrev;
};

typedef struct FileEntry {
  const char *name;
  uint32_t dir;
} FileEntry;

typedef struct Gen {
  const DebugOptions *opts;
  int version;
  ODie *cu;
  VEC(StrEntry *) strs;      /* in first-use order */
  VEC(Abbrev *) abbrevs;
  VEC(FileEntry) files;      /* DWARF file numbers from 1 */
  VEC(const char *) dirs;    /* index 0: the compilation directory */
  uint32_t next_label;
  uint32_t die_count;
} Gen;

/* --- Building the tree --- */

static ODie *odie(Gen *g, uint16_t tag, ODie *parent) {
  ODie *d = NEW(ODie);
  d->tag = tag;
  d->parent = parent;
  if (parent) {
    if (parent->last)
      parent->last->next = d;
    else
      parent->first = d;
    parent->last = d;
  }
  g->die_count++;
  return d;
}

static OAttr *add_attr(ODie *d, uint16_t at, ValueKind kind) {
  if (d->nattrs >= MAX_ATTRS)
    fatal("internal error: too many DWARF attributes on one DIE");
  OAttr *a = &d->attrs[d->nattrs++];
  memset(a, 0, sizeof *a);
  a->at = at;
  a->kind = (uint8_t)kind;
  return a;
}

static void add_const(ODie *d, uint16_t at, int64_t v) {
  OAttr *a = add_attr(d, at, v < 0 ? AV_SIGNED : AV_UNSIGNED);
  a->value = (uint64_t)v;
}

static void add_string(ODie *d, uint16_t at, const char *s) {
  add_attr(d, at, AV_STRING)->str = s;
}

static void add_flag(ODie *d, uint16_t at) { add_attr(d, at, AV_FLAG); }

static OAttr *add_ref(ODie *d, uint16_t at, ODie *to) {
  if (!to)
    return NULL;
  OAttr *a = add_attr(d, at, AV_REF);
  a->ref = to;
  return a;
}

/* DWARF file number of a source file name (1 = the main file).  */
static uint32_t file_number(Gen *g, const char *name) {
  for (size_t i = 0; i < g->files.len; i++)
    if (strcmp(g->files.data[i].name, name) == 0)
      return (uint32_t)i + 1;
  FileEntry f = {name, 0};
  /* Files outside the compilation directory get their own directory.  */
  const char *slash = strrchr(name, '/');
  if (slash && name[0] == '/') {
    size_t n = (size_t)(slash - name);
    for (size_t i = 1; i < g->dirs.len && !f.dir; i++)
      if (strlen(g->dirs.data[i]) == n && !strncmp(g->dirs.data[i], name, n))
        f.dir = (uint32_t)i;
    if (!f.dir) {
      vec_push(&g->dirs, arena_strndup(&perm, name, n));
      f.dir = (uint32_t)g->dirs.len - 1;
    }
  }
  vec_push(&g->files, f);
  return (uint32_t)g->files.len;
}

static void add_decl_loc(Gen *g, ODie *d, SrcLoc loc) {
  if (!loc.file)
    return;
  OAttr *a = add_attr(d, DW_AT_decl_file, AV_FILE);
  a->value = file_number(g, srcloc_file(loc));
  add_const(d, DW_AT_decl_line, srcloc_line(loc));
  if (!g->opts->no_column_info)
    add_const(d, DW_AT_decl_column, loc.col);
}

static ODie *die_of(Gen *g, Die *d);

static void add_type(Gen *g, ODie *od, Die *type) {
  add_ref(od, DW_AT_type, die_of(g, type));
}

static void add_annotation(Gen *g, ODie *od, Die *annot) {
  add_ref(od, DW_AT_GNU_annotation, die_of(g, annot));
}

static uint16_t tag_of(const Die *d) {
  switch (d->kind) {
  case DIE_BASE: return DW_TAG_base_type;
  case DIE_POINTER: return DW_TAG_pointer_type;
  case DIE_CONST: return DW_TAG_const_type;
  case DIE_VOLATILE: return DW_TAG_volatile_type;
  case DIE_RESTRICT: return DW_TAG_restrict_type;
  case DIE_ATOMIC: return DW_TAG_atomic_type;
  case DIE_TYPEDEF: return DW_TAG_typedef;
  case DIE_STRUCT: return DW_TAG_structure_type;
  case DIE_UNION: return DW_TAG_union_type;
  case DIE_ENUM: return DW_TAG_enumeration_type;
  case DIE_ARRAY: case DIE_VECTOR: return DW_TAG_array_type;
  case DIE_SUBROUTINE: return DW_TAG_subroutine_type;
  case DIE_VARIABLE: return DW_TAG_variable;
  case DIE_SUBPROGRAM: return DW_TAG_subprogram;
  case DIE_ANNOTATION: return DW_TAG_GNU_annotation;
  }
  return 0;
}

/* A member: name, location, type, and where it sits.  */
static void fill_member(Gen *g, ODie *m, const DieMember *dm) {
  if (dm->name)
    add_string(m, DW_AT_name, dm->name);
  add_decl_loc(g, m, dm->loc);
  add_type(g, m, dm->type);
  if (!dm->bit_size) {
    add_const(m, DW_AT_data_member_location, dm->bit_offset / 8);
  } else if (g->version >= 5) {
    add_const(m, DW_AT_bit_size, dm->bit_size);
    add_const(m, DW_AT_data_bit_offset, dm->bit_offset);
  } else {
    /* DWARF 4: the storage unit of the declared type, and the field's
       offset from the unit's most significant bit.  */
    int64_t unit = dm->type ? dm->type->size : 4;
    Die *t = dm->type;
    while (t && t->kind != DIE_BASE && t->kind != DIE_ENUM && t->type)
      t = t->type;
    if (t && t->size > 0)
      unit = t->size;
    int64_t ubits = unit * 8;
    int64_t start = dm->bit_offset / ubits * ubits;
    if (dm->bit_offset + dm->bit_size > start + ubits)
      start = dm->bit_offset / 8 * 8; /* straddles: GCC moves the unit */
    add_const(m, DW_AT_byte_size, unit);
    add_const(m, DW_AT_bit_size, dm->bit_size);
    add_const(m, DW_AT_bit_offset,
              ubits - (dm->bit_offset - start) - dm->bit_size);
    add_const(m, DW_AT_data_member_location, start / 8);
  }
  add_annotation(g, m, dm->annot);
}

static void fill_params(Gen *g, ODie *od, const Die *d) {
  for (int i = 0; i < d->nparams; i++) {
    const DieParam *p = &d->params[i];
    ODie *pd = odie(g, DW_TAG_formal_parameter, od);
    if (p->name) {
      add_string(pd, DW_AT_name, p->name);
      add_decl_loc(g, pd, p->loc);
    }
    add_type(g, pd, p->type);
    add_annotation(g, pd, p->annot);
  }
  if (d->variadic)
    odie(g, DW_TAG_unspecified_parameters, od);
}

/* The attributes and children of the DIE for model DIE D.  */
static void fill(Gen *g, ODie *od, Die *d) {
  switch (d->kind) {
  case DIE_BASE:
    add_const(od, DW_AT_byte_size, d->size);
    add_const(od, DW_AT_encoding, d->encoding);
    add_string(od, DW_AT_name, d->name);
    break;
  case DIE_POINTER:
    add_const(od, DW_AT_byte_size, 8);
    add_type(g, od, d->type);
    break;
  case DIE_CONST: case DIE_VOLATILE: case DIE_RESTRICT: case DIE_ATOMIC:
    add_type(g, od, d->type);
    break;
  case DIE_TYPEDEF:
    add_string(od, DW_AT_name, d->name);
    add_decl_loc(g, od, d->loc);
    add_type(g, od, d->type);
    break;
  case DIE_STRUCT:
  case DIE_UNION:
    if (d->name)
      add_string(od, DW_AT_name, d->name);
    if (d->declaration) {
      add_flag(od, DW_AT_declaration);
      break;
    }
    add_const(od, DW_AT_byte_size, d->size);
    add_decl_loc(g, od, d->loc);
    for (int i = 0; i < d->nmembers; i++)
      fill_member(g, odie(g, DW_TAG_member, od), &d->members[i]);
    break;
  case DIE_ENUM:
    if (d->name)
      add_string(od, DW_AT_name, d->name);
    if (d->declaration) {
      add_flag(od, DW_AT_declaration);
      break;
    }
    add_const(od, DW_AT_encoding, d->encoding);
    add_const(od, DW_AT_byte_size, d->size);
    add_type(g, od, d->type);
    add_decl_loc(g, od, d->loc);
    for (int i = 0; i < d->nenums; i++) {
      ODie *e = odie(g, DW_TAG_enumerator, od);
      add_string(e, DW_AT_name, d->enums[i].name);
      add_const(e, DW_AT_const_value, d->enums[i].value);
    }
    break;
  case DIE_ARRAY:
  case DIE_VECTOR:
    if (d->kind == DIE_VECTOR)
      add_flag(od, DW_AT_GNU_vector);
    add_type(g, od, d->type);
    for (int i = 0; i < d->ndims; i++) {
      ODie *r = odie(g, DW_TAG_subrange_type, od);
      add_type(g, r, d->index_type);
      if (d->dims[i] > 0)
        add_const(r, DW_AT_upper_bound, d->dims[i] - 1);
      else if (d->dims[i] == 0)
        add_const(r, DW_AT_count, 0);
    }
    break;
  case DIE_SUBROUTINE:
    if (d->prototyped)
      add_flag(od, DW_AT_prototyped);
    add_type(g, od, d->type);
    fill_params(g, od, d);
    break;
  case DIE_VARIABLE:
    add_string(od, DW_AT_name, d->name);
    add_decl_loc(g, od, d->loc);
    add_type(g, od, d->type);
    if (d->external)
      add_flag(od, DW_AT_external);
    if (d->is_extern)
      add_flag(od, DW_AT_declaration);
    break;
  case DIE_SUBPROGRAM:
    if (d->external)
      add_flag(od, DW_AT_external);
    add_string(od, DW_AT_name, d->name);
    add_decl_loc(g, od, d->loc);
    if (d->prototyped)
      add_flag(od, DW_AT_prototyped);
    add_type(g, od, d->type);
    if (d->is_extern)
      add_flag(od, DW_AT_declaration);
    fill_params(g, od, d);
    break;
  case DIE_ANNOTATION:
    add_string(od, DW_AT_name, d->annot_name);
    add_string(od, DW_AT_const_value, d->annot_value);
    add_annotation(g, od, d->annot);
    return;
  }
  add_annotation(g, od, d->annot);
}

/* The output DIE of model DIE D (NULL for void), made on first use; its
   place among the unit's children is fixed by make_unit's order.  */
static ODie *die_of(Gen *g, Die *d) {
  if (!d)
    return NULL;
  if (!d->dwarf)
    d->dwarf = odie(g, tag_of(d), NULL);
  return d->dwarf;
}

static void make_unit(Gen *g, DebugUnit *u) {
  ODie *cu = g->cu = odie(g, DW_TAG_compile_unit, NULL);
  add_string(cu, DW_AT_producer, "btfcc " BTFCC_VERSION);
  add_const(cu, DW_AT_language,
            lang.std >= 11 ? DW_LANG_C11 : lang.std >= 99 ? DW_LANG_C99
                                                           : DW_LANG_C89);
  add_string(cu, DW_AT_name, u->main_file ? u->main_file : "<stdin>");
  add_string(cu, DW_AT_comp_dir, g->dirs.data[0]);
  OAttr *sl = add_attr(cu, DW_AT_stmt_list, AV_LABEL);
  sl->str = ".Ldebug_line0";
  (void)file_number(g, u->main_file ? u->main_file : "<stdin>");
  /* Children in the model's order; DIEs referenced before their place
     exist already and are linked in now.  */
  for (Die *d = u->first; d; d = d->list_next) {
    ODie *od = die_of(g, d);
    od->parent = cu;
    if (cu->last)
      cu->last->next = od;
    else
      cu->first = od;
    cu->last = od;
    fill(g, od, d);
  }
}

/* Local DIEs (types of block-scope declarations) are referenced but not
   in the unit's list: give them a home under the unit so every reference
   resolves.  */
static void adopt_orphans(Gen *g, ODie *d) {
  for (ODie *c = d->first; c; c = c->next) {
    for (int i = 0; i < c->nattrs; i++) {
      ODie *r = c->attrs[i].ref;
      if (r && !r->parent && r != g->cu) {
        r->parent = g->cu;
        g->cu->last->next = r;
        g->cu->last = r;
      }
    }
    adopt_orphans(g, c);
  }
}

/* --- Forms --- */

static StrEntry *pool(Gen *g, const char *s, bool line_str) {
  for (size_t i = 0; i < g->strs.len; i++) {
    StrEntry *e = g->strs.data[i];
    if (e->line_str == line_str && strcmp(e->text, s) == 0)
      return e;
  }
  StrEntry *e = NEW(StrEntry);
  e->text = s;
  e->line_str = line_str;
  e->label = g->next_label++;
  vec_push(&g->strs, e);
  return e;
}

static uint16_t const_form(uint64_t v) {
  return v <= 0xff ? DW_FORM_data1 : v <= 0xffff ? DW_FORM_data2
         : v <= 0xffffffffu ? DW_FORM_data4 : DW_FORM_data8;
}

/* Strings of up to three characters stay inline; longer ones go to
   .debug_str (GCC's rule for a mergeable string section).  */
static void choose_forms(Gen *g, ODie *d) {
  for (int i = 0; i < d->nattrs; i++) {
    OAttr *a = &d->attrs[i];
    switch (a->kind) {
    case AV_UNSIGNED:
    case AV_FILE:
      a->form = const_form(a->value);
      break;
    case AV_SIGNED:
      a->form = DW_FORM_sdata;
      break;
    case AV_STRING: {
      bool unit_name = d->tag == DW_TAG_compile_unit &&
                       (a->at == DW_AT_name || a->at == DW_AT_comp_dir);
      if (unit_name && g->version >= 5) {
        a->form = DW_FORM_line_strp;
        a->entry = pool(g, a->str, true);
      } else if (strlen(a->str) + 1 <= 4 && !unit_name &&
                 a->at != DW_AT_producer) {
        a->form = DW_FORM_string;
      } else {
        a->form = DW_FORM_strp;
        a->entry = pool(g, a->str, false);
      }
      break;
    }
    case AV_REF:
      a->form = DW_FORM_ref4;
      break;
    case AV_FLAG:
      a->form = DW_FORM_flag_present;
      break;
    case AV_LABEL:
      a->form = DW_FORM_sec_offset;
      break;
    }
  }
  for (ODie *c = d->first; c; c = c->next)
    choose_forms(g, c);
}

/* DW_AT_sibling on every DIE with children that has a next sibling.  */
static void add_siblings(ODie *d) {
  for (ODie *c = d->first; c; c = c->next) {
    if (c->first && c->next)
      add_ref(c, DW_AT_sibling, c->next)->form = DW_FORM_ref4;
    add_siblings(c);
  }
}

/* --- Abbreviations --- */

static bool abbrev_matches(const Abbrev *a, const ODie *d) {
  if (a->tag != d->tag || a->children != (d->first != NULL) ||
      a->nattrs != d->nattrs)
    return false;
  for (int i = 0; i < d->nattrs; i++)
    if (a->at[i] != d->attrs[i].at || a->form[i] != d->attrs[i].form)
      return false;
  return true;
}

static void assign_abbrevs(Gen *g, ODie *d, uint32_t *order) {
  Abbrev *a = NULL;
  for (size_t i = 0; i < g->abbrevs.len && !a; i++)
    if (abbrev_matches(g->abbrevs.data[i], d))
      a = g->abbrevs.data[i];
  if (!a) {
    a = NEW(Abbrev);
    a->tag = d->tag;
    a->children = d->first != NULL;
    a->nattrs = d->nattrs;
    for (int i = 0; i < d->nattrs; i++) {
      a->at[i] = d->attrs[i].at;
      a->form[i] = d->attrs[i].form;
    }
    a->first_use = (*order)++;
    vec_push(&g->abbrevs, a);
  }
  a->uses++;
  d->abbrev = a;
  d->next_same_abbrev = a->first_die;
  a->first_die = d;
  for (ODie *c = d->first; c; c = c->next)
    assign_abbrevs(g, c, order);
}

static bool is_constant_form(uint16_t f) {
  return f == DW_FORM_data1 || f == DW_FORM_data2 || f == DW_FORM_data4 ||
         f == DW_FORM_data8 || f == DW_FORM_sdata;
}

/* DWARF 5: a constant that every DIE of an abbreviation shares moves
   into the abbreviation (DW_FORM_implicit_const).  */
static void use_implicit_const(Gen *g) {
  for (size_t i = 0; i < g->abbrevs.len; i++) {
    Abbrev *a = g->abbrevs.data[i];
    if (a->uses < 2)
      continue;
    for (int k = 0; k < a->nattrs; k++) {
      if (!is_constant_form(a->form[k]))
        continue;
      uint64_t v = a->first_die->attrs[k].value;
      bool same = true;
      for (ODie *d = a->first_die; d && same; d = d->next_same_abbrev)
        same = d->attrs[k].value == v;
      if (!same)
        continue;
      a->form[k] = DW_FORM_implicit_const;
      a->implicit[k] = v;
      for (ODie *d = a->first_die; d; d = d->next_same_abbrev)
        d->attrs[k].form = DW_FORM_implicit_const;
    }
  }
}

static int abbrev_order(const void *pa, const void *pb) {
  const Abbrev *a = *(Abbrev *const *)pa, *b = *(Abbrev *const *)pb;
  if (a->uses != b->uses)
    return a->uses > b->uses ? -1 : 1;
  return a->first_use < b->first_use ? -1 : a->first_use > b->first_use;
}

static void number_abbrevs(Gen *g) {
  if (g->version >= 5)
    qsort(g->abbrevs.data, g->abbrevs.len, sizeof(Abbrev *), abbrev_order);
  for (size_t i = 0; i < g->abbrevs.len; i++)
    g->abbrevs.data[i]->code = (uint32_t)i + 1;
}

/* --- Layout --- */

static uint32_t uleb_size(uint64_t v) {
  uint32_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    n++;
  }
  return n;
}

static uint32_t sleb_size(int64_t v) {
  uint32_t n = 1;
  for (;;) {
    uint8_t byte = (uint8_t)(v & 0x7f);
    v >>= 7;
    if ((v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40)))
      return n;
    n++;
  }
}

static uint32_t attr_size(const OAttr *a) {
  switch (a->form) {
  case DW_FORM_data1: return 1;
  case DW_FORM_data2: return 2;
  case DW_FORM_data4: case DW_FORM_strp: case DW_FORM_line_strp:
  case DW_FORM_ref4: case DW_FORM_sec_offset: return 4;
  case DW_FORM_data8: return 8;
  case DW_FORM_sdata: return sleb_size((int64_t)a->value);
  case DW_FORM_udata: return uleb_size(a->value);
  case DW_FORM_string: return (uint32_t)strlen(a->str) + 1;
  default: return 0; /* flag_present, implicit_const */
  }
}

static uint32_t layout(ODie *d, uint32_t off) {
  d->offset = off;
  off += uleb_size(d->abbrev->code);
  for (int i = 0; i < d->nattrs; i++)
    off += attr_size(&d->attrs[i]);
  if (d->first) {
    for (ODie *c = d->first; c; c = c->next)
      off = layout(c, off);
    off += 1; /* end of children */
  }
  return off;
}

/* --- Writing --- */

static const char *file_name(const Gen *g, uint64_t n) {
  return n >= 1 && n <= g->files.len ? g->files.data[n - 1].name : "?";
}

static void write_attr(Gen *g, Section *s, const OAttr *a) {
  const char *at = dwarf_at_name(a->at);
  bool annotate = s->annotate;
  switch (a->form) {
  case DW_FORM_data1: case DW_FORM_data2: case DW_FORM_data4:
  case DW_FORM_data8: {
    unsigned size = a->form == DW_FORM_data1 ? 1 : a->form == DW_FORM_data2 ? 2
                  : a->form == DW_FORM_data4 ? 4 : 8;
    if (a->kind == AV_FILE)
      sec_dataf(s, size, a->value, "%s (%s)", at, file_name(g, a->value));
    else
      sec_data(s, size, a->value, at);
    break;
  }
  case DW_FORM_sdata:
    sec_sleb(s, (int64_t)a->value, at);
    break;
  case DW_FORM_string:
    sec_string(s, a->str, strlen(a->str), at);
    break;
  case DW_FORM_strp:
  case DW_FORM_line_strp: {
    char label[32], comment[512];
    snprintf(label, sizeof label, ".LASF%u", a->entry->label);
    if (annotate)
      snprintf(comment, sizeof comment, "%s: \"%s\"", at, a->str);
    sec_symref(s, 4, label, 0, annotate ? comment : NULL);
    a->entry->used = true;
    break;
  }
  case DW_FORM_ref4:
    sec_data(s, 4, a->ref->offset, at);
    break;
  case DW_FORM_sec_offset:
    sec_symref(s, 4, a->str, 0, at);
    break;
  case DW_FORM_flag_present:
    sec_commentf(s, "%s", at);
    break;
  case DW_FORM_implicit_const:
    if (a->kind == AV_FILE)
      sec_commentf(s, "%s (%llu, %s)", at, (unsigned long long)a->value,
                   file_name(g, a->value));
    else
      sec_commentf(s, "%s (%#llx)", at, (unsigned long long)a->value);
    break;
  }
}

static void write_die(Gen *g, Section *s, const ODie *d) {
  char comment[96];
  if (s->annotate)
    snprintf(comment, sizeof comment, "(DIE (%#x) %s)", d->offset,
             dwarf_tag_name(d->tag));
  sec_uleb(s, d->abbrev->code, s->annotate ? comment : NULL);
  for (int i = 0; i < d->nattrs; i++)
    write_attr(g, s, &d->attrs[i]);
  if (d->first) {
    for (const ODie *c = d->first; c; c = c->next)
      write_die(g, s, c);
    sec_dataf(s, 1, 0, "end of children of DIE %#x", d->offset);
  }
}

static Section *debug_section(ObjFile *obj, const char *name, bool strings) {
  Section *s = section_new(name, SEC_PROGBITS,
                           strings ? SEC_FLAG_MERGE | SEC_FLAG_STRINGS : 0, 1,
                           false, false);
  vec_push(&obj->sections, s);
  return s;
}

static void write_info(Gen *g, Section *s, uint32_t end) {
  sec_label(s, ".Ldebug_info0");
  sec_data(s, 4, end - 4, "Length of Compilation Unit Info");
  sec_data(s, 2, (uint64_t)g->version, "DWARF version number");
  if (g->version >= 5) {
    sec_data(s, 1, DW_UT_compile, "DW_UT_compile");
    sec_data(s, 1, 8, "Pointer Size (in bytes)");
    sec_symref(s, 4, ".Ldebug_abbrev0", 0, "Offset Into Abbrev. Section");
  } else {
    sec_symref(s, 4, ".Ldebug_abbrev0", 0, "Offset Into Abbrev. Section");
    sec_data(s, 1, 8, "Pointer Size (in bytes)");
  }
  write_die(g, s, g->cu);
}

static int by_code(const void *pa, const void *pb) {
  const Abbrev *a = *(Abbrev *const *)pa, *b = *(Abbrev *const *)pb;
  return (a->code > b->code) - (a->code < b->code);
}

static void write_abbrevs(Gen *g, Section *s) {
  char c[96];
  bool an = s->annotate;
  qsort(g->abbrevs.data, g->abbrevs.len, sizeof(Abbrev *), by_code);
  sec_label(s, ".Ldebug_abbrev0");
  for (size_t i = 0; i < g->abbrevs.len; i++) {
    const Abbrev *a = g->abbrevs.data[i];
    sec_uleb(s, a->code, "(abbrev code)");
    if (an)
      snprintf(c, sizeof c, "(TAG: %s)", dwarf_tag_name(a->tag));
    sec_uleb(s, a->tag, an ? c : NULL);
    sec_data(s, 1, a->children, a->children ? "DW_children_yes" : "DW_children_no");
    for (int k = 0; k < a->nattrs; k++) {
      if (an)
        snprintf(c, sizeof c, "(%s)", dwarf_at_name(a->at[k]));
      sec_uleb(s, a->at[k], an ? c : NULL);
      if (an)
        snprintf(c, sizeof c, "(%s)", dwarf_form_name(a->form[k]));
      sec_uleb(s, a->form[k], an ? c : NULL);
      if (a->form[k] == DW_FORM_implicit_const) {
        if (an && a->at[k] == DW_AT_decl_file)
          snprintf(c, sizeof c, "(%s)", file_name(g, a->implicit[k]));
        sec_sleb(s, (int64_t)a->implicit[k],
                 an && a->at[k] == DW_AT_decl_file ? c : NULL);
      }
    }
    sec_data(s, 1, 0, NULL);
    sec_data(s, 1, 0, NULL);
  }
  sec_data(s, 1, 0, NULL);
}

static void write_strings(Gen *g, Section *str, Section *line_str) {
  for (size_t i = 0; i < g->strs.len; i++) {
    StrEntry *e = g->strs.data[i];
    Section *s = e->line_str ? line_str : str;
    if (!s)
      continue;
    char label[32];
    snprintf(label, sizeof label, ".LASF%u", e->label);
    sec_label(s, label);
    sec_string(s, e->text, strlen(e->text), NULL);
  }
}

/* The line table: a header naming the unit's files, and no rows.  */
static void write_line(Gen *g, Section *s) {
  sec_label(s, ".Ldebug_line0");
  uint32_t start = sec_offset(s);
  sec_data(s, 4, 0, "Length of Source Line Info");
  sec_data(s, 2, (uint64_t)g->version, "DWARF version number");
  if (g->version >= 5) {
    sec_data(s, 1, 8, "Address Size");
    sec_data(s, 1, 0, "Segment Size");
  }
  uint32_t hl = sec_offset(s);
  sec_data(s, 4, 0, "Prolog Length");
  uint32_t hstart = sec_offset(s);
  sec_data(s, 1, 1, "Minimum Instruction Length");
  if (g->version >= 4)
    sec_data(s, 1, 1, "Maximum Operations Per Instruction");
  sec_data(s, 1, 1, "Default is_stmt_start flag");
  sec_data(s, 1, (uint8_t)-5, "Line Base Value (Special Opcodes)");
  sec_data(s, 1, 14, "Line Range Value (Special Opcodes)");
  sec_data(s, 1, 13, "Special Opcode Base");
  static const uint8_t lengths[12] = {0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1};
  for (int i = 0; i < 12; i++)
    sec_dataf(s, 1, lengths[i], "opcode: %#x has %u args", i + 1, lengths[i]);
  if (g->version >= 5) {
    sec_data(s, 1, 1, "Directory entry format count");
    sec_uleb(s, DW_LNCT_path, "DW_LNCT_path");
    sec_uleb(s, DW_FORM_line_strp, "DW_FORM_line_strp");
    sec_uleb(s, g->dirs.len, "Directories count");
    for (size_t i = 0; i < g->dirs.len; i++) {
      StrEntry *e = pool(g, g->dirs.data[i], true);
      char label[32], c[512];
      snprintf(label, sizeof label, ".LASF%u", e->label);
      if (s->annotate)
        snprintf(c, sizeof c, "Directory Entry: %#zx", i);
      sec_symref(s, 4, label, 0, s->annotate ? c : NULL);
    }
    sec_data(s, 1, 2, "File name entry format count");
    sec_uleb(s, DW_LNCT_path, "DW_LNCT_path");
    sec_uleb(s, DW_FORM_line_strp, "DW_FORM_line_strp");
    sec_uleb(s, DW_LNCT_directory_index, "DW_LNCT_directory_index");
    sec_uleb(s, DW_FORM_udata, "DW_FORM_udata");
    /* File 0 is the primary file, then every numbered file.  */
    sec_uleb(s, g->files.len + 1, "File names count");
    for (size_t i = 0; i <= g->files.len; i++) {
      const FileEntry *f = &g->files.data[i ? i - 1 : 0];
      StrEntry *e = pool(g, f->name, true);
      char label[32], c[512];
      snprintf(label, sizeof label, ".LASF%u", e->label);
      if (s->annotate)
        snprintf(c, sizeof c, "File Entry: %#zx", i);
      sec_symref(s, 4, label, 0, s->annotate ? c : NULL);
      sec_uleb(s, f->dir, NULL);
    }
  } else {
    for (size_t i = 1; i < g->dirs.len; i++)
      sec_string(s, g->dirs.data[i], strlen(g->dirs.data[i]), "Directory Entry");
    sec_data(s, 1, 0, "End directory table");
    for (size_t i = 0; i < g->files.len; i++) {
      const FileEntry *f = &g->files.data[i];
      sec_string(s, f->name, strlen(f->name), "File Entry");
      sec_uleb(s, f->dir, NULL);
      sec_uleb(s, 0, NULL);
      sec_uleb(s, 0, NULL);
    }
    sec_data(s, 1, 0, "End file name table");
  }
  uint32_t end = sec_offset(s);
  sec_patch(s, hl, 4, end - hstart);
  sec_patch(s, start, 4, end - start - 4);
}

void dwarf_generate(DebugUnit *unit, const DebugOptions *opts, ObjFile *obj) {
  Gen g = {0};
  g.opts = opts;
  g.version = opts->dwarf_version >= 5 ? 5 : opts->dwarf_version < 2 ? 5
                                                                     : opts->dwarf_version;
  vec_push(&g.dirs, opts->comp_dir ? opts->comp_dir : ".");
  make_unit(&g, unit);
  adopt_orphans(&g, g.cu);
  choose_forms(&g, g.cu);
  add_siblings(g.cu);
  uint32_t order = 0;
  assign_abbrevs(&g, g.cu, &order);
  if (g.version >= 5)
    use_implicit_const(&g);
  number_abbrevs(&g);
  uint32_t header = g.version >= 5 ? 12 : 11;
  uint32_t end = layout(g.cu, header);

  Section *info = debug_section(obj, ".debug_info", false);
  Section *abbrev = debug_section(obj, ".debug_abbrev", false);
  Section *line = debug_section(obj, ".debug_line", false);
  Section *str = debug_section(obj, ".debug_str", true);
  Section *line_str = g.version >= 5 ? debug_section(obj, ".debug_line_str", true) : NULL;
  for (size_t i = 0; i < obj->sections.len; i++) {
    Section *s = obj->sections.data[i];
    if (s == info || s == abbrev || s == line || s == str || s == line_str) {
      s->keep_items = opts->keep_items;
      s->annotate = opts->annotate && opts->keep_items;
    }
  }
  write_info(&g, info, end);
  write_abbrevs(&g, abbrev);
  write_line(&g, line);
  write_strings(&g, str, line_str);
  /* The model's DIEs may be walked again by another emitter.  */
  for (Die *d = unit->first; d; d = d->list_next)
    d->dwarf = NULL;
  vec_free(&g.strs);
  vec_free(&g.abbrevs);
  vec_free(&g.files);
  vec_free(&g.dirs);
}
