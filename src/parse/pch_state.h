/* The parser's and sema's state after a declaration-only header, written
   as a typed record file and read back into fresh arena memory
   (pch_state.c's head comment gives the design and the format).  */
#ifndef BTFCC_PCH_STATE_H
#define BTFCC_PCH_STATE_H

#include "../sema/scope.h"
#include "parse.h"

/* Where a state stands in its compilation.  HEADER_FILE 0: locations
   are numbered as this compilation's own tables (a round trip in one
   compilation); else the state is a header's, for a .gch: its locations
   are in that file (written as file 1; any other refuses the state) and
   its expansion points go in a place table of their own, entered again
   in the reader's table.  DECL_ORDER: the parser's declaration counter
   at the state's end (written; given back by the reader).  */
typedef struct PchStateFrame {
  uint32_t header_file;
  uint32_t decl_order;
} PchStateFrame;

/* Append TU's state -- every declaration, type, record, tag and attribute
   reachable from its declaration list, its initializer types and the
   file-scope bindings visible now -- to OUT.  Returns NULL on success,
   else why the state is outside what the format carries (a function
   body, an initializer ...), OUT then holding a partial record to
   discard.  */
const char *pch_state_write(const TransUnit *tu, const PchStateFrame *frame,
                            Buf *out);

/* Read a state written by pch_state_write in this compilation's target:
   its declarations are appended to TU->decls (TU->state_first and
   state_end saying where, state_types and state_tagged what the state
   held), its initializer types to TU->init_types, its file-scope bindings made in SCOPES (may be NULL:
   none are made), in FRAME's numbering (its header_file: the header's
   id here, or 0 for the compilation's own), FRAME->decl_order set from
   the state.  Every record is checked before anything outside the
   fresh objects changes; on damage returns false with a message in ERR
   (ERR_LEN bytes), and TU, SCOPES and the basic types are unchanged.  */
bool pch_state_read(const void *data, size_t len, TransUnit *tu,
                    Scopes *scopes, PchStateFrame *frame, char *err,
                    size_t err_len);

#endif
