/* CTF from the debug model, as GCC 16 makes it for -gctf (dwarf2ctf.cc,
   ctfc.cc, ctfout.cc):

   1. Translate: walk the unit's top-level DIEs in order, as GCC walks its
      compile unit.  A type takes the next id when it is created, after
      the types it refers to -- but a struct or union takes its id before
      its members, and a function before its parameters.  CTF's own types
      take ids too: "void" (a 0-bit integer) the first time something
      refers to no type, one "unknown" for everything CTF cannot express
      (vectors, _Float16, decimal floats, complex integers, bit-fields
      wider than 255 bits, arrays of 2^32 elements or more), and a
      non-root slice per bit-field member.  Each name is appended to the
      string table when its record is made; GCC merges none.
   2. Collect: the variables (data objects and the variable section; a
      declaration completed by a later definition leaves its name in the
      strings but has no entry) and the subprograms (function info: their
      function types).
   3. Output: header, data objects, function info, the two name indexes,
      the variables sorted by name, the types in id order, the strings
      with the unit's name last; -dA comments in GCC's words.

   GCC lists data objects and functions in the order of hash tables keyed
   by the addresses of its DIEs, which changes from run to run; btfcc
   keeps the unit's order.  btf_type_tag and btf_decl_tag leave nothing:
   GCC makes records of them only when it writes BTF too, which it
   refuses together with CTF.  */
#include "ctf_gen.h"

#include "ctf_format.h"

#include <stdlib.h>
#include <string.h>

typedef struct CtfType {
  uint32_t name;  /* string offset */
  uint32_t info;  /* kind, root flag, vlen */
  uint64_t size;  /* ctt_size, or the referenced type (ctt_type) */
  uint32_t words; /* index of its trailing words in Gen.words */
} CtfType;

/* A variable: one data object and one variable-section entry.  */
typedef struct CtfVar {
  const char *name;
  uint32_t name_off;
  uint32_t type;
} CtfVar;

typedef struct Gen {
  const CtfOptions *opts;
  uint32_t *ids;        /* the CTF id of model DIE N, 0 = none yet */
  VEC(CtfType) types;   /* types.data[i] has id i + 1 */
  VEC(uint32_t) words;  /* trailing data of the types, 32-bit words */
  Buf str;
  uint32_t void_id, unknown_id;
  VEC(CtfVar) vars;     /* in unit order */
  VEC(uint32_t) funcs;  /* function types of the subprograms */
  int64_t float_bits, double_bits, ldouble_bits;
} Gen;

/* Trailing words per record, by kind: an encoding (integer, float);
   contents, index, count (array); type, offset | bits << 16 (slice);
   name, type, offset high, offset low per member; name, value per
   enumerator; one type per function argument.  */
enum { MEMBER_WORDS = 4, ENUMERATOR_WORDS = 2, ARRAY_WORDS = 3, SLICE_WORDS = 2 };

/* --- Strings: appended in creation order, never merged --- */

static uint32_t add_str(Buf *tab, const char *s) {
  if (!s || !*s)
    return 0;
  uint32_t off = (uint32_t)tab->len;
  buf_append(tab, s, strlen(s) + 1);
  return off;
}

/* --- Records --- */

static CtfType *type_of(Gen *g, uint32_t id) { return &g->types.data[id - 1]; }

/* A new record of KIND with NWORDS trailing words (zeroed); its id.  */
static uint32_t new_type(Gen *g, uint32_t kind, bool root, const char *name,
                         uint32_t vlen, size_t nwords) {
  CtfType t = {0};
  t.name = add_str(&g->str, name);
  t.info = CTF_INFO(kind, root, vlen);
  t.words = (uint32_t)g->words.len;
  if (nwords) {
    vec_grow(&g->words, g->words.len + nwords);
    memset(g->words.data + g->words.len, 0, nwords * sizeof(uint32_t));
    g->words.len += nwords;
  }
  vec_push(&g->types, t);
  return (uint32_t)g->types.len;
}

static uint32_t *words_of(Gen *g, uint32_t id) {
  return g->words.data + type_of(g, id)->words;
}

static void set_vlen(Gen *g, uint32_t id, uint32_t vlen) {
  CtfType *t = type_of(g, id);
  t->info = CTF_INFO(CTF_INFO_KIND(t->info), CTF_INFO_ROOT(t->info), vlen);
}

/* Bytes of an encoded type of BITS: rounded up to a power of two.  */
static uint64_t encoded_size(uint64_t bits) {
  uint64_t bytes = (bits + 7) / 8, p = 1;
  if (!bytes)
    return 0;
  while (p < bytes)
    p *= 2;
  return p;
}

static uint32_t new_encoded(Gen *g, uint32_t kind, const char *name,
                            uint32_t format, uint64_t bits) {
  uint32_t id = new_type(g, kind, true, name, 0, 1);
  type_of(g, id)->size = encoded_size(bits);
  words_of(g, id)[0] = CTF_ENCODING(format, 0, bits & 0xffff);
  return id;
}

static uint32_t new_ref(Gen *g, uint32_t kind, const char *name, uint32_t ref) {
  uint32_t id = new_type(g, kind, true, name, 0, 0);
  type_of(g, id)->size = ref;
  return id;
}

/* CTF's void: a signed integer of no bits, made once.  */
static uint32_t void_type(Gen *g) {
  if (!g->void_id)
    g->void_id = new_encoded(g, CTF_K_INTEGER, "void", CTF_INT_SIGNED, 0);
  return g->void_id;
}

/* The one record for whatever CTF cannot express.  */
static uint32_t unknown_type(Gen *g) {
  if (!g->unknown_id)
    g->unknown_id = new_type(g, CTF_K_UNKNOWN, true, "unknown", 0, 0);
  return g->unknown_id;
}

/* --- Translation --- */

static uint32_t gen_type(Gen *g, Die *d);

/* The type a DIE refers to; no type is void.  */
static uint32_t gen_ref_type(Gen *g, Die *d) {
  return d ? gen_type(g, d) : void_type(g);
}

/* The float format of a base type of BITS (COMPLEX: of two such), or 0
   when CTF has none for it.  */
static uint32_t float_format(const Gen *g, int64_t bits, bool complex) {
  int64_t f = g->float_bits, d = g->double_bits, l = g->ldouble_bits;
  if (complex) {
    f *= 2, d *= 2, l *= 2;
    return bits == f ? CTF_FP_CPLX : bits == d ? CTF_FP_DCPLX
           : bits == l ? CTF_FP_LDCPLX : 0;
  }
  return bits == f ? CTF_FP_SINGLE : bits == d ? CTF_FP_DOUBLE
         : bits == l ? CTF_FP_LDOUBLE : 0;
}

/* A base type; 0 when CTF cannot express it.  */
static uint32_t gen_base(Gen *g, Die *d) {
  int64_t bits = d->base_bits ? d->base_bits : d->size * 8;
  uint32_t format = 0;
  switch (d->encoding) {
  case ATE_BOOLEAN:
    return new_encoded(g, CTF_K_INTEGER, d->name, CTF_INT_BOOL, (uint64_t)bits);
  case ATE_SIGNED_CHAR:
  case ATE_UNSIGNED_CHAR:
  case ATE_SIGNED:
  case ATE_UNSIGNED:
    if (d->encoding == ATE_SIGNED_CHAR || d->encoding == ATE_UNSIGNED_CHAR)
      format |= CTF_INT_CHAR;
    if (d->encoding == ATE_SIGNED || d->encoding == ATE_SIGNED_CHAR)
      format |= CTF_INT_SIGNED;
    return new_encoded(g, CTF_K_INTEGER, d->name, format, (uint64_t)bits);
  case ATE_FLOAT:
  case ATE_COMPLEX_FLOAT:
    format = float_format(g, bits, d->encoding == ATE_COMPLEX_FLOAT);
    return format ? new_encoded(g, CTF_K_FLOAT, d->name, format, (uint64_t)bits)
                  : 0;
  default:
    return 0;
  }
}

/* Pointers, typedefs and qualifiers: the target first, then the record
   (unless the target's translation made it already, through a cycle).  */
static uint32_t gen_reference(Gen *g, Die *d, uint32_t kind) {
  uint32_t target = gen_ref_type(g, d->type);
  if (g->ids[d->id])
    return g->ids[d->id];
  return new_ref(g, kind, kind == CTF_K_TYPEDEF ? d->name : NULL, target);
}

/* A bit-field's member offset (GCC's field location) and slice offset:
   DWARF 5 places a struct's bit-field by its own bit offset; DWARF 4,
   and union members always, by its storage unit.  */
static void bitfield_place(const Gen *g, const DieMember *dm, bool in_union,
                           int64_t *location, int64_t *slice_off) {
  if (g->opts->dwarf_version >= 5 && !in_union) {
    *location = dm->bit_offset;
    *slice_off = 0;
    return;
  }
  /* GCC finds the field from DW_AT_bit_offset, counted from the unit's
     most significant bit: on either byte order that gives the field's
     distance from the start of its unit.  */
  BitfieldUnit bu = debug_bitfield_unit(dm);
  *location = in_union ? 0 : bu.start_bits;
  *slice_off = dm->bit_offset - bu.start_bits;
}

/* A member's type: a non-root slice of the declared type for a
   bit-field that fits one, unknown for one that does not.  */
static uint32_t member_type(Gen *g, const DieMember *dm, uint32_t type,
                            int64_t slice_off) {
  if (!dm->bit_size)
    return type;
  if (dm->bit_size > 255 || slice_off > 255)
    return unknown_type(g);
  uint32_t id = new_type(g, CTF_K_SLICE, false, NULL, 0, SLICE_WORDS);
  type_of(g, id)->size = encoded_size((uint64_t)dm->bit_size);
  uint32_t *w = words_of(g, id);
  w[0] = type;
  w[1] = (uint32_t)(slice_off & 0xffff) | (uint32_t)dm->bit_size << 16;
  return id;
}

static uint32_t gen_record(Gen *g, Die *d) {
  uint32_t kind = d->kind == DIE_UNION ? CTF_K_UNION : CTF_K_STRUCT;
  if (d->declaration)
    return g->ids[d->id] = new_ref(g, CTF_K_FORWARD, d->name, kind);
  uint32_t id = new_type(g, kind, true, d->name, 0,
                         (size_t)d->nmembers * MEMBER_WORDS);
  type_of(g, id)->size = (uint64_t)d->size;
  g->ids[d->id] = id;
  for (int i = 0; i < d->nmembers; i++) {
    DieMember *dm = &d->members[i];
    uint32_t type = gen_ref_type(g, dm->type);
    int64_t location = kind == CTF_K_UNION ? 0 : dm->bit_offset, slice_off = 0;
    if (dm->bit_size)
      bitfield_place(g, dm, kind == CTF_K_UNION, &location, &slice_off);
    type = member_type(g, dm, type, slice_off);
    /* The first member of a struct and every union member sit at 0.  */
    uint64_t offset = kind == CTF_K_STRUCT && i > 0 ? (uint64_t)location : 0;
    uint32_t *w = words_of(g, id) + (size_t)i * MEMBER_WORDS;
    w[0] = add_str(&g->str, dm->name);
    w[1] = type;
    w[2] = (uint32_t)(offset >> 32);
    w[3] = (uint32_t)offset;
  }
  set_vlen(g, id, (uint32_t)d->nmembers);
  return id;
}

/* An enum keeps the enumerators whose value fits CTF's 32 bits.  */
static uint32_t gen_enum(Gen *g, Die *d) {
  if (d->declaration)
    return g->ids[d->id] = new_ref(g, CTF_K_FORWARD, d->name, CTF_K_ENUM);
  uint32_t id = new_type(g, CTF_K_ENUM, true, d->name, 0,
                         (size_t)d->nenums * ENUMERATOR_WORDS);
  type_of(g, id)->size = (uint64_t)d->size;
  g->ids[d->id] = id;
  uint32_t n = 0;
  for (int i = 0; i < d->nenums; i++) {
    int64_t v = d->enums[i].value;
    if (v > INT32_MAX || v < INT32_MIN)
      continue;
    uint32_t *w = words_of(g, id) + (size_t)n * ENUMERATOR_WORDS;
    w[0] = add_str(&g->str, d->enums[i].name);
    w[1] = (uint32_t)v;
    n++;
  }
  set_vlen(g, id, n);
  return id;
}

/* Dimension I of array D (outermost first) over ELEM: its index type,
   then its inner dimensions, then itself.  */
static uint32_t gen_dimension(Gen *g, Die *d, int i, uint32_t elem) {
  int64_t n = d->dims[i] < 0 ? 0 : d->dims[i];
  if (n > (int64_t)UINT32_MAX)
    return unknown_type(g);
  uint32_t index = gen_ref_type(g, d->index_type);
  uint32_t contents = i == d->ndims - 1 ? elem : gen_dimension(g, d, i + 1, elem);
  uint32_t id = new_type(g, CTF_K_ARRAY, true, NULL, 0, ARRAY_WORDS);
  uint32_t *w = words_of(g, id);
  w[0] = contents;
  w[1] = index;
  w[2] = (uint32_t)n;
  return id;
}

static uint32_t gen_array(Gen *g, Die *d) {
  uint32_t elem = gen_ref_type(g, d->type);
  if (d->ndims < 1)
    return unknown_type(g);
  return gen_dimension(g, d, 0, elem);
}

/* A function type (a subprogram's names it): return type, the record,
   then each parameter's type; a variadic one ends in type 0.  */
static uint32_t gen_function(Gen *g, Die *d, bool subprogram) {
  uint32_t ret = gen_ref_type(g, d->type);
  if (g->ids[d->id])
    return g->ids[d->id];
  uint32_t n = (uint32_t)d->nparams + (d->variadic ? 1 : 0);
  uint32_t id = new_type(g, CTF_K_FUNCTION, true, subprogram ? d->name : NULL,
                         n, n);
  type_of(g, id)->size = ret;
  g->ids[d->id] = id;
  for (int i = 0; i < d->nparams; i++) {
    uint32_t t = gen_ref_type(g, d->params[i].type);
    words_of(g, id)[i] = t;
  }
  return id;
}

static uint32_t gen_type(Gen *g, Die *d) {
  if (g->ids[d->id])
    return g->ids[d->id];
  uint32_t id = 0;
  switch (d->kind) {
  case DIE_BASE:
    id = gen_base(g, d);
    if (!id)
      id = unknown_type(g);
    break;
  case DIE_POINTER:
    id = gen_reference(g, d, CTF_K_POINTER);
    break;
  case DIE_TYPEDEF:
    id = gen_reference(g, d, CTF_K_TYPEDEF);
    break;
  case DIE_CONST:
    id = gen_reference(g, d, CTF_K_CONST);
    break;
  case DIE_VOLATILE:
    id = gen_reference(g, d, CTF_K_VOLATILE);
    break;
  case DIE_RESTRICT:
    id = gen_reference(g, d, CTF_K_RESTRICT);
    break;
  case DIE_ATOMIC: /* no CTF form: the type itself */
    id = gen_ref_type(g, d->type);
    break;
  case DIE_STRUCT:
  case DIE_UNION:
    return gen_record(g, d);
  case DIE_ENUM:
    return gen_enum(g, d);
  case DIE_ARRAY:
    id = gen_array(g, d);
    break;
  case DIE_VECTOR:
  case DIE_UNSPECIFIED:
    id = unknown_type(g);
    break;
  case DIE_SUBROUTINE:
    return gen_function(g, d, false);
  default: /* not a type */
    return 0;
  }
  g->ids[d->id] = id;
  return id;
}

static void gen_variable(Gen *g, Die *d) {
  uint32_t type = gen_ref_type(g, d->type);
  uint32_t name = add_str(&g->str, d->name);
  /* A declaration whose definition follows: GCC makes its record, then
     leaves it out.  */
  if (d->has_definition)
    return;
  CtfVar v = {d->name, name, type};
  vec_push(&g->vars, v);
}

static void translate(Gen *g, const DebugUnit *u) {
  for (size_t i = 0; i < u->dies.len; i++) {
    Die *d = u->dies.data[i];
    switch (d->kind) {
    case DIE_VARIABLE:
      gen_variable(g, d);
      break;
    case DIE_SUBPROGRAM:
      if (!g->ids[d->id])
        vec_push(&g->funcs, gen_function(g, d, true));
      break;
    case DIE_ANNOTATION:
      break;
    default:
      gen_type(g, d);
      break;
    }
  }
}

/* --- Output --- */

static uint32_t trailing_bytes(const CtfType *t) {
  uint32_t vlen = CTF_INFO_VLEN(t->info);
  switch (CTF_INFO_KIND(t->info)) {
  case CTF_K_INTEGER:
  case CTF_K_FLOAT:
    return 4;
  case CTF_K_FUNCTION:
    return (vlen + (vlen & 1)) * 4;
  case CTF_K_ARRAY:
    return 12;
  case CTF_K_SLICE:
    return 8;
  case CTF_K_STRUCT:
  case CTF_K_UNION:
    return vlen * (t->size >= CTF_LSTRUCT_THRESH ? 16 : 12);
  case CTF_K_ENUM:
    return vlen * 8;
  default:
    return 0;
  }
}

static uint32_t record_bytes(const CtfType *t) {
  return (t->size > CTF_MAX_SIZE ? 20 : 12) + trailing_bytes(t);
}

static int var_cmp(const void *a, const void *b) {
  return strcmp(((const CtfVar *)a)->name, ((const CtfVar *)b)->name);
}

static void emit_header(Gen *g, Section *s, uint32_t cuname) {
  sec_data(s, 2, CTF_MAGIC, "CTF preamble magic number");
  sec_data(s, 1, CTF_VERSION_3, "CTF preamble version");
  sec_data(s, 1, CTF_F_NEWFUNCINFO, "CTF preamble flags");
  sec_data(s, 4, 0, "cth_parlabel");
  sec_data(s, 4, 0, "cth_parname");
  sec_data(s, 4, cuname, "cth_cuname");
  uint32_t nobj = (uint32_t)g->vars.len, nfunc = (uint32_t)g->funcs.len;
  uint32_t funcoff = 0, objtidxoff = 0, funcidxoff = 0, varoff = 0,
           typeoff = 0, stroff = 0;
  if (g->types.len) { /* GCC leaves every offset 0 without types */
    funcoff = 4 * nobj;
    objtidxoff = funcoff + 4 * nfunc;
    funcidxoff = objtidxoff + 4 * nobj;
    varoff = funcidxoff + 4 * nfunc;
    typeoff = varoff + 8 * nobj;
    uint32_t typeslen = 0;
    for (size_t i = 0; i < g->types.len; i++)
      typeslen += record_bytes(&g->types.data[i]);
    stroff = typeoff + typeslen;
  }
  sec_data(s, 4, 0, "cth_lbloff");
  sec_data(s, 4, 0, "cth_objtoff");
  sec_data(s, 4, funcoff, "cth_funcoff");
  sec_data(s, 4, objtidxoff, "cth_objtidxoff");
  sec_data(s, 4, funcidxoff, "cth_funcidxoff");
  sec_data(s, 4, varoff, "cth_varoff");
  sec_data(s, 4, typeoff, "cth_typeoff");
  sec_data(s, 4, stroff, "cth_stroff");
  sec_data(s, 4, g->str.len, "cth_strlen");
}

/* Data objects, function info, their name indexes, the variables.  */
static void emit_symbols(Gen *g, Section *s) {
  for (size_t i = 0; i < g->vars.len; i++)
    sec_data(s, 4, g->vars.data[i].type, "objtinfo_var_type");
  for (size_t i = 0; i < g->funcs.len; i++)
    sec_data(s, 4, g->funcs.data[i], "funcinfo_func_type");
  for (size_t i = 0; i < g->vars.len; i++)
    sec_data(s, 4, g->vars.data[i].name_off, "objtinfo_name");
  for (size_t i = 0; i < g->funcs.len; i++)
    sec_data(s, 4, type_of(g, g->funcs.data[i])->name, "funcinfo_name");
  CtfVar *sorted = xmalloc((g->vars.len + 1) * sizeof *sorted);
  if (g->vars.len)
    memcpy(sorted, g->vars.data, g->vars.len * sizeof *sorted);
  qsort(sorted, g->vars.len, sizeof *sorted, var_cmp);
  for (size_t i = 0; i < g->vars.len; i++) {
    sec_data(s, 4, sorted[i].name_off, "ctv_name");
    sec_data(s, 4, sorted[i].type, "ctv_typeidx");
  }
  free(sorted);
}

static void emit_members(Section *s, const CtfType *t, const uint32_t *w) {
  uint32_t vlen = CTF_INFO_VLEN(t->info);
  bool large = t->size >= CTF_LSTRUCT_THRESH;
  for (uint32_t i = 0; i < vlen; i++, w += MEMBER_WORDS) {
    if (large) {
      sec_data(s, 4, w[0], "ctlm_name");
      sec_data(s, 4, w[2], "ctlm_offsethi");
      sec_data(s, 4, w[1], "ctlm_type");
      sec_data(s, 4, w[3], "ctlm_offsetlo");
    } else {
      sec_data(s, 4, w[0], "ctm_name");
      sec_data(s, 4, w[3], "ctm_offset");
      sec_data(s, 4, w[1], "ctm_type");
    }
  }
}

static void emit_type(Gen *g, Section *s, const CtfType *t) {
  const uint32_t *w = g->words.data ? g->words.data + t->words : NULL;
  uint32_t vlen = CTF_INFO_VLEN(t->info);
  sec_data(s, 4, t->name, "ctt_name");
  sec_data(s, 4, t->info, "ctt_info");
  if (t->size > CTF_MAX_SIZE) {
    sec_data(s, 4, CTF_LSIZE_SENT, "ctt_size");
    sec_data(s, 4, t->size >> 32, "ctt_lsizehi");
    sec_data(s, 4, (uint32_t)t->size, "ctt_lsizelo");
  } else {
    sec_data(s, 4, t->size, "ctt_size or ctt_type");
  }
  switch (CTF_INFO_KIND(t->info)) {
  case CTF_K_INTEGER:
  case CTF_K_FLOAT:
    sec_data(s, 4, w[0], "ctf_encoding_data");
    break;
  case CTF_K_FUNCTION:
    for (uint32_t i = 0; i < vlen; i++)
      sec_data(s, 4, w[i], "dtu_argv");
    if (vlen & 1)
      sec_data(s, 4, 0, "dtu_argv_padding");
    break;
  case CTF_K_ARRAY:
    sec_data(s, 4, w[0], "cta_contents");
    sec_data(s, 4, w[1], "cta_index");
    sec_data(s, 4, w[2], "cta_nelems");
    break;
  case CTF_K_SLICE:
    sec_data(s, 4, w[0], "cts_type");
    sec_data(s, 2, w[1] & 0xffff, "cts_offset");
    sec_data(s, 2, w[1] >> 16, "cts_bits");
    break;
  case CTF_K_STRUCT:
  case CTF_K_UNION:
    emit_members(s, t, w);
    break;
  case CTF_K_ENUM:
    for (uint32_t i = 0; i < vlen; i++, w += ENUMERATOR_WORDS) {
      sec_data(s, 4, w[0], "cte_name");
      sec_data(s, 4, w[1], "cte_value");
    }
    break;
  default:
    break;
  }
}

static void emit_strings(Section *s, const Buf *tab) {
  if (!s->keep_items) { /* object output: the table as it is */
    memcpy(sec_tail(s, tab->len), tab->data, tab->len);
    sec_commit(s, tab->len);
    return;
  }
  for (size_t pos = 0; pos < tab->len;) {
    const char *str = tab->data + pos;
    size_t len = strlen(str);
    sec_string(s, str, len, "ctf_string");
    pos += len + 1;
  }
}

static void output(Gen *g, ObjFile *obj, uint32_t cuname) {
  Section *s = section_new(".ctf", SEC_PROGBITS, 0, 1, g->opts->keep_items,
                           g->opts->annotate);
  s->before_text = true;
  sec_label(s, ".Lctf0");
  emit_header(g, s, cuname);
  emit_symbols(g, s);
  for (size_t i = 0; i < g->types.len; i++)
    emit_type(g, s, &g->types.data[i]);
  emit_strings(s, &g->str);
  /* First among the sections: GCC writes .ctf before any code.  */
  vec_push(&obj->sections, s);
  memmove(obj->sections.data + 1, obj->sections.data,
          (obj->sections.len - 1) * sizeof *obj->sections.data);
  obj->sections.data[0] = s;
}

void ctf_generate(const DebugUnit *unit, const CtfOptions *opts, ObjFile *obj) {
  Gen g = {0};
  g.opts = opts;
  g.float_bits = 32;
  g.double_bits = 64;
  g.ldouble_bits = ctx_current->target.arch == ARCH_BPF ? 64 : 128;
  buf_putc(&g.str, 0);
  g.ids = xcalloc(unit->ndies ? unit->ndies : 1, sizeof *g.ids);
  translate(&g, unit);
  uint32_t cuname = add_str(&g.str, opts->cuname);
  output(&g, obj, cuname);
  free(g.ids);
  vec_free(&g.types);
  vec_free(&g.words);
  vec_free(&g.vars);
  vec_free(&g.funcs);
  buf_free(&g.str);
}
