/* An extern variable outside .ksyms and .kconfig: libbpf refuses to load
   such an object, and so does `btftool load`.  */
extern int evar;
int f(void) { return evar; }
