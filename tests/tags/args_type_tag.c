/* btf_type_tag takes exactly one narrow string.  */
void *__attribute__((btf_type_tag("p"), btf_type_tag("q"))) fine;
int __attribute__((btf_type_tag(7))) number;             /* error: requires a string argument */
char *__attribute__((btf_type_tag(L"w"))) wide;          /* error: unsupported wide string type argument */
int *__attribute__((btf_type_tag)) none;                 /* error: wrong number of arguments specified */
char *__attribute__((btf_type_tag("a", "b"))) two;       /* error: wrong number of arguments specified */
int __attribute__((btf_type_tag(U"w"))) utf32;           /* error: unsupported wide string type argument */
int __attribute__((btf_type_tag(u"w"))) utf16;           /* error: unsupported wide string type argument */
int __attribute__((btf_type_tag(u8"n"))) utf8;
