/* -fdebug-types-section: structure, union and enumeration types move out
   of the compile unit into type units of their own, named by a 64-bit
   signature, as GCC does it:

   - every complete struct/union/enum child of the compile unit (not a
     block-scope type) gets a type unit; its signature is the low 64 bits
     of an MD5 digest over the type as DWARF 4 §7.27 describes (GCC's
     generate_type_signature), computed before anything moves;
   - the unit holds the type DIE, then copies of every DIE it refers to
     that is not itself a type unit's type (base types, pointers,
     typedefs, declarations, annotation DIEs ...), in the order a walk
     over the unit meets them, the copies walked in turn;
   - references to a moved type from another unit use its signature
     (DW_FORM_ref_sig8); a unit that refers to one such type twice or
     more gets a local stub DIE with DW_AT_signature instead;
   - with unused-type elimination, the compile unit then drops the types
     only the moved ones used (annotation DIEs and base types stay).  */
#ifndef BTFCC_DWARF_TYPE_UNITS_H
#define BTFCC_DWARF_TYPE_UNITS_H

#include "dwarf_die.h"

typedef struct TypeUnit {
  ODie *root;             /* DW_TAG_type_unit */
  ODie *type;             /* the type the unit describes */
  uint8_t signature[8];
  struct TypeUnit *next;  /* in output order */
} TypeUnit;

/* Split CU (a DW_TAG_compile_unit tree whose attribute values are not
   yet encoded); returns the type units in the order GCC writes them.
   LINE_LABEL is the DW_AT_stmt_list label every unit shares.  Sets
   `unit` on every DIE of every unit, the compile unit's included.  */
TypeUnit *type_units_split(ODie *cu, bool prune_cu, const char *line_label);

/* Give UNIT (the compile unit or a type unit's root) a stub DIE for each
   type of another unit it refers to more than once, and refer to the
   stub.  GCC does this after adding DW_AT_sibling, so the stubs, last
   among the unit's children, never shift those.  */
void type_units_add_stubs(ODie *unit);

/* Whether a reference from a DIE of UNIT to TARGET crosses units (and
   so is written as DW_FORM_ref_sig8).  */
static inline bool odie_ref_is_external(const ODie *unit, const ODie *target) {
  return target->unit != unit;
}

#endif
