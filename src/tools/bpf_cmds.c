/* btftool's BPF assembler commands, over the library's assembler and
   printer (src/bpf):

     btftool bpf-asm [-EB] [-o OUT] FILE
        assemble FILE (any of the dialects of src/bpf/asm.h) into the
        bytes of one code section: to OUT, with the relocations listed on
        standard output (`OFFSET TYPE SYMBOL`, the section itself named
        .text), or without -o the bytes to standard output
     btftool bpf-disasm [-EB] FILE
        FILE an ELF object: every executable section as GNU assembler
        text in bpf-gcc's pseudo-C (labels for its symbols, the
        relocations' symbols as operands), which `bpf-as` assembles into
        the same instruction bytes and relocations; FILE raw bytes: the
        instructions alone

   -EB: big-endian (bpfeb) instead of little-endian; an ELF object says
   its own byte order.  */
#include "bpf_cmds.h"

#include "../bpf/asm.h"
#include "../bpf/print.h"
#include "../elf/elf_read.h"

#include <errno.h>
#include <string.h>

static int fail(const char *fmt, ...) PRINTF_LIKE(1, 2);
static int fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", progname);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return 1;
}

/* Options of both commands.  */
typedef struct BpfArgs {
  const char *file;
  const char *output;
  bool big_endian;
} BpfArgs;

static int parse(const char *cmd, int argc, char **argv, BpfArgs *a) {
  for (int i = 0; i < argc; i++) {
    const char *arg = argv[i];
    if (strcmp(arg, "-EB") == 0 || strcmp(arg, "--EB") == 0) {
      a->big_endian = true;
    } else if (strcmp(arg, "-EL") == 0 || strcmp(arg, "--EL") == 0) {
      a->big_endian = false;
    } else if (strcmp(cmd, "bpf-asm") == 0 && strcmp(arg, "-o") == 0) {
      if (i + 1 >= argc)
        return fail("option '-o' needs a file (see '%s --help')", progname);
      a->output = argv[++i];
    } else if (arg[0] == '-' && arg[1]) {
      return fail("unknown option '%s' (see '%s --help')", arg, progname);
    } else if (a->file) {
      return fail("unexpected argument '%s' (see '%s --help')", arg, progname);
    } else {
      a->file = arg;
    }
  }
  if (!a->file)
    return fail("%s: missing FILE (see '%s --help')", cmd, progname);
  return 0;
}

/* The arguments of command CMD, and its FILE read whole; false (after
   saying why) on a usage error or an unreadable file.  */
static bool read_input(const char *cmd, int argc, char **argv, BpfArgs *a,
                       char **data, size_t *len) {
  if (parse(cmd, argc, argv, a))
    return false;
  if (!read_file(a->file, data, len)) {
    fail("%s: %s", a->file, strerror(errno));
    return false;
  }
  return true;
}

static bool write_all(FILE *f, const void *p, size_t n) {
  return (n == 0 || fwrite(p, 1, n, f) == n) && fflush(f) == 0;
}

static const char *reloc_name(uint32_t type) {
  return type == BPF_RELOC_64_64 ? "R_BPF_64_64" : "R_BPF_64_32";
}

int cmd_bpf_asm(int argc, char **argv) {
  BpfArgs a = {0};
  char *text;
  size_t len;
  if (!read_input("bpf-asm", argc, argv, &a, &text, &len))
    return 1;
  BpfCode code;
  bpf_code_init(&code);
  BpfAsmOptions opts = {.big_endian = a.big_endian};
  BpfAsmError err;
  int rc = 0;
  if (!bpf_asm_resolved(&code, text, len, &opts, &err)) {
    fprintf(stderr, "%s:%u:%u: error: %s\n", a.file, err.line, err.col,
            err.message);
    rc = 1;
    goto done;
  }
  Buf bytes = {0};
  bpf_code_bytes(&code, a.big_endian, &bytes);
  FILE *out = a.output ? fopen(a.output, "wb") : stdout;
  if (!out) {
    rc = fail("%s: %s", a.output, strerror(errno));
  } else {
    if (!write_all(out, bytes.data, bytes.len))
      rc = fail("write error: %s", strerror(errno));
    if (a.output) {
      if (fclose(out) != 0 && rc == 0)
        rc = fail("%s: %s", a.output, strerror(errno));
      for (size_t i = 0; i < code.relocs.len; i++) {
        const BpfReloc *r = &code.relocs.data[i];
        printf("%016llx %s %s\n", (unsigned long long)r->insn * BPF_INSN_SIZE,
               reloc_name(r->type), r->sym ? r->sym : ".text");
      }
      if (fflush(stdout) != 0 && rc == 0)
        rc = fail("write error: %s", strerror(errno));
    }
  }
  buf_free(&bytes);
done:
  bpf_code_free(&code);
  free(text);
  return rc;
}

/* The instructions of SIZE bytes at DATA (SIZE a multiple of 8).  */
static void decode_into(BpfCode *c, const uint8_t *data, size_t size,
                        bool big_endian) {
  for (size_t off = 0; off + BPF_INSN_SIZE <= size; off += BPF_INSN_SIZE)
    bpf_code_emit(c, bpf_insn_decode(data + off, big_endian));
}

/* Whether section INDEX of F holds code (bpf-disasm prints it).  */
static bool is_code_section(const ElfFile *f, uint32_t index) {
  const ElfSection *s = index < f->nsections ? &f->sections[index] : NULL;
  return s && s->type == ELF_SHT_PROGBITS && (s->flags & 4 /* EXECINSTR */) &&
         s->data && s->size % BPF_INSN_SIZE == 0;
}

/* A symbol of code section INDEX at OFFSET (a local function, say), or
   NULL.  */
static const char *code_symbol_at(const ElfFile *f, uint32_t index,
                                  int64_t offset) {
  if (!is_code_section(f, index) || offset < 0)
    return NULL;
  for (uint32_t k = 0; k < f->nsymbols; k++) {
    const ElfSymbol *sym = &f->symbols[k];
    if (sym->shndx == index && sym->name && *sym->name &&
        sym->type != ELF_STT_SECTION && sym->value == (uint64_t)offset)
      return sym->name;
  }
  return NULL;
}

/* The relocations of section S of F, as BpfRelocs of C (names borrowed
   from F), their addends read from the instructions.  */
static bool add_relocs(const ElfFile *f, const ElfSection *s, BpfCode *c,
                       ElfError *err) {
  for (uint32_t k = 0; k < f->nsections; k++) {
    const ElfSection *rs = &f->sections[k];
    if (!elf_relocates(rs, s))
      continue;
    ElfReloc *rel;
    size_t n;
    if (!elf_read_relocs(f, rs, &rel, &n, err))
      return false;
    for (size_t i = 0; i < n; i++) {
      if (rel[i].offset % BPF_INSN_SIZE ||
          rel[i].offset / BPF_INSN_SIZE >= c->insns.len ||
          rel[i].sym >= f->nsymbols ||
          (rel[i].type != BPF_RELOC_64_64 && rel[i].type != BPF_RELOC_64_32))
        continue; /* not an instruction relocation we can name */
      const ElfSymbol *sym = &f->symbols[rel[i].sym];
      const char *name = sym->name;
      if (sym->type == ELF_STT_SECTION && sym->shndx < f->nsections)
        name = f->sections[sym->shndx].name;
      if (!name || !*name)
        continue;
      uint32_t at = (uint32_t)(rel[i].offset / BPF_INSN_SIZE);
      int64_t imm = c->insns.data[at].imm + rel[i].addend;
      int64_t addend =
          rel[i].type == BPF_RELOC_64_32 ? (imm + 1) * BPF_INSN_SIZE : imm;
      /* A code section plus an offset: the function there, by name (its
         label is printed with that section, so GNU as makes the same
         section-relative relocation of it).  */
      const char *fn = sym->type == ELF_STT_SECTION
                           ? code_symbol_at(f, sym->shndx, addend)
                           : NULL;
      if (fn)
        name = fn, addend = 0;
      BpfReloc r = {at, rel[i].type, name, addend};
      vec_push(&c->relocs, r);
    }
    free(rel);
  }
  return true;
}

static bool disasm_section(const ElfFile *f, const ElfSection *s, Buf *out,
                           uint32_t *next_label, ElfError *err) {
  BpfCode c;
  bpf_code_init(&c);
  decode_into(&c, s->data, s->size, f->big_endian);
  if (strcmp(s->name, ".text") == 0)
    buf_puts(out, "\t.text\n");
  else
    buf_printf(out, "\t.section\t%s,\"ax\",@progbits\n", s->name);
  /* Symbols defined here, as labels.  */
  for (uint32_t k = 0; k < f->nsymbols; k++) {
    const ElfSymbol *sym = &f->symbols[k];
    if (sym->shndx != s->index || !sym->name || !*sym->name ||
        sym->type == ELF_STT_SECTION || sym->value % BPF_INSN_SIZE ||
        sym->value / BPF_INSN_SIZE > c.insns.len)
      continue;
    if (!bpf_code_label_at(&c, sym->name,
                           (uint32_t)(sym->value / BPF_INSN_SIZE), 0))
      continue;
    if (sym->bind != ELF_STB_LOCAL) {
      buf_printf(out, "\t.globl\t%s\n", sym->name);
      bpf_code_global(&c, sym->name);
    }
  }
  bool ok = add_relocs(f, s, &c, err);
  if (ok)
    bpf_print_code(out, &c, f->big_endian, next_label);
  bpf_code_free(&c);
  return ok;
}

int cmd_bpf_disasm(int argc, char **argv) {
  BpfArgs a = {0};
  char *data;
  size_t len;
  if (!read_input("bpf-disasm", argc, argv, &a, &data, &len))
    return 1;
  Buf out = {0};
  uint32_t next_label = 0;
  int rc = 0;
  if (elf_is_elf(data, len)) {
    ElfError err;
    ElfFile *f = elf_open(data, len, &err);
    if (!f || !elf_read_symbols(f, &err)) {
      rc = fail("%s: %s", a.file, err.msg);
    } else {
      for (uint32_t k = 0; k < f->nsections && rc == 0; k++) {
        const ElfSection *s = &f->sections[k];
        if (s->type != ELF_SHT_PROGBITS || !(s->flags & 4 /* SHF_EXECINSTR */) ||
            !s->data)
          continue;
        if (!is_code_section(f, k))
          rc = fail("%s: section %s: %llu bytes, not whole instructions",
                    a.file, s->name, (unsigned long long)s->size);
        else if (!disasm_section(f, s, &out, &next_label, &err))
          rc = fail("%s: %s", a.file, err.msg);
      }
    }
    if (f)
      elf_close(f);
  } else if (len % BPF_INSN_SIZE) {
    rc = fail("%s: %zu bytes, not whole 8-byte instructions", a.file, len);
  } else {
    BpfCode c;
    bpf_code_init(&c);
    decode_into(&c, (const uint8_t *)data, len, a.big_endian);
    bpf_print_code(&out, &c, a.big_endian, &next_label);
    bpf_code_free(&c);
  }
  if (rc == 0 && !write_all(stdout, out.data, out.len))
    rc = fail("write error: %s", strerror(errno));
  buf_free(&out);
  free(data);
  return rc;
}
