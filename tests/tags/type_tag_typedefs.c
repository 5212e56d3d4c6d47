#define __t(x) __attribute__((btf_type_tag(x)))
typedef int *const const_ptr_t;
typedef int __t("1") *tagged_ptr_t;
const_ptr_t __t("2") *outer;  /* chain: VAR outer -> PTR -> TYPE_TAG '2' -> TYPEDEF 'const_ptr_t' -> CONST -> PTR -> INT 'int' */
const tagged_ptr_t inner;     /* chain: VAR inner -> CONST -> TYPEDEF 'tagged_ptr_t' -> PTR -> TYPE_TAG '1' -> INT 'int' */
