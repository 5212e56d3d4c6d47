/* .BTF.ext as text, after the BTF that bpftool's `btf dump file` prints.
   The words are libbpf's: each table is headed by its name and record
   size, each code section by its name (from the .BTF strings) and
   record count, and each record is one line of name=value pairs as the
   BTF dump writes them, followed by what the numbers name:

     .BTF.ext version=1 flags=0x0 hdr_len=32
     func_info rec_size=8
       sec '.text' name_off=69 num_info=1
         insn_off=0 (insn 0) type_id=9 FUNC 'foo'
     line_info rec_size=16
       sec '.text' name_off=69 num_info=4
         insn_off=0 (insn 0) file_name_off=75 line_off=0 a.c:15:6 ''
     core_relo rec_size=16
       sec '.text' name_off=69 num_info=3
         insn_off=8 (insn 1) type_id=1 STRUCT 'kptr_nested' access_str_off=132 '0:0' kind=byte_off (0)

   insn_off is in bytes, as in the file; "insn N" is the instruction
   index libbpf's messages use.  A line record shows its file, line and
   column, then its line of source text (clang writes it; GCC leaves it
   empty).  The reader (btf_ext_read.c) has checked
   every offset and id printed here.  */
#include "btf_ext_dump.h"

/* [id]'s kind and name as the BTF dump shows them: FUNC 'foo'.  */
static void put_type(Buf *out, const Btf *btf, uint32_t id) {
  if (id == 0) {
    buf_puts(out, " (void)");
    return;
  }
  const BtfType *t = btf_type_by_id(btf, id);
  const char *name = btf_str_by_offset(btf, t->name_off);
  buf_printf(out, " %s '%s'", btf_kind_str(btf_kind(t)),
             name && *name ? name : "(anon)");
}

static void put_record(Buf *out, const Btf *btf, BtfExtKind kind,
                       const BtfExtRecord *r) {
  buf_printf(out, "    insn_off=%u (insn %u)", r->w[0], r->w[0] / 8);
  if (kind == BTF_EXT_LINE) {
    buf_printf(out, " file_name_off=%u line_off=%u %s:%u:%u ", r->w[1],
               r->w[2], btf_str_by_offset(btf, r->w[1]), r->w[3] >> 10,
               r->w[3] & 0x3ff);
    buf_put_quoted(out, btf_str_by_offset(btf, r->w[2]), '\'');
  } else {
    buf_printf(out, " type_id=%u", r->w[1]);
    put_type(out, btf, r->w[1]);
  }
  if (kind == BTF_EXT_CORE) {
    buf_printf(out, " access_str_off=%u '%s' kind=%s (%u)", r->w[2],
               btf_str_by_offset(btf, r->w[2]),
               btf_ext_core_kind_name(r->w[3]), r->w[3]);
  }
  buf_putc(out, '\n');
}

void btf_ext_dump(const BtfExt *ext, const Btf *btf, Buf *out) {
  buf_printf(out, ".BTF.ext version=%u flags=0x%x hdr_len=%u\n", ext->version,
             ext->flags, ext->hdr_len);
  for (int k = 0; k < BTF_EXT_TABLES; k++) {
    const BtfExtTable *t = &ext->tables[k];
    if (!t->present)
      continue;
    buf_printf(out, "%s rec_size=%u\n", btf_ext_table_name((BtfExtKind)k),
               t->rec_size);
    for (size_t s = 0; s < t->secs.len; s++) {
      const BtfExtSection *sec = &t->secs.data[s];
      buf_puts(out, "  sec ");
      buf_put_quoted(out, sec->name, '\'');
      buf_printf(out, " name_off=%u num_info=%u\n", sec->name_off,
                 sec->count);
      for (uint32_t i = 0; i < sec->count; i++)
        put_record(out, btf, (BtfExtKind)k, &t->recs.data[sec->first + i]);
    }
  }
}
