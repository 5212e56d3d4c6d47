/* BTF for a whole debug model (btf_encode.h): the one BTF generator
   (btf_gen.c) writes the records of every unit of the model as a
   compiler would for one translation unit, without pruning; the blob
   is read back strictly (what the generator wrote from someone else's
   DWARF is checked like any input), put on the base for split BTF, and
   deduplicated (btf_dedup.c).  */
#include "btf_encode.h"

#include "btf_gen.h"

void btf_encode_generate(const DebugUnit *unit, Buf *raw) {
  ObjFile obj = {0};
  /* declaration-only enums as pahole writes them, which the kernel
     loads; for a kernel image or module also array index types and
     arrays of several dimensions, so that a module's types equal those
     of a vmlinux's BTF that pahole wrote */
  BtfOptions opts = {.prune_btf = 0, .decl_enum_size = 4, .index_int = unit->kernel,
                     .flat_arrays = unit->kernel};
  btf_generate(unit, &opts, &obj);
  Section *s = obj.sections.data[0];
  buf_free(raw);
  *raw = s->bytes; /* taken, not copied: it is the size of a kernel's BTF */
  s->bytes = (Buf){0};
  obj_free(&obj);
  /* Without types GCC's header counts no strings either; BTF readers
     want the one empty string the table holds.  */
  uint8_t *hdr = (uint8_t *)raw->data;
  bool be = ctx_current->target.big_endian;
  if (raw->len > BTF_HEADER_SIZE && load_u32(hdr + 20, be) == 0)
    store_uint(hdr + 20, 4, be, raw->len - BTF_HEADER_SIZE);
}

bool btf_encode_finish(Buf *raw, const Btf *base, bool no_dedup,
                       const BtfDedupOrigins *origins, Buf *out, BtfDedupStats *stats,
                       BtfError *err) {
  /* dedup reads the bytes in place; without it they are written out */
  Btf *btf = no_dedup ? btf_parse(raw->data, raw->len, NULL, err)
                      : btf_parse_taken(raw, NULL, err);
  const Buf *blob = raw;
  Buf split = {0};
  if (btf && base) {
    BtfReadOptions ro = {.base = base};
    Btf *on_base = btf_rebase(btf, base, &split, err)
                       ? btf_parse(split.data, split.len, &ro, err) : NULL;
    btf_free(btf);
    btf = on_base;
    blob = &split;
  }
  bool ok = btf != NULL;
  if (ok && no_dedup)
    buf_append(out, blob->data, blob->len);
  else if (ok && origins)
    ok = btf_dedup_merged(btf, origins, out, stats, err);
  else if (ok)
    ok = btf_dedup(btf, out, stats, err);
  btf_free(btf);
  buf_free(&split);
  buf_free(raw);
  return ok;
}

bool btf_encode(const DebugUnit *unit, const Btf *base, bool no_dedup, Buf *out,
                BtfDedupStats *stats, BtfError *err) {
  Buf raw = {0};
  btf_encode_generate(unit, &raw);
  bool ok = btf_encode_finish(&raw, base, no_dedup, NULL, out, stats, err);
  buf_free(&raw);
  return ok;
}
