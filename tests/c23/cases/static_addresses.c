/* Objects whose initializers hold addresses.  Under PIE gcc-16 puts them
   in .data.rel.local and .data.rel.ro.local, yet its BTF lists them in the
   DATASECs .data and .rodata, as without PIC: the section a BTF consumer
   (libbpf) knows them by.  Compound literals at file scope are static
   objects whose addresses are constants too.  */
struct T3 { int a, b, c; };
int x = 3;
int *q = &x;
int *const qc = &x;
static int *sq = &x;
int **use(void) { return &sq; }
int *p3 = &((struct T3){1, 2, 3}).c;
int *p4 = (int[]){1, 2};
const char *const names[] = {"a", "b"};
const char *str = "hi";
static const int *const table[2] = {&x, 0};
const int *const *use_table(void) { return table; }
struct with_ptr { const char *name; int *where; };
const struct with_ptr wp = {"x", &x};
struct with_ptr wd = {0, &x};
