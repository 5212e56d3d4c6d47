/* What the preprocessor asks of the language's tables (DESIGN.md: "what
   it asks of the attribute and builtin tables goes through a narrow
   interface below both"): the values of __has_attribute,
   __has_c_attribute and __has_builtin.  The tables themselves are
   attrs.h and builtins.h, which the parser reads too.  */
#ifndef BTFCC_LANG_H
#define BTFCC_LANG_H

#include <stdbool.h>

/* __has_attribute / __has_c_attribute: 0 if unknown, else the version
   number GCC reports (non-zero).  SCOPE is NULL for plain names, "gnu"
   etc. for scoped ones; STD_SYNTAX is true for __has_c_attribute.  */
long attr_has_attribute(const char *scope, const char *name, bool std_syntax);

/* __has_builtin: whether NAME is a builtin.  */
bool builtin_is_known(const char *name);

#endif
