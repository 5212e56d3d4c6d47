#define __t(x) __attribute__((btf_type_tag(x)))
/* Tags on return and parameter types, and on a void pointee.  */
int *__t("1") work(void __t("2") *buf, int __t("2") __t("1") *val)
{ /* chain: FUNC work return -> PTR -> TYPE_TAG '1' -> INT 'int' */
  /* chain: FUNC work param 0 -> PTR -> TYPE_TAG '2' -> void */
  /* chain: FUNC work param 1 -> PTR -> TYPE_TAG '1' -> TYPE_TAG '2' -> INT 'int' */
  int *plain = (int *)buf;
  return val ? plain + *val : plain;
}
/* count: TYPE_TAG 4 */
