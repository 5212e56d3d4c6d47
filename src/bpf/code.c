/* The code buffer: instructions, labels, references, and their
   resolution into patched offsets and relocations (see code.h).  */
#include "code.h"

#include <stdarg.h>
#include <stdio.h>

void bpf_code_init(BpfCode *c) { memset(c, 0, sizeof *c); }

void bpf_code_free(BpfCode *c) {
  vec_free(&c->insns);
  vec_free(&c->labels);
  vec_free(&c->refs);
  vec_free(&c->relocs);
  vec_free(&c->globals);
  arena_free(&c->arena);
  free(c->label_slots);
  memset(c, 0, sizeof *c);
}

static const char *copy_name(BpfCode *c, const char *name) {
  return arena_strndup(&c->arena, name, strlen(name));
}

uint32_t bpf_code_emit(BpfCode *c, BpfInsn insn) {
  vec_push(&c->insns, insn);
  return (uint32_t)c->insns.len - 1;
}

uint32_t bpf_code_emit_ld_imm64(BpfCode *c, unsigned dst, unsigned pseudo,
                                uint64_t value) {
  BpfInsn two[2];
  bpf_ld_imm64(two, dst, pseudo, value);
  uint32_t at = bpf_code_emit(c, two[0]);
  bpf_code_emit(c, two[1]);
  return at;
}

/* --- Labels: a vector, and an open-addressing hash of indices into it. */

static uint32_t name_hash(const char *name) {
  return hash_bytes(name, strlen(name));
}

/* The slot where NAME is, or the empty slot where it would go.  */
static size_t label_slot(const BpfCode *c, const char *name) {
  size_t mask = c->label_cap - 1;
  for (size_t i = name_hash(name) & mask;; i = (i + 1) & mask) {
    uint32_t v = c->label_slots[i];
    if (v == 0 || strcmp(c->labels.data[v - 1].name, name) == 0)
      return i;
  }
}

static void label_table_grow(BpfCode *c) {
  free(c->label_slots);
  c->label_cap = c->label_cap ? c->label_cap * 2 : 64;
  c->label_slots = xcalloc(c->label_cap, sizeof *c->label_slots);
  for (size_t i = 0; i < c->labels.len; i++)
    c->label_slots[label_slot(c, c->labels.data[i].name)] = (uint32_t)i + 1;
}

const BpfLabel *bpf_code_find_label(const BpfCode *c, const char *name) {
  if (!c->label_cap)
    return NULL;
  uint32_t v = c->label_slots[label_slot(c, name)];
  return v ? &c->labels.data[v - 1] : NULL;
}

bool bpf_code_label(BpfCode *c, const char *name, uint32_t pos) {
  return bpf_code_label_at(c, name, bpf_code_len(c), pos);
}

bool bpf_code_label_at(BpfCode *c, const char *name, uint32_t insn,
                       uint32_t pos) {
  if (bpf_code_find_label(c, name))
    return false;
  if ((c->labels.len + 1) * 2 > c->label_cap)
    label_table_grow(c);
  BpfLabel l = {copy_name(c, name), insn, pos};
  vec_push(&c->labels, l);
  c->label_slots[label_slot(c, name)] = (uint32_t)c->labels.len;
  return true;
}

void bpf_code_global(BpfCode *c, const char *name) {
  vec_push(&c->globals, copy_name(c, name));
}

static bool is_global(const BpfCode *c, const char *name) {
  for (size_t i = 0; i < c->globals.len; i++)
    if (strcmp(c->globals.data[i], name) == 0)
      return true;
  return false;
}

/* --- References --- */

static void add_ref(BpfCode *c, uint32_t insn, BpfRefKind kind,
                    const char *name, int64_t addend, uint32_t pos) {
  BpfRef r = {insn, (uint8_t)kind, copy_name(c, name), addend, pos, 0, 0, false, NULL};
  vec_push(&c->refs, r);
}

void bpf_code_data_ref(BpfCode *c, uint32_t insn, unsigned byte, unsigned size,
                       bool big_endian, const char *expr, BpfDataEval eval,
                       uint32_t pos) {
  BpfRef r = {insn, BPF_REF_DATA, copy_name(c, expr), 0, pos,
              (uint8_t)byte, (uint8_t)size, big_endian, eval};
  vec_push(&c->refs, r);
}

/* Store V in the SIZE bytes at BYTE of instruction R->insn.  */
static void patch_bytes(BpfCode *c, const BpfRef *r, uint64_t v) {
  BpfInsn *insn = &c->insns.data[r->insn];
  uint64_t w = bpf_insn_to_u64(*insn, r->big_endian);
  for (unsigned k = 0; k < r->size; k++) {
    unsigned at = r->byte + k; /* the byte's place in memory */
    uint8_t b = (uint8_t)(v >> (r->big_endian ? 8 * (r->size - 1 - k) : 8 * k));
    unsigned shift = r->big_endian ? 8 * (7 - at) : 8 * at;
    w = (w & ~(0xffull << shift)) | (uint64_t)b << shift;
  }
  *insn = bpf_insn_from_u64(w, r->big_endian);
}

uint32_t bpf_code_jump(BpfCode *c, BpfInsn insn, const char *label,
                       uint32_t pos) {
  uint32_t at = bpf_code_emit(c, insn);
  add_ref(c, at, bpf_insn_is_gotol(insn) ? BPF_REF_GOTOL : BPF_REF_JUMP,
          label, 0, pos);
  return at;
}

uint32_t bpf_code_call(BpfCode *c, const char *name, int64_t addend,
                       uint32_t pos) {
  uint32_t at = bpf_code_emit(c, bpf_call(BPF_CALL_LOCAL, -1));
  add_ref(c, at, BPF_REF_CALL, name, addend, pos);
  return at;
}

uint32_t bpf_code_ld_sym(BpfCode *c, unsigned dst, const char *name,
                         int64_t addend, uint32_t pos) {
  uint32_t at = bpf_code_emit_ld_imm64(c, dst, BPF_LDIMM_VALUE, 0);
  add_ref(c, at, BPF_REF_LDIMM64, name, addend, pos);
  return at;
}

void bpf_reloc_store_addend(BpfInsn *insn, uint32_t type, int64_t addend) {
  if (type == BPF_RELOC_64_32)
    insn->imm = (int32_t)(addend / 8 - 1);
  else
    insn->imm = (int32_t)addend;
}

static bool fail(BpfCodeError *err, uint32_t pos, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static bool fail(BpfCodeError *err, uint32_t pos, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err->pos = pos;
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  return false;
}

static void add_reloc(BpfCode *c, uint32_t insn, uint32_t type,
                      const char *sym, int64_t addend) {
  BpfReloc r = {insn, type, sym, addend};
  vec_push(&c->relocs, r);
  bpf_reloc_store_addend(&c->insns.data[insn], type, addend);
}

static bool resolve_ref(BpfCode *c, const BpfRef *r, BpfCodeError *err) {
  if (r->kind == BPF_REF_DATA) {
    int64_t v;
    char msg[120];
    if (!r->eval(c, r->name, &v, msg, sizeof msg))
      return fail(err, r->pos, "%s", msg);
    int64_t lim = r->size < 8 ? (int64_t)1 << (8 * r->size) : 0;
    if (lim && (v < -lim / 2 || v >= lim))
      return fail(err, r->pos, "value %lld does not fit in %u byte%s", (long long)v,
                  (unsigned)r->size, r->size > 1 ? "s" : "");
    patch_bytes(c, r, (uint64_t)v);
    return true;
  }
  const BpfLabel *l = bpf_code_find_label(c, r->name);
  bool local = l && !is_global(c, r->name);
  BpfInsn *insn = &c->insns.data[r->insn];
  int64_t delta = l ? (int64_t)l->insn - ((int64_t)r->insn + 1) : 0;
  switch ((BpfRefKind)r->kind) {
  case BPF_REF_JUMP:
    if (!l)
      return fail(err, r->pos, "jump to undefined label '%s'", r->name);
    if (delta < INT16_MIN || delta > INT16_MAX)
      return fail(err, r->pos,
                  "jump to '%s' out of range: %lld instructions (use gotol)",
                  r->name, (long long)delta);
    insn->off = (int16_t)delta;
    return true;
  case BPF_REF_GOTOL:
    if (!l)
      return fail(err, r->pos, "jump to undefined label '%s'", r->name);
    insn->imm = (int32_t)delta;
    return true;
  case BPF_REF_CALL:
    if (r->addend % 8)
      return fail(err, r->pos,
                  "call to '%s' + %lld: not a whole instruction", r->name,
                  (long long)r->addend);
    insn->src = BPF_CALL_LOCAL;
    if (local) {
      insn->imm = (int32_t)(delta + r->addend / 8);
      return true;
    }
    add_reloc(c, r->insn, BPF_RELOC_64_32, r->name, r->addend);
    return true;
  case BPF_REF_LDIMM64:
    if (local)
      add_reloc(c, r->insn, BPF_RELOC_64_64, NULL,
                (int64_t)l->insn * BPF_INSN_SIZE + r->addend);
    else
      add_reloc(c, r->insn, BPF_RELOC_64_64, r->name, r->addend);
    return true;
  case BPF_REF_DATA:
    break; /* above */
  }
  return true;
}

bool bpf_code_resolve(BpfCode *c, BpfCodeError *err) {
  c->relocs.len = 0;
  for (size_t i = 0; i < c->refs.len; i++)
    if (!resolve_ref(c, &c->refs.data[i], err))
      return false;
  return true;
}

void bpf_code_bytes(const BpfCode *c, bool big_endian, Buf *out) {
  buf_reserve(out, c->insns.len * BPF_INSN_SIZE);
  for (size_t i = 0; i < c->insns.len; i++) {
    uint8_t b[8];
    bpf_insn_encode(c->insns.data[i], big_endian, b);
    buf_append(out, b, 8);
  }
}
