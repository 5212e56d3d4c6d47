/* btftool: the project's BTF toolkit.

     btftool dump [-B BASE] [--ext] FILE  bpftool-compatible raw dump (BTF),
                                          or a dump of CTF (.ctf, archives);
                                          --ext: then the .BTF.ext records
     btftool check [--fixup] [--kernel-compat=RULES] FILE
                                          offline kernel verifier rules
     btftool load [--no-fixup] FILE       BPF_BTF_LOAD into this kernel
     btftool load --probe                 is BPF_BTF_LOAD usable here?
     btftool fixup [-o OUT] FILE          libbpf's fix-ups, as raw BTF
     btftool annotations [--format=json] FILE
                                          btf tag annotations in DWARF
     btftool bpf-asm [-EB] [-o OUT] FILE  BPF assembler text to bytes
     btftool bpf-disasm [-EB] FILE        BPF code to assembler text
     btftool encode [-o OUT] [--raw] [--base BASE] FILE
                                          BTF from DWARF (pahole -J; split
                                          BTF on BASE's: --btf_base)
     btftool dedup [-o OUT] [--raw] [--base BASE] FILE
                                          deduplicated BTF (split on BASE)
     btftool link -o OUT FILE...          BPF objects linked into one

   FILE is raw BTF (either byte order) or an ELF object with a .BTF
   section (annotations: an ELF object with DWARF).  Exit status: 0 success, 1 error (bad input, violations,
   rejection), 2 BPF_BTF_LOAD unavailable.  */
#include "../btf/btf_check.h"
#include "../btf/btf_dump.h"
#include "../btf/btf_ext_dump.h"
#include "../btf/btf_load.h"
#include "../btf/btf_read.h"
#include "../ctf/ctf_read.h"
#include "../dwarf/dwarf_read.h"
#include "../elf/elf_read.h"
#include "bpf_cmds.h"
#include "encode_cmds.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_OK = 0, EXIT_ERROR = 1, EXIT_UNAVAILABLE = 2 };

static const char usage_text[] =
    "Usage: btftool COMMAND [OPTIONS] FILE\n"
    "\n"
    "FILE is raw BTF (either byte order) or an ELF object (any class and\n"
    "byte order) with a .BTF section; \"-\" reads standard input.\n"
    "\n"
    "Commands:\n"
    "  dump [-B BASE] [--ext] FILE\n"
    "                           print the types as `bpftool btf dump file`\n"
    "                           does; -B/--base BASE reads FILE as split BTF;\n"
    "                           --ext adds the object's .BTF.ext: its\n"
    "                           func_info, line_info and core_relo records\n"
    "                           CTF (raw, an archive, or an object with .ctf\n"
    "                           and no .BTF) is dumped in CTF's own terms\n"
    "  check [--fixup] [--kernel-compat=RULES] FILE\n"
    "                           report every rule of the kernel's BTF\n"
    "                           verifier that FILE breaks; exit 1 if any;\n"
    "                           --fixup checks FILE after libbpf's fix-ups\n"
    "  load [--no-fixup] FILE   apply libbpf's fix-ups and load FILE with\n"
    "                           BPF_BTF_LOAD; print the verifier log and\n"
    "                           exit 1 if the kernel rejects it\n"
    "  load --probe             exit 0 if BPF_BTF_LOAD works here, else 2\n"
    "  fixup [-o OUT] FILE      write FILE's BTF after libbpf's fix-ups as\n"
    "                           raw BTF to OUT (default: standard output)\n"
    "  annotations [--format=text|json] FILE\n"
    "                           list the btf_decl_tag and btf_type_tag\n"
    "                           annotations in FILE's DWARF (GCC's\n"
    "                           DW_TAG_GNU_annotation chains and clang's\n"
    "                           DW_TAG_LLVM_annotation children), one line\n"
    "                           per annotated DIE\n"
    "  encode [-o OUT] [--raw] [--no-dedup] [--base BASE] [--stats]\n"
    "         [-j N] [--batch-dies N] FILE\n"
    "                           encode FILE's DWARF (an object, vmlinux or a\n"
    "                           module) as deduplicated BTF, as pahole -J:\n"
    "                           into FILE's .BTF section, or to OUT (raw BTF\n"
    "                           when OUT ends in .btf, is -, or --raw);\n"
    "                           --base: split BTF on BASE's types; -j: DWARF\n"
    "                           loaded by N threads (default: processors)\n"
    "  dedup [-o OUT] [--raw] [--base BASE] [--stats] FILE\n"
    "                           deduplicate FILE's BTF as libbpf's\n"
    "                           btf__dedup; --base: FILE is split BTF on\n"
    "                           BASE, deduplicated against it\n"
    "  link -o OUT FILE...      link BPF objects into one relocatable BPF\n"
    "                           object, as libbpf's linker (bpftool gen\n"
    "                           object): BTF merged and deduplicated,\n"
    "                           .BTF.ext records merged\n"
    "  bpf-asm [-EB] [-o OUT] FILE\n"
    "                           assemble BPF assembler text (LLVM's or GCC's\n"
    "                           pseudo-C, or GCC's normal syntax) into the\n"
    "                           bytes of one code section, written to OUT\n"
    "                           (its relocations then listed on standard\n"
    "                           output) or to standard output\n"
    "  bpf-disasm [-EB] FILE    print the code sections of an ELF object (or\n"
    "                           raw instruction bytes) as assembler text in\n"
    "                           bpf-gcc's pseudo-C, which bpf-as assembles\n"
    "                           back into the same bytes\n"
    "                           (-EB: big-endian code, as bpfeb)\n"
    "\n"
    "RULES is a comma-separated list of type-tag-order, tag-kflag-zero and\n"
    "datasec-identifier, each optionally prefixed by no- (default:\n"
    "type-tag-order, the rules of Linux 6.18).\n"
    "\n"
    "Options:\n"
    "  -h, --help               show this help\n"
    "  -V, --version            show the version\n"
    "\n"
    "Exit status: 0 success, 1 error, 2 BPF_BTF_LOAD unavailable.\n";

static int usage_error(const char *fmt, ...) PRINTF_LIKE(1, 2);
static int usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", progname);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, " (see '%s --help')\n", progname);
  va_end(ap);
  return EXIT_ERROR;
}

static int file_error(const char *path, const BtfFile *f, const char *msg) {
  if (f && f->elf)
    fprintf(stderr, "%s: %s: .BTF section at file offset 0x%llx: %s\n",
            progname, path, (unsigned long long)f->blob_offset, msg);
  else
    fprintf(stderr, "%s: %s: %s\n", progname, path, msg);
  return EXIT_ERROR;
}

/* Command-line arguments after the command: options, then one FILE.  */
typedef struct Args {
  const char *file;
  const char *base;
  const char *rules;
  const char *output;
  const char *format;
  bool no_fixup;
  bool fixup;
  bool probe;
  bool ext;
} Args;

/* The value of OPT given as "--opt=VALUE" or "--opt VALUE".  */
static const char *option_value(const char *opt, int argc, char **argv,
                                int *i) {
  const char *arg = argv[*i];
  size_t n = strlen(opt);
  if (strncmp(arg, opt, n) != 0)
    return NULL;
  if (arg[n] == '=')
    return arg + n + 1;
  if (arg[n] == 0 && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

static bool is_option(const char *arg, const char *opt) {
  size_t n = strlen(opt);
  return strncmp(arg, opt, n) == 0 && (arg[n] == 0 || arg[n] == '=');
}

static int parse_args(const char *cmd, int argc, char **argv, Args *a) {
  bool options_done = false;
  for (int i = 0; i < argc; i++) {
    const char *arg = argv[i];
    const char *v;
    if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
      if (a->file)
        return usage_error("unexpected argument '%s'", arg);
      a->file = arg;
    } else if (strcmp(arg, "--") == 0) {
      options_done = true;
    } else if (strcmp(cmd, "dump") == 0 &&
               (strcmp(arg, "-B") == 0 || is_option(arg, "--base"))) {
      v = strcmp(arg, "-B") == 0
              ? (i + 1 < argc ? argv[++i] : NULL)
              : option_value("--base", argc, argv, &i);
      if (!v)
        return usage_error("option '%s' needs a file", arg);
      a->base = v;
    } else if (strcmp(cmd, "check") == 0 &&
               is_option(arg, "--kernel-compat")) {
      v = option_value("--kernel-compat", argc, argv, &i);
      if (!v)
        return usage_error("option '%s' needs a list of rules", arg);
      a->rules = v;
    } else if (strcmp(cmd, "fixup") == 0 &&
               (strcmp(arg, "-o") == 0 || is_option(arg, "--output"))) {
      v = strcmp(arg, "-o") == 0
              ? (i + 1 < argc ? argv[++i] : NULL)
              : option_value("--output", argc, argv, &i);
      if (!v)
        return usage_error("option '%s' needs a file", arg);
      a->output = v;
    } else if (strcmp(cmd, "annotations") == 0 && is_option(arg, "--format")) {
      v = option_value("--format", argc, argv, &i);
      if (!v || (strcmp(v, "text") != 0 && strcmp(v, "json") != 0))
        return usage_error("option '--format' needs text or json");
      a->format = v;
    } else if (strcmp(cmd, "dump") == 0 && strcmp(arg, "--ext") == 0) {
      a->ext = true;
    } else if (strcmp(cmd, "check") == 0 && strcmp(arg, "--fixup") == 0) {
      a->fixup = true;
    } else if (strcmp(cmd, "load") == 0 && strcmp(arg, "--no-fixup") == 0) {
      a->no_fixup = true;
    } else if (strcmp(cmd, "load") == 0 && strcmp(arg, "--probe") == 0) {
      a->probe = true;
    } else {
      return usage_error("unknown option '%s'", arg);
    }
  }
  if (!a->file && !a->probe)
    return usage_error("%s: missing FILE", cmd);
  if (a->file && a->probe)
    return usage_error("load --probe takes no FILE");
  return EXIT_OK;
}

/* Write all of BUF to standard output.  */
static int write_out(const Buf *b) {
  if ((b->len && fwrite(b->data, 1, b->len, stdout) != b->len) ||
      fflush(stdout) != 0) {
    fprintf(stderr, "%s: write error: %s\n", progname, strerror(errno));
    return EXIT_ERROR;
  }
  return EXIT_OK;
}

/* Open and strictly parse FILE (on top of BASE, if any).  */
static Btf *open_btf(const char *path, const Btf *base, BtfFile *f) {
  BtfError err;
  if (!btf_file_open(f, path, &err)) {
    file_error(path, NULL, err.msg);
    return NULL;
  }
  BtfReadOptions opts = {.base = base};
  Btf *btf = btf_parse(f->blob, f->blob_size, &opts, &err);
  if (!btf) {
    file_error(path, f, err.msg);
    btf_file_close(f);
  }
  return btf;
}

/* CTF instead of BTF: FILE is a raw CTF dictionary or archive, or an ELF
   object with a .ctf section and no .BTF.  Returns -1 when it is none of
   these (the BTF path then reads it), else the exit status of its dump.  */
static int dump_ctf(const char *path) {
  char *data;
  size_t size;
  if (!read_file(path, &data, &size))
    return -1; /* the BTF path reports it */
  const uint8_t *blob = (const uint8_t *)data;
  size_t blob_size = size;
  ElfFile *elf = NULL;
  int rc = -1;
  if (elf_is_elf(data, size)) {
    ElfError eerr;
    elf = elf_open(data, size, &eerr);
    const ElfSection *ctf = elf ? elf_section_by_name(elf, ".ctf") : NULL;
    if (!ctf || elf_section_by_name(elf, ".BTF"))
      goto done;
    if (!ctf->data || (ctf->flags & ELF_SHF_COMPRESSED)) {
      fprintf(stderr, "%s: %s: .ctf section is %s\n", progname, path,
              ctf->data ? "compressed, which is not supported" : "empty");
      rc = EXIT_ERROR;
      goto done;
    }
    blob = ctf->data;
    blob_size = (size_t)ctf->size;
  } else if (!ctf_has_magic(data, size)) {
    goto done;
  }
  Buf out = {0};
  ReadError err;
  if (ctf_dump(blob, blob_size, &out, &err)) {
    rc = write_out(&out);
  } else {
    fprintf(stderr, "%s: %s: %s%s\n", progname, path, elf ? ".ctf section: " : "",
            err.msg);
    rc = EXIT_ERROR;
  }
  buf_free(&out);
done:
  if (elf)
    elf_close(elf);
  free(data);
  return rc;
}

/* The size of F's section NAME, -1 if it has none.  */
static int64_t elf_section_size(const void *f, const char *name) {
  const ElfSection *s = elf_section_by_name(f, name);
  return s ? (int64_t)s->size : -1;
}

/* FILE's .BTF.ext, parsed against its BTF, or NULL after an error.  */
static BtfExt *open_ext(const char *path, BtfFile *f, const Btf *btf) {
  if (!f->elf) {
    fprintf(stderr, "%s: %s: --ext needs an ELF object; raw BTF has no "
            ".BTF.ext\n", progname, path);
    return NULL;
  }
  uint8_t *data;
  size_t size;
  BtfError err;
  if (!btf_ext_section_bytes(f->elf, &data, &size, &err)) {
    fprintf(stderr, "%s: %s: %s\n", progname, path, err.msg);
    return NULL;
  }
  if (!data) {
    fprintf(stderr, "%s: %s: no .BTF.ext section\n", progname, path);
    return NULL;
  }
  BtfExt *ext = btf_ext_parse(data, size, btf, elf_section_size, f->elf, &err);
  if (!ext)
    fprintf(stderr, "%s: %s: %s\n", progname, path, err.msg);
  free(data);
  return ext;
}

static int cmd_dump(const Args *a) {
  static const char sysfs_dir[] = "/sys/kernel/btf/";
  static const char sysfs_vmlinux[] = "/sys/kernel/btf/vmlinux";
  const char *base_path = a->base;
  /* Like bpftool, module BTF under /sys/kernel/btf splits vmlinux.  */
  if (!base_path && strncmp(a->file, sysfs_dir, sizeof sysfs_dir - 1) == 0 &&
      strcmp(a->file, sysfs_vmlinux) != 0)
    base_path = sysfs_vmlinux;
  if (!base_path && !a->ext && strcmp(a->file, "-") != 0) {
    int ctf_rc = dump_ctf(a->file);
    if (ctf_rc >= 0)
      return ctf_rc;
  }
  BtfFile base_file = {0}, file;
  Btf *base = NULL;
  if (base_path && !(base = open_btf(base_path, NULL, &base_file)))
    return EXIT_ERROR;
  Btf *btf = open_btf(a->file, base, &file);
  int rc = EXIT_ERROR;
  BtfExt *ext = btf && a->ext ? open_ext(a->file, &file, btf) : NULL;
  if (btf && (ext || !a->ext)) {
    Buf out = {0};
    btf_dump_raw(btf, &out);
    if (ext)
      btf_ext_dump(ext, btf, &out);
    rc = write_out(&out);
    buf_free(&out);
  }
  btf_ext_free(ext);
  if (btf) {
    btf_free(btf);
    btf_file_close(&file);
  }
  if (base) {
    btf_free(base);
    btf_file_close(&base_file);
  }
  return rc;
}

/* strerror, plus the kernel-internal ENOTSUPP the BTF verifier returns
   for unsupported encodings and versions.  */
static const char *error_text(int error) {
  return error == 524 ? "Operation not supported (ENOTSUPP)"
                      : strerror(error);
}

static int cmd_probe(void) {
  int error = 0;
  if (btf_load_available(&error))
    return EXIT_OK;
  fprintf(stderr, "%s: BPF_BTF_LOAD is unavailable: %s\n", progname,
          error_text(error));
  return EXIT_UNAVAILABLE;
}

/* The bytes to load: the fixed-up blob, or the file's own bytes in host
   order (--no-fixup).  */
static bool load_bytes(const Args *a, BtfFile *f, Buf *blob) {
  BtfError err;
  if (a->no_fixup) {
    BtfReadOptions lenient = {.lenient = true};
    Btf *btf = btf_parse(f->blob, f->blob_size, &lenient, &err);
    if (btf)
      buf_append(blob, btf->raw, btf->raw_size);
    else /* let the kernel say what is wrong */
      buf_append(blob, f->blob, f->blob_size);
    btf_free(btf);
    return true;
  }
  Btf *btf = btf_parse(f->blob, f->blob_size, NULL, &err);
  if (!btf) {
    file_error(a->file, f, err.msg);
    return false;
  }
  bool ok = btf_fixup_for_load(btf, f->elf, blob, &err);
  if (!ok)
    file_error(a->file, f, err.msg);
  btf_free(btf);
  return ok;
}

static int cmd_check(const Args *a) {
  BtfCheckOptions opts;
  BtfError err;
  btf_check_options_init(&opts);
  if (a->rules && !btf_check_options_parse(&opts, a->rules, &err)) {
    fprintf(stderr, "%s: %s\n", progname, err.msg);
    return EXIT_ERROR;
  }
  BtfFile f;
  if (!btf_file_open(&f, a->file, &err))
    return file_error(a->file, NULL, err.msg);
  Buf fixed = {0};
  if (a->fixup && !load_bytes(a, &f, &fixed)) {
    btf_file_close(&f);
    return EXIT_ERROR;
  }
  BtfCheckReport rep = {0};
  size_t n = a->fixup ? btf_check_blob(fixed.data, fixed.len, &opts, &rep)
                      : btf_check_blob(f.blob, f.blob_size, &opts, &rep);
  Buf out = {0};
  for (size_t i = 0; i < rep.items.len; i++) {
    buf_puts(&out, rep.items.data[i].text);
    buf_putc(&out, '\n');
  }
  int rc = write_out(&out);
  buf_free(&out);
  buf_free(&fixed);
  btf_check_report_free(&rep);
  btf_file_close(&f);
  return rc != EXIT_OK ? rc : n ? EXIT_ERROR : EXIT_OK;
}

static int cmd_load(const Args *a) {
  if (a->probe)
    return cmd_probe();
  BtfFile f;
  BtfError err;
  if (!btf_file_open(&f, a->file, &err))
    return file_error(a->file, NULL, err.msg);
  Buf blob = {0};
  int rc = EXIT_ERROR;
  if (load_bytes(a, &f, &blob)) {
    BtfLoadResult res;
    if (btf_load_blob(blob.data, blob.len, &res)) {
      close(res.fd);
      rc = EXIT_OK;
    } else if (res.error == ENOSYS || res.error == EPERM) {
      fprintf(stderr, "%s: BPF_BTF_LOAD is unavailable: %s\n", progname,
              error_text(res.error));
      rc = EXIT_UNAVAILABLE;
    } else {
      if (res.log) {
        size_t n = strlen(res.log);
        fputs(res.log, stdout);
        if (n && res.log[n - 1] != '\n')
          fputc('\n', stdout);
        fflush(stdout);
      }
      fprintf(stderr, "%s: %s: the kernel rejected the BTF: %s\n", progname,
              a->file, error_text(res.error));
    }
    btf_load_result_free(&res);
  }
  buf_free(&blob);
  btf_file_close(&f);
  return rc;
}

static int cmd_fixup(const Args *a) {
  BtfFile f;
  BtfError err;
  if (!btf_file_open(&f, a->file, &err))
    return file_error(a->file, NULL, err.msg);
  Buf blob = {0};
  int rc = EXIT_ERROR;
  if (load_bytes(a, &f, &blob)) {
    if (!a->output || strcmp(a->output, "-") == 0) {
      rc = write_out(&blob);
    } else {
      FILE *out = fopen(a->output, "wb");
      bool ok = out && fwrite(blob.data, 1, blob.len, out) == blob.len;
      if (out && fclose(out) != 0)
        ok = false;
      if (ok)
        rc = EXIT_OK;
      else
        fprintf(stderr, "%s: %s: %s\n", progname, a->output, strerror(errno));
    }
  }
  buf_free(&blob);
  btf_file_close(&f);
  return rc;
}

/* --- annotations: the btf tag annotations of a DWARF file --- */

/* The length of the valid UTF-8 sequence at P, or 0.  */
static size_t utf8_length(const unsigned char *p) {
  size_t n = *p >= 0xf0 && *p <= 0xf4 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc2 ? 2 : 0;
  if (*p >= 0xf5)
    n = 0;
  for (size_t i = 1; i < n; i++)
    if ((p[i] & 0xc0) != 0x80)
      return 0;
  return n;
}

/* S as a JSON string (null for NULL); bytes that are not UTF-8 become
   \u00XX.  */
static void put_json_string(Buf *out, const char *s) {
  if (!s) {
    buf_puts(out, "null");
    return;
  }
  buf_putc(out, '"');
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t n = *p >= 0x80 ? utf8_length(p) : 1;
    if (*p == '"' || *p == '\\')
      buf_printf(out, "\\%c", *p);
    else if (*p < 0x20 || *p == 0x7f || n == 0)
      buf_printf(out, "\\u%04x", *p);
    else
      buf_append(out, p, n);
    p += n ? n : 1;
  }
  buf_putc(out, '"');
}

/* The DIE's tag name, or its number.  */
static void put_tag(Buf *out, uint16_t tag) {
  const char *name = dwarf_name_of_tag(tag);
  if (name)
    buf_puts(out, name);
  else
    buf_printf(out, "DW_TAG_0x%x", tag);
}

/* The line that introduces a unit's DIEs:
   compile unit .debug_info+0x0 'a.c' (DWARF 5)
   type unit .debug_types+0x0 signature 0x418503b8111e9a7b (DWARF 4)  */
static void put_unit_line(Buf *out, const DwarfFile *f, const DwarfUnit *u) {
  buf_printf(out, "%s %s+0x%llx", dwarf_unit_kind(u),
             f->sections[u->section].label, (unsigned long long)u->offset);
  if (u->is_type_unit) {
    buf_printf(out, " signature 0x%016llx", (unsigned long long)u->signature);
  } else {
    const char *name = dwarf_die_name(f, u->first_die);
    buf_putc(out, ' ');
    if (name)
      buf_put_quoted(out, name, '\'');
    else
      buf_puts(out, "(anon)");
  }
  buf_printf(out, " (DWARF %u)\n", u->version);
}

/* One annotation: btf_decl_tag "rw".  */
static void put_annotation(Buf *out, const DwarfAnnotation *an) {
  if (an->name)
    buf_puts(out, an->name);
  else
    buf_puts(out, "(no name)");
  buf_putc(out, ' ');
  if (an->value)
    buf_put_quoted(out, an->value, '"');
  else if (an->has_number)
    buf_printf(out, "%lld", (long long)an->number);
  else
    buf_puts(out, "(no value)");
}

/* The annotations of DIE, in a new array of *count entries.  */
static DwarfAnnotation *die_annotations(const DwarfFile *f, uint32_t die,
                                        size_t *count) {
  *count = dwarf_die_annotations(f, die, NULL, 0);
  DwarfAnnotation *list = xcalloc(*count ? *count : 1, sizeof *list);
  dwarf_die_annotations(f, die, list, *count);
  return list;
}

/* 0x2e DW_TAG_variable 'x': btf_decl_tag "devicemem", btf_decl_tag "rw"  */
static void put_die_line(Buf *out, const DwarfFile *f, uint32_t die) {
  const DwarfDie *d = &f->dies[die];
  buf_printf(out, "0x%llx ", (unsigned long long)d->offset);
  put_tag(out, d->tag);
  const char *name = dwarf_die_name(f, die);
  buf_putc(out, ' ');
  if (name)
    buf_put_quoted(out, name, '\'');
  else
    buf_puts(out, "(anon)");
  buf_putc(out, ':');
  size_t n;
  DwarfAnnotation *list = die_annotations(f, die, &n);
  for (size_t i = 0; i < n; i++) {
    buf_puts(out, i ? ", " : " ");
    put_annotation(out, &list[i]);
  }
  free(list);
  buf_putc(out, '\n');
}

/* The first annotated DIE of UNIT from DIE on, or DWARF_NO_DIE.  */
static uint32_t next_annotated(const DwarfFile *f, const DwarfUnit *unit,
                               uint32_t die) {
  for (; die < unit->first_die + unit->die_count; die++)
    if (dwarf_die_is_annotated(f, die))
      return die;
  return DWARF_NO_DIE;
}

static void list_annotations_text(const DwarfFile *f, Buf *out) {
  for (uint32_t u = 0; u < f->nunits; u++) {
    const DwarfUnit *unit = &f->units[u];
    uint32_t die = next_annotated(f, unit, unit->first_die);
    if (die != DWARF_NO_DIE)
      put_unit_line(out, f, unit);
    for (; die != DWARF_NO_DIE; die = next_annotated(f, unit, die + 1))
      put_die_line(out, f, die);
  }
  if (f->gnu_annotation_dies || f->gnu_annotation_attrs)
    buf_printf(out,
               "DW_TAG_GNU_annotation DIEs: %u, DW_AT_GNU_annotation "
               "attributes: %u\n",
               f->gnu_annotation_dies, f->gnu_annotation_attrs);
  if (f->llvm_annotation_dies)
    buf_printf(out, "DW_TAG_LLVM_annotation DIEs: %u\n",
               f->llvm_annotation_dies);
}

static void put_json_die(Buf *out, const DwarfFile *f, uint32_t die) {
  const DwarfDie *d = &f->dies[die];
  buf_printf(out, "        {\"offset\": %llu, \"tag\": \"",
             (unsigned long long)d->offset);
  put_tag(out, d->tag);
  buf_puts(out, "\", \"name\": ");
  put_json_string(out, dwarf_die_name(f, die));
  buf_puts(out, ", \"annotations\": [");
  size_t n;
  DwarfAnnotation *list = die_annotations(f, die, &n);
  for (size_t i = 0; i < n; i++) {
    buf_printf(out, "%s{\"offset\": %llu, \"name\": ", i ? ", " : "",
               (unsigned long long)f->dies[list[i].die].offset);
    put_json_string(out, list[i].name);
    buf_puts(out, ", \"value\": ");
    if (list[i].value || !list[i].has_number)
      put_json_string(out, list[i].value);
    else
      buf_printf(out, "%lld", (long long)list[i].number);
    buf_putc(out, '}');
  }
  free(list);
  buf_puts(out, "]}");
}

static void put_json_unit_start(Buf *out, const DwarfFile *f,
                                const DwarfUnit *u) {
  buf_printf(out, "    {\"kind\": \"%s\", \"section\": ", dwarf_unit_kind(u));
  put_json_string(out, f->sections[u->section].label);
  buf_printf(out, ", \"offset\": %llu, \"version\": %u, ",
             (unsigned long long)u->offset, u->version);
  if (u->is_type_unit)
    buf_printf(out, "\"signature\": \"0x%016llx\", ",
               (unsigned long long)u->signature);
  else {
    buf_puts(out, "\"name\": ");
    put_json_string(out, dwarf_die_name(f, u->first_die));
    buf_puts(out, ", ");
  }
  buf_puts(out, "\"dies\": [\n");
}

static void list_annotations_json(const DwarfFile *f, Buf *out) {
  buf_puts(out, "{\n  \"units\": [");
  bool any_unit = false;
  for (uint32_t u = 0; u < f->nunits; u++) {
    const DwarfUnit *unit = &f->units[u];
    uint32_t die = next_annotated(f, unit, unit->first_die);
    if (die == DWARF_NO_DIE)
      continue;
    buf_puts(out, any_unit ? ",\n" : "\n");
    put_json_unit_start(out, f, unit);
    any_unit = true;
    for (bool first = true; die != DWARF_NO_DIE;
         die = next_annotated(f, unit, die + 1), first = false) {
      if (!first)
        buf_puts(out, ",\n");
      put_json_die(out, f, die);
    }
    buf_puts(out, "\n    ]}");
  }
  buf_printf(out,
             "%s],\n  \"gnu_annotation_dies\": %u,\n"
             "  \"gnu_annotation_attributes\": %u,\n"
             "  \"llvm_annotation_dies\": %u\n}\n",
             any_unit ? "\n  " : "", f->gnu_annotation_dies,
             f->gnu_annotation_attrs, f->llvm_annotation_dies);
}

static int cmd_annotations(const Args *a) {
  DwarfError err;
  DwarfFile *f = dwarf_open_path(a->file, &err);
  if (!f) {
    fprintf(stderr, "%s: %s: %s\n", progname, a->file, err.msg);
    return EXIT_ERROR;
  }
  Buf out = {0};
  if (a->format && strcmp(a->format, "json") == 0)
    list_annotations_json(f, &out);
  else
    list_annotations_text(f, &out);
  int rc = write_out(&out);
  buf_free(&out);
  dwarf_close(f);
  return rc;
}

int main(int argc, char **argv) {
  progname = "btftool";
  if (argc < 2)
    return usage_error("missing command");
  const char *cmd = argv[1];
  if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 ||
      strcmp(cmd, "help") == 0) {
    fputs(usage_text, stdout);
    return EXIT_OK;
  }
  if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
    printf("btftool %s\n", BTFCC_VERSION);
    return EXIT_OK;
  }
  if (strcmp(cmd, "bpf-asm") == 0)
    return cmd_bpf_asm(argc - 2, argv + 2);
  if (strcmp(cmd, "bpf-disasm") == 0)
    return cmd_bpf_disasm(argc - 2, argv + 2);
  if (strcmp(cmd, "encode") == 0)
    return cmd_encode(argc - 2, argv + 2);
  if (strcmp(cmd, "dedup") == 0)
    return cmd_dedup(argc - 2, argv + 2);
  if (strcmp(cmd, "link") == 0)
    return cmd_link(argc - 2, argv + 2);
  if (strcmp(cmd, "dump") && strcmp(cmd, "check") && strcmp(cmd, "load") &&
      strcmp(cmd, "fixup") && strcmp(cmd, "annotations")) {
    if (cmd[0] == '-')
      return usage_error("unknown option '%s'", cmd);
    return usage_error("unknown command '%s'", cmd);
  }
  Args a = {0};
  int rc = parse_args(cmd, argc - 2, argv + 2, &a);
  if (rc != EXIT_OK)
    return rc;
  if (strcmp(cmd, "dump") == 0)
    return cmd_dump(&a);
  if (strcmp(cmd, "check") == 0)
    return cmd_check(&a);
  if (strcmp(cmd, "fixup") == 0)
    return cmd_fixup(&a);
  if (strcmp(cmd, "annotations") == 0)
    return cmd_annotations(&a);
  return cmd_load(&a);
}
