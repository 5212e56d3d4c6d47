/* Raw BTF dump in bpftool's text format (see btf_dump.h).  The line
   layouts follow bpftool v7.1.0 src/btf.c dump_btf_type().  Numbers are
   formatted by hand: a vmlinux dump is ~300k lines and printf per field
   would dominate its run time.  */
#include "btf_dump.h"

#include <string.h>

static void put(Buf *out, const char *s) { buf_puts(out, s); }

static void put_u64(Buf *out, uint64_t v) {
  char tmp[24];
  int n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  buf_reserve(out, (size_t)n);
  while (n)
    out->data[out->len++] = tmp[--n];
}

static void put_i64(Buf *out, int64_t v) {
  if (v < 0) {
    buf_putc(out, '-');
    put_u64(out, 0 - (uint64_t)v);
  } else {
    put_u64(out, (uint64_t)v);
  }
}

/* " key=value" */
static void field(Buf *out, const char *key, uint64_t v) {
  buf_putc(out, ' ');
  put(out, key);
  buf_putc(out, '=');
  put_u64(out, v);
}

/* A name as bpftool quotes it: offset 0 is "(anon)", a bad offset
   "(invalid)".  */
static void put_name(Buf *out, const Btf *btf, uint32_t off) {
  const char *s = off ? btf_str_by_offset(btf, off) : "(anon)";
  buf_putc(out, '\'');
  put(out, s ? s : "(invalid)");
  buf_putc(out, '\'');
}

static const char *int_encoding(uint32_t enc) {
  switch (enc) {
  case 0: return "(none)";
  case BTF_INT_SIGNED: return "SIGNED";
  case BTF_INT_CHAR: return "CHAR";
  case BTF_INT_BOOL: return "BOOL";
  default: return "UNKN";
  }
}

/* FUNC linkage lives in vlen, VAR linkage in its trailing word; both use
   0 static, 1 global, 2 extern.  */
static const char *linkage_str(uint32_t linkage) {
  switch (linkage) {
  case 0: return "static";
  case 1: return "global";
  case 2: return "extern";
  default: return "(unknown)";
  }
}

static void dump_int(const BtfType *t, Buf *out) {
  uint32_t v = btf_int_data(t);
  field(out, "size", t->size);
  field(out, "bits_offset", BTF_INT_OFFSET(v));
  field(out, "nr_bits", BTF_INT_BITS(v));
  put(out, " encoding=");
  put(out, int_encoding(BTF_INT_ENCODING(v)));
}

static void dump_members(const Btf *btf, const BtfType *t, Buf *out) {
  const BtfMember *m = btf_members(t);
  field(out, "size", t->size);
  field(out, "vlen", btf_vlen(t));
  for (uint32_t i = 0; i < btf_vlen(t); i++, m++) {
    put(out, "\n\t");
    put_name(out, btf, m->name_off);
    field(out, "type_id", m->type);
    field(out, "bits_offset", btf_member_bit_offset(t, m));
    uint32_t bits = btf_member_bitfield_size(t, m);
    if (bits)
      field(out, "bitfield_size", bits);
  }
}

static void dump_enum(const Btf *btf, const BtfType *t, Buf *out) {
  bool is_signed = btf_kflag(t);
  put(out, is_signed ? " encoding=SIGNED" : " encoding=UNSIGNED");
  field(out, "size", t->size);
  field(out, "vlen", btf_vlen(t));
  const BtfEnum *e = btf_enums(t);
  for (uint32_t i = 0; i < btf_vlen(t); i++, e++) {
    put(out, "\n\t");
    put_name(out, btf, e->name_off);
    put(out, " val=");
    if (is_signed)
      put_i64(out, e->val);
    else
      put_u64(out, (uint32_t)e->val);
  }
}

static void dump_enum64(const Btf *btf, const BtfType *t, Buf *out) {
  bool is_signed = btf_kflag(t);
  put(out, is_signed ? " encoding=SIGNED" : " encoding=UNSIGNED");
  field(out, "size", t->size);
  field(out, "vlen", btf_vlen(t));
  const BtfEnum64 *e = btf_enum64s(t);
  for (uint32_t i = 0; i < btf_vlen(t); i++, e++) {
    uint64_t v = (uint64_t)e->val_hi32 << 32 | e->val_lo32;
    put(out, "\n\t");
    put_name(out, btf, e->name_off);
    put(out, " val=");
    if (is_signed) {
      put_i64(out, (int64_t)v);
      put(out, "LL");
    } else {
      put_u64(out, v);
      put(out, "ULL");
    }
  }
}

static void dump_func_proto(const Btf *btf, const BtfType *t, Buf *out) {
  const BtfParam *p = btf_params(t);
  field(out, "ret_type_id", t->type);
  field(out, "vlen", btf_vlen(t));
  for (uint32_t i = 0; i < btf_vlen(t); i++, p++) {
    put(out, "\n\t");
    put_name(out, btf, p->name_off);
    field(out, "type_id", p->type);
  }
}

static void dump_datasec(const Btf *btf, const BtfType *t, Buf *out) {
  const BtfVarSecinfo *v = btf_secinfos(t);
  field(out, "size", t->size);
  field(out, "vlen", btf_vlen(t));
  for (uint32_t i = 0; i < btf_vlen(t); i++, v++) {
    put(out, "\n\ttype_id=");
    put_u64(out, v->type);
    field(out, "offset", v->offset);
    field(out, "size", v->size);
    const BtfType *vt = btf_type_by_id(btf, v->type);
    if (vt) {
      put(out, " (");
      put(out, btf_kind_str(btf_kind(vt)));
      buf_putc(out, ' ');
      put_name(out, btf, vt->name_off);
      buf_putc(out, ')');
    }
  }
}

void btf_dump_type(const Btf *btf, uint32_t id, Buf *out) {
  const BtfType *t = btf_type_by_id(btf, id);
  unsigned kind = btf_kind(t);
  buf_putc(out, '[');
  put_u64(out, id);
  put(out, "] ");
  put(out, btf_kind_str(kind));
  buf_putc(out, ' ');
  put_name(out, btf, t->name_off);
  switch (kind) {
  case BTF_KIND_INT:
    dump_int(t, out);
    break;
  case BTF_KIND_PTR: case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
  case BTF_KIND_RESTRICT: case BTF_KIND_TYPEDEF: case BTF_KIND_TYPE_TAG:
    field(out, "type_id", t->type);
    break;
  case BTF_KIND_ARRAY:
    field(out, "type_id", btf_array(t)->type);
    field(out, "index_type_id", btf_array(t)->index_type);
    field(out, "nr_elems", btf_array(t)->nelems);
    break;
  case BTF_KIND_STRUCT: case BTF_KIND_UNION:
    dump_members(btf, t, out);
    break;
  case BTF_KIND_ENUM:
    dump_enum(btf, t, out);
    break;
  case BTF_KIND_ENUM64:
    dump_enum64(btf, t, out);
    break;
  case BTF_KIND_FWD:
    put(out, btf_kflag(t) ? " fwd_kind=union" : " fwd_kind=struct");
    break;
  case BTF_KIND_FUNC:
    field(out, "type_id", t->type);
    put(out, " linkage=");
    put(out, linkage_str(btf_vlen(t)));
    break;
  case BTF_KIND_FUNC_PROTO:
    dump_func_proto(btf, t, out);
    break;
  case BTF_KIND_VAR:
    field(out, "type_id", t->type);
    put(out, ", linkage=");
    put(out, linkage_str(btf_var(t)->linkage));
    break;
  case BTF_KIND_DATASEC:
    dump_datasec(btf, t, out);
    break;
  case BTF_KIND_FLOAT:
    field(out, "size", t->size);
    break;
  case BTF_KIND_DECL_TAG:
    put(out, " type_id=");
    put_u64(out, t->type);
    put(out, " component_idx=");
    put_i64(out, btf_decl_tag(t)->component_idx);
    break;
  }
  buf_putc(out, '\n');
}

void btf_dump_raw(const Btf *btf, Buf *out) {
  for (uint32_t i = 0; i < btf->nr_types; i++)
    btf_dump_type(btf, btf->start_id + i, out);
}
