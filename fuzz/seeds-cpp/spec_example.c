struct S{int a; unsigned b:3;}; struct S s __attribute__((btf_decl_tag("d1")));
int * __attribute__((btf_type_tag("t1"))) p; int f(int x){return x;}
