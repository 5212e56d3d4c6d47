/* The names of the DWARF numbers (dwarf_consts.h): a switch per list,
   which the compiler turns into a table or a search.  */
#include "dwarf_consts.h"

#include <stddef.h>

#define DWARF_NAME_CASE(name, value) \
  case value:                        \
    return #name;

const char *dwarf_name_of_tag(uint32_t tag) {
  switch (tag) {
    DWARF_TAGS(DWARF_NAME_CASE)
  default:
    return NULL;
  }
}

const char *dwarf_name_of_attr(uint32_t attr) {
  switch (attr) {
    DWARF_ATTRS(DWARF_NAME_CASE)
  default:
    return NULL;
  }
}

const char *dwarf_name_of_form(uint32_t form) {
  switch (form) {
    DWARF_FORMS(DWARF_NAME_CASE)
  default:
    return NULL;
  }
}

const char *dwarf_name_of_unit_type(uint32_t unit_type) {
  switch (unit_type) {
    DWARF_UNIT_TYPES(DWARF_NAME_CASE)
  default:
    return NULL;
  }
}
