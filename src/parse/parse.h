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
  /* What a precompiled header's parser state brought (parse/pch_state.c;
     all zero without one): its declarations, decls[state_first,
     state_end); every type it holds (the builtin ones among them); and
     whether any of its declarations, members, parameters or types
     carries a btf tag.  debug/build.c may describe the types of those
     declarations only where something reaches them.  */
  size_t state_first, state_end;
  Type *const *state_types;
  size_t n_state_types;
  bool state_tagged;
} TransUnit;

/* Parse a whole translation unit from CPP.  Errors are reported through
   diag; the result is usable (for what parsed) even when there were
   errors.  */
TransUnit *parse_translation_unit_from(Cpp *cpp);
/* The same, and the unit's state at its end -- its file-scope bindings
   still made, before the end-of-unit fix-ups -- appended to STATE
   (parse/pch_state.c), or in *REFUSAL why the state is not written (a
   function body, a #pragma pack left open ...).  The end-of-unit
   fix-ups are not done: the caller does them (parse_finish_unit) on the
   unit it keeps, this one or the one read from the state.  */
TransUnit *parse_translation_unit_state(Cpp *cpp, Buf *state,
                                        const char **refusal);
/* A header for its .gch: parsed as a unit, and its state, numbered for
   a unit that includes it (pch_state.h's header numbering), appended to
   STATE, or in *REFUSAL why not (as parse_translation_unit_state; also
   a #pragma GCC diagnostic or a loop pragma whose effect outlives the
   header).  The end-of-unit fix-ups are not done (nobody reads TU).  */
TransUnit *parse_header_state(Cpp *cpp, Buf *state, const char **refusal);
/* The end-of-unit fix-ups (sema's decl_finish_unit, tree_mark_writes),
   for a unit whose declarations were read from a state.  */
void parse_finish_unit(TransUnit *tu);

#endif
