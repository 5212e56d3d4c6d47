/* A type tag that lands on a function type is dropped with a warning,
   wherever it is written.  */
int __attribute__((btf_type_tag("a"))) first(int x);     /* warning: attribute does not apply to functions */
__attribute__((btf_type_tag("b"))) int *second(int y);   /* warning: attribute does not apply to functions */
int *third(int z) __attribute__((btf_type_tag("c")));    /* warning: attribute does not apply to functions */
