struct xdp_md { unsigned int data, data_end, data_meta, ingress_ifindex, rx_queue_index, egress_ifindex; };
static long (* const bpf_trace_printk)(const char *fmt, unsigned int fmt_size, ...) = (void *) 6;
int counter;
static int add3(int a, int b, int c) { return a * b + c; }
__attribute__((section("xdp"))) int prog(struct xdp_md *ctx) {
  unsigned char *data = (unsigned char *)(long)ctx->data;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  int sum = 0;
  if (data + 14 > end) return 1;
  for (int i = 0; i < 14; i++) sum += data[i];
  counter += add3(sum, 2, 1);
  return sum > 100 ? 2 : 3;
}
char LICENSE[] __attribute__((section("license"))) = "GPL";
