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
   4. Compute offsets, then write the sections with GCC's -dA comments.

   With compiled code (BPF: DwarfOptions.code, the records .BTF.ext is
   written from), the unit and each emitted function's subprogram get
   their addresses, relocated through the label of each function's first
   instruction; .debug_aranges and the range list name each code
   section, and the line program has one sequence per code section whose
   rows are the records' lines.  One source of line numbers for both
   formats: what .BTF.ext says, DWARF says.  */
#include "dwarf_gen.h"

#include "dwarf_consts.h"
#include "dwarf_die.h"
#include "type_units.h"

#include <pthread.h>
#include <string.h>

enum { STR_CACHE = 1 << 16 };

struct StrEntry {
  const char *text;
  const char *label_name; /* ".LASF<label>", made when first wanted */
  uint32_t offset;        /* in its string section */
  uint32_t hash;
  uint32_t label;
  bool line_str;     /* in .debug_line_str */
};

/* The string table's slots keep what a probe compares, so that only a
   probable match reads the entry: 61k fresh strings in vmlinux.h, each
   a cache miss per pointer followed.  */
typedef struct StrSlot {
  uint32_t hash;
  uint32_t index; /* into strs, plus one; 0 = empty */
} StrSlot;

typedef struct AddrSlot {
  const char *text;
  StrEntry *entry;
} AddrSlot;

struct Abbrev {
  uint32_t hash;      /* of tag, children, attributes and forms */
  uint16_t tag;
  bool children;
  uint8_t nattrs;
  uint16_t at[MAX_ATTRS];
  uint16_t form[MAX_ATTRS];
  uint64_t implicit[MAX_ATTRS];
  uint32_t uses;
  uint32_t first_use;
  uint32_t code;
  const ODie *first_die;
  uint16_t differs;   /* bit K: DIEs differ in constant attribute K */
  /* For layout: the bytes of every DIE of this abbreviation except its
     variable-size attributes (strings, LEB128), which are listed.  */
  uint32_t fixed_size;
  uint8_t nvariable;
  uint8_t variable[MAX_ATTRS];
};

/* One code section's part of the unit: the label of its first
   instruction and its bytes (from the code generator's records).  */
typedef struct CodeRange {
  const char *section;
  const char *label;
  uint32_t start, size; /* byte offsets in the section */
} CodeRange;

typedef struct FileEntry {
  const char *name;
  uint32_t dir;
} FileEntry;

typedef struct Gen {
  const DwarfOptions *opts;
  int version;
  ODie *cu;
  VEC(StrEntry *) strs;      /* in first-use order */
  StrSlot *str_slots;        /* open addressing over strs, by text */
  AddrSlot *str_cache;       /* pool's cache, by text address (STR_CACHE) */
  size_t str_cap;            /* a power of two, or 0 */
  VEC(Abbrev *) abbrevs;
  ODie **odies;              /* the output DIE of the model's DIE N (id) */
  Abbrev **abbrev_slots;     /* open addressing over abbrevs */
  size_t abbrev_cap;
  VEC(FileEntry) files;      /* DWARF file numbers from 1 */
  VEC(const char *) dirs;    /* index 0: the compilation directory */
  const char *last_file;     /* file_number's one-entry cache */
  uint32_t last_file_number;
  uint32_t last_loc_file;    /* add_decl_loc's: a source-file id, */
  uint32_t last_loc_number;  /* its file number */
  int32_t last_loc_delta;    /* and its presumed-line delta */
  uint32_t next_label;
  uint32_t str_size, line_str_size; /* bytes pooled so far */
  VEC(ODie *) locals;        /* block-scope types, in creation order */
  VEC(CodeRange) ranges;     /* code sections, in order of first function */
} Gen;

/* --- Building the tree --- */

/* DWARF file number of a source file name (1 = the main file).  */
static uint32_t file_number(Gen *g, const char *name) {
  /* DIEs come in runs from one file, and file names are shared
     pointers, so one remembered answer saves nearly every search.  */
  if (name == g->last_file)
    return g->last_file_number;
  g->last_file = name;
  for (size_t i = 0; i < g->files.len; i++)
    if (strcmp(g->files.data[i].name, name) == 0)
      return g->last_file_number = (uint32_t)i + 1;
  FileEntry f = {name, 0};
  /* Files outside the compilation directory get their own directory.  */
  const char *slash = strrchr(name, '/');
  if (slash && name[0] == '/') {
    size_t n = (size_t)(slash - name);
    for (size_t i = 1; i < g->dirs.len && !f.dir; i++)
      if (strlen(g->dirs.data[i]) == n && !strncmp(g->dirs.data[i], name, n))
        f.dir = (uint32_t)i;
    if (!f.dir) {
      vec_push(&g->dirs, arena_strndup(perm, name, n));
      f.dir = (uint32_t)g->dirs.len - 1;
    }
  }
  vec_push(&g->files, f);
  return g->last_file_number = (uint32_t)g->files.len;
}

static void add_decl_loc(Gen *g, ODie *d, SrcLoc loc) {
  if (!loc.file)
    return;
  loc = srcloc_debug_place(loc);
  if (loc.file != g->last_loc_file) {
    const SrcFile *f = srcfile_get(loc.file);
    g->last_loc_file = loc.file;
    g->last_loc_number = file_number(g, f->name);
    g->last_loc_delta = f->line_delta;
  }
  OAttr *a = add_attr(d, DW_AT_decl_file, AV_FILE);
  a->value = g->last_loc_number;
  add_const(d, DW_AT_decl_line, (uint32_t)((int64_t)loc.line + g->last_loc_delta));
  if (!g->opts->no_column_info)
    add_const(d, DW_AT_decl_column, loc.col);
}

/* The location of a declaration that always has one in GCC: without a
   source location it is a target built-in (x86-64's struct
   __va_list_tag and its members), which GCC places at line 0 of
   "<built-in>", without a column.  */
static void add_decl_loc_or_builtin(Gen *g, ODie *d, SrcLoc loc) {
  if (loc.file) {
    add_decl_loc(g, d, loc);
    return;
  }
  OAttr *a = add_attr(d, DW_AT_decl_file, AV_FILE);
  a->value = file_number(g, "<built-in>");
  add_const(d, DW_AT_decl_line, 0);
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
  case DIE_UNSPECIFIED: return DW_TAG_unspecified_type;
  case DIE_SUBROUTINE: return DW_TAG_subroutine_type;
  case DIE_VARIABLE: return DW_TAG_variable;
  case DIE_SUBPROGRAM: return DW_TAG_subprogram;
  case DIE_ANNOTATION: return DW_TAG_GNU_annotation;
  }
  return 0;
}

/* DW_AT_alignment where the source asked for one (0: none).  */
/* DWARF 5's DW_AT_alignment, which GCC also writes in DWARF 4 unless
   strict.  */
static void add_alignment(const Gen *g, ODie *d, uint32_t align) {
  if (align && (g->version >= 5 || !g->opts->strict))
    add_const(d, DW_AT_alignment, align);
}

/* The most attributes fill_member gives DM: members are most DIEs, so
   each gets just the room it needs.  */
static uint8_t member_attr_count(const DieMember *dm) {
  int n = (dm->name ? 4 : 0) + 1;                       /* name, place, type */
  n += !dm->bit_size ? 1 : 4;  /* where it sits: at most the DWARF 4 form */
  n += (dm->user_align != 0) + (dm->annot != NULL);
  return (uint8_t)n;
}

/* A member: name, location, type, and where it sits.  */
static void fill_member(Gen *g, ODie *m, const DieMember *dm, bool in_union) {
  /* An anonymous struct or union member has neither name nor location
     (GCC gives coordinates only with the name).  */
  if (dm->name) {
    add_string(m, DW_AT_name, dm->name);
    add_decl_loc_or_builtin(g, m, dm->loc);
  }
  add_type(g, m, dm->type);
  /* A union member has no location, and a union bit-field keeps the
     DWARF 4 encoding in DWARF 5 too (GCC).  */
  /* DW_AT_alignment goes after the bit-field's size attributes and
     before its place (GCC's gen_field_die).  */
  if (!dm->bit_size) {
    add_alignment(g, m, dm->user_align);
    if (!in_union)
      add_const(m, DW_AT_data_member_location, dm->bit_offset / 8);
  } else if (g->version >= 5 && !in_union) {
    add_const(m, DW_AT_bit_size, dm->bit_size);
    add_alignment(g, m, dm->user_align);
    add_const(m, DW_AT_data_bit_offset, dm->bit_offset);
  } else {
    /* DWARF 4: the storage unit of the declared type, and the field's
       offset from the unit's most significant bit.  */
    BitfieldUnit bu = debug_bitfield_unit(dm);
    int64_t unit = bu.unit_bytes, start = bu.start_bits, ubits = unit * 8;
    add_const(m, DW_AT_byte_size, unit);
    add_const(m, DW_AT_bit_size, dm->bit_size);
    add_const(m, DW_AT_bit_offset,
              ubits - (dm->bit_offset - start) - dm->bit_size);
    add_alignment(g, m, dm->user_align);
    if (!in_union)
      add_const(m, DW_AT_data_member_location, start / 8);
  }
  add_annotation(g, m, dm->annot);
}

static void fill_params(Gen *g, ODie *od, const Die *d) {
  for (int i = 0; i < d->nparams; i++) {
    const DieParam *p = &d->params[i];
    /* Room for what follows: most are a prototype's, with a type only.  */
    uint8_t room = (uint8_t)((p->name ? 4 : 0) + 1 + (p->annot != NULL));
    ODie *pd = odie_new_sized(DW_TAG_formal_parameter, od, room);
    if (p->name) {
      add_string(pd, DW_AT_name, p->name);
      add_decl_loc(g, pd, p->loc);
    }
    add_type(g, pd, p->type);
    add_annotation(g, pd, p->annot);
  }
  if (d->variadic)
    odie_new(DW_TAG_unspecified_parameters, od);
}

/* The definition of a variable declared before: DW_AT_specification,
   then only what differs from the declaration (GCC).  */
static void fill_definition(Gen *g, ODie *od, Die *d) {
  Die *decl = d->specification;
  add_ref(od, DW_AT_specification, die_of(g, decl));
  if (d->loc.file && decl->loc.file) {
    SrcLoc at = srcloc_debug_place(d->loc), was = srcloc_debug_place(decl->loc);
    const char *file = srcloc_file(at);
    if (file != srcloc_file(was) && strcmp(file, srcloc_file(was)))
      add_attr(od, DW_AT_decl_file, AV_FILE)->value = file_number(g, file);
    if (srcloc_line(at) != srcloc_line(was))
      add_const(od, DW_AT_decl_line, srcloc_line(at));
    if (!g->opts->no_column_info && at.col != was.col)
      add_const(od, DW_AT_decl_column, at.col);
  }
  if (d->type != decl->type)
    add_type(g, od, d->type);
  add_alignment(g, od, d->user_align);
}

/* The code of a function defined in the unit, from the code generator's
   records: DW_AT_low_pc (relocated), DW_AT_high_pc as its length, and
   DW_AT_frame_base r10 (BPF's frame pointer, as clang says).  Nothing
   for a function with no code (not emitted, or no code generated).  */
static void add_code(Gen *g, ODie *od, const char *name) {
  const BtfExtInfo *code = g->opts->code;
  for (size_t i = 0; code && name && i < code->funcs.len; i++) {
    const BtfExtFunc *f = &code->funcs.data[i];
    if (!f->label || strcmp(f->name, name) != 0)
      continue;
    add_attr(od, DW_AT_low_pc, AV_ADDR)->str = f->label;
    add_attr(od, DW_AT_high_pc, AV_LENGTH)->value = f->size;
    add_attr(od, DW_AT_frame_base, AV_EXPR_OP)->value = DW_OP_reg0 + 10;
    return;
  }
}

/* The code sections of the unit's functions, in order of their first
   function, each from its lowest to its highest offset.  */
static void collect_ranges(Gen *g) {
  const BtfExtInfo *code = g->opts->code;
  for (size_t i = 0; code && i < code->funcs.len; i++) {
    const BtfExtFunc *f = &code->funcs.data[i];
    if (!f->label)
      continue;
    CodeRange *r = NULL;
    for (size_t k = 0; k < g->ranges.len && !r; k++)
      if (!strcmp(g->ranges.data[k].section, f->section))
        r = &g->ranges.data[k];
    if (!r) {
      CodeRange nr = {f->section, f->label, f->insn_off, f->size};
      vec_push(&g->ranges, nr);
      continue;
    }
    uint32_t end = r->start + r->size;
    if (f->insn_off + f->size > end)
      end = f->insn_off + f->size;
    if (f->insn_off < r->start) {
      r->start = f->insn_off;
      r->label = f->label;
    }
    r->size = end - r->start;
  }
}

/* The attributes and children of the DIE for model DIE D.  */
static void fill(Gen *g, ODie *od, Die *d) {
  switch (d->kind) {
  case DIE_BASE:
    add_const(od, DW_AT_byte_size, d->size);
    add_const(od, DW_AT_encoding, d->encoding);
    if (d->base_bits)
      add_const(od, DW_AT_bit_size, d->base_bits);
    add_string(od, DW_AT_name, d->name);
    break;
  case DIE_UNSPECIFIED:
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
    add_alignment(g, od, d->user_align);
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
    add_alignment(g, od, d->user_align);
    add_decl_loc_or_builtin(g, od, d->loc);
    /* DWARF 5's, which GCC also writes in DWARF 4 unless strict */
    if (d->anon_member && (g->version >= 5 || !g->opts->strict))
      add_flag(od, DW_AT_export_symbols);
    for (int i = 0; i < d->nmembers; i++)
      fill_member(g, odie_new_sized(DW_TAG_member, od,
                                    member_attr_count(&d->members[i])),
                  &d->members[i], od->tag == DW_TAG_union_type);
    break;
  case DIE_ENUM:
    if (d->name)
      add_string(od, DW_AT_name, d->name);
    if (d->declaration) {
      add_flag(od, DW_AT_declaration);
      break;
    }
    if (!g->opts->strict) /* GCC's: no DWARF version has it on enums */
      add_const(od, DW_AT_encoding, d->encoding);
    add_const(od, DW_AT_byte_size, d->size);
    add_type(g, od, d->type);
    add_decl_loc(g, od, d->loc);
    for (int i = 0; i < d->nenums; i++) {
      ODie *e = odie_new(DW_TAG_enumerator, od);
      add_string(e, DW_AT_name, d->enums[i].name);
      /* an unsigned enum's values are unsigned: (__u64)-32 is data8 */
      if (d->encoding == ATE_UNSIGNED)
        add_uconst(e, DW_AT_const_value, (uint64_t)d->enums[i].value);
      else
        add_const(e, DW_AT_const_value, d->enums[i].value);
    }
    break;
  case DIE_ARRAY:
  case DIE_VECTOR:
    if (d->kind == DIE_VECTOR)
      add_flag(od, DW_AT_GNU_vector);
    add_type(g, od, d->type);
    add_alignment(g, od, d->user_align);
    for (int i = 0; i < d->ndims; i++) {
      ODie *r = odie_new(DW_TAG_subrange_type, od);
      /* GCC gives a vector's subrange no index type.  */
      if (d->kind != DIE_VECTOR)
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
    if (d->specification) {
      fill_definition(g, od, d);
      break;
    }
    add_string(od, DW_AT_name, d->name);
    add_decl_loc(g, od, d->loc);
    add_type(g, od, d->type);
    if (d->external)
      add_flag(od, DW_AT_external);
    add_alignment(g, od, d->user_align);
    if (d->is_extern || d->has_definition)
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
    else
      add_code(g, od, d->name);
    fill_params(g, od, d);
    break;
  case DIE_ANNOTATION:
    add_string(od, DW_AT_name, debug_annot_name(d->annot_kind));
    add_string(od, DW_AT_const_value, d->annot_value);
    add_annotation(g, od, d->annot);
    return;
  }
  add_annotation(g, od, d->annot);
}

/* The output DIE of model DIE D (NULL for void), made on first use; its
   place among the unit's children is fixed by make_unit's order.  */
/* DW_TAG_atomic_type is DWARF 5's: in DWARF 4, GCC refers to the
   unqualified type instead.  */
static bool skipped(const Gen *g, const Die *d) {
  return d->kind == DIE_ATOMIC && g->version < 5;
}

static ODie *die_of(Gen *g, Die *d) {
  while (d && skipped(g, d))
    d = d->type;
  if (!d)
    return NULL;
  ODie **slot = &g->odies[d->id];
  if (!*slot) {
    *slot = odie_new(tag_of(d), NULL);
    (*slot)->used_root = d->used_root;
    if (!d->on_list) {
      /* A block-scope type: not in the unit's list, so filled now and
         placed after the list's DIEs (GCC puts it inside the function,
         whose body btfcc does not describe).  */
      (*slot)->local = true;
      vec_push(&g->locals, *slot);
      fill(g, *slot, d);
    }
  }
  return *slot;
}

typedef struct AbbrevWorker AbbrevWorker;
static void worker_publish(AbbrevWorker *w, size_t n, bool done);

/* Build the compile unit's tree.  With W, a worker chooses forms and
   abbreviations of each top-level DIE as soon as it is complete.  */
static void make_unit(Gen *g, const DebugUnit *u, AbbrevWorker *w) {
  ODie *cu = g->cu = odie_new(DW_TAG_compile_unit, NULL);
  add_string(cu, DW_AT_producer, "btfcc " BTFCC_VERSION);
  /* DW_LANG_C11 is DWARF 5's: GCC says C99 for later standards in
     DWARF 4.  */
  int std = ctx_current->lang.std;  /* 89, 99, 11, 17 or 23 */
  add_const(cu, DW_AT_language,
            std == 89                      ? DW_LANG_C89
            : std == 99 || g->version < 5  ? DW_LANG_C99
                                           : DW_LANG_C11);
  /* DWARF 6's language name and version, which GCC 16 adds in DWARF 5
     (unless -gstrict-dwarf) where DW_LANG_C11 cannot tell the standard:
     C17 on.  */
  if (g->version >= 5 && !g->opts->strict && lang_year() >= 2017) {
    add_const(cu, DW_AT_language_name, DW_LNAME_C);
    add_const(cu, DW_AT_language_version,
              ctx_current->lang.c2y ? 202500 : std == 23 ? 202311 : 201710);
  }
  add_string(cu, DW_AT_name, u->main_file ? u->main_file : "<stdin>");
  add_string(cu, DW_AT_comp_dir, g->dirs.data[0]);
  /* The code: the bounds of .text when it is the only code section, else
     (GCC's rule: a function in another section) a range list and a base
     address of 0.  */
  if (g->ranges.len == 1 && !strcmp(g->ranges.data[0].section, ".text")) {
    add_attr(cu, DW_AT_low_pc, AV_ADDR)->str = g->ranges.data[0].label;
    add_attr(cu, DW_AT_high_pc, AV_LENGTH)->value = g->ranges.data[0].size;
  } else if (g->ranges.len) {
    add_attr(cu, DW_AT_ranges, AV_LABEL)->str = ".Ldebug_ranges0";
    add_attr(cu, DW_AT_low_pc, AV_ADDR)->str = NULL;
  }
  OAttr *sl = add_attr(cu, DW_AT_stmt_list, AV_LABEL);
  sl->str = ".Ldebug_line0";
  (void)file_number(g, u->main_file ? u->main_file : "<stdin>");
  /* Children in the model's order; DIEs referenced before their place
     exist already and are linked in now.  */
  g->odies = xcalloc(u->ndies ? u->ndies : 1, sizeof(ODie *));
  size_t filled = 0;
  for (size_t i = 0; i < u->dies.len; i++) {
    Die *d = u->dies.data[i];
    if (skipped(g, d))
      continue;
    ODie *od = die_of(g, d);
    odie_append(cu, od);
    fill(g, od, d);
    if (w)
      worker_publish(w, ++filled, false);
  }
  for (size_t i = 0; i < g->locals.len; i++)
    odie_append(cu, g->locals.data[i]);
  if (w)
    worker_publish(w, filled + g->locals.len, true);
}

/* --- Forms --- */

static void pool_grow(Gen *g) {
  size_t cap = g->str_cap ? g->str_cap * 2 : 256;
  free(g->str_slots);
  g->str_slots = xzalloc_written(cap, sizeof(StrSlot));
  for (size_t i = 0; i < g->strs.len; i++) {
    uint32_t h = g->strs.data[i]->hash;
    size_t k = h & (cap - 1);
    while (g->str_slots[k].index)
      k = (k + 1) & (cap - 1);
    g->str_slots[k] = (StrSlot){h, (uint32_t)i + 1};
  }
  g->str_cap = cap;
}

static StrEntry *pool_lookup(Gen *g, const char *s, bool line_str);

/* ".LASF<n>", GCC's label of a pooled string (written by hand: this
   runs once per distinct string, and snprintf is slow).  */
static const char *string_label(uint32_t n) {
  char digits[10];
  int len = 0;
  do {
    digits[len++] = (char)('0' + n % 10);
    n /= 10;
  } while (n);
  char *label = arena_alloc(perm, 5 + (size_t)len + 1);
  memcpy(label, ".LASF", 5);
  for (int i = 0; i < len; i++)
    label[5 + i] = digits[len - 1 - i];
  label[5 + len] = 0;
  return label;
}

/* The pooled entry for string S in .debug_str or .debug_line_str.  */
static StrEntry *pool(Gen *g, const char *s, bool line_str) {
  /* Names are mostly interned, so the same pointer comes back again and
     again: a direct-mapped cache by address skips hashing the text.  */
  if (!g->str_cache)
    g->str_cache = xzalloc_written(STR_CACHE, sizeof *g->str_cache);
  if (line_str) /* a few file and directory names */
    return pool_lookup(g, s, true);
  AddrSlot *c = &g->str_cache[((uintptr_t)s >> 3) % STR_CACHE];
  if (c->text != s) {
    c->text = s;
    c->entry = pool_lookup(g, s, false);
  }
  return c->entry;
}

static StrEntry *pool_lookup(Gen *g, const char *s, bool line_str) {
  if ((g->strs.len + 1) * 2 > g->str_cap)
    pool_grow(g);
  uint32_t h = hash_mix(hash_bytes(s, strlen(s)), line_str);
  size_t k = h & (g->str_cap - 1);
  for (; g->str_slots[k].index; k = (k + 1) & (g->str_cap - 1)) {
    if (g->str_slots[k].hash != h)
      continue;
    StrEntry *e = g->strs.data[g->str_slots[k].index - 1];
    if (e->line_str == line_str && strcmp(e->text, s) == 0)
      return e;
  }
  StrEntry *e = NEW(StrEntry);
  e->text = s;
  e->hash = h;
  e->line_str = line_str;
  e->label = g->next_label++;
  uint32_t *size = line_str ? &g->line_str_size : &g->str_size;
  e->offset = *size;
  *size += (uint32_t)strlen(s) + 1;
  vec_push(&g->strs, e);
  g->str_slots[k] = (StrSlot){h, (uint32_t)g->strs.len};
  return e;
}

static uint16_t const_form(uint64_t v) {
  return v <= 0xff ? DW_FORM_data1 : v <= 0xffff ? DW_FORM_data2
         : v <= 0xffffffffu ? DW_FORM_data4 : DW_FORM_data8;
}

/* The form of attribute A of D.  Strings of up to three characters stay
   inline; longer ones go to .debug_str (GCC's rule for a mergeable
   string section).  */
static uint16_t choose_form(Gen *g, const ODie *d, OAttr *a) {
  switch (a->kind) {
  case AV_UNSIGNED:
  case AV_FILE:
    return const_form(a->value);
  case AV_SIGNED:
    return DW_FORM_sdata;
  case AV_STRING: {
    bool unit_name = d->tag == DW_TAG_compile_unit &&
                     (a->at == DW_AT_name || a->at == DW_AT_comp_dir);
    if (unit_name && g->version >= 5) {
      a->entry = pool(g, a->str, true);
      a->pooled = true;
      return DW_FORM_line_strp;
    }
    /* (In DWARF 4 a unit name "t.c" is inline too, as GCC has it.)  */
    if (strnlen(a->str, 4) < 4 && a->at != DW_AT_producer)
      return DW_FORM_string;
    a->entry = pool(g, a->str, false);
    a->pooled = true;
    return DW_FORM_strp;
  }
  case AV_REF:
    return a->ref->unit != d->unit ? DW_FORM_ref_sig8 : DW_FORM_ref4;
  case AV_FLAG:
    return DW_FORM_flag_present;
  case AV_LABEL:
    return DW_FORM_sec_offset;
  case AV_ADDR:
    return DW_FORM_addr;
  case AV_LENGTH:
    return DW_FORM_data8;
  case AV_EXPR_OP:
    return DW_FORM_exprloc;
  }
  return 0;
}

/* DW_AT_sibling on every DIE with children that has a next sibling:
   on D (whose next sibling is known) and its descendants.  */
static void add_sibling_refs(ODie *d) {
  if (d->first && d->next)
    add_ref(d, DW_AT_sibling, d->next)->form = DW_FORM_ref4;
  for (ODie *c = d->first; c; c = c->next)
    add_sibling_refs(c);
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

static uint32_t abbrev_hash(const void *a) { return ((const Abbrev *)a)->hash; }

static void abbrev_table_grow(Gen *g) {
  size_t cap = g->abbrev_cap ? g->abbrev_cap * 2 : 256;
  free(g->abbrev_slots);
  g->abbrev_slots = (Abbrev **)hash_slots_build((void *const *)g->abbrevs.data,
                                                g->abbrevs.len, cap, abbrev_hash);
  g->abbrev_cap = cap;
}

static bool is_constant_form(uint16_t f) {
  return f == DW_FORM_data1 || f == DW_FORM_data2 || f == DW_FORM_data4 ||
         f == DW_FORM_data8 || f == DW_FORM_sdata;
}

static Abbrev *new_abbrev(Gen *g, const ODie *d, uint32_t hash, uint32_t *order) {
  Abbrev *a = NEW(Abbrev);
  a->hash = hash;
  a->tag = d->tag;
  a->children = d->first != NULL;
  a->nattrs = d->nattrs;
  for (int i = 0; i < d->nattrs; i++) {
    a->at[i] = d->attrs[i].at;
    a->form[i] = d->attrs[i].form;
  }
  a->first_use = (*order)++;
  a->first_die = d;
  vec_push(&g->abbrevs, a);
  return a;
}

/* The abbreviation of D, whose forms are chosen: HINT (the previous
   sibling's: members and enumerators come in runs of one shape) when it
   matches, else the table's, else a new one.  */
static Abbrev *find_abbrev(Gen *g, const ODie *d, Abbrev *hint, uint32_t *order) {
  if (hint && abbrev_matches(hint, d))
    return hint;
  if ((g->abbrevs.len + 1) * 2 > g->abbrev_cap)
    abbrev_table_grow(g);
  uint32_t h = hash_mix(d->tag, d->first != NULL);
  for (int i = 0; i < d->nattrs; i++)
    h = hash_mix(h, (uint32_t)d->attrs[i].at << 16 | d->attrs[i].form);
  size_t k = h & (g->abbrev_cap - 1);
  Abbrev *a;
  while ((a = g->abbrev_slots[k]) && !(a->hash == h && abbrev_matches(a, d)))
    k = (k + 1) & (g->abbrev_cap - 1);
  if (!a)
    a = g->abbrev_slots[k] = new_abbrev(g, d, h, order);
  return a;
}

/* Choose the forms of D's own attributes and D's abbreviation (shared
   by every DIE of the same tag, children flag, attributes and forms).
   Notes which constants differ from the abbreviation's first DIE, for
   use_implicit_const.  */
static void assign_own(Gen *g, ODie *d, Abbrev *hint, uint32_t *order) {
  for (int i = 0; i < d->nattrs; i++) {
    OAttr *at = &d->attrs[i];
    if (!at->form) /* DW_AT_sibling has its form already */
      at->form = choose_form(g, d, at);
  }
  Abbrev *a = find_abbrev(g, d, hint, order);
  if (a->first_die != d)
    for (int i = 0; i < d->nattrs; i++)
      if (is_constant_form(a->form[i]) &&
          d->attrs[i].value != a->first_die->attrs[i].value)
        a->differs |= (uint16_t)(1u << i);
  a->uses++;
  d->abbrev = a;
}

/* The same for D and its descendants, in order.  */
static void assign_abbrevs(Gen *g, ODie *d, Abbrev *hint, uint32_t *order) {
  assign_own(g, d, hint, order);
  Abbrev *prev = NULL;
  for (ODie *c = d->first; c; c = c->next) {
    assign_abbrevs(g, c, prev, order);
    prev = c->abbrev;
  }
}

/* --- Abbreviations beside the tree's construction ---

   Without type units, the compile unit's forms and abbreviations can be
   chosen while make_unit is still building the tree: a worker thread
   takes each top-level DIE once it is complete and does what
   prepare_unit and assign_abbrevs would do for it afterwards, in the
   same order, so the result is the same.  Top-level DIE K is complete
   when make_unit has filled it; its DW_AT_sibling waits for DIE K+1 (or
   the end).  The worker reads nothing make_unit still writes: fill
   writes only the DIE it fills (and allocates zeroed DIEs it refers
   to, whose contents the worker reads only once they are published);
   the worker writes only forms, abbreviations and the string pool,
   which make_unit never reads.  */

struct AbbrevWorker {
  Gen *g;
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  size_t published;   /* under lock: top-level DIEs complete */
  bool done;          /* under lock: the tree is complete */
  bool waiting;       /* under lock: the worker sleeps */
  size_t told;        /* make_unit's: published as last set */
  uint32_t order;     /* the abbreviations' order of first use */
  Compilation *ctx;   /* the writer's, which the worker enters */
  /* The worker's perm, adopted when it ends; bumped for every
     allocation, so on a line of its own, away from `told`.  */
  _Alignas(64) Arena arena;
};

enum { WORKER_BATCH = 32 }; /* top-level DIEs published at a time */

/* The worker: wait until NEED top-level DIEs are complete; false when
   the tree ends before that.  */
static bool worker_wait(AbbrevWorker *w, size_t need, size_t *avail) {
  pthread_mutex_lock(&w->lock);
  while (w->published < need && !w->done) {
    w->waiting = true;
    pthread_cond_wait(&w->wake, &w->lock);
  }
  w->waiting = false;
  *avail = w->published;
  pthread_mutex_unlock(&w->lock);
  return *avail >= need;
}

static void *abbrev_worker(void *arg) {
  AbbrevWorker *w = arg;
  Gen *g = w->g;
  size_t avail = 0;
  /* What pool and find_abbrev allocate goes to w->arena.  */
  ctx_enter_thread(w->ctx, &w->arena);
  /* The unit DIE first, once whether it has children is known.  */
  worker_wait(w, 1, &avail);
  ODie *cu = g->cu;
  assign_own(g, cu, NULL, &w->order);
  Abbrev *prev = NULL;
  size_t k = 0;
  for (ODie *c = cu->first; c; c = c->next, k++) {
    /* C's next sibling is known once DIE K+1 is published or the tree
       is complete.  */
    if (k + 2 > avail)
      worker_wait(w, k + 2, &avail);
    add_sibling_refs(c);
    assign_abbrevs(g, c, prev, &w->order);
    prev = c->abbrev;
  }
  return NULL;
}

/* False when no thread could be started: the caller works alone.  */
static bool worker_start(AbbrevWorker *w, Gen *g) {
  memset(w, 0, sizeof *w);
  w->g = g;
  w->ctx = ctx_current;
  pthread_mutex_init(&w->lock, NULL);
  pthread_cond_init(&w->wake, NULL);
  if (pthread_create(&w->thread, NULL, abbrev_worker, w) == 0)
    return true;
  pthread_mutex_destroy(&w->lock);
  pthread_cond_destroy(&w->wake);
  return false;
}

/* make_unit: N top-level DIEs are complete (told in batches), or, with
   DONE, all of them.  */
static void worker_publish(AbbrevWorker *w, size_t n, bool done) {
  if (!done && n < w->told + WORKER_BATCH)
    return;
  pthread_mutex_lock(&w->lock);
  w->published = w->told = n;
  w->done = done;
  if (w->waiting)
    pthread_cond_signal(&w->wake);
  pthread_mutex_unlock(&w->lock);
}

/* After worker_publish(..., true): wait for the worker to finish.  */
static void worker_join(AbbrevWorker *w) {
  pthread_join(w->thread, NULL);
  arena_adopt(perm, &w->arena);
  pthread_mutex_destroy(&w->lock);
  pthread_cond_destroy(&w->wake);
}

/* Whether GCC moves the unsigned constant V, which USES DIEs of an
   abbreviation share in FORM, into the abbreviation: not when its
   signed LEB128 there takes as many bytes as the DIEs would, nor when
   it does not fit a signed 64-bit value.  */
static bool unsigned_worth_implicit(uint64_t v, uint16_t form, uint32_t uses) {
  uint8_t b[LEB128_MAX];
  if ((int64_t)v < 0)
    return false;
  uint32_t size = form == DW_FORM_data1 ? 1 : form == DW_FORM_data2 ? 2
                : form == DW_FORM_data4 ? 4 : 8;
  return (uint64_t)size * uses > sleb128_put(b, (int64_t)v);
}

/* DWARF 5: a constant that every DIE of an abbreviation shares moves
   into the abbreviation (DW_FORM_implicit_const) where GCC finds it
   worth it (file numbers and signed constants always); from then on the
   abbreviation's forms, not the attributes', say how DIEs are encoded.  */
static void use_implicit_const(Gen *g, size_t first) {
  for (size_t i = first; i < g->abbrevs.len; i++) {
    Abbrev *a = g->abbrevs.data[i];
    if (a->uses < 2)
      continue;
    for (int k = 0; k < a->nattrs; k++) {
      const OAttr *v = &a->first_die->attrs[k];
      if (!is_constant_form(a->form[k]) || (a->differs >> k & 1) ||
          v->kind == AV_LENGTH ||
          (v->kind == AV_UNSIGNED &&
           !unsigned_worth_implicit(v->value, a->form[k], a->uses)))
        continue;
      a->form[k] = DW_FORM_implicit_const;
      a->implicit[k] = a->first_die->attrs[k].value;
    }
  }
}

static int abbrev_order(const void *pa, const void *pb) {
  const Abbrev *a = *(Abbrev *const *)pa, *b = *(Abbrev *const *)pb;
  if (a->uses != b->uses)
    return a->uses > b->uses ? -1 : 1;
  return a->first_use < b->first_use ? -1 : a->first_use > b->first_use;
}

/* DWARF 5: the compile unit's own abbreviations (from FIRST on: type
   units are written first and keep theirs in order of first use) are
   numbered by use count, most used first.  */
static void number_abbrevs(Gen *g, size_t first) {
  if (g->version >= 5)
    qsort(g->abbrevs.data + first, g->abbrevs.len - first, sizeof(Abbrev *),
          abbrev_order);
  for (size_t i = 0; i < g->abbrevs.len; i++)
    g->abbrevs.data[i]->code = (uint32_t)i + 1;
}

/* --- Layout --- */

/* Bytes of V as unsigned or signed LEB128.  */
static uint32_t uleb_size(uint64_t v) {
  uint8_t b[LEB128_MAX];
  return (uint32_t)uleb128_put(b, v);
}

static uint32_t sleb_size(int64_t v) {
  uint8_t b[LEB128_MAX];
  return (uint32_t)sleb128_put(b, v);
}

static uint32_t attr_size(uint16_t form, const OAttr *a) {
  switch (form) {
  case DW_FORM_data1: return 1;
  case DW_FORM_data2: return 2;
  case DW_FORM_data4: case DW_FORM_strp: case DW_FORM_line_strp:
  case DW_FORM_ref4: case DW_FORM_sec_offset: return 4;
  case DW_FORM_data8: case DW_FORM_ref_sig8: case DW_FORM_addr: return 8;
  case DW_FORM_exprloc: return 2;
  case DW_FORM_sdata: return sleb_size((int64_t)a->value);
  case DW_FORM_udata: return uleb_size(a->value);
  case DW_FORM_string: return (uint32_t)strlen(a->str) + 1;
  default: return 0; /* flag_present, implicit_const */
  }
}

static bool is_variable_form(uint16_t form) {
  return form == DW_FORM_sdata || form == DW_FORM_udata ||
         form == DW_FORM_string;
}

/* Once forms and codes are final: each abbreviation's fixed part.  */
static void size_abbrevs(Gen *g) {
  for (size_t i = 0; i < g->abbrevs.len; i++) {
    Abbrev *a = g->abbrevs.data[i];
    const ODie *d = a->first_die;
    a->fixed_size = uleb_size(a->code);
    a->nvariable = 0;
    for (int k = 0; k < a->nattrs; k++) {
      if (is_variable_form(a->form[k]))
        a->variable[a->nvariable++] = (uint8_t)k;
      else
        a->fixed_size += attr_size(a->form[k], &d->attrs[k]);
    }
  }
}

static uint32_t layout(ODie *d, uint32_t off) {
  const Abbrev *a = d->abbrev;
  d->offset = off;
  off += a->fixed_size;
  for (int k = 0; k < a->nvariable; k++)
    off += attr_size(a->form[a->variable[k]], &d->attrs[a->variable[k]]);
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

/* A type signature: eight bytes, the comment on the first.  */
static void write_signature(Section *s, const uint8_t *sig, const char *comment) {
  for (int i = 0; i < 8; i++)
    sec_data(s, 1, sig[i], i == 0 ? comment : NULL);
}

/* A reference to a pooled string: GCC's label in assembler text; in an
   object, the string section plus the string's offset (the same
   relocation, without a label per string).  */
static const char *label_of(StrEntry *e) {
  if (!e->label_name)
    e->label_name = string_label(e->label);
  return e->label_name;
}

static void string_ref(Section *s, StrEntry *e, const char *comment) {
  if (s->keep_items)
    sec_symref(s, 4, label_of(e), 0, comment);
  else
    sec_symref(s, 4, e->line_str ? ".debug_line_str" : ".debug_str", e->offset,
               NULL);
}

/* The forms whose bytes are the same in assembler text and in an object:
   a reference into another section (its relocation), an address, a
   one-byte location expression.  COMMENT names the attribute, or NULL.  */
static void write_linked_form(Section *s, uint16_t form, const OAttr *a,
                              const char *comment) {
  switch (form) {
  case DW_FORM_sec_offset:
    sec_symref(s, 4, a->str, 0, comment);
    break;
  case DW_FORM_addr:
    if (a->str)
      sec_symref(s, 8, a->str, 0, comment);
    else
      sec_data(s, 8, 0, comment);
    break;
  case DW_FORM_exprloc:
    sec_uleb(s, 1, comment);
    sec_data(s, 1, a->value, NULL);
    break;
  }
}

/* Attribute A in FORM (its abbreviation's).  */
static void write_attr(Gen *g, Section *s, uint16_t form, const OAttr *a) {
  bool annotate = s->annotate;
  const char *at = annotate ? dwarf_name_of_attr(a->at) : NULL;
  switch (form) {
  case DW_FORM_data1: case DW_FORM_data2: case DW_FORM_data4:
  case DW_FORM_data8: {
    unsigned size = form == DW_FORM_data1 ? 1 : form == DW_FORM_data2 ? 2
                  : form == DW_FORM_data4 ? 4 : 8;
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
    char comment[512];
    if (annotate)
      snprintf(comment, sizeof comment, "%s: \"%s\"", at, a->entry->text);
    string_ref(s, a->entry, annotate ? comment : NULL);
    break;
  }
  case DW_FORM_ref4:
    sec_data(s, 4, a->ref->offset, at);
    break;
  case DW_FORM_ref_sig8:
    write_signature(s, a->ref->tu->signature, at);
    break;
  case DW_FORM_sec_offset: case DW_FORM_addr: case DW_FORM_exprloc:
    write_linked_form(s, form, a, at);
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

/* write_die for object output (no items, no comments): the DIE's bytes
   go straight into the section; only references to other sections go
   through sec_symref, for their relocations.  Produces the same bytes as
   write_die.  */
static void encode_die(Section *s, const ODie *d) {
  sec_commit(s, uleb128_put(sec_tail(s, LEB128_MAX), d->abbrev->code));
  const uint16_t *forms = d->abbrev->form;
  for (int i = 0; i < d->nattrs; i++) {
    const OAttr *a = &d->attrs[i];
    uint16_t form = forms[i];
    switch (form) {
    case DW_FORM_data1: case DW_FORM_data2: case DW_FORM_data4:
    case DW_FORM_data8: case DW_FORM_ref4: {
      unsigned size = form == DW_FORM_data1 ? 1 : form == DW_FORM_data2 ? 2
                    : form == DW_FORM_data8 ? 8 : 4;
      sec_store(sec_tail(s, size), size,
                form == DW_FORM_ref4 ? a->ref->offset : a->value);
      sec_commit(s, size);
      break;
    }
    case DW_FORM_sdata:
      sec_commit(s, sleb128_put(sec_tail(s, LEB128_MAX), (int64_t)a->value));
      break;
    case DW_FORM_string: {
      size_t n = strlen(a->str) + 1;
      memcpy(sec_tail(s, n), a->str, n);
      sec_commit(s, n);
      break;
    }
    case DW_FORM_strp:
    case DW_FORM_line_strp:
      string_ref(s, a->entry, NULL);
      break;
    case DW_FORM_ref_sig8:
      memcpy(sec_tail(s, 8), a->ref->tu->signature, 8);
      sec_commit(s, 8);
      break;
    case DW_FORM_sec_offset: case DW_FORM_addr: case DW_FORM_exprloc:
      write_linked_form(s, form, a, NULL);
      break;
    default: /* flag_present, implicit_const: nothing in the DIE */
      break;
    }
  }
  if (d->first) {
    for (const ODie *c = d->first; c; c = c->next)
      encode_die(s, c);
    *sec_tail(s, 1) = 0;
    sec_commit(s, 1);
  }
}

static void write_die(Gen *g, Section *s, const ODie *d) {
  if (!s->keep_items) {
    encode_die(s, d);
    return;
  }
  char comment[96];
  if (s->annotate)
    snprintf(comment, sizeof comment, "(DIE (%#x) %s)", d->offset,
             dwarf_name_of_tag(d->tag));
  sec_uleb(s, d->abbrev->code, s->annotate ? comment : NULL);
  for (int i = 0; i < d->nattrs; i++)
    write_attr(g, s, d->abbrev->form[i], &d->attrs[i]);
  if (d->first) {
    for (const ODie *c = d->first; c; c = c->next)
      write_die(g, s, c);
    sec_dataf(s, 1, 0, "end of children of DIE %#x", d->offset);
  }
}

static void set_annotation(Section *s, const DwarfOptions *opts) {
  s->keep_items = opts->keep_items;
  s->annotate = opts->annotate && opts->keep_items;
}

static Section *debug_section(ObjFile *obj, const char *name, bool strings) {
  Section *s = section_new(name, SEC_PROGBITS,
                           strings ? SEC_FLAG_MERGE | SEC_FLAG_STRINGS : 0, 1,
                           false, false);
  vec_push(&obj->sections, s);
  return s;
}

/* A unit header (GCC's comments for both kinds of unit), then its DIEs.
   TU is NULL for the compile unit.  */
static void write_unit(Gen *g, Section *s, ODie *root, const TypeUnit *tu,
                       uint32_t end) {
  sec_data(s, 4, end - 4, "Length of Compilation Unit Info");
  sec_data(s, 2, (uint64_t)g->version, "DWARF version number");
  if (g->version >= 5) {
    if (tu)
      sec_data(s, 1, DW_UT_type, "DW_UT_type");
    else
      sec_data(s, 1, DW_UT_compile, "DW_UT_compile");
    sec_data(s, 1, 8, "Pointer Size (in bytes)");
    sec_symref(s, 4, ".Ldebug_abbrev0", 0, "Offset Into Abbrev. Section");
  } else {
    sec_symref(s, 4, ".Ldebug_abbrev0", 0, "Offset Into Abbrev. Section");
    sec_data(s, 1, 8, "Pointer Size (in bytes)");
  }
  if (tu) {
    write_signature(s, tu->signature, "Type Signature");
    sec_data(s, 4, tu->type->offset, "Offset to Type DIE");
  }
  write_die(g, s, root);
}

/* Header bytes before a unit's first DIE.  */
static uint32_t unit_header_size(const Gen *g, bool type_unit) {
  uint32_t size = g->version >= 5 ? 12 : 11;
  return type_unit ? size + 12 : size;
}

/* Complete ROOT's tree: sibling references, and stubs for references
   to other units' types when there are type units (GCC makes none with
   -gstrict-dwarf: a stub without a name is not strict DWARF).  */
static void prepare_unit(ODie *root, bool stubs) {
  add_sibling_refs(root); /* the root has no sibling */
  if (stubs)
    type_units_add_stubs(root);
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
      snprintf(c, sizeof c, "(TAG: %s)", dwarf_name_of_tag(a->tag));
    sec_uleb(s, a->tag, an ? c : NULL);
    sec_data(s, 1, a->children, a->children ? "DW_children_yes" : "DW_children_no");
    for (int k = 0; k < a->nattrs; k++) {
      if (an)
        snprintf(c, sizeof c, "(%s)", dwarf_name_of_attr(a->at[k]));
      sec_uleb(s, a->at[k], an ? c : NULL);
      if (an)
        snprintf(c, sizeof c, "(%s)", dwarf_name_of_form(a->form[k]));
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
    if (s->keep_items)
      sec_label(s, label_of(e));
    sec_string(s, e->text, strlen(e->text), NULL);
  }
}

/* An extended opcode of the line program with its length.  */
static void line_extended(Section *s, uint8_t op, uint32_t len, const char *what) {
  sec_data(s, 1, 0, "extended op");
  sec_uleb(s, len + 1, NULL);
  sec_data(s, 1, op, what);
}

/* The line rows of one code section, a sequence: the code generator's
   line records (the same as .BTF.ext's line_info), each row is_stmt,
   then the end of the section.  FILES holds each record's file number.  */
static void write_sequence(Gen *g, Section *s, const CodeRange *r,
                           const uint32_t *files) {
  const BtfExtInfo *code = g->opts->code;
  line_extended(s, DW_LNE_set_address, 8, "DW_LNE_set_address");
  sec_symref(s, 8, r->label, 0, NULL);
  uint32_t addr = r->start, line = 1, col = 0, file = 1;
  for (size_t i = 0; i < code->lines.len; i++) {
    const BtfExtLine *l = &code->lines.data[i];
    if (strcmp(l->section, r->section) != 0 || l->insn_off < r->start ||
        l->insn_off >= r->start + r->size)
      continue;
    if (files[i] != file) {
      sec_data(s, 1, DW_LNS_set_file, "DW_LNS_set_file");
      sec_uleb(s, files[i], NULL);
      file = files[i];
    }
    if (l->insn_off != addr) {
      sec_data(s, 1, DW_LNS_advance_pc, "DW_LNS_advance_pc");
      sec_uleb(s, l->insn_off - addr, NULL);
      addr = l->insn_off;
    }
    if (l->line != line) {
      sec_data(s, 1, DW_LNS_advance_line, "DW_LNS_advance_line");
      sec_sleb(s, (int64_t)l->line - line, NULL);
      line = l->line;
    }
    uint32_t c = g->opts->no_column_info ? 0 : l->col;
    if (c != col) {
      sec_data(s, 1, DW_LNS_set_column, "DW_LNS_set_column");
      sec_uleb(s, c, NULL);
      col = c;
    }
    sec_data(s, 1, DW_LNS_copy, "DW_LNS_copy");
  }
  if (r->start + r->size != addr) {
    sec_data(s, 1, DW_LNS_advance_pc, "DW_LNS_advance_pc");
    sec_uleb(s, r->start + r->size - addr, NULL);
  }
  line_extended(s, DW_LNE_end_sequence, 0, "DW_LNE_end_sequence");
}

/* The line table: a header naming the unit's files, then a sequence
   for each code section.  */
static void write_line(Gen *g, Section *s) {
  /* the rows' files are in the header: number them first */
  const BtfExtInfo *code = g->ranges.len ? g->opts->code : NULL;
  uint32_t *files = code ? xcalloc(code->lines.len + 1, sizeof *files) : NULL;
  for (size_t i = 0; code && i < code->lines.len; i++) {
    uint32_t id = code->lines.data[i].src_file;
    files[i] = id ? file_number(g, srcfile_get(id)->name) : 1;
  }
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
      char c[64];
      if (s->annotate)
        snprintf(c, sizeof c, "Directory Entry: %#zx", i);
      string_ref(s, e, s->annotate ? c : NULL);
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
      char c[64];
      if (s->annotate)
        snprintf(c, sizeof c, "File Entry: %#zx", i);
      string_ref(s, e, s->annotate ? c : NULL);
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
  sec_patch(s, hl, 4, sec_offset(s) - hstart);
  for (size_t i = 0; i < g->ranges.len; i++)
    write_sequence(g, s, &g->ranges.data[i], files);
  free(files);
  sec_patch(s, start, 4, sec_offset(s) - start - 4);
}

/* The unit's code ranges when it has several code sections: DWARF 5's
   .debug_rnglists (start and length of each), DWARF 4's .debug_ranges
   (start and end), both relocated.  */
static void write_ranges(Gen *g, Section *s) {
  uint32_t start = sec_offset(s);
  if (g->version >= 5) {
    sec_data(s, 4, 0, "Length of Range Lists");
    sec_data(s, 2, 5, "DWARF version number");
    sec_data(s, 1, 8, "Address Size");
    sec_data(s, 1, 0, "Segment Size");
    sec_data(s, 4, 0, "Offset Entry Count");
  }
  sec_label(s, ".Ldebug_ranges0");
  for (size_t i = 0; i < g->ranges.len; i++) {
    const CodeRange *r = &g->ranges.data[i];
    if (g->version >= 5) {
      sec_data(s, 1, DW_RLE_start_length, "DW_RLE_start_length");
      sec_symref(s, 8, r->label, 0, "Range begin address");
      sec_uleb(s, r->size, "Range length");
    } else {
      sec_symref(s, 8, r->label, 0, "Offset");
      sec_symref(s, 8, r->label, r->size, NULL);
    }
  }
  if (g->version >= 5) {
    sec_data(s, 1, DW_RLE_end_of_list, "DW_RLE_end_of_list");
    sec_patch(s, start, 4, sec_offset(s) - start - 4);
  } else {
    sec_data(s, 8, 0, NULL);
    sec_data(s, 8, 0, NULL);
  }
}

/* .debug_aranges: the unit's code sections, each start and length.  */
static void write_aranges(Gen *g, Section *s) {
  sec_data(s, 4, 0, "Length of Address Ranges Info");
  sec_data(s, 2, 2, "DWARF aranges version");
  sec_symref(s, 4, ".Ldebug_info0", 0, "Offset of Compilation Unit Info");
  sec_data(s, 1, 8, "Size of Address");
  sec_data(s, 1, 0, "Size of Segment Descriptor");
  sec_data(s, 2, 0, "Pad to 16 byte boundary");
  sec_data(s, 2, 0, NULL);
  for (size_t i = 0; i < g->ranges.len; i++) {
    sec_symref(s, 8, g->ranges.data[i].label, 0, "Address");
    sec_data(s, 8, g->ranges.data[i].size, "Length");
  }
  sec_data(s, 8, 0, NULL);
  sec_data(s, 8, 0, NULL);
  sec_patch(s, 0, 4, sec_offset(s) - 4);
}

void dwarf_generate(const DebugUnit *unit, const DwarfOptions *opts, ObjFile *obj) {
  Gen g = {0};
  g.opts = opts;
  g.version = opts->version >= 5 ? 5 : opts->version < 2 ? 5 : opts->version;
  vec_push(&g.dirs, opts->comp_dir ? opts->comp_dir : ".");
  collect_ranges(&g);
  TypeUnit *tus = NULL;
  size_t cu_abbrevs = 0;
  AbbrevWorker w;
  if (opts->threads && !opts->debug_types_section && worker_start(&w, &g)) {
    make_unit(&g, unit, &w);
    worker_join(&w);
  } else {
    make_unit(&g, unit, NULL);
    if (opts->debug_types_section)
      tus = type_units_split(g.cu, unit->pruned, ".Ldebug_line0");
    for (TypeUnit *tu = tus; tu; tu = tu->next)
      prepare_unit(tu->root, !opts->strict);
    prepare_unit(g.cu, opts->debug_types_section && !opts->strict);
    /* Type units are written first, so their DIEs take abbreviations
       first.  */
    uint32_t order = 0;
    for (TypeUnit *tu = tus; tu; tu = tu->next)
      assign_abbrevs(&g, tu->root, NULL, &order);
    cu_abbrevs = g.abbrevs.len;
    assign_abbrevs(&g, g.cu, NULL, &order);
  }
  if (g.version >= 5)
    use_implicit_const(&g, cu_abbrevs);
  number_abbrevs(&g, cu_abbrevs);
  size_abbrevs(&g);

  for (TypeUnit *tu = tus; tu; tu = tu->next) {
    /* GCC's comdat group: "wi." (DWARF 5, .debug_info) or "wt." (DWARF 4,
       .debug_types) and the signature in hex.  */
    char group[20];
    int n = snprintf(group, sizeof group, "%s.", g.version >= 5 ? "wi" : "wt");
    for (int i = 0; i < 8; i++)
      n += snprintf(group + n, sizeof group - (size_t)n, "%02x", tu->signature[i]);
    Section *s = debug_section(obj, g.version >= 5 ? ".debug_info" : ".debug_types",
                               false);
    section_set_group(s, group);
    set_annotation(s, opts);
    uint32_t end = layout(tu->root, unit_header_size(&g, true));
    write_unit(&g, s, tu->root, tu, end);
  }
  uint32_t end = layout(g.cu, unit_header_size(&g, false));
  Section *info = debug_section(obj, ".debug_info", false);
  Section *abbrev = debug_section(obj, ".debug_abbrev", false);
  Section *aranges = g.ranges.len ? debug_section(obj, ".debug_aranges", false) : NULL;
  Section *ranges = odie_attr(g.cu, DW_AT_ranges)
      ? debug_section(obj, g.version >= 5 ? ".debug_rnglists" : ".debug_ranges", false)
      : NULL;
  Section *line = debug_section(obj, ".debug_line", false);
  Section *str = debug_section(obj, ".debug_str", true);
  Section *line_str = g.version >= 5 ? debug_section(obj, ".debug_line_str", true) : NULL;
  set_annotation(info, opts);
  set_annotation(abbrev, opts);
  set_annotation(line, opts);
  set_annotation(str, opts);
  if (line_str)
    set_annotation(line_str, opts);
  if (!info->keep_items) /* its size is known: memory made at once */
    buf_reserve_exact(&info->bytes, (size_t)end + 16);
  sec_label(info, ".Ldebug_info0");
  write_unit(&g, info, g.cu, NULL, end);
  write_abbrevs(&g, abbrev);
  if (aranges) {
    set_annotation(aranges, opts);
    write_aranges(&g, aranges);
  }
  if (ranges) {
    set_annotation(ranges, opts);
    write_ranges(&g, ranges);
  }
  write_line(&g, line);
  write_strings(&g, str, line_str);
  free(g.odies);
  vec_free(&g.strs);
  free(g.str_slots);
  free(g.str_cache);
  free(g.abbrev_slots);
  vec_free(&g.abbrevs);
  vec_free(&g.files);
  vec_free(&g.dirs);
  vec_free(&g.locals);
  vec_free(&g.ranges);
}
