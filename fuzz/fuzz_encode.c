/* libFuzzer target: arbitrary bytes through btftool encode's pipeline
   when they are an ELF file with DWARF: the DWARF reader, the loader
   into the debug model (dwarf_load.c), the BTF generator and the
   deduplication.  Nothing may crash, hang, leak or read out of bounds;
   the deduplicated BTF must read back strictly and deduplicate to the
   same number of types again.  The units are also loaded a batch of
   one unit at a time (dwarf_loader_units) and the batches' BTF joined
   (btf_batches.c), as btftool encode does a kernel's: the join must read
   back strictly.  */
#include "../src/btf/btf_batches.h"
#include "../src/btf/btf_encode.h"
#include "../src/dwarf/dwarf_load.h"
#include "../src/util/ctx.h"

#include <stdlib.h>

static void encode(ElfFile *elf, const DwarfFile *dw) {
  Compilation *c = ctx_new();
  ctx_enter(c);
  c->target.big_endian = elf->big_endian;
  c->diag_opts.inhibit_warnings = true;
  DwarfError err;
  DebugUnit *unit = dwarf_load(dw, elf, &err);
  if (unit) {
    Buf out = {0};
    BtfDedupStats st;
    if (btf_encode(unit, NULL, false, &out, &st, &err)) {
      Btf *btf = btf_parse(out.data, out.len, NULL, &err);
      if (!btf)
        abort(); /* dedup wrote BTF it cannot read */
      Buf again = {0};
      BtfDedupStats st2;
      if (!btf_dedup(btf, &again, &st2, &err) || st2.types_out != st.types_out)
        abort(); /* deduplicated BTF is not a fixed point */
      buf_free(&again);
      btf_free(btf);
    }
    buf_free(&out);
  }
  ctx_free(c);
}

/* Units one batch each, joined (unless they refer across units).  */
static void encode_batches(ElfFile *elf, const DwarfFile *dw) {
  DwarfError err;
  DwarfLoader *dl = dwarf_loader_new(dw, elf, &err);
  if (!dl)
    return;
  BtfBatches *b = btf_batches_new();
  bool ok = true;
  for (uint32_t i = 0; i < dw->nunits && ok; i++) {
    Compilation *c = ctx_new();
    ctx_enter(c);
    c->target.big_endian = elf->big_endian;
    c->diag_opts.inhibit_warnings = true;
    DebugUnit *unit = dwarf_loader_units(dl, i, i, i + 1, NULL, &err);
    Buf one = {0};
    if (unit) {
      btf_encode_generate(unit, &one);
      if (!btf_batches_add(b, one.data, one.len, NULL, 0, &err))
        abort(); /* the generator wrote BTF that does not read back */
    }
    ok = unit != NULL;
    buf_free(&one);
    ctx_free(c);
  }
  if (ok) {
    Buf raw = {0};
    btf_batches_finish(b, &raw, NULL, NULL);
    Btf *btf = btf_parse(raw.data, raw.len, NULL, &err);
    if (!btf)
      abort(); /* the join does not read back */
    btf_free(btf);
    buf_free(&raw);
  }
  btf_batches_free(b);
  dwarf_loader_free(dl);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ElfError eerr;
  ElfFile *elf = elf_open(data, size, &eerr);
  if (!elf)
    return 0;
  DwarfError err;
  DwarfFile *dw = dwarf_open_elf(elf, &err);
  if (dw) {
    encode(elf, dw);
    encode_batches(elf, dw);
    dwarf_close(dw);
  }
  elf_close(elf);
  return 0;
}
