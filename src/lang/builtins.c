/* Builtin names by id (builtins.h): the lookups the preprocessor's
   __has_builtin and the parser share.  The result types of calls are
   the parser's (parse/builtins.c).  */
#include "builtins.h"

#include <string.h>

static const char *const builtin_names[] = {
#define BUILTIN_NAME(id, name, result) name,
    BUILTIN_LIST(BUILTIN_NAME)
    BUILTIN_KEYWORD_LIST(BUILTIN_NAME)
#undef BUILTIN_NAME
};

BuiltinId builtin_lookup(const char *name) {
  for (size_t i = 0; i < ARRAY_LEN(builtin_names); i++)
    if (strcmp(builtin_names[i], name) == 0)
      return (BuiltinId)i;
  return BI_NONE;
}

const char *builtin_id_name(BuiltinId id) {
  if (id < 0 || id >= BI__COUNT)
    return "?";
  return builtin_names[id];
}

bool builtin_is_known(const char *name) { return builtin_lookup(name) != BI_NONE; }
