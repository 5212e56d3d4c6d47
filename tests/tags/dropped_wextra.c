/* options: -Wextra */
/* -Wextra enables -Wbtf-tag-dropped.  */
int __attribute__((btf_type_tag("lost"))) number;  /* warning: btf_type_tag 'lost' on non-pointer type */
