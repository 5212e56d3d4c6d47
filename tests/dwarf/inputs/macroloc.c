/* Declarations made by macro expansions (gcc16.sh): GCC 16 places a
   declaration whose name token a macro expansion produced -- from the
   macro's body, from an argument, pasted with ##, through nested macros
   -- at the outermost expansion's place in the file, the name of the
   macro that began it (line and column).  */
#define ID(x) x
#define DECL(t, n) t n
#define PASS(t, n) DECL(t, n)
#define PASS2(t, n) PASS(t, n)
#define PASTE(p) int p##_field
#define PASTE2(a, b) long a##b
#define BODY int body_name
#define BODY_ARG(n) int body_##n, n
#define NEST(n) ID(ID(n))
#define MEMB(t, n) t n;
#define OBJ ID
#define STRUCT(tag, m) struct tag { int m; }
#define PARAM(n) int n
#define LIST(...) __VA_ARGS__

struct s {
  ID(int a);
  DECL(long,
       b);
  PASS(char, c);
  PASS2(short, c2);
  PASTE(d);
  PASTE2(e, 2);
  BODY;
  BODY_ARG(f);
  int NEST(g);
  MEMB(short,
    h)
  int ID(i), j;
  ID(struct { int k; }) l;
  OBJ(int m);
  ID(DECL(int, n));
  int LIST(o
#ifdef ID
         , p
#endif
         );
  unsigned q : 3, ID(r) : 4;
};
struct s v;

STRUCT(tagged, member);
struct tagged tv;
ID(int w) = 1;
int
  ID(
     x);
typedef ID(int) T; T t;
enum { ID(E1) = 3, E2 } en;
int fn(PARAM(p1), int ID(p2)) { return p1 + p2; }
extern int ID(later)(int);
int later(int z) { return z; }
int ID(defined_in_macro)(int y) { return y; }
