/* The DIE tree the DWARF writer builds before encoding it: DIEs with
   attributes whose values are kept abstract (a constant, a string, a
   reference to another DIE) until the writer picks their forms.  Shared
   by the generator (dwarf_gen.c) and the type-unit splitter
   (type_units.c).  */
#ifndef BTFCC_DWARF_DIE_H
#define BTFCC_DWARF_DIE_H

#include "../util/util.h"

typedef struct ODie ODie;
typedef struct StrEntry StrEntry; /* a pooled string (dwarf_gen.c) */
typedef struct Abbrev Abbrev;     /* an abbreviation (dwarf_gen.c) */

/* What an attribute's value is; the form is chosen from it.  */
typedef enum {
  AV_UNSIGNED, /* constant: data1/2/4/8 by size (or implicit_const) */
  AV_SIGNED,   /* negative constant: sdata */
  AV_STRING,   /* string, strp or line_strp */
  AV_REF,      /* another DIE: ref4 in its unit, ref_sig8 across units */
  AV_FLAG,     /* flag_present */
  AV_LABEL,    /* offset of a label in another section: sec_offset */
  AV_FILE,     /* a file number (constant, commented with the name) */
  AV_ADDR,     /* a code address: the label str (relocated), or 0 when
                  str is NULL: addr */
  AV_LENGTH,   /* bytes of code (DW_AT_high_pc): data8, as GCC, never
                  implicit_const */
  AV_EXPR_OP,  /* a location expression of one operation without
                  operands (value): exprloc */
} ValueKind;

typedef struct OAttr {
  uint16_t at;
  uint16_t form;
  uint8_t kind;       /* ValueKind */
  bool pooled;        /* AV_STRING in a string section: entry is set */
  union {             /* one per kind: attributes are the bulk of memory */
    uint64_t value;   /* AV_UNSIGNED, AV_SIGNED, AV_FILE */
    const char *str;  /* AV_STRING text (until pooled), AV_LABEL and
                         AV_ADDR name */
    StrEntry *entry;  /* pooled string for strp / line_strp */
    ODie *ref;        /* AV_REF */
  };
} OAttr;

/* The most attributes one DIE gets (a DWARF 4 bit-field member with a
   decl tag has ten).  */
enum { MAX_ATTRS = 12 };

/* What type units add to a DIE (type_units.c); NULL without them.  */
typedef struct ODieUnitInfo {
  ODie *copy;         /* this DIE's copy in copy_unit */
  ODie *copy_unit;
  const uint8_t *signature; /* the type DIE of a type unit: its signature */
} ODieUnitInfo;

/* DIEs are the bulk of the writer's memory: keep them small.  */
struct ODie {
  uint16_t tag;
  uint8_t nattrs;
  uint8_t cap;        /* room in attrs */
  uint32_t offset;    /* in its unit */
  int32_t mark;       /* scratch for tree walks (signatures, pruning) */
  bool local;         /* a block-scope type: never moved to a type unit */
  bool used_root;     /* kept for a use alone (Die.used_root) */
  ODie *first, *last, *next;
  ODie *unit;         /* the unit DIE it belongs to, once units are split */
  ODieUnitInfo *tu;   /* type units only */
  Abbrev *abbrev;
  OAttr attrs[];
};

/* A DIE with TAG (attribute room by tag), appended to PARENT's children
   when PARENT is not NULL.  */
ODie *odie_new(uint16_t tag, ODie *parent);
/* The same with room for exactly CAP attributes.  */
ODie *odie_new_sized(uint16_t tag, ODie *parent, uint8_t cap);
void odie_append(ODie *parent, ODie *child);
/* Take CHILD out of PARENT's children; PREV is the child before it (NULL
   when it is the first).  */
void odie_unlink(ODie *parent, ODie *prev, ODie *child);
/* A copy of D's tag and attributes, with no parent and no children.  */
ODie *odie_clone(const ODie *d);
/* D's attribute AT, or NULL.  */
OAttr *odie_attr(ODie *d, uint16_t at);

OAttr *add_attr(ODie *d, uint16_t at, ValueKind kind);
void add_const(ODie *d, uint16_t at, int64_t v);
/* The same for a value read as unsigned (an unsigned enum's).  */
void add_uconst(ODie *d, uint16_t at, uint64_t v);
void add_string(ODie *d, uint16_t at, const char *s);
void add_flag(ODie *d, uint16_t at);
/* Nothing when TO is NULL (void); otherwise the new attribute.  */
OAttr *add_ref(ODie *d, uint16_t at, ODie *to);

#endif
