/* typeof and typeof_unqual (C23 keywords, also __typeof_unqual__).  */
const volatile int cv = 1;
typeof(cv) t_cv;
typeof_unqual(cv) t_plain;
__typeof_unqual__(cv) t_plain2;
typeof(int[3]) arr3;
typeof_unqual(const char *const) pcc;
typedef typeof_unqual(cv) plain_t;
plain_t pt;
