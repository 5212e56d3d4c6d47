/* Declarations (C17 6.7, 6.9): specifiers, declarators, struct/union/
   enum, typedefs, function definitions, and the translation unit.

   A declarator is read into a DeclLevel structure first (scratch memory)
   and its type built afterwards, inside out, so attributes land where GCC
   puts them.  Each declaration becomes a Decl, a translation-unit event
   in source order; sema/decl.c says what it redeclares and merges it.  A
   function definition gets its FuncBody (the typed tree of its body,
   parameters, locals and labels); an initialized variable its Init.  */
#include "parser.h"
#include "pch_state.h"
#include "../sema/decl.h"
#include "../sema/tree_walk.h"

#include <stdlib.h>
#include <string.h>

/* --- Translation-unit events --- */

static void record_event(Parser *p, Decl *d) {
  d->order = ++p->decl_order;
  d->types_at = type_last_id();
  if (p->scopes.depth == 0)
    vec_push_perm(&p->tu->decls, d);
}

static Decl *new_decl(Parser *p, DeclKind kind, Ident *name, Type *type,
                      SrcLoc loc) {
  Decl *d = NEW(Decl);
  d->kind = kind;
  d->name = name;
  d->type = type;
  d->loc = loc;
  d->first = d;
  d->file_scope = p->scopes.depth == 0;
  return d;
}

void note_body_type(Parser *p, Type *t) {
  if (p->cur_func && t)
    vec_push(&p->body_types, t);
}

void note_init_type(Parser *p, Type *t) {
  if (p->cur_func || !p->in_file_init)
    return;
  while (t && (t->kind == TY_PTR || t->kind == TY_ARRAY))
    t = t->base;
  if (t)
    vec_push_perm(&p->tu->init_types, t->main);
}

/* --- Specifier classification --- */

static bool is_type_keyword(int kw) {
  switch (kw) {
  case KW_VOID: case KW_CHAR: case KW_SHORT: case KW_INT: case KW_LONG:
  case KW_FLOAT: case KW_DOUBLE: case KW_SIGNED: case KW_UNSIGNED:
  case KW_BOOL: case KW_COMPLEX: case KW_IMAGINARY: case KW_STRUCT:
  case KW_UNION: case KW_ENUM: case KW_TYPEOF: case KW_TYPEOF_UNQUAL:
  case KW_AUTO_TYPE: case KW_INT128: case KW_BUILTIN_VA_LIST:
  case KW_FLOAT16: case KW_FLOAT32: case KW_FLOAT64: case KW_FLOAT128:
  case KW_FLOAT32X: case KW_FLOAT64X: case KW_FLOAT128X:
  case KW_FLOAT128_GNU: case KW_FLOAT80: case KW_BF16: case KW_DECIMAL32:
  case KW_DECIMAL64: case KW_DECIMAL128: case KW_BITINT:
    return true;
  default:
    return false;
  }
}

static bool is_qualifier_keyword(int kw) {
  return kw == KW_CONST || kw == KW_VOLATILE || kw == KW_RESTRICT ||
         kw == KW_ATOMIC;
}

static bool is_storage_keyword(int kw) {
  return kw == KW_TYPEDEF || kw == KW_EXTERN || kw == KW_STATIC ||
         kw == KW_AUTO || kw == KW_REGISTER || kw == KW_INLINE ||
         kw == KW_NORETURN || kw == KW_THREAD_LOCAL || kw == KW_CONSTEXPR;
}

static bool token_starts_specifier(Parser *p, const Token *t) {
  int kw = keyword_of(t);
  if (kw)
    return is_type_keyword(kw) || is_qualifier_keyword(kw) ||
           is_storage_keyword(kw) || kw == KW_ATTRIBUTE || kw == KW_ALIGNAS ||
           kw == KW_EXTENSION;
  return is_typedef_name(p, t);
}

/* Whether the identifier at lookahead I is taken for the name of a type
   nobody declared, as GCC guesses it: a name with no ordinary binding,
   followed by another name or '*' -- or any such name where a type is
   expected (a parameter's specifiers).  */
static bool at_unknown_type_name(Parser *p, int i) {
  const Token *t = peek(p, i);
  if (t->kind != TK_IDENT || t->ident->keyword || lookup_ordinary(t->ident))
    return false;
  if (p->expect_type_name)
    return true;
  const Token *n = peek(p, i + 1);
  return (n->kind == TK_IDENT && !n->ident->keyword) || at_punct_n(p, i + 1, P_STAR);
}

bool at_declaration_start(Parser *p) {
  const Token *t = peek(p, 0);
  int kw = keyword_of(t);
  if (kw == KW_STATIC_ASSERT)
    return true;
  if (kw == KW_EXTENSION) {
    /* __extension__ may prefix a declaration or an expression.  */
    int i = 1;
    while (keyword_of(peek(p, i)) == KW_EXTENSION && i < LOOKAHEAD - 1)
      i++;
    return token_starts_specifier(p, peek(p, i)) &&
           keyword_of(peek(p, i)) != KW_EXTENSION;
  }
  if (at_std_attribute(p))
    return true;
  if (t->kind == TK_IDENT && !kw && is_typedef_name(p, t)) {
    /* A typedef name followed by ':' is a label.  */
    return !at_punct_n(p, 1, P_COLON);
  }
  return token_starts_specifier(p, t) || at_unknown_type_name(p, 0);
}

bool keyword_starts_type_name(int kw) {
  return is_type_keyword(kw) || is_qualifier_keyword(kw) ||
         kw == KW_ATTRIBUTE || kw == KW_ALIGNAS;
}

bool at_type_name_start(Parser *p) {
  const Token *t = peek(p, 0);
  int kw = keyword_of(t);
  if (kw == KW_EXTENSION)
    return keyword_starts_type_name(keyword_of(peek(p, 1))) ||
           is_typedef_name(p, peek(p, 1));
  if (kw)
    return keyword_starts_type_name(kw);
  return is_typedef_name(p, t);
}

/* --- Declaration specifiers --- */

enum {
  SPEC_VOID = 1 << 0,
  SPEC_BOOL = 1 << 2,
  SPEC_CHAR = 1 << 4,
  SPEC_SHORT = 1 << 6,
  SPEC_INT = 1 << 8,
  SPEC_LONG = 1 << 10,
  SPEC_FLOAT = 1 << 12,
  SPEC_DOUBLE = 1 << 14,
  SPEC_OTHER = 1 << 16,
  SPEC_SIGNED = 1 << 17,
  SPEC_UNSIGNED = 1 << 18,
  SPEC_INT128 = 1 << 19,
  SPEC_COMPLEX = 1 << 20,
};

static Type *type_from_spec_bits(Parser *p, int bits, SrcLoc loc) {
  bool cplx = bits & SPEC_COMPLEX;
  bits &= ~SPEC_COMPLEX;
  Type *t;
  switch (bits) {
  case SPEC_VOID: t = ty_void; break;
  case SPEC_BOOL: t = ty_bool; break;
  case SPEC_CHAR: t = ty_char; break;
  case SPEC_SIGNED + SPEC_CHAR: t = ty_schar; break;
  case SPEC_UNSIGNED + SPEC_CHAR: t = ty_uchar; break;
  case SPEC_SHORT: case SPEC_SHORT + SPEC_INT: case SPEC_SIGNED + SPEC_SHORT:
  case SPEC_SIGNED + SPEC_SHORT + SPEC_INT:
    t = ty_short; break;
  case SPEC_UNSIGNED + SPEC_SHORT: case SPEC_UNSIGNED + SPEC_SHORT + SPEC_INT:
    t = ty_ushort; break;
  case 0: case SPEC_INT: case SPEC_SIGNED: case SPEC_SIGNED + SPEC_INT:
    t = ty_int; break;
  case SPEC_UNSIGNED: case SPEC_UNSIGNED + SPEC_INT:
    t = ty_uint; break;
  case SPEC_LONG: case SPEC_LONG + SPEC_INT: case SPEC_SIGNED + SPEC_LONG:
  case SPEC_SIGNED + SPEC_LONG + SPEC_INT:
    t = ty_long; break;
  case SPEC_UNSIGNED + SPEC_LONG: case SPEC_UNSIGNED + SPEC_LONG + SPEC_INT:
    t = ty_ulong; break;
  case 2 * SPEC_LONG: case 2 * SPEC_LONG + SPEC_INT:
  case SPEC_SIGNED + 2 * SPEC_LONG: case SPEC_SIGNED + 2 * SPEC_LONG + SPEC_INT:
    t = ty_llong; break;
  case SPEC_UNSIGNED + 2 * SPEC_LONG:
  case SPEC_UNSIGNED + 2 * SPEC_LONG + SPEC_INT:
    t = ty_ullong; break;
  case SPEC_INT128: case SPEC_SIGNED + SPEC_INT128: t = ty_int128; break;
  case SPEC_UNSIGNED + SPEC_INT128: t = ty_uint128; break;
  case SPEC_FLOAT: t = ty_float; break;
  case SPEC_DOUBLE: t = ty_double; break;
  case SPEC_LONG + SPEC_DOUBLE: t = ty_ldouble; break;
  default:
    diag_error(loc, "invalid combination of type specifiers");
    t = ty_int;
  }
  (void)p;
  if (cplx) {
    if (bits == 0) {
      /* GNU: _Complex alone means _Complex double.  */
      t = ty_double;
    }
    t = type_complex(t);
  }
  return t;
}

static Type *parse_struct_or_union(Parser *p, DeclSpec *ds);
static Type *parse_enum(Parser *p, DeclSpec *ds);
static Type *parse_typeof(Parser *p, bool unqual);

/* Keyword for a single-keyword floating type.  */
static Type *float_keyword_type(int kw) {
  switch (kw) {
  case KW_FLOAT16: return type_basic(TY_FLOAT16);
  case KW_FLOAT32: return type_basic(TY_FLOAT32);
  case KW_FLOAT64: return type_basic(TY_FLOAT64);
  case KW_FLOAT128: return type_basic(TY_FLOAT128);
  case KW_FLOAT32X: return type_basic(TY_FLOAT32X);
  case KW_FLOAT64X: return type_basic(TY_FLOAT64X);
  case KW_FLOAT128X: return type_basic(TY_FLOAT128X);
  case KW_FLOAT128_GNU: return type_basic(TY_FLOAT128_GNU);
  case KW_FLOAT80: return type_basic(TY_LDOUBLE);
  case KW_BF16: return type_basic(TY_BF16);
  case KW_DECIMAL32: return type_basic(TY_DECIMAL32);
  case KW_DECIMAL64: return type_basic(TY_DECIMAL64);
  case KW_DECIMAL128: return type_basic(TY_DECIMAL128);
  default: return NULL;
  }
}

/* What parse_decl_specifiers has seen so far.  */
typedef struct SpecState {
  int bits;             /* SPEC_* counts of the basic type keywords */
  unsigned quals;
  Type *named;          /* typedef name, struct, enum, typeof ... */
  bool any;
  Attr *type_std_attrs; /* C23 attributes after a specifier */
  SrcLoc complex_loc;   /* the _Complex keyword, if any */
} SpecState;

/* storage-class-specifier, function-specifier (inline, _Noreturn) and
   _Thread_local, constexpr: the keyword KW is next.  */
static void spec_storage(Parser *p, DeclSpec *ds, SpecState *st, int kw,
                         bool allow_storage) {
  Token tok = next(p);
  st->any = true;
  report_c11_keyword(&tok);
  if (!allow_storage && kw != KW_REGISTER && kw != KW_INLINE) {
    diag_error(tok.loc, "storage class specified for %s",
               "unnamed declaration");
    return;
  }
  switch (kw) {
  case KW_INLINE: ds->is_inline = true; break;
  case KW_NORETURN: ds->is_noreturn = true; break;
  case KW_THREAD_LOCAL: ds->is_thread_local = true; break;
  case KW_CONSTEXPR: ds->is_constexpr = true; break;
  default: {
    uint8_t sc = kw == KW_TYPEDEF ? SC_TYPEDEF : kw == KW_EXTERN ? SC_EXTERN
               : kw == KW_STATIC ? SC_STATIC : kw == KW_AUTO ? SC_AUTO
               : SC_REGISTER;
    if (sc == SC_AUTO)
      ds->auto_kw = true;
    if (lang_year() >= 2023 && ds->sc != sc && (sc == SC_AUTO || ds->sc == SC_AUTO) &&
        sc != SC_TYPEDEF && ds->sc != SC_TYPEDEF) {
      /* C23: auto beside another storage class (static auto x = 1;) */
      if (sc != SC_AUTO)
        ds->sc = sc;
      break;
    }
    if (ds->sc && ds->sc != sc)
      diag_error(tok.loc, "multiple storage classes in declaration specifiers");
    else if (ds->sc == sc && sc != SC_NONE)
      diag_error(tok.loc, "duplicate '%.*s'", (int)tok.len, tok.text);
    ds->sc = sc;
  }
  }
}

/* type-qualifier, or the type specifier _Atomic ( type-name ).  */
static void spec_qualifier(Parser *p, DeclSpec *ds, SpecState *st, int kw,
                           const Token *t) {
  report_c11_keyword(t);
  if (kw == KW_ATOMIC && at_punct_n(p, 1, P_LPAREN)) {
    next(p);
    next(p);
    Type *at = parse_type_name(p);
    expect_punct(p, P_RPAREN, NULL);
    if (st->named || st->bits)
      diag_error(t->loc, "two or more data types in declaration specifiers");
    st->named = type_qualified(at, Q_ATOMIC);
    ds->has_type_spec = true;
    st->any = true;
    return;
  }
  next(p);
  st->quals |= kw == KW_CONST ? Q_CONST : kw == KW_VOLATILE ? Q_VOLATILE
             : kw == KW_RESTRICT ? Q_RESTRICT : Q_ATOMIC;
  st->any = true;
}

/* alignment-specifier: _Alignas ( type-name | constant-expression ) */
static void spec_alignas(Parser *p, DeclSpec *ds, SpecState *st) {
  Token tok = next(p);
  report_c11_keyword(&tok);
  expect_punct(p, P_LPAREN, NULL);
  uint32_t al = 0;
  if (at_type_name_start(p)) {
    al = type_align(parse_type_name(p));
  } else {
    int64_t v;
    bool u;
    if (parse_int_const_expr(p, &v, &u)) {
      if (v < 0 || (v & (v - 1)))
        diag_error(tok.loc, "requested alignment %lld is not a positive power of 2",
                   (long long)v);
      else
        al = (uint32_t)v;
    }
  }
  expect_punct(p, P_RPAREN, NULL);
  if (al > ds->alignas)
    ds->alignas = al;
  st->any = true;
}

/* The bits a bit-field of enum type E needs for E's smallest and largest
   enumerators, in E's signedness (GCC's min_precision of the type's
   bounds).  */
static int64_t enum_value_bits(Type *e) {
  bool is_signed = type_is_signed(e);
  int64_t need = 1;
  for (int i = 0; i < e->u.rec->nenums; i++) {
    const Enumerator *en = &e->u.rec->enums[i];
    uint64_t v = (uint64_t)en->value;
    if (is_signed && en->value < 0)
      v = ~v; /* -4 needs what 3 does, and the sign bit */
    int64_t bits = is_signed ? 1 : 0;
    for (; v; v >>= 1)
      bits++;
    if (bits > need)
      need = bits;
  }
  return need;
}

/* _BitInt ( constant-expression ), after any signed or unsigned (in
   ST), with GCC's checks of N; a wrong N gives int.  */
static Type *parse_bitint(Parser *p, SpecState *st, const Token *kw) {
  SrcLoc loc = kw->loc; /* the token is gone after next() */
  next(p);
  expect_punct(p, P_LPAREN, NULL);
  int64_t n = 0;
  bool u;
  bool constant = parse_int_const_expr(p, &n, &u);
  expect_punct(p, P_RPAREN, NULL);
  bool is_unsigned = st->bits & SPEC_UNSIGNED;
  st->bits &= ~(SPEC_UNSIGNED | SPEC_SIGNED);
  if (!constant)
    return ty_int;
  if (u ? n == 0 : n <= 0) {
    diag_error(loc, "'_BitInt' argument '%lld' is not a positive integer "
               "constant expression", (long long)n);
    return ty_int;
  }
  if ((uint64_t)n > BITINT_MAXWIDTH) {
    diag_error(loc, "'_BitInt' argument '%llu' is larger than "
               "'BITINT_MAXWIDTH' '%d'", (unsigned long long)n, BITINT_MAXWIDTH);
    return ty_int;
  }
  if (n < 2 && !is_unsigned) {
    diag_error(loc, "'signed _BitInt' argument must be at least 2");
    return ty_int;
  }
  Type *t = type_bitint(n, is_unsigned);
  if (ctx_current->target.arch == ARCH_BPF)
    diag_sorry(loc, "'_BitInt(%lld)' is not supported on this target",
               (long long)n);
  return t;
}

/* A type specifier keyword that names a whole type: struct-or-union-
   specifier, enum-specifier, typeof, __auto_type, __builtin_va_list,
   _BitInt ( constant-expression ), the _FloatN family.  Returns false
   if KW is one of the basic keywords counted in st->bits.  */
static bool spec_named_type(Parser *p, DeclSpec *ds, SpecState *st, int kw,
                            const Token *t) {
  Type *single = float_keyword_type(kw);
  if (single) {
    SrcLoc loc = t->loc; /* the token is gone after next() */
    const char *name = t->ident->name;
    next(p);
    if (!type_kind_on_target((TypeKind)single->kind)) {
      if (kw == KW_DECIMAL32 || kw == KW_DECIMAL64 || kw == KW_DECIMAL128)
        diag_error(loc, "decimal floating-point not supported for this target");
      else
        diag_error(loc, "'%s' is not supported on this target", name);
    }
    if (st->named || (st->bits & ~SPEC_COMPLEX))
      diag_error(loc, "two or more data types in declaration specifiers");
    st->named = single;
    return true;
  }
  switch (kw) {
  case KW_STRUCT:
  case KW_UNION:
    if (st->named || (st->bits & ~SPEC_COMPLEX))
      diag_error(t->loc, "two or more data types in declaration specifiers");
    st->named = parse_struct_or_union(p, ds);
    return true;
  case KW_ENUM:
    if (st->named || st->bits)
      diag_error(t->loc, "two or more data types in declaration specifiers");
    st->named = parse_enum(p, ds);
    return true;
  case KW_TYPEOF:
  case KW_TYPEOF_UNQUAL:
    if (st->named || st->bits)
      diag_error(t->loc, "two or more data types in declaration specifiers");
    next(p);
    st->named = parse_typeof(p, kw == KW_TYPEOF_UNQUAL);
    return true;
  case KW_AUTO_TYPE:
    next(p);
    st->named = NULL;
    ds->type = NULL;
    st->bits |= SPEC_OTHER; /* marker: resolved from the initializer */
    ds->has_type_spec = true;
    return true;
  case KW_BUILTIN_VA_LIST:
    next(p);
    st->named = ty_va_list;
    return true;
  case KW_BITINT:
    st->named = parse_bitint(p, st, t);
    return true;
  default:
    return false;
  }
}

/* The spelling GCC's messages give a basic type specifier.  */
static const char *spec_word(int bit) {
  switch (bit) {
  case SPEC_VOID: return "void";
  case SPEC_BOOL: return "_Bool";
  case SPEC_CHAR: return "char";
  case SPEC_SHORT: return "short";
  case SPEC_INT: return "int";
  case SPEC_LONG: return "long";
  case SPEC_FLOAT: return "float";
  case SPEC_DOUBLE: return "double";
  case SPEC_SIGNED: return "signed";
  case SPEC_UNSIGNED: return "unsigned";
  case SPEC_INT128: return "__int128";
  case SPEC_COMPLEX: return "complex";
  default: return "?";
  }
}

/* The data types (not modifiers) among the specifier bits.  */
enum { SPEC_DATA_TYPES = SPEC_VOID | SPEC_BOOL | SPEC_CHAR | SPEC_INT | SPEC_FLOAT |
                         SPEC_DOUBLE | SPEC_INT128 };

/* The data types modifier MOD cannot go with (GCC's declspecs_add_type).  */
static int spec_excluded_by(int mod) {
  switch (mod) {
  case SPEC_LONG: return SPEC_VOID | SPEC_BOOL | SPEC_CHAR | SPEC_FLOAT | SPEC_INT128;
  case SPEC_SHORT: return SPEC_VOID | SPEC_BOOL | SPEC_CHAR | SPEC_FLOAT | SPEC_DOUBLE |
                          SPEC_INT128;
  case SPEC_SIGNED: case SPEC_UNSIGNED:
    return SPEC_VOID | SPEC_BOOL | SPEC_FLOAT | SPEC_DOUBLE;
  case SPEC_COMPLEX: return SPEC_VOID | SPEC_BOOL;
  default: return 0;
  }
}

/* GCC's error at LOC when specifier ADD cannot join BITS (already
   read): two data types, long and short, or a modifier with a data type
   it does not modify.  Returns true after reporting one.  */
static bool report_specifier_conflict(int bits, int add, SrcLoc loc) {
  static const int modifiers[] = {SPEC_LONG, SPEC_SHORT, SPEC_SIGNED, SPEC_UNSIGNED,
                                  SPEC_COMPLEX};
  if (add & SPEC_DATA_TYPES) {
    if (bits & SPEC_DATA_TYPES) {
      diag_error(loc, "two or more data types in declaration specifiers");
      return true;
    }
    if (add == SPEC_DOUBLE && (bits & (3 * SPEC_LONG)) == 2 * SPEC_LONG) {
      diag_error(loc, "both 'long long' and 'double' in declaration specifiers");
      return true;
    }
    for (size_t i = 0; i < sizeof modifiers / sizeof modifiers[0]; i++)
      if ((bits & (modifiers[i] == SPEC_LONG ? 3 * SPEC_LONG : modifiers[i])) &&
          (spec_excluded_by(modifiers[i]) & add)) {
        diag_error(loc, "both '%s' and '%s' in declaration specifiers",
                   spec_word(modifiers[i]), spec_word(add));
        return true;
      }
    return false;
  }
  if (add == SPEC_SHORT && (bits & SPEC_SHORT)) {
    diag_error(loc, "duplicate 'short'");
    return true;
  }
  if (add == SPEC_LONG && (bits & SPEC_LONG) && (bits & SPEC_DOUBLE)) {
    diag_error(loc, "both 'long long' and 'double' in declaration specifiers");
    return true;
  }
  if ((add == SPEC_LONG && (bits & SPEC_SHORT)) ||
      (add == SPEC_SHORT && (bits & (3 * SPEC_LONG)))) {
    diag_error(loc, "both 'long' and 'short' in declaration specifiers");
    return true;
  }
  int clash = bits & SPEC_DATA_TYPES & spec_excluded_by(add);
  if (clash) {
    diag_error(loc, "both '%s' and '%s' in declaration specifiers", spec_word(add),
               spec_word(clash & -clash));
    return true;
  }
  return false;
}

/* GCC's pedwarns for _Complex of an integer type, or alone (BITS: the
   specifiers, the _Complex keyword at LOC).  */
static void report_iso_complex(int bits, SrcLoc loc) {
  int real = bits & ~SPEC_COMPLEX;
  if (real == 0)
    diag_pedwarn(loc, W_PEDANTIC,
                 "ISO C does not support plain 'complex' meaning 'double complex'");
  else if (!(real & (SPEC_FLOAT | SPEC_DOUBLE)))
    diag_pedwarn(loc, W_PEDANTIC, "ISO C does not support complex integer types");
}

/* A basic type keyword (void char short int long float double signed
   unsigned _Bool _Complex __int128), counted in st->bits.  */
static void spec_basic_keyword(Parser *p, SpecState *st, int kw,
                               const Token *t) {
  next(p);
  int add = 0;
  switch (kw) {
  case KW_VOID: add = SPEC_VOID; break;
  case KW_BOOL: add = SPEC_BOOL; report_c11_keyword(t); break;
  case KW_CHAR: add = SPEC_CHAR; break;
  case KW_SHORT: add = SPEC_SHORT; break;
  case KW_INT: add = SPEC_INT; break;
  case KW_LONG: add = SPEC_LONG; break;
  case KW_FLOAT: add = SPEC_FLOAT; break;
  case KW_DOUBLE: add = SPEC_DOUBLE; break;
  case KW_SIGNED: add = SPEC_SIGNED; break;
  case KW_UNSIGNED: add = SPEC_UNSIGNED; break;
  case KW_INT128: add = SPEC_INT128; break;
  case KW_COMPLEX: add = SPEC_COMPLEX; break;
  case KW_IMAGINARY: add = SPEC_COMPLEX; break;
  }
  if ((add == SPEC_SIGNED || add == SPEC_UNSIGNED) &&
      (st->bits & (SPEC_SIGNED | SPEC_UNSIGNED))) {
    if (st->bits & add)
      diag_error(t->loc, "duplicate '%s'", add == SPEC_SIGNED ? "signed" : "unsigned");
    else
      diag_error(t->loc, "both 'signed' and 'unsigned' in declaration specifiers");
    return;
  }
  if (add == SPEC_LONG && (st->bits & (3 * SPEC_LONG)) == 2 * SPEC_LONG) {
    diag_error(t->loc, "'long long long' is too long for GCC");
    return;
  }
  if (st->named && add != SPEC_COMPLEX) {
    diag_error(t->loc, "two or more data types in declaration specifiers");
    return;
  }
  if (report_specifier_conflict(st->bits, add, t->loc))
    return;
  if (add == SPEC_LONG && (st->bits & (3 * SPEC_LONG)) == SPEC_LONG)
    diag_pedwarn_c90(t->loc, W_LONG_LONG, "ISO C90 does not support 'long long'");
  if (add == SPEC_COMPLEX) {
    st->complex_loc = t->loc;
    diag_pedwarn_c90(t->loc, W_PEDANTIC, "ISO C90 does not support complex types");
  }
  st->bits += add;
}

/* typedef-name: a type specifier only when no other type specifier has
   been seen.  */
static void spec_typedef_name(Parser *p, DeclSpec *ds, SpecState *st) {
  Token tok = next(p);
  Decl *td = lookup_ordinary(tok.ident);
  st->named = td->type;
  td->first->used = true;
  ds->typedef_name = true;
  ds->has_type_spec = true;
  st->any = true;
}

/* C23 constexpr: the object is const, and at file scope it has internal
   linkage (GCC 16 describes it as a const-qualified, non-external
   object).  */
static void constexpr_object_spec(Parser *p, DeclSpec *ds, SpecState *st) {
  st->quals |= Q_CONST;
  if (p->scopes.depth == 0 && ds->sc == SC_NONE)
    ds->sc = SC_STATIC;
}

/* The type the specifiers seen make: a named type (with _Complex), the
   basic keywords' type, nothing for __auto_type; then the qualifiers and
   C23 type attributes.  */
static void spec_finish(Parser *p, DeclSpec *ds, SpecState *st) {
  Type *base;
  if (ds->is_constexpr)
    constexpr_object_spec(p, ds, st);
  if (st->named) {
    if (st->bits & SPEC_COMPLEX)
      st->named = type_complex(st->named);
    else if (st->bits)
      diag_error(ds->loc, "two or more data types in declaration specifiers");
    base = st->named;
  } else if (st->bits & SPEC_OTHER) {
    base = NULL; /* __auto_type */
  } else if (!st->bits && ds->auto_kw && lang_year() >= 2023) {
    /* C23: auto with no type specifier infers the type from the
       initializer, as __auto_type; the storage is the default one or
       the other storage class written.  */
    base = NULL;
    if (ds->sc == SC_AUTO)
      ds->sc = SC_NONE;
    ds->has_type_spec = true;
  } else {
    /* No type specifier at all is implicit int (C89); the caller warns.  */
    base = st->bits ? type_from_spec_bits(p, st->bits, ds->loc) : ty_int;
    if (st->bits & SPEC_COMPLEX)
      report_iso_complex(st->bits, st->complex_loc);
  }
  if (!base)
    ds->auto_quals = st->quals;
  if (base) {
    if (st->quals)
      base = type_qualified(base, st->quals);
    if (st->type_std_attrs)
      base = apply_type_attrs(p, base, st->type_std_attrs, false, ds->loc);
  }
  ds->type = base;
}

/* declaration-specifiers:
     ( storage-class-specifier | type-specifier | type-qualifier
     | function-specifier | alignment-specifier | attribute )+
   with GNU attributes and __extension__ among them.  Returns false if
   nothing was a specifier.  */
bool parse_decl_specifiers(Parser *p, DeclSpec *ds, SpecsContext where) {
  memset(ds, 0, sizeof *ds);
  ds->loc = cur_loc(p);
  ds->std_attrs = p->lead_std_attrs;
  p->lead_std_attrs = NULL;
  SpecState st = {0};
  for (;;) {
    const Token *t = peek(p, 0);
    int kw = keyword_of(t);
    if (kw == KW_ATTRIBUTE) {
      ds->attrs = attr_concat(ds->attrs, parse_gnu_attributes(p));
      st.any = true;
    } else if (at_std_attribute(p)) {
      if (!st.any)
        ds->std_attrs = attr_concat(ds->std_attrs, parse_std_attributes(p));
      else
        st.type_std_attrs =
            attr_concat(st.type_std_attrs, parse_std_attributes(p));
    } else if (kw == KW_EXTENSION) {
      next(p);
    } else if (is_storage_keyword(kw)) {
      if (where == SPECS_MEMBER)
        break; /* not in a specifier-qualifier-list */
      spec_storage(p, ds, &st, kw, where != SPECS_TYPE_NAME);
    } else if (is_qualifier_keyword(kw)) {
      spec_qualifier(p, ds, &st, kw, t);
    } else if (kw == KW_ALIGNAS) {
      spec_alignas(p, ds, &st);
    } else if (ds->sc == SC_TYPEDEF && (st.bits || st.named) &&
               token_is_c23_keyword(t) && is_type_keyword(kw)) {
      /* typedef _Bool bool; from pre-C23 code */
      diag_c23_keyword_as_name(t, "'%s' cannot be defined via 'typedef'");
      next(p);
      ds->keyword_name = true;
    } else if (ds->defined_tag && (is_type_keyword(kw) || (!kw && is_typedef_name(p, t)))) {
      /* After a struct, union or enum definition a type specifier is
         taken, as GCC takes it, for a new declaration after a missing
         ';' (parse_declaration reports it).  */
      break;
    } else if (kw && is_type_keyword(kw)) {
      st.any = true;
      ds->has_type_spec = true;
      if (!spec_named_type(p, ds, &st, kw, t))
        spec_basic_keyword(p, &st, kw, t);
    } else if (t->kind == TK_IDENT && !kw && !st.named && !st.bits &&
               is_typedef_name(p, t)) {
      spec_typedef_name(p, ds, &st);
    } else if (!st.named && !st.bits && at_unknown_type_name(p, 0)) {
      /* recover as GCC does: an error, and the declaration goes on */
      Token n = next(p);
      diag_error(n.loc, "unknown type name '%s'", n.ident->name);
      st.any = true;
      ds->has_type_spec = true;
      st.named = ty_int;
    } else {
      break;
    }
  }
  if (!st.any)
    return false;
  spec_finish(p, ds, &st);
  return true;
}

/* typeof ( expression ) | typeof ( type-name ) */
static Type *parse_typeof(Parser *p, bool unqual) {
  expect_punct(p, P_LPAREN, NULL);
  Type *t;
  if (at_type_name_start(p)) {
    t = parse_type_name(p);
  } else {
    bool saved = p->in_sizeof_typeof;
    p->in_sizeof_typeof = true;
    Expr e = parse_expr(p);
    p->in_sizeof_typeof = saved;
    t = e.type ? e.type : ty_int;
    if (e.flags & EF_NULLPTR_T)
      t = type_basic(TY_NULLPTR);
    if (e.flags & EF_BITFIELD)
      diag_error(e.loc, "'typeof' applied to a bit-field");
  }
  expect_punct(p, P_RPAREN, NULL);
  if (unqual) {
    /* Strip qualifiers at the top level, through typedefs too.  */
    if (type_all_quals(t))
      t = type_unqualified(type_canon(t));
  }
  note_body_type(p, t);
  return t;
}

/* --- struct / union --- */

/* Find or create the tagged type NAME of KIND.  DEFINING: a definition
   follows; DECLARING_ONLY: `struct S;` (declares in this scope).  */
static Type *tag_type(Parser *p, TypeKind kind, Ident *name, SrcLoc loc,
                      bool defining, bool declaring_only) {
  Binding *b = lookup_tag(name);
  bool this_scope = b && b->depth == p->scopes.depth;
  if (b && (this_scope || (!defining && !declaring_only))) {
    Type *t = b->type;
    if (t->kind != kind) {
      diag_error(loc, "'%s' defined as wrong kind of tag", name->name);
      if (defining)
        b = NULL; /* recover: make a fresh tag below */
      else
        return t;
    } else {
      return t;
    }
  }
  Record *r = record_new(kind, name, loc);
  r->scope_depth = p->scopes.depth;
  Type *t = type_record(r);
  scope_bind_tag(&p->scopes, name, t);
  return t;
}

static void parse_struct_body(Parser *p, Record *r, Type *t);

/* Record a tag declaration/definition event for debug information.  */
static void record_tag_event(Parser *p, Type *t, SrcLoc loc, bool definition) {
  Decl *d = new_decl(p, DECL_TAG, t->u.rec->name, t, loc);
  d->rec = t->u.rec;
  d->tag_type = t;
  d->tag_is_definition = definition;
  if (!t->u.rec->tag_decl)
    t->u.rec->tag_decl = d;
  record_event(p, d);
}

static Type *parse_struct_or_union_inner(Parser *p, DeclSpec *ds);

/* C23 tag compatibility: a second definition of a tag in the same scope
   is no error when its content is the first's -- members of the same
   names, compatible types, places and widths, the same size and
   alignment.  */
static bool records_match(const Record *a, const Record *b) {
  if (a->kind != b->kind || a->nmembers != b->nmembers || a->size != b->size ||
      a->align != b->align)
    return false;
  for (int i = 0; i < a->nmembers; i++) {
    const Member *x = &a->members[i], *y = &b->members[i];
    if (x->name != y->name || x->bit_offset != y->bit_offset ||
        x->is_bitfield != y->is_bitfield || x->bit_width != y->bit_width ||
        !types_compatible(x->type, y->type, false))
      return false;
  }
  return true;
}

static Type *parse_struct_or_union(Parser *p, DeclSpec *ds) {
  nest_enter(p, "struct or union");
  Type *t = parse_struct_or_union_inner(p, ds);
  nest_leave(p);
  return t;
}

/* GCC's pedwarn for a struct or union none of whose members has a name
   (since C11 an anonymous struct or union member counts as named).  */
static void report_no_named_members(const Record *r, SrcLoc loc) {
  for (int i = 0; i < r->nmembers; i++)
    if (r->members[i].name ||
        (lang_year() >= 2011 && type_is_record(r->members[i].type)))
      return;
  const char *what = r->kind == TY_UNION ? "union" : "struct";
  diag_pedwarn(loc, W_PEDANTIC, "%s has no %smembers", what,
               r->nmembers ? "named " : "");
}

/* struct-or-union-specifier:
     struct-or-union attribute* identifier? { struct-declaration-list }
     struct-or-union attribute* identifier  */
static Type *parse_struct_or_union_inner(Parser *p, DeclSpec *ds) {
  Token kw = next(p);
  TypeKind kind = keyword_of(&kw) == KW_STRUCT ? TY_STRUCT : TY_UNION;
  Attr *attrs = parse_any_attributes(p);
  Ident *name = NULL;
  SrcLoc loc = kw.loc;
  if (peek(p, 0)->kind == TK_IDENT && !peek(p, 0)->ident->keyword) {
    Token n = next(p);
    name = n.ident;
    loc = n.loc;
  }
  p->input_loc = name ? loc : cur_loc(p); /* the name, else the '{' */
  if (!name && !at_punct(p, P_LBRACE)) {
    syntax_error(p, peek(p, 0), "'{'");
    return ty_int;
  }
  if (!at_punct(p, P_LBRACE)) {
    /* A reference, or a declaration `struct S;`.  */
    bool decl_only = at_punct(p, P_SEMI) && !ds->has_type_spec &&
                     !ds->typedef_name;
    Type *t = tag_type(p, kind, name, loc, false, decl_only);
    ds->declared_tag = decl_only;
    ds->tag_type = t;
    if (attrs)
      t = apply_type_attrs(p, t, attrs, !t->u.rec->complete, loc);
    if (decl_only)
      record_tag_event(p, t, loc, false);
    return t;
  }
  Type *t;
  Record *r;
  Record *first_def = NULL; /* a C23 redefinition, checked once parsed */
  if (name) {
    t = tag_type(p, kind, name, loc, true, false);
    r = t->u.rec;
    if (r->complete || r->being_defined) {
      if (r->complete && lang_year() >= 2023)
        first_def = r;
      else {
        diag_error(loc, "redefinition of '%s %s'",
                   kind == TY_STRUCT ? "struct" : "union", name->name);
        diag_note(r->def_loc, "originally defined here");
      }
      r = record_new(kind, name, loc);
      r->scope_depth = p->scopes.depth;
      t = type_record(r);
      if (first_def) /* the tag names the newest definition, as GCC's */
        scope_bind_tag(&p->scopes, name, t);
    }
  } else {
    r = record_new(kind, NULL, loc);
    r->scope_depth = p->scopes.depth;
    t = type_record(r);
  }
  r->def_loc = loc;
  r->being_defined = true;
  SrcLoc where = name ? loc : cur_loc(p); /* the name, else the brace */
  parse_struct_body(p, r, t);
  /* Attributes after the closing brace belong to the type; GCC applies
     them with those before the name once the definition is complete.  */
  Attr *post = parse_any_attributes(p);
  SrcLoc at = p->input_loc;
  apply_record_attrs(p, r, attrs, at);
  /* #pragma clang attribute push(...) applies to records.  */
  for (size_t i = 0; i < p->clang_attr_stack.len; i++)
    apply_record_attrs(p, r, p->clang_attr_stack.data[i], at);
  apply_record_attrs(p, r, post, at);
  report_no_named_members(r, loc);
  r->pack = p->pack;
  if (!layout_record(r))
    diag_error(where, "type %s is too large", type_quoted(t));
  t->depth = record_depth(r);
  if (t->depth > MAX_TYPE_DEPTH)
    parse_fatal(p, loc, "type nested too deeply (more than %d levels)",
                MAX_TYPE_DEPTH);
  r->being_defined = false;
  t->flags &= (uint16_t)~TYF_INCOMPLETE;
  t->size = r->size;
  t->align = r->align;
  if (first_def && !records_match(first_def, r)) {
    diag_error(loc, "redefinition of struct or union '%s %s'",
               kind == TY_STRUCT ? "struct" : "union", name->name);
    diag_note(first_def->def_loc, "originally defined here");
  }
  Attr *all = attr_concat(attrs, post);
  for (Attr *a = all; a; a = a->next)
    if (!strcmp(a->name->name, "btf_type_tag") || !strcmp(a->name->name, "transparent_union")) {
      Attr one = *a;
      one.next = NULL;
      t = apply_type_attrs(p, t, &one, true, a->loc);
    }
  ds->defined_tag = true;
  ds->tag_type = t;
  record_tag_event(p, t, loc, true);
  return t;
}

/* Check a completed member type; returns false after an error.  */
static bool check_member_type(Member *members, size_t idx, size_t n,
                              Record *r) {
  Member *m = &members[idx];
  bool last = idx + 1 == n;
  Type *c = type_canon(m->type);
  if (c->kind == TY_FUNC) {
    diag_error(m->loc, "field '%s' declared as a function",
               m->name ? m->name->name : "");
    return false;
  }
  if (!type_is_complete(m->type)) {
    if (c->kind == TY_ARRAY && c->u.array.len < 0) {
      if (!last) {
        diag_error(m->loc, "flexible array member not at end of struct");
        return false;
      }
      if (r->kind == TY_UNION) {
        diag_error(m->loc, "flexible array member in union");
        return false;
      }
      bool named = false;
      for (Member *o = members; o < m; o++)
        if (o->name || !o->is_bitfield)
          named = true;
      if (!named) {
        diag_error(m->loc, "flexible array member in a struct with no named members");
        return false;
      }
      r->has_flex = true;
      diag_pedwarn_c90(m->loc, W_PEDANTIC,
                       "ISO C90 does not support flexible array members");
      return true;
    }
    diag_error(m->loc, "field '%s' has incomplete type",
               m->name ? m->name->name : "");
    return false;
  }
  return true;
}

/* Stamp M's name (or the names inside an anonymous member) with STAMP,
   reporting a name stamped already.  */
static void mark_member_names(const Member *m, uint32_t stamp) {
  if (m->name) {
    if (m->name->mark == stamp)
      diag_error(m->loc, "duplicate member '%s'", m->name->name);
    m->name->mark = stamp;
    return;
  }
  Type *c = type_canon(m->type);
  if ((c->kind == TY_STRUCT || c->kind == TY_UNION) && !m->is_bitfield)
    for (int i = 0; i < c->u.rec->nmembers; i++)
      mark_member_names(&c->u.rec->members[i], stamp);
}

/* struct-declaration, without its ';':
     specifier-qualifier-list struct-declarator-list?
   struct-declarator: declarator | declarator? : constant-expression
   Its members go on the parser's member stack.  After a syntax error it
   stops where GCC's c_parser_struct_declaration stops; the caller
   resynchronises.  */
static void parse_struct_declaration(Parser *p) {
  DeclSpec ds;
  SrcLoc loc = cur_loc(p);
  if (!parse_decl_specifiers(p, &ds, SPECS_MEMBER)) {
    syntax_error_at(p, loc, peek(p, 0), "specifier-qualifier-list");
    return;
  }
  if (!ds.type) {
    diag_error(loc, "'__auto_type' used with a member");
    ds.type = ty_int;
  }
  /* Anonymous struct/union member (C11), or a useless declaration.  */
  if (at_punct(p, P_SEMI)) {
    SrcLoc semi = cur_loc(p); /* the caller takes the ';' */
    Type *c = type_canon(ds.type);
    if (c->kind == TY_STRUCT || c->kind == TY_UNION) {
      if (!c->u.rec->name || ds.defined_tag ||
          ctx_current->lang.gnu /* -fms-extensions-like: GCC accepts tagged anonymous only with -fms-extensions */) {
        if (c->u.rec->name && !ds.defined_tag) {
          diag_warning(semi, W_OTHER, "declaration does not declare anything");
          return;
        }
        diag_pedwarn_c99(semi, W_PEDANTIC, "ISO C%s doesn't support unnamed structs/unions",
                         lang_year() < 1999 ? "90" : "99");
        Member m = {0};
        m.type = ds.type;
        m.bit_width = -1;
        m.loc = loc;
        apply_member_attrs(p, &m, ds.attrs);
        if (ds.alignas > m.user_align)
          m.user_align = ds.alignas; /* _Alignas acts as aligned */
        vec_push(&p->member_stack, m);
        return;
      }
    }
    diag_warning(semi, W_OTHER, "declaration does not declare anything");
    return;
  }
  for (;;) {
    Member m = {0};
    m.bit_width = -1;
    m.loc = cur_loc(p);
    Declarator d = {0};
    Attr *attrs = NULL;
    if (!at_punct(p, P_COLON)) {
      bool clean = !p->syntax_error_pending;
      parse_declarator(p, &ds, &d, false);
      if (clean && p->syntax_error_pending) { /* no declarator */
        skip_to_decl_end(p);
        return;
      }
      if (!at_punct(p, P_COLON) && !at_punct(p, P_COMMA) && !at_punct(p, P_SEMI) &&
          !at_punct(p, P_RBRACE) && at_keyword(p) != KW_ATTRIBUTE) {
        syntax_error(p, peek(p, 0), "':', ',', ';', '}' or '__attribute__'");
        return;
      }
      m.name = d.name;
      m.type = d.type;
      m.loc = d.loc;
      attrs = d.attrs;
    } else {
      m.type = ds.type;
    }
    if (accept_punct(p, P_COLON)) {
      /* errors at the member's name, as GCC reports them */
      SrcLoc wl = m.name ? m.loc : cur_loc(p);
      int64_t w;
      bool u;
      if (parse_int_const_expr(p, &w, &u)) {
        Type *c = type_canon(m.type);
        /* only an integer type's size is read: an array member's may
           be near INT64_MAX */
        int64_t max_bits =
            type_is_integer(m.type) ? type_size(m.type) * 8 : 0;
        if (!type_is_integer(m.type)) {
          diag_error(wl, "bit-field '%s' has invalid type",
                     m.name ? m.name->name : "<anonymous>");
        } else if (w < 0) {
          diag_error(wl, "negative width in bit-field '%s'",
                     m.name ? m.name->name : "<anonymous>");
        } else if (w > max_bits) {
          diag_error(wl, "width of '%s' exceeds its type",
                     m.name ? m.name->name : "<anonymous>");
        } else if (w == 0 && m.name) {
          diag_error(wl, "zero width for bit-field '%s'", m.name->name);
        } else {
          m.is_bitfield = true;
          m.bit_width = (int32_t)w;
          if (m.name && w > 0 && c->kind == TY_ENUM &&
              w < enum_value_bits(c))
            diag_warning(wl, W_NONE, "'%s' is narrower than values of its type",
                         m.name->name);
        }
      }
    }
    attrs = attr_concat(attrs, parse_any_attributes(p));
    /* Specifier attributes apply to each member; then the member's.  */
    check_tag_placement(p, &ds, &d, false);
    apply_member_attrs(p, &m, ds.attrs);
    apply_member_attrs(p, &m, attrs);
    if (ds.alignas && m.bit_width >= 0)
      diag_error(m.loc, "alignment specified for bit-field '%s'",
                 m.name ? m.name->name : "<anonymous>");
    else if (ds.alignas > m.user_align)
      m.user_align = ds.alignas; /* _Alignas acts as aligned */
    vec_push(&p->member_stack, m);
    if (accept_punct(p, P_COMMA))
      continue;
    if (!at_punct(p, P_SEMI) && !at_punct(p, P_RBRACE))
      syntax_error(p, peek(p, 0), "',', ';' or '}'");
    return;
  }
}

/* struct-declaration-list between braces:
     ( struct-declaration ; | static_assert-declaration | ; )*
   After a syntax error the rest of the body is skipped, as GCC does. */
static void parse_struct_body(Parser *p, Record *r, Type *t) {
  (void)t;
  expect_punct(p, P_LBRACE, NULL);
  /* The members are pushed on the parser's member stack (a nested body
     pushes above them and pops back), then copied once into the record. */
  size_t base = p->member_stack.len;
  for (;;) {
    if (accept_punct(p, P_RBRACE))
      break;
    if (at_eof(p)) { /* GCC's words for the member it looked for */
      syntax_error(p, peek(p, 0), "specifier-qualifier-list");
      break;
    }
    if (at_punct(p, P_SEMI)) {
      diag_pedwarn(next(p).loc, W_PEDANTIC,
                   "extra semicolon in struct or union specified");
      continue;
    }
    if (at_keyword(p) == KW_STATIC_ASSERT) {
      parse_static_assert(p);
      continue;
    }
    parse_struct_declaration(p);
    if (accept_punct(p, P_SEMI))
      continue;
    if (at_punct(p, P_RBRACE)) {
      diag_pedwarn(cur_loc(p), W_OTHER, "no semicolon at end of struct or union");
      continue;
    }
    if (p->syntax_error_pending || !at_declaration_start(p)) {
      syntax_error(p, peek(p, 0), "';'");
      skip_until_found(p, P_RBRACE);
      break;
    }
    /* a ';' missing before the next member: said already */
  }
  /* Check member types: those that pass go into the record.  */
  size_t n = p->member_stack.len - base, kept = 0;
  Member *parsed = n ? p->member_stack.data + base : NULL;
  Member *members = n ? NEW_ARRAY(Member, n) : NULL;
  for (size_t i = 0; i < n; i++)
    if (check_member_type(parsed, i, n, r))
      members[kept++] = parsed[i];
  p->member_stack.len = base;
  /* Duplicate names (anonymous members' names count too): one pass with
     a fresh stamp on each name.  */
  uint32_t stamp = ++p->member_stamp;
  for (size_t i = 0; i < kept; i++)
    mark_member_names(&members[i], stamp);
  r->nmembers = (int)kept;
  r->members = kept ? members : NULL;
}

/* --- enum --- */

/* enum-specifier:
     enum attribute* identifier? ( : type-name )? { enumerator-list ,? }
     enum attribute* identifier
   enumerator: enumeration-constant attribute* ( = constant-expression )?  */
/* The enumerator of R that declaration D declares, or NULL.  */
static const Enumerator *find_enumerator(const Record *r, const Decl *d) {
  for (int i = 0; i < r->nenums; i++)
    if (r->enums[i].decl == d)
      return &r->enums[i];
  return NULL;
}

/* C23 tag compatibility of enums: a second definition in the same scope
   is no error when it has the same enumerators, in the same order, with
   the same values, and the same fixed underlying type, if any, as the
   first (FIXED: the second's).  */
static bool enums_match(const Record *first, const Enumerator *ens, size_t n,
                        Type *fixed) {
  if ((size_t)first->nenums != n || (fixed && !first->fixed_base))
    return false;
  for (size_t i = 0; i < n; i++)
    if (first->enums[i].name != ens[i].name || first->enums[i].value != ens[i].value ||
        first->enums[i].big_unsigned != ens[i].big_unsigned)
      return false;
  return true;
}

/* GCC's errors for a C23 enum redefinition whose underlying type differs
   from the first's: the first fixed and the second a different one, or
   the second fixed and the first not (a first fixed type with no second
   one is accepted).  */
static void check_enum_redefinition_base(const Record *first, Type *fixed, SrcLoc loc) {
  if (!fixed)
    return;
  if (!first->fixed_base)
    diag_error(loc, "'enum' declared both with and without fixed underlying type");
  else if (type_canon(fixed) != first->enum_int)
    diag_error(loc, "'enum' underlying type incompatible with previous declaration");
}

static Type *parse_enum(Parser *p, DeclSpec *ds) {
  (void)next(p);
  Attr *attrs = parse_any_attributes(p);
  Ident *name = NULL;
  /* GCC locates an enum at the token after the keyword and attributes:
     its name, or the '{' of an anonymous one (a struct at its name or
     keyword).  */
  SrcLoc loc = peek(p, 0)->loc;
  if (peek(p, 0)->kind == TK_IDENT && !peek(p, 0)->ident->keyword) {
    Token n = next(p);
    name = n.ident;
    loc = n.loc;
  }
  p->input_loc = loc;
  /* C23 enum-type-specifier `: type` (in a member, `enum E : 3` is a
     bit-field instead).  */
  Type *fixed = NULL;
  if (at_punct(p, P_COLON)) {
    const Token *t1 = peek(p, 1);
    int kw1 = keyword_of(t1);
    if (kw1 ? keyword_starts_type_name(kw1) : is_typedef_name(p, t1)) {
      next(p);
      fixed = parse_type_name(p);
    }
  }
  if (!name && !at_punct(p, P_LBRACE)) {
    syntax_error(p, peek(p, 0), "'{'");
    return ty_int;
  }
  if (!at_punct(p, P_LBRACE)) {
    bool decl_only = at_punct(p, P_SEMI) && !ds->has_type_spec;
    Type *t = tag_type(p, TY_ENUM, name, loc, false, decl_only);
    if (fixed && !t->u.rec->complete) {
      t->u.rec->fixed_base = true;
      t->u.rec->enum_int = type_canon(fixed);
      t->u.rec->size = type_size(fixed);
      t->u.rec->align = type_align(fixed);
      t->u.rec->complete = true;
    }
    ds->declared_tag = decl_only;
    ds->tag_type = t;
    if (decl_only)
      record_tag_event(p, t, loc, false);
    return t;
  }
  Type *t;
  Record *first_def = NULL; /* a C23 redefinition, checked once parsed */
  if (name) {
    t = tag_type(p, TY_ENUM, name, loc, true, false);
    if (t->u.rec->complete && t->u.rec->nenums) {
      if (lang_year() >= 2023) {
        first_def = t->u.rec;
        check_enum_redefinition_base(first_def, fixed, loc);
      } else {
        diag_error(loc, "redeclaration of 'enum %s'", name->name);
        diag_note(t->u.rec->def_loc, "originally defined here");
      }
      Record *r = record_new(TY_ENUM, name, loc);
      r->scope_depth = p->scopes.depth;
      t = type_record(r);
      if (first_def) /* the tag names the newest definition, as GCC's */
        scope_bind_tag(&p->scopes, name, t);
    }
  } else {
    Record *r = record_new(TY_ENUM, NULL, loc);
    r->scope_depth = p->scopes.depth;
    t = type_record(r);
  }
  Record *r = t->u.rec;
  r->def_loc = loc;
  next(p); /* { */
  /* The enumerators are pushed on the parser's stack (an enum defined
     inside a value pushes above them and pops back), then copied once. */
  size_t base = p->enum_stack.len;
  int64_t value = 0;
  bool value_unsigned = false;
  bool first = true;
  bool bad_list = false;
  while (!at_punct(p, P_RBRACE)) {
    const Token *nt = peek(p, 0);
    if (nt->kind != TK_IDENT || nt->ident->keyword) {
      /* the rest of the list is skipped (enum { false, true } from
         pre-C23 code has GCC's words for its first name) */
      if (token_is_c23_keyword(nt))
        diag_c23_keyword_as_name(nt, "cannot use keyword '%s' as enumeration constant");
      else
        syntax_error(p, nt, "identifier");
      bad_list = true;
      while (!at_eof(p) && !at_punct(p, P_RBRACE) && !at_punct(p, P_SEMI))
        skip_balanced(p);
      break;
    }
    Token n = next(p);
    p->input_loc = n.loc;
    Attr *eattrs = parse_any_attributes(p);
    (void)eattrs;
    bool explicit_value = at_punct(p, P_ASSIGN);
    if (!first && !explicit_value) {
      if (!value_unsigned && value == INT64_MAX)
        diag_error(n.loc, "overflow in enumeration values");
      value = (int64_t)((uint64_t)value + 1);
      if (value_unsigned && value == 0)
        diag_error(n.loc, "overflow in enumeration values");
    }
    if (accept_punct(p, P_ASSIGN)) {
      int64_t v;
      bool u;
      if (parse_int_const_expr(p, &v, &u)) {
        value = v;
        value_unsigned = u && v < 0;
      }
    }
    first = false;
    Enumerator e = {n.ident, value, value_unsigned, n.loc, NULL};
    Decl *d = new_decl(p, DECL_ENUM_CONST, n.ident, NULL, n.loc);
    d->enum_value = value;
    d->tag_type = t;
    bool fits_int = value >= INT32_MIN && value <= INT32_MAX && !value_unsigned;
    d->type = fits_int ? ty_int
              : value_unsigned || value > INT64_MAX / 2 ? ty_ulong : ty_long;
    if (!fits_int && value >= 0 && value <= (int64_t)UINT32_MAX)
      d->type = ty_uint;
    if (fixed)
      d->type = t;
    Decl *prev = lookup_ordinary(n.ident);
    Binding *pb = lookup_ordinary_binding(n.ident);
    if (prev && pb->depth == p->scopes.depth) {
      const Enumerator *same = first_def ? find_enumerator(first_def, prev) : NULL;
      if (!same) {
        diag_error(n.loc, "redeclaration of enumerator '%s'", n.ident->name);
        diag_note(prev->loc, "previous definition of '%s' with type %s",
                  n.ident->name, type_quoted(decl_type_shown(prev)));
      } else if (same->value != value || same->big_unsigned != value_unsigned) {
        diag_error(n.loc, "conflicting redeclaration of enumerator '%s'",
                   n.ident->name);
        diag_note(prev->loc, "previous definition of '%s' with type %s",
                  n.ident->name, type_quoted(decl_type_shown(prev)));
      }
    }
    scope_bind_ordinary(&p->scopes, n.ident, d);
    e.decl = d;
    vec_push(&p->enum_stack, e);
    if (!at_punct(p, P_COMMA))
      break;
    SrcLoc comma = next(p).loc;
    if (at_punct(p, P_RBRACE))
      diag_pedwarn_c90(comma, W_PEDANTIC, "comma at end of enumerator list");
  }
  expect_punct(p, P_RBRACE, "',' or '}'"); /* after an enumerator */
  size_t nens = p->enum_stack.len - base;
  Enumerator *ens = nens ? p->enum_stack.data + base : NULL;
  if (nens == 0 && !bad_list)
    diag_error(loc, "empty enum is invalid");
  if (first_def && nens && !enums_match(first_def, ens, nens, fixed))
    diag_error(ens[nens - 1].loc, "conflicting redefinition of enum 'enum %s'",
               name->name);
  r->nenums = (int)nens;
  r->enums = nens ? NEW_ARRAY(Enumerator, nens) : NULL;
  if (nens)
    memcpy(r->enums, ens, nens * sizeof(Enumerator));
  p->enum_stack.len = base;
  Attr *post = parse_any_attributes(p);
  Attr *all = attr_concat(attrs, post);
  report_type_attrs(all, p->input_loc);
  bool packed = attr_find(all, "packed") != NULL;
  int64_t mode_size = 0;
  Attr *mode = attr_find(all, "mode");
  if (mode && mode->nargs == 1 && mode->args[0].kind == AARG_IDENT) {
    const char *m = mode->args[0].ident->name;
    while (*m == '_')
      m++;
    mode_size = !strncmp(m, "QI", 2) || !strncmp(m, "byte", 4) ? 1
              : !strncmp(m, "HI", 2) ? 2 : !strncmp(m, "SI", 2) ? 4
              : !strncmp(m, "DI", 2) || !strncmp(m, "word", 4) ? 8
              : !strncmp(m, "TI", 2) ? 16 : 0;
  }
  if (fixed) {
    r->fixed_base = true;
    r->enum_int = type_canon(fixed);
    r->size = type_size(fixed);
    r->align = type_align(fixed);
    r->complete = true;
  } else {
    layout_enum(r, packed, mode_size);
  }
  for (Attr *a = all; a; a = a->next)
    if (!strcmp(a->name->name, "aligned") ||
        !strcmp(a->name->name, "btf_type_tag")) {
      Attr one = *a;
      one.next = NULL;
      apply_type_attrs(p, t, &one, true, a->loc);
      if (r->user_align > r->align)
        r->align = r->user_align;
    }
  t->flags &= (uint16_t)~TYF_INCOMPLETE;
  t->size = r->size;
  t->align = r->align;
  ds->defined_tag = true;
  ds->tag_type = t;
  record_tag_event(p, t, loc, true);
  return t;
}

/* --- Declarators --- */

static void parse_params(Parser *p, SuffixOp *op);

static bool at_param_list_start(Parser *p) {
  /* After '(' in an abstract declarator: a parameter list if a type or
     ')' follows.  */
  return at_punct(p, P_RPAREN) || at_declaration_start(p) ||
         at_punct(p, P_ELLIPSIS);
}

/* array-declarator suffix: [ static? qualifiers? static? expr? ] | [*] */
static void parse_array_suffix(Parser *p, SuffixOp *op) {
  op->kind = SUF_ARRAY;
  op->loc = cur_loc(p);
  next(p); /* [ */
  op->len = -1;
  for (;;) {
    int kw = at_keyword(p);
    if (kw == KW_STATIC) {
      next(p);
    } else if (is_qualifier_keyword(kw)) {
      next(p);
      op->quals |= kw == KW_CONST ? Q_CONST : kw == KW_VOLATILE ? Q_VOLATILE
                 : kw == KW_RESTRICT ? Q_RESTRICT : Q_ATOMIC;
    } else if (kw == KW_ATTRIBUTE) {
      parse_gnu_attributes(p);
    } else {
      break;
    }
  }
  if (at_punct(p, P_STAR) && at_punct_n(p, 1, P_RBRACKET)) {
    next(p);
    op->star = true;
    op->vla = true;
  } else if (!at_punct(p, P_RBRACKET)) {
    SrcLoc el = cur_loc(p);
    Expr e = parse_assign_expr(p);
    e = expr_rvalue(p, e);
    if (e.type && !type_is_integer(e.type)) {
      diag_error(el, "size of array has non-integer type");
    } else if (e.cv.kind == CV_INT) {
      int64_t v = e.cv.i;
      if (v < 0 && type_is_signed(e.type)) {
        op->negative = true; /* reported with the declarator's name */
        v = 1;
      }
      op->len = v;
    } else if (e.type) {
      op->vla = true;
      if (p->scopes.depth == 0)
        diag_error(el, "variably modified type at file scope");
    }
  }
  expect_punct(p, P_RBRACKET, NULL);
  if (at_std_attribute(p))
    op->attrs = parse_std_attributes(p);
}

/* One level of declarator: pointer* ( direct-declarator ) suffixes.  */
static DeclLevel *parse_declarator_level_inner(Parser *p, bool abstract);

static DeclLevel *parse_declarator_level(Parser *p, bool abstract) {
  nest_enter(p, "declarator");
  DeclLevel *lv = parse_declarator_level_inner(p, abstract);
  nest_leave(p);
  return lv;
}

/* declarator: pointer? direct-declarator
   pointer: * type-qualifier-list? pointer?
   direct-declarator: identifier | ( declarator )
                      | direct-declarator [ ... ] | direct-declarator ( ... )
   (abstract: the identifier may be missing).  */
static DeclLevel *parse_declarator_level_inner(Parser *p, bool abstract) {
  DeclLevel *lv = arena_alloc(&p->scratch, sizeof(DeclLevel));
  VEC(PtrOp) ptrs = {0};
  while (at_punct(p, P_STAR) || (at_punct(p, P_CARET))) {
    PtrOp op = {0};
    op.loc = next(p).loc;
    for (;;) {
      int kw = at_keyword(p);
      if (is_qualifier_keyword(kw) && !(kw == KW_ATOMIC && at_punct_n(p, 1, P_LPAREN))) {
        next(p);
        op.quals |= kw == KW_CONST ? Q_CONST : kw == KW_VOLATILE ? Q_VOLATILE
                  : kw == KW_RESTRICT ? Q_RESTRICT : Q_ATOMIC;
      } else if (kw == KW_ATTRIBUTE || at_std_attribute(p)) {
        op.attrs = attr_concat(op.attrs, parse_any_attributes(p));
      } else if (kw == KW_EXTENSION) {
        next(p);
      } else {
        break;
      }
    }
    vec_push(&ptrs, op);
  }
  if (ptrs.len) {
    lv->nptrs = (int)ptrs.len;
    lv->ptrs = arena_alloc(&p->scratch, sizeof(PtrOp) * ptrs.len);
    memcpy(lv->ptrs, ptrs.data, sizeof(PtrOp) * ptrs.len);
  }
  vec_free(&ptrs);
  /* direct-declarator */
  const Token *t = peek(p, 0);
  if (t->kind == TK_IDENT && !t->ident->keyword) {
    /* An identifier here is the declared name, even if it is also a
       typedef name (C17 6.7.6.3p11 only concerns `(T)`).  */
    Token n = next(p);
    lv->name = n.ident;
    lv->name_loc = n.loc;
    if (at_std_attribute(p))
      lv->name_attrs = parse_std_attributes(p);
  } else if (at_punct(p, P_LPAREN)) {
    /* Nested declarator, unless this is an abstract function suffix.  */
    bool nested = true;
    if (abstract) {
      next(p);
      if (at_param_list_start(p) && !at_attribute_start(p))
        nested = false;
      else if (at_attribute_start(p)) {
        nested = true;
      }
      if (nested) {
        Attr *ia = parse_any_attributes(p);
        if (abstract && at_param_list_start(p) && !at_punct(p, P_STAR) &&
            !at_punct(p, P_LPAREN) && !at_punct(p, P_LBRACKET)) {
          /* ( attributes parameter-list ): a function suffix after all.  */
          SuffixOp op = {0};
          op.kind = SUF_FUNC;
          op.loc = cur_loc(p);
          parse_params(p, &op);
          lv->nsufs = 1;
          lv->sufs = arena_alloc(&p->scratch, sizeof(SuffixOp));
          lv->sufs[0] = op;
          goto suffixes;
        }
        lv->inner_attrs = ia;
        lv->inner = parse_declarator_level(p, abstract);
        expect_punct(p, P_RPAREN, NULL);
      } else {
        SuffixOp op = {0};
        op.kind = SUF_FUNC;
        op.loc = cur_loc(p);
        parse_params(p, &op);
        lv->nsufs = 1;
        lv->sufs = arena_alloc(&p->scratch, sizeof(SuffixOp));
        lv->sufs[0] = op;
      }
    } else {
      next(p);
      lv->inner_attrs = parse_any_attributes(p);
      lv->inner = parse_declarator_level(p, abstract);
      expect_punct(p, P_RPAREN, NULL);
    }
  } else if (!abstract) {
    syntax_error(p, t, "identifier or '('");
  }
suffixes:;
  VEC(SuffixOp) sufs = {0};
  for (int i = 0; i < lv->nsufs; i++)
    vec_push(&sufs, lv->sufs[i]);
  for (;;) {
    if (at_punct(p, P_LBRACKET) && !at_std_attribute(p)) {
      SuffixOp op = {0};
      parse_array_suffix(p, &op);
      vec_push(&sufs, op);
    } else if (at_punct(p, P_LPAREN)) {
      SuffixOp op = {0};
      op.kind = SUF_FUNC;
      op.loc = cur_loc(p);
      next(p);
      parse_params(p, &op);
      vec_push(&sufs, op);
    } else {
      break;
    }
  }
  lv->nsufs = (int)sufs.len;
  if (sufs.len) {
    lv->sufs = arena_alloc(&p->scratch, sizeof(SuffixOp) * sufs.len);
    memcpy(lv->sufs, sufs.data, sizeof(SuffixOp) * sufs.len);
  }
  vec_free(&sufs);
  return lv;
}

/* GCC's error for a parameter named twice in one list (`int a, int a`),
   with its note at the first.  */
static void report_parameter_redefinition(Parser *p, const Decl *pd) {
  Binding *b = lookup_ordinary_binding(pd->name);
  if (!b || b->depth != p->scopes.depth || !b->decl || b->decl->kind != DECL_PARAM)
    return;
  diag_error(pd->loc, "redefinition of parameter '%s'", pd->name->name);
  diag_note(b->decl->loc, "previous definition of '%s' with type %s",
            pd->name->name, type_quoted(b->decl->type));
}

/* parameter-type-list or identifier-list, after '('; consumes ')'.
   parameter-type-list: parameter-list ( , ... )?
   parameter-declaration:
     declaration-specifiers ( declarator | abstract-declarator? )  */
/* A parameter's storage-class and function specifiers, as GCC reports
   them (register alone is allowed).  */
static void report_param_specifiers(Parser *p, const DeclSpec *ds, const Declarator *d) {
  if ((ds->sc != SC_NONE && ds->sc != SC_REGISTER) || ds->is_thread_local ||
      ds->is_constexpr) {
    if (d->name)
      diag_error(d->loc, "storage class specified for parameter '%s'", d->name->name);
    else
      diag_error(p->input_loc, "storage class specified for unnamed parameter");
  }
  if (d->name && ds->is_inline)
    diag_pedwarn(d->loc, W_OTHER, "parameter '%s' declared 'inline'", d->name->name);
  if (d->name && ds->is_noreturn)
    diag_pedwarn(d->loc, W_OTHER, "parameter '%s' declared '_Noreturn'", d->name->name);
}

static void parse_params(Parser *p, SuffixOp *op) {
  VEC(Param) params = {0};
  scope_enter(&p->scopes);
  /* Old-style identifier list: f(a, b).  */
  const Token *t = peek(p, 0);
  if (t->kind == TK_IDENT && !t->ident->keyword && !is_typedef_name(p, t) &&
      (at_punct_n(p, 1, P_COMMA) || at_punct_n(p, 1, P_RPAREN))) {
    VEC(Ident *) names = {0};
    do {
      Token n = next(p);
      if (n.kind != TK_IDENT) {
        syntax_error(p, &n, "identifier");
        break;
      }
      vec_push(&names, n.ident);
    } while (accept_punct(p, P_COMMA));
    expect_punct(p, P_RPAREN, NULL);
    op->oldstyle = true;
    op->nnames = (int)names.len;
    op->names = arena_alloc(&p->scratch, sizeof(Ident *) * names.len);
    memcpy(op->names, names.data, sizeof(Ident *) * names.len);
    vec_free(&names);
    scope_leave(&p->scopes);
    return;
  }
  if (at_punct(p, P_RPAREN)) {
    next(p);
    op->oldstyle = lang_year() < 2023; /* f() has no prototype before C23 */
    scope_leave(&p->scopes);
    return;
  }
  for (;;) {
    if (accept_punct(p, P_ELLIPSIS)) {
      op->variadic = true;
      if (!params.len && lang_year() < 2023)
        diag_error(p->prev.loc, "ISO C requires a named argument before '...'");
      break;
    }
    DeclSpec ds;
    SrcLoc loc = cur_loc(p);
    bool saved_expect = p->expect_type_name;
    p->expect_type_name = true;
    bool have_specs = parse_decl_specifiers(p, &ds, SPECS_PARAMETER);
    p->expect_type_name = saved_expect;
    if (!have_specs) {
      syntax_error_at(p, loc, peek(p, 0), "declaration specifiers or '...'");
      while (!at_eof(p) && !at_punct(p, P_RPAREN) && !at_punct(p, P_SEMI) &&
             !at_punct(p, P_LBRACE))
        skip_balanced(p);
      break;
    }
    if (!ds.type) {
      diag_error(loc, "'__auto_type' used in a parameter");
      ds.type = ty_int;
    }
    Declarator d = {0};
    parse_declarator(p, &ds, &d, true);
    report_param_specifiers(p, &ds, &d);
    Attr *attrs = attr_concat(d.attrs, parse_any_attributes(p));
    Param prm = {0};
    prm.name = d.name;
    prm.loc = d.name ? d.loc : loc;
    prm.type = d.type;
    /* Attributes on a parameter: decl tags for it, type attributes for
       its type (as for any declaration).  */
    check_tag_placement(p, &ds, &d, true);
    apply_param_attrs(p, &prm, attr_concat(ds.attrs, attrs));
    prm.type = type_param_adjusted(prm.type, 0);
    /* (void) means no parameters.  */
    if (params.len == 0 && !d.name && type_is_void(prm.type) &&
        prm.type == type_canon(prm.type) && !prm.type->quals &&
        at_punct(p, P_RPAREN) && d.type == ds.type) {
      break;
    }
    if (type_is_void(prm.type)) {
      diag_error(prm.loc, "'void' must be the only parameter");
      prm.type = ty_int;
    }
    if (d.name) {
      Decl *pd = new_decl(p, DECL_PARAM, d.name, prm.type, d.loc);
      report_parameter_redefinition(p, pd);
      scope_bind_ordinary(&p->scopes, d.name, pd);
    }
    vec_push(&params, prm);
    if (accept_punct(p, P_COMMA))
      continue;
    if (!at_punct(p, P_RPAREN)) {
      /* GCC's words (';' for its forward parameter declarations), at
         the token, even at the end of input  */
      const Token *t = peek(p, 0);
      p->input_loc = t->loc;
      syntax_error(p, t, "';', ',' or ')'");
      skip_until_found(p, P_RPAREN);
      p->declarator_failed = true;
      scope_leave(&p->scopes);
      vec_free(&params);
      return;
    }
    break;
  }
  expect_punct(p, P_RPAREN, NULL);
  scope_leave(&p->scopes);
  op->nparams = (int)params.len;
  if (params.len) {
    op->params = NEW_ARRAY(Param, params.len);
    memcpy(op->params, params.data, sizeof(Param) * params.len);
  }
  vec_free(&params);
  if (at_std_attribute(p))
    op->attrs = parse_std_attributes(p);
}

/* The length of array suffix OP over element type ELEM, or 0 after an
   error when the array would be larger than the largest object (its
   size must fit in a signed 64-bit byte count, as in GCC).  */
static int64_t array_len_in_bounds(const SuffixOp *op, Type *elem, const Declarator *out) {
  int64_t es = type_size(elem);
  if (op->len <= 0 || es <= 0 || op->len <= INT64_MAX / es)
    return op->len;
  uint64_t bytes = (uint64_t)op->len * (uint64_t)es;
  bool wrapped = (uint64_t)op->len > UINT64_MAX / (uint64_t)es;
  const char *name = out->name ? out->name->name : NULL;
  SrcLoc loc = name ? out->loc : op->loc;
  if (name && !wrapped)
    diag_error(loc, "size '%llu' of array '%s' exceeds maximum object size '%lld'",
               (unsigned long long)bytes, name, (long long)INT64_MAX);
  else if (name)
    diag_error(loc, "size of array '%s' exceeds maximum object size '%lld'", name,
               (long long)INT64_MAX);
  else
    diag_error(loc, "size of unnamed array exceeds maximum object size '%lld'",
               (long long)INT64_MAX);
  return 0;
}

/* Build the type of one declarator level over BASE; returns decl
   attributes found inside (GNU attributes that are not type attributes). */
/* GCC's pedwarns for an array derivation OP of OUT's declarator: a
   zero size (GNU C), a variable length (C90).  */
static void report_iso_array(Parser *p, const SuffixOp *op, const Declarator *out) {
  const char *name = out->name ? out->name->name : NULL;
  if (op->len == 0 && !op->vla && !op->negative) {
    if (name)
      diag_pedwarn(out->loc, W_PEDANTIC, "ISO C forbids zero-size array '%s'", name);
    else
      diag_pedwarn(op->loc, W_PEDANTIC, "ISO C forbids zero-size array");
  } else if (op->vla && !op->star) {
    if (name)
      diag_pedwarn_c90(p->input_loc, W_VLA,
                       "ISO C90 forbids variable length array '%s'", name);
    else
      diag_pedwarn_c90(p->input_loc, W_VLA, "ISO C90 forbids variable length array");
  }
}

static Type *apply_level(Parser *p, DeclLevel *lv, Type *t, Declarator *out,
                         Attr **decl_attrs) {
  for (int i = 0; i < lv->nptrs; i++) {
    PtrOp *op = &lv->ptrs[i];
    t = type_pointer(t);
    if (op->quals)
      t = type_qualified(t, op->quals);
    if (op->attrs) {
      Attr *ta, *da;
      attr_split(op->attrs, &ta, &da);
      t = apply_type_attrs(p, t, ta, false, op->loc);
      *decl_attrs = attr_concat(*decl_attrs, da);
    }
  }
  for (int i = lv->nsufs - 1; i >= 0; i--) {
    SuffixOp *op = &lv->sufs[i];
    if (op->kind == SUF_ARRAY) {
      Type *c = type_canon(t);
      if (op->negative && out->name)
        diag_error(out->loc, "size of array '%s' is negative", out->name->name);
      else if (op->negative)
        diag_error(op->loc, "size of unnamed array is negative");
      if (c->kind == TY_FUNC)
        diag_error(op->loc, "declaration of '%s' as array of functions",
                   out->name ? out->name->name : "type name");
      else if (c->kind == TY_VOID || (!type_is_complete(t) && c->kind != TY_VOID &&
                                      !(c->kind == TY_ARRAY && (c->flags & TYF_VLA))))
        diag_error(op->loc, "array type has incomplete element type %s",
                   type_quoted(t));
      report_iso_array(p, op, out);
      t = op->vla ? type_vla(t) : type_array(t, array_len_in_bounds(op, t, out));
    } else {
      Type *c = type_canon(t);
      if (c->kind == TY_FUNC)
        diag_error(op->loc, "'%s' declared as function returning a function",
                   out->name ? out->name->name : "type name");
      else if (c->kind == TY_ARRAY)
        diag_error(op->loc, "'%s' declared as function returning an array",
                   out->name ? out->name->name : "type name");
      t = type_function(t, op->params, op->nparams, op->variadic, op->oldstyle);
    }
    if (op->attrs)
      t = apply_type_attrs(p, t, op->attrs, false, op->loc);
  }
  if (lv->inner) {
    if (lv->inner_attrs) {
      Attr *ta, *da;
      attr_split(lv->inner_attrs, &ta, &da);
      t = apply_type_attrs(p, t, ta, false, lv->name_loc);
      *decl_attrs = attr_concat(*decl_attrs, da);
    }
    return apply_level(p, lv->inner, t, out, decl_attrs);
  }
  out->name = lv->name;
  out->loc = lv->name ? lv->name_loc : out->loc;
  if (lv->name_attrs)
    *decl_attrs = attr_concat(*decl_attrs, lv->name_attrs);
  return t;
}

/* The derivation applied last to the type, the one next to the name:
   within a level the first suffix, else its pointers; a level that only
   groups (`(f)`) has none and passes the question out to the level
   around it.  Returns whether LV's chain has any derivation, and in
   *FUNC that derivation when it is a function suffix.  */
static bool derivation_next_to_name(const DeclLevel *lv, const SuffixOp **func) {
  if (lv->inner && derivation_next_to_name(lv->inner, func))
    return true;
  if (lv->nsufs > 0) {
    *func = lv->sufs[0].kind == SUF_FUNC ? &lv->sufs[0] : NULL;
    return true;
  }
  return lv->nptrs > 0;
}

/* declarator (or abstract-declarator): parsed, then its type built over
   the specifiers' type DS.  */
void parse_declarator(Parser *p, DeclSpec *ds, Declarator *d, bool abstract) {
  memset(d, 0, sizeof *d);
  d->loc = cur_loc(p);
  bool outer_failed = p->declarator_failed;
  p->declarator_failed = false;
  DeclLevel *lv = parse_declarator_level(p, abstract);
  d->failed = p->declarator_failed;
  p->declarator_failed = outer_failed;
  d->level = lv;
  /* The name first, for the diagnostics of the levels outside it.  */
  for (DeclLevel *in = lv; in; in = in->inner)
    if (!in->inner && in->name) {
      d->name = in->name;
      d->loc = in->name_loc;
    }
  Attr *decl_attrs = NULL;
  d->type = apply_level(p, lv, ds->type ? ds->type : ty_int, d, &decl_attrs);
  /* A function declarator (one a definition can follow) is one whose
     derivation next to the name is a function suffix, inside grouping
     parentheses or not: `int (f)(void) { ... }`, as GCC takes it.  */
  const SuffixOp *func = NULL;
  d->is_func_def_candidate = derivation_next_to_name(lv, &func) && func;
  if (func) {
    d->params = func->params;
    d->nparams = func->nparams;
    d->params_oldstyle = func->oldstyle;
    d->oldstyle_names = func->names;
    d->n_oldstyle = func->nnames;
  }
  /* Every walker over types recurses: bound their depth.  */
  if (d->type->depth > MAX_TYPE_DEPTH)
    parse_fatal(p, d->loc, "type nested too deeply (more than %d levels)",
                MAX_TYPE_DEPTH);
  d->attrs = decl_attrs;
}

/* type-name: specifier-qualifier-list abstract-declarator? */
Type *parse_type_name(Parser *p) {
  DeclSpec ds;
  SrcLoc loc = cur_loc(p);
  if (!parse_decl_specifiers(p, &ds, SPECS_TYPE_NAME)) {
    syntax_error_at(p, loc, peek(p, 0), "type name");
    return ty_int;
  }
  if (!ds.type)
    ds.type = ty_int;
  Declarator d;
  parse_declarator(p, &ds, &d, true);
  if (d.name)
    diag_error(d.loc, "expected ')' before '%s'", d.name->name);
  Type *t = d.type;
  /* Attributes in a type name apply to the type.  */
  Attr *all = attr_concat(ds.attrs, d.attrs);
  if (all) {
    Attr *ta, *da;
    attr_split(all, &ta, &da);
    t = apply_type_attrs(p, t, ta, false, loc);
    report_type_attrs(da, p->input_loc);
  }
  note_body_type(p, t);
  return t;
}

/* _Static_assert ( constant-expression , string-literal ) ;  (C23: the
   message is optional.)  */
void parse_static_assert(Parser *p) {
  Token kw = next(p);
  report_c11_keyword(&kw);
  expect_punct(p, P_LPAREN, NULL);
  int64_t v = 1;
  bool u;
  bool ok = parse_int_const_expr(p, &v, &u);
  Expr msg = {0};
  if (accept_punct(p, P_COMMA)) {
    if (peek(p, 0)->kind == TK_STRING)
      parse_string_literal(p, &msg);
    else
      syntax_error(p, peek(p, 0), "string literal");
  }
  expect_punct(p, P_RPAREN, NULL);
  expect_punct(p, P_SEMI, NULL);
  if (ok && v == 0) {
    if (msg.str)
      diag_error(kw.loc, "static assertion failed: \"%s\"", msg.str);
    else
      diag_error(kw.loc, "static assertion failed");
  }
}

/* --- Declarations and definitions --- */

/* Merge a new file-scope (or extern) declaration with a previous one of
   the same name.  Returns false after reporting a conflict.  */
/* An entity first declared with an incomplete array type takes the
   completed type of a later declaration; the debug information still
   describes the first declaration as written.  */
/* GCC's errors for a storage class the declaration cannot have: a
   thread-local function, `register` or `auto` on a file-scope object.  */
static void check_storage_class(Parser *p, const DeclSpec *ds, const Declarator *dr,
                                DeclKind kind, bool function_body) {
  const char *name = dr->name->name;
  if (kind == DECL_FUNC && ds->is_thread_local) {
    if (function_body)
      diag_error(dr->loc, "function definition declared '_Thread_local'");
    else
      diag_error(dr->loc, "invalid storage class for function '%s'", name);
  }
  if (kind != DECL_VAR || p->scopes.depth > 0)
    return;
  if (ds->sc == SC_REGISTER && !dr->asm_name)
    diag_error(dr->loc, "register name not specified for '%s'", name);
  else if (ds->sc == SC_AUTO || (ds->auto_kw && ds->type)) /* not C23's inferred type */
    diag_error(dr->loc, "file-scope declaration of '%s' specifies 'auto'", name);
}

/* Finish a declarator into a declaration: make the Decl, apply
   attributes, bind the name, merge with earlier declarations
   (FUNCTION_BODY: the declarator of a function definition).  */
static Decl *declare(Parser *p, DeclSpec *ds, Declarator *dr, Attr *attrs,
                     bool function_body) {
  Type *c = type_canon(dr->type);
  DeclKind kind = ds->sc == SC_TYPEDEF ? DECL_TYPEDEF
                  : c->kind == TY_FUNC ? DECL_FUNC
                                       : DECL_VAR;
  Decl *d = new_decl(p, kind, dr->name, dr->type, dr->loc);
  d->sc = ds->sc;
  d->is_inline = ds->is_inline;
  d->is_thread_local = ds->is_thread_local;
  d->asm_name = dr->asm_name;
  /* Attributes in the specifiers, inside the declarator, after it, and
     C23 ones at the start, in that order (GCC's order).  */
  Attr *all = NULL;
  for (Attr *a = ds->attrs; a; a = a->next) {
    Attr *cpy = NEW(Attr);
    *cpy = *a;
    cpy->next = NULL;
    all = attr_concat(all, cpy);
  }
  all = attr_concat(all, dr->attrs);
  all = attr_concat(all, attrs);
  for (Attr *a = ds->std_attrs; a; a = a->next) {
    Attr *cpy = NEW(Attr);
    *cpy = *a;
    cpy->next = NULL;
    all = attr_concat(all, cpy);
  }
  check_tag_placement(p, ds, dr, false);
  apply_decl_attrs(p, d, all);
  if (ds->alignas && kind == DECL_VAR)
    d->type = type_with_align(d->type, ds->alignas);
  if (kind == DECL_TYPEDEF && ds->is_inline)
    diag_error(dr->loc, "typedef '%s' is declared 'inline'", dr->name->name);
  if (kind == DECL_VAR && ds->is_inline)
    diag_pedwarn(dr->loc, W_OTHER, "variable '%s' declared 'inline'", dr->name->name);
  if (kind != DECL_FUNC && ds->is_noreturn)
    diag_pedwarn(dr->loc, W_OTHER, "%s '%s' declared '_Noreturn'",
                 kind == DECL_TYPEDEF ? "typedef" : "variable", dr->name->name);
  if (kind == DECL_FUNC && p->scopes.depth > 0 && ds->sc == SC_STATIC)
    diag_error(dr->loc, "invalid storage class for function '%s'", dr->name->name);
  check_storage_class(p, ds, dr, kind, function_body);
  if (kind == DECL_VAR && type_is_void(d->type) && ds->sc != SC_EXTERN &&
      ds->sc != SC_TYPEDEF) {
    diag_error(dr->loc, "variable or field '%s' declared void", dr->name->name);
  }
  /* An initializer follows: the declaration defines the object (GCC
     checks a second definition before reading it).  */
  if (kind == DECL_VAR && at_punct(p, P_ASSIGN))
    d->has_init = true;
  if (kind == DECL_FUNC && function_body)
    d->defined = true;
  Decl *prev = decl_find_previous(&p->scopes, dr->name, kind, ds->sc, d->has_init,
                                  dr->loc);
  if (prev)
    decl_merge(d, prev, p->scopes.depth);
  d->tags_so_far = d->first->decl_tags;
  if (kind == DECL_TYPEDEF) {
    /* The typedef name's type is a TY_TYPEDEF node over the declared
       type; redeclarations of a typedef reuse the first one's node.  */
    Type *tt = type_typedef(d);
    d->type = tt;
    if (prev && prev->kind == DECL_TYPEDEF)
      d->type = prev->type;
  }
  scope_bind_ordinary(&p->scopes, dr->name, d);
  if (p->scopes.depth == 0 || ds->sc == SC_EXTERN || kind == DECL_FUNC)
    d->file_scope = d->file_scope || ds->sc == SC_EXTERN || kind == DECL_FUNC;
  return d;
}

/* Optional asm label: asm ( string-literal ).  */
static const char *parse_asm_label(Parser *p) {
  if (at_keyword(p) != KW_ASM)
    return NULL;
  next(p);
  expect_punct(p, P_LPAREN, NULL);
  Expr s = {0};
  if (peek(p, 0)->kind == TK_STRING)
    parse_string_literal(p, &s);
  else
    syntax_error(p, peek(p, 0), "string literal");
  expect_punct(p, P_RPAREN, NULL);
  return s.str;
}

/* K&R parameter declarations between ')' and '{' (to the end of input
   when no '{' comes), each declaring a name of the identifier list.
   After a prototype (GCC reads them there too, to say they do not
   belong) they declare nothing.  Returns how many were read whole; a
   declared name that is no parameter goes to *STRAYS (scratch memory),
   which GCC reports only after the declarations are read.  */
static int parse_oldstyle_param_decls(Parser *p, Declarator *dr,
                                      Declarator **strays, size_t *nstrays) {
  bool prototyped = !dr->params_oldstyle;
  VEC(Param) params = {0};
  for (int i = 0; i < dr->n_oldstyle && !prototyped; i++) {
    Param prm = {0};
    prm.name = dr->oldstyle_names[i];
    prm.type = NULL; /* int unless declared below */
    vec_push(&params, prm);
  }
  VEC(Declarator) stray = {0};
  int read = 0;
  while (!at_punct(p, P_LBRACE) && !at_eof(p)) {
    DeclSpec ds;
    const Token *start = peek(p, 0);
    if (!parse_decl_specifiers(p, &ds, SPECS_DECLARATION)) {
      syntax_error(p, peek(p, 0), "declaration specifiers");
      skip_to_decl_end(p);
      if (peek(p, 0) == start && !at_eof(p))
        break; /* nothing skipped (the end of a pragma) */
      continue;
    }
    do {
      Declarator d;
      parse_declarator(p, &ds, &d, false);
      bool found = prototyped;
      for (size_t i = 0; i < params.len; i++)
        if (params.data[i].name == d.name) {
          params.data[i].type = type_param_adjusted(d.type, 0);
          params.data[i].loc = d.loc;
          found = true;
        }
      if (!found && d.name)
        vec_push(&stray, d);
    } while (accept_punct(p, P_COMMA));
    expect_punct(p, P_SEMI, NULL);
    read++;
  }
  if (!prototyped) {
    dr->nparams = (int)params.len;
    dr->params = params.len ? NEW_ARRAY(Param, params.len) : NULL;
    if (params.len)
      memcpy(dr->params, params.data, sizeof(Param) * params.len);
  }
  vec_free(&params);
  *nstrays = stray.len;
  *strays = stray.len ? arena_alloc(&p->scratch, sizeof(Declarator) * stray.len) : NULL;
  if (stray.len)
    memcpy(*strays, stray.data, sizeof(Declarator) * stray.len);
  vec_free(&stray);
  return read;
}

/* A local object of the current function: a FuncBody local and, unless
   it only declares an object defined elsewhere (extern), an ST_DECL
   where it is written.  */
static void note_local(Parser *p, Decl *d) {
  /* Inside sizeof or typeof nothing is evaluated: no object.  */
  if (d->sc == SC_EXTERN || p->in_sizeof_typeof)
    return;
  vec_push(&p->tree_locals, d);
  if (p->decl_sink) {
    Node *n = node_new(ST_DECL, NULL, d->loc);
    n->u.decl = d;
    n->init = d->init;
    vec_push(p->decl_sink, n);
  }
}

static bool tree_on_for_decl(const Parser *p) { return p->tree_depth > 0; }

/* The Init of `__auto_type x = E`: one store of E's value.  */
static Init *single_store_init(Parser *p, Type *t, Expr *e) {
  Init *in = NEW(Init);
  memset(in, 0, sizeof *in);
  in->type = t;
  in->elems = NEW(InitElem);
  in->nelems = 1;
  in->elems[0].type = t;
  in->elems[0].bit_width = -1;
  in->elems[0].value = expr_node(p, e);
  in->is_const = e->cv.kind != CV_NONE;
  in->has_reloc = e->cv.kind == CV_ADDR && (e->cv.sym || e->cv.str);
  in->all_zero = e->cv.kind == CV_INT && e->cv.i == 0;
  return in;
}

/* K&R parameters no declaration named are int: implicit int again.
   Returns which were (an array of nparams flags, to free), for
   report_defaulted_params.  */
static bool *default_oldstyle_params(Declarator *dr) {
  bool *defaulted = xcalloc((size_t)dr->nparams + 1, sizeof *defaulted);
  for (int i = 0; i < dr->nparams; i++)
    if (!dr->params[i].type) {
      defaulted[i] = true;
      dr->params[i].type = ty_int;
      dr->params[i].loc = dr->loc;
    }
  return defaulted;
}

/* The parameters default_oldstyle_params made int: silent in C89,
   GCC's permerror since, at the function's name, once the function's
   body has begun.  */
static void report_defaulted_params(const Declarator *dr, const bool *defaulted) {
  if (lang_year() >= 1999)
    for (int i = 0; i < dr->nparams; i++)
      if (defaulted[i])
        diag_error(dr->loc, "type of '%s' defaults to 'int' [-Wimplicit-int]",
                   dr->params[i].name->name);
}

/* function-definition: the declarator is done, '{' is next.  */
static void parse_function_definition(Parser *p, DeclSpec *ds, Declarator *dr,
                                      Attr *attrs) {
  bool oldstyle = dr->params_oldstyle && dr->n_oldstyle;
  bool *defaulted = NULL;
  /* Declarations between ')' and '{' are read in the function, as GCC
     reads them after starting it: their syntax errors are "In
     function"; what they mean is checked after the declaration.  */
  Declarator *strays = NULL;
  size_t nstrays = 0;
  int prototyped_decls = 0;
  if (oldstyle || !at_punct(p, P_LBRACE)) {
    const char *outer = diag_set_function(dr->name->name);
    int read = parse_oldstyle_param_decls(p, dr, &strays, &nstrays);
    if (!oldstyle)
      prototyped_decls = read;
    diag_set_function(outer);
  }
  if (oldstyle)
    defaulted = default_oldstyle_params(dr);
  Decl *fn = declare(p, ds, dr, attrs, true);
  fn->defined = true;
  fn->first->defined = true;
  fn->def_params = dr->params;
  fn->n_def_params = dr->nparams;
  Type *ft = type_canon(fn->type);
  if (ft->kind == TY_FUNC && type_kind(ft->base) != TY_VOID &&
      !type_is_complete(ft->base))
    diag_error(dr->loc, "return type is an incomplete type");
  record_event(p, fn);
  for (int i = 0; i < dr->nparams; i++) {
    Param *prm = &dr->params[i];
    if (prm->name && !type_is_complete(prm->type))
      diag_error(prm->loc, "parameter %d ('%s') has incomplete type", i + 1,
                 prm->name->name);
  }
  /* From here on GCC's diagnostics are "In function" FN's.  */
  const char *outer_function = diag_set_function(fn->name->name);
  if (prototyped_decls)
    diag_error(dr->loc, "old-style parameter declarations in prototyped "
                        "function definition");
  /* C23 has no identifier lists; GCC warns by default there */
  if (oldstyle && lang_year() >= 2023)
    diag_warning(dr->loc, W_OLD_STYLE_DEFINITION, "old-style function definition");
  for (size_t i = 0; i < nstrays; i++)
    diag_error(strays[i].loc, "declaration for parameter '%s' but no such parameter",
               strays[i].name->name);
  if (defaulted) {
    report_defaulted_params(dr, defaulted);
    free(defaulted);
  }
  /* Parameters are declarations of the body's outermost block.  */
  Decl *saved_func = p->cur_func;
  size_t saved_types = p->body_types.len, saved_locals = p->body_locals.len;
  size_t saved_tree_locals = p->tree_locals.len;
  size_t saved_labels = p->tree_labels.len;
  bool saved_va = p->uses_va;
  NodeVec *saved_decl_sink = p->decl_sink, *saved_case_sink = p->case_sink;
  p->decl_sink = p->case_sink = NULL;
  p->uses_va = false;
  p->cur_func = fn;
  p->tree_depth++;
  p->undeclared.len = 0;
  scope_enter(&p->scopes);
  FuncBody *fb = NEW(FuncBody);
  memset(fb, 0, sizeof *fb);
  fb->nparams = dr->nparams;
  fb->params = dr->nparams ? NEW_ARRAY(Decl *, dr->nparams) : NULL;
  for (int i = 0; i < dr->nparams; i++) {
    Param *prm = &dr->params[i];
    Decl *pd = new_decl(p, DECL_PARAM, prm->name, prm->type, prm->loc);
    pd->decl_tags = prm->decl_tags;
    fb->params[i] = pd;
    if (!prm->name) {
      if (lang_year() < 2023)
        diag_warning(prm->loc, W_MISSING_PARAMETER_NAME,
                     "ISO C does not support omitting parameter names in "
                     "function definitions before C23");
      continue;
    }
    scope_bind_ordinary(&p->scopes, prm->name, pd);
  }
  FuncLabels outer_labels = p->func_labels; /* a nested function's own */
  p->func_labels = (FuncLabels){0};
  fb->body = parse_function_body(p, fn);
  labels_finish_body(&p->func_labels);
  p->func_labels = outer_labels;
  diag_set_function(outer_function);
  scope_leave(&p->scopes);
  p->tree_depth--;
  fb->uses_va = p->uses_va;
  size_t ntl = p->tree_locals.len - saved_tree_locals;
  fb->nlocals = (int)ntl;
  fb->locals = ntl ? NEW_ARRAY(Decl *, ntl) : NULL;
  if (ntl)
    memcpy(fb->locals, p->tree_locals.data + saved_tree_locals,
           ntl * sizeof(Decl *));
  size_t nlb = p->tree_labels.len - saved_labels;
  fb->nlabels = (int)nlb;
  fb->labels = nlb ? NEW_ARRAY(Ident *, nlb) : NULL;
  if (nlb)
    memcpy(fb->labels, p->tree_labels.data + saved_labels,
           nlb * sizeof(Ident *));
  p->tree_locals.len = saved_tree_locals;
  p->tree_labels.len = saved_labels;
  p->uses_va = saved_va;
  p->decl_sink = saved_decl_sink;
  p->case_sink = saved_case_sink;
  fn->body = fb;
  /* Keep what debug information needs from the body.  */
  size_t nt = p->body_types.len - saved_types;
  fn->n_used_types = (int)nt;
  fn->used_types = nt ? NEW_ARRAY(Type *, nt) : NULL;
  if (nt)
    memcpy(fn->used_types, p->body_types.data + saved_types, nt * sizeof(Type *));
  size_t nl = p->body_locals.len - saved_locals;
  fn->n_locals = (int)nl;
  fn->locals = nl ? NEW_ARRAY(Decl *, nl) : NULL;
  if (nl)
    memcpy(fn->locals, p->body_locals.data + saved_locals, nl * sizeof(Decl *));
  p->body_types.len = saved_types;
  p->body_locals.len = saved_locals;
  p->cur_func = saved_func;
}

/* declaration-specifiers ; -- what GCC's shadow_tag_warned says of a
   declaration that declares nothing, in its order, at its input
   location: an error or pedwarn said (WARNED 1) stops the warnings
   after it, and an "empty declaration" pedwarn ends the list unless
   something was or the specifiers name a tag.  */
static void check_empty_declaration(Parser *p, const DeclSpec *ds) {
  SrcLoc loc = p->input_loc;
  int warned = 0; /* 1: an error or a pedwarn, 2: a warning */
  bool c23_auto = ds->auto_kw && !ds->type && lang_year() >= 2023;
  bool found_tag = ds->defined_tag || ds->declared_tag;
  if (ds->has_type_spec && !c23_auto && !found_tag) {
    Type *c = ds->type ? type_canon(ds->type) : NULL;
    bool tag_ref = c && (c->kind == TY_STRUCT || c->kind == TY_UNION ||
                         c->kind == TY_ENUM) && ds->tag_type;
    if (tag_ref) {
      found_tag = true;
    } else {
      diag_pedwarn(loc, W_OTHER, "useless type name in empty declaration");
      warned = 1;
    }
  }
  if (ds->is_inline) {
    diag_error(loc, "'inline' in empty declaration");
    warned = 1;
  }
  if (ds->is_noreturn) {
    diag_error(loc, "'_Noreturn' in empty declaration");
    warned = 1;
  }
  if (c23_auto) {
    diag_error(loc, "'auto' in empty declaration");
    warned = 1;
  }
  bool file_scope = p->scopes.depth == 0;
  if (file_scope && (ds->sc == SC_AUTO || ds->sc == SC_REGISTER)) {
    diag_error(loc, "'%s' in file-scope empty declaration",
               ds->sc == SC_AUTO ? "auto" : "register");
    warned = 1;
  }
  if (!warned && ds->sc != SC_NONE && !ds->keyword_name) {
    diag_warning(loc, W_OTHER, "useless storage class specifier in empty declaration");
    warned = 2;
  }
  if (!warned && ds->is_thread_local) {
    diag_warning(loc, W_OTHER, "useless '_Thread_local' in empty declaration");
    warned = 2;
  }
  if (!warned && ds->type && ds->type->quals) {
    diag_warning(loc, W_OTHER, "useless type qualifier in empty declaration");
    warned = 2;
  }
  if (!warned && ds->alignas) {
    diag_warning(loc, W_OTHER, "useless '_Alignas' in empty declaration");
    warned = 2;
  }
  if (warned != 1 && !found_tag)
    diag_pedwarn(loc, W_OTHER, "empty declaration");
}

/* A declaration made: a local of the function being parsed, or a
   translation-unit event.  */
static void record_declared(Parser *p, Decl *d) {
  if (p->cur_func && d->kind == DECL_VAR) {
    vec_push(&p->body_locals, d);
    note_local(p, d);
  } else if (p->cur_func && d->kind == DECL_TYPEDEF) {
    note_body_type(p, d->type);
  } else {
    record_event(p, d);
  }
}

/* __auto_type declarator = assignment-expression: the type is the
   initializer's.  */
static void declare_auto_type(Parser *p, DeclSpec *ds, Declarator *dr,
                              Attr *attrs) {
  next(p); /* = */
  Expr e = expr_rvalue(p, parse_assign_expr(p));
  dr->type = e.type ? type_unqualified(e.type) : ty_int;
  if (e.type)
    dr->type = e.type;
  if (ds->auto_quals)
    dr->type = type_qualified(dr->type, ds->auto_quals);
  Decl *d = declare(p, ds, dr, attrs, false);
  d->has_init = true;
  d->defined = true;
  if (tree_on_for_decl(p))
    d->init = single_store_init(p, d->type, &e);
  if (p->cur_func) {
    vec_push(&p->body_locals, d);
    note_local(p, d);
  } else {
    record_event(p, d);
  }
}

/* The rest of an init-declarator of a variable: ( = initializer )?  */
static bool parse_variable_init(Parser *p, DeclSpec *ds, Declarator *dr,
                                Decl *d) {
  bool had_init = false;
  bool is_def = ds->sc != SC_EXTERN || at_punct(p, P_ASSIGN);
  if (accept_punct(p, P_ASSIGN)) {
    had_init = true;
    if (ds->sc == SC_EXTERN && p->scopes.depth == 0)
      diag_warning(dr->loc, W_OTHER, "'%s' initialized and declared 'extern'",
                   dr->name->name);
    else if (ds->sc == SC_EXTERN)
      diag_error(dr->loc, "'%s' has both 'extern' and initializer", dr->name->name);
    InitInfo info = {0};
    info.static_storage = (p->scopes.depth == 0 || ds->sc == SC_STATIC) &&
                          !ds->is_constexpr;
    bool outer = p->in_file_init;
    p->in_file_init = p->scopes.depth == 0;
    Type *nt = parse_initializer(p, d->type, &info, &d->init);
    p->in_file_init = outer;
    if (nt != d->type) {
      d->type = nt;
      if (d->first != d && type_canon(d->first->type)->kind == TY_ARRAY &&
          type_canon(d->first->type)->u.array.len < 0)
        decl_complete_first_type(d->first, nt);
    }
    d->has_init = true;
    d->is_constexpr = ds->is_constexpr;
    d->init_all_zero = info.all_zero;
  }
  if (is_def) {
    d->defined = true;
    d->first->defined = true;
  }
  if (is_def && !type_is_complete(d->type) && p->scopes.depth > 0 &&
      ds->sc != SC_EXTERN) {
    diag_error(dr->loc, "storage size of '%s' isn't known", dr->name->name);
  }
  return had_init;
}

/* The rest of an init-declarator after the declarator, its asm label
   and attributes: the declaration, and an initializer where one may
   be.  Returns whether an initializer was read.  */
static bool finish_init_declarator(Parser *p, DeclSpec *ds, Declarator *dr,
                                   Attr *attrs) {
  bool had_init = false;
  Decl *d = declare(p, ds, dr, attrs, false);
  if (d->kind == DECL_VAR) {
    had_init = parse_variable_init(p, ds, dr, d);
  } else if (d->kind == DECL_FUNC) {
    if (at_punct(p, P_ASSIGN)) {
      diag_error(dr->loc, "function '%s' is initialized like a variable",
                 dr->name->name);
      next(p);
      parse_assign_expr(p);
    }
    d->def_params = dr->params;
    d->n_def_params = dr->nparams;
  } else if (at_punct(p, P_ASSIGN)) {
    diag_error(dr->loc, "typedef '%s' is initialized (use __typeof__ instead)",
               dr->name->name);
    next(p);
    parse_assign_expr(p);
  }
  record_declared(p, d);
  return had_init;
}

/* An identifier list in a declaration that is not a definition, as
   `int f(a, b);`: an error since C99 (GCC's permerror, named after the
   warning it is in C89).  */
static void missing_parameter_types(SrcLoc loc) {
  if (lang_year() >= 1999)
    diag_error(loc, "parameter names (without types) in function declaration "
                    "[-Wdeclaration-missing-parameter-type]");
  else
    diag_warning(loc, W_DECLARATION_MISSING_PARAMETER_TYPE,
                 "parameter names (without types) in function declaration");
}

/* declaration:
     declaration-specifiers init-declarator-list? ;
     static_assert-declaration
   init-declarator: declarator asm-label? attribute* ( = initializer )?
   function-definition:
     declaration-specifiers declarator declaration-list? compound-statement
   (FILE_SCOPE: an external-declaration).  */
static bool parse_declaration_inner(Parser *p, bool file_scope);

/* A first declarator followed by none of = , ; asm __attribute__ and not
   defining a function: GCC's words, and as GCC nothing is declared and
   nothing skipped -- declaration specifiers next are taken for a new
   declaration after a missing ';' (the error resynchronises).  */
static void report_declaration_end(Parser *p) {
  const Token *t = peek(p, 0);
  if (t->kind != TK_EOF && token_starts_specifier(p, t) && keyword_of(t) != KW_EXTENSION) {
    require_punct(p, P_SEMI);
    p->syntax_error_pending = false;
  } else {
    syntax_error(p, t, "'=', ',', ';', 'asm' or '__attribute__'");
  }
}

/* declaration: __extension__* declaration-proper -- GCC's pedantic
   warnings are off within a declaration written after __extension__.  */
bool parse_declaration(Parser *p, bool file_scope) {
  int extension = 0;
  while (at_keyword(p) == KW_EXTENSION) {
    next(p);
    extension = 1;
  }
  diag_extension(extension);
  bool ok = parse_declaration_inner(p, file_scope);
  diag_extension(-extension);
  return ok;
}

static bool parse_declaration_inner(Parser *p, bool file_scope) {
  (void)file_scope; /* GNU nested functions parse like any definition */
  if (at_keyword(p) == KW_STATIC_ASSERT) {
    parse_static_assert(p);
    return true;
  }
  DeclSpec ds;
  SrcLoc loc = cur_loc(p);
  if (!parse_decl_specifiers(p, &ds, SPECS_DECLARATION)) {
    /* At file scope `f(a) ...` declares a function returning int with no
       specifiers at all (implicit int, as GCC takes it).  */
    const Token *t = peek(p, 0);
    if (!(file_scope && t->kind == TK_IDENT && !t->ident->keyword &&
          !is_typedef_name(p, t) && at_punct_n(p, 1, P_LPAREN))) {
      syntax_error_at(p, loc, t, "declaration specifiers");
      skip_to_decl_end(p);
      return false;
    }
    ds.type = ty_int;
  }
  /* Implicit int: C89 takes it silently; since C99 it is GCC's permerror
     (an error by default since GCC 14).  Said once the declarator shows
     whether a function is defined.  */
  bool implicit_int = !ds.has_type_spec && ds.type &&
                      peek(p, 0)->kind == TK_IDENT && !peek(p, 0)->ident->keyword;
  if (accept_punct(p, P_SEMI)) {
    check_empty_declaration(p, &ds);
    return true;
  }
  const Token *after = peek(p, 0);
  if (ds.defined_tag && after->kind == TK_IDENT && after->ident->keyword &&
      token_starts_specifier(p, after)) {
    /* struct s { ... } int x; -- GCC's words, and the definition stands
       as a declaration of its own (the parser resynchronises).  */
    syntax_error(p, after, "';', identifier or '('");
    p->syntax_error_pending = false;
    return true;
  }
  bool first = true;
  bool last_had_init = false;
  for (;;) {
    Declarator dr;
    last_had_init = false;
    parse_declarator(p, &ds, &dr, false);
    if (!dr.name || dr.failed) {
      skip_to_decl_end(p);
      return false;
    }
    dr.asm_name = parse_asm_label(p);
    Attr *attrs = parse_any_attributes(p);
    /* After attributes or an asm label GCC expects only ',' or ';'
       (or an initializer).  */
    last_had_init = attrs || dr.asm_name;
    if (!dr.asm_name && at_keyword(p) == KW_ASM) {
      dr.asm_name = parse_asm_label(p);
      attrs = attr_concat(attrs, parse_any_attributes(p));
    }
    if (!ds.type && !at_punct(p, P_ASSIGN)) {
      /* __auto_type: the type comes from the initializer.  */
      diag_error(dr.loc, "'__auto_type' requires an initialized data declaration");
      dr.type = ty_int;
    }
    /* A function declarator followed by none of what continues a
       declaration starts a definition (K&R declarations, then the
       body), as GCC takes it.  */
    bool defines = first && dr.is_func_def_candidate &&
                   (at_punct(p, P_LBRACE) ||
                    (!last_had_init && !at_punct(p, P_SEMI) &&
                     !at_punct(p, P_COMMA) && !at_punct(p, P_ASSIGN)));
    if (first && implicit_int && lang_year() >= 1999) {
      if (defines)
        diag_error(dr.loc, "return type defaults to 'int' [-Wimplicit-int]");
      else
        diag_error(dr.loc, "type defaults to 'int' in declaration of '%s' "
                           "[-Wimplicit-int]", dr.name->name);
    }
    if (defines) {
      parse_function_definition(p, &ds, &dr, attrs);
      return true;
    }
    if (first && !last_had_init && !at_punct(p, P_ASSIGN) && !at_punct(p, P_COMMA) &&
        !at_punct(p, P_SEMI)) {
      report_declaration_end(p);
      return false;
    }
    first = false;
    if (dr.params_oldstyle && dr.n_oldstyle)
      missing_parameter_types(ds.loc);
    if (!ds.type && at_punct(p, P_ASSIGN))
      declare_auto_type(p, &ds, &dr, attrs);
    else if (finish_init_declarator(p, &ds, &dr, attrs))
      last_had_init = true;
    if (!accept_punct(p, P_COMMA))
      break;
  }
  if (!accept_punct(p, P_SEMI)) {
    const Token *t = peek(p, 0);
    if (last_had_init)
      syntax_error(p, t, "',' or ';'");
    else
      syntax_error(p, t, "'=', ',', ';', 'asm' or '__attribute__'");
    skip_to_decl_end(p);
    return false;
  }
  return true;
}

/* translation-unit: external-declaration* */
void parse_translation_unit(Parser *p) {
  if (peek(p, 0)->kind == TK_EOF)
    diag_pedwarn(cur_loc(p), W_PEDANTIC, "ISO C forbids an empty translation unit");
  while (peek(p, 0)->kind != TK_EOF) {
    if (at_punct(p, P_SEMI)) {
      diag_pedwarn(next(p).loc, W_PEDANTIC,
                   "ISO C does not allow extra ';' outside of a function");
      continue;
    }
    if (at_keyword(p) == KW_ASM) {
      /* Top-level asm ( string ) ; */
      next(p);
      while (is_qualifier_keyword(at_keyword(p)))
        next(p);
      if (at_punct(p, P_LPAREN))
        skip_balanced(p);
      expect_punct(p, P_SEMI, NULL);
      continue;
    }
    if (at_punct(p, P_RBRACE)) {
      diag_error(cur_loc(p), "expected identifier or '(' before '}' token");
      next(p);
      continue;
    }
    parse_declaration(p, true);
    arena_reset(&p->scratch);
  }
}

/* The state loader (cpp.h) of a unit whose first #include has a .gch
   with a state: the header's declarations and bindings read into place,
   and the declaration counter where the header left it.  */
static bool load_header_state(void *arg, CppStateLoad *load) {
  Parser *p = arg;
  PchStateFrame frame = {.header_file = load->header_file};
  if (!pch_state_read(load->data, load->len, p->tu, &p->scopes, &frame,
                      load->err, sizeof load->err))
    return false;
  p->decl_order = frame.decl_order;
  return true;
}

/* Why P's state at the unit's end is not written (NULL: it is).  */
static const char *state_refusal(Parser *p, bool whole) {
  if (!whole)
    return "a fatal error";
  if (p->pack || p->pack_stack.len || p->clang_attr_stack.len)
    return "a #pragma pack or clang attribute push left open";
  if (ctx_current->diag.pragma_base || p->loop_unroll)
    return "a #pragma GCC diagnostic or a loop pragma";
  return NULL;
}

/* Parse CPP's unit; when STATE is not NULL, its state at its end (the
   file-scope bindings still made, before the end-of-unit fix-ups) is
   appended there by pch_state_write, numbered for HEADER_FILE (0: this
   compilation's own numbering), or *REFUSAL says why not, and the
   fix-ups are left to the caller, on the unit it keeps.  */
static TransUnit *parse_unit(Cpp *cpp, Buf *state, const char **refusal,
                             uint32_t header_file) {
  Parser *p = xcalloc(1, sizeof(Parser));
  p->cpp = cpp;
  p->tu = NEW(TransUnit);
  parser_init_keywords();
  types_init();
  builtins_init(p);
  ctx_current->types->builtin_last_id = type_last_id();
  cpp_set_state_loader(cpp, load_header_state, p);
  bool whole = false;
  if (setjmp(p->fatal) == 0) {
    parse_translation_unit(p);
    whole = true;
  }
  cpp_set_state_loader(cpp, NULL, NULL);
  if (state) {
    *refusal = state_refusal(p, whole);
    if (!*refusal) {
      PchStateFrame frame = {.header_file = header_file,
                             .decl_order = p->decl_order};
      *refusal = pch_state_write(p->tu, &frame, state);
    }
  }
  /* Leave no bindings behind (several inputs may share the process).  */
  scopes_release(&p->scopes);
  TransUnit *tu = p->tu;
  if (!state)
    parse_finish_unit(tu);
  vec_free(&p->body_types);
  vec_free(&p->member_stack);
  vec_free(&p->enum_stack);
  vec_free(&p->body_locals);
  vec_free(&p->tree_locals);
  vec_free(&p->tree_labels);
  vec_free(&p->label_aliases);
  vec_free(&p->pack_stack);
  vec_free(&p->pragma_toks);
  vec_free(&p->clang_attr_stack);
  vec_free(&p->undeclared);
  arena_free(&p->scratch);
  free(p);
  return tu;
}

void parse_finish_unit(TransUnit *tu) {
  decl_finish_unit(tu->decls.data, tu->decls.len);
  /* What the bodies tell of static objects (never written ones fold).  */
  tree_mark_writes(tu->decls.data, tu->decls.len);
}

TransUnit *parse_translation_unit_from(Cpp *cpp) {
  return parse_unit(cpp, NULL, NULL, 0);
}

TransUnit *parse_header_state(Cpp *cpp, Buf *state, const char **refusal) {
  *refusal = NULL;
  return parse_unit(cpp, state, refusal, cpp_main_file(cpp));
}

TransUnit *parse_translation_unit_state(Cpp *cpp, Buf *state,
                                        const char **refusal) {
  *refusal = NULL;
  return parse_unit(cpp, state, refusal, 0);
}
