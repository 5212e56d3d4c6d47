/* Redeclared variables: an extern declaration completed by a later
   definition gets a DIE of its own naming the declaration
   (DW_AT_specification); arrays declared [] have no index type, unlike
   flexible array members; [] types are shared, [0] ones are not.  */
#ifndef NO_UNBOUNDED
extern int completed[];
int completed[3];
#endif
extern int tentative;
int tentative;
static int file_static;
extern int file_static;
extern int twice; extern int twice; int twice = 2;
extern int initialized; int initialized = 1; extern int initialized;
int defined_first; extern int defined_first;
#ifndef NO_UNBOUNDED
extern char unbounded[], unbounded2[];
typedef int row[];
extern row *rows;
#endif
struct flex_a { int n; char a[]; } flex_a;
struct flex_b { int n; char b[]; } flex_b;
struct zero_c { int n; char c[0]; } zero_c;
struct zero_d { int n; char d[0]; } zero_d;
struct later;
struct holder { const struct later *p; } holder;
struct later { int x; };
struct holder2 { const struct later *q; } holder2;
#ifndef NO_UNBOUNDED
char *use(void) { return unbounded + unbounded2[0] + (*rows)[0]; }
#endif
