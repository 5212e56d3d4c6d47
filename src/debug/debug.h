/* The debug-information model: a DWARF-like graph of DIEs that every
   emitter (BTF, DWARF) reads and every producer fills.

   The compiler fills it from a translation unit (build.c, the one file
   that knows both sema and this model), the way GCC's dwarf2out builds
   its DIEs: one DIE per distinct type (variants included), created in
   GCC's order, top-level DIEs kept in a compile-unit child list whose
   order is what GCC's BTF generation walks.  Annotation DIEs carry
   btf_decl_tag and btf_type_tag values, chained as in GCC (seed 003).

   The model stands alone: it depends on util only, points back into no
   producer's structures, and records what the emitters need (sections,
   symbol names, the size type) as plain data.  It carries no emitter
   options and no emitter slots: every DIE has an id, dense from 0, and an
   emitter keeps its own side tables indexed by it.  */
#ifndef BTFCC_DEBUG_H
#define BTFCC_DEBUG_H

#include "../util/diag.h"
#include "../util/util.h"

typedef struct Die Die;

typedef enum {
  DIE_BASE,
  DIE_POINTER,
  DIE_CONST,
  DIE_VOLATILE,
  DIE_RESTRICT,
  DIE_ATOMIC,
  DIE_TYPEDEF,
  DIE_STRUCT,
  DIE_UNION,
  DIE_ENUM,
  DIE_ARRAY,
  DIE_SUBROUTINE, /* function type */
  DIE_VECTOR,     /* DW_TAG_array_type with DW_AT_GNU_vector */
  DIE_UNSPECIFIED, /* a named type C cannot spell otherwise: typeof (nullptr) */
  DIE_VARIABLE,
  DIE_SUBPROGRAM,
  DIE_ANNOTATION,
} DieKind;

/* DW_ATE_* base type encodings.  */
enum {
  ATE_BOOLEAN = 0x2,
  ATE_COMPLEX_FLOAT = 0x3,
  ATE_FLOAT = 0x4,
  ATE_SIGNED = 0x5,
  ATE_SIGNED_CHAR = 0x6,
  ATE_UNSIGNED = 0x7,
  ATE_UNSIGNED_CHAR = 0x8,
  ATE_DECIMAL_FLOAT = 0xf,
};

/* Fields ordered by size, without holes: a vmlinux.h has 64,000.  */
typedef struct DieMember {
  const char *name; /* NULL when unnamed */
  Die *type;
  int64_t bit_offset;
  Die *annot;       /* btf_decl_tag chain */
  int32_t bit_size; /* 0 when not a bit-field */
  uint32_t user_align; /* DW_AT_alignment (GCC's DECL_USER_ALIGN), 0 = none */
  SrcLoc loc;
} DieMember;

typedef struct DieParam {
  const char *name; /* NULL when unnamed (types, declarations) */
  Die *type;
  Die *annot;       /* btf_decl_tag chain */
  SrcLoc loc;
} DieParam;

typedef struct DieEnumerator {
  const char *name;
  int64_t value;
} DieEnumerator;

/* What an annotation DIE carries (DW_AT_name "btf_decl_tag" or
   "btf_type_tag").  */
typedef enum {
  ANNOT_DECL_TAG,
  ANNOT_TYPE_TAG,
} AnnotKind;

/* Where a variable lives: the DATASEC it belongs to.  */
typedef enum {
  SECCAT_NONE,   /* no DATASEC entry (TLS, data.rel, extern ...) */
  SECCAT_BSS,
  SECCAT_DATA,
  SECCAT_RODATA,
  SECCAT_NAMED,  /* explicit section attribute */
} SectionCategory;

/* DIEs are the model's bulk (one per type of a vmlinux.h: 30,000), each
   written into fresh memory: what only some kinds have shares a place
   with what others have (by kind, below).  */
struct Die {
  uint8_t kind;       /* DieKind */
  uint8_t annot_kind; /* AnnotKind: DIE_ANNOTATION */
  uint8_t seccat;     /* SectionCategory: variables' DATASEC */
  uint32_t id;        /* unique in the unit, dense from 0: emitters index
                         their side tables with it */
  uint32_t order;     /* position among the unit's top-level DIEs */
  uint32_t user_align; /* DW_AT_alignment of a struct, union, typedef,
                          array or variable (GCC's TYPE_USER_ALIGN,
                          DECL_USER_ALIGN), 0 = none */
  const char *name;
  Die *type;          /* referenced type; NULL means void */
  int64_t size;       /* bytes: base, pointer, struct, union, enum */
  Die *specification; /* the defining DIE of a has_definition pair: its
                         declaration */
  Die *annot;         /* DW_AT_GNU_annotation: head of the chain */
  union { /* by kind: an annotation carries no symbol, a variable no tag */
    struct { /* DIE_BASE */
      int64_t base_bits; /* _BitInt(N): N (DW_AT_bit_size); 0: size * 8 */
    };
    struct { /* DIE_ANNOTATION */
      const char *annot_value;
      SrcLoc annot_loc; /* where the first such tag was written */
    };
    struct { /* DIE_VARIABLE */
      const char *symbol; /* the assembler name */
      int64_t var_size;
      int64_t var_offset; /* offset in its section, when a producer knows
                             it (DWARF read from a linked or relocatable
                             object); 0 otherwise */
    };
    struct { /* DIE_ARRAY, DIE_VECTOR */
      int64_t *dims;   /* element counts, outer first; -1 = [] */
      Die *index_type; /* the subrange type */
    };
  };
  /* children: only one kind has them (the counts of the others are 0) */
  union {
    DieMember *members;   /* DIE_STRUCT, DIE_UNION */
    DieParam *params;     /* DIE_SUBROUTINE, DIE_SUBPROGRAM */
    DieEnumerator *enums; /* DIE_ENUM */
  };
  int nmembers;
  int nparams;
  int nenums;
  int ndims;          /* DIE_ARRAY, DIE_VECTOR: entries of dims */
  /* DIE_VARIABLE, DIE_SUBPROGRAM */
  const char *section;    /* variables: SECCAT_NAMED's section; functions:
                             their section attribute */
  SrcLoc loc;         /* where the entity is declared (none for derived types) */
  Die *list_next;     /* unit child list */
  Die *list_prev;
  uint8_t encoding;   /* base: ATE_*; enum: ATE_SIGNED/ATE_UNSIGNED */
  bool declaration;   /* incomplete struct/union/enum; extern decl */
  bool external;      /* variable / function with external linkage */
  bool prototyped;
  bool variadic;
  bool is_extern;     /* DECL_EXTERNAL (not defined in this unit) */
  bool kept;          /* survives unused-type elimination */
  bool used_root;     /* a type a body or a file-scope initializer uses:
                         kept for that alone (GCC's perennial DIEs) */
  bool has_definition;/* a declaration DIE completed by a later one, whose
                         DW_AT_specification names it (no BTF of its own) */
  bool on_list;       /* placed in the unit's child list */
  bool pending;       /* struct/union/enum referred to before its
                         definition: a declaration until then */
  bool anon_member;   /* struct/union: the type of an anonymous member,
                         whose members are the enclosing record's
                         (DW_AT_export_symbols) */
  bool variable_length; /* DIE_ARRAY: a dimension is a VLA's (GCC's early
                           DWARF makes its size type before the function
                           whose parameters use it: CTF's order shows it) */
};

/* A section of the object the variables were read from (btftool
   encode): its DATASEC has the section's size.  */
typedef struct DebugSection {
  const char *name;
  uint64_t size;
} DebugSection;

typedef struct DebugUnit {
  Die *first, *last;  /* top-level DIEs in GCC's compile-unit order, */
  VEC(Die *) dies;    /* and the same as an array once numbered:
                         dies.data[d->order] == d.  Emitters walk this
                         one: a list of cold DIEs is walked one cache
                         miss at a time.  */
  VEC(Die *) vars;    /* variables, in GCC's FOR_EACH_VARIABLE order */
  VEC(Die *) funcs;   /* functions, in GCC's FOR_EACH_FUNCTION order */
  uint32_t ndies;     /* ids handed out: every DIE's id is below */
  Die *sizetype;      /* the unit's size type (`long unsigned int`), the
                         index type of arrays whose DIE has none; off the
                         list when nothing else made it; NULL when the
                         producer has none (such arrays get void) */
  bool pruned;        /* unused types were eliminated */
  bool from_roots;    /* a precompiled header's types were described only
                         where the unit reaches them (build.c) */
  bool kernel;        /* read from a kernel image or module (the DWARF
                         reader's kernel_rules.h): BTF with the kernel
                         build's (pahole's) choices */
  VEC(DebugSection) sections; /* the sections of the variables placed by
                                 an object's symbols, with their sizes
                                 (the DWARF reader's); empty for a
                                 compilation, whose sizes the assembler
                                 and linker decide */
  const char *main_file;
} DebugUnit;

/* --- Building a unit (any producer) --- */

DebugUnit *debug_unit_new(void);
/* A new DIE of KIND with the next id; on the unit's list when TOP_LEVEL.  */
Die *debug_new_die(DebugUnit *u, DieKind kind, bool top_level);
void debug_append(DebugUnit *u, Die *d);
void debug_insert_after(DebugUnit *u, Die *after, Die *d);

/* --- Pruning and numbering --- */

/* Mark D and what it reaches (types, members, parameters, annotations,
   specification) as kept.  */
void debug_mark(Die *d);
/* Drop from the unit's list what is not kept (nothing with KEEP_ALL),
   then number the survivors into u->dies.  Base type and annotation
   DIEs always stay, as in GCC.  */
void debug_number(DebugUnit *u, bool keep_all);

/* Where a bit-field sits in DWARF 4's terms (GCC's field_byte_offset),
   which DWARF 5 keeps for union members and which CTF's slices follow:
   its storage unit (the size of its declared base type, in bytes) and
   that unit's bit offset from the start of the aggregate (moved to the
   field's byte when the field straddles a unit).  */
typedef struct BitfieldUnit {
  int64_t unit_bytes;
  int64_t start_bits;
} BitfieldUnit;
BitfieldUnit debug_bitfield_unit(const DieMember *dm);

/* DW_AT_name of an annotation DIE of KIND.  */
const char *debug_annot_name(AnnotKind kind);

/* --- The compiled code (BPF) --- */

/* What the code generator tells the debug writers (.BTF.ext, and DWARF's
   addresses and line table): each function's first instruction and
   size, and the source line of instructions (byte offsets in their code
   section).  One record of each, read by both writers.  */
typedef struct BtfExtFunc {
  const char *section;
  const char *name;      /* the function's C name (its FUNC record) */
  uint32_t insn_off;
  uint32_t size;         /* bytes of code */
  const char *label;     /* a local label at its first instruction (for
                            DWARF's relocated addresses), or NULL */
} BtfExtFunc;

typedef struct BtfExtLine {
  const char *section;
  uint32_t insn_off;
  const char *file;      /* absolute, as .BTF.ext wants it */
  uint32_t line, col;
  uint32_t src_file;     /* the SrcLoc file id of FILE (DWARF's numbering) */
  const char *text;      /* the source line, as clang records it; NULL: none */
} BtfExtLine;

/* A CO-RE relocation: the instruction at INSN_OFF of SECTION holds a
   value of KIND about the type DIE (its root type) and the access string
   ACCESS.  TYPE is the producer's own handle of the type, which it turns
   into DIE once the model exists.  btf_generate sets TYPE_ID to the
   root type's BTF id (the value of a TYPE_ID_LOCAL relocation).  */
typedef struct BtfExtCore {
  const char *section;
  uint32_t insn_off;
  const void *type;
  Die *die;
  const char *access;
  uint32_t kind;
  uint32_t type_id;
} BtfExtCore;

typedef struct BtfExtInfo {
  VEC(BtfExtFunc) funcs;
  VEC(BtfExtLine) lines;
  VEC(BtfExtCore) cores;
} BtfExtInfo;

#endif
