/* The DWARF vocabulary, once, for the writer (dwarf_gen.c, type_units.c)
   and the reader (dwarf_read.c): every tag, attribute, form and unit type
   a DWARF 4 or 5 producer may use (with the GNU and LLVM extensions,
   among them GCC's and clang's annotations), as X-macro lists of name and
   number.  The lists give the enumerations below and the names that -dA
   comments and the reader's messages print.  */
#ifndef BTFCC_DWARF_CONSTS_H
#define BTFCC_DWARF_CONSTS_H

#include <stdint.h>

#define DWARF_TAGS(X) \
  X(DW_TAG_array_type, 0x01) \
  X(DW_TAG_class_type, 0x02) \
  X(DW_TAG_entry_point, 0x03) \
  X(DW_TAG_enumeration_type, 0x04) \
  X(DW_TAG_formal_parameter, 0x05) \
  X(DW_TAG_imported_declaration, 0x08) \
  X(DW_TAG_label, 0x0a) \
  X(DW_TAG_lexical_block, 0x0b) \
  X(DW_TAG_member, 0x0d) \
  X(DW_TAG_pointer_type, 0x0f) \
  X(DW_TAG_reference_type, 0x10) \
  X(DW_TAG_compile_unit, 0x11) \
  X(DW_TAG_string_type, 0x12) \
  X(DW_TAG_structure_type, 0x13) \
  X(DW_TAG_subroutine_type, 0x15) \
  X(DW_TAG_typedef, 0x16) \
  X(DW_TAG_union_type, 0x17) \
  X(DW_TAG_unspecified_parameters, 0x18) \
  X(DW_TAG_variant, 0x19) \
  X(DW_TAG_common_block, 0x1a) \
  X(DW_TAG_common_inclusion, 0x1b) \
  X(DW_TAG_inheritance, 0x1c) \
  X(DW_TAG_inlined_subroutine, 0x1d) \
  X(DW_TAG_module, 0x1e) \
  X(DW_TAG_ptr_to_member_type, 0x1f) \
  X(DW_TAG_set_type, 0x20) \
  X(DW_TAG_subrange_type, 0x21) \
  X(DW_TAG_with_stmt, 0x22) \
  X(DW_TAG_access_declaration, 0x23) \
  X(DW_TAG_base_type, 0x24) \
  X(DW_TAG_catch_block, 0x25) \
  X(DW_TAG_const_type, 0x26) \
  X(DW_TAG_constant, 0x27) \
  X(DW_TAG_enumerator, 0x28) \
  X(DW_TAG_file_type, 0x29) \
  X(DW_TAG_friend, 0x2a) \
  X(DW_TAG_namelist, 0x2b) \
  X(DW_TAG_namelist_item, 0x2c) \
  X(DW_TAG_packed_type, 0x2d) \
  X(DW_TAG_subprogram, 0x2e) \
  X(DW_TAG_template_type_parameter, 0x2f) \
  X(DW_TAG_template_value_parameter, 0x30) \
  X(DW_TAG_thrown_type, 0x31) \
  X(DW_TAG_try_block, 0x32) \
  X(DW_TAG_variant_part, 0x33) \
  X(DW_TAG_variable, 0x34) \
  X(DW_TAG_volatile_type, 0x35) \
  X(DW_TAG_dwarf_procedure, 0x36) \
  X(DW_TAG_restrict_type, 0x37) \
  X(DW_TAG_interface_type, 0x38) \
  X(DW_TAG_namespace, 0x39) \
  X(DW_TAG_imported_module, 0x3a) \
  X(DW_TAG_unspecified_type, 0x3b) \
  X(DW_TAG_partial_unit, 0x3c) \
  X(DW_TAG_imported_unit, 0x3d) \
  X(DW_TAG_condition, 0x3f) \
  X(DW_TAG_shared_type, 0x40) \
  X(DW_TAG_type_unit, 0x41) \
  X(DW_TAG_rvalue_reference_type, 0x42) \
  X(DW_TAG_template_alias, 0x43) \
  X(DW_TAG_coarray_type, 0x44) \
  X(DW_TAG_generic_subrange, 0x45) \
  X(DW_TAG_dynamic_type, 0x46) \
  X(DW_TAG_atomic_type, 0x47) \
  X(DW_TAG_call_site, 0x48) \
  X(DW_TAG_call_site_parameter, 0x49) \
  X(DW_TAG_skeleton_unit, 0x4a) \
  X(DW_TAG_immutable_type, 0x4b) \
  X(DW_TAG_format_label, 0x4101) \
  X(DW_TAG_function_template, 0x4102) \
  X(DW_TAG_class_template, 0x4103) \
  X(DW_TAG_GNU_template_template_param, 0x4106) \
  X(DW_TAG_GNU_template_parameter_pack, 0x4107) \
  X(DW_TAG_GNU_formal_parameter_pack, 0x4108) \
  X(DW_TAG_GNU_call_site, 0x4109) \
  X(DW_TAG_GNU_call_site_parameter, 0x410a) \
  X(DW_TAG_LLVM_annotation, 0x6000) \
  X(DW_TAG_GNU_annotation, 0x6001) \
  /* end */

#define DWARF_ATTRS(X) \
  X(DW_AT_sibling, 0x01) \
  X(DW_AT_location, 0x02) \
  X(DW_AT_name, 0x03) \
  X(DW_AT_ordering, 0x09) \
  X(DW_AT_byte_size, 0x0b) \
  X(DW_AT_bit_offset, 0x0c) \
  X(DW_AT_bit_size, 0x0d) \
  X(DW_AT_stmt_list, 0x10) \
  X(DW_AT_low_pc, 0x11) \
  X(DW_AT_high_pc, 0x12) \
  X(DW_AT_language, 0x13) \
  X(DW_AT_discr, 0x15) \
  X(DW_AT_discr_value, 0x16) \
  X(DW_AT_visibility, 0x17) \
  X(DW_AT_import, 0x18) \
  X(DW_AT_string_length, 0x19) \
  X(DW_AT_common_reference, 0x1a) \
  X(DW_AT_comp_dir, 0x1b) \
  X(DW_AT_const_value, 0x1c) \
  X(DW_AT_containing_type, 0x1d) \
  X(DW_AT_default_value, 0x1e) \
  X(DW_AT_inline, 0x20) \
  X(DW_AT_is_optional, 0x21) \
  X(DW_AT_lower_bound, 0x22) \
  X(DW_AT_producer, 0x25) \
  X(DW_AT_prototyped, 0x27) \
  X(DW_AT_return_addr, 0x2a) \
  X(DW_AT_start_scope, 0x2c) \
  X(DW_AT_bit_stride, 0x2e) \
  X(DW_AT_upper_bound, 0x2f) \
  X(DW_AT_abstract_origin, 0x31) \
  X(DW_AT_accessibility, 0x32) \
  X(DW_AT_address_class, 0x33) \
  X(DW_AT_artificial, 0x34) \
  X(DW_AT_base_types, 0x35) \
  X(DW_AT_calling_convention, 0x36) \
  X(DW_AT_count, 0x37) \
  X(DW_AT_data_member_location, 0x38) \
  X(DW_AT_decl_column, 0x39) \
  X(DW_AT_decl_file, 0x3a) \
  X(DW_AT_decl_line, 0x3b) \
  X(DW_AT_declaration, 0x3c) \
  X(DW_AT_discr_list, 0x3d) \
  X(DW_AT_encoding, 0x3e) \
  X(DW_AT_external, 0x3f) \
  X(DW_AT_frame_base, 0x40) \
  X(DW_AT_friend, 0x41) \
  X(DW_AT_identifier_case, 0x42) \
  X(DW_AT_macro_info, 0x43) \
  X(DW_AT_namelist_item, 0x44) \
  X(DW_AT_priority, 0x45) \
  X(DW_AT_segment, 0x46) \
  X(DW_AT_specification, 0x47) \
  X(DW_AT_static_link, 0x48) \
  X(DW_AT_type, 0x49) \
  X(DW_AT_use_location, 0x4a) \
  X(DW_AT_variable_parameter, 0x4b) \
  X(DW_AT_virtuality, 0x4c) \
  X(DW_AT_vtable_elem_location, 0x4d) \
  X(DW_AT_allocated, 0x4e) \
  X(DW_AT_associated, 0x4f) \
  X(DW_AT_data_location, 0x50) \
  X(DW_AT_byte_stride, 0x51) \
  X(DW_AT_entry_pc, 0x52) \
  X(DW_AT_use_UTF8, 0x53) \
  X(DW_AT_extension, 0x54) \
  X(DW_AT_ranges, 0x55) \
  X(DW_AT_trampoline, 0x56) \
  X(DW_AT_call_column, 0x57) \
  X(DW_AT_call_file, 0x58) \
  X(DW_AT_call_line, 0x59) \
  X(DW_AT_description, 0x5a) \
  X(DW_AT_binary_scale, 0x5b) \
  X(DW_AT_decimal_scale, 0x5c) \
  X(DW_AT_small, 0x5d) \
  X(DW_AT_decimal_sign, 0x5e) \
  X(DW_AT_digit_count, 0x5f) \
  X(DW_AT_picture_string, 0x60) \
  X(DW_AT_mutable, 0x61) \
  X(DW_AT_threads_scaled, 0x62) \
  X(DW_AT_explicit, 0x63) \
  X(DW_AT_object_pointer, 0x64) \
  X(DW_AT_endianity, 0x65) \
  X(DW_AT_elemental, 0x66) \
  X(DW_AT_pure, 0x67) \
  X(DW_AT_recursive, 0x68) \
  X(DW_AT_signature, 0x69) \
  X(DW_AT_main_subprogram, 0x6a) \
  X(DW_AT_data_bit_offset, 0x6b) \
  X(DW_AT_const_expr, 0x6c) \
  X(DW_AT_enum_class, 0x6d) \
  X(DW_AT_linkage_name, 0x6e) \
  X(DW_AT_string_length_bit_size, 0x6f) \
  X(DW_AT_string_length_byte_size, 0x70) \
  X(DW_AT_rank, 0x71) \
  X(DW_AT_str_offsets_base, 0x72) \
  X(DW_AT_addr_base, 0x73) \
  X(DW_AT_rnglists_base, 0x74) \
  X(DW_AT_dwo_name, 0x76) \
  X(DW_AT_reference, 0x77) \
  X(DW_AT_rvalue_reference, 0x78) \
  X(DW_AT_macros, 0x79) \
  X(DW_AT_call_all_calls, 0x7a) \
  X(DW_AT_call_all_source_calls, 0x7b) \
  X(DW_AT_call_all_tail_calls, 0x7c) \
  X(DW_AT_call_return_pc, 0x7d) \
  X(DW_AT_call_value, 0x7e) \
  X(DW_AT_call_origin, 0x7f) \
  X(DW_AT_call_parameter, 0x80) \
  X(DW_AT_call_pc, 0x81) \
  X(DW_AT_call_tail_call, 0x82) \
  X(DW_AT_call_target, 0x83) \
  X(DW_AT_call_target_clobbered, 0x84) \
  X(DW_AT_call_data_location, 0x85) \
  X(DW_AT_call_data_value, 0x86) \
  X(DW_AT_noreturn, 0x87) \
  X(DW_AT_alignment, 0x88) \
  X(DW_AT_export_symbols, 0x89) \
  X(DW_AT_deleted, 0x8a) \
  X(DW_AT_defaulted, 0x8b) \
  X(DW_AT_loclists_base, 0x8c) \
  X(DW_AT_language_name, 0x90) \
  X(DW_AT_language_version, 0x91) \
  X(DW_AT_MIPS_linkage_name, 0x2007) \
  X(DW_AT_GNU_vector, 0x2107) \
  X(DW_AT_GNU_odr_signature, 0x210f) \
  X(DW_AT_GNU_template_name, 0x2110) \
  X(DW_AT_GNU_call_site_value, 0x2111) \
  X(DW_AT_GNU_call_site_data_value, 0x2112) \
  X(DW_AT_GNU_call_site_target, 0x2113) \
  X(DW_AT_GNU_call_site_target_clobbered, 0x2114) \
  X(DW_AT_GNU_tail_call, 0x2115) \
  X(DW_AT_GNU_all_tail_call_sites, 0x2116) \
  X(DW_AT_GNU_all_call_sites, 0x2117) \
  X(DW_AT_GNU_all_source_call_sites, 0x2118) \
  X(DW_AT_GNU_macros, 0x2119) \
  X(DW_AT_GNU_deleted, 0x211a) \
  X(DW_AT_GNU_dwo_name, 0x2130) \
  X(DW_AT_GNU_dwo_id, 0x2131) \
  X(DW_AT_GNU_ranges_base, 0x2132) \
  X(DW_AT_GNU_addr_base, 0x2133) \
  X(DW_AT_GNU_pubnames, 0x2134) \
  X(DW_AT_GNU_pubtypes, 0x2135) \
  X(DW_AT_GNU_discriminator, 0x2136) \
  X(DW_AT_GNU_locviews, 0x2137) \
  X(DW_AT_GNU_entry_view, 0x2138) \
  X(DW_AT_GNU_annotation, 0x2139) \
  X(DW_AT_GNU_bias, 0x2305) \
  X(DW_AT_LLVM_include_path, 0x3e00) \
  X(DW_AT_LLVM_config_macros, 0x3e01) \
  X(DW_AT_LLVM_sysroot, 0x3e02) \
  X(DW_AT_LLVM_tag_offset, 0x3e03) \
  X(DW_AT_APPLE_sdk, 0x3fef) \
  /* end */

#define DWARF_FORMS(X) \
  X(DW_FORM_addr, 0x01) \
  X(DW_FORM_block2, 0x03) \
  X(DW_FORM_block4, 0x04) \
  X(DW_FORM_data2, 0x05) \
  X(DW_FORM_data4, 0x06) \
  X(DW_FORM_data8, 0x07) \
  X(DW_FORM_string, 0x08) \
  X(DW_FORM_block, 0x09) \
  X(DW_FORM_block1, 0x0a) \
  X(DW_FORM_data1, 0x0b) \
  X(DW_FORM_flag, 0x0c) \
  X(DW_FORM_sdata, 0x0d) \
  X(DW_FORM_strp, 0x0e) \
  X(DW_FORM_udata, 0x0f) \
  X(DW_FORM_ref_addr, 0x10) \
  X(DW_FORM_ref1, 0x11) \
  X(DW_FORM_ref2, 0x12) \
  X(DW_FORM_ref4, 0x13) \
  X(DW_FORM_ref8, 0x14) \
  X(DW_FORM_ref_udata, 0x15) \
  X(DW_FORM_indirect, 0x16) \
  X(DW_FORM_sec_offset, 0x17) \
  X(DW_FORM_exprloc, 0x18) \
  X(DW_FORM_flag_present, 0x19) \
  X(DW_FORM_strx, 0x1a) \
  X(DW_FORM_addrx, 0x1b) \
  X(DW_FORM_ref_sup4, 0x1c) \
  X(DW_FORM_strp_sup, 0x1d) \
  X(DW_FORM_data16, 0x1e) \
  X(DW_FORM_line_strp, 0x1f) \
  X(DW_FORM_ref_sig8, 0x20) \
  X(DW_FORM_implicit_const, 0x21) \
  X(DW_FORM_loclistx, 0x22) \
  X(DW_FORM_rnglistx, 0x23) \
  X(DW_FORM_ref_sup8, 0x24) \
  X(DW_FORM_strx1, 0x25) \
  X(DW_FORM_strx2, 0x26) \
  X(DW_FORM_strx3, 0x27) \
  X(DW_FORM_strx4, 0x28) \
  X(DW_FORM_addrx1, 0x29) \
  X(DW_FORM_addrx2, 0x2a) \
  X(DW_FORM_addrx3, 0x2b) \
  X(DW_FORM_addrx4, 0x2c) \
  X(DW_FORM_GNU_addr_index, 0x1f01) \
  X(DW_FORM_GNU_str_index, 0x1f02) \
  X(DW_FORM_GNU_ref_alt, 0x1f20) \
  X(DW_FORM_GNU_strp_alt, 0x1f21) \
  /* end */

#define DWARF_UNIT_TYPES(X) \
  X(DW_UT_compile, 0x01) \
  X(DW_UT_type, 0x02) \
  X(DW_UT_partial, 0x03) \
  X(DW_UT_skeleton, 0x04) \
  X(DW_UT_split_compile, 0x05) \
  X(DW_UT_split_type, 0x06) \
  /* end */

#define DWARF_ENUMERATOR(name, value) name = value,
enum { DWARF_TAGS(DWARF_ENUMERATOR) };
enum { DWARF_ATTRS(DWARF_ENUMERATOR) };
enum { DWARF_FORMS(DWARF_ENUMERATOR) };
enum { DWARF_UNIT_TYPES(DWARF_ENUMERATOR) };
#undef DWARF_ENUMERATOR

/* Numbers written but never named.  */
enum {
  DW_LANG_C89 = 0x0001,
  DW_LANG_C99 = 0x000c,
  DW_LANG_C11 = 0x001d,
  DW_LNAME_C = 0x0003, /* DWARF 6's language names */
};

enum {
  DW_LNCT_path = 0x1,
  DW_LNCT_directory_index = 0x2,
};

/* The line program's opcodes, range lists' entries and the location
   operation the code's DIEs use.  */
enum {
  DW_LNS_copy = 0x01,
  DW_LNS_advance_pc = 0x02,
  DW_LNS_advance_line = 0x03,
  DW_LNS_set_file = 0x04,
  DW_LNS_set_column = 0x05,
  DW_LNE_end_sequence = 0x01,
  DW_LNE_set_address = 0x02,
  DW_RLE_end_of_list = 0x00,
  DW_RLE_start_length = 0x07,
  DW_OP_reg0 = 0x50,
};

/* The name of a number ("DW_TAG_member"), or NULL when the list has
   none.  */
const char *dwarf_name_of_tag(uint32_t tag);
const char *dwarf_name_of_attr(uint32_t attr);
const char *dwarf_name_of_form(uint32_t form);
const char *dwarf_name_of_unit_type(uint32_t unit_type);

#endif
