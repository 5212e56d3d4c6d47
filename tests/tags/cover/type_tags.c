struct S { long v; };
int __attribute__((btf_type_tag("rcu"), btf_type_tag ("foo"))) x;

void
do_thing (struct S * __attribute__((btf_type_tag ("rcu"))) rcu_s,
          void * __attribute__((btf_type_tag("foo"))) ptr)
{ }
