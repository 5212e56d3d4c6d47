/* The oracle for deduplication: libbpf's btf__dedup.

   Usage: libbpf_dedup [-B BASE] IN OUT
   Reads IN (raw BTF or an ELF file's .BTF; with -B, split BTF on
   BASE's), deduplicates it with btf__dedup, writes the result to OUT as
   raw BTF (split BTF with -B) and prints "TYPES_IN TYPES_OUT", the
   counts of IN's own types.  Exit status 1 when libbpf fails.  */
#include <bpf/btf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  struct btf *base = NULL;
  if (argc == 5 && !strcmp(argv[1], "-B")) {
    base = btf__parse(argv[2], NULL);
    if (!base) {
      fprintf(stderr, "libbpf_dedup: %s: %s\n", argv[2], strerror(errno));
      return 1;
    }
    argc -= 2;
    argv += 2;
  }
  if (argc != 3) {
    fprintf(stderr, "usage: libbpf_dedup [-B BASE] IN OUT\n");
    return 1;
  }
  struct btf *btf = base ? btf__parse_split(argv[1], base) : btf__parse(argv[1], NULL);
  if (!btf) {
    fprintf(stderr, "libbpf_dedup: %s: %s\n", argv[1], strerror(errno));
    return 1;
  }
  unsigned first = base ? btf__type_cnt(base) : 1;
  unsigned before = btf__type_cnt(btf) - first;
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
  printf("%u %u\n", before, btf__type_cnt(btf) - first);
  btf__free(btf);
  btf__free(base);
  return 0;
}
