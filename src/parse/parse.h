/* The parser's public interface: C source (through the preprocessor) in,
   a translation unit of typed declarations out.  */
#ifndef BTFCC_PARSE_H
#define BTFCC_PARSE_H

#include "../cpp/cpp.h"
#include "../sema/type.h"

/* Everything debug information needs from a translation unit, in source
   order.  Each file-scope event is one Decl: variables, functions,
   typedefs, and struct/union/enum declarations or definitions (DECL_TAG).
   Redeclarations appear again, linked through Decl.prev / Decl.first.  */
typedef struct TransUnit {
  VEC(Decl *) decls;
  const char *main_file; /* name of the main source file */
  /* Types the initializers of file-scope variables name (casts,
     compound literals) or reach through an enumerator, as GCC records
     them (pointers and arrays stripped, the main variant unless named):
     unused-type elimination keeps their DIEs.  */
  VEC(Type *) init_types;
} TransUnit;

/* Parse a whole translation unit from CPP.  Errors are reported through
   diag; the result is usable (for what parsed) even when there were
   errors.  */
TransUnit *parse_translation_unit_from(Cpp *cpp);

#endif
