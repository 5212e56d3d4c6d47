/* A decl tag on a typedef names the TYPEDEF record.  */
typedef unsigned long handle_t __attribute__((btf_decl_tag("opaque")));
handle_t h;
/* decl-tag: 'opaque' -> TYPEDEF 'handle_t' idx=-1 */
