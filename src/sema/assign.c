/* Conversion as if by assignment (C17 6.5.16.1p1): which pairs of types
   C allows, and GCC 16's diagnostics for the others, in the wording of
   each place the conversion happens (GCC's convert_for_assignment):
   "initialization of 'int *' from ...", "assignment to ...",
   "returning ... from a function with ...", "passing argument 2 of 'f'
   ..." with a note at the parameter.

   Errors, as GCC 16 makes them (permerrors since GCC 14): an integer
   made a pointer or a pointer made an integer (-Wint-conversion),
   pointers to incompatible types (-Wincompatible-pointer-types), and
   types that do not convert at all ("incompatible types").  A warning:
   a pointer conversion that loses qualifiers of the pointed-to type
   (-Wdiscarded-qualifiers).  Pointers whose targets differ only in the
   signedness of an integer type pass silently, as -Wpointer-sign is off
   by default.  Everything else C allows passes; the check stays silent
   where it is not sure (vectors, complex, nullptr_t).  */
#include "assign.h"

#include <stdio.h>
#include <string.h>

static bool is_record(Type *c) {
  return c->kind == TY_STRUCT || c->kind == TY_UNION;
}

/* Integer types of one width that differ in signedness only (GCC's
   -Wpointer-sign case: char, signed char and unsigned char among them).  */
static bool differ_in_sign_only(Type *a, Type *b) {
  a = type_canon(a);
  b = type_canon(b);
  if (!type_is_integer(a) || !type_is_integer(b) || a->kind == TY_BOOL ||
      b->kind == TY_BOOL)
    return false;
  return type_int_width(a) == type_int_width(b) &&
         (type_is_signed(a) != type_is_signed(b) ||
          (a->kind == TY_CHAR) != (b->kind == TY_CHAR));
}

/* ARG's note: the parameter's type against the argument's.  */
static void note_param(const AssignSite *site, Type *to, Type *from) {
  if (site->kind == ASSIGN_ARG && site->param_loc.file)
    diag_note(site->param_loc, "expected %s but argument is of type %s",
              type_quoted(to), type_quoted(from));
}

/* "argument 2 of 'f'" (or of the anonymous callee) into BUF.  */
static const char *argument_of(const AssignSite *site, char *buf, size_t cap) {
  if (site->callee)
    snprintf(buf, cap, "argument %d of '%s'", site->argno, site->callee);
  else
    snprintf(buf, cap, "argument %d", site->argno);
  return buf;
}

/* Types that do not convert at all.  */
static void report_incompatible_types(const AssignSite *site, Type *to, Type *from) {
  char arg[320];
  SrcLoc at = site->value_loc.file ? site->value_loc : site->loc;
  switch (site->kind) {
  case ASSIGN_INIT:
    diag_error(at, "incompatible types when initializing type %s using type %s",
               type_quoted(to), type_quoted(from));
    break;
  case ASSIGN_PLAIN:
    diag_error(at, "incompatible types when assigning to type %s from type %s",
               type_quoted(to), type_quoted(from));
    break;
  case ASSIGN_RETURN:
    diag_error(at, "incompatible types when returning type %s but %s was expected",
               type_quoted(from), type_quoted(to));
    break;
  case ASSIGN_ARG:
    diag_error(at, "incompatible type for %s", argument_of(site, arg, sizeof arg));
    note_param(site, to, from);
    break;
  }
}

/* A pointer made an integer or an integer a pointer (MADE: "pointer" or
   "integer", what the result is).  */
static void report_int_conversion(const AssignSite *site, Type *to, Type *from,
                                  const char *made) {
  const char *other = made[0] == 'p' ? "integer" : "pointer";
  char arg[320];
  switch (site->kind) {
  case ASSIGN_INIT:
    diag_permerror(site->loc, W_INT_CONVERSION,
               "initialization of %s from %s makes %s from %s without a cast",
               type_quoted(to), type_quoted(from), made, other);
    break;
  case ASSIGN_PLAIN:
    diag_permerror(site->loc, W_INT_CONVERSION,
               "assignment to %s from %s makes %s from %s without a cast",
               type_quoted(to), type_quoted(from), made, other);
    break;
  case ASSIGN_RETURN:
    diag_permerror(site->loc, W_INT_CONVERSION,
               "returning %s from a function with return type %s makes %s "
               "from %s without a cast",
               type_quoted(from), type_quoted(to), made, other);
    break;
  case ASSIGN_ARG:
    if (diag_permerror(site->loc, W_INT_CONVERSION,
                       "passing %s makes %s from %s without a cast",
                       argument_of(site, arg, sizeof arg), made, other))
      note_param(site, to, from);
    break;
  }
}

/* GCC's note at a typedef that names one of the pointer types.  */
static void note_typedef(Type *t) {
  if (t->kind == TY_TYPEDEF && t->u.tdef && t->u.tdef->name)
    diag_note(t->u.tdef->loc, "'%s' declared here", t->u.tdef->name->name);
}

/* Pointers to incompatible types.  */
static void report_incompatible_pointers(const AssignSite *site, Type *to, Type *from) {
  char arg[320];
  bool shown = false;
  switch (site->kind) {
  case ASSIGN_INIT:
    shown = diag_permerror(site->loc, W_INCOMPATIBLE_POINTER_TYPES,
               "initialization of %s from incompatible pointer type %s",
               type_quoted(to), type_quoted(from));
    break;
  case ASSIGN_PLAIN:
    shown = diag_permerror(site->loc, W_INCOMPATIBLE_POINTER_TYPES,
               "assignment to %s from incompatible pointer type %s",
               type_quoted(to), type_quoted(from));
    break;
  case ASSIGN_RETURN:
    shown = diag_permerror(site->loc, W_INCOMPATIBLE_POINTER_TYPES,
               "returning %s from a function with incompatible return type %s",
               type_quoted(from), type_quoted(to));
    break;
  case ASSIGN_ARG:
    shown = diag_permerror(site->loc, W_INCOMPATIBLE_POINTER_TYPES,
                           "passing %s from incompatible pointer type",
                           argument_of(site, arg, sizeof arg));
    if (shown)
      note_param(site, to, from);
    break;
  }
  if (shown) {
    note_typedef(to);
    note_typedef(from);
  }
}

/* A pointer conversion that drops the qualifiers QUALS of the target.  */
static void report_discarded(const AssignSite *site, Type *to, Type *from,
                             unsigned quals) {
  static const char *const names[] = {"const", "volatile", "restrict", "_Atomic"};
  char q[64] = "";
  for (int i = 0; i < 4; i++)
    if (quals & (1u << i))
      snprintf(q + strlen(q), sizeof q - strlen(q), "%s%s", q[0] ? " " : "", names[i]);
  char arg[320];
  const char *what = site->kind == ASSIGN_INIT    ? "initialization"
                     : site->kind == ASSIGN_PLAIN ? "assignment"
                     : site->kind == ASSIGN_RETURN ? "return"
                     : NULL;
  if (what) {
    diag_warning(site->loc, W_DISCARDED_QUALIFIERS,
                 "%s discards '%s' qualifier from pointer target type", what, q);
  } else if (diag_warning(site->loc, W_DISCARDED_QUALIFIERS,
                          "passing %s discards '%s' qualifier from pointer target type",
                          argument_of(site, arg, sizeof arg), q)) {
    note_param(site, to, from);
  }
}

bool assign_check(Type *to, Type *from, bool null_constant, const AssignSite *site) {
  if (!to || !from || site->value_erred)
    return true;
  Type *t = type_canon(to), *f = type_canon(from);
  if (t->kind == TY_PTR) {
    if (f->kind == TY_PTR) {
      Type *tt = type_canon(t->base), *ft = type_canon(f->base);
      bool compatible = tt->kind == TY_VOID || ft->kind == TY_VOID ||
                        types_compatible(tt, ft, true) ||
                        differ_in_sign_only(tt, ft);
      if (!compatible) {
        report_incompatible_pointers(site, to, from);
        return false;
      }
      unsigned lost = type_all_quals(f->base) & ~type_all_quals(t->base) &
                      (Q_CONST | Q_VOLATILE);
      if (lost && !(tt->kind == TY_FUNC || ft->kind == TY_FUNC))
        report_discarded(site, to, from, lost);
      return true;
    }
    if (type_is_integer(f) && !null_constant) {
      report_int_conversion(site, to, from, "pointer");
      return false;
    }
    if (type_is_real_float(f) || is_record(f)) {
      report_incompatible_types(site, to, from);
      return false;
    }
    return true;
  }
  if (is_record(t)) {
    if (!types_compatible(t, f, true)) {
      report_incompatible_types(site, to, from);
      return false;
    }
    return true;
  }
  if (type_is_integer(t) && t->kind != TY_BOOL && f->kind == TY_PTR) {
    report_int_conversion(site, to, from, "integer");
    return false;
  }
  if (type_is_arith(t) && is_record(f)) {
    report_incompatible_types(site, to, from);
    return false;
  }
  return true;
}
