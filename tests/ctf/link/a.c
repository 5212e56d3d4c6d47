/* Link unit a (tests/ctf/objects.sh): types shared with b.c and c.c
   (deduplicated by ld), one conflicting definition of struct conflict.  */
#include "shared.h"
struct conflict { int a; } conflict_a;
struct shared shared_a;
list *head_a;
int fa(struct shared *s, color c) { return s->x + c; }
static enum color static_color_a;
