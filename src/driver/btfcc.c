/* btfcc, the compiler driver: for each input, the preprocessor (on a
   second thread when there is one), the parser, then for the BPF target
   the code generator (functions and data into sections), then, when -g
   or -gbtf asks for debug information, the debug model built from the
   unit and the DWARF and BTF emitters reading it; the sections they make
   are written as GAS text (-S) or an ELF object (-c).  -E and
   -fsyntax-only stop earlier.  Each input is one compilation context
   (util/ctx.h), created with the command line's target, language and
   diagnostic options and freed when the input is done; with threads, an
   object is written on a thread of its own while the context is freed
   (ObjectWriter).  */
#include "../bpf/object.h"
#include "../btf/btf_gen.h"
#include "../dwarf/dwarf_gen.h"
#include "../parse/parse.h"
#include "../parse/pch_state.h"
#include "../sema/tree.h"
#include "args.h"
#include "info.h"
#include "options.h"

#include <errno.h>
#include <pthread.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The output name for INPUT with SUFFIX (".o", ".s"): its basename with
   the extension replaced, as GCC names it.  */
static char *default_output(const char *input, const char *suffix) {
  const char *base = strrchr(input, '/');
  base = base ? base + 1 : input;
  if (!strcmp(input, "-"))
    base = "-";
  const char *dot = strrchr(base, '.');
  size_t n = dot ? (size_t)(dot - base) : strlen(base);
  char *out = xmalloc(n + strlen(suffix) + 1);
  memcpy(out, base, n);
  strcpy(out + n, suffix);
  return out;
}

static CppOptions cpp_options(Options *o) {
  CppOptions c = {0};
  c.quote_dirs = o->quote_dirs.data;
  c.n_quote_dirs = o->quote_dirs.len;
  c.bracket_dirs = o->bracket_dirs.data;
  c.n_bracket_dirs = o->bracket_dirs.len;
  c.system_dirs = o->system_dirs.data;
  c.n_system_dirs = o->system_dirs.len;
  c.after_dirs = o->after_dirs.data;
  c.n_after_dirs = o->after_dirs.len;
  c.nostdinc = o->nostdinc;
  c.macro_cmds = o->macro_cmds.data;
  c.n_macro_cmds = o->macro_cmds.len;
  c.include_files = o->include_files.data;
  c.n_include_files = o->include_files.len;
  c.undef_predefined = o->undef;
  c.predef = o->predef;
  c.no_line_markers = o->no_line_markers;
  c.deps_style = o->deps.style;
  c.deps_missing = o->deps.missing;
  c.deps_only = o->deps.only;
  c.verbose = o->verbose;
  c.pch_use = o->mode != MODE_PREPROCESS && o->mode != MODE_PCH && !o->deps.only;
  c.pch_debug = o->want_dwarf ? 1 : 0;
  c.pch_report = o->pch_report;
  if (o->want_dwarf || o->want_btf || o->want_ctf)
    c.working_dir = o->dwarf.comp_dir;
  return c;
}

static FILE *open_output(const char *name, bool binary) {
  if (!strcmp(name, "-"))
    return stdout;
  FILE *f = fopen(name, binary ? "wb" : "w");
  if (!f)
    fprintf(stderr, "btfcc: fatal error: cannot open '%s' for writing: %s\n",
            name, strerror(errno));
  return f;
}

/* Close F (flush standard output); false on any error.  */
static bool finish_output(FILE *f) {
  bool ok = !ferror(f);
  if (f != stdout)
    ok = fclose(f) == 0 && ok;
  else
    ok = fflush(f) == 0 && ok;
  return ok;
}

static bool report_write(bool ok, const char *name) {
  if (!ok)
    fprintf(stderr, "btfcc: fatal error: error writing '%s'\n", name);
  return ok;
}

static bool close_output(FILE *f, const char *name) {
  return report_write(finish_output(f), name);
}

/* The object of a compilation, written on a thread of its own while the
   compilation's memory is freed (ctx_free: 2-3% of a vmlinux.h
   compilation, about as long as the write).  The image is made first,
   from everything the write needs of the compilation (elf_image_new);
   the thread then only writes bytes and closes the file, and says
   nothing: its error is reported once it is joined, where the write
   would have reported it, so that stderr is the same.  */
typedef struct ObjectWriter {
  pthread_t thread;
  bool running;
  FILE *out;
  char *name;
  ElfImage *img;
  ObjFile obj; /* its sections' bytes are being written */
  bool ok;
} ObjectWriter;

static void *object_writer_run(void *arg) {
  ObjectWriter *w = arg;
  bool ok = elf_image_write(w->out, w->img);
  w->ok = finish_output(w->out) && ok;
  return NULL;
}

/* Start writing OBJ (taken over) to OUT, named NAME; false, having
   written nothing, if no thread could be made.  */
static bool object_writer_start(ObjectWriter *w, FILE *out, const char *name,
                                ObjFile *obj) {
  w->out = out;
  w->obj = *obj;
  w->img = elf_image_new(&w->obj);
  if (pthread_create(&w->thread, NULL, object_writer_run, w) != 0) {
    elf_image_free(w->img);
    *obj = w->obj;
    memset(w, 0, sizeof *w);
    return false;
  }
  w->name = xstrdup(name);
  w->running = true;
  memset(obj, 0, sizeof *obj);
  return true;
}

/* Wait for W's write, if any; false if it failed (reported).  */
static bool object_writer_finish(ObjectWriter *w) {
  if (!w->running)
    return true;
  pthread_join(w->thread, NULL);
  bool ok = report_write(w->ok, w->name);
  elf_image_free(w->img);
  obj_free(&w->obj);
  free(w->name);
  memset(w, 0, sizeof *w);
  return ok;
}

/* Whether to run the preprocessor on a second thread, beside the parser:
   when there is a second processor, unless BTFCC_THREADS=0.  */
static bool use_threads(void) {
  const char *v = getenv("BTFCC_THREADS");
  if (v && strcmp(v, "0") == 0)
    return false;
  return sysconf(_SC_NPROCESSORS_ONLN) > 1;
}

/* The dependency rule of INPUT (-M, -MD ...), once CPP has read it all;
   none after a fatal error, as GCC.  */
static bool write_deps(Options *o, Cpp *cpp, const char *input) {
  const char *const *list;
  size_t n;
  if (!o->deps.style || !cpp_deps(cpp, &list, &n))
    return true;
  char *file, *target;
  deps_plan(&o->deps, input, o->output, o->mode == MODE_PREPROCESS, &file,
            &target);
  const char *name = file ? file : o->output ? o->output : "-";
  FILE *out = !o->deps.append || !strcmp(name, "-") ? open_output(name, false)
                                                    : fopen(name, "a");
  if (!out && o->deps.append)
    fprintf(stderr, "btfcc: fatal error: opening dependency file %s: %s\n",
            name, strerror(errno));
  if (o->deps.ignore_main && n && strcmp(input, "-")) {
    list++; /* the main file comes first */
    n--;
  }
  bool ok = out != NULL;
  if (ok) {
    deps_write(out, &o->deps, target, list, n);
    ok = close_output(out, name);
  }
  free(file);
  free(target);
  return ok;
}

/* -M, -MM: read the input for its dependencies only; the -o file, when
   the list goes elsewhere (-MF), is left empty, as GCC leaves it.  */
static bool deps_only(Options *o, Cpp *cpp, const char *input) {
  unsigned errors_before = diag_error_count();
  while (cpp_next(cpp)->kind != TK_EOF)
    ;
  bool ok = true;
  if (o->output && o->deps.file) {
    FILE *out = open_output(o->output, false);
    ok = out && close_output(out, o->output);
  }
  ok = write_deps(o, cpp, input) && ok;
  cpp_free(cpp);
  return ok && diag_error_count() == errors_before;
}

/* The name -save-temps gives the SUFFIX file of INPUT: after the output
   when -o names it (in its directory, or the current one for
   -save-temps=cwd), else after the input, in the current directory.  */
static char *temp_name(const Options *o, const char *input, const char *suffix) {
  const char *from = o->output ? o->output : input;
  if (!o->output || o->save_temps == 3) {
    const char *slash = strrchr(from, '/');
    from = slash ? slash + 1 : from;
  }
  const char *slash = strrchr(from, '/');
  const char *dot = strrchr(slash ? slash + 1 : from, '.');
  size_t n = dot ? (size_t)(dot - from) : strlen(from);
  char *out = xmalloc(n + strlen(suffix) + 1);
  memcpy(out, from, n);
  strcpy(out + n, suffix);
  return out;
}

/* Compile one input; returns false on any error.  */
/* The .ctf section: the unit named as GCC names it, the input file made
   absolute from the working directory ("<stdin>" for standard input).  */
static void generate_ctf(Options *o, const DebugUnit *unit, const char *input,
                         ObjFile *obj) {
  const char *file = !strcmp(input, "-") ? "<stdin>" : input;
  Buf name = {0};
  if (file[0] != '/' && o->dwarf.comp_dir)
    buf_printf(&name, "%s/", o->dwarf.comp_dir);
  buf_printf(&name, "%s", file);
  o->ctf.cuname = buf_cstr(&name);
  ctf_generate(unit, &o->ctf, obj);
  o->ctf.cuname = NULL;
  buf_free(&name);
}

/* -fpch-state-roundtrip: the unit's STATE as the parser wrote it at the
   unit's end (parse_translation_unit_state; REFUSAL: why it did not)
   read back into fresh objects, its bindings made in a scope of their
   own and released, the end-of-unit fix-ups done on what was read (TU,
   parsed by parse_translation_unit_state, has had none); the result
   replaces TU (the state is also written to STATE_FILE when not
   NULL).  A unit the format does not carry is kept with a note.  NULL
   when the state read back is refused (an error: the round trip must
   hold).  */
static TransUnit *state_roundtrip(TransUnit *tu, Buf *state, const char *refusal,
                                  const char *state_file) {
  if (refusal) {
    fprintf(stderr, "%s: note: state not written: %s\n", progname, refusal);
    parse_finish_unit(tu);
    return tu;
  }
  if (state_file) {
    FILE *f = open_output(state_file, true);
    if (!f || fwrite(state->data, 1, state->len, f) != state->len ||
        !close_output(f, state_file))
      return NULL;
  }
  TransUnit *back = NEW(TransUnit);
  back->main_file = tu->main_file;
  char err[256];
  Scopes scopes = {0};
  PchStateFrame frame = {0};
  bool ok = pch_state_read(state->data, state->len, back, &scopes, &frame,
                           err, sizeof err);
  scopes_release(&scopes);
  if (!ok) {
    fprintf(stderr, "%s: error: state read back refused: %s\n", progname, err);
    return NULL;
  }
  parse_finish_unit(back);
  return back;
}

/* A header (MODE_PCH): read and parsed as GCC checks it, its tokens and
   macros, and the parser's state after it when the state format carries
   it, written as FILE.gch (-o, else INPUT.gch) when it has no error.  */
static bool precompile(Options *o, Cpp *cpp, const char *input,
                       unsigned errors_before) {
  cpp_pch_record(cpp);
  Buf state = {0};
  const char *refusal = NULL;
  parse_header_state(cpp, &state, &refusal);
  if (refusal)
    state.len = 0; /* the tokens only */
  bool ok = write_deps(o, cpp, input) && diag_error_count() == errors_before;
  if (ok) {
    Buf name = {0};
    buf_printf(&name, "%s%s", o->output ? o->output : input,
               o->output ? "" : ".gch");
    ok = cpp_pch_write(cpp, buf_cstr(&name), o->want_dwarf ? 1 : 0, &state);
    buf_free(&name);
  }
  buf_free(&state);
  cpp_free(cpp);
  return ok;
}

static bool compile(Options *o, const char *input, ObjectWriter *writer) {
  CppOptions copts = cpp_options(o);
  Cpp *cpp = cpp_new(&copts);
  if (!cpp_open_main(cpp, input)) {
    cpp_free(cpp);
    return false;
  }
  unsigned errors_before = diag_error_count();
  if (o->deps.only)
    return deps_only(o, cpp, input);
  if (o->mode == MODE_PREPROCESS) {
    const char *name = o->output ? o->output : "-";
    FILE *out = open_output(name, false);
    if (!out)
      return false;
    if (o->dump_macros) {
      while (cpp_next(cpp)->kind != TK_EOF)
        ;
      cpp_write_macros(cpp, out);
    } else {
      cpp_write_preprocessed(cpp, out);
    }
    bool deps_ok = write_deps(o, cpp, input);
    cpp_free(cpp);
    return close_output(out, name) && deps_ok &&
           diag_error_count() == errors_before;
  }
  if (o->mode == MODE_PCH)
    return precompile(o, cpp, input, errors_before);
  o->dwarf.threads = use_threads();
  if (o->dwarf.threads) {
    cpp_start_thread(cpp);
    /* The compilation's arena is filled by this thread, the critical
       path: its pages are faulted in by a helper (the preprocessor's
       thread leaves the second processor half idle, and the stages
       after parsing all of it).  */
    arena_populate_ahead(perm);
  }
  Buf state = {0};
  const char *refusal = NULL;
  TransUnit *tu = o->state_roundtrip
                      ? parse_translation_unit_state(cpp, &state, &refusal)
                      : parse_translation_unit_from(cpp);
  tu->main_file = input;
  bool deps_ok = write_deps(o, cpp, input);
  cpp_free(cpp);
  if (diag_error_count() != errors_before || !deps_ok) {
    buf_free(&state);
    return false;
  }
  if (o->state_roundtrip) {
    tu = state_roundtrip(tu, &state, refusal, o->state_file);
    buf_free(&state);
    if (!tu)
      return false;
  }
  if (o->dump_tree) {
    FILE *out = open_output(o->dump_tree, false);
    if (!out)
      return false;
    tree_dump_decls(out, tu->decls.data, tu->decls.len);
    if (!close_output(out, o->dump_tree))
      return false;
  }
  if (o->mode == MODE_SYNTAX)
    return true;
  o->btf.keep_items = o->dwarf.keep_items = o->ctf.keep_items =
      o->mode == MODE_ASSEMBLY;
  ObjFile obj = {0};
  obj.source_name = !strcmp(input, "-") ? "<stdin>" : input;
  BtfExtInfo ext = {0};
  BpfUnitOptions bopts = {.cpu = o->bpf_cpu, .wrapv = o->wrapv, .co_re = o->co_re,
                         .dump_ir = o->dump_ir, .asm_text = o->mode == MODE_ASSEMBLY,
                         .ext = o->want_btf || o->want_dwarf ? &ext : NULL,
                         .btf = o->want_btf, .dwarf = o->want_dwarf};
  BpfUnit *bunit = NULL;
  if (ctx_current->target.arch == ARCH_BPF && !bpf_compile_unit(tu, &obj, &bopts, &bunit)) {
    bpf_unit_finish(bunit, NULL);
    obj_free(&obj);
    vec_free(&ext.funcs);
    vec_free(&ext.lines);
    vec_free(&ext.cores);
    return false;
  }
  o->btf.ext = ext.funcs.len ? &ext : NULL;
  o->dwarf.code = ext.funcs.len ? &ext : NULL;

  if (o->want_btf || o->want_dwarf || o->want_ctf) {
    const void **types = xcalloc(ext.cores.len + 1, sizeof *types);
    Die **dies = xcalloc(ext.cores.len + 1, sizeof *dies);
    for (size_t i = 0; i < ext.cores.len; i++)
      types[i] = ext.cores.data[i].type;
    o->debug.extra_types = types;
    o->debug.extra_dies = dies;
    o->debug.n_extra_types = ext.cores.len;
    o->debug.order_from_roots = o->want_btf && !o->want_dwarf && !o->want_ctf &&
                                btf_prunes(&o->btf);
    DebugUnit *unit = debug_build(tu, &o->debug);
    if (o->pch_report && unit->from_roots)
      fprintf(stderr, "btfcc: note: the header's types described where the unit reaches them\n");
    for (size_t i = 0; i < ext.cores.len; i++)
      ext.cores.data[i].die = dies[i];
    o->debug.extra_types = NULL;
    o->debug.extra_dies = NULL;
    o->debug.n_extra_types = 0;
    free(types);
    free(dies);
    if (o->want_ctf)
      generate_ctf(o, unit, input, &obj);
    if (o->want_dwarf)
      dwarf_generate(unit, &o->dwarf, &obj);
    if (o->want_btf)
      btf_generate(unit, &o->btf, &obj);
  }
  bpf_unit_finish(bunit, &ext);
  bool is_asm = o->mode == MODE_ASSEMBLY;
  char *def = o->output ? NULL : default_output(input, is_asm ? ".s" : ".o");
  const char *name = o->output ? o->output : def;
  /* Errors reported after parsing (the BPF back end's: inline assembly,
     unsupported constructs) fail the compilation too: no output.  */
  bool ok = diag_error_count() == errors_before;
  FILE *out = ok ? open_output(name, !is_asm) : NULL;
  ok = out != NULL;
  if (ok && !(!is_asm && writer && o->dwarf.threads &&
              object_writer_start(writer, out, name, &obj))) {
    ok = is_asm ? asm_write(out, &obj) : elf_write(out, &obj);
    ok = close_output(out, name) && ok;
  }
  free(def);
  obj_free(&obj);
  o->btf.ext = NULL;
  o->dwarf.code = NULL;
  vec_free(&ext.funcs);
  vec_free(&ext.lines);
  vec_free(&ext.cores);
  return ok;
}

/* Deeply nested input recurses deeply in the parser (up to its nesting
   limits): like GCC, ask for a 64 MiB stack where the limit is lower.
   The main thread's stack grows on demand up to the current limit.  */
static void raise_stack_limit(void) {
  struct rlimit rl;
  const rlim_t want = (rlim_t)64 << 20;
  if (getrlimit(RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
      rl.rlim_cur >= want)
    return;
  rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= want ? want
                                                                      : rl.rlim_max;
  (void)setrlimit(RLIMIT_STACK, &rl);
}

/* -v and -###: GCC's header, then the command of each input.  */
static void report_commands(const Options *o, const char *argv0) {
  info_header(stderr, argv0, &o->target);
  for (size_t i = 0; i < o->inputs.len; i++)
    info_command(stderr, argv0, o->opt_words.data, o->opt_words.len,
                 o->inputs.data[i], o->dry_run);
}

/* Compiles INPUT in a compilation context of its own, as each input is
   a cc1 run of GCC's.  */
static bool compile_unit(Options *o, const char *input, bool quiet) {
  Compilation *c = ctx_new();
  c->target = o->target;
  c->lang = o->lang;
  c->diag_opts = o->diag;
  c->diag_opts.inhibit_warnings |= quiet;
  ctx_enter(c);
  ObjectWriter writer = {0};
  bool ok = compile(o, input, &writer);
  diag_finish_unit();
  ctx_free(c);
  return object_writer_finish(&writer) && ok;
}

/* -save-temps: the files GCC leaves, made by compiling again (their
   warnings already given): NAME.i as -E writes it, and with -c NAME.s as
   -S writes it.  */
static bool save_temp(Options *o, const char *input, Mode mode) {
  Options s = *o;
  char *name = temp_name(o, input, mode == MODE_ASSEMBLY ? ".s" : ".i");
  s.mode = mode;
  s.output = name;
  s.save_temps = 0;
  s.deps.style = 0;
  s.verbose = false;
  s.dump_tree = NULL;
  s.dump_ir = false;
  bool ok = compile_unit(&s, input, true);
  free(name);
  return ok;
}

int main(int argc, char **argv) {
  progname = "btfcc";
  raise_stack_limit();
  Args args;
  if (!args_expand(argc, argv, &args)) {
    args_free(&args);
    return 1;
  }
  argc = args.argc;
  argv = args.argv.data;
  Options o;
  bool parsed = options_parse(argc, argv, &o), ok = parsed;
  if (parsed && (o.queries.len || o.dry_run)) {
    for (size_t i = 0; i < o.queries.len; i++)
      info_answer(o.queries.data[i], &o.target);
    if (!o.queries.len)
      report_commands(&o, argv[0]);
    options_free(&o);
    args_free(&args);
    return 0;
  }
  if (parsed && o.verbose)
    report_commands(&o, argv[0]);
  char *cwd = parsed && (o.want_dwarf || o.want_ctf || o.want_btf)
                  ? getcwd(NULL, 0)
                  : NULL;
  o.dwarf.comp_dir = cwd;
  for (size_t i = 0; parsed && i < o.inputs.len; i++) {
    const char *input = o.inputs.data[i];
    bool done = compile_unit(&o, input, false);
    if (done && o.save_temps && o.mode != MODE_PREPROCESS)
      done = save_temp(&o, input, MODE_PREPROCESS);
    if (done && o.save_temps && o.mode == MODE_OBJECT)
      done = save_temp(&o, input, MODE_ASSEMBLY);
    if (!done)
      ok = false; /* like GCC, go on with the other inputs */
  }
  options_free(&o);
  args_free(&args);
  free(cwd);
  return ok ? 0 : 1;
}
