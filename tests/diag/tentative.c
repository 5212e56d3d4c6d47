/* Arrays of unknown size defined only tentatively: GCC gives each one
   element when it finishes the unit, warns at the entity's last
   declaration (statics first, then the others, in the order of first
   declaration), and sizes the object, its symbol and its BTF DATASEC
   entry as one element.  */
extern int a[];
int a[];
int a[];
int b[];
int b[2];
static int c[];
int d[] = {1, 2};
typedef int T[];
T e;
int f[];
extern int f[];
extern int g[];
static long h[];
int use(void) { return a[0] + c[0] + e[0] + f[0] + (int)h[0]; }
