/* options: -Wbtf-tag-dropped */
/* -Wbtf-tag-dropped: tags BTF cannot carry are named where written.  */
#define __t(x) __attribute__((btf_type_tag(x)))
int __t("lost") number;                     /* warning: btf_type_tag 'lost' on non-pointer type is not representable in BTF */
int *__t("kept") pointer;                   /* (carried: no warning) */
int *__t("") empty;                         /* warning: empty btf_type_tag is not representable in BTF */
int blank __attribute__((btf_decl_tag(""))); /* warning: empty btf_decl_tag is not representable in BTF */
/* chain: VAR pointer -> PTR -> TYPE_TAG 'kept' -> INT 'int' */
/* chain: VAR empty -> PTR -> INT 'int' */
/* count: DECL_TAG 0 */
