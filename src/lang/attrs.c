/* The attribute table (attrs.h): specs by id, lookups by name, and the
   values __has_attribute and __has_c_attribute give.  */
#include "attrs.h"

#include <string.h>

static const AttrSpec attr_specs[] = {
#define ATTR_SPEC(id, name, min, max, target, ident) {id, name, min, max, target, ident},
    ATTR_LIST(ATTR_SPEC)
#undef ATTR_SPEC
};

/* Standard C23 attributes and the value __has_c_attribute gives them.  */
static const struct {
  const char *name;
  long version;
} std_attrs[] = {
    {"deprecated", 201904}, {"fallthrough", 201904}, {"maybe_unused", 201904},
    {"nodiscard", 202003},  {"noreturn", 202202},    {"_Noreturn", 202202},
    {"reproducible", 202207}, {"unsequenced", 202207},
};

const AttrSpec *attr_spec_named(const char *name) {
  for (size_t i = 0; i < ARRAY_LEN(attr_specs); i++)
    if (strcmp(attr_specs[i].name, name) == 0)
      return &attr_specs[i];
  return NULL;
}

Ident *attr_canonical_name(Ident *id) {
  const char *s = id->name;
  size_t n = id->len;
  if (n > 4 && s[0] == '_' && s[1] == '_' && s[n - 1] == '_' &&
      s[n - 2] == '_')
    return intern(s + 2, n - 4);
  return id;
}

long attr_has_attribute(const char *scope, const char *name, bool std_syntax) {
  Ident *id = attr_canonical_name(intern_cstr(name));
  if (std_syntax && !scope) {
    for (size_t i = 0; i < ARRAY_LEN(std_attrs); i++)
      if (strcmp(std_attrs[i].name, id->name) == 0)
        return std_attrs[i].version;
    return 0;
  }
  if (scope && strcmp(scope, "gnu") != 0 && strcmp(scope, "__gnu__") != 0)
    return 0;
  return attr_spec_named(id->name) ? 1 : 0;
}
