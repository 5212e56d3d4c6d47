/* Three code sections: two programs and a subprogram in .text, a global
   variable.  bpf-gcc 16 and btfcc emit the same functions.  */
#define SEC(n) __attribute__((section(n), used))
struct ctx { unsigned int data, data_end; };
struct skb { unsigned int len; };

static __attribute__((noinline)) int helper(int x)
{
	return x * 3 + 1;
}

int glob;

SEC("xdp") int prog(struct ctx *ctx)
{
	int a = ctx->data_end - ctx->data;
	if (a > 10)
		glob = helper(a);
	return 2;
}

SEC("tc") int prog2(struct skb *skb)
{
	return helper(skb->len);
}

char LICENSE[] SEC("license") = "GPL";
