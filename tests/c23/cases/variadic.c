/* Variadic functions and pointers to them: BTF's last parameter of type
   0 (void, no name), for which gcc-16 makes no CTF void and so no
   "void" string; a void return does make one.  */
int logf_(const char *fmt, ...);
static long (*const printk)(const char *fmt, unsigned size, ...) = (void *)6;
int use(void) { return logf_("%d", 1) + (int)printk("x", 2, 3); }
int sum(int n, ...) { return n; }
