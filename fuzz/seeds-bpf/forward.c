/* stores to local arrays forwarded to their loads (ir/forward.c) */
struct foo { long data; long node[2]; };
extern void *obj_new(unsigned long, void *) __attribute__((section(".ksyms")));
extern void obj_drop(void *, void *) __attribute__((section(".ksyms")));
static void *(*lookup)(void *, const void *) = (void *)1;
char map[8];
static __attribute__((always_inline)) int fill(long *head, int n)
{
	struct foo *f[200];
	short w[100];
	union { long l; int i[2]; char c[8]; } u;
	long a[4] = {0};
	int i;
	for (i = 0; i < 200; i += 2) {
		f[i] = obj_new(1, 0);
		if (!f[i])
			return 2;
		f[i]->data = i;
		f[i + 1] = obj_new(1, 0);
		if (!f[i + 1]) {
			obj_drop(f[i], 0);
			return 9;
		}
		w[i / 2] = (short)(i * 1000);
		*head += w[i / 2] + f[i + 1]->data + f[i]->data;
		u.l = *head;
		u.i[1] = i;
		*head ^= u.c[3] + u.l;
		a[n & 3] = i;
		a[i & 3] = n;
		*head += a[n & 3] + *(&a[1] + (n & 1));
	}
	return lookup(map, &a[2]) != 0;
}
__attribute__((section("tc"))) int prog(long *ctx) { return fill(ctx, (int)*ctx); }
char _license[] __attribute__((section("license"))) = "GPL";
