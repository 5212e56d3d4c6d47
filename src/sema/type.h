/* C types, declarations and attributes: what the parser builds and the
   debug model's builder (debug/build.c) reads.

   A type as written is kept: typedef names stay TY_TYPEDEF nodes and
   qualified or attributed types are variants of their main variant, as in
   GCC (a tagged `int` is a variant of `int`).  Derived types are
   hash-consed, so `int *` is one node however often it is written, which
   gives the debug model GCC's "one DIE per type" for free.  Semantic
   code looks through the sugar with type_canon().  */
#ifndef BTFCC_TYPE_H
#define BTFCC_TYPE_H

#include "../util/diag.h"
#include "../util/ctx.h"

typedef struct Type Type;
typedef struct Record Record;
typedef struct Member Member;
typedef struct Enumerator Enumerator;
typedef struct Param Param;
typedef struct Decl Decl;
typedef struct Attr Attr;
typedef struct FuncBody FuncBody; /* tree.h */
typedef struct Init Init;         /* tree.h */

typedef enum {
  TY_VOID,
  TY_BOOL,
  TY_CHAR,
  TY_SCHAR,
  TY_UCHAR,
  TY_SHORT,
  TY_USHORT,
  TY_INT,
  TY_UINT,
  TY_LONG,
  TY_ULONG,
  TY_LLONG,
  TY_ULLONG,
  TY_INT128,
  TY_UINT128,
  TY_BITINT,   /* _BitInt(N): u.bitint.width = N; TYF_UNSIGNED */
  TY_FLOAT,
  TY_DOUBLE,
  TY_LDOUBLE,
  TY_FLOAT16,
  TY_FLOAT32,
  TY_FLOAT64,
  TY_FLOAT128,
  TY_FLOAT32X,
  TY_FLOAT64X,
  TY_FLOAT128X,
  TY_FLOAT128_GNU, /* __float128 */
  TY_BF16,
  TY_DECIMAL32,
  TY_DECIMAL64,
  TY_DECIMAL128,
  TY_NULLPTR,  /* C23 nullptr_t: typeof (nullptr) */
  TY_COMPLEX,  /* base: the component type */
  TY_PTR,      /* base: pointee */
  TY_ARRAY,    /* base: element */
  TY_VECTOR,   /* base: element (vector_size) */
  TY_FUNC,     /* base: return type */
  TY_STRUCT,
  TY_UNION,
  TY_ENUM,
  TY_TYPEDEF,  /* base: the type the typedef names */
  TY__COUNT
} TypeKind;

enum {
  Q_CONST = 1,
  Q_VOLATILE = 2,
  Q_RESTRICT = 4,
  Q_ATOMIC = 8,
};

/* --- Attributes ---
   Kept as parsed: name, optional scope (C23 gnu::), arguments as constant
   values.  Attr lists are in source order; applying them in that order and
   prepending each btf tag gives GCC's chain order (BtfTag lists: the tag
   written last comes first).  */
typedef enum {
  AARG_INT,    /* integer constant */
  AARG_STRING, /* string literal */
  AARG_IDENT,  /* identifier (mode, cleanup, format archetypes ...) */
  AARG_OTHER,  /* anything else we parsed but do not evaluate */
} AttrArgKind;

typedef struct AttrArg {
  uint8_t kind;       /* AttrArgKind */
  uint8_t str_width;  /* AARG_STRING: char width in bytes (1 narrow/u8) */
  bool str_is_u8;
  int64_t ival;       /* AARG_INT */
  const char *str;    /* AARG_STRING: decoded bytes (NUL-terminated) */
  uint32_t str_len;
  Ident *ident;       /* AARG_IDENT */
  SrcLoc loc;
} AttrArg;

struct Attr {
  Attr *next;
  Ident *scope; /* NULL for GNU syntax and unscoped C23 */
  Ident *name;  /* canonical: leading/trailing __ stripped */
  AttrArg *args;
  int nargs;
  bool std_syntax; /* written as [[...]] */
  SrcLoc loc;
  SrcLoc report_at; /* where GCC reports its errors, if not at loc */
  const void *spec; /* parser: the attribute's table entry, if known */
};

/* A btf_type_tag / btf_decl_tag value attached to a type or declaration.  */
typedef struct BtfTag {
  struct BtfTag *next; /* GCC order: last written first */
  const char *value;
  SrcLoc loc;
} BtfTag;

/* --- Types --- */

enum {
  TYF_UNSIGNED = 1 << 0,     /* integer kinds: unsigned (also plain char) */
  TYF_INCOMPLETE = 1 << 1,   /* size unknown (void, [], undefined struct) */
  TYF_VARIADIC = 1 << 2,     /* FUNC: ends in ... */
  TYF_OLDSTYLE = 1 << 3,     /* FUNC: no prototype: int f() */
  TYF_VLA = 1 << 4,          /* ARRAY: variable length */
  TYF_USER_ALIGN = 1 << 5,   /* alignment set by aligned attribute */
  TYF_PACKED = 1 << 6,       /* variant made packed */
  TYF_TRANSPARENT = 1 << 7,  /* transparent_union */
  TYF_MAY_ALIAS = 1 << 8,
  TYF_FLEX_ELEM = 1 << 9,    /* ARRAY: [] or [0] as written */
  TYF_IMPLICIT_INT = 1 << 10,/* written without a type specifier */
};

struct Type {
  uint8_t kind;  /* TypeKind */
  uint8_t quals; /* Q_* on this variant */
  uint16_t flags;
  uint32_t align; /* bytes */
  int64_t size;   /* bytes; -1 when incomplete */
  Type *main;     /* main variant: unqualified, without tags; == self */
  Type *next_variant; /* list of main's variants */
  Type *base;     /* see TypeKind */
  BtfTag *tags;   /* btf_type_tag on this variant (GCC order) */
  union {
    struct {
      int64_t len; /* element count; -1 for [] */
    } array;
    struct {
      int64_t width; /* N (kept where array.len is: the derived-type
                        table keys both on it) */
    } bitint;
    struct {
      Param *params;
      int nparams;
    } func;
    Record *rec; /* STRUCT, UNION, ENUM */
    Decl *tdef;  /* TYPEDEF: the typedef declaration */
  } u;
  Type *ptr_to;  /* cache: the pointer to this type */
  Type *derived; /* hash chain for array / function / vector types */
  uint32_t id;   /* creation order, dense from 1: for deterministic
                    output, and for passes that index their own tables */
  uint32_t depth; /* longest chain of types this one is built from */
};

/* Struct, union and enum definitions: one per tag, shared by variants.  */
/* Fields ordered by size, without holes: a record's members are one of
   the front end's largest arrays.  */
struct Member {
  Ident *name; /* NULL for unnamed bit-fields and anonymous members */
  Type *type;
  int64_t bit_offset; /* from the start of the record */
  BtfTag *decl_tags;
  int32_t bit_width;  /* -1 when not a bit-field */
  uint32_t user_align; /* aligned attribute on the member (0 = none) */
  SrcLoc loc;
  bool is_bitfield;
  bool packed;         /* packed attribute on the member */
};

struct Enumerator {
  Ident *name;
  int64_t value;      /* two's complement bits */
  bool big_unsigned;  /* value is above INT64_MAX (an unsigned constant) */
  SrcLoc loc;
  Decl *decl;
};

struct Record {
  Ident *name; /* tag, NULL if anonymous */
  TypeKind kind;
  bool complete;
  bool being_defined;
  bool packed;        /* __attribute__((packed)) on the record */
  bool preserve_access_index; /* CO-RE: member accesses are relocated */
  bool has_flex;      /* ends in a flexible array member */
  bool fixed_base;    /* ENUM: a C23 fixed underlying type (enum E : T) */
  uint32_t pack;      /* #pragma pack value in effect (0 = none) */
  uint32_t user_align;/* aligned attribute on the record (0 = none) */
  Member *members;
  int nmembers;
  Enumerator *enums;
  int nenums;
  Type *enum_int;     /* ENUM: compatible integer type (layout, sign) */
  int64_t size;
  uint32_t align;
  SrcLoc loc;         /* where the tag was first seen */
  SrcLoc def_loc;     /* where it was defined */
  Decl *tag_decl;     /* debug: declaration event of this tag */
  int scope_depth;    /* 0 = file scope */
};

/* --- Declarations --- */
typedef enum {
  DECL_VAR,
  DECL_FUNC,
  DECL_TYPEDEF,
  DECL_ENUM_CONST,
  DECL_PARAM,
  DECL_TAG,  /* a struct/union/enum tag declaration or definition event */
} DeclKind;

typedef enum {
  SC_NONE,
  SC_EXTERN,
  SC_STATIC,
  SC_AUTO,
  SC_REGISTER,
  SC_TYPEDEF,
} StorageClass;

struct Param {
  Ident *name;
  Type *type; /* adjusted: arrays and functions become pointers */
  BtfTag *decl_tags;
  SrcLoc loc;
};

/* Fields ordered by size, without holes: a vmlinux.h declares 36,000
   (enumerators and tags the most).  */
struct Decl {
  DeclKind kind;
  uint32_t order;    /* declaration order in the translation unit */
  uint32_t types_at; /* the last type id created when the event was
                        recorded (type_last_id): which types existed then */
  SrcLoc loc;
  int n_def_params;  /* DECL_FUNC: def_params' count (here, where the
                        Decl would otherwise have a hole) */
  Ident *name;
  Type *type;
  BtfTag *decl_tags; /* btf_decl_tag (GCC order), merged across redecls */
  BtfTag *tags_so_far; /* the entity's merged tags as of this declaration */
  Type *type_as_declared; /* type written, when a later declaration
                             completed it (extern int a[]; int a[3];) */
  Attr *attrs;
  const char *section; /* section attribute */
  const char *asm_name;
  Decl *prev;        /* previous declaration of the same entity */
  Decl *first;       /* first declaration of the entity (self if first) */
  union {             /* by kind (one field is meaningful per decl) */
    int64_t enum_value; /* DECL_ENUM_CONST */
    FuncBody *body;     /* DECL_FUNC with a definition: the typed body
                           (tree.h) */
    Init *init;         /* DECL_VAR with an initializer, any storage
                           (tree.h) */
  };
  union {            /* by kind */
    struct {
      Record *rec;       /* DECL_TAG: the tagged type */
      Type *tag_type;    /* DECL_TAG: its type; DECL_ENUM_CONST: the
                            enumeration's */
    };
    struct {
      Type **used_types; /* DECL_FUNC with body: types used in the body */
      Decl **locals;     /* DECL_FUNC with body: local variable
                            declarations */
      Param *def_params; /* DECL_FUNC: parameters as declared (names,
                            tags) */
    };
    Decl *cleanup;     /* DECL_VAR: the cleanup attribute's function,
                          called with the variable's address when its
                          scope ends */
  };
  int n_used_types;
  int n_locals;
  uint8_t sc;  /* StorageClass as written */
  bool defined;      /* function body seen / variable defined or tentative */
  bool has_init;
  bool used;         /* referenced by an expression */
  bool written;      /* some code writes it or takes its address
                        (tree_mark_writes; on the first declaration) */
  bool is_inline;
  bool is_thread_local;
  bool file_scope;
  bool implicit;     /* implicitly declared function */
  bool tag_is_definition; /* DECL_TAG */
  bool init_all_zero;  /* initializer is all zeros */
  bool is_constexpr;   /* C23 constexpr object with an initializer: a
                          scalar one's value is a constant expression */
};

/* --- Type construction --- */
/* The current compilation's types, for its target: the basic types and
   an empty table of derived ones (freed with the compilation).  */
void types_init(void);
uint32_t type_last_id(void); /* the id of the last type created */
/* Enter T, a type read back from a precompiled state (parse/pch_state.c),
   in the derived-type table when it is a main variant of a kind the
   table holds, so that sema finds it as if it had made it.  */
void type_enter_derived(Type *t);

Type *type_basic(TypeKind k);          /* void, int, double ... */
/* Whether the target has the basic type K, as GCC 16 configures it:
   x86-64 lacks _Float128x; BPF also _Float16, _Float128, _Float64x and
   the decimal types.  */
bool type_kind_on_target(TypeKind k);
Type *type_pointer(Type *to);
Type *type_array(Type *elem, int64_t len); /* len -1 for [] */
Type *type_vla(Type *elem);
Type *type_vector(Type *elem, int64_t bytes);
Type *type_complex(Type *component);
Type *type_function(Type *ret, Param *params, int nparams, bool variadic,
                    bool oldstyle);
Type *type_typedef(Decl *d);
Type *type_record(Record *r); /* the main variant for a struct/union/enum */
Record *record_new(TypeKind kind, Ident *name, SrcLoc loc);

/* Variants.  type_qualified adds quals to T (a no-op when present).  */
Type *type_qualified(Type *t, unsigned quals);
Type *type_unqualified(Type *t);
/* T with btf_type_tag list TAGS (GCC order) added in front of T's own.  */
Type *type_with_tags(Type *t, BtfTag *tags);
/* A parameter's type after C's adjustment (array to pointer, with the
   array's qualifiers ARRAY_QUALS; function to pointer).  */
Type *type_param_adjusted(Type *t, unsigned array_quals);
/* T's variant with a user alignment (aligned attribute on a typedef).  */
Type *type_with_align(Type *t, uint32_t align);
Type *type_with_flags(Type *t, uint16_t flags);

/* --- Queries --- */
/* Look through typedefs; qualifiers of every level are collected into
   the result.  */
Type *type_canon(Type *t);
unsigned type_all_quals(Type *t);
static inline TypeKind type_kind(Type *t) { return (TypeKind)type_canon(t)->kind; }
bool type_is_integer(Type *t);   /* incl. bool, char, enum */
bool type_is_real_float(Type *t);
bool type_is_arith(Type *t);
bool type_is_scalar(Type *t);
bool type_is_signed(Type *t);
bool type_is_pointer(Type *t);
bool type_is_record(Type *t);    /* struct or union */
bool type_is_complete(Type *t);
bool type_is_void(Type *t);
int64_t type_size(Type *t);      /* -1 if incomplete */
uint32_t type_align(Type *t);
int type_int_rank(Type *t);
/* Compatibility (C17 6.2.7), ignoring top-level qualifiers when
   ignore_quals.  */
bool types_compatible(Type *a, Type *b, bool ignore_quals);
/* C type name as GCC spells it in diagnostics and debug info ("long int",
   "struct S", "int *").  */
const char *type_name(Type *t);
/* The same quoted, as GCC's %qT: "'T'", and when typedef names hide
   what the type is, "'T' {aka 'int'}".  */
const char *type_quoted(Type *t);
/* Name GCC gives a base type in DWARF ("long unsigned int").  */
const char *type_base_name(TypeKind k);
/* The same for base type T, _BitInt(N) included ("unsigned _BitInt(7)").  */
const char *type_basic_name(Type *t);

/* The widest _BitInt (GCC's __BITINT_MAXWIDTH__).  */
enum { BITINT_MAXWIDTH = 65535 };
/* _BitInt(WIDTH), or unsigned _BitInt(WIDTH) (C23), with the target's
   layout; one type for each.  */
Type *type_bitint(int64_t width, bool is_unsigned);
/* The width in bits of integer type T's values (N for _BitInt(N)).  */
int64_t type_int_width(Type *t);

/* Integer type for a value range (enum underlying type selection).  */
Type *type_int_of_size(int64_t size, bool is_unsigned);

/* --- Layout (layout.c) --- */
/* Place the members of a struct or union as GCC does for the target and
   complete the record: member bit offsets, size, alignment.  Reports
   layout errors at the member locations.  */
/* Lays out R; false when it is larger than the largest object (members
   past that point are laid out as empty).  */
bool layout_record(Record *r);
/* 1 + the deepest member type (see Type.depth).  */
uint32_t record_depth(const Record *r);
/* Choose an enum's compatible integer type from its values (GCC rules,
   honouring packed and mode) and complete it.  */
void layout_enum(Record *r, bool packed, int64_t mode_size);
/* The biggest alignment of the target (__BIGGEST_ALIGNMENT__).  */
uint32_t target_biggest_align(void);

/* A compilation's types (Compilation.types, made by types_init).  */
typedef struct SemaTypes {
  Type *ty_void, *ty_bool, *ty_char, *ty_schar, *ty_uchar, *ty_short,
      *ty_ushort, *ty_int, *ty_uint, *ty_long, *ty_ulong, *ty_llong,
      *ty_ullong, *ty_int128, *ty_uint128, *ty_float, *ty_double,
      *ty_ldouble;
  /* size_t, ptrdiff_t, wchar_t ... for the target.  */
  Type *ty_size_t, *ty_ptrdiff_t, *ty_wchar, *ty_char16, *ty_char32,
      *ty_va_list;
  Type *basic[TY__COUNT]; /* by kind: type_basic */
  uint32_t next_id;       /* the last Type.id given */
  uint32_t builtin_last_id; /* the last id of the types made before the
                               unit's first token (types_init and the
                               parser's builtins): the same ones with the
                               same ids in every unit of one target */
  /* Hash table of derived types (arrays, functions, vectors, complex).  */
  Type **derived;
  size_t derived_cap, derived_count;
} SemaTypes;

/* ty_int and the others name the current compilation's types: each is
   ctx_current->types->ty_int (a macro does not expand itself again).  */
#define ty_void (ctx_current->types->ty_void)
#define ty_bool (ctx_current->types->ty_bool)
#define ty_char (ctx_current->types->ty_char)
#define ty_schar (ctx_current->types->ty_schar)
#define ty_uchar (ctx_current->types->ty_uchar)
#define ty_short (ctx_current->types->ty_short)
#define ty_ushort (ctx_current->types->ty_ushort)
#define ty_int (ctx_current->types->ty_int)
#define ty_uint (ctx_current->types->ty_uint)
#define ty_long (ctx_current->types->ty_long)
#define ty_ulong (ctx_current->types->ty_ulong)
#define ty_llong (ctx_current->types->ty_llong)
#define ty_ullong (ctx_current->types->ty_ullong)
#define ty_int128 (ctx_current->types->ty_int128)
#define ty_uint128 (ctx_current->types->ty_uint128)
#define ty_float (ctx_current->types->ty_float)
#define ty_double (ctx_current->types->ty_double)
#define ty_ldouble (ctx_current->types->ty_ldouble)
#define ty_size_t (ctx_current->types->ty_size_t)
#define ty_ptrdiff_t (ctx_current->types->ty_ptrdiff_t)
#define ty_wchar (ctx_current->types->ty_wchar)
#define ty_char16 (ctx_current->types->ty_char16)
#define ty_char32 (ctx_current->types->ty_char32)
#define ty_va_list (ctx_current->types->ty_va_list)

#endif
