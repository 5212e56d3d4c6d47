#define __t(x) __attribute__((btf_type_tag(x)))
int __t("1") *const const_ptr;   /* chain: VAR const_ptr -> CONST -> PTR -> TYPE_TAG '1' -> INT 'int' */
const int __t("2") *ptr_const;   /* chain: VAR ptr_const -> PTR -> TYPE_TAG '2' -> CONST -> INT 'int' */
