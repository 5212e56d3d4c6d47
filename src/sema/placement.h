/* The data section of an object with static storage (placement.c).  */
#ifndef BTFCC_PLACEMENT_H
#define BTFCC_PLACEMENT_H

#include "type.h"

typedef enum DataPlacement {
  PLACE_NONE,   /* none of the below (TLS, extern, undefined) */
  PLACE_BSS,
  PLACE_DATA,
  PLACE_RODATA,
  PLACE_NAMED,  /* the section attribute's section */
} DataPlacement;

/* Where the object D defines goes (D: its defining declaration); for
   PLACE_NAMED, *NAMED is the section.  */
DataPlacement decl_data_placement(const Decl *d, const char **named);

#endif
