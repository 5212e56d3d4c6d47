/* The command line as GCC reads it before its options: @FILE response
   files expanded, -Wp, lists split (args.c).  */
#ifndef BTFCC_DRIVER_ARGS_H
#define BTFCC_DRIVER_ARGS_H

#include "../util/util.h"

typedef struct Args {
  int argc;
  VEC(char *) argv;  /* argc words, then NULL */
  VEC(char *) owned; /* the words this expansion allocated */
} Args;

/* Expands ARGV into OUT; false (after a message) when @FILEs nest too
   deep or one is a directory.  Free OUT with args_free either way.  */
bool args_expand(int argc, char **argv, Args *out);
void args_free(Args *a);
/* Appends the words of TEXT, read as a response file's, to OUT's argv
   (and to OUT's owned words; OUT's argc is left as it was).  */
void args_split(const char *text, Args *out);

#endif
