/* A BPF program libbpf can load here (its externs resolve against this
   kernel): the oracle for `btftool fixup`.  */
#define __ksym __attribute__((section(".ksyms")))
#define __kconfig __attribute__((section(".kconfig")))
#define __tag(x) __attribute__((btf_type_tag(x)))
#define __decl(x) __attribute__((btf_decl_tag(x)))
struct task_struct { int pid; };
extern int LINUX_KERNEL_VERSION __kconfig;
extern _Bool CONFIG_BPF_SYSCALL __kconfig __attribute__((weak));
extern unsigned long long CONFIG_HZ __kconfig __attribute__((weak));
extern char CONFIG_NOPE_XX __kconfig __attribute__((weak));
extern const int bpf_prog_active __ksym;
extern struct task_struct *bpf_task_acquire(struct task_struct *p) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;
struct val { int a:4; int b:12; long long c; struct task_struct __tag("user") *t; } __decl("val");
struct val gv;
static volatile int counter = 1;
static volatile long counter2 = 1;
volatile int gcount = 2;
volatile char gchar = 2;
const volatile int rodata_cfg = 3;
char _license[] __attribute__((section("license"))) = "GPL";
enum e64 { BIG = 0x1234567890ULL };
volatile enum e64 ev;
__attribute__((noinline, visibility("hidden"))) int helper(int x) { return x * counter2; }
__attribute__((noinline)) int helper2(int x) { return x + gchar; }
__attribute__((section("tp/x"))) int handler(void *ctx __decl("ctx_tag")) {
  struct task_struct *t = bpf_task_acquire(0);
  if (t) bpf_task_release(t);
  return helper(LINUX_KERNEL_VERSION) + helper2(CONFIG_BPF_SYSCALL) + CONFIG_HZ + CONFIG_NOPE_XX + counter + rodata_cfg + gv.a + (int)(long)&bpf_prog_active + ev + gcount;
}
