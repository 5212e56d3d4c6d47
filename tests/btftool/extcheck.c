/* extcheck — libbpf's reading of an object's .BTF.ext, printed as
 * `btftool dump --ext` prints the part after the BTF.
 *
 * The oracle of tests/btftool/ext.sh for objects whose .BTF.ext carries
 * no -dA comments (clang-19's).  btf__parse_elf() parses the object's
 * .BTF and .BTF.ext; libbpf's public API stops at an opaque struct
 * btf_ext, so the tables libbpf framed (where each begins, its record
 * size and length) are read through a mirror of libbpf's own struct
 * (tools/lib/bpf/libbpf_internal.h, unchanged since libbpf 1.0); the
 * walk over sections and records is the one libbpf's for_each_btf_ext_sec
 * and for_each_btf_ext_rec macros make.  Names and strings come from
 * libbpf's btf__type_by_id() and btf__name_by_offset().
 *
 * Usage: extcheck OBJ   (exit 1 when libbpf cannot read it)  */
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

struct ext_info { /* libbpf's struct btf_ext_info */
  void *info;
  __u32 rec_size;
  __u32 len;
  __u32 *sec_idxs;
  int sec_cnt;
};

struct ext { /* libbpf's struct btf_ext */
  union {
    struct btf_ext_header *hdr;
    void *data;
  };
  struct ext_info info[3]; /* func_info, line_info, core_relo_info */
  __u32 data_size;
};

static const char *const table_names[3] = {"func_info", "line_info",
                                           "core_relo"};
static const char *const kind_names[] = {
    "UNKNOWN",   "INT",      "PTR",   "ARRAY",    "STRUCT",     "UNION",
    "ENUM",      "FWD",      "TYPEDEF", "VOLATILE", "CONST",    "RESTRICT",
    "FUNC",      "FUNC_PROTO", "VAR", "DATASEC",  "FLOAT",      "DECL_TAG",
    "TYPE_TAG",  "ENUM64"};
static const char *const relo_kinds[] = {
    "byte_off",   "byte_sz",    "field_exists",  "signed",
    "lshift_u64", "rshift_u64", "local_type_id", "target_type_id",
    "type_exists", "type_size", "enumval_exists", "enumval_value",
    "type_matches"};

static void put_quoted(const char *s) {
  putchar('\'');
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '\'' || *p == '\\')
      printf("\\%c", *p);
    else if (*p == '\n')
      fputs("\\n", stdout);
    else if (*p == '\t')
      fputs("\\t", stdout);
    else if (*p < 0x20 || *p == 0x7f)
      printf("\\%03o", *p);
    else
      putchar(*p);
  }
  putchar('\'');
}

static void put_type(const struct btf *btf, __u32 id) {
  if (id == 0) {
    fputs(" (void)", stdout);
    return;
  }
  const struct btf_type *t = btf__type_by_id(btf, id);
  const char *name = btf__name_by_offset(btf, t->name_off);
  printf(" %s '%s'", kind_names[btf_kind(t)], name && *name ? name : "(anon)");
}

static void put_record(const struct btf *btf, int table, const __u32 *w) {
  printf("    insn_off=%u (insn %u)", w[0], w[0] / 8);
  if (table == 1) {
    printf(" file_name_off=%u line_off=%u %s:%u:%u ", w[1], w[2],
           btf__name_by_offset(btf, w[1]), w[3] >> 10, w[3] & 0x3ff);
    put_quoted(btf__name_by_offset(btf, w[2]));
  } else {
    printf(" type_id=%u", w[1]);
    put_type(btf, w[1]);
  }
  if (table == 2)
    printf(" access_str_off=%u '%s' kind=%s (%u)", w[2],
           btf__name_by_offset(btf, w[2]),
           w[3] < 13 ? relo_kinds[w[3]] : "unknown", w[3]);
  putchar('\n');
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: extcheck OBJ\n");
    return 2;
  }
  struct btf_ext *opaque = NULL;
  struct btf *btf = btf__parse_elf(argv[1], &opaque);
  if (!btf || !opaque) {
    fprintf(stderr, "extcheck: %s: libbpf cannot read .BTF/.BTF.ext: %s\n",
            argv[1], strerror(errno));
    return 1;
  }
  const struct ext *ext = (const struct ext *)opaque;
  const unsigned char *h = ext->data;
  __u32 hdr_len;
  memcpy(&hdr_len, h + 4, 4);
  printf(".BTF.ext version=%u flags=0x%x hdr_len=%u\n", h[2], h[3], hdr_len);
  for (int k = 0; k < 3; k++) {
    const struct ext_info *in = &ext->info[k];
    if (!in->info)
      continue;
    printf("%s rec_size=%u\n", table_names[k], in->rec_size);
    const unsigned char *sec = in->info, *end = sec + in->len;
    while (sec < end) {
      __u32 name_off, n;
      memcpy(&name_off, sec, 4);
      memcpy(&n, sec + 4, 4);
      printf("  sec ");
      put_quoted(btf__name_by_offset(btf, name_off));
      printf(" name_off=%u num_info=%u\n", name_off, n);
      for (__u32 i = 0; i < n; i++) {
        __u32 w[4] = {0};
        memcpy(w, sec + 8 + (size_t)i * in->rec_size,
               in->rec_size < sizeof w ? in->rec_size : sizeof w);
        put_record(btf, k, w);
      }
      sec += 8 + (size_t)n * in->rec_size;
    }
  }
  btf_ext__free(opaque);
  btf__free(btf);
  return 0;
}
