/* Linking BPF objects (link.h), the way libbpf's static linker does it
   (libbpf 1.1, what `bpftool gen object` runs), one input at a time:

   1. Sections.  Every code and data section (PROGBITS, NOBITS) joins
      the output section of its name, created the first time the name
      is seen; each input's part starts at the next multiple of the
      larger of the two alignments, the gap filled with zeros.  "license"
      and "version" must be equal wherever they occur and are kept once.
      Sections the linker remakes or drops (.BTF, .BTF.ext, symbol and
      string tables, DWARF, LLVM's address-significance table, an empty
      .text, and the relocations of DWARF and BTF) do not join.  A
      DATASEC of a section the object does not have (.kconfig, .ksyms:
      variables the loader provides) makes an "ephemeral" section, which
      only carries BTF.
   2. Symbols, in each input's order.  Locals are kept as they are (two
      objects' `static int n` stay two symbols); one section symbol per
      output section.  A global or extern is found by name among those
      of the inputs before: a definition resolves an extern, two strong
      definitions conflict, a strong one wins over a weak one, and a
      stricter visibility spreads.  Every global and extern must have a
      FUNC or VAR in its object's BTF, which is how the merged BTF keeps
      one record per global.
   3. Relocations join the relocation section of their section's name,
      their offsets moved with their section and their symbols renumbered.
      An instruction relocated against a section symbol has its
      immediate moved by where that section's part now starts (in
      instructions for a call).
   4. BTF: every input's types are appended (ids and strings renumbered)
      but the DATASECs and the FUNCs and VARs of globals already
      present: those keep their first record, which a definition
      completes (linkage, parameter names).  The DATASECs are rebuilt
      for the output sections with the variables' new offsets (a global
      variable's from its symbol), then the whole is deduplicated with
      btftool's dedup (btf_dedup.h), whose map of ids renumbers the
      .BTF.ext records.
   5. .BTF.ext: each input's func_info, line_info and core_relo records
      join their section's, instruction offsets moved by the section's
      part, types and strings renumbered, in output section order.
   The output is laid out as libbpf writes it: .strtab first (section
   and symbol names in one table), .symtab, the sections in the order
   they were made, each relocation section where it was first met, then
   .BTF and .BTF.ext.  It is written here rather than by elf_write
   (section.h), which names symbols and lays a file out as GAS does,
   while a linker's symbols go by index and two may share a name.
   Inputs must be ELF64 little-endian BPF relocatable objects, as libbpf
   wants them (libbpf takes only the host's byte order).  */
#include "link.h"

#include "btf_match.h"

#include "../btf/btf_dedup.h"
#include "../btf/btf_ext_read.h"
#include "../btf/btf_read.h"
#include "../elf/elf_read.h"

#include <string.h>

enum {
  MAX_SECTION_ALIGN = 1 << 16,
  SHT_LLVM_ADDRSIG = 0x6fff4c03,
  SHF_EXECINSTR = 4,
  SHF_STRINGS = 0x20,
  SHN_LORESERVE = 0xff00,
  R_BPF_64_64 = 1, R_BPF_64_ABS64 = 2, R_BPF_64_ABS32 = 3, R_BPF_64_32 = 10,
  BPF_CALL_CODE = 0x85,
  REL_SIZE = 16, SYM_SIZE = 24, EHDR_SIZE = 64, SHDR_SIZE = 64,
  EXT_HDR_SIZE = 32,
};

/* --- The output --- */

/* The records of one .BTF.ext table for one output section: whole
   records as words, their type ids and strings those of the merged BTF
   (strings as offsets into Linker.btf.strs) until the end.  */
typedef struct ExtRecs {
  uint32_t rec_size;
  uint32_t count;
  VEC(uint32_t) words;
} ExtRecs;

typedef struct OutSec {
  char *name;
  uint32_t type;
  uint64_t flags, align, entsize;
  uint32_t link, info;  /* ELF fields (a relocation section's) */
  Buf data;
  uint64_t size;        /* NOBITS sections have a size and no data */
  uint32_t elf_index;   /* 0: ephemeral, not in the file */
  uint32_t sec_sym;     /* its section symbol, 0: none yet */
  bool has_btf;         /* an input's DATASEC described it */
  VEC(BtfVarSecinfo) vars;
  ExtRecs ext[BTF_EXT_TABLES];
} OutSec;

typedef struct OutSym {
  uint32_t name; /* in the output's .strtab */
  uint8_t info, other;
  uint16_t shndx;
  uint64_t value, size;
} OutSym;

/* A global or extern symbol, resolved across the inputs.  */
typedef struct GlobSym {
  uint32_t name;      /* in the output's .strtab */
  uint32_t sym;       /* its output symbol */
  uint32_t sec;       /* output section of its definition, 0: none */
  uint32_t btf_id;    /* its FUNC or VAR in the merged BTF, 0: not yet */
  /* Its FUNC's or VAR's type: > 0 an id of the merged BTF; < 0 minus an
     id of the input being appended; 0: to be taken from the next input
     that describes it (a definition replaced an extern).  */
  int64_t underlying;
  int32_t var_idx;    /* its entry in its section's DATASEC, -1: none */
  bool is_extern, is_weak;
} GlobSym;

/* The merged BTF before deduplication.  */
typedef struct BtfBuilder {
  VEC(uint32_t) words;
  VEC(uint32_t) offs; /* per type id - 1: its first word */
  BtfStrSet strs;
} BtfBuilder;

typedef struct Linker {
  VEC(OutSec) secs;      /* [0] unused */
  VEC(uint32_t) order;   /* the sections in the file, by ELF index - 1 */
  VEC(OutSym) syms;
  VEC(GlobSym) globs;
  BtfStrSet strtab;      /* .strtab: section and symbol names */
  BtfBuilder btf;
  BtfWordVec names, refs; /* btf_record_slots's scratch */
  LinkError *err;
} Linker;

/* --- One input --- */

typedef struct InSec {
  const ElfSection *elf; /* NULL: ephemeral (a DATASEC only) */
  const char *name;
  uint32_t dst;          /* output section, 0: none */
  uint64_t dst_off;      /* where its part starts there */
  bool skipped;
  uint32_t datasec;      /* its DATASEC in the input's BTF, 0: none */
} InSec;

typedef struct Input {
  const char *path;
  ElfFile *elf;
  VEC(InSec) secs;       /* by ELF section index, then the ephemeral ones */
  Btf *btf;
  uint8_t *ext_bytes;
  size_t ext_size;
  BtfExt *ext;
  uint32_t *sym_map;     /* input symbol -> output symbol */
  uint32_t *type_map;    /* input type id -> merged type id */
} Input;

static bool in_error(const Input *in, LinkError *err, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static bool in_error(const Input *in, LinkError *err, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return read_error(err, "%s: %s", in->path, msg);
}

static void input_free(Input *in) {
  btf_ext_free(in->ext);
  free(in->ext_bytes);
  btf_free(in->btf);
  vec_free(&in->secs);
  free(in->sym_map);
  free(in->type_map);
  elf_close(in->elf);
}

static bool starts_with(const char *s, const char *head) {
  return strncmp(s, head, strlen(head)) == 0;
}

/* Sections the linker makes anew or leaves out (libbpf's list).  */
static bool is_ignored_section(const ElfSection *s) {
  if (s->type == ELF_SHT_STRTAB || s->type == SHT_LLVM_ADDRSIG)
    return true;
  if (s->type == ELF_SHT_PROGBITS && s->size == 0 && !strcmp(s->name, ".text"))
    return true;
  if (starts_with(s->name, ".debug_"))
    return true;
  if (starts_with(s->name, ".rel")) {
    const char *of = s->name + 4;
    return starts_with(of, ".debug_") || !strcmp(of, ".BTF") ||
           !strcmp(of, ".BTF.ext");
  }
  return false;
}

static InSec *find_in_sec(Input *in, const char *name) {
  for (size_t i = 1; i < in->secs.len; i++)
    if (!strcmp(in->secs.data[i].name, name))
      return &in->secs.data[i];
  return NULL;
}

static bool is_data_sec(const InSec *s) {
  if (s->skipped)
    return false;
  return !s->elf || s->elf->type == ELF_SHT_PROGBITS ||
         s->elf->type == ELF_SHT_NOBITS;
}

static bool is_rel_sec(const InSec *s) {
  return !s->skipped && s->elf && s->elf->type == ELF_SHT_REL;
}

static int64_t ext_section_size(const void *arg, const char *name) {
  const ElfSection *s = elf_section_by_name(arg, name);
  return s ? (int64_t)s->size : -1;
}

static bool read_btf(Input *in, const ElfSection *s, LinkError *err) {
  BtfError berr;
  if (!s->data)
    return in_error(in, err, ".BTF has no data");
  if (in->btf)
    return in_error(in, err, "two .BTF sections");
  in->btf = btf_parse(s->data, s->size, NULL, &berr);
  if (!in->btf)
    return in_error(in, err, ".BTF: %s", berr.msg);
  return true;
}

static bool read_btf_ext(Input *in, LinkError *err) {
  BtfError berr;
  if (!btf_ext_section_bytes(in->elf, &in->ext_bytes, &in->ext_size, &berr))
    return in_error(in, err, "%s", berr.msg);
  if (!in->ext_bytes)
    return true;
  if (!in->btf)
    return in_error(in, err, ".BTF.ext without .BTF");
  in->ext = btf_ext_parse(in->ext_bytes, in->ext_size, in->btf,
                          ext_section_size, in->elf, &berr);
  if (!in->ext)
    return in_error(in, err, "%s", berr.msg);
  return true;
}

/* The checks libbpf makes of a section before linking it.  */
static bool check_section(Input *in, const ElfSection *s, LinkError *err) {
  if (!s->name[0])
    return in_error(in, err, "section %u has no name", s->index);
  if (s->addralign & (s->addralign - 1))
    return in_error(in, err, "section %s: alignment %llu is not a power of 2",
                    s->name, (unsigned long long)s->addralign);
  /* Compilers align BPF sections to 8 bytes at most (a page for an
     arena); a larger alignment would pad the output with megabytes.  */
  if (s->addralign > MAX_SECTION_ALIGN)
    return in_error(in, err, "section %s: alignment %llu is more than the "
                    "linker takes (%u)", s->name,
                    (unsigned long long)s->addralign, MAX_SECTION_ALIGN);
  switch (s->type) {
  case ELF_SHT_PROGBITS:
    if (!s->data)
      return in_error(in, err, "section %s has no data", s->name);
    if ((s->flags & SHF_EXECINSTR) && s->size % 8)
      return in_error(in, err, "code section %s: size %llu is not a multiple "
                      "of 8", s->name, (unsigned long long)s->size);
    return true;
  case ELF_SHT_NOBITS:
  case ELF_SHT_SYMTAB:
    return true;
  case ELF_SHT_REL:
    if (!s->data || s->entsize != REL_SIZE || s->size % REL_SIZE)
      return in_error(in, err, "relocation section %s: entry size %llu, "
                      "expected 16", s->name, (unsigned long long)s->entsize);
    if (!starts_with(s->name, ".rel"))
      return in_error(in, err, "relocation section %s is not named .rel "
                      "and its section's name", s->name);
    if (s->info == 0 || s->info >= in->elf->nsections ||
        strcmp(s->name + 4, in->elf->sections[s->info].name) != 0)
      return in_error(in, err, "relocation section %s does not apply to "
                      "section %s", s->name, s->name + 4);
    return true;
  default:
    return in_error(in, err, "section %s has type %#x, which the linker does "
                    "not know", s->name, s->type);
  }
}

static bool read_sections(Input *in, LinkError *err) {
  vec_grow(&in->secs, in->elf->nsections);
  bool has_symtab = false;
  for (uint32_t i = 0; i < in->elf->nsections; i++) {
    const ElfSection *s = &in->elf->sections[i];
    InSec is = {s, s->name ? s->name : "", 0, 0, i == 0, 0};
    vec_push(&in->secs, is);
    if (i == 0)
      continue;
    InSec *sec = &in->secs.data[i];
    if (is_ignored_section(s) || s->type == ELF_SHT_SYMTAB) {
      sec->skipped = true;
      has_symtab |= s->type == ELF_SHT_SYMTAB;
      if (s->type != ELF_SHT_SYMTAB)
        continue;
    }
    if (!check_section(in, s, err))
      return false;
    if (!strcmp(s->name, ".BTF") && s->type == ELF_SHT_PROGBITS) {
      sec->skipped = true;
      if (!read_btf(in, s, err))
        return false;
    } else if (!strcmp(s->name, ".BTF.ext") && s->type == ELF_SHT_PROGBITS) {
      sec->skipped = true;
    }
  }
  if (!has_symtab)
    return in_error(in, err, "no symbol table");
  return read_btf_ext(in, err);
}

/* The symbol of an input's global variable NAME in section SHNDX.  */
static const ElfSymbol *find_object_symbol(const Input *in, uint32_t shndx,
                                           const char *name) {
  for (uint32_t i = 1; i < in->elf->nsymbols; i++) {
    const ElfSymbol *s = &in->elf->symbols[i];
    if (s->shndx == shndx && s->type == ELF_STT_OBJECT && !strcmp(s->name, name))
      return s;
  }
  return NULL;
}

/* Tie each DATASEC of the input's BTF to its section, making an
   ephemeral section for those the object lacks (but .extern, whose
   variables the linker resolves), and check that every global variable
   of one has its symbol.  */
static bool attach_datasecs(Input *in, LinkError *err) {
  if (!in->btf)
    return true;
  for (uint32_t id = 1; id < btf_type_count(in->btf); id++) {
    const BtfType *t = btf_type_by_id(in->btf, id);
    if (btf_kind(t) != BTF_KIND_DATASEC)
      continue;
    const char *name = btf_str_by_offset(in->btf, t->name_off);
    InSec *sec = find_in_sec(in, name);
    if (!sec) {
      if (!strcmp(name, ".extern"))
        continue;
      InSec eph = {NULL, name, 0, 0, false, 0};
      vec_push(&in->secs, eph);
      sec = &in->secs.data[in->secs.len - 1];
    }
    sec->datasec = id;
    const BtfVarSecinfo *vi = btf_secinfos(t);
    for (uint32_t k = 0; k < btf_vlen(t) && sec->elf; k++) {
      const BtfType *v = btf_type_by_id(in->btf, vi[k].type);
      if (btf_kind(v) != BTF_KIND_VAR ||
          btf_var(v)->linkage != BTF_VAR_GLOBAL_ALLOCATED)
        continue;
      const char *vname = btf_str_by_offset(in->btf, v->name_off);
      if (!find_object_symbol(in, sec->elf->index, vname))
        return in_error(in, err, "no symbol for variable '%s' of section '%s'",
                        vname, name);
    }
  }
  return true;
}

static bool load_input(Input *in, const LinkInput *file, LinkError *err) {
  in->path = file->name;
  if (!elf_is_elf(file->data, file->size))
    return in_error(in, err, "not an ELF file");
  ElfError eerr;
  in->elf = elf_open(file->data, file->size, &eerr);
  if (!in->elf)
    return in_error(in, err, "%s", eerr.msg);
  if (!in->elf->is64 || in->elf->big_endian || in->elf->type != ELF_ET_REL ||
      in->elf->machine != ELF_EM_BPF)
    return in_error(in, err, "not a BPF relocatable object (ELF64, "
                    "little-endian, EM_BPF, ET_REL), which the linker needs");
  if (!elf_read_symbols(in->elf, &eerr))
    return in_error(in, err, "%s", eerr.msg);
  return read_sections(in, err) && attach_datasecs(in, err);
}

/* --- Output sections --- */

static uint64_t align_up(uint64_t v, uint64_t a) {
  return a > 1 ? (v + a - 1) / a * a : v;
}

/* A new output section NAME; an ephemeral one has no ELF section yet.  */
static uint32_t add_out_sec(Linker *L, const char *name, bool ephemeral) {
  OutSec s = {0};
  s.name = xstrdup(name);
  vec_push(&L->secs, s);
  uint32_t id = (uint32_t)L->secs.len - 1;
  if (!ephemeral) {
    vec_push(&L->order, id);
    L->secs.data[id].elf_index = (uint32_t)L->order.len;
    btf_strset_add(&L->strtab, name);
  }
  return id;
}

/* Give output section DST its ELF fields from the input section S.  */
static void init_out_sec(OutSec *dst, const ElfSection *s) {
  dst->type = s->type;
  dst->flags = s->flags;
  dst->align = s->addralign;
  dst->entsize = s->entsize;
}

static uint32_t find_out_sec(const Linker *L, const char *name) {
  for (uint32_t i = 1; i < L->secs.len; i++)
    if (!strcmp(L->secs.data[i].name, name))
      return i;
  return 0;
}

/* Append S's bytes to DST at the next multiple of both alignments;
   returns where they start.  */
static uint64_t extend_out_sec(Linker *L, uint32_t dst, const ElfSection *s) {
  OutSec *d = &L->secs.data[dst];
  uint64_t align = d->align ? d->align : 1;
  if (align < s->addralign)
    align = s->addralign;
  uint64_t at = align_up(d->size, align);
  if (s->type != ELF_SHT_NOBITS) {
    while (d->data.len < at)
      buf_putc(&d->data, 0);
    buf_append(&d->data, s->data, (size_t)s->size);
  }
  d->size = at + s->size;
  d->align = align;
  return at;
}

static bool same_contents(const OutSec *d, const ElfSection *s) {
  return d->size == s->size &&
         (s->size == 0 || memcmp(d->data.data, s->data, s->size) == 0);
}

static bool append_sections(Linker *L, Input *in) {
  for (size_t i = 1; i < in->secs.len; i++) {
    InSec *src = &in->secs.data[i];
    if (!is_data_sec(src))
      continue;
    uint32_t dst = find_out_sec(L, src->name);
    if (!dst) {
      dst = add_out_sec(L, src->name, !src->elf);
      if (src->elf)
        init_out_sec(&L->secs.data[dst], src->elf);
    } else if (src->elf && !L->secs.data[dst].elf_index) {
      /* an ephemeral section gets its first contents */
      vec_push(&L->order, dst);
      L->secs.data[dst].elf_index = (uint32_t)L->order.len;
      btf_strset_add(&L->strtab, src->name);
      init_out_sec(&L->secs.data[dst], src->elf);
    } else if (src->elf) {
      const OutSec *d = &L->secs.data[dst];
      if (d->type != src->elf->type || d->flags != src->elf->flags ||
          d->entsize != src->elf->entsize)
        return in_error(in, L->err, "section %s: its type, flags or entry "
                        "size differ from an earlier object's", src->name);
      if (!strcmp(src->name, "license") || !strcmp(src->name, "version")) {
        if (!same_contents(d, src->elf))
          return in_error(in, L->err, "section %s differs from an earlier "
                          "object's, which the linker cannot merge", src->name);
        src->skipped = true;
        src->dst = dst;
        continue;
      }
    }
    src->dst = dst;
    if (src->elf)
      src->dst_off = extend_out_sec(L, dst, src->elf);
  }
  return true;
}

/* --- Symbols --- */

static GlobSym *find_glob(Linker *L, const char *name) {
  for (size_t i = 0; i < L->globs.len; i++)
    if (!strcmp(L->strtab.tab.data + L->globs.data[i].name, name))
      return &L->globs.data[i];
  return NULL;
}

static bool is_non_static(const BtfType *t) {
  unsigned kind = btf_kind(t);
  if (kind == BTF_KIND_VAR)
    return btf_var(t)->linkage != BTF_VAR_STATIC;
  return kind == BTF_KIND_FUNC && btf_vlen(t) != BTF_FUNC_STATIC;
}

/* The FUNC or VAR of global or extern NAME in the input's BTF (*ID),
   and the DATASEC that lists it (*SEC_ID, 0: none), as libbpf finds
   them.  */
static bool find_glob_btf(const Input *in, const char *name, uint32_t *sec_id,
                          uint32_t *id, LinkError *err) {
  if (!in->btf)
    return in_error(in, err, "global symbol '%s' needs BTF, and the object "
                    "has none", name);
  uint32_t free_id = 0;
  for (uint32_t i = 1; i < btf_type_count(in->btf); i++) {
    const BtfType *t = btf_type_by_id(in->btf, i);
    if (is_non_static(t)) {
      if (!strcmp(btf_str_by_offset(in->btf, t->name_off), name))
        free_id = i;
      continue;
    }
    if (btf_kind(t) != BTF_KIND_DATASEC)
      continue;
    const BtfVarSecinfo *vi = btf_secinfos(t);
    for (uint32_t k = 0; k < btf_vlen(t); k++) {
      const BtfType *v = btf_type_by_id(in->btf, vi[k].type);
      if (!is_non_static(v) || strcmp(btf_str_by_offset(in->btf, v->name_off), name))
        continue;
      if (free_id && free_id != vi[k].type)
        return in_error(in, err, "global '%s': its BTF is ambiguous (types "
                        "%u and %u)", name, free_id, vi[k].type);
      *sec_id = i;
      *id = vi[k].type;
      return true;
    }
  }
  if (!free_id)
    return in_error(in, err, "no BTF FUNC or VAR for global symbol '%s'", name);
  *sec_id = 0;
  *id = free_id;
  return true;
}

static uint32_t add_out_sym(Linker *L, const char *name, const ElfSymbol *s,
                            uint16_t shndx, uint64_t value) {
  OutSym o = {btf_strset_add(&L->strtab, name),
              (uint8_t)((s->bind << 4) | s->type), s->visibility, shndx, value,
              s->size};
  vec_push(&L->syms, o);
  return (uint32_t)L->syms.len - 1;
}

static BtfType *built_type(BtfBuilder *b, uint32_t id) {
  return (BtfType *)(void *)(b->words.data + b->offs.data[id - 1]);
}

/* A definition of the global whose FUNC or VAR is DST_ID in the merged
   BTF, described by SRC_ID of IN: the record becomes a definition's,
   and an extern FUNC's prototype gets the definition's parameter names
   (dedup compares names).  */
static void complete_extern_btf(Linker *L, uint32_t dst_id, const Input *in,
                                uint32_t src_id) {
  BtfType *d = built_type(&L->btf, dst_id);
  if (btf_kind(d) == BTF_KIND_VAR) {
    ((BtfVar *)(d + 1))->linkage = BTF_VAR_GLOBAL_ALLOCATED;
    return;
  }
  d->info = BTF_INFO(BTF_KIND_FUNC, 0, BTF_FUNC_GLOBAL);
  const BtfType *sp = btf_type_by_id(in->btf, btf_type_by_id(in->btf, src_id)->type);
  if (d->type == 0 || d->type > L->btf.offs.len || !sp ||
      btf_kind(sp) != BTF_KIND_FUNC_PROTO)
    return; /* damaged input, a FUNC without a prototype: nothing to name */
  BtfType *dp = built_type(&L->btf, d->type);
  if (btf_kind(dp) != BTF_KIND_FUNC_PROTO)
    return;
  BtfParam *dparams = (BtfParam *)(dp + 1);
  const BtfParam *sparams = btf_params(sp);
  for (uint32_t i = 0; i < btf_vlen(dp) && i < btf_vlen(sp); i++)
    if (sparams[i].name_off)
      dparams[i].name_off = btf_strset_add(
          &L->btf.strs, btf_str_by_offset(in->btf, sparams[i].name_off));
}

/* The merged BTF and an input's, as btf_globals_match reads them.  */
static const BtfType *built_view_type(const void *ctx, uint32_t id) {
  static const BtfType void_type = {0};
  BtfBuilder *b = (BtfBuilder *)ctx;
  if (id == 0)
    return &void_type;
  return id <= b->offs.len ? built_type(b, id) : NULL;
}

static const char *built_view_str(const void *ctx, uint32_t off) {
  const BtfBuilder *b = ctx;
  return off < b->strs.tab.len ? b->strs.tab.data + off : "";
}

static const BtfType *input_view_type(const void *ctx, uint32_t id) {
  return btf_type_by_id(ctx, id);
}

static const char *input_view_str(const void *ctx, uint32_t off) {
  const char *s = btf_str_by_offset(ctx, off);
  return s ? s : "";
}

/* Whether the global GS and the symbol IN describes with BTF type ID can
   be one: both functions or both variables, their types agreeing as
   libbpf's linker requires (btf_match.c).  A map of .maps is left to
   libbpf, which compares map definitions its own way.  */
static bool globs_match(Linker *L, const GlobSym *gs, const Input *in,
                        uint32_t id, const char *name) {
  if (!gs->btf_id)
    return true;
  unsigned had = btf_kind(built_type(&L->btf, gs->btf_id));
  unsigned now = btf_kind(btf_type_by_id(in->btf, id));
  if (had != now)
    return in_error(in, L->err, "global '%s' is a %s here and a %s in an "
                    "earlier object", name, now == BTF_KIND_FUNC ? "function" :
                    "variable", had == BTF_KIND_FUNC ? "function" : "variable");
  if (gs->sec && !strcmp(L->secs.data[gs->sec].name, ".maps"))
    return true;
  BtfView merged = {&L->btf, built_view_type, built_view_str};
  BtfView here = {in->btf, input_view_type, input_view_str};
  char why[256];
  if (!btf_globals_match(name, &merged, gs->btf_id, &here, id, why, sizeof why))
    return in_error(in, L->err, "%s (against an earlier object)", why);
  return true;
}

/* Symbol S (index IDX) of IN that names a global the output has: resolve
   one against the other.  */
static bool merge_glob(Linker *L, Input *in, uint32_t idx, const ElfSymbol *s,
                       GlobSym *gs, const InSec *src, uint32_t dst, uint32_t id) {
  bool is_extern = s->shndx == ELF_SHN_UNDEF;
  in->sym_map[idx] = gs->sym;
  if (!is_extern && !gs->is_extern && !gs->is_weak && s->bind != ELF_STB_WEAK)
    return in_error(in, L->err, "symbol '%s' is defined here and in an earlier "
                    "object, neither of them weak", s->name);
  if (!globs_match(L, gs, in, id, s->name))
    return false;
  if (gs->sec && dst && gs->sec != dst)
    return in_error(in, L->err, "global '%s' is in section '%s' here and in "
                    "section '%s' in an earlier object", s->name,
                    L->secs.data[dst].name, L->secs.data[gs->sec].name);
  OutSym *o = &L->syms.data[gs->sym];
  if (s->bind == ELF_STB_GLOBAL) {
    o->info = (uint8_t)((ELF_STB_GLOBAL << 4) | (o->info & 0xf));
    gs->is_weak = false;
  }
  if (s->visibility > (o->other & 3))
    o->other = (uint8_t)((o->other & ~3) | s->visibility);
  if (is_extern || (!gs->is_extern && s->bind == ELF_STB_WEAK))
    return true;
  /* a strong definition: it replaces what the output had */
  o->info = (uint8_t)((o->info & 0xf0) | s->type);
  o->shndx = (uint16_t)L->secs.data[dst].elf_index;
  o->value = src->dst_off + s->value;
  o->size = s->size;
  gs->sec = dst;
  gs->is_extern = false;
  if (gs->btf_id)
    complete_extern_btf(L, gs->btf_id, in, id);
  gs->underlying = 0;
  return true;
}

static bool append_symbol(Linker *L, Input *in, uint32_t idx) {
  const ElfSymbol *s = &in->elf->symbols[idx];
  bool is_extern = s->shndx == ELF_SHN_UNDEF;
  const InSec *src = NULL;
  uint32_t dst = 0;
  if (is_extern && (s->type != ELF_STT_NOTYPE || s->bind == ELF_STB_LOCAL))
    return in_error(in, L->err, "symbol %u '%s' is not a valid extern", idx, s->name);
  if (s->bind > ELF_STB_WEAK || s->visibility > ELF_STV_HIDDEN ||
      s->visibility == ELF_STV_INTERNAL)
    return in_error(in, L->err, "symbol %u '%s' has a binding or visibility "
                    "the linker does not support", idx, s->name);
  if (!is_extern && s->shndx < SHN_LORESERVE) {
    if (s->shndx >= in->elf->nsections)
      return in_error(in, L->err, "symbol %u '%s' is in section %u, which does "
                      "not exist", idx, s->name, s->shndx);
    src = &in->secs.data[s->shndx];
    if (src->skipped)
      return true; /* BTF, or a license or version kept once */
    dst = src->dst;
    if (s->type == ELF_STT_SECTION && s->value)
      return in_error(in, L->err, "section symbol %u has value %llu", idx,
                      (unsigned long long)s->value);
    if (s->type == ELF_STT_SECTION && L->secs.data[dst].sec_sym) {
      in->sym_map[idx] = L->secs.data[dst].sec_sym;
      return true;
    }
  } else if (!is_extern && s->bind != ELF_STB_LOCAL) {
    return in_error(in, L->err, "global symbol '%s' is in special section "
                    "%#x, which the linker does not support", s->name, s->shndx);
  }
  uint32_t sec_id = 0, id = 0;
  if (s->bind != ELF_STB_LOCAL) {
    if (!find_glob_btf(in, s->name, &sec_id, &id, L->err))
      return false;
    if (is_extern && sec_id) {
      const char *sname = btf_str_by_offset(in->btf, btf_type_by_id(in->btf, sec_id)->name_off);
      if (strcmp(sname, ".extern") != 0) {
        src = find_in_sec(in, sname);
        if (!src)
          return in_error(in, L->err, "extern '%s': no section '%s'", s->name, sname);
        dst = src->dst;
      }
    }
    GlobSym *gs = find_glob(L, s->name);
    if (gs)
      return merge_glob(L, in, idx, s, gs, src, dst, id);
  }
  uint16_t shndx = dst ? (uint16_t)L->secs.data[dst].elf_index
                       : (uint16_t)(is_extern ? 0 : s->shndx);
  uint64_t value = (src ? src->dst_off : 0) + s->value;
  if (s->type == ELF_STT_SECTION)
    value = 0;
  uint32_t o = add_out_sym(L, s->name, s, shndx, value);
  in->sym_map[idx] = o;
  if (s->type == ELF_STT_SECTION)
    L->secs.data[dst].sec_sym = o;
  if (s->bind != ELF_STB_LOCAL) {
    GlobSym g = {L->syms.data[o].name, o, dst, 0, 0, -1, is_extern,
                 s->bind == ELF_STB_WEAK};
    vec_push(&L->globs, g);
  }
  return true;
}

static bool append_symbols(Linker *L, Input *in) {
  if (in->elf->nsymbols == 0)
    return in_error(in, L->err, "no symbol table");
  const ElfSymbol *s0 = &in->elf->symbols[0];
  if (s0->name[0] || s0->value || s0->size || s0->shndx || s0->type || s0->bind)
    return in_error(in, L->err, "symbol 0 is not all zero");
  in->sym_map = xcalloc(in->elf->nsymbols + 1, sizeof *in->sym_map);
  for (uint32_t i = 1; i < in->elf->nsymbols; i++)
    if (!append_symbol(L, in, i))
      return false;
  return true;
}

/* --- Relocations --- */

static bool is_bpf_reloc(uint32_t type) {
  return type == R_BPF_64_64 || type == R_BPF_64_32 || type == R_BPF_64_ABS64 ||
         type == R_BPF_64_ABS32;
}

/* Move the immediate of the instruction a relocation against a section
   symbol points at by where that section's part starts: in bytes, or in
   instructions for a call.  */
static void move_section_ref(uint8_t *insn, uint64_t dst_off) {
  int32_t imm = (int32_t)load_u32(insn + 4, false);
  imm += (int32_t)(insn[0] == BPF_CALL_CODE ? dst_off / 8 : dst_off);
  store_uint(insn + 4, 4, false, (uint32_t)imm);
}

static bool append_reloc_entries(Linker *L, Input *in, const InSec *rel,
                                 const InSec *target, uint32_t rdst, uint64_t at) {
  ElfReloc *relocs;
  size_t n;
  ElfError eerr;
  if (!elf_read_relocs(in->elf, rel->elf, &relocs, &n, &eerr))
    return in_error(in, L->err, "%s", eerr.msg);
  bool exec = target->elf->flags & SHF_EXECINSTR;
  bool ok = true;
  for (size_t k = 0; k < n && ok; k++) {
    const ElfReloc *r = &relocs[k];
    uint64_t off = r->offset;
    if (!is_bpf_reloc(r->type))
      ok = in_error(in, L->err, "%s: relocation %zu has type %u, not a BPF one",
                    rel->name, k, r->type);
    else if (!r->sym || r->sym >= in->elf->nsymbols)
      ok = in_error(in, L->err, "%s: relocation %zu names symbol %u, which "
                    "does not exist", rel->name, k, r->sym);
    else if (exec ? off % 8 || off + 8 > target->elf->size
                  : off + (r->type == R_BPF_64_ABS32 ? 4 : 8) > target->elf->size)
      ok = in_error(in, L->err, "%s: relocation %zu at offset %llu is outside "
                    "its section or not on an instruction", rel->name, k,
                    (unsigned long long)off);
    else if (!in->sym_map[r->sym])
      ok = in_error(in, L->err, "%s: relocation %zu names symbol '%s' of a "
                    "section the linker drops", rel->name, k,
                    in->elf->symbols[r->sym].name);
    if (!ok)
      break;
    const ElfSymbol *sym = &in->elf->symbols[r->sym];
    uint64_t new_off = off + target->dst_off;
    uint8_t *e = (uint8_t *)L->secs.data[rdst].data.data + at + k * REL_SIZE;
    store_uint(e, 8, false, new_off);
    store_uint(e + 8, 8, false, ((uint64_t)in->sym_map[r->sym] << 32) | r->type);
    if (sym->type != ELF_STT_SECTION)
      continue;
    if (!exec) {
      ok = in_error(in, L->err, "%s: relocation %zu is against a section "
                    "symbol in a data section, which the linker does not "
                    "support", rel->name, k);
      break;
    }
    if (sym->shndx >= in->elf->nsections)
      continue;
    OutSec *t = &L->secs.data[target->dst];
    move_section_ref((uint8_t *)t->data.data + new_off,
                     in->secs.data[sym->shndx].dst_off);
  }
  free(relocs);
  return ok;
}

static bool append_relocs(Linker *L, Input *in) {
  for (size_t i = 1; i < in->secs.len; i++) {
    InSec *rel = &in->secs.data[i];
    if (!is_rel_sec(rel))
      continue;
    const InSec *target = &in->secs.data[rel->elf->info];
    if (target->skipped)
      continue;
    if (!target->dst || target->elf->type == ELF_SHT_NOBITS)
      return in_error(in, L->err, "%s applies to a section without code or "
                      "data", rel->name);
    uint32_t rdst = find_out_sec(L, rel->name);
    if (!rdst) {
      rdst = add_out_sec(L, rel->name, false);
      init_out_sec(&L->secs.data[rdst], rel->elf);
    }
    OutSec *r = &L->secs.data[rdst];
    r->link = 2; /* .symtab */
    r->info = L->secs.data[target->dst].elf_index;
    rel->dst = rdst;
    rel->dst_off = extend_out_sec(L, rdst, rel->elf);
    if (!append_reloc_entries(L, in, rel, target, rdst, rel->dst_off))
      return false;
  }
  return true;
}

/* --- BTF --- */

/* Append record T of IN to the merged BTF, its strings moved into the
   merged table (its type references are renumbered later).  */
static uint32_t append_type(Linker *L, const Input *in, const BtfType *t) {
  size_t nwords = 3 + (size_t)btf_type_data_size(btf_kind(t), btf_vlen(t)) / 4;
  size_t at = L->btf.words.len;
  const uint32_t *w = (const uint32_t *)t;
  for (size_t i = 0; i < nwords; i++)
    vec_push(&L->btf.words, w[i]);
  vec_push(&L->btf.offs, (uint32_t)at);
  btf_record_slots(t, &L->names, &L->refs);
  uint32_t *dw = L->btf.words.data + at;
  for (size_t i = 0; i < L->names.len; i++)
    dw[L->names.data[i]] = btf_strset_add(
        &L->btf.strs, btf_str_by_offset(in->btf, dw[L->names.data[i]]));
  return (uint32_t)L->btf.offs.len;
}

static bool remap_refs(Linker *L, const Input *in, uint32_t first) {
  for (uint32_t id = first; id <= L->btf.offs.len; id++) {
    BtfType *t = built_type(&L->btf, id);
    btf_record_slots(t, &L->names, &L->refs);
    uint32_t *w = (uint32_t *)t;
    for (size_t i = 0; i < L->refs.len; i++) {
      uint32_t *slot = &w[L->refs.data[i]];
      if (*slot && !in->type_map[*slot])
        return in_error(in, L->err, "BTF type %u refers to type %u, which is "
                        "not linked (a global of a merged section)", id, *slot);
      *slot = in->type_map[*slot];
    }
  }
  return true;
}

/* The size in bytes of merged type ID (btf__resolve_size).  */
static uint64_t built_size(Linker *L, uint32_t id) {
  uint64_t mult = 1;
  for (int depth = 0; id && depth < 64; depth++) {
    const BtfType *t = built_type(&L->btf, id);
    switch (btf_kind(t)) {
    case BTF_KIND_INT: case BTF_KIND_STRUCT: case BTF_KIND_UNION:
    case BTF_KIND_ENUM: case BTF_KIND_ENUM64: case BTF_KIND_DATASEC:
    case BTF_KIND_FLOAT:
      return mult * t->size;
    case BTF_KIND_PTR:
      return mult * 8;
    case BTF_KIND_ARRAY:
      mult *= btf_array(t)->nelems;
      id = btf_array(t)->type;
      break;
    case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
    case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG: case BTF_KIND_VAR:
      id = t->type;
      break;
    default:
      return 0;
    }
  }
  return 0;
}

static bool append_types(Linker *L, Input *in) {
  uint32_t first = (uint32_t)L->btf.offs.len + 1;
  for (uint32_t i = 1; i < btf_type_count(in->btf); i++) {
    const BtfType *t = btf_type_by_id(in->btf, i);
    if (btf_kind(t) == BTF_KIND_DATASEC)
      continue;
    GlobSym *gs = NULL;
    if (is_non_static(t)) {
      gs = find_glob(L, btf_str_by_offset(in->btf, t->name_off));
      if (!gs)
        continue; /* a global of a deduplicated license or version */
      if (gs->underlying == 0)
        gs->underlying = -(int64_t)t->type;
      if (gs->btf_id) {
        in->type_map[i] = gs->btf_id;
        continue;
      }
    }
    in->type_map[i] = append_type(L, in, t);
    if (gs) {
      gs->btf_id = in->type_map[i];
      gs->underlying = -(int64_t)t->type;
    }
  }
  if (!remap_refs(L, in, first))
    return false;
  for (size_t k = 0; k < L->globs.len; k++) {
    GlobSym *gs = &L->globs.data[k];
    if (gs->underlying >= 0 || !gs->btf_id)
      continue;
    gs->underlying = in->type_map[-gs->underlying];
    built_type(&L->btf, gs->btf_id)->type = (uint32_t)gs->underlying;
  }
  return true;
}

/* A variable or function of one of IN's DATASECs.  A global variable is
   where its symbol is; one listed already (an extern before, or a weak
   definition) keeps its entry, whose size follows the type the global
   has now, and whose offset moves to this input's definition when that
   is the one the symbol now names.  (libbpf 1.1 moves no offset, so an
   extern map that another object defines stays at 0 in .maps, where
   libbpf then finds no map: tests/btftool/link.sh.)  */
static bool append_sec_var(Linker *L, Input *in, const InSec *src,
                           const BtfVarSecinfo *vi) {
  OutSec *dst = &L->secs.data[src->dst];
  uint32_t id = in->type_map[vi->type];
  if (!id)
    return in_error(in, L->err, "DATASEC '%s' lists type %u, a global without "
                    "a symbol", src->name, vi->type);
  const BtfType *t = built_type(&L->btf, id);
  const char *name = L->btf.strs.tab.data + t->name_off;
  const BtfType *v = btf_type_by_id(in->btf, vi->type);
  uint64_t offset = vi->offset;
  bool defines = src->elf && btf_kind(v) == BTF_KIND_VAR &&
                 btf_var(v)->linkage == BTF_VAR_GLOBAL_ALLOCATED;
  if (defines)
    offset = find_object_symbol(in, src->elf->index, name)->value;
  offset += src->dst_off;
  GlobSym *gs = is_non_static(t) ? find_glob(L, name) : NULL;
  if (gs && gs->sec != src->dst)
    return in_error(in, L->err, "global '%s' is in section '%s' here and in "
                    "section '%s' in an earlier object", name, src->name,
                    L->secs.data[gs->sec].name);
  if (gs && gs->var_idx >= 0) {
    BtfVarSecinfo *old = &dst->vars.data[gs->var_idx];
    old->size = (uint32_t)built_size(L, (uint32_t)gs->underlying);
    const OutSym *sym = &L->syms.data[gs->sym];
    if (defines && sym->shndx == dst->elf_index && sym->value == offset)
      old->offset = (uint32_t)offset;
    return true;
  }
  BtfVarSecinfo nv = {id, (uint32_t)offset, vi->size};
  vec_push(&dst->vars, nv);
  if (gs)
    gs->var_idx = (int32_t)dst->vars.len - 1;
  return true;
}

static bool append_datasecs(Linker *L, Input *in) {
  for (size_t i = 1; i < in->secs.len; i++) {
    const InSec *src = &in->secs.data[i];
    if (!src->datasec || src->skipped || !src->dst)
      continue;
    L->secs.data[src->dst].has_btf = true;
    const BtfType *t = btf_type_by_id(in->btf, src->datasec);
    for (uint32_t k = 0; k < btf_vlen(t); k++)
      if (!append_sec_var(L, in, src, &btf_secinfos(t)[k]))
        return false;
  }
  return true;
}

static bool append_btf(Linker *L, Input *in) {
  if (!in->btf)
    return true;
  in->type_map = xcalloc(btf_type_count(in->btf), sizeof *in->type_map);
  return append_types(L, in) && append_datasecs(L, in);
}

/* --- .BTF.ext --- */

/* Which words of a record of table KIND are type ids and strings.  */
static bool ext_word_is_type(BtfExtKind kind, unsigned w) {
  return w == 1 && kind != BTF_EXT_LINE;
}
static bool ext_word_is_string(BtfExtKind kind, unsigned w) {
  return (kind == BTF_EXT_LINE && (w == 1 || w == 2)) ||
         (kind == BTF_EXT_CORE && w == 2);
}

static bool append_ext_table(Linker *L, Input *in, BtfExtKind kind) {
  const BtfExtTable *tab = &in->ext->tables[kind];
  if (!tab->present)
    return true;
  for (size_t s = 0; s < tab->secs.len; s++) {
    const BtfExtSection *es = &tab->secs.data[s];
    const InSec *src = find_in_sec(in, es->name);
    if (!src || !src->dst)
      return in_error(in, L->err, ".BTF.ext names section '%s', which the "
                      "object does not have", es->name);
    ExtRecs *dst = &L->secs.data[src->dst].ext[kind];
    if (!dst->rec_size)
      dst->rec_size = tab->rec_size;
    if (dst->rec_size != tab->rec_size)
      return in_error(in, L->err, ".BTF.ext %s records of section '%s' are %u "
                      "bytes, an earlier object's %u", btf_ext_table_name(kind),
                      es->name, tab->rec_size, dst->rec_size);
    for (uint32_t r = 0; r < es->count; r++) {
      const BtfExtRecord *rec = &tab->recs.data[es->first + r];
      for (unsigned w = 0; w < tab->rec_size / 4; w++) {
        uint32_t v = load_u32(in->ext_bytes + rec->offset + 4 * w, false);
        if (w == 0)
          v += (uint32_t)src->dst_off;
        else if (ext_word_is_type(kind, w) && v && !(v = in->type_map[v]))
          return in_error(in, L->err, ".BTF.ext+%#x: %s record names type %u, "
                          "a global without a symbol", rec->offset,
                          btf_ext_table_name(kind), rec->w[1]);
        else if (ext_word_is_string(kind, w))
          v = btf_strset_add(&L->btf.strs, btf_str_by_offset(in->btf, v));
        vec_push(&dst->words, v);
      }
      dst->count++;
    }
  }
  return true;
}

static bool append_ext(Linker *L, Input *in) {
  if (!in->ext)
    return true;
  for (int k = 0; k < BTF_EXT_TABLES; k++)
    if (!append_ext_table(L, in, (BtfExtKind)k))
      return false;
  return true;
}

/* --- Finishing --- */

/* The DATASECs of the output sections that carry BTF.  */
static void add_datasecs(Linker *L) {
  for (uint32_t i = 1; i < L->secs.len; i++) {
    OutSec *s = &L->secs.data[i];
    if (!s->has_btf)
      continue;
    size_t at = L->btf.words.len;
    vec_push(&L->btf.offs, (uint32_t)at);
    vec_push(&L->btf.words, btf_strset_add(&L->btf.strs, s->name));
    vec_push(&L->btf.words, BTF_INFO(BTF_KIND_DATASEC, 0, s->vars.len));
    vec_push(&L->btf.words, (uint32_t)s->size);
    for (size_t k = 0; k < s->vars.len; k++) {
      vec_push(&L->btf.words, s->vars.data[k].type);
      vec_push(&L->btf.words, s->vars.data[k].offset);
      vec_push(&L->btf.words, s->vars.data[k].size);
    }
  }
}

/* A raw BTF blob of TYPES (LEN bytes) and the string table STRS.  */
static void put_btf_blob(Buf *out, const void *types, uint32_t len, const Buf *strs) {
  BtfHeader h = {BTF_MAGIC, BTF_VERSION, 0, BTF_HEADER_SIZE, 0, len, len,
                 (uint32_t)strs->len};
  buf_append(out, &h, sizeof h);
  if (len)
    buf_append(out, types, len);
  buf_append(out, strs->data, strs->len);
}

/* The .BTF.ext strings of the merged table, added to the deduplicated
   one (OUT_STRS) and the type ids renumbered by ID_MAP.  */
static void renumber_ext(Linker *L, BtfStrSet *out_strs, const uint32_t *id_map) {
  for (uint32_t i = 1; i < L->secs.len; i++)
    for (int kind = 0; kind < BTF_EXT_TABLES; kind++) {
      ExtRecs *e = &L->secs.data[i].ext[kind];
      unsigned nw = e->rec_size / 4;
      for (size_t k = 0; k < e->words.len; k++) {
        unsigned w = (unsigned)(k % nw);
        uint32_t *v = &e->words.data[k];
        if (ext_word_is_type((BtfExtKind)kind, w))
          *v = id_map[*v];
        else if (ext_word_is_string((BtfExtKind)kind, w))
          *v = btf_strset_add(out_strs, L->btf.strs.tab.data + *v);
      }
    }
}

static void put_u32(Buf *b, uint32_t v) {
  uint8_t p[4];
  store_uint(p, 4, false, v);
  buf_append(b, p, 4);
}

/* One .BTF.ext table: its record size, then each section's records.  */
static uint32_t put_ext_table(Linker *L, Buf *out, BtfExtKind kind, BtfStrSet *strs) {
  size_t start = out->len;
  uint32_t rec_size = 0;
  for (uint32_t i = 1; i < L->secs.len; i++)
    if (L->secs.data[i].ext[kind].count)
      rec_size = L->secs.data[i].ext[kind].rec_size;
  if (!rec_size)
    return 0;
  put_u32(out, rec_size);
  for (uint32_t i = 1; i < L->secs.len; i++) {
    const ExtRecs *e = &L->secs.data[i].ext[kind];
    if (!e->count)
      continue;
    put_u32(out, btf_strset_add(strs, L->secs.data[i].name));
    put_u32(out, e->count);
    for (size_t k = 0; k < e->words.len; k++)
      put_u32(out, e->words.data[k]);
  }
  return (uint32_t)(out->len - start);
}

static bool check_ext_rec_sizes(Linker *L) {
  for (int kind = 0; kind < BTF_EXT_TABLES; kind++) {
    uint32_t size = 0;
    for (uint32_t i = 1; i < L->secs.len; i++) {
      const ExtRecs *e = &L->secs.data[i].ext[kind];
      if (!e->count)
        continue;
      if (size && e->rec_size != size)
        return read_error(L->err, ".BTF.ext: %s records of %u and %u bytes",
                          btf_ext_table_name((BtfExtKind)kind), size, e->rec_size);
      size = e->rec_size;
    }
  }
  return true;
}

static void build_ext(Linker *L, BtfStrSet *strs, Buf *ext) {
  Buf body = {0};
  uint32_t len[BTF_EXT_TABLES];
  for (int k = 0; k < BTF_EXT_TABLES; k++)
    len[k] = put_ext_table(L, &body, (BtfExtKind)k, strs);
  if (!body.len)
    return;
  put_u32(ext, BTF_MAGIC | (BTF_VERSION << 16)); /* magic, version, flags 0 */
  put_u32(ext, EXT_HDR_SIZE);
  put_u32(ext, 0);
  put_u32(ext, len[0]);
  put_u32(ext, len[0]);
  put_u32(ext, len[1]);
  put_u32(ext, len[0] + len[1]);
  put_u32(ext, len[2]);
  buf_append(ext, body.data, body.len);
  buf_free(&body);
}

/* The merged BTF deduplicated into BTF, and the .BTF.ext into EXT (left
   empty without records).  */
static bool finish_btf(Linker *L, Buf *btf, Buf *ext) {
  if (!L->btf.offs.len)
    return true;
  if (!check_ext_rec_sizes(L))
    return false;
  add_datasecs(L);
  Buf merged = {0};
  put_btf_blob(&merged, L->btf.words.data, (uint32_t)(L->btf.words.len * 4),
               &L->btf.strs.tab);
  BtfError berr;
  Btf *parsed = btf_parse(merged.data, merged.len, NULL, &berr);
  buf_free(&merged);
  if (!parsed)
    return read_error(L->err, "the merged BTF is not valid: %s", berr.msg);
  uint32_t *id_map = xcalloc(btf_type_count(parsed), sizeof *id_map);
  Buf deduped = {0};
  bool ok = btf_dedup_map(parsed, &deduped, NULL, id_map, &berr);
  btf_free(parsed);
  Btf *out = ok ? btf_parse(deduped.data, deduped.len, NULL, &berr) : NULL;
  if (!out) {
    free(id_map);
    buf_free(&deduped);
    return read_error(L->err, "deduplicating the merged BTF: %s", berr.msg);
  }
  /* its string table again, each string at the offset it has there,
     then the .BTF.ext strings the types do not use */
  BtfStrSet strs;
  btf_strset_init(&strs);
  for (uint32_t off = 1; off < out->hdr.str_len; off += (uint32_t)strlen(out->strs + off) + 1)
    btf_strset_add(&strs, out->strs + off);
  renumber_ext(L, &strs, id_map);
  build_ext(L, &strs, ext);
  put_btf_blob(btf, out->type_data, out->hdr.type_len, &strs.tab);
  btf_strset_free(&strs);
  btf_free(out);
  buf_free(&deduped);
  free(id_map);
  return true;
}

/* --- Writing the object --- */

static void put_n(Buf *b, uint64_t v, unsigned size) {
  uint8_t p[8];
  store_uint(p, size, false, v);
  buf_append(b, p, size);
}

typedef struct FileSec {
  uint32_t name, type;
  uint64_t flags, offset, size, align, entsize;
  uint32_t link, info;
  const void *data; /* NULL: NOBITS */
} FileSec;

/* N little-endian fields: VALUE[i] in SIZE[i] bytes.  */
static void put_fields(Buf *b, const uint64_t *value, const uint8_t *size, size_t n) {
  for (size_t i = 0; i < n; i++)
    put_n(b, value[i], size[i]);
}

static void put_shdr(Buf *b, const FileSec *s) {
  static const uint8_t size[] = {4, 4, 8, 8, 8, 8, 4, 4, 8, 8};
  const uint64_t value[] = {s->name, s->type, s->flags, 0 /* sh_addr */,
                            s->offset, s->size, s->link, s->info, s->align,
                            s->entsize};
  put_fields(b, value, size, ARRAY_LEN(size));
}

static void put_ehdr(Buf *b, uint64_t shoff, uint32_t shnum) {
  static const uint8_t ident[16] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  buf_append(b, ident, sizeof ident);
  /* e_type, e_machine, e_version, e_entry, e_phoff, e_shoff, e_flags,
     e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx
     (.strtab) */
  static const uint8_t size[] = {2, 2, 4, 8, 8, 8, 4, 2, 2, 2, 2, 2, 2};
  const uint64_t value[] = {ELF_ET_REL, ELF_EM_BPF, 1, 0, 0, shoff, 0,
                            EHDR_SIZE, 0, 0, SHDR_SIZE, shnum, 1};
  put_fields(b, value, size, ARRAY_LEN(size));
}

static void put_symtab(const Linker *L, Buf *b) {
  static const uint8_t size[] = {4, 1, 1, 2, 8, 8};
  for (size_t i = 0; i < L->syms.len; i++) {
    const OutSym *s = &L->syms.data[i];
    const uint64_t value[] = {s->name, s->info, s->other, s->shndx, s->value,
                              s->size};
    put_fields(b, value, size, ARRAY_LEN(size));
  }
}

static FileSec file_sec(Linker *L, uint32_t type, const char *name,
                        const Buf *data, uint64_t align) {
  FileSec f = {btf_strset_add(&L->strtab, name), type, 0, 0, data->len, align,
               0, 0, 0, data->data};
  return f;
}

static void write_object(Linker *L, const Buf *btf, const Buf *ext, Buf *out) {
  Buf symtab = {0};
  put_symtab(L, &symtab);
  VEC(FileSec) fs = {0};
  FileSec null = {0};
  vec_push(&fs, null);
  for (size_t k = 0; k < L->order.len; k++) {
    const OutSec *s = &L->secs.data[L->order.data[k]];
    FileSec f = {btf_strset_add(&L->strtab, s->name), s->type, s->flags, 0,
                 s->size, s->align, s->entsize, s->link, s->info,
                 s->type == ELF_SHT_NOBITS ? NULL : s->data.data};
    if (k == 0)
      f = (FileSec){f.name, ELF_SHT_STRTAB, SHF_STRINGS, 0, 0, 1, 0, 0, 0, NULL};
    else if (k == 1)
      f = (FileSec){f.name, ELF_SHT_SYMTAB, 0, 0, symtab.len, 8, SYM_SIZE, 1, 0,
                    symtab.data};
    vec_push(&fs, f);
  }
  if (btf->len)
    vec_push(&fs, file_sec(L, ELF_SHT_PROGBITS, ".BTF", btf, 8));
  if (ext->len)
    vec_push(&fs, file_sec(L, ELF_SHT_PROGBITS, ".BTF.ext", ext, 8));
  fs.data[1].size = L->strtab.tab.len;
  fs.data[1].data = L->strtab.tab.data;
  uint64_t off = EHDR_SIZE;
  for (size_t i = 1; i < fs.len; i++) {
    off = align_up(off, fs.data[i].align);
    fs.data[i].offset = off;
    if (fs.data[i].type != ELF_SHT_NOBITS)
      off += fs.data[i].size;
  }
  uint64_t shoff = align_up(off, 8);
  put_ehdr(out, shoff, (uint32_t)fs.len);
  for (size_t i = 1; i < fs.len; i++) {
    if (fs.data[i].type == ELF_SHT_NOBITS)
      continue;
    while (out->len < fs.data[i].offset)
      buf_putc(out, 0);
    if (fs.data[i].size)
      buf_append(out, fs.data[i].data, fs.data[i].size);
  }
  while (out->len < shoff)
    buf_putc(out, 0);
  for (size_t i = 0; i < fs.len; i++)
    put_shdr(out, &fs.data[i]);
  vec_free(&fs);
  buf_free(&symtab);
}

/* --- The whole --- */

static void linker_init(Linker *L, LinkError *err) {
  memset(L, 0, sizeof *L);
  L->err = err;
  btf_strset_init(&L->strtab);
  btf_strset_init(&L->btf.strs);
  OutSec none = {0};
  none.name = xstrdup("");
  vec_push(&L->secs, none);
  add_out_sec(L, ".strtab", false);
  add_out_sec(L, ".symtab", false);
  OutSym zero = {0};
  vec_push(&L->syms, zero);
}

static void linker_free(Linker *L) {
  for (size_t i = 0; i < L->secs.len; i++) {
    OutSec *s = &L->secs.data[i];
    free(s->name);
    buf_free(&s->data);
    vec_free(&s->vars);
    for (int k = 0; k < BTF_EXT_TABLES; k++)
      vec_free(&s->ext[k].words);
  }
  vec_free(&L->secs);
  vec_free(&L->order);
  vec_free(&L->syms);
  vec_free(&L->globs);
  btf_strset_free(&L->strtab);
  btf_strset_free(&L->btf.strs);
  vec_free(&L->btf.words);
  vec_free(&L->btf.offs);
  vec_free(&L->names);
  vec_free(&L->refs);
}

static bool link_input(Linker *L, const LinkInput *file) {
  Input in = {0};
  bool ok = load_input(&in, file, L->err) && append_sections(L, &in) &&
            append_symbols(L, &in) && append_relocs(L, &in) &&
            append_btf(L, &in) && append_ext(L, &in);
  input_free(&in);
  return ok;
}

bool bpf_link(const LinkInput *inputs, size_t n, Buf *out, LinkError *err) {
  Linker L;
  linker_init(&L, err);
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++)
    ok = link_input(&L, &inputs[i]);
  Buf btf = {0}, ext = {0};
  if (ok)
    ok = finish_btf(&L, &btf, &ext);
  if (ok)
    write_object(&L, &btf, &ext, out);
  buf_free(&btf);
  buf_free(&ext);
  linker_free(&L);
  return ok;
}
