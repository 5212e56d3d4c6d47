/* GCC-compatible command-line parsing.  */
#include "options.h"

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
          "  -std=STD           c89 c90 c99 c11 c17 c18 c23 c2x and gnu variants\n"
          "                     (default gnu17)\n"
          "  --target=TRIPLE    x86_64-linux-gnu (default), bpf, bpfel, bpfeb\n"
          "  -fno-eliminate-unused-debug-types  keep every declared type\n"
          "  -w, -Werror, -W[no-]attributes, -W[no-]btf-tag-dropped,\n"
          "  -W[no-]btf-tag-placement\n"
          "  -O*, -f*, -m*      code-generation options, accepted and ignored\n"
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

/* -std= values.  */
static bool set_std(const char *s) {
  static const struct {
    const char *name;
    int std;
    bool gnu;
  } stds[] = {
      {"c89", 89, false},      {"c90", 89, false},     {"iso9899:1990", 89, false},
      {"iso9899:199409", 89, false}, {"gnu89", 89, true}, {"gnu90", 89, true},
      {"c99", 99, false},      {"c9x", 99, false},     {"iso9899:1999", 99, false},
      {"gnu99", 99, true},     {"gnu9x", 99, true},    {"c11", 11, false},
      {"c1x", 11, false},      {"iso9899:2011", 11, false}, {"gnu11", 11, true},
      {"gnu1x", 11, true},     {"c17", 17, false},     {"c18", 17, false},
      {"iso9899:2017", 17, false}, {"iso9899:2018", 17, false},
      {"gnu17", 17, true},     {"gnu18", 17, true},    {"c23", 23, false},
      {"c2x", 23, false},      {"iso9899:2024", 23, false}, {"gnu23", 23, true},
      {"gnu2x", 23, true},
  };
  for (size_t i = 0; i < ARRAY_LEN(stds); i++)
    if (strcmp(stds[i].name, s) == 0) {
      lang.std = stds[i].std;
      lang.gnu = stds[i].gnu;
      return true;
    }
  return false;
}

static bool set_target(const char *t) {
  if (!strcmp(t, "bpf") || !strcmp(t, "bpfel") || !strncmp(t, "bpf-", 4) ||
      !strncmp(t, "bpfel-", 6)) {
    target.arch = ARCH_BPF;
    target.big_endian = false;
    target.triple = "bpf";
    return true;
  }
  if (!strcmp(t, "bpfeb") || !strncmp(t, "bpfeb-", 6)) {
    target.arch = ARCH_BPF;
    target.big_endian = true;
    target.triple = "bpfeb";
    return true;
  }
  if (!strncmp(t, "x86_64", 6)) {
    target.arch = ARCH_X86_64;
    target.big_endian = false;
    target.triple = "x86_64-linux-gnu";
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

/* Warning options: -W<group>, -Wno-<group>, -Werror[=<group>].  */
static bool warning_option(const char *w) {
  if (!strcmp(w, "error")) {
    diag_opts.warnings_are_errors = true;
    return true;
  }
  if (!strcmp(w, "no-error")) {
    diag_opts.warnings_are_errors = false;
    return true;
  }
  if (!strcmp(w, "extra")) {
    diag_opts.enabled[W_BTF_TAG_DROPPED] = true;
    return true;
  }
  if (!strcmp(w, "all"))
    return true;
  if (!strncmp(w, "error=", 6)) {
    int id = diag_warning_by_name(w + 6);
    if (id > 0) {
      diag_opts.as_error[id] = true;
      diag_opts.enabled[id] = true;
    }
    return true;
  }
  if (!strncmp(w, "no-error=", 9)) {
    int id = diag_warning_by_name(w + 9);
    if (id > 0)
      diag_opts.as_error[id] = false;
    return true;
  }
  bool on = true;
  if (!strncmp(w, "no-", 3)) {
    on = false;
    w += 3;
  }
  int id = diag_warning_by_name(w);
  if (id > 0)
    diag_opts.enabled[id] = on;
  if (!strcmp(w, "pedantic"))
    diag_opts.enabled[W_PEDANTIC] = on;
  /* Every other -W option is GCC's and has no effect here.  */
  return true;
}

void options_free(Options *o) {
  vec_free(&o->inputs);
  vec_free(&o->quote_dirs);
  vec_free(&o->bracket_dirs);
  vec_free(&o->system_dirs);
  vec_free(&o->after_dirs);
  vec_free(&o->include_files);
  vec_free(&o->macro_cmds);
}

bool options_parse(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->bpf_cpu = 4; /* GCC 16's default for BPF */
  o->mode = MODE_LINK;
  o->btf.prune_btf = -1;
  o->debug.eliminate_unused_types = true;
  o->debug.signed_char = true;
  bool ok = true;
  bool after_ddash = false;
  bool plain_g = false, explicit_dwarf = false; /* -g as written; -gdwarf* */
  bool btf_chosen = false, ctf_chosen = false;
  bool g_after_ctf = false, ggdb = false; /* BPF: which -g asks for DWARF */
  int ctf = 0; /* -gctf level */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (after_ddash || a[0] != '-' || !strcmp(a, "-")) {
      vec_push(&o->inputs, a);
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
    else if (!strcmp(a, "-x")) {
      if (!ARG("-x")) { ok = false; continue; }
      if (strcmp(v, "c") && strcmp(v, "none") && strcmp(v, "c-header")) {
        fprintf(stderr, "btfcc: error: language %s not recognized\n", v);
        ok = false;
      }
      o->lang_c_forced = strcmp(v, "none") != 0;
    } else if (!strncmp(a, "-x", 2)) {
      const char *l = a + 2;
      if (strcmp(l, "c") && strcmp(l, "none") && strcmp(l, "c-header")) {
        fprintf(stderr, "btfcc: error: language %s not recognized\n", l);
        ok = false;
      }
      o->lang_c_forced = strcmp(l, "none") != 0;
    }
    else if (!strncmp(a, "-I", 2)) { if (ARG("-I")) vec_push(&o->bracket_dirs, v); else ok = false; }
    else if (!strncmp(a, "-iquote", 7)) { if (ARG("-iquote")) vec_push(&o->quote_dirs, v); else ok = false; }
    else if (!strncmp(a, "-isystem", 8)) { if (ARG("-isystem")) vec_push(&o->system_dirs, v); else ok = false; }
    else if (!strncmp(a, "-idirafter", 10)) { if (ARG("-idirafter")) vec_push(&o->after_dirs, v); else ok = false; }
    else if (!strcmp(a, "-include")) { if (ARG("-include")) vec_push(&o->include_files, v); else ok = false; }
    else if (!strncmp(a, "-D", 2)) {
      if (ARG("-D")) { MacroCmd m = {MACRO_DEFINE, v}; vec_push(&o->macro_cmds, m); } else ok = false;
    } else if (!strncmp(a, "-U", 2)) {
      if (ARG("-U")) { MacroCmd m = {MACRO_UNDEF, v}; vec_push(&o->macro_cmds, m); } else ok = false;
    }
    else if (!strcmp(a, "-nostdinc")) o->nostdinc = true;
    else if (!strcmp(a, "-undef")) o->undef = true;
    else if (!strncmp(a, "-std=", 5) || !strncmp(a, "--std=", 6)) {
      const char *s = strchr(a, '=') + 1;
      if (!set_std(s)) {
        fprintf(stderr, "btfcc: error: unrecognized command-line option '%s'\n", a);
        ok = false;
      }
    } else if (!strcmp(a, "-ansi")) { lang.std = 89; lang.gnu = false; }
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
    else if (!strcmp(a, "-g") || !strcmp(a, "-g1") || !strcmp(a, "-g2") ||
             !strcmp(a, "-g3") || !strncmp(a, "-ggdb", 5)) {
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
    else if (!strncmp(a, "-g", 2)) { /* -gno-*, -gcolumn-info, -gz ...: accepted */ }
    else if (!strcmp(a, "-dA")) o->btf.annotate = o->dwarf.annotate = o->ctf.annotate = true;
    else if (!strcmp(a, "-dM")) o->dump_macros = true;
    else if (!strcmp(a, "-dD") || !strcmp(a, "-dN") || !strcmp(a, "-dI") || !strcmp(a, "-dP")) { }
    else if (!strcmp(a, "-w")) diag_opts.inhibit_warnings = true;
    else if (!strncmp(a, "-W", 2) && strncmp(a, "-Wl,", 4) && strncmp(a, "-Wa,", 4) &&
             strncmp(a, "-Wp,", 4)) warning_option(a + 2);
    else if (!strcmp(a, "-pedantic") || !strcmp(a, "-Wpedantic") ||
             !strcmp(a, "-pedantic-errors")) diag_opts.enabled[W_PEDANTIC] = true;
    else if (!strncmp(a, "-O", 2)) {
      const char *l = a + 2;
      o->optimize = o->debug.optimize = !*l ? 1 : (*l >= '0' && *l <= '9') ? atoi(l) : 2;
    }
    else if (!strcmp(a, "-fdiagnostics-plain-output")) diag_opts.plain = true;
    else if (!strcmp(a, "-fno-eliminate-unused-debug-types")) o->debug.eliminate_unused_types = false;
    else if (!strcmp(a, "-feliminate-unused-debug-types")) o->debug.eliminate_unused_types = true;
    else if (!strncmp(a, "-fmax-errors=", 13)) diag_opts.max_errors = (unsigned)atoi(a + 13);
    else if (!strcmp(a, "-funsigned-char")) o->debug.signed_char = false;
    else if (!strcmp(a, "-fsigned-char")) o->debug.signed_char = true;
    else if (!strcmp(a, "-fdump-ir")) o->dump_ir = true;
    else if (!strncmp(a, "-f", 2)) { /* code generation: accepted, ignored */ }
    else if (!strncmp(a, "--target=", 9)) {
      if (!set_target(a + 9)) {
        fprintf(stderr, "btfcc: error: unsupported target '%s'\n", a + 9);
        ok = false;
      }
    } else if (!strcmp(a, "-target") || !strcmp(a, "--target")) {
      if (!ARG(a)) { ok = false; continue; }
      if (!set_target(v)) {
        fprintf(stderr, "btfcc: error: unsupported target '%s'\n", v);
        ok = false;
      }
    } else if (!strcmp(a, "-mbig-endian") || !strcmp(a, "-EB")) {
      if (target.arch == ARCH_BPF) target.big_endian = true;
    } else if (!strcmp(a, "-mlittle-endian") || !strcmp(a, "-EL")) {
      target.big_endian = false;
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
    else if (!strncmp(a, "-m", 2)) { /* target options: accepted, ignored */ }
    else if (!strcmp(a, "-pipe") || !strcmp(a, "-v") || !strcmp(a, "-pthread") ||
             !strcmp(a, "-MD") || !strcmp(a, "-MMD") || !strcmp(a, "-MP") ||
             !strcmp(a, "-C")) { }
    else if (!strcmp(a, "-P")) o->no_line_markers = true;
    else if (!strcmp(a, "-MF") || !strcmp(a, "-MT") || !strcmp(a, "-MQ")) {
      if (!ARG(a)) ok = false;
    }
    else if (!strcmp(a, "--version")) { version(); exit(0); }
    else if (!strcmp(a, "--help")) { usage(stdout); exit(0); }
    else if (!strcmp(a, "--")) after_ddash = true;
    else {
      fprintf(stderr, "btfcc: error: unrecognized command-line option '%s'\n", a);
      ok = false;
    }
#undef ARG
  }
  if (!ok)
    return false;
  /* BPF's default debug format is BTF: there plain -g means BTF (and
     .BTF.ext), DWARF only with -gdwarf, as bpf-gcc 16 has it.  */
  o->want_ctf = ctf > 0;
  /* CTF is translated from the DWARF GCC would write (5 by default).  */
  o->ctf.dwarf_version = o->dwarf.version ? o->dwarf.version : 5;
  /* bpf-gcc with -gctf: a -g before it chose the format CTF replaces;
     one after it (or -ggdb) asks for DWARF.  */
  if (target.arch == ARCH_BPF && plain_g && ctf_chosen)
    o->want_dwarf = explicit_dwarf || g_after_ctf || ggdb;
  if (target.arch == ARCH_BPF && plain_g && !ctf_chosen) {
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
  if (target.arch == ARCH_BPF)
    o->debug.signed_char = true; /* BPF char is signed (bpf-gcc) */
  return true;
}
