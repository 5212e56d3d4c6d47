/* typedef_root.bpf.c — a CO-RE read whose root type is reached through a
 * typedef of a named kernel struct (tests/bpf/cross_kernel.sh).
 *
 * BPF_CORE_READ(task, pid) with task declared as my_task_t *: clang-19 and
 * bpf-gcc 16 name the typedef my_task_t as the relocation's root type, and
 * libbpf, which looks the root up by name in the kernel's BTF, finds no
 * such typedef and refuses the program.  btfcc names struct task_struct,
 * the type the access goes through, so its build loads and reads the pid.
 * data.pid_read is 1 when the value read is the helper's pid, 2 otherwise.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

char _license[] SEC("license") = "GPL";

typedef struct task_struct my_task_t;

struct {
  int pid_read;
  unsigned long long my_pid_tgid;
} data = {};

SEC("raw_tracepoint/sys_enter")
int typedef_root(void *ctx)
{
  unsigned long long pid_tgid = bpf_get_current_pid_tgid();
  my_task_t *task = (my_task_t *)bpf_get_current_task();

  if (data.my_pid_tgid != pid_tgid)
    return 0;
  data.pid_read = BPF_CORE_READ(task, pid) == (int)pid_tgid ? 1 : 2;
  return 0;
}
