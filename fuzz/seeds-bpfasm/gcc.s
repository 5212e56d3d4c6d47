	r0 = *(u32 *) (r6+0)
	if w0 s> 5 goto .L6
	call	sub.constprop.0
	r1 = g ll
	*(u32 *) (r10+-4) = 0
.L6:
	w0 = atomic_fetch_and((u32 *)(r2+0), w0)
	w5 = xchg32_32(r2+0, w5)
	r0 = *(u8 *) skb[r1 + 3]
	exit
