/* A producer other than the compiler fills the debug model, and the one
   BTF generator and the DWARF generator write it: the model stands alone
   (debug.h needs util only), as the DWARF-to-BTF encoder will use it.
   This program includes no parser or sema header.

   The unit it builds by hand, as C:
     struct point { int x; int *__attribute__((btf_type_tag("user"))) p; };
     struct point origin __attribute__((btf_decl_tag("pinned")));
     __thread long unsigned int counts[]; (an array without index type,
                                           a variable in no DATASEC)

   usage: model btf|dwarf OUT.o  */
#include "btf/btf_gen.h"
#include "debug/debug.h"
#include "dwarf/dwarf_gen.h"

#include <stdio.h>
#include <string.h>

static Die *annotation(DebugUnit *u, AnnotKind kind, const char *value) {
  Die *a = debug_new_die(u, DIE_ANNOTATION, true);
  a->annot_kind = kind;
  a->annot_value = value;
  return a;
}

static DebugUnit *build_unit(void) {
  DebugUnit *u = debug_unit_new();
  u->main_file = "model.c";
  Die *s = debug_new_die(u, DIE_STRUCT, true);
  s->name = "point";
  s->size = 16;
  Die *i = debug_new_die(u, DIE_BASE, true);
  i->name = "int";
  i->size = 4;
  i->encoding = ATE_SIGNED;
  Die *p = debug_new_die(u, DIE_POINTER, true);
  p->size = 8;
  p->type = i;
  p->annot = annotation(u, ANNOT_TYPE_TAG, "user");
  s->nmembers = 2;
  s->members = NEW_ARRAY(DieMember, 2);
  s->members[0] = (DieMember){.name = "x", .type = i, .bit_offset = 0};
  s->members[1] = (DieMember){.name = "p", .type = p, .bit_offset = 64};
  Die *v = debug_new_die(u, DIE_VARIABLE, true);
  v->name = "origin";
  v->type = s;
  v->external = true;
  v->seccat = SECCAT_BSS;
  v->symbol = "origin";
  v->var_size = 16;
  v->annot = annotation(u, ANNOT_DECL_TAG, "pinned");
  vec_push_perm(&u->vars, v);
  /* The size type, off the list: only BTF's index of `[]` refers to it. */
  Die *ul = debug_new_die(u, DIE_BASE, false);
  ul->name = "long unsigned int";
  ul->size = 8;
  ul->encoding = ATE_UNSIGNED;
  u->sizetype = ul;
  Die *a = debug_new_die(u, DIE_ARRAY, true);
  a->ndims = 1;
  a->dims = NEW_ARRAY(int64_t, 1);
  a->dims[0] = -1;
  a->type = ul;
  Die *c = debug_new_die(u, DIE_VARIABLE, true);
  c->name = "counts";
  c->type = a;
  c->external = true; /* defined elsewhere in no DATASEC (SECCAT_NONE) */
  vec_push_perm(&u->vars, c);
  for (Die *d = u->first; d; d = d->list_next)
    debug_mark(d);
  debug_number(u, false);
  return u;
}

int main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[1], "btf") && strcmp(argv[1], "dwarf"))) {
    fprintf(stderr, "usage: model btf|dwarf OUT.o\n");
    return 2;
  }
  progname = "model";
  Compilation *c = ctx_new();
  ctx_enter(c);
  DebugUnit *u = build_unit();
  ObjFile obj = {0};
  obj.source_name = "model.c";
  if (!strcmp(argv[1], "btf")) {
    BtfOptions bo = {.prune_btf = 0};
    btf_generate(u, &bo, &obj);
  } else {
    DwarfOptions dopts = {.version = 5, .comp_dir = "/model"};
    dwarf_generate(u, &dopts, &obj);
  }
  FILE *out = fopen(argv[2], "wb");
  if (!out || !elf_write(out, &obj) || fclose(out) != 0) {
    fprintf(stderr, "model: cannot write %s\n", argv[2]);
    return 1;
  }
  obj_free(&obj);
  ctx_free(c);
  return 0;
}
