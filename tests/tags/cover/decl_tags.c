int  *x __attribute__((btf_decl_tag ("rw"), btf_decl_tag ("devicemem")));
struct {
  int size;
  char *ptr __attribute__((btf_decl_tag("rw")));
} y;
