/* Variables declared (extern) before they are defined, between other
   definitions: GCC 16 orders their VARs and DATASEC entries by the
   definitions, each VAR at its first declaration's place.  */
extern int rv;
extern const char *msg;
int x;
static int counter = 3;
int rv = 2;
const char *msg = "hi";
extern long later;
long later = 5;
int tail;
