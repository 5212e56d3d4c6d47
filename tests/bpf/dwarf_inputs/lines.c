/* Several lines and columns in one program, a loop and a switch.  */
#define SEC(n) __attribute__((section(n), used))
struct ctx { unsigned int data, data_end; };

SEC("xdp") int count(struct ctx *ctx)
{
	unsigned int n = ctx->data_end - ctx->data, s = 0;
	for (int i = 0; i < 8; i++)
		if (n > (unsigned int)i)
			s += i;
	switch (s) {
	case 0: return 1;
	case 1: return 3;
	default: return 2;
	}
}
