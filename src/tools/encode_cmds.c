/* btftool's encode, dedup and link commands: pahole -J's job, and
   libbpf's static linker's.

     btftool encode [-o OUT] [--raw] [--no-dedup] [--base BASE] [-j N]
                    [--batch-dies N] FILE
     btftool dedup [-o OUT] [--raw] [--base BASE] FILE
     btftool link -o OUT FILE...

   encode reads the DWARF of FILE (an ELF object, executable, vmlinux or
   module; relocations applied; the file mapped, not read), fills the
   debug model with every unit (dwarf_load.h), writes BTF with the
   compiler's own generator (btf_gen.h), frees the model and
   deduplicates the BTF (btf_dedup.h).  A kernel image's or module's
   units go a batch at a time on -j N threads, each batch read (its
   units alone: no DIE index of the whole file), loaded, written as BTF
   and merged (btf_merge_equal) by its thread, the batches' BTF joined
   in batch order (btf_batches.h) and deduplicated with the counts of
   the unmerged whole (btf_dedup_merged): the same bytes for any N.
   Should a batch fail, the file is read whole and encoded again, for
   the message that says why.  dedup reads BTF (raw,
   or an ELF file's .BTF) and deduplicates it; with --base, FILE is
   split BTF on BASE (a module's on vmlinux's, as `bpftool btf dump -B`
   reads it), deduplicated against BASE as libbpf's btf__dedup does
   split BTF: the result is split BTF on the same base.

   Where the result goes, for both:
     - no -o: into FILE, as its .BTF section (added, or replaced), as
       `pahole -J FILE` does (dedup of raw BTF: standard output);
     - -o OUT: OUT is a copy of FILE with the .BTF section, or raw BTF
       when OUT ends in ".btf", is "-", or --raw is given (or FILE is raw
       BTF).

   link links BPF objects into one, as `bpftool gen object OUT FILE...`
   (link.h): sections, symbols and relocations merged, BTF merged and
   deduplicated, .BTF.ext merged.  */
#include "encode_cmds.h"
#include "../link/link.h"

#include "../btf/btf_batches.h"
#include "../btf/btf_dedup.h"
#include "../btf/btf_encode.h"
#include "../btf/btf_read.h"
#include "../dwarf/dwarf_load.h"
#include "../elf/elf_patch.h"
#include "../util/ctx.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>

/* Units of a kernel image are loaded and written as BTF a batch of
   about this many DWARF DIEs at a time (btf_batches.h): the debug model
   and the generator's records of one batch are freed before the next
   is loaded (--batch-dies N sets another size; read a batch at a time,
   batches are cut by .debug_info bytes, BYTES_PER_DIE a DIE).  A
   quarter of a million: on Debian's vmlinux the peak is 213 MB against
   452 MB with a million, in less CPU time (two threads' models in
   flight are the peak's largest part).  */
enum { BATCH_DIES = 1u << 18 };

typedef struct EncodeArgs {
  const char *file;
  const char *output;
  const char *base;
  bool raw;
  bool no_dedup;
  bool stats;
  unsigned threads;    /* encode: threads loading DWARF (-j) */
  uint32_t batch_dies; /* encode: a kernel's units in batches of so many DIEs */
} EncodeArgs;

static int fail(const char *path, const char *msg) {
  fprintf(stderr, "%s: %s: %s\n", progname, path, msg);
  return 1;
}

static int parse_encode_args(const char *cmd, int argc, char **argv, EncodeArgs *a) {
  for (int i = 0; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp(arg, "-o") || !strcmp(arg, "--output")) {
      if (i + 1 >= argc)
        return fail(cmd, "option '-o' needs a file");
      a->output = argv[++i];
    } else if (!strcmp(arg, "--base")) {
      if (i + 1 >= argc)
        return fail(cmd, "option '--base' needs a file");
      a->base = argv[++i];
    } else if (!strncmp(arg, "-j", 2) && !strcmp(cmd, "encode")) {
      const char *n = arg[2] ? arg + 2 : i + 1 < argc ? argv[++i] : "";
      char *end;
      long v = strtol(n, &end, 10);
      if (!*n || *end || v < 1 || v > 1024)
        return fail(cmd, "option '-j' needs a number of threads from 1 to 1024");
      a->threads = (unsigned)v;
    } else if (!strcmp(arg, "--batch-dies") && !strcmp(cmd, "encode")) {
      char *end;
      long v = i + 1 < argc ? strtol(argv[++i], &end, 10) : 0;
      if (v < 1 || v > (long)UINT32_MAX || *end)
        return fail(cmd, "option '--batch-dies' needs a positive number");
      a->batch_dies = (uint32_t)v;
    } else if (!strcmp(arg, "--raw")) {
      a->raw = true;
    } else if (!strcmp(arg, "--no-dedup") && !strcmp(cmd, "encode")) {
      a->no_dedup = true;
    } else if (!strcmp(arg, "--stats")) {
      a->stats = true;
    } else if (arg[0] == '-' && arg[1]) {
      fprintf(stderr, "%s: %s: unknown option '%s' (see '%s --help')\n",
              progname, cmd, arg, progname);
      return 1;
    } else if (a->file) {
      fprintf(stderr, "%s: %s: unexpected argument '%s'\n", progname, cmd, arg);
      return 1;
    } else {
      a->file = arg;
    }
  }
  if (!a->batch_dies)
    a->batch_dies = BATCH_DIES;
  if (!a->threads) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    a->threads = n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
  }
  if (!a->file) {
    fprintf(stderr, "%s: %s: missing FILE (see '%s --help')\n", progname, cmd, progname);
    return 1;
  }
  return 0;
}

static bool ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), m = strlen(tail);
  return n >= m && !strcmp(s + n - m, tail);
}

static bool write_bytes(const char *path, const void *data, size_t size) {
  if (!strcmp(path, "-"))
    return fwrite(data, 1, size, stdout) == size && fflush(stdout) == 0;
  /* beside the target, then renamed: FILE itself may be the target */
  size_t n = strlen(path);
  char *tmp = xmalloc(n + 16);
  snprintf(tmp, n + 16, "%s.btftool-tmp", path);
  FILE *out = fopen(tmp, "wb");
  bool ok = out && fwrite(data, 1, size, out) == size;
  if (out && fclose(out) != 0)
    ok = false;
  if (ok && rename(tmp, path) != 0)
    ok = false;
  if (!ok)
    remove(tmp);
  free(tmp);
  return ok;
}

/* Write BTF (raw bytes) where the arguments say; ELF is FILE's, or NULL
   when FILE is raw BTF.  */
static int write_result(const EncodeArgs *a, ElfFile *elf, const Buf *btf) {
  const char *dest = a->output ? a->output : a->file;
  bool raw = !elf || a->raw || (a->output && (ends_with(a->output, ".btf") ||
                                              !strcmp(a->output, "-")));
  if (!a->output && !elf)
    dest = "-";
  Buf out = {0};
  ElfError err;
  if (!raw && !elf_add_section(elf, ".BTF", btf->data, btf->len, &out, &err))
    return fail(a->file, err.msg);
  const Buf *bytes = raw ? btf : &out;
  bool ok = write_bytes(dest, bytes->data, bytes->len);
  buf_free(&out);
  if (!ok)
    return fail(dest, strerror(errno));
  return 0;
}

static void print_stats(const BtfDedupStats *st) {
  fprintf(stderr, "dedup: %u types in, %u out, %u forward declarations "
                  "resolved, %u rounds\n",
          st->types_in, st->types_out, st->fwds_resolved, st->rounds);
}

/* Deduplicate the BTF in DATA (split BTF on BASE when BASE is not NULL)
   into OUT.  */
static bool dedup_blob(const char *path, const void *data, size_t size,
                       const Btf *base, Buf *out, bool stats) {
  BtfError err;
  BtfReadOptions ro = {.base = base};
  Btf *btf = btf_parse(data, size, &ro, &err);
  if (!btf) {
    fail(path, err.msg);
    return false;
  }
  BtfDedupStats st;
  bool ok = btf_dedup(btf, out, &st, &err);
  if (!ok)
    fail(path, err.msg);
  else if (stats)
    print_stats(&st);
  btf_free(btf);
  return ok;
}

/* The base BTF of --base PATH, parsed into *BASE; FILE keeps it mapped
   until btf_file_close.  False (said) when it cannot be read.  */
static bool open_base(const char *path, BtfFile *file, Btf **base) {
  BtfError err;
  if (!btf_file_open(file, path, &err))
    return fail(path, err.msg), false;
  *base = btf_parse(file->blob, file->blob_size, NULL, &err);
  if (!*base) {
    fail(path, err.msg);
    btf_file_close(file);
    return false;
  }
  return true;
}

/* The units of DW's batch from FIRST, of about BATCH_DIES DIEs: one
   past its last.  */
static uint32_t batch_end(const DwarfFile *dw, uint32_t first, uint32_t batch_dies) {
  uint32_t end = first, dies = 0;
  while (end < dw->nunits && (end == first || dies < batch_dies))
    dies += dw->units[end++].die_count;
  return end;
}

/* The same where the units' DIEs are not read yet (an outline), by
   their bytes: BATCH_DIES DIEs at BYTES_PER_DIE each.  */
enum { BYTES_PER_DIE = 8 }; /* about what a kernel's .debug_info spends */
static uint32_t batch_end_bytes(const DwarfFile *dw, uint32_t first, uint32_t batch_dies) {
  uint32_t end = first;
  uint64_t bytes = 0, want = (uint64_t)batch_dies * BYTES_PER_DIE;
  while (end < dw->nunits && (end == first || bytes < want)) {
    bytes += dw->units[end].end - dw->units[end].offset;
    end++;
  }
  return end;
}

/* The raw BTF of units [FIRST, END) of DW, batch BATCH, into RAW, in a
   compilation of its own (the model and the records live in its arena,
   freed here).  False (ERR) when they cannot be loaded (*CROSSED:
   because they refer to another unit's DIEs).  */
/* A compilation for one batch, whose model and records come from
   MODEL: the thread's arena, recycled when the batch is done
   (batch_done), so that a thread's batches after the first find their
   pages in.  */
static Compilation *batch_compilation(bool big_endian, Arena *model) {
  Compilation *c = ctx_new();
  ctx_enter_thread(c, model);
  c->target.big_endian = big_endian;
  c->diag_opts.inhibit_warnings = true;
  return c;
}

static void batch_done(Compilation *c, Arena *model) {
  ctx_free(c);
  arena_recycle(model);
}

static bool generate_units(DwarfLoader *dl, uint32_t batch, bool big_endian,
                           uint32_t first, uint32_t end, bool *crossed,
                           DwarfError *err, Arena *model, Buf *raw) {
  Compilation *c = batch_compilation(big_endian, model);
  DebugUnit *unit = dwarf_loader_units(dl, batch, first, end, crossed, err);
  if (unit)
    btf_encode_generate(unit, raw);
  batch_done(c, model);
  return unit != NULL;
}

/* What loading one batch gave: its BTF (OK), or why not.  */
typedef struct BatchResult {
  bool ready;   /* loaded, waiting for its turn to be added */
  bool ok, crossed;
  DwarfError derr;
  Buf btf;
  BtfWordVec roles; /* merged: btf_merge_equal's */
  uint32_t merged;  /* types the merge removed */
} BatchResult;

/* Merge R's BTF (btf_merge_equal), unless it does not parse (the join
   says why in turn).  */
static void merge_batch(BatchResult *r) {
  BtfError err;
  Btf *btf = btf_parse(r->btf.data, r->btf.len, NULL, &err);
  if (!btf)
    return;
  Buf merged = {0};
  r->merged = btf->nr_types - btf_merge_equal(btf, &merged, &r->roles);
  btf_free(btf);
  buf_free(&r->btf);
  r->btf = merged;
}

/* The batches of a kernel image, loaded by threads: each takes the next
   batch not taken, leaves its result, and goes on to the next batch;
   the results are added to the join in batch order, by one thread at a
   time (the one that finds the next turn's result ready and no other
   adding), so that no thread waits for a slower batch before it.  The
   first failure in batch order is the one reported.  */
typedef struct BatchJob {
  DwarfLoader *dl;
  const DwarfFile *dw;  /* read whole, or an outline (streamed) */
  bool streamed;        /* each batch's units read apart (dwarf_read_units) */
  bool merge;           /* each batch's BTF merged (btf_merge_equal) */
  bool big_endian;
  uint32_t *starts;   /* batch I: units [starts[I], starts[I + 1]) */
  uint32_t nbatches;
  BatchResult *results; /* by batch, until added */
  BtfBatches *join;
  pthread_mutex_t lock;
  uint32_t next;      /* the next batch to take */
  uint32_t turn;      /* the next batch to add */
  bool adding;        /* a thread is adding results */
  bool stop;          /* a batch failed: take no more */
  bool failed, crossed;
  bool discard;       /* a batch's DIEs are given back once it is loaded */
  DwarfError derr;
  BtfError berr;
} BatchJob;

/* The next batch to load; none once one has failed (the batches before
   it are taken: the first failure in batch order is still found).  */
static uint32_t take_batch(BatchJob *j) {
  pthread_mutex_lock(&j->lock);
  uint32_t i = j->stop ? j->nbatches : j->next++;
  pthread_mutex_unlock(&j->lock);
  return i;
}

/* Add the result R of its turn to the join (or note its failure).  */
static void add_result(BatchJob *j, BatchResult *r) {
  if (!j->failed && !r->ok) {
    j->failed = true;
    j->crossed = r->crossed;
    j->derr = r->derr;
  } else if (!j->failed && !btf_batches_add(j->join, r->btf.data, r->btf.len,
                                            j->merge ? &r->roles : NULL, r->merged,
                                            &j->berr)) {
    j->failed = true;
  }
  buf_free(&r->btf);
  vec_free(&r->roles);
}

/* Leave batch I's result R; add every result whose turn has come,
   unless another thread is adding them.  */
static void add_in_turn(BatchJob *j, uint32_t i, const BatchResult *r) {
  pthread_mutex_lock(&j->lock);
  j->results[i] = *r;
  j->results[i].ready = true;
  if (!j->adding) {
    j->adding = true;
    while (j->turn < j->nbatches && j->results[j->turn].ready) {
      BatchResult *cur = &j->results[j->turn];
      pthread_mutex_unlock(&j->lock); /* the others go on loading */
      add_result(j, cur);
      pthread_mutex_lock(&j->lock);
      j->turn++;
    }
    j->adding = false;
  }
  pthread_mutex_unlock(&j->lock);
}

/* Give back the reader's DIEs of units [FIRST, END), loaded: no other
   batch asks about them when no DIE refers across units.  */
static void discard_batch_dies(const DwarfFile *dw, uint32_t first, uint32_t end) {
  const DwarfUnit *last = &dw->units[end - 1];
  dwarf_discard_dies(dw, dw->units[first].first_die, last->first_die + last->die_count);
}

/* Batch I of a streamed job: its units read apart, loaded, written as
   BTF, and their bytes given back.  */
static bool generate_streamed_batch(BatchJob *j, uint32_t i, Arena *model,
                                    BatchResult *r) {
  uint32_t first = j->starts[i], end = j->starts[i + 1];
  DwarfFile *units = dwarf_read_units(j->dw, first, end, &r->derr);
  if (!units) {
    dwarf_loader_pass(j->dl, i);
    return false;
  }
  Compilation *c = batch_compilation(j->big_endian, model);
  DebugUnit *unit = dwarf_loader_file(j->dl, i, units, &r->crossed, &r->derr);
  if (unit)
    btf_encode_generate(unit, &r->btf);
  batch_done(c, model);
  dwarf_close(units);
  if (unit)
    dwarf_discard_bytes(j->dw, first, end);
  return unit != NULL;
}

static void *batch_worker(void *arg) {
  BatchJob *j = arg;
  Arena model = {0};
  for (uint32_t i; (i = take_batch(j)) < j->nbatches;) {
    BatchResult r = {0};
    if (j->streamed) {
      r.ok = generate_streamed_batch(j, i, &model, &r);
    } else {
      r.ok = generate_units(j->dl, i, j->big_endian, j->starts[i], j->starts[i + 1],
                            &r.crossed, &r.derr, &model, &r.btf);
      if (r.ok && j->discard)
        discard_batch_dies(j->dw, j->starts[i], j->starts[i + 1]);
    }
    if (r.ok && j->merge)
      merge_batch(&r);
    if (!r.ok) {
      pthread_mutex_lock(&j->lock);
      j->stop = true;
      pthread_mutex_unlock(&j->lock);
    }
    add_in_turn(j, i, &r);
  }
  arena_free(&model);
  return NULL;
}

/* A kernel image's units a batch at a time on THREADS threads: the
   join of the batches' BTF, to be finished by the caller.  NULL when a
   batch cannot be loaded (*CROSSED: because its DIEs refer to another
   batch's; else DERR or BERR says why).  */
static BtfBatches *generate_batches(DwarfLoader *dl, const DwarfFile *dw, bool big_endian,
                                    bool streamed, bool merge, unsigned threads,
                                    uint32_t batch_dies, bool *crossed, DwarfError *derr,
                                    BtfError *berr) {
  BatchJob j = {.dl = dl, .dw = dw, .streamed = streamed, .merge = merge,
                .big_endian = big_endian, .join = btf_batches_new(),
                .discard = !dw->crosses_units};
  j.starts = xmalloc(((size_t)dw->nunits + 1) * sizeof *j.starts);
  for (uint32_t first = 0; first < dw->nunits;
       first = streamed ? batch_end_bytes(dw, first, batch_dies)
                        : batch_end(dw, first, batch_dies))
    j.starts[j.nbatches++] = first;
  j.starts[j.nbatches] = dw->nunits;
  j.results = xcalloc(j.nbatches ? j.nbatches : 1, sizeof *j.results);
  pthread_mutex_init(&j.lock, NULL);
  if (threads > j.nbatches)
    threads = j.nbatches;
  pthread_t *tids = xcalloc(threads ? threads : 1, sizeof *tids);
  unsigned started = 0;
  for (; started + 1 < threads; started++)
    if (pthread_create(&tids[started], NULL, batch_worker, &j) != 0)
      break;
  batch_worker(&j);
  for (unsigned t = 0; t < started; t++)
    pthread_join(tids[t], NULL);
  free(tids);
  /* with the DIEs given back, a crossing batch cannot fall back to
     loading every unit at once (dw->crosses_units says it cannot occur) */
  *crossed = j.crossed && !j.discard;
  *derr = j.derr;
  *berr = j.berr;
  if (j.failed) {
    btf_batches_free(j.join);
    j.join = NULL;
  }
  pthread_mutex_destroy(&j.lock);
  free(j.results);
  free(j.starts);
  return j.join;
}

static bool has_type_units(const DwarfFile *dw) {
  for (uint32_t i = 0; i < dw->nunits; i++)
    if (dw->units[i].is_type_unit)
      return true;
  return false;
}

/* All of DW's units at once into RAW; the reader's DIEs go once the
   model is loaded, the model once its BTF is written.  */
static bool generate_all(const DwarfFile *dw, ElfFile *elf, DwarfError *derr, Buf *raw) {
  Compilation *c = ctx_new();
  ctx_enter(c);
  c->target.big_endian = elf->big_endian;
  c->diag_opts.inhibit_warnings = true;
  DebugUnit *unit = dwarf_load(dw, elf, derr);
  dwarf_release_dies((DwarfFile *)dw);
  if (unit)
    btf_encode_generate(unit, raw);
  ctx_free(c);
  return unit != NULL;
}

/* FILE's BTF before deduplication: RAW, as the generator writes it, or
   merged a batch at a time (MERGED: btf_merge_equal), ORIGINS then
   saying of what (its roles in ROLES).  */
typedef struct RawBtf {
  Buf raw;
  bool merged;
  BtfDedupOrigins origins;
  BtfWordVec roles;
} RawBtf;

/* The batches' join into OUT, freed; merged when MERGE.  */
static void finish_join(BtfBatches *join, bool merge, RawBtf *out) {
  out->merged = merge;
  btf_batches_finish(join, &out->raw, merge ? &out->origins : NULL, &out->roles);
  btf_batches_free(join);
}

/* A kernel image's or module's BTF with no DIE index of the whole file:
   its unit headers read first, then each batch's units read apart,
   loaded and written by the batch's thread, their bytes given back.
   False, with nothing said, when the file is no kernel's or a batch
   fails (a reference across batches, or damaged DWARF): then
   generate_indexed does it again the way that says what is wrong.  */
static bool generate_streamed(ElfFile *elf, unsigned threads, uint32_t batch_dies,
                              bool merge, RawBtf *out) {
  DwarfError derr;
  BtfError berr = {0};
  bool crossed = false;
  DwarfFile *outline = dwarf_open_elf_outline(elf, &derr);
  DwarfLoader *dl = outline ? dwarf_loader_new(outline, elf, &derr) : NULL;
  BtfBatches *join = NULL;
  if (dl && dwarf_loader_kernel(dl) && outline->nunits > 1 && !has_type_units(outline))
    join = generate_batches(dl, outline, elf->big_endian, true, merge, threads, batch_dies,
                            &crossed, &derr, &berr);
  dwarf_loader_free(dl);
  bool ok = join != NULL;
  if (join)
    finish_join(join, merge, out);
  dwarf_close(outline);
  return ok;
}

/* FILE's BTF as the generator writes it from the debug model, not
   deduplicated, into RAW.  A kernel image's units go a batch at a
   time (all at once when their DIEs refer across units); the reader's
   DIE index and the loader are freed before the batches are joined.  */
static bool generate_indexed(const char *path, ElfFile *elf, unsigned threads,
                             uint32_t batch_dies, bool merge, RawBtf *out) {
  DwarfError derr;
  DwarfFile *dw = dwarf_open_elf(elf, &derr);
  if (!dw) {
    fail(path, derr.msg);
    return false;
  }
  DwarfLoader *dl = dwarf_loader_new(dw, elf, &derr);
  bool ok = dl != NULL, crossed = false;
  BtfError berr = {0};
  BtfBatches *join = NULL;
  if (ok && dwarf_loader_kernel(dl) && dw->nunits > 1 && !has_type_units(dw)) {
    join = generate_batches(dl, dw, elf->big_endian, false, merge, threads, batch_dies,
                            &crossed, &derr, &berr);
    ok = join || crossed;
  }
  dwarf_loader_free(dl);
  if (join) {
    dwarf_release_dies(dw);
    finish_join(join, merge, out);
  } else if (ok) {
    ok = generate_all(dw, elf, &derr, &out->raw);
  }
  if (!ok)
    fail(path, berr.msg[0] ? berr.msg : derr.msg);
  dwarf_close(dw);
  return ok;
}

/* FILE's BTF before deduplication into OUT; a kernel's batches merged
   unless NO_DEDUP.  */
static bool generate_raw(const char *path, ElfFile *elf, unsigned threads,
                         uint32_t batch_dies, bool no_dedup, RawBtf *out) {
  return generate_streamed(elf, threads, batch_dies, !no_dedup, out) ||
         generate_indexed(path, elf, threads, batch_dies, !no_dedup, out);
}

int cmd_encode(int argc, char **argv) {
  EncodeArgs a = {0};
  if (parse_encode_args("encode", argc, argv, &a))
    return 1;
  MappedFile in;
  if (!map_file(a.file, &in))
    return fail(a.file, strerror(errno));
  ElfError eerr;
  ElfFile *elf = elf_is_elf(in.data, in.size) ? elf_open(in.data, in.size, &eerr) : NULL;
  if (!elf) {
    fail(a.file, elf_is_elf(in.data, in.size) ? eerr.msg : "not an ELF file");
    unmap_file(&in);
    return 1;
  }
  int rc = 1;
  RawBtf raw = {0};
  BtfFile basef = {0};
  Btf *base = NULL;
  BtfError berr;
  if (!generate_raw(a.file, elf, a.threads, a.batch_dies, a.no_dedup, &raw)) {
    /* said */
  } else if (a.base && !open_base(a.base, &basef, &base)) {
    /* said */
  } else {
    Buf btf = {0};
    BtfDedupStats st;
    if (!btf_encode_finish(&raw.raw, base, a.no_dedup, raw.merged ? &raw.origins : NULL,
                           &btf, &st, &berr))
      fail(a.file, berr.msg);
    else {
      if (a.stats && !a.no_dedup)
        print_stats(&st);
      rc = write_result(&a, elf, &btf);
    }
    buf_free(&btf);
  }
  buf_free(&raw.raw);
  vec_free(&raw.roles);
  btf_free(base);
  btf_file_close(&basef);
  elf_close(elf);
  unmap_file(&in);
  return rc;
}

int cmd_dedup(int argc, char **argv) {
  EncodeArgs a = {0};
  if (parse_encode_args("dedup", argc, argv, &a))
    return 1;
  BtfFile f;
  BtfError err;
  if (!btf_file_open(&f, a.file, &err))
    return fail(a.file, err.msg);
  Buf out = {0};
  int rc = 1;
  BtfFile basef = {0};
  Btf *base = NULL;
  if ((!a.base || open_base(a.base, &basef, &base)) &&
      dedup_blob(a.file, f.blob, f.blob_size, base, &out, a.stats))
    rc = write_result(&a, f.elf, &out);
  buf_free(&out);
  btf_free(base);
  btf_file_close(&basef);
  btf_file_close(&f);
  return rc;
}

/* Read the objects at PATHS into INPUTS (their bytes freed with
   free_inputs); false (said) when one cannot be read.  */
static bool read_inputs(char **paths, size_t n, LinkInput *inputs) {
  for (size_t i = 0; i < n; i++) {
    char *data;
    inputs[i].name = paths[i];
    if (!read_file(paths[i], &data, &inputs[i].size))
      return fail(paths[i], strerror(errno)), false;
    inputs[i].data = data;
  }
  return true;
}

static void free_inputs(LinkInput *inputs, size_t n) {
  for (size_t i = 0; i < n; i++)
    free((void *)inputs[i].data);
  free(inputs);
}

int cmd_link(int argc, char **argv) {
  const char *output = NULL;
  VEC(char *) paths = {0};
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output")) {
      if (i + 1 >= argc)
        break;
      output = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "%s: link: unknown option '%s' (see '%s --help')\n",
              progname, argv[i], progname);
      vec_free(&paths);
      return 1;
    } else {
      vec_push(&paths, argv[i]);
    }
  }
  if (!output || !paths.len) {
    fprintf(stderr, "%s: link: usage: %s link -o OUT FILE... (see '%s --help')\n",
            progname, progname, progname);
    vec_free(&paths);
    return 1;
  }
  int rc = 1;
  LinkInput *inputs = xcalloc(paths.len, sizeof *inputs);
  Buf obj = {0};
  LinkError err;
  if (!read_inputs(paths.data, paths.len, inputs)) {
    /* said */
  } else if (!bpf_link(inputs, paths.len, &obj, &err)) {
    fprintf(stderr, "%s: link: %s\n", progname, err.msg);
  } else if (!write_bytes(output, obj.data, obj.len)) {
    fail(output, strerror(errno));
  } else {
    rc = 0;
  }
  buf_free(&obj);
  free_inputs(inputs, paths.len);
  vec_free(&paths);
  return rc;
}
