/* GCC's builtin functions and types: the result type of each builtin
   called with ordinary call syntax (the list itself, with ids for the
   typed tree, is sema/builtins.h), __builtin_va_list, and the names
   __has_builtin knows.  */
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
/* The type a fixed type code names (see the list above; 'C' is const
   void *), or NULL for the codes that depend on the arguments.  */
static Type *code_type(char code) {
  switch (code) {
  case 'v': return ty_void;
  case 'i': return ty_int;
  case 'u': return ty_uint;
  case 'l': return ty_long;
  case 'L': return ty_ulong;
  case 'b': return ty_bool;
  case 'z': return ty_size_t;
  case 'p': return type_pointer(ty_void);
  case 'C': return type_pointer(type_qualified(ty_void, Q_CONST));
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
  default: return NULL;
  }
}

/* The parameter types of the builtins whose prototypes the typed tree
   converts arguments to (GCC declares them so): one type code per
   parameter.  Other builtins' arguments stay as written.  */
static const struct {
  BuiltinId id;
  const char *params;
} builtin_protos[] = {
    {BI_BSWAP16, "h"}, {BI_BSWAP32, "w"}, {BI_BSWAP64, "W"},
    {BI_CLZ, "u"}, {BI_CLZL, "L"}, {BI_CLZLL, "Q"},
    {BI_CTZ, "u"}, {BI_CTZL, "L"}, {BI_CTZLL, "Q"},
    {BI_POPCOUNT, "u"}, {BI_POPCOUNTL, "L"}, {BI_POPCOUNTLL, "Q"},
    {BI_PARITY, "u"}, {BI_PARITYL, "L"}, {BI_PARITYLL, "Q"},
    {BI_FFS, "i"}, {BI_FFSL, "l"}, {BI_FFSLL, "q"},
    {BI_CLRSB, "i"}, {BI_CLRSBL, "l"}, {BI_CLRSBLL, "q"},
    {BI_ABS, "i"}, {BI_LABS, "l"}, {BI_LLABS, "q"},
    {BI_MEMCPY, "pCz"}, {BI_MEMMOVE, "pCz"}, {BI_MEMSET, "piz"},
    {BI_MEMCMP, "CCz"}, {BI_MEMCHR, "Ciz"}, {BI_STRLEN, "c"},
    {BI_STRCMP, "cc"}, {BI_STRNCMP, "ccz"},
};

int builtin_param_count(int id) {
  if (id == BI_EXPECT)
    return 2;
  if (id == BI_EXPECT_WITH_PROBABILITY)
    return 3;
  for (size_t k = 0; k < ARRAY_LEN(builtin_protos); k++)
    if (builtin_protos[k].id == id)
      return (int)strlen(builtin_protos[k].params);
  return -1;
}

Type *builtin_param_type(int id, int i) {
  for (size_t k = 0; k < ARRAY_LEN(builtin_protos); k++)
    if (builtin_protos[k].id == id) {
      const char *ps = builtin_protos[k].params;
      return i >= 0 && (size_t)i < strlen(ps) ? code_type(ps[i]) : NULL;
    }
  return NULL;
}

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
  scope_bind_ordinary(&p->scopes, d->name, d);
}

/* __builtin_va_list: on x86-64 an array of one struct __va_list_tag; on
   BPF a plain void pointer.  */
void builtins_init(Parser *p) {
  builtin_type_name(p, "__int128_t", ty_int128);
  builtin_type_name(p, "__uint128_t", ty_uint128);
  if (ctx_current->target.arch == ARCH_BPF) {
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
