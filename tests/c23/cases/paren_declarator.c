/* Function definitions whose declarator is in grouping parentheses, as
   musl writes them to define a function that a macro of the same name
   hides: GCC takes `int (f)(...) { ... }` as `int f(...) { ... }`,
   parameters and all (issue 14; musl's src/stdio/getc_unlocked.c).  */
struct file { int pos; };
#define getpos(f) ((f)->pos)
int (getpos)(struct file *f) { return getpos(f); }
int ((twice))(int x) { return x + x; }
int (old)(a, b) int a; char b; { return a + b; }
int (proto)(int named);
int use(struct file *f) { return proto(getpos(f)) + (getpos)(f) + old(1, 2); }
