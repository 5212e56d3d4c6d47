/* Offline model of the kernel's BTF verifier (see btf_check.h).

   The structure follows the kernel's two passes so that the first error
   found is the one the kernel reports, with the same log text:
     1. header, sections and strings;
     2. "meta" checks of every record, in id order;
     3. "resolve": a depth-first walk from every type that refers to
        others, with the kernel's stack limit (32), sink rules and loop
        detection, then the FUNC_PROTO checks;
     4. the modifier-chain rule (type tags first, at most 32 long).
   The code is our own; the rules, messages and their order are the
   kernel's.  */
#include "btf_check.h"

#include <stdlib.h>
#include <string.h>

enum {
  MAX_SIZE = 16 * 1024 * 1024, /* BTF_MAX_SIZE */
  MAX_DEPTH = 32,              /* MAX_RESOLVE_DEPTH */
  KSYM_NAME_LEN = 512,
  INT_MASK = 0x0fffffff,
  MAX_TYPE = 0x000fffff,       /* BTF_MAX_TYPE */
  MAX_NAME_OFFSET = 0x00ffffff,
  BITS_PER_U128 = 128,
};

#define INFO_MASK 0x9f00ffffu /* the bits btf_type.info may use */

enum { NOT_VISITED, VISITED, RESOLVED };
enum { MODE_TBD, MODE_PTR, MODE_STRUCT_OR_ARRAY };

/* Outcome of a check step.  SILENT stops a walk that reached a type
   already reported, without a message of its own.  */
enum { OK = 0, FAIL = 1, E_DEPTH = 2, E_LOOP = 3, SILENT = 4 };

typedef struct Vertex {
  uint32_t id;
  uint32_t next_member;
} Vertex;

typedef struct Env {
  const Btf *btf;
  const BtfCheckOptions *opts;
  BtfCheckReport *rep;
  size_t found;
  uint32_t count;   /* ids 0..count-1 exist */
  uint8_t *state;   /* visit state per id */
  uint8_t *failed;  /* per id: reported or depends on a reported type */
  uint32_t *res_id; /* resolved_ids */
  uint32_t *res_size;
  Vertex stack[MAX_DEPTH];
  uint32_t top;
  int mode;
  uint32_t log_id; /* the id the kernel prints in "[%u]" */
  Buf text;        /* the violation being written */
} Env;

/* --- Kernel ctype (lib/ctype.c: Latin-1 letters count as alpha) --- */

static bool k_isalpha(unsigned char c) {
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
    return true;
  return c >= 0xc0 && c != 0xd7 && c != 0xf7;
}

static bool k_isdigit(unsigned char c) { return c >= '0' && c <= '9'; }

static bool k_isprint(unsigned char c) {
  return (c >= 0x20 && c < 0x7f) || c >= 0xa0;
}

/* --- Strings and names --- */

static bool name_offset_valid(const Env *env, uint32_t off) {
  return off <= MAX_NAME_OFFSET && btf_str_by_offset(env->btf, off);
}

/* The name as the kernel's log prints it.  */
static const char *log_name(const Env *env, uint32_t off) {
  if (!off)
    return "(anon)";
  const char *s = btf_str_by_offset(env->btf, off);
  return s ? s : "(invalid-name-offset)";
}

static bool valid_identifier(const Env *env, uint32_t off) {
  const unsigned char *s =
      (const unsigned char *)btf_str_by_offset(env->btf, off);
  if (!s || !(k_isalpha(*s) || *s == '_' || *s == '.'))
    return false;
  const unsigned char *limit = s + KSYM_NAME_LEN;
  for (s++; *s && s < limit; s++)
    if (!(k_isalpha(*s) || k_isdigit(*s) || *s == '_' || *s == '.'))
      return false;
  return !*s;
}

static bool valid_section_name(const Env *env, uint32_t off) {
  if (env->opts->datasec_identifier)
    return valid_identifier(env, off);
  const unsigned char *s =
      (const unsigned char *)btf_str_by_offset(env->btf, off);
  if (!s || !*s)
    return false;
  const unsigned char *limit = s + KSYM_NAME_LEN;
  for (; *s && s < limit; s++)
    if (!k_isprint(*s))
      return false;
  return !*s;
}

/* --- Reporting --- */

static void emit(Env *env, uint32_t type_id) {
  BtfViolation v = {type_id, xstrdup(buf_cstr(&env->text))};
  vec_push(&env->rep->items, v);
  env->found++;
  env->text.len = 0;
}

/* A plain kernel log line (btf_verifier_log).  */
static void log_plain(Env *env, uint32_t type_id, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static void log_plain(Env *env, uint32_t type_id, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&env->text, fmt, ap);
  va_end(ap);
  emit(env, type_id);
}

static void int_details(const BtfType *t, Buf *b) {
  static const char *const enc[] = {"(none)", "SIGNED", "CHAR", "UNKN",
                                    "BOOL"};
  uint32_t v = btf_int_data(t);
  uint32_t e = BTF_INT_ENCODING(v);
  buf_printf(b, "size=%u bits_offset=%u nr_bits=%u encoding=%s", t->size,
             BTF_INT_OFFSET(v), BTF_INT_BITS(v), e <= 4 ? enc[e] : "UNKN");
}

static void func_proto_details(const Env *env, const BtfType *t, Buf *b) {
  const BtfParam *a = btf_params(t);
  uint32_t n = btf_vlen(t);
  buf_printf(b, "return=%u args=(", t->type);
  if (n == 0) {
    buf_puts(b, "void");
  } else if (n == 1 && !a[0].type) {
    buf_puts(b, "vararg");
  } else {
    buf_printf(b, "%u %s", a[0].type, log_name(env, a[0].name_off));
    for (uint32_t i = 1; i + 1 < n; i++)
      buf_printf(b, ", %u %s", a[i].type, log_name(env, a[i].name_off));
    if (n > 1) {
      const BtfParam *last = &a[n - 1];
      if (last->type)
        buf_printf(b, ", %u %s", last->type, log_name(env, last->name_off));
      else
        buf_puts(b, ", vararg");
    }
  }
  buf_putc(b, ')');
}

/* The per-kind detail the kernel prints after "[id] KIND name ".  */
static void type_details(const Env *env, const BtfType *t, Buf *b) {
  switch (btf_kind(t)) {
  case BTF_KIND_INT:
    int_details(t, b);
    break;
  case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
  case BTF_KIND_CONST: case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
  case BTF_KIND_FUNC:
    buf_printf(b, "type_id=%u", t->type);
    break;
  case BTF_KIND_FWD:
    buf_puts(b, btf_kflag(t) ? "union" : "struct");
    break;
  case BTF_KIND_ARRAY:
    buf_printf(b, "type_id=%u index_type_id=%u nr_elems=%u",
               btf_array(t)->type, btf_array(t)->index_type,
               btf_array(t)->nelems);
    break;
  case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_ENUM:
  case BTF_KIND_ENUM64: case BTF_KIND_DATASEC:
    buf_printf(b, "size=%u vlen=%u", t->size, btf_vlen(t));
    break;
  case BTF_KIND_FUNC_PROTO:
    func_proto_details(env, t, b);
    break;
  case BTF_KIND_VAR:
    buf_printf(b, "type_id=%u linkage=%u", t->type, btf_var(t)->linkage);
    break;
  case BTF_KIND_FLOAT:
    buf_printf(b, "size=%u", t->size);
    break;
  case BTF_KIND_DECL_TAG:
    buf_printf(b, "type=%u component_idx=%d", t->type,
               btf_decl_tag(t)->component_idx);
    break;
  }
}

/* "[id] KIND name[ details]" (btf_verifier_log_type without message).  */
static void type_line(Env *env, const BtfType *t, bool details) {
  buf_printf(&env->text, "[%u] %s %s%s", env->log_id,
             btf_kind_str(btf_kind(t)), log_name(env, t->name_off),
             details ? " " : "");
  if (details)
    type_details(env, t, &env->text);
}

static void vlog_msg(Env *env, const char *fmt, va_list ap) {
  buf_putc(&env->text, ' ');
  buf_vprintf(&env->text, fmt, ap);
}

/* btf_verifier_log_type: the type's line with the message appended.  */
static int log_type(Env *env, const BtfType *t, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static int log_type(Env *env, const BtfType *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  type_line(env, t, true);
  vlog_msg(env, fmt, ap);
  va_end(ap);
  emit(env, env->log_id);
  return FAIL;
}

/* btf_verifier_log_basic: the same without the kind's details.  */
static int log_basic(Env *env, const BtfType *t, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static int log_basic(Env *env, const BtfType *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  type_line(env, t, false);
  vlog_msg(env, fmt, ap);
  va_end(ap);
  emit(env, env->log_id);
  return FAIL;
}

/* btf_verifier_log_member: the struct's line, then the member's.  */
static int log_member(Env *env, const BtfType *s, const BtfMember *m,
                      const char *fmt, ...) PRINTF_LIKE(4, 5);
static int log_member(Env *env, const BtfType *s, const BtfMember *m,
                      const char *fmt, ...) {
  type_line(env, s, true);
  buf_putc(&env->text, '\n');
  if (btf_kflag(s))
    buf_printf(&env->text, "\t%s type_id=%u bitfield_size=%u bits_offset=%u",
               log_name(env, m->name_off), m->type,
               BTF_MEMBER_BITFIELD_SIZE(m->offset),
               BTF_MEMBER_BIT_OFFSET(m->offset));
  else
    buf_printf(&env->text, "\t%s type_id=%u bits_offset=%u",
               log_name(env, m->name_off), m->type, m->offset);
  va_list ap;
  va_start(ap, fmt);
  vlog_msg(env, fmt, ap);
  va_end(ap);
  emit(env, env->log_id);
  return FAIL;
}

/* btf_verifier_log_vsi: the DATASEC's line, then the entry's.  */
static int log_vsi(Env *env, const BtfType *sec, const BtfVarSecinfo *v,
                   const char *msg) {
  type_line(env, sec, true);
  buf_printf(&env->text, "\n\t type_id=%u offset=%u size=%u %s", v->type,
             v->offset, v->size, msg);
  emit(env, env->log_id);
  return FAIL;
}

/* --- Meta checks (pass 2): one record on its own --- */

static int int_meta(Env *env, const BtfType *t, uint32_t left) {
  if (left < 4)
    return log_basic(env, t, "meta_left:%u meta_needed:4", left);
  if (btf_vlen(t))
    return log_type(env, t, "vlen != 0");
  if (btf_kflag(t))
    return log_type(env, t, "Invalid btf_info kind_flag");
  uint32_t v = btf_int_data(t);
  if (v & ~(uint32_t)INT_MASK)
    return log_basic(env, t, "Invalid int_data:%x", v);
  uint32_t bits = BTF_INT_BITS(v) + BTF_INT_OFFSET(v);
  if (bits > BITS_PER_U128)
    return log_type(env, t, "nr_bits exceeds %d", BITS_PER_U128);
  if ((bits + 7) / 8 > t->size)
    return log_type(env, t, "nr_bits exceeds type_size");
  uint32_t enc = BTF_INT_ENCODING(v);
  if (enc && enc != BTF_INT_SIGNED && enc != BTF_INT_CHAR &&
      enc != BTF_INT_BOOL)
    return log_type(env, t, "Unsupported encoding");
  return OK;
}

/* PTR, TYPEDEF, VOLATILE, CONST, RESTRICT, TYPE_TAG.  */
static int ref_meta(Env *env, const BtfType *t) {
  unsigned kind = btf_kind(t);
  if (btf_vlen(t))
    return log_type(env, t, "vlen != 0");
  if (btf_kflag(t) &&
      (kind != BTF_KIND_TYPE_TAG || env->opts->tag_kflag_zero))
    return log_type(env, t, "Invalid btf_info kind_flag");
  if (t->type > MAX_TYPE)
    return log_type(env, t, "Invalid type_id");
  if (kind == BTF_KIND_TYPEDEF) {
    if (!t->name_off || !valid_identifier(env, t->name_off))
      return log_type(env, t, "Invalid name");
  } else if (kind == BTF_KIND_TYPE_TAG) {
    const char *v = btf_str_by_offset(env->btf, t->name_off);
    if (!v || !*v)
      return log_type(env, t, "Invalid name");
  } else if (t->name_off) {
    return log_type(env, t, "Invalid name");
  }
  return OK;
}

static int fwd_meta(Env *env, const BtfType *t) {
  if (btf_vlen(t))
    return log_type(env, t, "vlen != 0");
  if (t->type)
    return log_type(env, t, "type != 0");
  if (!t->name_off || !valid_identifier(env, t->name_off))
    return log_type(env, t, "Invalid name");
  return OK;
}

static int array_meta(Env *env, const BtfType *t, uint32_t left) {
  if (left < sizeof(BtfArray))
    return log_basic(env, t, "meta_left:%u meta_needed:%zu", left,
                     sizeof(BtfArray));
  const BtfArray *a = btf_array(t);
  if (t->name_off)
    return log_type(env, t, "Invalid name");
  if (btf_vlen(t))
    return log_type(env, t, "vlen != 0");
  if (btf_kflag(t))
    return log_type(env, t, "Invalid btf_info kind_flag");
  if (t->size)
    return log_type(env, t, "size != 0");
  if (!a->type || a->type > MAX_TYPE)
    return log_type(env, t, "Invalid elem");
  if (!a->index_type || a->index_type > MAX_TYPE)
    return log_type(env, t, "Invalid index");
  return OK;
}

static int struct_meta(Env *env, const BtfType *t, uint32_t left) {
  uint32_t need = btf_vlen(t) * (uint32_t)sizeof(BtfMember);
  if (left < need)
    return log_basic(env, t, "meta_left:%u meta_needed:%u", left, need);
  if (t->name_off && !valid_identifier(env, t->name_off))
    return log_type(env, t, "Invalid name");
  bool is_union = btf_kind(t) == BTF_KIND_UNION;
  uint32_t last = 0;
  const BtfMember *m = btf_members(t);
  for (uint32_t i = 0; i < btf_vlen(t); i++, m++) {
    if (!name_offset_valid(env, m->name_off))
      return log_member(env, t, m, "Invalid member name_offset:%u",
                        m->name_off);
    if (m->name_off && !valid_identifier(env, m->name_off))
      return log_member(env, t, m, "Invalid name");
    if (!m->type || m->type > MAX_TYPE)
      return log_member(env, t, m, "Invalid type_id");
    uint32_t off = btf_member_bit_offset(t, m);
    if ((is_union && off) || last > off)
      return log_member(env, t, m, "Invalid member bits_offset");
    if ((off + 7ULL) / 8 > t->size)
      return log_member(env, t, m,
                        "Member bits_offset exceeds its struct size");
    last = off;
  }
  return OK;
}

static int enum_meta(Env *env, const BtfType *t, uint32_t left) {
  bool is64 = btf_kind(t) == BTF_KIND_ENUM64;
  uint32_t esize = is64 ? sizeof(BtfEnum64) : sizeof(BtfEnum);
  uint32_t need = btf_vlen(t) * esize;
  if (left < need)
    return log_basic(env, t, "meta_left:%u meta_needed:%u", left, need);
  if (t->size > 8 || !t->size || (t->size & (t->size - 1)))
    return log_type(env, t, "Unexpected size");
  if (t->name_off && !valid_identifier(env, t->name_off))
    return log_type(env, t, "Invalid name");
  for (uint32_t i = 0; i < btf_vlen(t); i++) {
    uint32_t name_off = is64 ? btf_enum64s(t)[i].name_off
                             : btf_enums(t)[i].name_off;
    if (!name_offset_valid(env, name_off)) {
      /* The kernel logs this under the enum's line and its earlier
         enumerators; the enum's line and the message are what matter.  */
      type_line(env, t, true);
      log_plain(env, env->log_id, "\n\tInvalid name_offset:%u", name_off);
      return FAIL;
    }
    if (!name_off || !valid_identifier(env, name_off))
      return log_type(env, t, "Invalid name");
  }
  return OK;
}

static int func_proto_meta(Env *env, const BtfType *t, uint32_t left) {
  uint32_t need = btf_vlen(t) * (uint32_t)sizeof(BtfParam);
  if (left < need)
    return log_basic(env, t, "meta_left:%u meta_needed:%u", left, need);
  if (t->name_off)
    return log_type(env, t, "Invalid name");
  if (btf_kflag(t))
    return log_type(env, t, "Invalid btf_info kind_flag");
  return OK;
}

static int func_meta(Env *env, const BtfType *t) {
  if (!t->name_off || !valid_identifier(env, t->name_off))
    return log_type(env, t, "Invalid name");
  if (btf_vlen(t) > BTF_FUNC_GLOBAL)
    return log_type(env, t, "Invalid func linkage");
  if (btf_kflag(t))
    return log_type(env, t, "Invalid btf_info kind_flag");
  return OK;
}

static int var_meta(Env *env, const BtfType *t, uint32_t left) {
  if (left < sizeof(BtfVar))
    return log_basic(env, t, "meta_left:%u meta_needed:%zu", left,
                     sizeof(BtfVar));
  if (btf_vlen(t))
    return log_type(env, t, "vlen != 0");
  if (btf_kflag(t))
    return log_type(env, t, "Invalid btf_info kind_flag");
  if (!t->name_off || !valid_identifier(env, t->name_off))
    return log_type(env, t, "Invalid name");
  if (!t->type || t->type > MAX_TYPE)
    return log_type(env, t, "Invalid type_id");
  uint32_t linkage = btf_var(t)->linkage;
  if (linkage != BTF_VAR_STATIC && linkage != BTF_VAR_GLOBAL_ALLOCATED)
    return log_type(env, t, "Linkage not supported");
  return OK;
}

static int datasec_meta(Env *env, const BtfType *t, uint32_t left) {
  uint32_t need = btf_vlen(t) * (uint32_t)sizeof(BtfVarSecinfo);
  if (left < need)
    return log_basic(env, t, "meta_left:%u meta_needed:%u", left, need);
  if (!t->size)
    return log_type(env, t, "size == 0");
  if (btf_kflag(t))
    return log_type(env, t, "Invalid btf_info kind_flag");
  if (!t->name_off || !valid_section_name(env, t->name_off))
    return log_type(env, t, "Invalid name");
  uint64_t last_end = 0, sum = 0;
  const BtfVarSecinfo *v = btf_secinfos(t);
  for (uint32_t i = 0; i < btf_vlen(t); i++, v++) {
    if (!v->type || v->type > MAX_TYPE)
      return log_vsi(env, t, v, "Invalid type_id");
    if (v->offset < last_end || v->offset >= t->size)
      return log_vsi(env, t, v, "Invalid offset");
    if (!v->size || v->size > t->size)
      return log_vsi(env, t, v, "Invalid size");
    last_end = (uint64_t)v->offset + v->size;
    if (last_end > t->size)
      return log_vsi(env, t, v, "Invalid offset+size");
    sum += v->size;
  }
  if (t->size < sum)
    return log_type(env, t, "Invalid btf_info size");
  return OK;
}

static int float_meta(Env *env, const BtfType *t) {
  if (btf_vlen(t))
    return log_type(env, t, "vlen != 0");
  if (btf_kflag(t))
    return log_type(env, t, "Invalid btf_info kind_flag");
  uint32_t s = t->size;
  if (s != 2 && s != 4 && s != 8 && s != 12 && s != 16)
    return log_type(env, t, "Invalid type_size");
  return OK;
}

static int decl_tag_meta(Env *env, const BtfType *t, uint32_t left) {
  if (left < sizeof(BtfDeclTag))
    return log_basic(env, t, "meta_left:%u meta_needed:%zu", left,
                     sizeof(BtfDeclTag));
  const char *v = btf_str_by_offset(env->btf, t->name_off);
  if (!v || !*v)
    return log_type(env, t, "Invalid value");
  if (btf_vlen(t))
    return log_type(env, t, "vlen != 0");
  if (btf_kflag(t) && env->opts->tag_kflag_zero)
    return log_type(env, t, "Invalid btf_info kind_flag");
  if (btf_decl_tag(t)->component_idx < -1)
    return log_type(env, t, "Invalid component_idx");
  return OK;
}

/* btf_check_meta: the checks common to all kinds, then the kind's own.
   LEFT counts the bytes after the 12-byte common part.  */
static int check_meta(Env *env, const BtfType *t, uint32_t left) {
  if (t->info & ~INFO_MASK) {
    log_plain(env, env->log_id, "[%u] Invalid btf_info:%x", env->log_id,
              t->info);
    return FAIL;
  }
  unsigned kind = btf_kind(t);
  if (kind > BTF_KIND_MAX || kind == BTF_KIND_UNKN) {
    log_plain(env, env->log_id, "[%u] Invalid kind:%u", env->log_id, kind);
    return FAIL;
  }
  if (!name_offset_valid(env, t->name_off)) {
    log_plain(env, env->log_id, "[%u] Invalid name_offset:%u", env->log_id,
              t->name_off);
    return FAIL;
  }
  switch (kind) {
  case BTF_KIND_INT: return int_meta(env, t, left);
  case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
  case BTF_KIND_CONST: case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
    return ref_meta(env, t);
  case BTF_KIND_FWD: return fwd_meta(env, t);
  case BTF_KIND_ARRAY: return array_meta(env, t, left);
  case BTF_KIND_STRUCT: case BTF_KIND_UNION: return struct_meta(env, t, left);
  case BTF_KIND_ENUM: case BTF_KIND_ENUM64: return enum_meta(env, t, left);
  case BTF_KIND_FUNC_PROTO: return func_proto_meta(env, t, left);
  case BTF_KIND_FUNC: return func_meta(env, t);
  case BTF_KIND_VAR: return var_meta(env, t, left);
  case BTF_KIND_DATASEC: return datasec_meta(env, t, left);
  case BTF_KIND_FLOAT: return float_meta(env, t);
  case BTF_KIND_DECL_TAG: return decl_tag_meta(env, t, left);
  }
  return OK;
}

/* Pass 2 over every record.  Returns false when the records could not
   all be framed (the kernel, and so we, cannot go further).  */
static bool check_all_metas(Env *env) {
  const Btf *btf = env->btf;
  for (uint32_t i = 0; i < btf->nr_types; i++) {
    uint32_t id = btf->start_id + i;
    const BtfType *t = btf_type_by_id(btf, id);
    env->log_id = id;
    /* Like the kernel, count the bytes left to the end of the section.  */
    if (check_meta(env, t, btf->hdr.type_len - btf->type_offs[i] - 12) != OK)
      env->failed[id] = 1;
    else if (id >= MAX_TYPE) {
      log_plain(env, 0, "Exceeded max num of types");
      return false;
    }
  }
  const BtfFrame *fr = &btf->frame;
  if (fr->stop == BTF_FRAME_NONE)
    return true;
  env->log_id = fr->id;
  if (fr->stop == BTF_FRAME_SHORT) {
    log_plain(env, fr->id, "[%u] meta_left:%u meta_needed:12", fr->id,
              fr->left);
  } else {
    const BtfType *t =
        (const BtfType *)((const char *)btf->type_data + fr->offset);
    check_meta(env, t, fr->left);
  }
  return false;
}

/* --- Kind predicates, as the kernel groups kinds --- */

static unsigned kind_of(const BtfType *t) { return btf_kind(t); }

static bool is_modifier(const BtfType *t) {
  switch (kind_of(t)) {
  case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
  case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
    return true;
  }
  return false;
}

static bool is_struct(const BtfType *t) {
  return kind_of(t) == BTF_KIND_STRUCT || kind_of(t) == BTF_KIND_UNION;
}

static bool is_kind(const BtfType *t, unsigned kind) {
  return t && kind_of(t) == kind;
}

static bool is_nosize(const BtfType *t) {
  switch (kind_of(t)) {
  case BTF_KIND_UNKN: case BTF_KIND_FWD: case BTF_KIND_FUNC:
  case BTF_KIND_FUNC_PROTO: case BTF_KIND_DECL_TAG:
    return true;
  }
  return false;
}

static bool nosize_or_null(const BtfType *t) { return !t || is_nosize(t); }

static bool is_source_only(const BtfType *t) {
  unsigned k = kind_of(t);
  return k == BTF_KIND_VAR || k == BTF_KIND_DECL_TAG || k == BTF_KIND_DATASEC;
}

static bool needs_resolve(const BtfType *t) {
  unsigned k = kind_of(t);
  return is_modifier(t) || k == BTF_KIND_PTR || is_struct(t) ||
         k == BTF_KIND_ARRAY || k == BTF_KIND_VAR || k == BTF_KIND_FUNC ||
         k == BTF_KIND_DECL_TAG || k == BTF_KIND_DATASEC;
}

static bool has_size(const BtfType *t) {
  switch (kind_of(t)) {
  case BTF_KIND_INT: case BTF_KIND_STRUCT: case BTF_KIND_UNION:
  case BTF_KIND_ENUM: case BTF_KIND_DATASEC: case BTF_KIND_FLOAT:
  case BTF_KIND_ENUM64:
    return true;
  }
  return false;
}

/* A "regular" int: whole bytes, no bit offset, 1/2/4/8/16 bytes.  */
static bool int_is_regular(const BtfType *t) {
  uint32_t v = btf_int_data(t);
  uint32_t bits = BTF_INT_BITS(v), bytes = (bits + 7) / 8;
  return !(bits & 7) && !BTF_INT_OFFSET(v) &&
         (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 ||
          bytes == 16);
}

static const BtfType *type_at(const Env *env, uint32_t id) {
  return btf_type_by_id(env->btf, id);
}

/* --- Resolution state --- */

static bool is_resolved(const Env *env, uint32_t id) {
  return id < env->count && env->state[id] == RESOLVED;
}

static bool is_sink(const Env *env, const BtfType *next) {
  switch (env->mode) {
  case MODE_PTR:
    return !is_modifier(next) && !is_kind(next, BTF_KIND_PTR);
  case MODE_STRUCT_OR_ARRAY:
    return !is_modifier(next) && !is_kind(next, BTF_KIND_ARRAY) &&
           !is_struct(next);
  default:
    return !needs_resolve(next);
  }
}

static int push(Env *env, const BtfType *t, uint32_t id) {
  if (env->top == MAX_DEPTH)
    return E_DEPTH;
  if (env->state[id] != NOT_VISITED)
    return E_LOOP;
  env->state[id] = VISITED;
  env->stack[env->top++] = (Vertex){id, 0};
  if (env->mode == MODE_TBD) {
    if (is_kind(t, BTF_KIND_PTR))
      env->mode = MODE_PTR;
    else if (is_struct(t) || is_kind(t, BTF_KIND_ARRAY))
      env->mode = MODE_STRUCT_OR_ARRAY;
  }
  return OK;
}

static void pop_resolved(Env *env, uint32_t res_id, uint32_t res_size) {
  uint32_t id = env->stack[--env->top].id;
  env->res_id[id] = res_id;
  env->res_size[id] = res_size;
  env->state[id] = RESOLVED;
}

/* A walk that reaches a type already reported stops quietly.  */
static int poisoned(const Env *env, uint32_t id) {
  return id < env->count && env->failed[id] ? SILENT : OK;
}

/* btf_type_id_size: the sized type behind *ID (following a resolved
   modifier or VAR), updating *ID; NULL if there is none.  */
static const BtfType *type_id_size(const Env *env, uint32_t *id,
                                   uint32_t *size_out) {
  uint32_t sid = *id;
  const BtfType *t = type_at(env, sid);
  uint32_t size;
  if (nosize_or_null(t))
    return NULL;
  if (has_size(t)) {
    size = t->size;
  } else if (is_kind(t, BTF_KIND_ARRAY)) {
    size = env->res_size[sid];
  } else if (is_kind(t, BTF_KIND_PTR)) {
    size = 8;
  } else if (is_modifier(t) || is_kind(t, BTF_KIND_VAR)) {
    sid = env->res_id[sid];
    t = type_at(env, sid);
    if (nosize_or_null(t))
      return NULL;
    if (has_size(t))
      size = t->size;
    else if (is_kind(t, BTF_KIND_ARRAY))
      size = env->res_size[sid];
    else if (is_kind(t, BTF_KIND_PTR))
      size = 8;
    else
      return NULL;
  } else {
    return NULL;
  }
  *id = sid;
  if (size_out)
    *size_out = size;
  return t;
}

/* btf_type_id_resolve.  */
static const BtfType *type_id_resolve(const Env *env, uint32_t *id) {
  *id = env->res_id[*id];
  return type_at(env, *id);
}

/* --- Struct member checks (per member type kind) --- */

static int check_member_of(Env *env, const BtfType *s, const BtfMember *m,
                           const BtfType *mt, bool kflag);

static int int_member(Env *env, const BtfType *s, const BtfMember *m,
                      const BtfType *mt) {
  uint32_t v = btf_int_data(mt), off = m->offset;
  if (UINT32_MAX - off < BTF_INT_OFFSET(v))
    return log_member(env, s, m, "bits_offset exceeds U32_MAX");
  off += BTF_INT_OFFSET(v);
  uint32_t bytes_off = off / 8;
  uint32_t copy_bits = BTF_INT_BITS(v) + (off & 7);
  if (copy_bits > BITS_PER_U128)
    return log_member(env, s, m, "nr_copy_bits exceeds 128");
  if (s->size < bytes_off || s->size - bytes_off < (copy_bits + 7) / 8)
    return log_member(env, s, m, "Member exceeds struct_size");
  return OK;
}

static int int_kflag_member(Env *env, const BtfType *s, const BtfMember *m,
                            const BtfType *mt) {
  if (!int_is_regular(mt))
    return log_member(env, s, m, "Invalid member base type");
  uint32_t bits = BTF_MEMBER_BITFIELD_SIZE(m->offset);
  uint32_t off = BTF_MEMBER_BIT_OFFSET(m->offset);
  uint32_t int_bits = BTF_INT_BITS(btf_int_data(mt));
  if (!bits) {
    if (off & 7)
      return log_member(env, s, m, "Invalid member offset");
    bits = int_bits;
  } else if (bits > int_bits) {
    return log_member(env, s, m, "Invalid member bitfield_size");
  }
  uint32_t bytes_off = off / 8, copy_bits = bits + (off & 7);
  if (copy_bits > BITS_PER_U128)
    return log_member(env, s, m, "nr_copy_bits exceeds 128");
  if (s->size < bytes_off || s->size - bytes_off < (copy_bits + 7) / 8)
    return log_member(env, s, m, "Member exceeds struct_size");
  return OK;
}

static int enum_kflag_member(Env *env, const BtfType *s, const BtfMember *m) {
  uint32_t off = BTF_MEMBER_BIT_OFFSET(m->offset);
  uint32_t bits = BTF_MEMBER_BITFIELD_SIZE(m->offset);
  if (!bits) {
    if (off & 7)
      return log_member(env, s, m, "Member is not byte aligned");
    bits = 32;
  } else if (bits > 32) {
    return log_member(env, s, m, "Invalid member bitfield_size");
  }
  if (s->size < (off + bits + 7ULL) / 8)
    return log_member(env, s, m, "Member exceeds struct_size");
  return OK;
}

/* Byte-aligned members of a known size: struct, union, enum, array,
   pointer.  The subtraction wraps like the kernel's u32 arithmetic.  */
static int sized_member(Env *env, const BtfType *s, const BtfMember *m,
                        uint32_t size) {
  if (m->offset & 7)
    return log_member(env, s, m, "Member is not byte aligned");
  if (s->size - m->offset / 8 < size)
    return log_member(env, s, m, "Member exceeds struct_size");
  return OK;
}

static int float_member(Env *env, const BtfType *s, const BtfMember *m,
                        const BtfType *mt) {
  uint64_t align = mt->size < 8 ? mt->size : 8;
  if (align && m->offset % (align * 8))
    return log_member(env, s, m, "Member is not properly aligned");
  if ((uint64_t)m->offset / 8 + mt->size > s->size)
    return log_member(env, s, m, "Member exceeds struct_size");
  return OK;
}

/* A modifier member is checked as the type it resolves to, and logged
   with that type's id.  */
static int modifier_member(Env *env, const BtfType *s, const BtfMember *m,
                           bool kflag) {
  uint32_t id = m->type;
  const BtfType *rt = type_id_size(env, &id, NULL);
  if (!rt)
    return log_member(env, s, m, "Invalid member");
  BtfMember rm = *m;
  rm.type = id;
  return check_member_of(env, s, &rm, rt, kflag);
}

/* The kernel's check_member / check_kflag_member callbacks.  */
static int check_member_of(Env *env, const BtfType *s, const BtfMember *m,
                           const BtfType *mt, bool kflag) {
  unsigned kind = kind_of(mt);
  if (is_modifier(mt))
    return modifier_member(env, s, m, kflag);
  if (kind == BTF_KIND_INT)
    return kflag ? int_kflag_member(env, s, m, mt) : int_member(env, s, m, mt);
  if (kind == BTF_KIND_ENUM || kind == BTF_KIND_ENUM64) {
    if (kflag)
      return enum_kflag_member(env, s, m);
    return sized_member(env, s, m, mt->size);
  }
  if (kind == BTF_KIND_PTR || kind == BTF_KIND_ARRAY || is_struct(mt) ||
      kind == BTF_KIND_FLOAT) {
    /* btf_generic_check_kflag_member, then the plain check.  */
    if (kflag && BTF_MEMBER_BITFIELD_SIZE(m->offset))
      return log_member(env, s, m, "Invalid member bitfield_size");
    if (kind == BTF_KIND_FLOAT)
      return float_member(env, s, m, mt);
    if (kind == BTF_KIND_PTR)
      return sized_member(env, s, m, 8);
    if (kind == BTF_KIND_ARRAY) {
      uint32_t id = m->type, size = 0;
      type_id_size(env, &id, &size);
      return sized_member(env, s, m, size);
    }
    return sized_member(env, s, m, mt->size);
  }
  log_basic(env, s, kflag ? "Unsupported check_kflag_member"
                          : "Unsupported check_member");
  return FAIL;
}

/* --- Resolve (pass 3): one step of the walk for the vertex on top --- */

static int modifier_resolve(Env *env, const BtfType *t, bool is_ptr,
                            bool is_var) {
  uint32_t next_id = t->type;
  const BtfType *next = type_at(env, next_id);
  if (!next || is_source_only(next))
    return log_type(env, t, "Invalid type_id");
  if (poisoned(env, next_id))
    return SILENT;
  if (!is_sink(env, next) && !is_resolved(env, next_id))
    return push(env, next, next_id);
  if ((is_ptr || is_var) && is_modifier(next)) {
    /* A modifier resolved while walking a struct may stop at a pointer;
       walk on from there so a pointer loop is still found.  */
    uint32_t rid = next_id;
    const BtfType *rt = type_id_resolve(env, &rid);
    if (is_kind(rt, BTF_KIND_PTR) && !is_sink(env, rt) &&
        !is_resolved(env, rid))
      return push(env, rt, rid);
  }
  if (!type_id_size(env, &next_id, NULL)) {
    if (is_var)
      return log_type(env, t, "Invalid type_id");
    if (is_resolved(env, next_id))
      next = type_id_resolve(env, &next_id);
    if (next != type_at(env, 0) && !is_kind(next, BTF_KIND_FWD) &&
        !is_kind(next, BTF_KIND_FUNC_PROTO))
      return log_type(env, t, "Invalid type_id");
  }
  pop_resolved(env, next_id, 0);
  return OK;
}

static int array_resolve(Env *env, const BtfType *t) {
  const BtfArray *a = btf_array(t);
  uint32_t index_id = a->index_type;
  const BtfType *index = type_at(env, index_id);
  if (nosize_or_null(index) || is_source_only(index))
    return log_type(env, t, "Invalid index");
  if (poisoned(env, index_id))
    return SILENT;
  if (!is_sink(env, index) && !is_resolved(env, index_id))
    return push(env, index, index_id);
  index = type_id_size(env, &index_id, NULL);
  if (!index || !is_kind(index, BTF_KIND_INT) || !int_is_regular(index))
    return log_type(env, t, "Invalid index");

  uint32_t elem_id = a->type, elem_size = 0;
  const BtfType *elem = type_at(env, elem_id);
  if (nosize_or_null(elem) || is_source_only(elem))
    return log_type(env, t, "Invalid elem");
  if (poisoned(env, elem_id))
    return SILENT;
  if (!is_sink(env, elem) && !is_resolved(env, elem_id))
    return push(env, elem, elem_id);
  elem = type_id_size(env, &elem_id, &elem_size);
  if (!elem)
    return log_type(env, t, "Invalid elem");
  if (is_kind(elem, BTF_KIND_INT) && !int_is_regular(elem))
    return log_type(env, t, "Invalid array of int");
  if (a->nelems && elem_size > UINT32_MAX / a->nelems)
    return log_type(env, t, "Array size overflows U32_MAX");
  pop_resolved(env, elem_id, elem_size * a->nelems);
  return OK;
}

static int struct_resolve(Env *env, const BtfType *t, Vertex *v) {
  bool kflag = btf_kflag(t);
  const BtfMember *m = btf_members(t);
  if (v->next_member) {
    /* The member pushed last is resolved now: check it.  */
    const BtfMember *last = &m[v->next_member - 1];
    int err = check_member_of(env, t, last, type_at(env, last->type), kflag);
    if (err)
      return err;
  }
  for (uint32_t i = v->next_member; i < btf_vlen(t); i++) {
    const BtfType *mt = type_at(env, m[i].type);
    if (nosize_or_null(mt) || is_source_only(mt))
      return log_member(env, t, &m[i], "Invalid member");
    if (poisoned(env, m[i].type))
      return SILENT;
    if (!is_sink(env, mt) && !is_resolved(env, m[i].type)) {
      v->next_member = i + 1;
      return push(env, mt, m[i].type);
    }
    int err = check_member_of(env, t, &m[i], mt, kflag);
    if (err)
      return err;
  }
  pop_resolved(env, 0, 0);
  return OK;
}

static int datasec_resolve(Env *env, const BtfType *t, Vertex *v) {
  env->mode = MODE_TBD;
  const BtfVarSecinfo *s = btf_secinfos(t);
  for (uint32_t i = v->next_member; i < btf_vlen(t); i++) {
    const BtfType *var = type_at(env, s[i].type);
    if (!is_kind(var, BTF_KIND_VAR))
      return log_vsi(env, t, &s[i], "Not a VAR kind member");
    if (poisoned(env, s[i].type))
      return SILENT;
    if (!is_sink(env, var) && !is_resolved(env, s[i].type)) {
      v->next_member = i + 1;
      return push(env, var, s[i].type);
    }
    uint32_t id = var->type, size = 0;
    if (!type_id_size(env, &id, &size))
      return log_vsi(env, t, &s[i], "Invalid type");
    if (s[i].size < size)
      return log_vsi(env, t, &s[i], "Invalid size");
  }
  pop_resolved(env, 0, 0);
  return OK;
}

static int func_resolve(Env *env, const BtfType *t) {
  const BtfType *proto = type_at(env, t->type);
  if (!is_kind(proto, BTF_KIND_FUNC_PROTO))
    return log_type(env, t, "Invalid type_id");
  const BtfParam *p = btf_params(proto);
  for (uint32_t i = 0; i < btf_vlen(proto); i++)
    if (!p[i].name_off && p[i].type)
      return log_type(env, t, "Invalid arg#%u", i + 1);
  pop_resolved(env, t->type, 0);
  return OK;
}

static int decl_tag_resolve(Env *env, const BtfType *t) {
  uint32_t next_id = t->type;
  const BtfType *next = type_at(env, next_id);
  if (!next || !(is_kind(next, BTF_KIND_FUNC) || is_struct(next) ||
                 is_kind(next, BTF_KIND_VAR) ||
                 is_kind(next, BTF_KIND_TYPEDEF)))
    return log_type(env, t, "Invalid type_id");
  if (poisoned(env, next_id))
    return SILENT;
  if (!is_sink(env, next) && !is_resolved(env, next_id))
    return push(env, next, next_id);
  int32_t idx = btf_decl_tag(t)->component_idx;
  if (idx != -1) {
    if (is_kind(next, BTF_KIND_VAR) || is_kind(next, BTF_KIND_TYPEDEF))
      return log_type(env, t, "Invalid component_idx");
    const BtfType *owner = is_struct(next) ? next : type_at(env, next->type);
    uint32_t vlen = owner ? btf_vlen(owner) : 0;
    if ((uint32_t)idx >= vlen)
      return log_type(env, t, "Invalid component_idx");
  }
  pop_resolved(env, next_id, 0);
  return OK;
}

static int resolve_step(Env *env, Vertex *v) {
  const BtfType *t = type_at(env, v->id);
  switch (kind_of(t)) {
  case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
  case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
    return modifier_resolve(env, t, false, false);
  case BTF_KIND_PTR: return modifier_resolve(env, t, true, false);
  case BTF_KIND_VAR: return modifier_resolve(env, t, false, true);
  case BTF_KIND_ARRAY: return array_resolve(env, t);
  case BTF_KIND_STRUCT: case BTF_KIND_UNION: return struct_resolve(env, t, v);
  case BTF_KIND_DATASEC: return datasec_resolve(env, t, v);
  case BTF_KIND_FUNC: return func_resolve(env, t);
  case BTF_KIND_DECL_TAG: return decl_tag_resolve(env, t);
  }
  return log_basic(env, t, "Unsupported resolve");
}

/* btf_resolve_valid: the walk left T in a consistent state.  */
static bool resolve_valid(Env *env, const BtfType *t, uint32_t id) {
  if (!is_resolved(env, id))
    return false;
  if (is_struct(t) || is_kind(t, BTF_KIND_DATASEC))
    return !env->res_id[id] && !env->res_size[id];
  if (is_kind(t, BTF_KIND_DECL_TAG) || is_kind(t, BTF_KIND_FUNC))
    return env->res_id[id] && !env->res_size[id];
  if (is_modifier(t) || is_kind(t, BTF_KIND_PTR) || is_kind(t, BTF_KIND_VAR)) {
    uint32_t rid = id;
    const BtfType *rt = type_id_resolve(env, &rid);
    return rt && !is_modifier(rt) && !is_kind(rt, BTF_KIND_VAR) &&
           !is_kind(rt, BTF_KIND_DATASEC);
  }
  if (is_kind(t, BTF_KIND_ARRAY)) {
    uint32_t eid = btf_array(t)->type, esize = 0;
    const BtfType *e = type_id_size(env, &eid, &esize);
    return e && !is_modifier(e) &&
           btf_array(t)->nelems * esize == env->res_size[id];
  }
  return false;
}

/* Mark every type on the stack (and the root) as reported, so later
   walks through them stay quiet.  */
static void abandon_walk(Env *env, uint32_t root) {
  for (uint32_t i = 0; i < env->top; i++)
    env->failed[env->stack[i].id] = 1;
  env->failed[root] = 1;
  env->top = 0;
}

/* btf_resolve: walk from type ID until it and everything it needs are
   resolved.  */
static int resolve(Env *env, const BtfType *t, uint32_t id) {
  uint32_t saved = env->log_id;
  int err = OK;
  env->mode = MODE_TBD;
  push(env, t, id);
  while (!err && env->top) {
    Vertex *v = &env->stack[env->top - 1];
    env->log_id = v->id;
    err = resolve_step(env, v);
  }
  env->log_id = id;
  if (err == E_DEPTH)
    log_type(env, t, "Exceeded max resolving depth:%u", MAX_DEPTH);
  else if (err == E_LOOP)
    log_type(env, t, "Loop detected");
  if (!err && !resolve_valid(env, t, id))
    err = log_type(env, t, "Invalid resolve state");
  if (err)
    abandon_walk(env, id);
  env->log_id = saved;
  return err;
}

/* Resolve ID first if it needs it; then its size must be known.  */
static int resolve_if_needed(Env *env, const BtfType *t, uint32_t id) {
  if (poisoned(env, id))
    return SILENT;
  if (needs_resolve(t) && !is_resolved(env, id))
    return resolve(env, t, id);
  return OK;
}

/* btf_func_proto_check: the return type and every parameter.  */
static int func_proto_check(Env *env, const BtfType *t) {
  const BtfParam *a = btf_params(t);
  uint32_t n = btf_vlen(t);
  if (t->type) {
    uint32_t rid = t->type;
    const BtfType *rt = type_at(env, rid);
    if (!rt || is_source_only(rt))
      return log_type(env, t, "Invalid return type");
    int err = resolve_if_needed(env, rt, rid);
    if (err)
      return err;
    if (!type_id_size(env, &rid, NULL))
      return log_type(env, t, "Invalid return type");
  }
  if (n && !a[n - 1].type) {
    if (a[n - 1].name_off)
      return log_type(env, t, "Invalid arg#%u", n);
    n--;
  }
  for (uint32_t i = 0; i < n; i++) {
    uint32_t aid = a[i].type;
    const BtfType *at = type_at(env, aid);
    if (!at || is_source_only(at))
      return log_type(env, t, "Invalid arg#%u", i + 1);
    if (a[i].name_off && (!name_offset_valid(env, a[i].name_off) ||
                          !valid_identifier(env, a[i].name_off)))
      return log_type(env, t, "Invalid arg#%u", i + 1);
    int err = resolve_if_needed(env, at, aid);
    if (err)
      return err;
    if (!type_id_size(env, &aid, NULL))
      return log_type(env, t, "Invalid arg#%u", i + 1);
  }
  return OK;
}

/* btf_check_all_types.  */
static void check_all_types(Env *env) {
  const Btf *btf = env->btf;
  for (uint32_t id = btf->start_id; id < env->count; id++) {
    const BtfType *t = type_at(env, id);
    env->log_id = id;
    if (env->failed[id])
      continue;
    if (needs_resolve(t) && !is_resolved(env, id) &&
        resolve(env, t, id) != OK)
      continue;
    if (is_kind(t, BTF_KIND_FUNC_PROTO) && func_proto_check(env, t) != OK)
      env->failed[id] = 1;
  }
}

/* --- Pass 4: modifier chains (btf_check_type_tags) --- */

/* Chains already checked end at ids <= good; the kernel stops walking
   there, which also bounds how long a chain it measures.  */
static void check_modifier_chains(Env *env) {
  const Btf *btf = env->btf;
  uint32_t good = btf->start_id - 1;
  for (uint32_t i = btf->start_id; i < env->count; i++) {
    const BtfType *t = type_at(env, i);
    if (!is_modifier(t))
      continue;
    bool in_tags = is_kind(t, BTF_KIND_TYPE_TAG);
    uint32_t cur = i;
    int limit = MAX_DEPTH;
    bool bad = false;
    env->log_id = i;
    while (t && is_modifier(t)) {
      if (!limit--) {
        type_line(env, type_at(env, i), true);
        log_plain(env, i, ": Max chain length or cycle detected");
        bad = true;
        break;
      }
      if (is_kind(t, BTF_KIND_TYPE_TAG)) {
        if (!in_tags && env->opts->type_tag_order) {
          type_line(env, type_at(env, i), true);
          log_plain(env, i, ": Type tags don't precede modifiers");
          bad = true;
          break;
        }
      } else {
        in_tags = false;
      }
      if (cur <= good)
        break;
      cur = t->type;
      t = type_at(env, cur);
    }
    if (!bad)
      good = i;
  }
}

/* --- Pass 1: header, sections, strings (btf_parse_hdr and friends) --- */

static uint32_t rd32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

typedef struct Sec {
  uint32_t off, len;
} Sec;

/* The kernel sorts the sections by offset, comparing differences as
   int, then walks them looking for gaps and overlaps.  */
static const char *check_sections(const BtfHeader *h, size_t size) {
  Sec secs[2] = {{h->type_off, h->type_len}, {h->str_off, h->str_len}};
  int cmp = (int)(secs[0].off - secs[1].off);
  if (!cmp)
    cmp = (int)(secs[0].len - secs[1].len);
  if (cmp > 0) {
    Sec tmp = secs[0];
    secs[0] = secs[1];
    secs[1] = tmp;
  }
  uint32_t expected = (uint32_t)size - h->hdr_len, total = 0;
  for (int i = 0; i < 2; i++) {
    if (expected < secs[i].off)
      return "Invalid section offset";
    if (total < secs[i].off)
      return "Unsupported section found";
    if (total > secs[i].off)
      return "Section overlap found";
    if (expected - total < secs[i].len)
      return "Total section length too long";
    total += secs[i].len;
  }
  if (expected != total)
    return "Unsupported section found";
  return NULL;
}

/* Returns the kernel's message for the first problem, or NULL.  */
static const char *check_header(const uint8_t *d, size_t size) {
  if (size < 8)
    return "hdr_len not found";
  BtfHeader h = {0};
  uint32_t hdr_len = rd32(d + 4);
  if (size < hdr_len)
    return "btf_header not found";
  for (uint32_t i = BTF_HEADER_SIZE; i < hdr_len; i++)
    if (d[i])
      return "Unsupported btf_header";
  uint8_t copy[BTF_HEADER_SIZE] = {0};
  memcpy(copy, d, hdr_len < BTF_HEADER_SIZE ? hdr_len : BTF_HEADER_SIZE);
  memcpy(&h.magic, copy, 2);
  h.version = copy[2];
  h.flags = copy[3];
  h.hdr_len = hdr_len;
  h.type_off = rd32(copy + 8);
  h.type_len = rd32(copy + 12);
  h.str_off = rd32(copy + 16);
  h.str_len = rd32(copy + 20);
  if (h.magic != BTF_MAGIC)
    return "Invalid magic";
  if (h.version != BTF_VERSION)
    return "Unsupported version";
  if (h.flags)
    return "Unsupported flags";
  if (size == h.hdr_len)
    return "No data";
  const char *msg = check_sections(&h, size);
  if (msg)
    return msg;
  /* btf_parse_str_sec */
  const uint8_t *strs = d + h.hdr_len + h.str_off;
  if ((uint64_t)h.hdr_len + h.str_off + h.str_len != size)
    return "String section is not at the end";
  if (!h.str_len || h.str_len - 1 > MAX_NAME_OFFSET ||
      strs[h.str_len - 1])
    return "Invalid string section";
  if (strs[0])
    return "Invalid string section";
  /* btf_parse_type_sec */
  if (h.type_off & 3)
    return "Unaligned type_off";
  if (!h.type_len)
    return "No type found";
  return NULL;
}

/* --- Entry points --- */

static void check_types(const Btf *btf, const BtfCheckOptions *opts,
                        BtfCheckReport *rep, size_t *found) {
  Env env = {0};
  env.btf = btf;
  env.opts = opts;
  env.rep = rep;
  env.count = btf_type_count(btf);
  env.state = xcalloc(env.count, 1);
  env.failed = xcalloc(env.count, 1);
  env.res_id = xcalloc(env.count, sizeof(uint32_t));
  env.res_size = xcalloc(env.count, sizeof(uint32_t));
  if (check_all_metas(&env)) {
    check_all_types(&env);
    check_modifier_chains(&env);
  }
  *found += env.found;
  buf_free(&env.text);
  free(env.state);
  free(env.failed);
  free(env.res_id);
  free(env.res_size);
}

static size_t report_one(BtfCheckReport *rep, const char *text) {
  BtfViolation v = {0, xstrdup(text)};
  vec_push(&rep->items, v);
  return 1;
}

/* Convert a blob in the other byte order to host order, as libbpf does
   before loading: the header, and every word of the type section when
   that lies inside the blob (all type fields are 32-bit words).  Returns
   an error message when the blob cannot be converted.  */
static const char *to_host_order(const uint8_t *d, size_t size, Buf *out) {
  if (size < BTF_HEADER_SIZE)
    return "truncated BTF header in the other byte order";
  if (bswap32(rd32(d + 4)) != BTF_HEADER_SIZE)
    return "only a 24-byte BTF header can be read in the other byte order";
  buf_append(out, d, size);
  uint8_t *p = (uint8_t *)out->data;
  uint16_t magic = BTF_MAGIC;
  memcpy(p, &magic, 2);
  uint32_t words[5];
  for (int i = 0; i < 5; i++) {
    words[i] = bswap32(rd32(p + 4 + 4 * i));
    memcpy(p + 4 + 4 * i, &words[i], 4);
  }
  uint64_t type_off = BTF_HEADER_SIZE + (uint64_t)words[1];
  if (type_off + words[2] <= size)
    for (uint64_t off = type_off; off + 4 <= type_off + words[2]; off += 4) {
      uint32_t w = bswap32(rd32(p + off));
      memcpy(p + off, &w, 4);
    }
  return NULL;
}

size_t btf_check_blob(const void *data, size_t size,
                      const BtfCheckOptions *opts, BtfCheckReport *rep) {
  BtfCheckOptions defaults;
  if (!opts) {
    btf_check_options_init(&defaults);
    opts = &defaults;
  }
  if (size > MAX_SIZE) {
    char msg[96];
    snprintf(msg, sizeof msg, "BTF of %zu bytes exceeds BTF_MAX_SIZE (%d)",
             size, MAX_SIZE);
    return report_one(rep, msg);
  }
  const uint8_t *d = data;
  BtfReadOptions ropts = {.lenient = true};
  BtfError err;
  uint16_t magic = 0;
  if (size >= 2)
    memcpy(&magic, d, 2);
  if (btf_has_magic(d, size) && magic != BTF_MAGIC) {
    /* The other byte order: check what libbpf would load.  */
    Buf host = {0};
    const char *msg = to_host_order(d, size, &host);
    size_t n = msg ? report_one(rep, msg)
                   : btf_check_blob(host.data, host.len, opts, rep);
    buf_free(&host);
    return n;
  }
  const char *msg = check_header(d, size);
  if (msg)
    return report_one(rep, msg);
  Btf *btf = btf_parse(data, size, &ropts, &err);
  if (!btf)
    return report_one(rep, err.msg);
  size_t found = 0;
  check_types(btf, opts, rep, &found);
  btf_free(btf);
  return found;
}

size_t btf_check(const Btf *btf, const BtfCheckOptions *opts,
                 BtfCheckReport *rep) {
  return btf_check_blob(btf->raw, btf->raw_size, opts, rep);
}

void btf_check_report_free(BtfCheckReport *rep) {
  for (size_t i = 0; i < rep->items.len; i++)
    free(rep->items.data[i].text);
  vec_free(&rep->items);
}

/* --- Options --- */

void btf_check_options_init(BtfCheckOptions *opts) {
  opts->type_tag_order = true;
  opts->tag_kflag_zero = false;
  opts->datasec_identifier = false;
}

bool btf_check_options_parse(BtfCheckOptions *opts, const char *rules,
                             BtfError *err) {
  const char *p = rules;
  while (*p) {
    size_t n = strcspn(p, ",");
    bool on = true;
    const char *name = p;
    size_t len = n;
    if (len > 3 && strncmp(name, "no-", 3) == 0) {
      on = false;
      name += 3;
      len -= 3;
    }
    bool *flag = NULL;
    if (len == 14 && strncmp(name, "type-tag-order", len) == 0)
      flag = &opts->type_tag_order;
    else if (len == 14 && strncmp(name, "tag-kflag-zero", len) == 0)
      flag = &opts->tag_kflag_zero;
    else if (len == 18 && strncmp(name, "datasec-identifier", len) == 0)
      flag = &opts->datasec_identifier;
    if (!flag) {
      snprintf(err->msg, sizeof err->msg,
               "unknown kernel-compat rule '%.*s' (known: type-tag-order, "
               "tag-kflag-zero, datasec-identifier, each optionally "
               "prefixed by no-)", (int)(n > 100 ? 100 : n), p);
      return false;
    }
    *flag = on;
    p += n;
    if (*p == ',')
      p++;
  }
  return true;
}
