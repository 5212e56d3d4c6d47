/* DWARF numbers btfcc writes (DWARF 4 and 5, plus GCC's annotation
   extension), with the names GCC's -dA comments use.  */
#ifndef BTFCC_DWARF_CONSTS_H
#define BTFCC_DWARF_CONSTS_H

enum {
  DW_TAG_array_type = 0x01,
  DW_TAG_enumeration_type = 0x04,
  DW_TAG_formal_parameter = 0x05,
  DW_TAG_member = 0x0d,
  DW_TAG_pointer_type = 0x0f,
  DW_TAG_compile_unit = 0x11,
  DW_TAG_structure_type = 0x13,
  DW_TAG_subroutine_type = 0x15,
  DW_TAG_typedef = 0x16,
  DW_TAG_union_type = 0x17,
  DW_TAG_unspecified_parameters = 0x18,
  DW_TAG_subrange_type = 0x21,
  DW_TAG_base_type = 0x24,
  DW_TAG_const_type = 0x26,
  DW_TAG_enumerator = 0x28,
  DW_TAG_subprogram = 0x2e,
  DW_TAG_variable = 0x34,
  DW_TAG_volatile_type = 0x35,
  DW_TAG_restrict_type = 0x37,
  DW_TAG_type_unit = 0x41,
  DW_TAG_atomic_type = 0x47,
  DW_TAG_GNU_annotation = 0x6001,
};

enum {
  DW_AT_sibling = 0x01,
  DW_AT_name = 0x03,
  DW_AT_byte_size = 0x0b,
  DW_AT_stmt_list = 0x10,
  DW_AT_language = 0x13,
  DW_AT_comp_dir = 0x1b,
  DW_AT_const_value = 0x1c,
  DW_AT_upper_bound = 0x2f,
  DW_AT_producer = 0x25,
  DW_AT_prototyped = 0x27,
  DW_AT_bit_offset = 0x0c,
  DW_AT_bit_size = 0x0d,
  DW_AT_count = 0x37,
  DW_AT_data_member_location = 0x38,
  DW_AT_decl_column = 0x39,
  DW_AT_decl_file = 0x3a,
  DW_AT_decl_line = 0x3b,
  DW_AT_specification = 0x47,
  DW_AT_declaration = 0x3c,
  DW_AT_encoding = 0x3e,
  DW_AT_external = 0x3f,
  DW_AT_type = 0x49,
  DW_AT_data_bit_offset = 0x6b,
  DW_AT_signature = 0x69,
  DW_AT_alignment = 0x88,
  DW_AT_GNU_vector = 0x2107,
  DW_AT_GNU_annotation = 0x2139,
};

enum {
  DW_FORM_addr = 0x01,
  DW_FORM_data2 = 0x05,
  DW_FORM_data4 = 0x06,
  DW_FORM_data8 = 0x07,
  DW_FORM_string = 0x08,
  DW_FORM_data1 = 0x0b,
  DW_FORM_flag = 0x0c,
  DW_FORM_sdata = 0x0d,
  DW_FORM_strp = 0x0e,
  DW_FORM_udata = 0x0f,
  DW_FORM_ref4 = 0x13,
  DW_FORM_sec_offset = 0x17,
  DW_FORM_flag_present = 0x19,
  DW_FORM_line_strp = 0x1f,
  DW_FORM_ref_sig8 = 0x20,
  DW_FORM_implicit_const = 0x21,
};

enum {
  DW_UT_compile = 0x01,
  DW_UT_type = 0x02,
};

enum {
  DW_LANG_C89 = 0x0001,
  DW_LANG_C99 = 0x000c,
  DW_LANG_C11 = 0x001d,
};

enum {
  DW_LNCT_path = 0x1,
  DW_LNCT_directory_index = 0x2,
};

const char *dwarf_tag_name(unsigned tag);
const char *dwarf_at_name(unsigned at);
const char *dwarf_form_name(unsigned form);

#endif
