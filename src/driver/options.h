/* btfcc's command line: GCC-compatible options.  */
#ifndef BTFCC_DRIVER_OPTIONS_H
#define BTFCC_DRIVER_OPTIONS_H

#include "../cpp/cpp.h"
#include "../btf/btf_gen.h"
#include "../ctf/ctf_gen.h"
#include "../debug/build.h"
#include "../dwarf/dwarf_gen.h"
#include "deps.h"

typedef enum {
  MODE_LINK,       /* no -c/-S/-E: would link (unsupported) */
  MODE_OBJECT,     /* -c */
  MODE_ASSEMBLY,   /* -S */
  MODE_PREPROCESS, /* -E */
  MODE_SYNTAX,     /* -fsyntax-only */
  MODE_PCH,        /* a header: write FILE.h.gch (cpp/pch.c) */
} Mode;

typedef struct Options {
  Target target;    /* --target= */
  Lang lang;        /* -std= */
  DiagOptions diag; /* -W..., -w, -fmax-errors= ... */
  Mode mode;
  bool dump_macros; /* -dM (with -E) */
  const char *dump_tree; /* -fdump-tree[=FILE]: "-" for stdout */
  const char *output;
  VEC(const char *) inputs;
  bool lang_c_forced; /* -x c */
  VEC(const char *) quote_dirs, bracket_dirs, system_dirs, after_dirs,
      include_files;
  VEC(MacroCmd) macro_cmds;
  bool nostdinc;
  bool undef;
  bool no_line_markers; /* -P */
  DebugBuildOptions debug; /* the debug model */
  BtfOptions btf;          /* -gbtf output */
  DwarfOptions dwarf;      /* -g output */
  int optimize;            /* -O level */
  CtfOptions ctf;           /* -gctf output */
  bool want_btf;   /* -gbtf */
  bool want_ctf;   /* -gctf, -gctf1 .. -gctf3 (GCC writes the same CTF
                      at every level) */
  bool want_dwarf; /* -g, -gdwarf* */
  int bpf_cpu;     /* -mcpu=vN: BPF instruction set version 1-4 */
  bool wrapv;      /* -fwrapv, -fno-strict-overflow: signed overflow wraps */
  int co_re_option; /* -mco-re 1, -mno-co-re 0, neither -1 */
  bool co_re;      /* BPF CO-RE: as chosen, else whenever BTF is written */
  unsigned bpf_features;          /* BPF_F_*: of bpf_cpu, then -m[no-]X */
  unsigned bpf_feature_on, bpf_feature_off; /* -mX, -mno-X as given */
  PredefOptions predef; /* what the predefined macros depend on */
  VEC(const char *) fp_options; /* -ffast-math and its parts, in order */
  bool ofast;                   /* the last -O was -Ofast */
  bool dump_ir;    /* -fdump-ir: print each function's IR to stdout */
  bool pch_report;      /* -fpch-report (tests): say how a .gch was used */
  bool state_roundtrip; /* -fpch-state-roundtrip (tests): the unit's parsed
                           state written and read back before the output */
  const char *state_file; /* -fpch-state-write=FILE (tests): the state
                             bytes of the round trip written there too */
  DepsOptions deps; /* -M, -MD ... */
  bool verbose;     /* -v */
  bool dry_run;     /* -###: print the commands, run nothing */
  int save_temps;   /* -save-temps 1, -save-temps=obj 2, =cwd 3 */
  VEC(const char *) queries;   /* -dumpversion, -print-file-name= ... */
  VEC(const char *) opt_words; /* the option words (no inputs, no -###),
                                  for -v and -### */
} Options;

/* Parse argv into OPTS; on a bad option, prints an error and returns
   false.  --help and --version print and exit.  */
bool options_parse(int argc, char **argv, Options *opts);
void options_free(Options *opts);

#endif
