/* Address constants in static initializers (C17 6.6p9), for
   tests/bpf/asm_text.sh: what each address stands for must equal what
   bpf-gcc 16's and clang-19's objects say (tests/bpf/data_addresses.py),
   and -S through GNU as must give -c's object.  Members and elements at
   constant indexes, arithmetic on addresses, a string literal, and
   compound literals at file scope (static objects of their own).  */
struct T3 { int a, b, c; };
struct S { int x; struct T3 t[3]; char name[8]; };
struct S s = {1};
int arr[10];
int *p3 = &((struct T3){1, 2, 3}).c;
int *p4 = (int[]){1, 2};
int y = 1;
int *py = &y + 1;
int *pa = &arr[4];
int *pa2 = arr + 7 - 2;
int *pm = &s.t[2].b;
char *pn = s.name + 3;
const char *ps = "hello" + 1;
long addr = (long)&arr[1];
struct T3 *lits[] = {&(struct T3){4, 5, 6}, &(struct T3){7, 8, 9}};
int f(void) { return *p3 + *p4 + *py + *pa + *pa2 + *pm + *pn + *ps + lits[1]->b + (int)addr; }
