/* Compilations share nothing (src/util/ctx.h): each input is compiled
   for x86-64 and for BPF, to BTF and DWARF in one object, first one
   after the other, then again in the other order, then all at once on
   threads of their own (each with the preprocessor's and the DWARF
   writer's threads too); every run must give the same bytes and the same
   diagnostics.  A state left behind by one compilation, or shared by two
   at once, would show as a difference (or, under the sanitizers, as a
   report).  Usage: contexts FILE...; prints one PASS:/FAIL: line per
   check.  */
#include "btf/btf_gen.h"
#include "debug/build.h"
#include "dwarf/dwarf_gen.h"
#include "parse/parse.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Job {
  const char *path;
  bool bpf;
  bool threads; /* the preprocessor and the DWARF writer on threads */
  char *object, *diags;
  size_t object_len, diags_len;
  unsigned errors;
} Job;

static void *compile(void *arg) {
  Job *j = arg;
  FILE *diags = open_memstream(&j->diags, &j->diags_len);
  Compilation *c = ctx_new();
  if (j->bpf) {
    c->target.arch = ARCH_BPF;
    c->target.triple = "bpf";
  }
  c->diag_opts.stream = diags;
  ctx_enter(c);
  CppOptions copts = {0};
  copts.nostdinc = true;
  Cpp *cpp = cpp_new(&copts);
  FILE *out = open_memstream(&j->object, &j->object_len);
  if (cpp_open_main(cpp, j->path)) {
    if (j->threads)
      cpp_start_thread(cpp);
    TransUnit *tu = parse_translation_unit_from(cpp);
    tu->main_file = j->path;
    if (diag_error_count() == 0) {
      DebugBuildOptions bo = {.eliminate_unused_types = false, .signed_char = true};
      DebugUnit *unit = debug_build(tu, &bo);
      ObjFile obj = {0};
      obj.source_name = j->path;
      DwarfOptions dopts = {.version = 5, .comp_dir = "/contexts", .threads = j->threads};
      dwarf_generate(unit, &dopts, &obj);
      BtfOptions btfo = {.prune_btf = -1};
      btf_generate(unit, &btfo, &obj);
      elf_write(out, &obj);
      obj_free(&obj);
    }
  }
  cpp_free(cpp);
  j->errors = diag_error_count();
  ctx_free(c);
  fclose(out);
  fclose(diags);
  return NULL;
}

static bool same(const Job *a, const Job *b) {
  return a->object_len == b->object_len && a->diags_len == b->diags_len &&
         a->errors == b->errors &&
         memcmp(a->object, b->object, a->object_len) == 0 &&
         memcmp(a->diags, b->diags, a->diags_len) == 0;
}

static void free_job(Job *j) {
  free(j->object);
  free(j->diags);
}

int main(int argc, char **argv) {
  size_t n = (size_t)(argc - 1) * 2;
  Job *seq = calloc(n, sizeof *seq), *rev = calloc(n, sizeof *rev),
      *par = calloc(n, sizeof *par);
  for (size_t i = 0; i < n; i++) {
    Job j = {.path = argv[1 + i / 2], .bpf = i % 2 == 1};
    seq[i] = rev[i] = par[i] = j;
    par[i].threads = true;
  }
  for (size_t i = 0; i < n; i++)
    compile(&seq[i]);
  for (size_t i = n; i-- > 0;)
    compile(&rev[i]);
  pthread_t *t = calloc(n, sizeof *t);
  bool *started = calloc(n, sizeof *started);
  for (size_t i = 0; i < n; i++)
    started[i] = pthread_create(&t[i], NULL, compile, &par[i]) == 0;
  for (size_t i = 0; i < n; i++) {
    if (started[i])
      pthread_join(t[i], NULL);
    else
      compile(&par[i]);
  }
  int failures = 0;
  for (size_t i = 0; i < n; i++) {
    const char *tgt = seq[i].bpf ? "bpf" : "x86_64";
    bool ok = (seq[i].object_len > 0 || seq[i].errors > 0) && same(&seq[i], &rev[i]);
    printf("%s: contexts: %s for %s: the same %s in either order\n",
           ok ? "PASS" : "FAIL", seq[i].path, tgt,
           seq[i].errors ? "diagnostics" : "object");
    failures += !ok;
    ok = same(&seq[i], &par[i]);
    printf("%s: contexts: %s for %s: the same object and diagnostics beside the "
           "other compilations\n", ok ? "PASS" : "FAIL", seq[i].path, tgt);
    failures += !ok;
    free_job(&seq[i]);
    free_job(&rev[i]);
    free_job(&par[i]);
  }
  free(seq);
  free(rev);
  free(par);
  free(t);
  free(started);
  return failures != 0;
}
