/* Without -Wbtf-tag-dropped (GCC's behaviour) nothing is said.  */
int __attribute__((btf_type_tag("lost"))) number;
/* chain: VAR number -> INT 'int' */
