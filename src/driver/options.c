/* GCC-compatible command-line parsing.  */
#include "options.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out) {
  fprintf(out,
          "Usage: btfcc [options] file...\n"
          "Compile C into BTF and DWARF debug information.\n\n"
          "  -c                 write an ELF relocatable object (.o)\n"
          "  -S                 write GNU assembler text (.s)\n"
          "  -E                 preprocess only (with -dM: list macros)\n"
          "  -fsyntax-only      check the input, write nothing\n"
          "  -fdump-tree[=FILE] print the typed tree of function bodies and\n"
          "                     initializers (stdout, or FILE)\n"
          "  -o FILE            output file ('-' for standard output)\n"
          "  -gbtf              emit BTF in a .BTF section\n"
          "  -gctf[LEVEL]       emit CTF in a .ctf section (LEVEL 1-3, 0: none);\n"
          "                     not with -gbtf, as GCC\n"
          "  -g, -gdwarf        emit DWARF; -gdwarf-4, -gdwarf-5 choose the version\n"
          "                     (default 5); with -gbtf, both DWARF and BTF\n"
          "  -fdebug-types-section  put structure types in DWARF type units\n"
          "  -gprune-btf        emit only the types functions and variables use\n"
          "  -gno-prune-btf     emit every type (default except for BPF)\n"
          "  -dA                annotate assembler output as GCC does\n"
          "  -I DIR, -iquote DIR, -isystem DIR, -idirafter DIR, -include FILE\n"
          "  -D NAME[=VAL], -U NAME, -nostdinc, -undef\n"
          "  -std=STD           c89 c90 c99 c11 c17 c18 c23 c2x c2y and gnu variants\n"
          "                     (default gnu23)\n"
          "  --target=TRIPLE    x86_64-linux-gnu (default), bpf, bpfel, bpfeb\n"
          "  -fno-eliminate-unused-debug-types  keep every declared type\n"
          "  -w, -Werror, -W[no-]attributes, -W[no-]btf-tag-dropped,\n"
          "  -W[no-]btf-tag-placement\n"
          "  -O*, -f*, -m*      code-generation options, accepted and ignored\n"
          "                     (those asking for other output are errors)\n"
          "  -M, -MM, -MD, -MMD, -MF FILE, -MT T, -MQ T, -MP, -MG, -Wp,-MD,FILE\n"
          "                     make dependencies, as GCC 16 writes them\n"
          "  @FILE              read more options from FILE\n"
          "  -v, -###           print the commands (-###: and run nothing)\n"
          "  -save-temps[=obj|cwd]  also leave the .i and .s files\n"
          "  -dumpversion, -dumpfullversion, -dumpmachine,\n"
          "  -print-file-name=NAME, -print-prog-name=NAME, -print-search-dirs\n"
          "  --version, --help\n");
}

static void version(void) {
  printf("btfcc %s\n", BTFCC_VERSION);
  printf("C front end for BTF debug information; GCC 16 compatible output.\n");
}

/* -gdwarf, -gdwarf-N and -gdwarfN: DWARF of version N (default 5).  */
static bool set_dwarf_version(Options *o, const char *a) {
  const char *v = a + 7;
  if (*v == '-')
    v++;
  if (!*v) {
    o->want_dwarf = true;
    return true;
  }
  if ((v[0] == '4' || v[0] == '5') && !v[1]) {
    o->want_dwarf = true;
    o->dwarf.version = v[0] - '0';
    return true;
  }
  if ((v[0] == '2' || v[0] == '3') && !v[1]) {
    fprintf(stderr, "btfcc: error: DWARF version %c is not supported; use "
            "-gdwarf-4 or -gdwarf-5\n", v[0]);
    return false;
  }
  fprintf(stderr, "btfcc: error: unrecognized command-line option '%s'\n", a);
  return false;
}

/* -gctf[LEVEL]: the level (2 when none), or -1 after an error, worded
   as GCC's.  */
static int ctf_level(const char *a) {
  const char *l = a + 5;
  if (!*l)
    return 2;
  if (strspn(l, "0123456789") != strlen(l)) {
    fprintf(stderr, "btfcc: error: unrecognized debug output level '%s'\n", l);
    return -1;
  }
  if (strlen(l) > 1 || *l > '3') {
    fprintf(stderr, "btfcc: error: debug output level '%s' is too high\n", l);
    return -1;
  }
  return *l - '0';
}

/* GCC takes one debug format besides DWARF: CTF or BTF, never both, in
   whichever order and at whatever level they come.  */
static bool format_conflict(const char *format) {
  fprintf(stderr, "btfcc: error: debug format '%s' conflicts with prior selection\n",
          format);
  return false;
}

/* x86_64's -m options that turn units off or on (-msse2 turns SSE on
   too), -mgeneral-regs-only (every unit no option turns on is off,
   wherever it stands) and -mcmodel=.  */
static bool x86_option(const char *m, PredefX86 *x) {
  if (!strncmp(m, "cmodel=", 7)) {
    x->code_model = m + 7;
    return true;
  }
  if (!strcmp(m, "general-regs-only")) {
    x->general_regs_only = true;
    return true;
  }
  if (!strcmp(m, "soft-float")) {
    x->x87 = -1;
    return true;
  }
  bool on = strncmp(m, "no-", 3) != 0;
  const char *u = on ? m : m + 3;
  signed char v = on ? 1 : -1;
  if (!strcmp(u, "mmx"))
    x->mmx = v;
  else if (!strcmp(u, "sse"))
    x->sse = v;
  else if (!strcmp(u, "sse2")) {
    x->sse2 = v;
    if (on)
      x->sse = 1;
  } else if (!strcmp(u, "80387") || !strcmp(u, "hard-float"))
    x->x87 = v;
  else
    return false;
  return true;
}

/* -mFEATURE, -mno-FEATURE of the BPF instruction set (the last one of a
   feature wins; -mcpu never overrides them).  */
static bool bpf_feature_option(const char *m, Options *o) {
  static const struct {
    const char *name;
    unsigned bit;
  } features[] = {
      {"jmpext", BPF_F_JMPEXT}, {"alu32", BPF_F_ALU32},
      {"jmp32", BPF_F_JMP32},   {"v3-atomics", BPF_F_V3_ATOMICS},
      {"bswap", BPF_F_BSWAP},   {"sdiv", BPF_F_SDIV},
      {"smov", BPF_F_SMOV},
  };
  bool on = strncmp(m, "no-", 3) != 0;
  if (!on)
    m += 3;
  for (size_t i = 0; i < ARRAY_LEN(features); i++)
    if (!strcmp(m, features[i].name)) {
      unsigned b = features[i].bit;
      o->bpf_feature_on = on ? o->bpf_feature_on | b : o->bpf_feature_on & ~b;
      o->bpf_feature_off = on ? o->bpf_feature_off & ~b : o->bpf_feature_off | b;
      return true;
    }
  return false;
}

/* The floating-point options, as GCC's set_fast_math_flags and
   set_unsafe_math_optimizations_flags have them.  */
static void unsafe_math(PredefFloat *f, bool on) {
  f->no_trapping = f->no_signed_zeros = f->associative = f->reciprocal = on;
}

static void fast_math(PredefFloat *f, bool on) {
  f->unsafe = on;
  unsafe_math(f, on);
  f->finite = f->no_errno = f->cx_limited_range = f->excess_fast = on;
  if (on)
    f->rounding = f->signaling_nans = false;
}

/* Applies -fF to FP if it is a floating-point option.  */
static bool float_option(const char *f, PredefFloat *fp) {
  static const struct {
    const char *name;
    size_t offset;
    bool negated; /* the flag is named by the option's -fno- form */
  } flags[] = {
      {"trapping-math", offsetof(PredefFloat, no_trapping), true},
      {"signed-zeros", offsetof(PredefFloat, no_signed_zeros), true},
      {"math-errno", offsetof(PredefFloat, no_errno), true},
      {"associative-math", offsetof(PredefFloat, associative), false},
      {"reciprocal-math", offsetof(PredefFloat, reciprocal), false},
      {"finite-math-only", offsetof(PredefFloat, finite), false},
      {"cx-limited-range", offsetof(PredefFloat, cx_limited_range), false},
      {"rounding-math", offsetof(PredefFloat, rounding), false},
      {"signaling-nans", offsetof(PredefFloat, signaling_nans), false},
      {"single-precision-constant", offsetof(PredefFloat, single_constant), false},
  };
  if (!strncmp(f, "excess-precision=", 17)) {
    fp->excess_fast = !strcmp(f + 17, "fast");
    return true;
  }
  if (!strncmp(f, "fp-contract=", 12)) {
    fp->contract_fast = !strcmp(f + 12, "fast");
    return true;
  }
  bool on = strncmp(f, "no-", 3) != 0;
  const char *name = on ? f : f + 3;
  if (!strcmp(name, "fast-math")) {
    fast_math(fp, on);
    return true;
  }
  if (!strcmp(name, "unsafe-math-optimizations")) {
    fp->unsafe = on;
    unsafe_math(fp, on);
    return true;
  }
  for (size_t i = 0; i < ARRAY_LEN(flags); i++)
    if (!strcmp(name, flags[i].name)) {
      *(bool *)((char *)fp + flags[i].offset) = flags[i].negated ? !on : on;
      return true;
    }
  return false;
}

/* The floating-point flags the options leave: -Ofast's -ffast-math
   first (GCC applies the level's defaults before the options), then the
   options in order; -fassociative-math gives way to trapping math and
   signed zeros.  */
static void float_flags(const Options *o, PredefFloat *fp) {
  memset(fp, 0, sizeof *fp);
  if (o->ofast)
    fast_math(fp, true);
  for (size_t i = 0; i < o->fp_options.len; i++)
    (void)float_option(o->fp_options.data[i], fp);
  if (fp->associative && (!fp->no_trapping || !fp->no_signed_zeros))
    fp->associative = false;
}

/* -fsanitize=LIST, -fno-sanitize=LIST: the sanitizers that have a
   predefined macro (PredefOptions.sanitize); others are accepted.  */
static void sanitize_option(const char *list, bool on, PredefOptions *p) {
  static const struct {
    const char *name;
    unsigned bit;
  } sanitizers[] = {
      {"address", 1}, {"kernel-address", 1}, {"thread", 2},
      {"hwaddress", 4}, {"kernel-hwaddress", 4}, {"all", 7},
  };
  while (*list) {
    size_t n = strcspn(list, ",");
    for (size_t i = 0; i < ARRAY_LEN(sanitizers); i++)
      if (strlen(sanitizers[i].name) == n &&
          !strncmp(list, sanitizers[i].name, n)) {
        unsigned b = sanitizers[i].bit;
        p->sanitize = on ? p->sanitize | (b == 7 ? 0 : b) : p->sanitize & ~b;
      }
    list += n + (list[n] == ',');
  }
}

/* -f options that change predefined macros: -f[no-]pic, -fPIC, -fpie,
   -fPIE (the last one decides both __PIC__ and __PIE__, as in GCC),
   -ffreestanding, -fhosted, -f[no-]gnu89-inline, the stack protectors,
   -fcf-protection, -f[no-]exceptions, -f[no-]sanitize=,
   -f[no-]dwarf2-cfi-asm.  */
static bool predef_f_option(const char *f, PredefOptions *p) {
  static const char *const ssp[] = {"stack-protector", "stack-protector-all",
                                    "stack-protector-strong",
                                    "stack-protector-explicit"};
  for (size_t i = 0; i < ARRAY_LEN(ssp); i++)
    if (!strcmp(f, ssp[i])) {
      p->ssp = (int)i + 1;
      return true;
    }
  static const struct {
    const char *name;
    int cet;
  } cet[] = {{"cf-protection", 3}, {"cf-protection=full", 3},
             {"cf-protection=branch", 1}, {"cf-protection=return", 2},
             {"cf-protection=check", 8}, {"cf-protection=none", 0}};
  for (size_t i = 0; i < ARRAY_LEN(cet); i++)
    if (!strcmp(f, cet[i].name)) {
      p->cet = cet[i].cet;
      return true;
    }
  if (!strncmp(f, "sanitize=", 9) || !strncmp(f, "no-sanitize=", 12)) {
    bool on = f[0] != 'n';
    sanitize_option(strchr(f, '=') + 1, on, p);
    return true;
  }
  static const struct {
    const char *name;
    int pic, pie;
  } pics[] = {
      {"pic", 1, 0}, {"PIC", 2, 0}, {"pie", 1, 1}, {"PIE", 2, 2},
      {"no-pic", 0, 0}, {"no-PIC", 0, 0}, {"no-pie", 0, 0}, {"no-PIE", 0, 0},
  };
  for (size_t i = 0; i < ARRAY_LEN(pics); i++)
    if (!strcmp(f, pics[i].name)) {
      p->pic_set = true;
      p->pic = pics[i].pic;
      p->pie = pics[i].pie;
      return true;
    }
  if (!strcmp(f, "no-stack-protector"))
    p->ssp = 0;
  else if (!strcmp(f, "exceptions") || !strcmp(f, "no-exceptions"))
    p->exceptions = f[0] == 'e';
  else if (!strcmp(f, "dwarf2-cfi-asm") || !strcmp(f, "no-dwarf2-cfi-asm"))
    p->no_cfi_asm = f[0] == 'n';
  else if (!strcmp(f, "asynchronous-unwind-tables") ||
           !strcmp(f, "no-asynchronous-unwind-tables"))
    p->no_async_unwind = f[0] == 'n';
  else if (!strcmp(f, "unwind-tables") || !strcmp(f, "no-unwind-tables"))
    p->unwind_tables = f[0] == 'u';
  else if (!strcmp(f, "freestanding") || !strcmp(f, "hosted"))
    p->freestanding = f[0] == 'f';
  else if (!strcmp(f, "gnu89-inline"))
    p->gnu89_inline = 1;
  else if (!strcmp(f, "no-gnu89-inline"))
    p->gnu89_inline = -1;
  else
    return false;
  return true;
}

/* An option btfcc takes but cannot honour: it asks for output btfcc
   does not make, so it is an error that names it, never ignored.  */
static bool unsupported(const char *a, const char *what) {
  fprintf(stderr, "btfcc: error: '%s' is not supported: btfcc %s\n", a, what);
  return false;
}

/* -f options that ask for output btfcc does not make (dump files, other
   sections, other debug paths); every other -f option only steers code
   generation.  */
static bool output_f_option(const char *f) {
  static const char *const prefixes[] = {
      "dump-", "stack-usage", "callgraph-info", "opt-info", "lto",
      "profile-arcs", "test-coverage", "profile-generate",
      "save-optimization-record", "record-gcc-switches", "debug-prefix-map=",
      "file-prefix-map=", "macro-prefix-map=", "profile-prefix-map=",
      "verbose-asm", "diagnostics-format=", "gen-decls", "condition-coverage",
      "path-coverage", "dump-go-spec=", "directives-only", "emit-struct-debug",
  };
  for (size_t i = 0; i < ARRAY_LEN(prefixes); i++)
    if (!strncmp(f, prefixes[i], strlen(prefixes[i])))
      return true;
  return false;
}

/* -g options besides the formats and levels: those that change no
   output btfcc makes are taken; any other is refused.  */
static bool harmless_g_option(const char *g) {
  static const char *const names[] = {
      "record-gcc-switches", "no-record-gcc-switches",
      "variable-location-views", "statement-frontiers", "inline-points",
      "as-loc-support", "as-locview-support",
      "no-pubnames", "no-gnu-pubnames", "no-split-dwarf", "no-inline-points",
      "no-statement-frontiers", "no-variable-location-views",
      "no-as-loc-support", "no-as-locview-support", "no-internal-reset-location-views",
      "z=none", "no-describe-dies", "no-column-info",
  };
  for (size_t i = 0; i < ARRAY_LEN(names); i++)
    if (!strcmp(g, names[i]))
      return true;
  return false;
}

/* -x LANGUAGE: c, c-header (*XLANG 1, 2) or none (0: by the suffix).  */
static bool set_language(Options *o, const char *l, int *xlang) {
  if (strcmp(l, "c") && strcmp(l, "none") && strcmp(l, "c-header")) {
    fprintf(stderr, "btfcc: error: language %s not recognized\n", l);
    return false;
  }
  o->lang_c_forced = strcmp(l, "none") != 0;
  *xlang = !strcmp(l, "c") ? 1 : !strcmp(l, "c-header") ? 2 : 0;
  return true;
}

/* -std= values.  */
static bool set_std(Options *o, const char *s) {
  static const struct {
    const char *name;
    int std;
    bool gnu;
  } stds[] = {
      {"c89", 89, false},      {"c90", 89, false},     {"iso9899:1990", 89, false},
      {"iso9899:199409", 89, false}, {"gnu89", 89, true}, {"gnu90", 89, true},
      {"c99", 99, false},      {"c9x", 99, false},     {"iso9899:1999", 99, false}, {"iso9899:199x", 99, false},
      {"gnu99", 99, true},     {"gnu9x", 99, true},    {"c11", 11, false},
      {"c1x", 11, false},      {"iso9899:2011", 11, false}, {"gnu11", 11, true},
      {"gnu1x", 11, true},     {"c17", 17, false},     {"c18", 17, false},
      {"iso9899:2017", 17, false}, {"iso9899:2018", 17, false},
      {"gnu17", 17, true},     {"gnu18", 17, true},    {"c23", 23, false},
      {"c2x", 23, false},      {"iso9899:2024", 23, false}, {"gnu23", 23, true},
      {"gnu2x", 23, true},     {"c2y", 23, false},     {"gnu2y", 23, true},
  };
  for (size_t i = 0; i < ARRAY_LEN(stds); i++)
    if (strcmp(stds[i].name, s) == 0) {
      o->lang.std = stds[i].std;
      o->lang.gnu = stds[i].gnu;
      o->lang.c94 = !strcmp(s, "iso9899:199409");
      o->lang.c2y = !strcmp(s, "c2y") || !strcmp(s, "gnu2y");
      return true;
    }
  return false;
}

static bool set_target(Options *o, const char *t) {
  if (!strcmp(t, "bpf") || !strcmp(t, "bpfel") || !strncmp(t, "bpf-", 4) ||
      !strncmp(t, "bpfel-", 6)) {
    o->target.arch = ARCH_BPF;
    o->target.big_endian = false;
    o->target.triple = "bpf";
    return true;
  }
  if (!strcmp(t, "bpfeb") || !strncmp(t, "bpfeb-", 6)) {
    o->target.arch = ARCH_BPF;
    o->target.big_endian = true;
    o->target.triple = "bpfeb";
    return true;
  }
  if (!strncmp(t, "x86_64", 6)) {
    o->target.arch = ARCH_X86_64;
    o->target.big_endian = false;
    o->target.triple = "x86_64-linux-gnu";
    return true;
  }
  return false;
}

/* The argument of an option that takes one, attached (-Idir) or the next
   word (-I dir).  */
static const char *option_arg(int argc, char **argv, int *i, const char *opt) {
  size_t n = strlen(opt);
  if (argv[*i][n])
    return argv[*i] + n + (argv[*i][n] == '=' && opt[n - 1] != '=' ? 0 : 0);
  if (*i + 1 >= argc) {
    fprintf(stderr, "btfcc: error: missing argument to '%s'\n", opt);
    return NULL;
  }
  return argv[++*i];
}

/* The dependency options: -M, -MM (the list is the output), -MD, -MMD
   (the list beside the compilation), -MF FILE, -MT TARGET, -MQ TARGET
   (the argument joined or the next word), -MP, -MG, and cc1's
   -Wp,-MD,FILE and -Wp,-MMD,FILE.  */
static bool deps_option(int argc, char **argv, int *i, DepsOptions *d) {
  const char *a = argv[*i], *v;
  if (!strcmp(a, "-M") || !strcmp(a, "-MM")) {
    d->style = a[2] ? 1 : 2;
    d->only = true;
  } else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD")) {
    d->style = a[2] == 'M' ? 1 : 2;
    d->compile = true;
  } else if (!strncmp(a, "-Wp,", 4)) {
    d->style = a[5] == 'M' && a[6] == 'M' ? 1 : 2;
    d->file = strchr(a + 5, ',') + 1;
  } else if (!strcmp(a, "-MP")) {
    d->phony = d->seen = true;
  } else if (!strcmp(a, "-MG")) {
    d->missing = d->seen = true;
  } else if (!strncmp(a, "-MF", 3) || !strncmp(a, "-MT", 3) ||
             !strncmp(a, "-MQ", 3)) {
    char opt[4] = {a[0], a[1], a[2], 0};
    if (!(v = option_arg(argc, argv, i, opt)))
      return false;
    d->seen = true;
    if (a[2] == 'F')
      d->file = v;
    else {
      DepTarget t = {v, a[2] == 'Q'};
      vec_push(&d->targets, t);
    }
  } else {
    fprintf(stderr, "btfcc: error: unrecognized command-line option '%s'\n", a);
    return false;
  }
  return true;
}

/* GCC's rules for the dependency options taken together; -M and -MM
   stop after preprocessing and imply -w.  */
static bool deps_check(Options *o) {
  DepsOptions *d = &o->deps;
  bool ok = true;
  if (!d->style)
    deps_from_environment(d);
  if (d->seen && !d->style) {
    fprintf(stderr, "btfcc: error: to generate dependencies you must specify "
                    "either '-M' or '-MM'\n");
    ok = false;
  }
  if (d->missing && !d->only) {
    fprintf(stderr, "btfcc: error: '-MG' may only be used with '-M' or '-MM'\n");
    ok = false;
  }
  if (d->only) {
    o->mode = MODE_PREPROCESS;
    o->diag.inhibit_warnings = true;
  }
  return ok;
}

/* Warning options: -W<group>, -Wno-<group>, -Werror[=<group>].  */
static bool warning_option(Options *o, const char *w) {
  if (!strcmp(w, "error")) {
    o->diag.warnings_are_errors = true;
    return true;
  }
  if (!strcmp(w, "no-error")) {
    o->diag.warnings_are_errors = false;
    return true;
  }
  if (!strcmp(w, "extra")) {
    o->diag.enabled[W_BTF_TAG_DROPPED] = true;
    return true;
  }
  if (!strcmp(w, "all"))
    return true;
  if (!strncmp(w, "error=", 6)) {
    int id = diag_warning_by_name(w + 6);
    if (id > 0) {
      o->diag.as_error[id] = true;
      o->diag.enabled[id] = true;
      o->diag.given[id] = true;
    }
    return true;
  }
  if (!strncmp(w, "no-error=", 9)) {
    int id = diag_warning_by_name(w + 9);
    if (id > 0) {
      o->diag.as_error[id] = false;
      o->diag.not_error[id] = true;
    }
    return true;
  }
  bool on = true;
  if (!strncmp(w, "no-", 3)) {
    on = false;
    w += 3;
  }
  int id = diag_warning_by_name(w);
  if (id > 0) {
    o->diag.enabled[id] = on;
    o->diag.given[id] = true;
  }
  if (!strcmp(w, "pedantic"))
    o->diag.enabled[W_PEDANTIC] = o->diag.enabled[W_MISSING_PARAMETER_NAME] = on;
  /* Every other -W option is GCC's and has no effect here.  */
  return true;
}

/* Keeps the words of one option (ARGV[FIRST..LAST]) for -v and -###,
   in GCC's spelling: the argument of -D, -I, -o ... a word of its own.  */
static void record_words(Options *o, char **argv, int first, int last) {
  static const char *const separate[] = {
      "-include", "-isystem", "-iquote", "-idirafter", "-MF", "-MT", "-MQ",
      "-D", "-U", "-I", "-o",
  };
  const char *a = argv[first];
  if (!strcmp(a, "-###"))
    return;
  for (size_t k = 0; first == last && k < ARRAY_LEN(separate); k++) {
    size_t n = strlen(separate[k]);
    if (!strncmp(a, separate[k], n) && a[n]) {
      vec_push(&o->opt_words, separate[k]);
      vec_push(&o->opt_words, a + n);
      return;
    }
  }
  for (int k = first; k <= last; k++)
    vec_push(&o->opt_words, argv[k]);
}

void options_free(Options *o) {
  vec_free(&o->inputs);
  vec_free(&o->quote_dirs);
  vec_free(&o->bracket_dirs);
  vec_free(&o->system_dirs);
  vec_free(&o->after_dirs);
  vec_free(&o->include_files);
  vec_free(&o->macro_cmds);
  vec_free(&o->fp_options);
  vec_free(&o->queries);
  vec_free(&o->opt_words);
  deps_free(&o->deps);
}

bool options_parse(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->bpf_cpu = 4; /* GCC 16's default for BPF */
  o->co_re_option = -1;
  o->mode = MODE_LINK;
  o->btf.prune_btf = -1;
  o->debug.eliminate_unused_types = true;
  o->debug.signed_char = true;
  o->target = target_default;
  o->lang = lang_default;
  diag_options_default(&o->diag);
  bool ok = true;
  bool after_ddash = false;
  bool plain_g = false, explicit_dwarf = false; /* -g as written; -gdwarf* */
  bool btf_chosen = false, ctf_chosen = false;
  bool g_after_ctf = false, ggdb = false; /* BPF: which -g asks for DWARF */
  int ctf = 0; /* -gctf level */
  int xlang = 0; /* -x: 0 none (by the suffix), 1 c, 2 c-header */
  const char *header_input = NULL; /* the first input compiled as a header */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int first = i;
    if (after_ddash || a[0] != '-' || !strcmp(a, "-")) {
      vec_push(&o->inputs, a);
      /* A FILE.h given alone is compiled as C (vmlinux.h), where GCC
         would write a precompiled header; -x c-header asks for one.  */
      if (!header_input && xlang == 2)
        header_input = a;
      continue;
    }
    const char *v;
#define ARG(opt) ((v = option_arg(argc, argv, &i, opt)) != NULL)
    if (!strcmp(a, "-c")) o->mode = MODE_OBJECT;
    else if (!strcmp(a, "-S")) o->mode = MODE_ASSEMBLY;
    else if (!strcmp(a, "-E")) o->mode = MODE_PREPROCESS;
    else if (!strcmp(a, "-fsyntax-only")) o->mode = MODE_SYNTAX;
    else if (!strcmp(a, "-fdump-tree")) o->dump_tree = "-";
    else if (!strncmp(a, "-fdump-tree=", 12)) o->dump_tree = a + 12;
    else if (!strcmp(a, "-o")) {
      if (ARG("-o")) o->output = v; else ok = false;
    } else if (!strncmp(a, "-o", 2)) o->output = a + 2;
    else if (!strncmp(a, "-x", 2)) {
      if (!ARG("-x") || !set_language(o, v, &xlang)) ok = false;
    }
    else if (!strncmp(a, "-I", 2)) { if (ARG("-I")) vec_push(&o->bracket_dirs, v); else ok = false; }
    else if (!strncmp(a, "-iquote", 7)) { if (ARG("-iquote")) vec_push(&o->quote_dirs, v); else ok = false; }
    else if (!strncmp(a, "-isystem", 8)) { if (ARG("-isystem")) vec_push(&o->system_dirs, v); else ok = false; }
    else if (!strncmp(a, "-idirafter", 10)) { if (ARG("-idirafter")) vec_push(&o->after_dirs, v); else ok = false; }
    else if (!strncmp(a, "-include", 8)) { if (ARG("-include")) vec_push(&o->include_files, v); else ok = false; }
    else if (!strncmp(a, "-D", 2)) {
      if (ARG("-D")) { MacroCmd m = {MACRO_DEFINE, v}; vec_push(&o->macro_cmds, m); } else ok = false;
    } else if (!strncmp(a, "-U", 2)) {
      if (ARG("-U")) { MacroCmd m = {MACRO_UNDEF, v}; vec_push(&o->macro_cmds, m); } else ok = false;
    }
    else if (!strcmp(a, "-nostdinc")) o->nostdinc = true;
    else if (!strcmp(a, "-undef")) o->undef = true;
    else if (!strncmp(a, "-std=", 5) || !strncmp(a, "--std=", 6)) {
      const char *s = strchr(a, '=') + 1;
      if (!set_std(o, s)) {
        fprintf(stderr, "btfcc: error: unrecognized command-line option '%s'\n", a);
        ok = false;
      }
    } else if (!strcmp(a, "-ansi")) { set_std(o, "c90"); }
    else if (!strcmp(a, "-gbtf")) {
      o->want_btf = btf_chosen = true;
      if (ctf_chosen)
        ok = format_conflict("btf");
    }
    else if (!strcmp(a, "-gprune-btf")) o->btf.prune_btf = 1;
    else if (!strcmp(a, "-gno-prune-btf")) o->btf.prune_btf = 0;
    else if (!strncmp(a, "-gdwarf", 7)) {
      if (!set_dwarf_version(o, a)) ok = false;
      explicit_dwarf = true;
    }
    else if (!strcmp(a, "-g") || !strcmp(a, "-g2") || !strcmp(a, "-ggdb") ||
             !strcmp(a, "-ggdb2")) {
      o->want_dwarf = true; /* with -gbtf too: both, as GCC does */
      plain_g = true;
      g_after_ctf |= ctf_chosen;
      ggdb |= !strncmp(a, "-ggdb", 5);
      if (o->want_btf)
        explicit_dwarf = true; /* BPF: -gbtf -g is BTF and DWARF */
    }
    else if (!strcmp(a, "-g0")) {
      o->want_dwarf = o->want_btf = false;
      plain_g = explicit_dwarf = false;
    }
    else if (!strcmp(a, "-gcolumn-info")) o->dwarf.no_column_info = false;
    else if (!strcmp(a, "-gno-column-info")) o->dwarf.no_column_info = true;
    else if (!strcmp(a, "-gstrict-dwarf")) o->dwarf.strict = true;
    else if (!strcmp(a, "-gno-strict-dwarf")) o->dwarf.strict = false;
    else if (!strcmp(a, "-fdebug-types-section")) o->dwarf.debug_types_section = true;
    else if (!strcmp(a, "-fno-debug-types-section")) o->dwarf.debug_types_section = false;
    else if (!strncmp(a, "-gctf", 5)) {
      int level = ctf_level(a);
      if (level < 0)
        ok = false;
      else
        ctf = level;
      ctf_chosen = true;
      if (btf_chosen)
        ok = format_conflict("ctf");
    }
    else if (!strcmp(a, "-g1") || !strcmp(a, "-g3") || !strcmp(a, "-ggdb1") ||
             !strcmp(a, "-ggdb3"))
      ok = unsupported(a, "writes the debug information of -g (level 2) only");
    else if (!strncmp(a, "-g", 2) && !harmless_g_option(a + 2))
      ok = unsupported(a, "writes no such debug information");
    else if (!strncmp(a, "-g", 2)) { }
    else if (!strcmp(a, "-dA")) o->btf.annotate = o->dwarf.annotate = o->ctf.annotate = true;
    else if (!strcmp(a, "-dM")) o->dump_macros = true;
    else if (!strcmp(a, "-dD") || !strcmp(a, "-dN") || !strcmp(a, "-dI") ||
             !strcmp(a, "-dU") || !strcmp(a, "-C") || !strcmp(a, "-CC") ||
             !strcmp(a, "-H"))
      ok = unsupported(a, "writes no such preprocessor output");
    else if (!strcmp(a, "-w")) o->diag.inhibit_warnings = true;
    else if (!strncmp(a, "-W", 2) && strncmp(a, "-Wl,", 4) && strncmp(a, "-Wa,", 4) &&
             strncmp(a, "-Wp,", 4)) warning_option(o, a + 2);
    else if (!strcmp(a, "-pedantic") || !strcmp(a, "-Wpedantic") ||
             !strcmp(a, "-pedantic-errors")) {
      o->diag.enabled[W_PEDANTIC] = o->diag.enabled[W_MISSING_PARAMETER_NAME] = true;
      if (!strcmp(a, "-pedantic-errors"))
        o->diag.pedantic_errors = true;
    }
    else if (!strncmp(a, "-O", 2)) {
      const char *l = a + 2;
      o->optimize = o->debug.optimize = !*l ? 1 : (*l >= '0' && *l <= '9') ? atoi(l) : 2;
      o->predef.optimize_size = !strcmp(l, "s") || !strcmp(l, "z");
      o->ofast = !strcmp(l, "fast");
    }
    else if (!strcmp(a, "-fdiagnostics-plain-output")) o->diag.plain = true;
    else if (!strcmp(a, "-fno-eliminate-unused-debug-types")) o->debug.eliminate_unused_types = false;
    else if (!strcmp(a, "-feliminate-unused-debug-types")) o->debug.eliminate_unused_types = true;
    else if (!strncmp(a, "-fmax-errors=", 13)) o->diag.max_errors = (unsigned)atoi(a + 13);
    else if (!strcmp(a, "-funsigned-char")) o->debug.signed_char = false;
    else if (!strcmp(a, "-fsigned-char")) o->debug.signed_char = true;
    else if (!strcmp(a, "-fdump-ir")) o->dump_ir = true;
    else if (!strcmp(a, "-fpch-state-roundtrip")) o->state_roundtrip = true;
    else if (!strcmp(a, "-fpch-report")) o->pch_report = true;
    else if (!strncmp(a, "-fpch-state-write=", 18)) {
      o->state_roundtrip = true;
      o->state_file = a + 18;
    }
    else if (!strcmp(a, "-fwrapv") || !strcmp(a, "-fno-strict-overflow")) o->wrapv = true;
    else if (!strcmp(a, "-fno-wrapv") || !strcmp(a, "-fstrict-overflow")) o->wrapv = false;
    else if (predef_f_option(a + 2, &o->predef)) { }
    else if (!strncmp(a, "-f", 2) && float_option(a + 2, &o->predef.fp))
      vec_push(&o->fp_options, a + 2);
    else if (!strncmp(a, "-f", 2) && output_f_option(a + 2))
      ok = unsupported(a, "makes no such output");
    else if (!strncmp(a, "-f", 2)) { /* code generation: accepted, ignored */ }
    else if (!strncmp(a, "--target=", 9)) {
      if (!set_target(o, a + 9)) {
        fprintf(stderr, "btfcc: error: unsupported target '%s'\n", a + 9);
        ok = false;
      }
    } else if (!strcmp(a, "-target") || !strcmp(a, "--target")) {
      if (!ARG(a)) { ok = false; continue; }
      if (!set_target(o, v)) {
        fprintf(stderr, "btfcc: error: unsupported target '%s'\n", v);
        ok = false;
      }
    } else if (!strcmp(a, "-mbig-endian") || !strcmp(a, "-EB")) {
      if (o->target.arch == ARCH_BPF) o->target.big_endian = true;
    } else if (!strcmp(a, "-mlittle-endian") || !strcmp(a, "-EL")) {
      o->target.big_endian = false;
    }
    else if (!strncmp(a, "-mcpu=", 6)) {
      const char *c = a + 6;
      if (c[0] == 'v' && c[1] >= '1' && c[1] <= '4' && !c[2])
        o->bpf_cpu = c[1] - '0';
      else if (!strcmp(c, "generic"))
        o->bpf_cpu = 1;
      else {
        fprintf(stderr, "btfcc: error: unrecognized argument in option '%s'\n", a);
        ok = false;
      }
    }
    else if (!strcmp(a, "-mco-re") || !strcmp(a, "-mno-co-re"))
      o->co_re_option = a[2] == 'c';
    else if (bpf_feature_option(a + 2, o)) { }
    else if (x86_option(a + 2, &o->predef.x86)) { }
    else if (!strncmp(a, "-m", 2)) { /* target options: accepted, ignored */ }
    else if (!strcmp(a, "-pthread")) o->predef.reentrant = true;
    else if (!strcmp(a, "-pipe")) { }
    else if (!strcmp(a, "-v")) o->verbose = true;
    else if (!strcmp(a, "-###")) o->dry_run = true;
    else if (!strcmp(a, "-save-temps")) o->save_temps = 1;
    else if (!strcmp(a, "-save-temps=cwd")) o->save_temps = 3;
    else if (!strcmp(a, "-save-temps=obj")) o->save_temps = 2;
    else if (!strcmp(a, "-dumpversion") || !strcmp(a, "-dumpfullversion") ||
             !strcmp(a, "-dumpmachine") || !strcmp(a, "-print-search-dirs") ||
             !strncmp(a, "-print-file-name=", 17) ||
             !strncmp(a, "-print-prog-name=", 17))
      vec_push(&o->queries, a);
    else if (!strcmp(a, "-P")) o->no_line_markers = true;
    else if (!strncmp(a, "-M", 2) || !strncmp(a, "-Wp,-MD,", 8) ||
             !strncmp(a, "-Wp,-MMD,", 9)) {
      if (!deps_option(argc, argv, &i, &o->deps)) ok = false;
    }
    else if (!strcmp(a, "--version")) { version(); exit(0); }
    else if (!strcmp(a, "--help")) { usage(stdout); exit(0); }
    else if (!strcmp(a, "--")) after_ddash = true;
    else {
      fprintf(stderr, "btfcc: error: unrecognized command-line option '%s'\n", a);
      ok = false;
    }
#undef ARG
    record_words(o, argv, first, i);
  }
  if (o->queries.len && ok)
    return true; /* answered before anything else */
  ok = deps_check(o) && ok;
  if (!ok)
    return false;
  /* BPF's default debug format is BTF: there plain -g means BTF (and
     .BTF.ext), DWARF only with -gdwarf, as bpf-gcc 16 has it.  */
  o->want_ctf = ctf > 0;
  /* CTF is translated from the DWARF GCC would write (5 by default).  */
  o->ctf.dwarf_version = o->dwarf.version ? o->dwarf.version : 5;
  /* bpf-gcc with -gctf: a -g before it chose the format CTF replaces;
     one after it (or -ggdb) asks for DWARF.  */
  if (o->target.arch == ARCH_BPF && plain_g && ctf_chosen)
    o->want_dwarf = explicit_dwarf || g_after_ctf || ggdb;
  if (o->target.arch == ARCH_BPF && plain_g && !ctf_chosen) {
    o->want_btf = true;
    o->want_dwarf = explicit_dwarf;
  }
  if (o->want_dwarf && !o->dwarf.version)
    o->dwarf.version = 5;
  if (!o->want_dwarf)
    o->dwarf.version = 0;
  if (o->inputs.len == 0) {
    fprintf(stderr, "btfcc: fatal error: no input files\ncompilation terminated.\n");
    return false;
  }
  /* As GCC: a header compiled without -S, -E or -fsyntax-only (-x
     c-header with -c, or FILE.h alone) becomes a precompiled header,
     FILE.h.gch.  (FILE.h with -c stays C: btfcc's own benchmarks and
     tests compile vmlinux.h that way.)  */
  bool all_headers = o->inputs.len > 0;
  for (size_t i = 0; i < o->inputs.len; i++) {
    const char *in = o->inputs.data[i];
    size_t n = strlen(in);
    if (n < 3 || strcmp(in + n - 2, ".h"))
      all_headers = false;
  }
  if ((o->mode == MODE_OBJECT && header_input) ||
      (o->mode == MODE_LINK && (header_input || (all_headers && !o->lang_c_forced))))
    o->mode = MODE_PCH;
  if (o->mode == MODE_LINK) {
    fprintf(stderr, "btfcc: error: linking is not supported; use -c, -S, -E or -fsyntax-only\n");
    return false;
  }
  if (o->output && o->inputs.len > 1 && o->mode != MODE_SYNTAX) {
    fprintf(stderr, "btfcc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files\n");
    return false;
  }
  for (size_t i = 0; i < o->inputs.len; i++) {
    const char *in = o->inputs.data[i];
    if (!strcmp(in, "-") && !o->lang_c_forced && o->mode != MODE_PREPROCESS) {
      fprintf(stderr, "btfcc: error: -E or -x required when input is from standard input\n");
      return false;
    }
  }
  if (o->target.arch == ARCH_BPF)
    o->debug.signed_char = true; /* BPF char is signed (bpf-gcc) */
  /* bpf-gcc 16: CO-RE is on when BTF is written unless -mno-co-re, and
     -mco-re without BTF is an error in every mode, -E included.  */
  o->co_re = o->target.arch == ARCH_BPF &&
             (o->co_re_option >= 0 ? o->co_re_option : o->want_btf);
  if (o->co_re && !o->want_btf) {
    fprintf(stderr, "btfcc: error: BPF CO-RE requires BTF debugging "
                    "information, use '-gbtf'\n");
    return false;
  }
  o->bpf_features =
      (bpf_cpu_features(o->bpf_cpu) | o->bpf_feature_on) & ~o->bpf_feature_off;
  o->predef.bpf_cpu = o->bpf_cpu;
  o->predef.bpf_features = o->bpf_features;
  o->predef.optimize = o->optimize;
  o->predef.unsigned_char = !o->debug.signed_char;
  float_flags(o, &o->predef.fp);
  o->predef.debug = o->want_dwarf || o->want_btf;
  diag_options_resolve(&o->diag, lang_std_year(o->lang.std));
  return true;
}
