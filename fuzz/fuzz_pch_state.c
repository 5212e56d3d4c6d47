/* libFuzzer entry for the reader of the parser's and sema's state
   (src/parse/pch_state.c): each input is a state file, read into a
   compilation that has first parsed a fixed declaration-only header (so
   that the source-file table, the basic types and the builtins are
   there, as where a state is used), its bindings made in a scope of
   their own, plus a few empty source files so
   that the seeds' file ids are in range.  A state is either refused with a
   message or accepted; an accepted one is then built into the debug
   model and written as BTF, DWARF and CTF, as the driver would: none of
   it may crash, hang or leak past the compilation; and built again as
   for BTF pruned to what is used alone (the header's declarations
   described where reached).  (An accepted state
   is finished as the driver finishes it: parse_finish_unit.)  The seeds are real
   states (fuzz/seeds-pch_state/README says how they are made).  */
#include "../src/btf/btf_gen.h"
#include "../src/ctf/ctf_gen.h"
#include "../src/debug/build.h"
#include "../src/dwarf/dwarf_gen.h"
#include "../src/parse/pch_state.h"
#include "front_end.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char header[] =
    "struct s { int a:3; char *b; } __attribute__((packed));\n"
    "enum e { E0 = -1, E1 = 0x100000000 };\n"
    "typedef int (*fn_t)(struct s *, ...);\n"
    "extern int * __attribute__((btf_type_tag(\"t\"))) v "
    "__attribute__((btf_decl_tag(\"d\")));\n";

/* Every emitter over TU (accepted state): the bytes are not kept.  */
static void emit_all(TransUnit *tu) {
  DebugBuildOptions bopts = {.eliminate_unused_types = false,
                             .signed_char = true};
  tu->main_file = "fuzz.c";
  DebugUnit *unit = debug_build(tu, &bopts);
  ObjFile obj = {0};
  obj.source_name = "fuzz.c";
  BtfOptions btf = {0};
  btf_generate(unit, &btf, &obj);
  DwarfOptions dwarf = {.version = 5, .comp_dir = "/fuzz"};
  dwarf_generate(unit, &dwarf, &obj);
  CtfOptions ctf = {.cuname = "/fuzz/fuzz.c"};
  ctf_generate(unit, &ctf, &obj);
  obj_free(&obj);
  /* And as for pruned BTF alone (--target=bpf's default): the state's
     declarations described where something reaches them, when its
     types allow it (debug/build.c).  */
  DebugBuildOptions roots = {.eliminate_unused_types = true,
                             .signed_char = true, .order_from_roots = true};
  DebugUnit *pruned = debug_build(tu, &roots);
  ObjFile obj2 = {0};
  obj2.source_name = "fuzz.c";
  BtfOptions pruning = {.prune_btf = 1};
  btf_generate(pruned, &pruning, &obj2);
  obj_free(&obj2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *sink = fopen("/dev/null", "w");
  if (!sink)
    abort();
  Compilation *c = fuzz_ctx_new(sink);
  Cpp *cpp;
  if (fuzz_open_c(&cpp, (const uint8_t *)header, sizeof header - 1)) {
    parse_translation_unit_from(cpp);
    /* Room for the file ids of states made by the driver from a header
       (the built-in buffers, the command line, the header).  */
    for (int i = 0; i < 6; i++)
      srcfile_add("seed.h", "", 0, (SrcLoc){0}, false);
    TransUnit *tu = NEW(TransUnit);
    char err[256];
    Scopes scopes = {0};
    PchStateFrame frame = {0};
    if (pch_state_read(data, size, tu, &scopes, &frame, err, sizeof err)) {
      parse_finish_unit(tu);
      emit_all(tu);
    }
    scopes_release(&scopes);
  }
  cpp_free(cpp);
  fuzz_release_all(c);
  fclose(sink);
  return 0;
}
