/* Make dependencies (-M, -MM, -MD, -MMD and -MF, -MT, -MQ, -MP, -MG),
   written as GCC 16 writes them: see deps.c.  */
#ifndef BTFCC_DRIVER_DEPS_H
#define BTFCC_DRIVER_DEPS_H

#include "../util/util.h"

#include <stdio.h>

typedef struct DepTarget {
  const char *name;
  bool quote; /* -MQ (and the default target): Make-quoted */
} DepTarget;

typedef struct DepsOptions {
  int style;       /* 2: -M, -MD (every file); 1: -MM, -MMD (no system
                      headers); 0: none */
  bool only;       /* -M, -MM: the list is the only output */
  bool compile;    /* -MD, -MMD of the driver: the file and the target
                      follow the output's name */
  bool missing;    /* -MG */
  bool phony;      /* -MP */
  bool seen;       /* any of -MF -MT -MQ -MP -MG */
  bool append;      /* from DEPENDENCIES_OUTPUT or SUNPRO_DEPENDENCIES:
                      the rule is appended to the file */
  bool ignore_main; /* SUNPRO_DEPENDENCIES: the main file is not listed */
  const char *file;  /* -MF, or -Wp,-MD,FILE; NULL: by the rules */
  char *env_file;    /* the file an environment variable named */
  VEC(DepTarget) targets; /* -MT and -MQ, in order */
} DepsOptions;

/* Where the list of INPUT goes and what it names when the command line
   gave no -MF or no target: the driver's rules (gcc.cc's specs).  OUTPUT
   is -o's argument or NULL, PREPROCESS tells -E from -c/-S.  The
   strings returned are allocated (free them).  *FILE is NULL for the
   -M output (standard output or OUTPUT).  */
void deps_plan(const DepsOptions *d, const char *input, const char *output,
               bool preprocess, char **file, char **default_target);

/* Writes the rule: the targets (D's, or DEFAULT_TARGET when it has
   none), a colon, the dependencies wrapped at GCC's width, then with
   -MP an empty rule for each dependency but the first.  */
void deps_write(FILE *out, const DepsOptions *d, const char *default_target,
                const char *const *deps, size_t n);

/* Without a dependency option, GCC's environment variables ask for the
   list: DEPENDENCIES_OUTPUT="FILE [TARGET]" as -MM -MF FILE -MT TARGET,
   SUNPRO_DEPENDENCIES likewise but listing system headers and not the
   main file; either appends to FILE, and -MF overrides it.  */
void deps_from_environment(DepsOptions *d);

void deps_free(DepsOptions *d);

#endif
