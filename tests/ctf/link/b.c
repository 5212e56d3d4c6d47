/* Link unit b: the shared types again, struct conflict another way.  */
#include "shared.h"
struct conflict { long b; char c : 3; } conflict_b;
struct shared shared_b[4];
int fb(list *l) { return l->v; }
union only_b { int i; float f; } only_b_var;
