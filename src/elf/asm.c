/* GNU assembler text, written the way GCC writes it for a file that has
   only data and debug sections:

       .file   "name.c"
       .text
       .section .BTF,"",@progbits      (per section: directive, .align,
   .Lbtf0:                              labels, items with -dA comments)
       .long   0x1     # comment
       ...
       .ident  "btfcc 0.1.0"
       .section .note.GNU-stack,"",@progbits   (x86-64 only; bpf-gcc
                                                does not emit it)

   The primitives are those of GCC's dwarf2asm: `.byte/.value/.long/.quad`
   on x86-64 and `.byte/.2byte/.4byte/.8byte` on BPF; `#` starts a comment
   on x86-64 and `;` on BPF.  */
#include "section.h"

#include <stdlib.h>
#include <string.h>

/* Output is gathered in a buffer and written in large blocks.  */
typedef struct AsmOut {
  FILE *f;
  Buf b;
  bool failed;
} AsmOut;

enum { FLUSH_AT = 1 << 20 };

static void flush(AsmOut *o) {
  if (o->b.len && fwrite(o->b.data, 1, o->b.len, o->f) != o->b.len)
    o->failed = true;
  o->b.len = 0;
}

static void out_str(AsmOut *o, const char *s) { buf_puts(&o->b, s); }
static void out_chr(AsmOut *o, char c) { buf_putc(&o->b, c); }

static void end_line(AsmOut *o) {
  buf_putc(&o->b, '\n');
  if (o->b.len >= FLUSH_AT)
    flush(o);
}

/* GCC prints 0 as "0" and anything else as lowercase hex with "0x".  */
static void out_hex(AsmOut *o, uint64_t v) {
  if (v == 0) {
    out_chr(o, '0');
    return;
  }
  char tmp[20];
  int n = 0;
  for (; v; v >>= 4)
    tmp[n++] = "0123456789abcdef"[v & 0xf];
  out_str(o, "0x");
  while (n > 0)
    out_chr(o, tmp[--n]);
}

/* GCC 16 comments with '#' on both targets (GCC 12's BPF port used ';').  */
static const char *comment_start(void) { return "#"; }

static const char *data_op(unsigned size) {
  static const char *const x86[] = {".byte", ".value", ".long", ".quad"};
  static const char *const bpf[] = {".byte", ".2byte", ".4byte", ".8byte"};
  int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
  return ctx_current->target.arch == ARCH_BPF ? bpf[i] : x86[i];
}

/* "\t<C> comment" when there is a comment.  */
static void out_comment(AsmOut *o, const char *comment) {
  if (!comment)
    return;
  out_chr(o, '\t');
  out_str(o, comment_start());
  out_chr(o, ' ');
  out_str(o, comment);
}

static bool is_print(unsigned char c) { return c >= 0x20 && c < 0x7f; }

/* A quoted name for .file: GCC's output_quoted_string.  */
static void out_quoted_name(AsmOut *o, const char *s) {
  out_chr(o, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (is_print(c)) {
      if (c == '"' || c == '\\')
        out_chr(o, '\\');
      out_chr(o, (char)c);
    } else {
      buf_printf(&o->b, "\\%03o", c);
    }
  }
  out_chr(o, '"');
}

/* The -dA form of a string: `.ascii "text\0"`.  GCC escapes `"` and `\`,
   keeps printable bytes and writes any other byte as `\` plus its octal
   value without padding.  Two deliberate differences keep the assembled
   bytes right where GCC's text would not: bytes >= 0x80 are written as
   their own value (GCC sign-extends them to `\37777777703`), and a short
   escape is padded to three digits when a digit follows it (GAS would
   read `\1` + "2" as `\12`).  */
static void out_dA_string(AsmOut *o, const unsigned char *p, size_t len) {
  out_str(o, "\t.ascii \"");
  for (size_t i = 0; i < len; i++) {
    unsigned char c = p[i];
    if (c == '"' || c == '\\')
      out_chr(o, '\\');
    if (is_print(c)) {
      out_chr(o, (char)c);
      continue;
    }
    bool digit_next = i + 1 < len && p[i + 1] >= '0' && p[i + 1] <= '9';
    buf_printf(&o->b, digit_next ? "\\%03o" : "\\%o", c);
  }
  out_str(o, "\\0\"");
}

/* How GCC's ELF string output (ELF_ASCII_ESCAPES) writes byte C:
   0 = as is, 1 = three-digit octal, else `\` and that letter.  */
static char elf_escape(unsigned char c) {
  switch (c) {
  case '\b': return 'b';
  case '\t': return 't';
  case '\n': return 'n';
  case '\f': return 'f';
  case '\r': return 'r';
  case '"': return '"';
  case '\\': return '\\';
  default: return is_print(c) ? 0 : 1;
  }
}

/* Append the escaped form of C; returns how many bytes GCC counts for it
   when it measures an `.ascii` line.  */
static unsigned out_elf_char(AsmOut *o, unsigned char c) {
  char e = elf_escape(c);
  if (e == 0) {
    out_chr(o, (char)c);
    return 1;
  }
  if (e == 1) {
    buf_printf(&o->b, "\\%03o", c);
    return 4;
  }
  out_chr(o, '\\');
  out_chr(o, e);
  return 2;
}

/* GCC's limit for one `.string` operand (ELF_STRING_LIMIT) and the line
   length at which it breaks `.ascii` runs.  */
enum { ELF_STRING_LIMIT = 256, ASCII_LINE_LIMIT = 60 };

/* The string form GCC uses without -dA (default_elf_asm_output_ascii):
   each NUL-terminated piece of at most ELF_STRING_LIMIT bytes becomes
   `.string`; longer stretches go out as `.ascii` lines first.  P[0..LEN)
   includes the terminating NUL.  */
static void out_elf_ascii(AsmOut *o, const unsigned char *p, size_t len) {
  size_t nul = 0; /* index of the next NUL at or after i */
  bool have_nul = false;
  unsigned in_line = 0;
  for (size_t i = 0; i < len; i++) {
    if (in_line >= ASCII_LINE_LIMIT) {
      out_chr(o, '"');
      end_line(o);
      in_line = 0;
    }
    if (!have_nul || i > nul) {
      for (nul = i; nul < len && p[nul]; nul++)
        ;
      have_nul = true;
    }
    if (nul < len && nul - i <= ELF_STRING_LIMIT) {
      if (in_line) {
        out_chr(o, '"');
        end_line(o);
        in_line = 0;
      }
      out_str(o, "\t.string\t\"");
      for (; i < nul; i++)
        out_elf_char(o, p[i]);
      out_chr(o, '"');
      end_line(o);
      continue; /* i is at the NUL, which .string supplies */
    }
    if (in_line == 0)
      out_str(o, "\t.ascii\t\"");
    in_line += out_elf_char(o, p[i]);
  }
  if (in_line) {
    out_chr(o, '"');
    end_line(o);
  }
}

static void out_string_item(AsmOut *o, const Section *s, const SecItem *it) {
  const unsigned char *p = (const unsigned char *)s->bytes.data + it->offset;
  if (it->comment) {
    out_dA_string(o, p, it->str_len);
    out_comment(o, it->comment);
    end_line(o);
  } else {
    out_elf_ascii(o, p, (size_t)it->str_len + 1);
  }
}

static void out_item(AsmOut *o, const Section *s, const SecItem *it) {
  switch ((SecItemKind)it->kind) {
  case ITEM_DATA:
    out_chr(o, '\t');
    out_str(o, data_op(it->size));
    out_chr(o, '\t');
    out_hex(o, it->value);
    break;
  case ITEM_ULEB:
    out_str(o, "\t.uleb128 ");
    out_hex(o, it->value);
    break;
  case ITEM_SLEB:
    buf_printf(&o->b, "\t.sleb128 %lld", (long long)(int64_t)it->value);
    break;
  case ITEM_STRING:
    out_string_item(o, s, it);
    return;
  case ITEM_SYMREF: {
    int64_t addend = (int64_t)it->value;
    out_chr(o, '\t');
    out_str(o, data_op(it->size));
    out_chr(o, '\t');
    out_str(o, it->sym);
    if (addend)
      buf_printf(&o->b, "%+lld", (long long)addend);
    break;
  }
  case ITEM_LABEL:
    out_str(o, it->sym);
    out_chr(o, ':');
    end_line(o);
    return;
  case ITEM_COMMENT:
    out_str(o, "\t\t");
    break;
  }
  out_comment(o, it->comment);
  end_line(o);
}

/* The section directive.  The four standard sections use GCC's short
   forms; any other follows default_elf_asm_named_section: flag letters,
   then the type unless it is an allocated plain @progbits section (GCC
   leaves those to the assembler), then the entity size of a merge
   section, then for a member of a COMDAT group `,SIGNATURE,comdat` (GCC
   always names the type then).

   Every section is introduced once, by its full directive, and the text
   never switches back to it; so sections that share a name stay apart in
   GAS as long as their directives differ in the group: GAS keys a section
   on its name and group, and each grouped directive names its group.  */
static bool is_short_form(const Section *s, const char *name, uint32_t type,
                          uint64_t flags) {
  return strcmp(s->name, name) == 0 && s->sh_type == type &&
         s->sh_flags == flags && !s->group;
}

/* A section's name: on BPF, as GCC 16 writes it, quoted when it is not
   an identifier (".BTF", "foo.bar"; GNU as reads both forms alike).  */
static void out_section_name(AsmOut *o, const char *name) {
  bool plain = ctx_current->target.arch != ARCH_BPF;
  if (!plain) {
    plain = true;
    for (const char *c = name; *c; c++)
      if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
            (*c >= '0' && *c <= '9')))
        plain = false;
  }
  if (!plain)
    out_chr(o, '"');
  out_str(o, name);
  if (!plain)
    out_chr(o, '"');
}

static void out_section_directive(AsmOut *o, const Section *s) {
  if (is_short_form(s, ".text", SEC_PROGBITS, SEC_FLAG_ALLOC | SEC_FLAG_EXEC)) {
    out_str(o, "\t.text");
  } else if (is_short_form(s, ".data", SEC_PROGBITS,
                           SEC_FLAG_ALLOC | SEC_FLAG_WRITE)) {
    out_str(o, "\t.data");
  } else if (is_short_form(s, ".bss", SEC_NOBITS,
                           SEC_FLAG_ALLOC | SEC_FLAG_WRITE)) {
    out_str(o, "\t.bss");
  } else if (is_short_form(s, ".rodata", SEC_PROGBITS, SEC_FLAG_ALLOC)) {
    out_str(o, "\t.section\t.rodata");
  } else {
    uint64_t f = s->sh_flags;
    out_str(o, "\t.section\t");
    out_section_name(o, s->name);
    out_str(o, ",\"");
    if (f & SEC_FLAG_ALLOC)
      out_chr(o, 'a');
    if (f & SEC_FLAG_WRITE)
      out_chr(o, 'w');
    if (f & SEC_FLAG_EXEC)
      out_chr(o, 'x');
    if (f & SEC_FLAG_MERGE)
      out_chr(o, 'M');
    if (f & SEC_FLAG_STRINGS)
      out_chr(o, 'S');
    if (f & SEC_FLAG_TLS)
      out_chr(o, 'T');
    if (s->group)
      out_chr(o, 'G');
    out_chr(o, '"');
    bool plain = (f & SEC_FLAG_ALLOC) && s->sh_type == SEC_PROGBITS &&
                 !(f & (SEC_FLAG_EXEC | SEC_FLAG_TLS | SEC_FLAG_MERGE)) &&
                 !s->group;
    if (!plain) {
      const char *type = s->sh_type == SEC_NOBITS ? "nobits"
                         : s->sh_type == SEC_NOTE ? "note"
                                                  : "progbits";
      out_str(o, ",@");
      out_str(o, type);
      if (f & SEC_FLAG_MERGE)
        buf_printf(&o->b, ",%u", s->entsize ? s->entsize : 1);
      if (s->group) {
        out_chr(o, ',');
        out_str(o, s->group);
        out_str(o, ",comdat");
      }
    }
  }
  end_line(o);
}

/* `.align`: a byte count on x86-64, a power of two on BPF (as GCC
   writes them for each target).  */
static void out_align(AsmOut *o, uint32_t align) {
  if (align <= 1)
    return;
  if (ctx_current->target.arch == ARCH_BPF) {
    unsigned log = 0;
    while ((1u << log) < align)
      log++;
    buf_printf(&o->b, "\t.align\t%u", log);
  } else {
    buf_printf(&o->b, "\t.align %u", align);
  }
  end_line(o);
}

/* Directives and label of a defined symbol, as GCC writes them before an
   object's data.  */
static void out_symbol(AsmOut *o, const ObjSymbol *sym) {
  if (sym->weak) {
    out_str(o, "\t.weak\t");
    out_str(o, sym->name);
    end_line(o);
  } else if (sym->global) {
    out_str(o, ctx_current->target.arch == ARCH_BPF ? "\t.global\t" : "\t.globl\t");
    out_str(o, sym->name);
    end_line(o);
  }
  if (sym->hidden) {
    out_str(o, "\t.hidden\t");
    out_str(o, sym->name);
    end_line(o);
  }
  if (sym->object || sym->func) {
    buf_printf(&o->b, "\t.type\t%s, @%s", sym->name,
               sym->func ? "function" : "object");
    end_line(o);
  }
  if (sym->object && sym->size) {
    buf_printf(&o->b, "\t.size\t%s, %llu", sym->name,
               (unsigned long long)sym->size);
    end_line(o);
  }
  out_str(o, sym->name);
  out_chr(o, ':');
  end_line(o);
}

/* Is S the first section of the ObjFile named NAME?  A symbol's section
   is named, and a name that several sections share means the first.  */
static bool first_named(const ObjFile *obj, const Section *s,
                        const char *name) {
  if (strcmp(s->name, name) != 0)
    return false;
  for (size_t i = 0; i < obj->sections.len; i++)
    if (strcmp(obj->sections.data[i]->name, name) == 0)
      return obj->sections.data[i] == s;
  return false;
}

/* Symbols defined in section S, in value order (stable).  */
static size_t section_symbols(const ObjFile *obj, const Section *s,
                              const ObjSymbol ***out) {
  size_t n = 0;
  const ObjSymbol **v = NULL;
  for (size_t i = 0; i < obj->symbols.len; i++) {
    const ObjSymbol *sym = &obj->symbols.data[i];
    if (!sym->section || !first_named(obj, s, sym->section))
      continue;
    v = xrealloc(v, (n + 1) * sizeof *v);
    size_t j = n++;
    for (; j > 0 && v[j - 1]->value > sym->value; j--)
      v[j] = v[j - 1];
    v[j] = sym;
  }
  *out = v;
  return n;
}

/* A NOBITS section has no items: its symbols, each after `.zero` for the
   space before it, and `.zero` for the rest of the section.  */
static void write_nobits(AsmOut *o, const Section *s, const ObjSymbol **syms,
                         size_t nsyms) {
  uint64_t pos = 0;
  for (size_t i = 0; i <= nsyms; i++) {
    uint64_t at = i < nsyms ? syms[i]->value : s->nobits_size;
    if (at > s->nobits_size)
      fatal("internal error: symbol %s is outside section %s",
            syms[i]->name, s->name);
    if (at > pos) {
      buf_printf(&o->b, "\t.zero\t%llu", (unsigned long long)(at - pos));
      end_line(o);
      pos = at;
    }
    if (i < nsyms)
      out_symbol(o, syms[i]);
  }
}

static void out_section(AsmOut *o, const ObjFile *obj, const Section *s,
                        bool directive) {
  if (s->text) {
    if (directive)
      out_section_directive(o, s);
    out_align(o, s->align);
    out_str(o, s->text);
    return;
  }
  if (!s->keep_items && s->bytes.len)
    fatal("internal error: section %s was built without items; it cannot "
          "be written as assembler text",
          s->name);
  if (directive)
    out_section_directive(o, s);
  out_align(o, s->align);

  const ObjSymbol **syms;
  size_t nsyms = section_symbols(obj, s, &syms), next = 0;
  if (s->sh_type == SEC_NOBITS) {
    write_nobits(o, s, syms, nsyms);
    free(syms);
    return;
  }
  for (size_t i = 0; i < s->items.len; i++) {
    const SecItem *it = &s->items.data[i];
    for (; next < nsyms && syms[next]->value <= it->offset; next++) {
      if (syms[next]->value < it->offset)
        fatal("internal error: symbol %s at %llu is inside an item of "
              "section %s",
              syms[next]->name, (unsigned long long)syms[next]->value,
              s->name);
      out_symbol(o, syms[next]);
    }
    out_item(o, s, it);
  }
  for (; next < nsyms; next++) {
    if (syms[next]->value != s->bytes.len)
      fatal("internal error: symbol %s is outside section %s",
            syms[next]->name, s->name);
    out_symbol(o, syms[next]);
  }
  free(syms);
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

bool asm_write(FILE *out, const ObjFile *obj) {
  AsmOut o = {out, {0}, false};
  out_str(&o, "\t.file\t");
  out_quoted_name(&o, base_name(obj->source_name ? obj->source_name
                                                  : "<stdin>"));
  end_line(&o);
  for (size_t i = 0; i < obj->sections.len; i++)
    if (obj->sections.data[i]->before_text)
      out_section(&o, obj, obj->sections.data[i], true);
  /* GCC always starts in .text; a .text section of ours continues it.  */
  out_str(&o, "\t.text");
  end_line(&o);

  bool has_stack_note = false, first = true;
  for (size_t i = 0; i < obj->sections.len; i++) {
    const Section *s = obj->sections.data[i];
    if (s->before_text)
      continue;
    bool continues_text =
        first && is_short_form(s, ".text", SEC_PROGBITS,
                               SEC_FLAG_ALLOC | SEC_FLAG_EXEC);
    first = false;
    out_section(&o, obj, s, !continues_text);
    if (strcmp(s->name, ".note.GNU-stack") == 0)
      has_stack_note = true;
  }

  /* Weak and hidden references (undefined symbols that say more than
     their name), as GCC lists them at the end.  */
  for (size_t i = 0; i < obj->symbols.len; i++) {
    const ObjSymbol *sym = &obj->symbols.data[i];
    if (sym->section)
      continue;
    if (sym->weak) {
      out_str(&o, "\t.weak\t");
      out_str(&o, sym->name);
      end_line(&o);
    }
    if (sym->hidden) {
      out_str(&o, "\t.hidden\t");
      out_str(&o, sym->name);
      end_line(&o);
    }
  }
  out_str(&o, "\t.ident\t\"");
  out_str(&o, obj->ident ? obj->ident : BTFCC_IDENT);
  out_chr(&o, '"');
  end_line(&o);
  if (ctx_current->target.arch == ARCH_X86_64 && !has_stack_note) {
    out_str(&o, "\t.section\t.note.GNU-stack,\"\",@progbits");
    end_line(&o);
  }
  flush(&o);
  buf_free(&o.b);
  if (fflush(out) != 0 || ferror(out))
    o.failed = true;
  return !o.failed;
}
