/* btftool: the project's BTF toolkit.

     btftool dump [-B BASE] FILE          bpftool-compatible raw dump
     btftool check [--fixup] [--kernel-compat=RULES] FILE
                                          offline kernel verifier rules
     btftool load [--no-fixup] FILE       BPF_BTF_LOAD into this kernel
     btftool load --probe                 is BPF_BTF_LOAD usable here?
     btftool fixup [-o OUT] FILE          libbpf's fix-ups, as raw BTF

   FILE is raw BTF (either byte order) or an ELF object with a .BTF
   section.  Exit status: 0 success, 1 error (bad input, violations,
   rejection), 2 BPF_BTF_LOAD unavailable.  */
#include "../btf/btf_check.h"
#include "../btf/btf_dump.h"
#include "../btf/btf_load.h"
#include "../btf/btf_read.h"

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
    "  dump [-B BASE] FILE      print the types as `bpftool btf dump file`\n"
    "                           does; -B/--base BASE reads FILE as split BTF\n"
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
  bool no_fixup;
  bool fixup;
  bool probe;
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

static int cmd_dump(const Args *a) {
  static const char sysfs_dir[] = "/sys/kernel/btf/";
  static const char sysfs_vmlinux[] = "/sys/kernel/btf/vmlinux";
  const char *base_path = a->base;
  /* Like bpftool, module BTF under /sys/kernel/btf splits vmlinux.  */
  if (!base_path && strncmp(a->file, sysfs_dir, sizeof sysfs_dir - 1) == 0 &&
      strcmp(a->file, sysfs_vmlinux) != 0)
    base_path = sysfs_vmlinux;
  BtfFile base_file = {0}, file;
  Btf *base = NULL;
  if (base_path && !(base = open_btf(base_path, NULL, &base_file)))
    return EXIT_ERROR;
  Btf *btf = open_btf(a->file, base, &file);
  int rc = EXIT_ERROR;
  if (btf) {
    Buf out = {0};
    btf_dump_raw(btf, &out);
    rc = write_out(&out);
    buf_free(&out);
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
  if (strcmp(cmd, "dump") && strcmp(cmd, "check") && strcmp(cmd, "load") &&
      strcmp(cmd, "fixup")) {
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
  return cmd_load(&a);
}
