/* The typed tree of function bodies: what sema hands a code generator.

   Every expression node has its type and location; implicit conversions
   are explicit EX_CAST nodes (lvalue-to-rvalue, array and function decay,
   integer promotions, the usual arithmetic conversions, conversions as if
   by assignment for arguments, returns and initializers), so a consumer
   never re-derives C's rules.  An expression that sema folded to a
   constant is an EX_CONST node; the operands of a node are never folded
   away where their form matters to a back end (the argument of a CO-RE
   builtin, the access path of a member or an index), so each memory
   access can be traced back to the C access path that produced it:
   EX_MEMBER and EX_INDEX stay what they were written as.  A member
   reached through anonymous structs or unions is a chain of EX_MEMBER
   nodes, one per record level, as GCC's COMPONENT_REFs are (CO-RE access
   strings count each level).

   Lvalues are nodes of kinds EX_VAR, EX_DEREF, EX_MEMBER, EX_INDEX,
   EX_STRING and EX_COMPOUND_LIT (and EX_COMMA/EX_COND/EX_STMT_EXPR only
   as rvalues).  A use of an lvalue's value is EX_CAST with CAST_LOAD
   around it; &x is EX_ADDR of the lvalue.  Assignments take an lvalue on
   the left.

   Statements form a list per block.  Local declarations are ST_DECL
   statements where they are written, carrying the initializer as an
   Init (a flat list of scalar stores plus whether the rest is zeroed),
   the same form static objects use for their data image.

   Nodes live in the arena of the translation unit (perm), are created
   only for function bodies and initializers, and are never mutated by
   consumers.  A node may be reachable twice: the stores of a GNU range
   designator ([lo ... hi] = v) share v's node.

   Changes to this contract since it was first written (each marked
   "[added]" or "[decided]" where it applies below):
   - ConstVal (the value of EX_CONST) is defined here, not in the parser.
   - The builtin ids are sema/builtins.h's BuiltinId.
   - EX_STMT_EXPR keeps its ST_COMPOUND in `a` (u.block mirrors it).
   - The first argument of the CO-RE builtins that ask about an lvalue
     is the lvalue as written (see EX_BUILTIN).
   - An Init element may have a struct/union type (a whole record
     initialized from an expression of its type).
   - An unsigned bit-field narrower than int loads as its declared type
     and converts to int (GCC's promotion of narrow bit-fields).
   - A constant without a symbol converted to an arithmetic or pointer
     type is an EX_CONST of that type (GCC folds (void *)1 so): a BPF
     helper declared `static long (*const f)(...) = (void *)1;` has an
     Init whose one value is EX_CONST CV_ADDR (sym NULL, i 1), and a
     call to it is EX_CALL of CAST_LOAD(EX_VAR f).  An explicit cast of
     a non-constant is always an EX_CAST, even to the same type.  */
#ifndef BTFCC_TREE_H
#define BTFCC_TREE_H

#include <stdio.h>

#include "type.h"

typedef struct Node Node;
typedef struct Init Init;

/* A constant value, when an expression has one.  */
typedef enum {
  CV_NONE,   /* not a constant */
  CV_INT,    /* integer constant (i holds the bits; type says the sign) */
  CV_FLOAT,  /* arithmetic constant of floating type */
  CV_ADDR,   /* address constant: &sym + off, "str" + off, or (T*)off */
} ConstKind;

typedef struct ConstVal {
  uint8_t kind;      /* ConstKind */
  bool is_icx;       /* an integer constant expression per C17 6.6p6 */
  int64_t i;         /* CV_INT value; CV_ADDR byte offset */
  long double f;     /* CV_FLOAT */
  Decl *sym;         /* CV_ADDR: the symbol, NULL for a string or null */
  bool str;          /* CV_ADDR: address of a string literal */
  bool label;        /* CV_ADDR: address of a label (&&l) */
} ConstVal;


typedef enum {
  /* --- expressions --- */
  EX_CONST,        /* cv: integer, floating or address constant */
  EX_STRING,       /* a string literal: an array lvalue (str, len, width) */
  EX_VAR,          /* decl: a variable, parameter or function (a
                      function is not an lvalue: is_lvalue false) */
  EX_UNARY,        /* op: OP_NEG, OP_BITNOT, OP_LOGNOT, OP_PLUS; a */
  EX_BINARY,       /* op; a, b, both already converted to the operation's
                      type (the result type, or for comparisons the
                      common operand type in b->type) */
  EX_PTR_ADD,      /* a (pointer) + b (integer, ptrdiff_t) * scale;
                      OP_SUB for a - b*scale */
  EX_PTR_DIFF,     /* (a - b) / scale, both pointers; type ptrdiff_t */
  EX_LOGAND,       /* a && b (operands are scalars, not converted) */
  EX_LOGOR,        /* a || b */
  EX_ADDR,         /* &a, a an lvalue (or a function) */
  EX_DEREF,        /* *a, a a pointer rvalue */
  EX_MEMBER,       /* a.member: a a struct/union lvalue or rvalue;
                      member (the Member, its offset from the start of
                      the record that directly contains it) and rec;
                      for p->m the base is EX_DEREF(p) */
  EX_INDEX,        /* a[b] as written: a the array lvalue or pointer
                      rvalue (after decay: a pointer), b the index
                      (converted to ptrdiff_t or its own type), scale
                      [decided: b is always converted to ptrdiff_t; i[a]
                      is stored as a[i]] */
  EX_ASSIGN,       /* a = b; b converted to a's unqualified type */
  EX_OP_ASSIGN,    /* a op= b: the value of a converted to comp_type,
                      op with b (already in comp_type, or the integer
                      operand of pointer arithmetic, scale != 0), and the
                      result converted back to a's type */
  EX_PREINC,       /* ++a; step is 1 (or the element size for pointers;
                      for floats 1.0 in the operand's type)
                      [decided: the step is u.arith.scale, an integer:
                      1 for every arithmetic type, floats included; the
                      node's type is a's unqualified type] */
  EX_PREDEC,
  EX_POSTINC,
  EX_POSTDEC,
  EX_COND,         /* c ? a : b (a == NULL for GNU's c ?: b) */
  EX_COMMA,        /* a, b */
  EX_CAST,         /* cast_kind: a converted to type */
  EX_CALL,         /* fn (a function designator decayed to a pointer, or a
                      pointer rvalue); args[nargs], each converted to its
                      parameter type (default promotions past the
                      prototype) */
  EX_BUILTIN,      /* builtin: a builtin function; args[nargs] as written
                      (rvalues, unconverted unless the builtin has a
                      prototype)
                      [added: u.call.builtin is a BuiltinId (BI_NONE for
                      __real__ and __imag__, which are EX_BUILTIN named
                      so); builtin_name its name.  The first argument of
                      __builtin_preserve_field_info, _type_info,
                      _enum_value and __builtin_btf_type_id is the lvalue
                      as written (no CAST_LOAD, no decay), so the access
                      path, a bit-field included, is there to read;
                      __builtin_preserve_access_index takes an rvalue.
                      __builtin_expect's arguments are converted to
                      long; those of the builtins GCC gives a prototype
                      the tree knows (bswap16/32/64, clz, ctz, popcount,
                      parity, ffs, clrsb, abs, mem*, strlen, strcmp,
                      strncmp) to its parameter types.  A builtin that folded (bswap of a constant,
                      __builtin_constant_p, offsetof) is an EX_CONST.] */
  EX_STMT_EXPR,    /* ({ ... }): body (ST_COMPOUND); the value is that of
                      its last expression statement
                      [decided: the body is `a`; inside a statement
                      expression an ST_EXPR holds its expression's
                      rvalue (loaded, decayed), so the last one's `a` is
                      the value; type void when there is none] */
  EX_COMPOUND_LIT, /* (T){ ... }: an unnamed object decl with init
                      [decided: u.decl is a DECL_VAR without a name,
                      SC_AUTO in a function (listed in FuncBody.locals),
                      SC_STATIC at file scope; init is also on the node] */
  EX_VA_ARG,       /* va_arg(a, type) */
  EX_LABEL_ADDR,   /* &&label (GNU) */

  /* --- statements --- */
  ST_COMPOUND,     /* { ... }: kids[nkids] */
  ST_DECL,         /* decl (a local object, static or automatic), with its
                      initializer init (NULL if none) */
  ST_EXPR,         /* a; (a is NULL for the empty statement) */
  ST_IF,           /* if (c) then_ else else_ (else_ may be NULL) */
  ST_WHILE,        /* while (c) body */
  ST_DO,           /* do body while (c); */
  ST_FOR,          /* for (init; c; step) body: init a statement (ST_EXPR
                      or ST_COMPOUND of ST_DECLs) or NULL; c, step NULL
                      when absent */
  ST_SWITCH,       /* switch (c) body; cases: its ST_CASE/ST_DEFAULT nodes
                      in source order [c is promoted] */
  ST_CASE,         /* case lo [... hi]: body */
  ST_DEFAULT,      /* default: body */
  ST_LABEL,        /* label: body [body NULL for a label at the end of
                      a block (C23); a declaration after a label, or
                      after statement attributes, is an ST_COMPOUND of
                      its ST_DECLs] */
  ST_GOTO,         /* goto label; (label) */
  ST_GOTO_INDIRECT,/* goto *a; */
  ST_BREAK,
  ST_CONTINUE,
  ST_RETURN,       /* return a; (a NULL, or converted to the return type) */
  ST_ASM,          /* asm_stmt */
  NODE__COUNT
} NodeKind;

typedef enum {
  OP_NONE,
  /* unary */
  OP_NEG, OP_PLUS, OP_BITNOT, OP_LOGNOT,
  /* binary */
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
  OP_SHL, OP_SHR,  /* SHR is arithmetic for a signed left operand */
  OP_AND, OP_OR, OP_XOR,
  OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, /* result int; signedness from
                                               the operands' type */
} Op;

typedef enum {
  CAST_LOAD,       /* lvalue to rvalue: read the object (a bit-field when
                      a is an EX_MEMBER of a bit-field member) */
  CAST_DECAY,      /* array lvalue to pointer to its first element */
  CAST_FUNC_DECAY, /* function designator to pointer */
  CAST_NOOP,       /* same representation (qualifiers, typedefs, pointer
                      to pointer, enum to its integer, int to same-size
                      int) */
  CAST_INT,        /* integer to integer of another size: sign- or zero-
                      extends by the source's signedness, or truncates */
  CAST_TO_BOOL,    /* scalar to _Bool: != 0 */
  CAST_INT_TO_PTR,
  CAST_PTR_TO_INT,
  CAST_INT_TO_FLOAT,
  CAST_FLOAT_TO_INT,
  CAST_FLOAT,      /* floating to floating */
  CAST_TO_VOID,
  CAST_OTHER,      /* complex, vectors, unions (GNU cast to union) */
} CastKind;

/* One output, input of an asm statement.  [decided: an input whose
   constraint allows memory ('m') is an lvalue, as outputs are.]  */
typedef struct AsmOperand {
  const char *name;       /* [name], NULL if none */
  const char *constraint; /* "=r", "+r", "r", "i", "m" ... */
  Node *expr;             /* outputs: an lvalue; inputs: an rvalue */
} AsmOperand;

typedef struct AsmStmt {
  const char *templ;      /* the template string (decoded) */
  bool is_volatile, is_inline, is_goto;
  bool basic;             /* asm("...") with no colon: no operands, %
                             not special */
  AsmOperand *outputs; int noutputs;
  AsmOperand *inputs; int ninputs;
  const char **clobbers; int nclobbers;
  Ident **labels; int nlabels; /* asm goto: the labels (a block's own
                                  label under __label__ has a name of its
                                  own, see Parser.label_aliases) */
  Ident **label_names;          /* ... as written (for %l[name]) */
} AsmStmt;

struct Node {
  uint8_t kind;      /* NodeKind */
  uint8_t op;        /* Op (EX_UNARY, EX_BINARY, EX_OP_ASSIGN, EX_PTR_ADD) */
  uint8_t cast_kind; /* CastKind (EX_CAST) */
  bool is_lvalue;
  Type *type;        /* expressions: the type; NULL for statements */
  SrcLoc loc;
  Node *a, *b, *c;   /* operands; for statements: ST_IF c/then_=a/else_=b,
                        loops c/body=a, ST_FOR also init=b, step=... see
                        the accessors below */
  Node *d;
  union {
    ConstVal cv;                 /* EX_CONST */
    struct {                     /* EX_STRING */
      const char *str;           /* decoded bytes */
      uint32_t len;              /* in bytes, without the terminating NUL */
      uint8_t width;             /* 1, 2 or 4 */
    } s;
    Decl *decl;                  /* EX_VAR, ST_DECL, EX_COMPOUND_LIT */
    struct {                     /* EX_MEMBER */
      Member *member;
      Record *rec;               /* the record directly containing it */
    } m;
    struct {                     /* EX_PTR_ADD, EX_PTR_DIFF, EX_INDEX,
                                    EX_OP_ASSIGN on a pointer,
                                    increments */
      int64_t scale;             /* element size in bytes */
      Type *comp_type;           /* EX_OP_ASSIGN: the operation's type */
    } arith;
    struct {                     /* EX_CALL, EX_BUILTIN */
      Node **args;
      int nargs;
      int builtin;               /* EX_BUILTIN: BuiltinId (builtins.h) */
      const char *builtin_name;
    } call;
    struct {                     /* ST_COMPOUND, EX_STMT_EXPR (body) */
      Node **kids;
      int nkids;
    } block;
    struct {                     /* ST_SWITCH */
      Node **cases;
      int ncases;
    } sw;
    struct {                     /* ST_CASE */
      int64_t lo, hi;            /* hi == lo without a GNU range */
    } cs;
    struct {                     /* ST_LABEL, ST_GOTO, EX_LABEL_ADDR */
      Ident *label;
    } lbl;
    AsmStmt *asm_stmt;           /* ST_ASM */
    struct {                     /* ST_WHILE, ST_DO, ST_FOR */
      int32_t unroll;            /* a pragma's unrolling: LOOP_UNROLL_* or
                                    a count (> 1) */
    } loop;
  } u;
  Init *init;                    /* ST_DECL, EX_COMPOUND_LIT */
};

/* A loop's unrolling as a pragma before it asks: `#pragma unroll`,
   `#pragma clang loop unroll(full)` (full), `#pragma nounroll`,
   `#pragma GCC unroll 0` or 1, `unroll(disable)` (none), or a count.  */
enum { LOOP_UNROLL_DEFAULT = 0, LOOP_UNROLL_NONE = 1, LOOP_UNROLL_FULL = -1 };

/* Statement operand names (the fields above, by role).  */
#define ST_COND(n) ((n)->c)   /* ST_IF, ST_WHILE, ST_DO, ST_FOR, ST_SWITCH */
#define ST_BODY(n) ((n)->a)   /* ST_WHILE, ST_DO, ST_FOR, ST_SWITCH, ST_CASE,
                                 ST_DEFAULT, ST_LABEL; ST_IF: then */
#define ST_ELSE(n) ((n)->b)   /* ST_IF */
#define ST_INIT(n) ((n)->b)   /* ST_FOR */
#define ST_STEP(n) ((n)->d)   /* ST_FOR */

/* An initializer as a flat list of scalar stores, in increasing offset
   order, after which the remaining bytes of the object are zero (C's
   rule for partly initialised aggregates).  A char array from a string
   literal is one element whose value is the EX_STRING (copy min(len+1,
   size) bytes).  A bit-field element has bit_width >= 0 and bit_offset
   within the containing storage; other elements have bit_width -1.
   [decided: the containing storage of a bit-field is the unit of its
   declared type's size that holds its first bit: offset is that unit's
   byte offset, bit_offset counts from its least significant bit.  A
   store of a whole struct or union (from an expression of that type)
   is one element of that type.  Stores of an automatic object's
   initializer are not constants in general: is_const says.]  */
typedef struct InitElem {
  int64_t offset;     /* byte offset in the object */
  int32_t bit_offset; /* bit-fields: bit offset from `offset` */
  int32_t bit_width;  /* -1 if not a bit-field */
  Type *type;         /* the element's type */
  Node *value;        /* converted to type (an rvalue), or an EX_STRING */
} InitElem;

struct Init {
  Type *type;        /* the object's type (array length completed) */
  InitElem *elems;
  int nelems;
  bool is_const;     /* every value is a constant (static data image) */
  bool has_reloc;    /* some value is an address constant */
  bool all_zero;
  int64_t flex_size; /* bytes of an initialized flexible array member,
                        beyond the type's size (GCC counts them in the
                        object's size) */
};

/* A function definition's body and the declarations a code generator
   needs: the parameters as declared (DECL_PARAM Decls, in order), the
   body, and every local object declared in it (automatic and static,
   compound literals included), in declaration order.
   [decided: an unnamed parameter has a Decl with name NULL; `extern`
   declarations in a body are not locals and have no ST_DECL.]  */
typedef struct FuncBody {
  Decl **params;
  int nparams;
  Node *body;       /* ST_COMPOUND */
  Decl **locals;
  int nlocals;
  Ident **labels;   /* labels defined in the body */
  int nlabels;
  bool uses_va;     /* va_start appears */
} FuncBody;

/* Decl.body (DECL_FUNC with a definition) is a FuncBody; Decl.init
   (DECL_VAR with an initializer, any storage) is an Init.  */

/* --- Construction (sema/tree.c) --- */
/* A new node of KIND (zeroed operands) in the perm arena.  */
Node *node_new(NodeKind kind, Type *type, SrcLoc loc);
/* The kind of conversion from FROM to TO (both rvalue types).  */
CastKind cast_kind_of(Type *from, Type *to);
/* A converted to TO: A itself when the types are the same unqualified
   type, else an EX_CAST of the right kind (implicit conversions).  */
Node *node_convert(Node *a, Type *to);
/* EX_CAST of A to TO even when the types agree (an explicit cast).  */
Node *node_cast(Node *a, Type *to, SrcLoc loc);
/* EX_CONST of type T with value CV.  */
Node *node_const(Type *t, ConstVal cv, SrcLoc loc);
Node *node_int(Type *t, int64_t v, SrcLoc loc);

/* --- The -fdump-tree text (sema/dump.c) --- */
/* Print the typed tree of every function definition and every
   initialized variable of DECLS (a translation unit's declarations in
   order) to OUT; the format is described at the head of dump.c.  */
void tree_dump_decls(FILE *out, Decl **decls, size_t ndecls);
void tree_dump_expr(FILE *out, const Node *n);

#endif
