/* Data of every placement for tests/bpf/asm_text.sh: `-S` text through
   GNU as must give the sections and symbols `-c` writes.  The .bss holds
   an object larger than 4 GiB: a NOBITS section takes no bytes, so it
   must compile at once and print as `.zero`.  It comes last: BTF's
   DATASEC records offsets in 32 bits.  */
char c1;
long l1;
short s1[3];
int i1 __attribute__((section(".bss.mine")));
char c2 __attribute__((section(".bss.mine")));
long l2 __attribute__((section(".bss.mine")));
int zero_init = 0;
static int local_bss;
int data1 = 3;
char data2[5] = "abc";
long data3 = -1;
const int ro = 4;
const char ro2[] = "read only";
int named_data __attribute__((section(".data.mine"))) = 7;
char big[5000000000];

int f(int k) {
  local_bss += k;
  return big[k] + c1 + l1 + s1[2] + i1 + c2 + l2 + zero_init + local_bss +
         data1 + data2[k] + data3 + ro + ro2[k] + named_data;
}
