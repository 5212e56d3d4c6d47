/* The driver's answers about itself (-dumpversion, -print-file-name= ...)
   and its -v and -### reports: see info.c.  */
#ifndef BTFCC_DRIVER_INFO_H
#define BTFCC_DRIVER_INFO_H

#include "../util/options.h"

#include <stdio.h>

/* Prints the answer to QUERY, one of the options info.c lists, for
   target T on standard output.  */
void info_answer(const char *query, const Target *t);
/* The -v and -### header: version, target, thread model.  */
void info_header(FILE *out, const char *argv0, const Target *t);
/* The command that compiles INPUT: COLLECT_GCC_OPTIONS with OPTS (the
   N option words of the command line), then ARGV0 OPTS INPUT, QUOTEd
   as -### quotes or plain as -v prints it.  */
void info_command(FILE *out, const char *argv0, const char *const *opts,
                  size_t n, const char *input, bool quote);

#endif
