/* cross_kernel.bpf.c — a CO-RE program built against a vmlinux.h that is
 * not the running kernel's (tests/bpf/cross_kernel.sh makes it from the
 * running kernel's by moving, renaming and adding task_struct fields).
 *
 * On every system call of the process named by data.my_pid_tgid it reads
 * the current task's pid, tgid and comm through CO-RE (probe reads and a
 * direct read of bpf_get_current_task_btf()'s pointer) and writes to
 * data.out whether each equals what the helpers say, and what
 * bpf_core_field_exists says of the fields the header and the kernel
 * disagree on.  Every flag is 1 on a kernel the relocations fit.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

char _license[] SEC("license") = "GPL";

/* The running kernel's name of the field the header calls tgid_v1. */
struct task_struct___new {
  pid_t tgid;
} __attribute__((preserve_access_index));

struct {
  char in[8];
  struct {
    char pid_read;          /* BPF_CORE_READ(task, pid) is the helper's pid */
    char pid_direct;        /* task_btf->pid, a relocated load, likewise */
    char tgid_new_exists;   /* the kernel's tgid is found through the flavor */
    char tgid_v1_missing;   /* the header's old name is not in the kernel */
    char tgid_read;         /* the tgid read (by whichever name) is the helper's */
    char gone_missing;      /* the header's btfcc_gone is not in the kernel */
    char gone_guarded;      /* so the guarded read was not taken */
    char comm_len_ok;       /* BPF_CORE_READ_STR_INTO copied a string */
    char comm[16];          /* the comm read: "bpfload" */
  } out;
  unsigned long long my_pid_tgid;
} data = {};

SEC("raw_tracepoint/sys_enter")
int cross_kernel(void *ctx)
{
  unsigned long long pid_tgid = bpf_get_current_pid_tgid();
  struct task_struct *task = (struct task_struct *)bpf_get_current_task();
  struct task_struct *task_btf = bpf_get_current_task_btf();
  int pid = (int)pid_tgid, tgid_want = (int)(pid_tgid >> 32), tgid = -1, gone = -1;

  if (data.my_pid_tgid != pid_tgid)
    return 0;
  data.out.pid_read = BPF_CORE_READ(task, pid) == pid;
  data.out.pid_direct = task_btf->pid == pid;
  data.out.tgid_new_exists = bpf_core_field_exists(((struct task_struct___new *)task)->tgid);
  data.out.tgid_v1_missing = !bpf_core_field_exists(task->tgid_v1);
  if (bpf_core_field_exists(((struct task_struct___new *)task)->tgid))
    tgid = BPF_CORE_READ((struct task_struct___new *)task, tgid);
  else
    tgid = BPF_CORE_READ(task, tgid_v1);
  data.out.tgid_read = tgid == tgid_want;
  data.out.gone_missing = !bpf_core_field_exists(task->btfcc_gone);
  if (bpf_core_field_exists(task->btfcc_gone))
    gone = BPF_CORE_READ(task, btfcc_gone);
  data.out.gone_guarded = gone == -1;
  data.out.comm_len_ok = BPF_CORE_READ_STR_INTO(&data.out.comm, task, comm) > 0;
  return 0;
}
