/* Parser internals shared by the files of the parser.

   The parser pulls tokens from the preprocessor and reads the grammar;
   for meaning it asks sema: which declaration a name denotes
   (sema/scope.h), which earlier declaration a declaration redeclares
   (sema/decl.h), which type an operation converts to (sema/conv.h),
   what a constant folds to (sema/const.h).  It builds types and
   declarations (sema/type.h) and, for expressions, a small Expr value
   carrying the type, whether it is an lvalue, the constant value when
   there is one and, inside function bodies and initializers, its node
   of the typed tree (sema/tree.h).  Declarations at file scope without
   bodies or initializers (headers) build no tree at all.  */
#ifndef BTFCC_PARSER_H
#define BTFCC_PARSER_H

#include <setjmp.h>

#include "../cpp/cpp.h"
#include "../sema/assign.h"
#include "../sema/labels.h"
#include "../sema/scope.h"
#include "../sema/switch.h"
#include "../sema/tree.h"
#include "parse.h"

/* Keywords.  Ident.keyword holds one of these (0 = not a keyword); which
   spellings are keywords depends on the -std dialect.  */
typedef enum {
  KW_NONE,
  KW_AUTO, KW_BREAK, KW_CASE, KW_CHAR, KW_CONST, KW_CONTINUE, KW_DEFAULT,
  KW_DO, KW_DOUBLE, KW_ELSE, KW_ENUM, KW_EXTERN, KW_FLOAT, KW_FOR, KW_GOTO,
  KW_IF, KW_INLINE, KW_INT, KW_LONG, KW_REGISTER, KW_RESTRICT, KW_RETURN,
  KW_SHORT, KW_SIGNED, KW_SIZEOF, KW_STATIC, KW_STRUCT, KW_SWITCH,
  KW_TYPEDEF, KW_UNION, KW_UNSIGNED, KW_VOID, KW_VOLATILE, KW_WHILE,
  KW_ALIGNAS, KW_ALIGNOF, KW_ATOMIC, KW_BOOL, KW_COMPLEX, KW_GENERIC,
  KW_IMAGINARY, KW_NORETURN, KW_STATIC_ASSERT, KW_THREAD_LOCAL,
  KW_TYPEOF, KW_TYPEOF_UNQUAL, KW_CONSTEXPR, KW_NULLPTR, KW_TRUE, KW_FALSE,
  KW_ASM, KW_ATTRIBUTE, KW_EXTENSION, KW_AUTO_TYPE, KW_INT128, KW_LABEL,
  KW_REAL, KW_IMAG, KW_BUILTIN_VA_ARG, KW_BUILTIN_OFFSETOF,
  KW_BUILTIN_TYPES_COMPATIBLE_P, KW_BUILTIN_CHOOSE_EXPR, KW_BUILTIN_VA_LIST,
  KW_FLOAT16, KW_FLOAT32, KW_FLOAT64, KW_FLOAT128, KW_FLOAT32X, KW_FLOAT64X,
  KW_FLOAT128X, KW_FLOAT128_GNU, KW_FLOAT80, KW_BF16, KW_DECIMAL32,
  KW_DECIMAL64, KW_DECIMAL128, KW_BITINT, KW_BUILTIN_TGMATH,
  KW_BUILTIN_SHUFFLE, KW_BUILTIN_CONVERTVECTOR, KW_BUILTIN_HAS_ATTRIBUTE,
  KW_BUILTIN_CALL_WITH_STATIC_CHAIN, KW_BUILTIN_COUNTED_BY_REF,
  KW__COUNT
} Keyword;

enum {
  EF_LVALUE = 1,      /* designates an object */
  EF_BITFIELD = 2,    /* a bit-field member access */
  EF_STRING = 4,      /* a string literal (array initializer) */
  EF_NULLPTR = 8,     /* a null pointer constant */
  EF_REGISTER = 16,   /* object declared register */
  EF_FUNC_DESIG = 32, /* function designator */
  EF_NULLPTR_T = 64,  /* a value of nullptr_t (C23), carried as a null
                         void *: typeof gives nullptr_t */
  EF_ERROR = 128,     /* already reported as bad (GCC's error_mark): it
                         has type int so that nothing crashes, and every
                         check of an enclosing expression stays silent,
                         the enclosing expression being bad in turn */
};

/* Whether E was reported as bad: an operation on it says nothing more
   and is bad itself.  */
#define expr_erred(e) (((e)->flags & EF_ERROR) != 0)

typedef struct Expr {
  Type *type; /* NULL only for an expression already reported as bad
                 (EF_ERROR marks those that have a type) */
  uint8_t flags;
  ConstVal cv;
  SrcLoc loc;
  Decl *decl;         /* the declaration named, for identifiers */
  const char *str;    /* EF_STRING: decoded bytes */
  uint32_t str_len;   /* bytes, without the terminating NUL */
  uint8_t str_width;  /* 1, 2 or 4 */
  bool str_u8;
  int32_t bit_width;  /* EF_BITFIELD: width */
  Node *n;            /* the typed tree (inside function bodies and
                         initializers); NULL for a folded constant, which
                         expr_node() materialises as EX_CONST from cv */
} Expr;

/* A parsed but not yet applied list of attributes.  */
typedef struct AttrList {
  Attr *head;
} AttrList;


/* Declaration specifiers as parsed.  */
typedef struct DeclSpec {
  Type *type;        /* base type after specifiers, NULL if none */
  uint8_t sc;        /* StorageClass */
  bool is_inline;
  bool is_noreturn;
  bool is_thread_local;
  bool is_constexpr;
  bool auto_kw;      /* `auto` was written (C23: may infer the type) */
  bool keyword_name; /* a typedef named by a C23 keyword (diagnosed) */
  unsigned auto_quals; /* qualifiers of an inferred type (const auto x) */
  bool has_type_spec;
  bool typedef_name; /* the type came from a typedef name */
  uint32_t alignas;  /* _Alignas value (0 = none) */
  Attr *attrs;       /* GNU attributes among the specifiers (GCC order) */
  Attr *std_attrs;   /* C23 attributes at the start of the declaration */
  SrcLoc loc;
  bool defined_tag;  /* the specifiers defined a struct/union/enum */
  bool declared_tag; /* ... or declared/referenced one (struct S;) */
  Type *tag_type;
} DeclSpec;

/* A declarator as parsed, before its type is built: per level the
   pointers, then a nested declarator or the name, then the suffixes.  */
typedef struct PtrOp {
  unsigned quals;
  Attr *attrs;
  SrcLoc loc;
} PtrOp;

typedef enum { SUF_ARRAY, SUF_FUNC } SuffixKind;

typedef struct SuffixOp {
  SuffixKind kind;
  SrcLoc loc;
  Attr *attrs; /* C23 attributes after ] or ) */
  /* array */
  int64_t len; /* -1 for [] */
  bool negative; /* the size was negative (len 1 stands in) */
  bool vla;
  bool star;
  unsigned quals; /* [const 3] in parameters */
  /* function */
  Param *params;
  int nparams;
  bool variadic;
  bool oldstyle;
  Ident **names;
  int nnames;
} SuffixOp;

typedef struct DeclLevel {
  PtrOp *ptrs;
  int nptrs;
  struct DeclLevel *inner;
  Attr *inner_attrs; /* ( attributes declarator ) */
  Ident *name;
  SrcLoc name_loc;
  Attr *name_attrs; /* C23 attributes after the identifier */
  SuffixOp *sufs;
  int nsufs;
} DeclLevel;

/* A declarator's result.  */
typedef struct Declarator {
  Ident *name;
  SrcLoc loc;
  Type *type;
  Attr *attrs;        /* attributes on the declarator, for the decl */
  Param *params;      /* when the outermost derivation is a function */
  int nparams;
  bool is_func_def_candidate; /* the declarator is a function declarator */
  bool params_oldstyle;
  Ident **oldstyle_names;
  int n_oldstyle;
  const char *asm_name;
  DeclLevel *level;    /* the parsed declarator (scratch memory) */
  bool failed;         /* GCC's NULL declarator: a parameter list broke
                          off after a syntax error (already skipped) */
} Declarator;

typedef struct Parser Parser;

typedef struct LabelAlias {
  Ident *name, *label;
} LabelAlias;

/* The label NAME means here: its block's own under __label__, or NAME.  */
Ident *label_of(Parser *p, Ident *name);
/* A use (goto, &&, asm goto) of the label the token NAME writes: the
   label it means, recorded for the function's checks.  */
Ident *label_use(Parser *p, const Token *name);

/* A growing list of tree nodes (blocks, cases, arguments).  */
typedef VEC(Node *) NodeVec;

enum { LOOKAHEAD = 4 };

struct Parser {
  Cpp *cpp;
  Token la[LOOKAHEAD];   /* lookahead ring */
  unsigned la_start, la_count;
  Token prev;            /* last consumed token */
  bool for_decl_hint_given; /* C90's note on 'for' declarations, said once */
  Scopes scopes;         /* sema/scope.h: what names mean here */
  TransUnit *tu;
  Decl *cur_func;        /* function whose body is being parsed */
  VEC(Type *) body_types; /* types used in the current body */
  bool in_file_init;      /* parsing a file-scope variable's initializer */
  VEC(Decl *) body_locals;
  uint32_t decl_order;
  /* #pragma pack stack */
  uint32_t pack;
  VEC(uint32_t) pack_stack;
  /* #pragma clang attribute push stack: attributes applied to records */
  VEC(Attr *) clang_attr_stack;
  int in_stmt_expr;
  Attr *lead_std_attrs;  /* [[...]] read before a block item was known to
                           be a declaration: its specifiers take them */
  int loop_depth;
  int switch_depth;
  bool in_sizeof_typeof; /* unevaluated operand */
  int unevaluated;       /* inside operands that are not evaluated (the
                           dead side of && || ?: on a constant): no
                           warnings about values (sema/arith_warn.h) */
  bool expect_type_name; /* a parameter's specifiers: an undeclared name
                           there is an unknown type name */
  Arena scratch;         /* freed after each external declaration */
  /* GCC's parser->error: a syntax error was reported and the parser
     has not yet skipped to a place where it resynchronises (the token
     it looked for, the end of a statement or block); until then no other
     syntax error is reported.  */
  bool syntax_error_pending;
  bool declarator_failed; /* the declarator being parsed (Declarator.failed) */
  int nesting;           /* current syntactic nesting depth */
  VEC(Ident *) undeclared; /* reported in the current function */
  bool undeclared_noted;
  /* The typed tree (sema/tree.h), built while tree_depth > 0: inside a
     function body and inside an initializer.  */
  int tree_depth;
  VEC(Decl *) tree_locals;   /* FuncBody.locals of the current function */
  VEC(Ident *) tree_labels;  /* FuncBody.labels */
  /* Labels declared with __label__ in the blocks open now, innermost
     last: each stands for a label of its own ("name.N"), so that two
     blocks (as two expansions of one macro) may both define it.  */
  VEC(LabelAlias) label_aliases;
  FuncLabels func_labels;    /* the current body's labels (sema/labels.h) */
  /* GCC's input location, where it reports what it checks with no
     location of its own (declaration attributes, labels never defined):
     the first token of the newest line read, or the tag (or '{') of the
     newest struct, union or enum specifier, or the newest enumerator.  */
  SrcLoc input_loc;
  unsigned label_serial;
  NodeVec *decl_sink;    /* where parse_declaration puts ST_DECLs */
  NodeVec *case_sink;    /* the innermost switch's cases */
  SwitchLabels *switch_labels; /* the innermost switch's label checks */
  bool uses_va;              /* va_start seen in the current function */
  Expr last_expr_value;      /* statement expressions: the value of the */
  bool last_was_expr;        /* last statement, if an expression */
  /* A pragma's tokens (up to TK_PRAGMA_END), which its handler reads
     through peek and next while in_pragma (tokens.c).  */
  VEC(Token) pragma_toks;
  size_t pragma_pos;
  bool in_pragma;
  int32_t loop_unroll;   /* a loop pragma for the next loop (LOOP_UNROLL_*) */
  Token pragma_end;      /* what the handler reads past the tokens */
  uint32_t member_stamp; /* Ident.mark of a struct body's check (decl.c) */
  VEC(Member) member_stack; /* members of the struct bodies being parsed */
  VEC(Enumerator) enum_stack; /* enumerators of the enum bodies being parsed */
  jmp_buf fatal;         /* where a fatal parse error unwinds to */
};

/* Syntactic nesting beyond this is a fatal error rather than a stack
   overflow (GCC has no fixed limit; real code stays far below).  */
enum { MAX_NESTING = 1000, MAX_TYPE_DEPTH = 1000 };

/* Report a fatal error and abandon the translation unit.  */
_Noreturn void parse_fatal(Parser *p, SrcLoc loc, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
/* Enter one more level of nesting (WHAT names it for the message).  */
void nest_enter(Parser *p, const char *what);
static inline void nest_leave(Parser *p) { p->nesting--; }

/* tokens.c */
void parser_init_keywords(void);
const Token *peek_fill(Parser *p, int n);
/* The token N ahead (0: the next one) without consuming it.  */
static inline const Token *peek(Parser *p, int n) {
  if ((unsigned)n < p->la_count)
    return &p->la[(p->la_start + (unsigned)n) & (LOOKAHEAD - 1)];
  return peek_fill(p, n);
}
/* Consume the next token (TK_EOF and TK_PRAGMA_END stay) and return it;
   it is also p->prev.  Inline: the parser calls it for every token.  */
static inline Token next(Parser *p) {
  const Token *t = peek(p, 0);
  p->prev = *t;
  if (t->kind != TK_EOF && t->kind != TK_PRAGMA_END) {
    p->la_start = (p->la_start + 1) & (LOOKAHEAD - 1);
    p->la_count--;
  }
  return p->prev;
}
static inline bool at_punct_n(Parser *p, int n, Punct c) {
  const Token *t = peek(p, n);
  return t->kind == TK_PUNCT && t->punct == c;
}
static inline bool at_punct(Parser *p, Punct c) { return at_punct_n(p, 0, c); }
static inline bool accept_punct(Parser *p, Punct c) {
  if (!at_punct(p, c))
    return false;
  next(p);
  return true;
}
/* GCC's c_parser_require: take C, or report it missing (WHAT: the
   words after "expected", or C itself, placed as GCC places it).  */
bool require_punct(Parser *p, Punct c);
/* GCC's c_parser_skip_until_found: as require_punct, then after a
   missing ')' ']' '}' or ';' skip to it (taken) or to the closing
   bracket of an enclosing group (left), where the parser resynchronises. */
bool expect_punct(Parser *p, Punct c, const char *what);
/* GCC's c_parser_skip_until_found after an error already given: skip
   to the next C outside brackets (taken) or to a closing bracket of an
   enclosing group (left); either resynchronises.  */
void skip_until_found(Parser *p, Punct c);
int at_keyword(Parser *p);       /* keyword of the next token, or 0 */
int keyword_of(const Token *t);
bool accept_keyword(Parser *p, Keyword k);
/* GCC's c_parser_require_keyword: accept_keyword, or "expected 'K'"
   (one syntax error until the parser resynchronises).  */
bool require_keyword(Parser *p, Keyword k);
bool at_eof(Parser *p);
SrcLoc cur_loc(Parser *p);
/* Skip tokens to a synchronisation point after a syntax error.  */
void skip_to_decl_end(Parser *p);
void skip_balanced(Parser *p);
const char *syntax_where(const Token *t);
void report_c11_keyword(const Token *t);
/* GCC's c_parser_error: "expected EXPECTED before T" at LOC (at T for
   syntax_error), or "... at end of input" at the input location when T
   is the end of input.  */
void syntax_error_at(Parser *p, SrcLoc loc, const Token *t, const char *expected);
void syntax_error(Parser *p, const Token *t, const char *expected);
/* String literal decoding (with concatenation of adjacent literals).  */
bool parse_string_literal(Parser *p, Expr *out);
int64_t decode_char_constant(Parser *p, const Token *t, Type **type);

/* tokens.c: whether T is an identifier naming a typedef here.  */
bool is_typedef_name(Parser *p, const Token *t);

/* attr.c */
bool at_attribute_start(Parser *p);   /* __attribute__ or [[ */
bool at_std_attribute(Parser *p);     /* [[ */
Attr *parse_gnu_attributes(Parser *p); /* zero or more __attribute__((..)) */
Attr *parse_std_attributes(Parser *p); /* zero or more [[...]] */
Attr *parse_any_attributes(Parser *p);
Attr *attr_concat(Attr *a, Attr *b);
Attr *attr_find(Attr *list, const char *name);
/* Apply attributes to a declaration / to a type.  for_decl_type: the
   attributes were written on a declaration and type attributes among them
   apply to the declaration's type (GCC's "slide").  */
void apply_decl_attrs(Parser *p, Decl *d, Attr *attrs);
Type *apply_type_attrs(Parser *p, Type *t, Attr *attrs, bool in_place,
                       SrcLoc loc);
/* A struct's or union's attributes, reported at AT: GCC applies a
   definition's attributes when it completes it, at its input location
   then (Parser.input_loc after the attributes that follow the '}').  */
void apply_record_attrs(Parser *p, Record *r, Attr *attrs, SrcLoc at);
/* Attributes written on a type (an enum's, a type name's), reported at
   AT; those only declarations take get GCC's warning that they do not
   apply to types.  */
void report_type_attrs(Attr *attrs, SrcLoc at);
void apply_member_attrs(Parser *p, Member *m, Attr *attrs);
void apply_param_attrs(Parser *p, Param *prm, Attr *attrs);
/* Split a list into the attributes that concern the type (type_required
   ones) and those that concern the declaration.  */
void attr_split(Attr *all, Attr **type_attrs, Attr **decl_attrs);
bool attr_is_type_attr(const Attr *a);
BtfTag *attrs_btf_tags(Parser *p, Attr *attrs, bool type_tags, Attr **rest);
void handle_pragma(Parser *p);
/* tag_placement.c: -Wbtf-tag-placement for declarator D with
   specifiers DS.  */
void check_tag_placement(Parser *p, const DeclSpec *ds, const Declarator *d,
                         bool param);

/* decl.c */
void parse_translation_unit(Parser *p);
bool at_declaration_start(Parser *p);
bool at_type_name_start(Parser *p);
bool keyword_starts_type_name(int kw);
bool token_is_c23_keyword(const Token *t);
void diag_c23_keyword_as_name(const Token *t, const char *what);
bool parse_declaration(Parser *p, bool file_scope);
Type *parse_type_name(Parser *p);
void parse_static_assert(Parser *p);
/* Where declaration specifiers are read, which decides what the
   storage-class and function specifiers do there.  */
typedef enum SpecsContext {
  SPECS_DECLARATION, /* all of them */
  SPECS_PARAMETER,   /* read; the parameter reports them as GCC does */
  SPECS_MEMBER,      /* a specifier-qualifier-list: they end it */
  SPECS_TYPE_NAME,   /* an error */
} SpecsContext;
bool parse_decl_specifiers(Parser *p, DeclSpec *ds, SpecsContext where);
void parse_declarator(Parser *p, DeclSpec *ds, Declarator *d, bool abstract);
void note_body_type(Parser *p, Type *t);
/* T, named in a file-scope variable's initializer: TransUnit.init_types.  */
void note_init_type(Parser *p, Type *t);

/* expr.c */
Expr parse_expr(Parser *p);          /* expression (with commas) */
Expr parse_assign_expr(Parser *p);
Expr parse_cond_expr(Parser *p);
/* constant-expression: an integer constant expression; reports an error
   and returns false if it is not one.  */
bool parse_int_const_expr(Parser *p, int64_t *value, bool *is_unsigned);
Expr expr_rvalue(Parser *p, Expr e); /* lvalue conversion and decay */
/* GCC's error when E, a value that an operator or a condition uses, is
   void: true after reporting it.  */
bool expr_report_void_value(const Expr *e);
bool expr_is_true_const(const Expr *e, bool *value);
Expr make_int_const(Type *t, int64_t v, SrcLoc loc);
/* E's node in the typed tree (made for a folded constant on demand);
   NULL outside function bodies and initializers.  */
Node *expr_node(Parser *p, Expr *e);
Node *string_node(Parser *p, const Expr *e);
/* E's node converted to T (implicit conversion; constants fold).  */
Node *expr_convert(Parser *p, Expr *e, Type *t);
/* Whether E is a null pointer constant (C17 6.3.2.3p3; nullptr).  */
bool expr_is_null_pointer_constant(const Expr *e);
/* E converted to T as if by assignment at SITE (sema/assign.h checks
   it): the converted node.  */
Node *expr_convert_as_assigned(Parser *p, Expr *e, Type *t, const AssignSite *site);
/* The checks of E converted to T as if by assignment at SITE, without
   the conversion (where no tree is built).  */
void expr_check_as_assigned(Parser *p, const Expr *e, Type *t, const AssignSite *site);

/* builtins.c */
void builtins_init(Parser *p);
Type *builtin_result_type(const char *name, Type **args, int nargs);
/* The type builtin ID's parameter I converts its argument to, or NULL
   (no prototype known: the argument stays as written).  */
Type *builtin_param_type(int id, int i);
/* How many arguments builtin ID takes when GCC gives it a fixed
   prototype, or -1.  */
int builtin_param_count(int id);

/* stmt.c */
Node *parse_function_body(Parser *p, Decl *fn);
Node *parse_compound_stmt(Parser *p);
/* ({ ... }): the block after '(' '{'; returns the value of the last
   expression statement (void type if none) and sets *body to the
   block's ST_COMPOUND.  Consumes the '}'.  */
Expr parse_stmt_expr_body(Parser *p, Node **body);

/* init.c: parse an initializer for an object of type T; returns T with
   the array length completed for [], and reports whether the value has
   relocations or is all zero (for section choice).  */
typedef struct InitInfo {
  bool has_reloc;
  bool all_zero;
  bool is_const;
  bool static_storage; /* set by the caller: the object has static
                          storage, each value must be a constant */
} InitInfo;
/* OUT (may be NULL): the initializer as a flat list of stores.  */
Type *parse_initializer(Parser *p, Type *t, InitInfo *info, Init **out);

#endif
