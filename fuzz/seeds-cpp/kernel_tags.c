/* A taste of kernel-style C: type tags on pointers, decl tags on
   declarations.  Compile with: btfcc -gbtf -c kernel_tags.c */
#define __user __attribute__((btf_type_tag("user")))
#define __rcu __attribute__((btf_type_tag("rcu")))
#define __kfunc __attribute__((btf_decl_tag("bpf_kfunc")))

struct task {
  int pid;
  struct task __rcu *parent;
  unsigned int flags : 4;
};

struct task *current_task;

__kfunc int copy_name(char __user *dst, const struct task *t)
{
  return t->pid + (dst != 0);
}
