/* What vmlinux.h from bpftool before 7.x declares: C23 keywords.  GCC 16
   rejects it by default (-std=gnu17 compiles it).  */
enum {
	false = 0,
	true = 1,
};
typedef _Bool bool;
