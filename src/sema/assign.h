/* The constraints of simple assignment (C17 6.5.16.1), checked where C
   applies them: assignment, initialization, return and argument
   passing.  See assign.c.  */
#ifndef BTFCC_SEMA_ASSIGN_H
#define BTFCC_SEMA_ASSIGN_H

#include "type.h"

typedef enum {
  ASSIGN_INIT,   /* initializing an object */
  ASSIGN_PLAIN,  /* the = operator */
  ASSIGN_RETURN, /* return */
  ASSIGN_ARG,    /* passing an argument to a prototyped parameter */
} AssignKind;

/* Where a value is converted as if by assignment, for the message.  */
typedef struct AssignSite {
  AssignKind kind;
  SrcLoc loc;          /* where GCC reports: the value, or the = operator */
  SrcLoc value_loc;    /* the value (types that do not convert are reported
                          there); file 0: loc */
  int argno;           /* ASSIGN_ARG: 1-based */
  const char *callee;  /* ASSIGN_ARG: the function as GCC names it, or NULL */
  SrcLoc param_loc;    /* ASSIGN_ARG: the parameter's declaration (file 0: none) */
  bool value_erred;    /* an error was reported in the value: no more
                          (GCC's error_mark_node) */
} AssignSite;

/* A value of type FROM (an rvalue's type; NULL_CONSTANT: a null pointer
   constant) converted to TO as if by assignment at SITE: GCC's error or
   warning when C's constraints are not met.  Returns false after an
   error.  */
bool assign_check(Type *to, Type *from, bool null_constant, const AssignSite *site);

#endif
