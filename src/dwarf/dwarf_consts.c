/* Names of the DWARF numbers btfcc writes, for -dA comments.  */
#include "dwarf_consts.h"

#include <stddef.h>

typedef struct NumName {
  unsigned num;
  const char *name;
} NumName;

static const char *lookup(const NumName *t, size_t n, unsigned num) {
  for (size_t i = 0; i < n; i++)
    if (t[i].num == num)
      return t[i].name;
  return "DW_unknown";
}

#define N(x) {x, #x}

static const NumName tags[] = {
    N(DW_TAG_array_type),     N(DW_TAG_enumeration_type),
    N(DW_TAG_formal_parameter), N(DW_TAG_member),
    N(DW_TAG_pointer_type),   N(DW_TAG_compile_unit),
    N(DW_TAG_structure_type), N(DW_TAG_subroutine_type),
    N(DW_TAG_typedef),        N(DW_TAG_union_type),
    N(DW_TAG_unspecified_parameters), N(DW_TAG_subrange_type),
    N(DW_TAG_base_type),      N(DW_TAG_const_type),
    N(DW_TAG_enumerator),     N(DW_TAG_subprogram),
    N(DW_TAG_variable),       N(DW_TAG_volatile_type),
    N(DW_TAG_restrict_type),  N(DW_TAG_type_unit),
    N(DW_TAG_atomic_type),    N(DW_TAG_GNU_annotation),
};

static const NumName ats[] = {
    N(DW_AT_sibling),       N(DW_AT_name),          N(DW_AT_byte_size),
    N(DW_AT_specification),
    N(DW_AT_stmt_list),     N(DW_AT_language),      N(DW_AT_comp_dir),
    N(DW_AT_const_value),   N(DW_AT_upper_bound),   N(DW_AT_producer),
    N(DW_AT_prototyped),    N(DW_AT_bit_offset),    N(DW_AT_bit_size),
    N(DW_AT_count),         N(DW_AT_data_member_location),
    N(DW_AT_decl_column),   N(DW_AT_decl_file),     N(DW_AT_decl_line),
    N(DW_AT_declaration),   N(DW_AT_encoding),      N(DW_AT_external),
    N(DW_AT_type),          N(DW_AT_data_bit_offset), N(DW_AT_signature),
    N(DW_AT_alignment),     N(DW_AT_GNU_vector),    N(DW_AT_GNU_annotation),
};

static const NumName forms[] = {
    N(DW_FORM_addr),   N(DW_FORM_data2),  N(DW_FORM_data4),
    N(DW_FORM_data8),  N(DW_FORM_string), N(DW_FORM_data1),
    N(DW_FORM_flag),   N(DW_FORM_sdata),  N(DW_FORM_strp),
    N(DW_FORM_udata),  N(DW_FORM_ref4),   N(DW_FORM_sec_offset),
    N(DW_FORM_flag_present), N(DW_FORM_line_strp), N(DW_FORM_ref_sig8),
    N(DW_FORM_implicit_const),
};

const char *dwarf_tag_name(unsigned tag) {
  return lookup(tags, sizeof tags / sizeof tags[0], tag);
}
const char *dwarf_at_name(unsigned at) {
  return lookup(ats, sizeof ats / sizeof ats[0], at);
}
const char *dwarf_form_name(unsigned form) {
  return lookup(forms, sizeof forms / sizeof forms[0], form);
}
