/* The oracle for deduplication: libbpf's btf__dedup.

   Usage: libbpf_dedup IN OUT
   Reads IN (raw BTF or an ELF file's .BTF), deduplicates it with
   btf__dedup, writes the result to OUT as raw BTF and prints
   "TYPES_IN TYPES_OUT".  Exit status 1 when libbpf fails.  */
#include <bpf/btf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: libbpf_dedup IN OUT\n");
    return 1;
  }
  struct btf *btf = btf__parse(argv[1], NULL);
  if (!btf) {
    fprintf(stderr, "libbpf_dedup: %s: %s\n", argv[1], strerror(errno));
    return 1;
  }
  unsigned before = btf__type_cnt(btf) - 1;
  int err = btf__dedup(btf, NULL);
  if (err) {
    fprintf(stderr, "libbpf_dedup: btf__dedup: %s\n", strerror(-err));
    return 1;
  }
  unsigned size;
  const void *raw = btf__raw_data(btf, &size);
  FILE *out = fopen(argv[2], "wb");
  if (!raw || !out || fwrite(raw, 1, size, out) != size || fclose(out)) {
    fprintf(stderr, "libbpf_dedup: %s: cannot write\n", argv[2]);
    return 1;
  }
  printf("%u %u\n", before, btf__type_cnt(btf) - 1);
  btf__free(btf);
  return 0;
}
