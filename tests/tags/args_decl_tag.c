/* btf_decl_tag takes exactly one narrow string.  */
char *ok_var __attribute__((btf_decl_tag("first"), btf_decl_tag("second")));

struct holder {
  int number __attribute__((btf_decl_tag(42)));        /* error: requires a string argument */
  char *wide __attribute__((btf_decl_tag(L"wide")));    /* error: unsupported wide string type argument */
};

extern int takes(int a, int b __attribute__((btf_decl_tag)));  /* error: wrong number of arguments specified */
char *two __attribute__((btf_decl_tag("a", "b")));       /* error: wrong number of arguments specified */
void *u32s __attribute__((btf_decl_tag(U"utf32")));     /* error: unsupported wide string type argument */
const int u16s __attribute__((btf_decl_tag(u"utf16"))); /* error: unsupported wide string type argument */
union narrow { int i; char c __attribute__((btf_decl_tag(u8"utf8"))); };
