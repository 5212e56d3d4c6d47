/* GCC's builtin functions and types, as far as a front end that only
   needs their result types must know them.  */
#include "parser.h"
#include "../lang/builtins.h"

#include <string.h>

/* Result type codes:
     v void   i int   u unsigned   l long   L unsigned long   b _Bool
     z size_t p void*  c const char*  d double  f float  D long double
     q long long  Q unsigned long long  h uint16  w uint32  W uint64
     T unsigned __int128
     0 the type of the first argument (after conversion)
     * the type the first argument points to
     2 the type of the second argument  */
typedef struct BuiltinSpec {
  const char *name;
  char result;
} BuiltinSpec;

static const BuiltinSpec builtin_specs[] = {
#define BUILTIN_SPEC(id, name, result) {name, result},
    BUILTIN_LIST(BUILTIN_SPEC)
#undef BUILTIN_SPEC
};

static const BuiltinSpec *builtin_spec(const char *name) {
  for (size_t i = 0; i < ARRAY_LEN(builtin_specs); i++)
    if (strcmp(builtin_specs[i].name, name) == 0)
      return &builtin_specs[i];
  return NULL;
}

/* The result type of a call to builtin NAME with the given argument
   types (after conversion), or NULL if NAME is not a builtin.  */
Type *builtin_result_type(const char *name, Type **args, int nargs) {
  const BuiltinSpec *s = builtin_spec(name);
  if (!s)
    return NULL;
  switch (s->result) {
  case 'v': return ty_void;
  case 'i': return ty_int;
  case 'u': return ty_uint;
  case 'l': return ty_long;
  case 'L': return ty_ulong;
  case 'b': return ty_bool;
  case 'z': return ty_size_t;
  case 'p': return type_pointer(ty_void);
  case 'c': return type_pointer(type_qualified(ty_char, Q_CONST));
  case 'd': return ty_double;
  case 'f': return ty_float;
  case 'D': return ty_ldouble;
  case 'q': return ty_llong;
  case 'Q': return ty_ullong;
  case 'h': return ty_ushort;
  case 'w': return ty_uint;
  case 'W': return ty_ulong;
  case 'T': return ty_uint128;
  case '0': return nargs > 0 ? args[0] : ty_int;
  case '2': return nargs > 1 ? args[1] : ty_int;
  case '*':
    if (nargs > 0 && type_is_pointer(args[0]))
      return type_unqualified(type_canon(args[0])->base);
    return ty_int;
  }
  return ty_int;
}

/* GCC describes __builtin_va_list as a typedef of that name.  */
static Type *va_list_typedef(Type *t) {
  Decl *d = NEW(Decl);
  d->kind = DECL_TYPEDEF;
  d->name = intern_cstr("__builtin_va_list");
  d->type = t;
  d->first = d;
  d->file_scope = true;
  return type_typedef(d);
}

/* A builtin type name GCC predeclares without a DIE of its own.  */
static void builtin_type_name(Parser *p, const char *name, Type *t) {
  Decl *d = NEW(Decl);
  d->kind = DECL_TYPEDEF;
  d->name = intern_cstr(name);
  d->type = t;
  d->first = d;
  d->file_scope = true;
  bind_ordinary(p, d->name, d);
}

/* __builtin_va_list: on x86-64 an array of one struct __va_list_tag; on
   BPF a plain void pointer.  */
void builtins_init(Parser *p) {
  builtin_type_name(p, "__int128_t", ty_int128);
  builtin_type_name(p, "__uint128_t", ty_uint128);
  if (target.arch == ARCH_BPF) {
    ty_va_list = type_pointer(ty_void); /* no typedef DIE on BPF */
    return;
  }
  Record *r = record_new(TY_STRUCT, intern_cstr("__va_list_tag"), (SrcLoc){0});
  static const char *const names[] = {"gp_offset", "fp_offset",
                                      "overflow_arg_area", "reg_save_area"};
  r->nmembers = 4;
  r->members = NEW_ARRAY(Member, 4);
  for (int i = 0; i < 4; i++) {
    r->members[i].name = intern_cstr(names[i]);
    r->members[i].type = i < 2 ? ty_uint : type_pointer(ty_void);
    r->members[i].bit_width = -1;
  }
  layout_record(r);
  Type *t = type_record(r);
  t->flags &= (uint16_t)~TYF_INCOMPLETE;
  t->size = r->size;
  t->align = r->align;
  ty_va_list = va_list_typedef(type_array(t, 1));
}
