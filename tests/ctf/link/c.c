/* Link unit c: the shared types only through pointers, and a forward
   declaration of a struct a.c defines nowhere.  */
#include "shared.h"
struct opaque;
struct opaque *opaque_c;
const struct shared *shared_c;
void (*callback_c)(list *, color);
typedef unsigned long long u64;
u64 fc(u64 a, ...) { return a; }
