/* bpfload — load and run the programs of a BPF object one at a time.
 *
 * The measuring instrument of the BPF tests and benchmark (tests/bpf/,
 * bench/bpf).  An object from the kernel's selftests often holds programs
 * the verifier is meant to reject beside ones it accepts, so loading a
 * whole object proves little.  Like the selftests' own test_loader, this
 * opens the object afresh for each program, turns autoload off for every
 * other program (libbpf still creates the object's maps), loads it and
 * reports one tab-separated line per program:
 *
 *   object  program  section  verdict  xlated  processed  reason
 *
 * verdict is "loaded", "rejected" (libbpf or the verifier refused it) or
 * "open-failed" (libbpf could not open the object: then one line with
 * program and section "-").  xlated is the translated instruction count
 * (bpf_prog_info.xlated_prog_len / 8), processed the verifier's "processed
 * N insns" figure (log level BPF_LOG_STATS); "-" where there is none.
 * reason is, for a rejection, "verifier: " and the verifier's last message
 * (the program is loaded a second time with log level 1 to get it), or,
 * when the kernel refused it before verifying (empty log) or libbpf never
 * passed it to the kernel, "libbpf: " and libbpf's first warning.
 *
 * run mode loads each program the same way and, for the kinds that
 * BPF_PROG_TEST_RUN drives (XDP, tc, socket filter, cgroup skb, lwt,
 * flow dissector, raw tracepoint, syscall), runs it on a fixed set of
 * inputs and prints, for each input, the return value, the output data
 * (length and hash) and the contents of the object's maps: arrays and
 * hashes entry by entry in key order (per-CPU values as the sorted list of
 * the non-zero CPUs' values, since the CPU a run lands on varies), the
 * .bss/.data sections variable by variable (names from BTF, so two
 * compilers' different layouts compare equal).  Runs happen in a network
 * namespace of the loader's own, so a packet a program redirects can only
 * reach a loopback device.  Output is deterministic
 * for a deterministic program; two compilers' builds of it should print
 * the same text.
 *
 * core mode is the selftests' CO-RE relocation run (prog_tests/
 * core_reloc.c): the object is opened with TARGET as libbpf's
 * btf_custom_path (the BTF its relocations resolve against; "-" for the
 * running kernel's), its global "data" (char in[256], out[256], ... as the
 * test_core_reloc_*.c programs declare it) gets a fixed byte pattern in
 * "in" and this thread's pid_tgid in "my_pid_tgid" where there is one, the
 * program is attached where its section says (raw_tracepoint/ or tp_btf/
 * sys_enter) and a system call made; then the verdict line and every other
 * member of "data" print, in full hex, one line each.  BPFLOAD_LOG=1 puts
 * libbpf's lines about the relocations it applied on stderr; in load mode,
 * the verifier's statistics of a loaded program, the whole log of a
 * rejected one; BPFLOAD_LOG=2 the level-2 log of a loaded one too (every
 * state walked: where pruning fails).
 *
 * Usage: bpfload probe      (exit 0 when the bpf syscall loads programs)
 *        bpfload list OBJ
 *        bpfload load OBJ [PROG...]
 *        bpfload run OBJ [PROG...]
 *        bpfload core OBJ PROG TARGET
 * Exit status 0 when the object opened (whatever the verdicts), 1 when it
 * did not, 2 for bad usage.
 */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

/* ---- libbpf's messages: the first warning of the current attempt ---- */

static char libbpf_first_warning[512];

/* Set by core mode under BPFLOAD_LOG: libbpf's lines about CO-RE
   relocations go to stderr. */
static int show_relocations;

static int keep_first_warning(enum libbpf_print_level level, const char *fmt, va_list ap)
{
  if (show_relocations) {
    char line[1024];
    va_list copy;
    va_copy(copy, ap);
    vsnprintf(line, sizeof line, fmt, copy);
    va_end(copy);
    if (strstr(line, "relo #") || strstr(line, "CO-RE relocating"))
      fputs(line, stderr);
  }
  if (level != LIBBPF_WARN || libbpf_first_warning[0])
    return 0;
  vsnprintf(libbpf_first_warning, sizeof libbpf_first_warning, fmt, ap);
  return 0;
}

/* One line of text: the first line of S, without "libbpf: " and with tabs
   as spaces, so that it fits in a tab-separated column. */
static void one_line(char *out, size_t size, const char *s)
{
  size_t n = 0;
  if (strncmp(s, "libbpf: ", 8) == 0)
    s += 8;
  for (; *s && *s != '\n' && n + 1 < size; s++)
    out[n++] = *s == '\t' ? ' ' : *s;
  out[n] = 0;
}

/* ---- The verifier's log ---- */

/* The N of the log's "processed N insns" line, or -1. */
static long processed_insns(const char *log)
{
  const char *p = log, *found = NULL;
  while ((p = strstr(p, "processed ")) != NULL) {
    if (p == log || p[-1] == '\n')
      found = p;
    p++;
  }
  if (!found)
    return -1;
  char *end;
  long n = strtol(found + 10, &end, 10);
  return strncmp(end, " insns", 6) == 0 ? n : -1;
}

/* Whether LINE (up to END) is one of the statistics lines that close a
   log, rather than the verifier's verdict. */
static int is_stats_line(const char *line, const char *end)
{
  static const char *const heads[] = {"processed ", "verification time", "stack depth", "insn "};
  size_t len = (size_t)(end - line);
  if (len == 0)
    return 1;
  for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
    if (len >= strlen(heads[i]) && strncmp(line, heads[i], strlen(heads[i])) == 0)
      return 1;
  return 0;
}

/* The verifier's message in LOG: its last line that is not a statistic. */
static void verifier_message(char *out, size_t size, const char *log)
{
  const char *end = log + strlen(log);
  out[0] = 0;
  while (end > log) {
    const char *line_end = end;
    if (line_end > log && line_end[-1] == '\n')
      line_end--;
    const char *line = line_end;
    while (line > log && line[-1] != '\n')
      line--;
    if (!is_stats_line(line, line_end)) {
      size_t n = (size_t)(line_end - line) < size - 1 ? (size_t)(line_end - line) : size - 1;
      memcpy(out, line, n);
      out[n] = 0;
      for (char *c = out; *c; c++)
        if (*c == '\t')
          *c = ' ';
      return;
    }
    end = line;
  }
}

/* ---- Opening an object with one program to load ---- */

struct attempt {
  struct bpf_object *obj;
  struct bpf_program *prog;   /* the one program set to load */
  int err;                    /* bpf_object__load's result */
};

static char *stats_log, *full_log;

/* Maps an object pins by name (LIBBPF_PIN_BY_NAME) go to a directory of
   this process's own on the BPF filesystem, emptied after each attempt, so
   that no attempt sees another's maps and nothing stays pinned. */
static char pin_root[64];

static void make_pin_root(void)
{
  snprintf(pin_root, sizeof pin_root, "/sys/fs/bpf/bpfload-%ld", (long)getpid());
  if (mkdir(pin_root, 0700) != 0)
    pin_root[0] = 0;
}

/* Close A's object, unpinning what it pinned. */
static void close_attempt(struct bpf_object *obj)
{
  if (obj && pin_root[0])
    bpf_object__unpin_maps(obj, NULL);
  bpf_object__close(obj);
}
enum { STATS_LOG_SIZE = 1 << 16, FULL_LOG_SIZE = 1 << 24 };

/* core mode: the BTF relocations resolve against (NULL: the running
   kernel's), and what to do to an opened object before it loads. */
static const char *target_btf;
static void (*before_load)(struct bpf_object *obj);

/* Open PATH and find program NAME; NULL obj when the object does not open
   (err set).  Every other program's autoload is turned off. */
static struct attempt open_for(const char *path, const char *name)
{
  struct attempt a = {0};
  libbpf_first_warning[0] = 0;
  LIBBPF_OPTS(bpf_object_open_opts, opts, .pin_root_path = pin_root[0] ? pin_root : NULL,
              .btf_custom_path = target_btf);
  a.obj = bpf_object__open_file(path, &opts);
  if (!a.obj) {
    a.err = -errno;
    return a;
  }
  struct bpf_program *p;
  bpf_object__for_each_program(p, a.obj) {
    int mine = strcmp(bpf_program__name(p), name) == 0;
    bpf_program__set_autoload(p, mine);
    if (mine)
      a.prog = p;
  }
  if (before_load)
    before_load(a.obj);
  return a;
}

/* Load A's object with the verifier log at LEVEL into LOG. */
static void load_with_log(struct attempt *a, unsigned level, char *log, size_t size)
{
  log[0] = 0;
  bpf_program__set_log_buf(a->prog, log, size);
  bpf_program__set_log_level(a->prog, level);
  libbpf_first_warning[0] = 0;
  a->err = bpf_object__load(a->obj);
}

/* The object's name: the file name without ".bpf.o" or ".o". */
static void object_name(char *out, size_t size, const char *path)
{
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  snprintf(out, size, "%s", base);
  size_t n = strlen(out);
  if (n > 6 && strcmp(out + n - 6, ".bpf.o") == 0)
    out[n - 6] = 0;
  else if (n > 2 && strcmp(out + n - 2, ".o") == 0)
    out[n - 2] = 0;
}

/* Report, for program NAME of PATH, the verdict line.  Returns the loaded
   attempt (obj non-NULL, err 0) for run mode to use, else closes it. */
static struct attempt load_one(const char *path, const char *name, int keep)
{
  char obj_name[256], reason[512] = "";
  object_name(obj_name, sizeof obj_name, path);
  struct attempt a = open_for(path, name);
  if (!a.obj || !a.prog) {
    one_line(reason, sizeof reason, libbpf_first_warning[0] ? libbpf_first_warning : strerror(-a.err));
    printf("%s\t%s\t-\topen-failed\t-\t-\t%s\n", obj_name, name, reason);
    close_attempt(a.obj);
    a.obj = NULL;
    return a;
  }
  char section[256];
  snprintf(section, sizeof section, "%s", bpf_program__section_name(a.prog));
  /* BPFLOAD_LOG=2: the whole level-2 log (every state the verifier
     walked), to see where its pruning fails; the statistics are its
     last lines.  */
  const char *want_log = getenv("BPFLOAD_LOG");
  if (want_log && strcmp(want_log, "2") == 0) {
    load_with_log(&a, 2 | 4, full_log, FULL_LOG_SIZE);
    size_t n = strlen(full_log), keep_from = n > STATS_LOG_SIZE / 2 ? n - STATS_LOG_SIZE / 2 : 0;
    snprintf(stats_log, STATS_LOG_SIZE, "%s", full_log + keep_from);
    if (a.err == 0)
      fputs(full_log, stderr);
  } else {
    load_with_log(&a, 4, stats_log, STATS_LOG_SIZE);
  }
  if (a.err == 0) {
    struct bpf_prog_info info = {0};
    __u32 len = sizeof info;
    long xlated = -1;
    if (bpf_prog_get_info_by_fd(bpf_program__fd(a.prog), &info, &len) == 0)
      xlated = info.xlated_prog_len / 8;
    printf("%s\t%s\t%s\tloaded\t%ld\t%ld\t-\n", obj_name, name, section, xlated,
           processed_insns(stats_log));
    /* BPFLOAD_LOG=1: the verifier's statistics (states, peak, mark_read). */
    if (getenv("BPFLOAD_LOG"))
      fputs(stats_log, stderr);
    if (keep)
      return a;
    close_attempt(a.obj);
    a.obj = NULL;
    return a;
  }
  /* Rejected: load again with log level 1 for the verifier's message. */
  char warning[480];
  one_line(warning, sizeof warning, libbpf_first_warning);
  int err = a.err;
  long processed = processed_insns(stats_log);
  close_attempt(a.obj);
  struct attempt again = open_for(path, name);
  if (again.obj && again.prog) {
    load_with_log(&again, 1 | 4, full_log, FULL_LOG_SIZE);
    char message[480];
    verifier_message(message, sizeof message, full_log);
    /* BPFLOAD_LOG=1: the whole verifier log of a rejection, on stderr. */
    if (getenv("BPFLOAD_LOG"))
      fputs(full_log, stderr);
    if (message[0])
      snprintf(reason, sizeof reason, "verifier: %s", message);
  }
  close_attempt(again.obj);
  if (!reason[0])
    snprintf(reason, sizeof reason, "libbpf: %s", warning[0] ? warning : strerror(-err));
  if (processed < 0)
    printf("%s\t%s\t%s\trejected\t-\t-\t%s\n", obj_name, name, section, reason);
  else
    printf("%s\t%s\t%s\trejected\t-\t%ld\t%s\n", obj_name, name, section, processed, reason);
  a.obj = NULL;
  return a;
}

/* ---- Inputs for BPF_PROG_TEST_RUN ---- */

struct input {
  const char *name;
  unsigned char data[1600];
  unsigned size;
};

static void put16(unsigned char *p, unsigned v) { p[0] = (unsigned char)(v >> 8); p[1] = (unsigned char)v; }

/* The ones' complement sum of N bytes, folded, added to SUM. */
static uint32_t csum_add(uint32_t sum, const unsigned char *p, unsigned n)
{
  for (unsigned i = 0; i + 1 < n; i += 2)
    sum += (uint32_t)(p[i] << 8 | p[i + 1]);
  if (n & 1)
    sum += (uint32_t)(p[n - 1] << 8);
  return sum;
}

static unsigned csum_fold(uint32_t sum)
{
  while (sum >> 16)
    sum = (sum & 0xffff) + (sum >> 16);
  return ~sum & 0xffff;
}

/* An Ethernet frame: IPv4 or IPv6 (IPV6), carrying TCP (PROTO 6) or UDP
   (17) with PAYLOAD bytes of a fixed pattern; checksums filled in.  The
   addresses are loopback ones (127.0.0.1 -> 127.0.0.2, ::1 -> ::1). */
static void make_packet(struct input *in, const char *name, int ipv6, int proto, unsigned payload)
{
  unsigned char *p = in->data;
  memset(in->data, 0, sizeof in->data);
  in->name = name;
  static const unsigned char dst[6] = {0x02, 0, 0, 0, 0, 0x02}, src[6] = {0x02, 0, 0, 0, 0, 0x01};
  memcpy(p, dst, 6);
  memcpy(p + 6, src, 6);
  put16(p + 12, ipv6 ? 0x86dd : 0x0800);
  unsigned l4len = (proto == 6 ? 20 : 8) + payload;
  unsigned char *ip = p + 14, *l4;
  uint32_t pseudo = 0;
  if (!ipv6) {
    ip[0] = 0x45;
    put16(ip + 2, 20 + l4len);
    put16(ip + 4, 0x1234);
    put16(ip + 6, 0x4000);          /* don't fragment */
    ip[8] = 64;
    ip[9] = (unsigned char)proto;
    static const unsigned char s4[4] = {127, 0, 0, 1}, d4[4] = {127, 0, 0, 2};
    memcpy(ip + 12, s4, 4);
    memcpy(ip + 16, d4, 4);
    put16(ip + 10, csum_fold(csum_add(0, ip, 20)));
    l4 = ip + 20;
    pseudo = csum_add(0, ip + 12, 8);
  } else {
    ip[0] = 0x60;
    put16(ip + 4, l4len);
    ip[6] = (unsigned char)proto;
    ip[7] = 64;
    ip[23] = 1;                     /* ::1 -> ::1 */
    ip[39] = 1;
    l4 = ip + 40;
    pseudo = csum_add(0, ip + 8, 32);
  }
  put16(l4, 40000);
  put16(l4 + 2, proto == 6 ? 80 : 53);
  unsigned hdr = proto == 6 ? 20 : 8;
  if (proto == 6) {
    l4[7] = 1;                      /* sequence number */
    l4[12] = 5 << 4;
    l4[13] = 0x02;                  /* SYN */
    put16(l4 + 14, 65535);
  } else {
    put16(l4 + 4, l4len);
  }
  for (unsigned i = 0; i < payload; i++)
    l4[hdr + i] = (unsigned char)(i * 7 + 3);
  pseudo += (uint32_t)proto + l4len;
  put16(l4 + (proto == 6 ? 16 : 6), csum_fold(csum_add(pseudo, l4, l4len)));
  in->size = (unsigned)(l4 + l4len - p);
}

enum { N_PACKETS = 6 };
static struct input packets[N_PACKETS];

static void make_packets(void)
{
  make_packet(&packets[0], "ipv4-tcp-syn", 0, 6, 0);
  make_packet(&packets[1], "ipv4-udp", 0, 17, 32);
  make_packet(&packets[2], "ipv6-tcp", 1, 6, 16);
  make_packet(&packets[3], "ipv6-udp", 1, 17, 100);
  make_packet(&packets[4], "ipv4-tcp-long", 0, 6, 1400);
  /* A runt: an Ethernet header announcing IPv4 and two bytes after it. */
  struct input *r = &packets[5];
  make_packet(r, "runt", 0, 17, 0);
  r->size = 16;
}

/* ---- Printing data deterministically ---- */

static uint64_t fnv1a(const void *data, size_t n)
{
  const unsigned char *p = data;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

/* Bytes as hex, the first 32 in full and the rest as a hash. */
static void hex(char *out, size_t size, const void *data, size_t n)
{
  const unsigned char *p = data;
  size_t shown = n < 32 ? n : 32, k = 0;
  for (size_t i = 0; i < shown && k + 3 < size; i++)
    k += (size_t)snprintf(out + k, size - k, "%02x", p[i]);
  if (n > shown && k < size)
    snprintf(out + k, size - k, "..(%zu bytes, %016llx)", n, (unsigned long long)fnv1a(p, n));
}

static int all_zero(const unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (p[i])
      return 0;
  return 1;
}

static int compare_strings(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Print LINES (N of them) sorted, each indented, then free them. */
static void print_sorted(FILE *out, char **lines, size_t n)
{
  qsort(lines, n, sizeof *lines, compare_strings);
  for (size_t i = 0; i < n; i++) {
    fprintf(out, "    %s\n", lines[i]);
    free(lines[i]);
  }
  free(lines);
}

/* The objects the kernel itself keeps in a program's globals (list and
   tree heads and nodes, locks, timers): their bytes hold kernel
   addresses, different from run to run, so they are shown as zeros. */
static int kernel_managed(const char *name)
{
  static const char *const names[] = {
      "bpf_list_head", "bpf_list_node", "bpf_rb_root", "bpf_rb_node",
      "bpf_spin_lock", "bpf_res_spin_lock", "bpf_timer", "bpf_wq",
      "bpf_refcount", "bpf_task_work",
  };
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(name, names[i]))
      return 1;
  return 0;
}

/* Zero the bytes of VALUE (an object of BTF type ID) that hold a
   kernel-managed object, through struct members and array elements. */
static void mask_kernel_managed(const struct btf *btf, __u32 id, unsigned char *value,
                                size_t size, int depth)
{
  const struct btf_type *t = btf__type_by_id(btf, id);
  while (t && (btf_is_typedef(t) || btf_is_mod(t) || btf_is_type_tag(t)))
    t = btf__type_by_id(btf, t->type);
  if (!t || depth > 32)
    return;
  if (btf_is_struct(t) || btf_is_union(t)) {
    if (kernel_managed(btf__name_by_offset(btf, t->name_off))) {
      memset(value, 0, size);
      return;
    }
    const struct btf_member *m = btf_members(t);
    for (unsigned i = 0; i < btf_vlen(t); i++) {
      size_t off = btf_member_bit_offset(t, i) / 8;
      __s64 msize = btf__resolve_size(btf, m[i].type);
      if (msize > 0 && off + (size_t)msize <= size)
        mask_kernel_managed(btf, m[i].type, value + off, (size_t)msize, depth + 1);
    }
  } else if (btf_is_array(t)) {
    const struct btf_array *a = btf_array(t);
    __s64 esize = btf__resolve_size(btf, a->type);
    for (__u32 i = 0; esize > 0 && i < a->nelems && (i + 1) * (size_t)esize <= size; i++)
      mask_kernel_managed(btf, a->type, value + i * (size_t)esize, (size_t)esize, depth + 1);
  }
}

/* A .bss or .data map: each variable of its DATASEC by name. */
static void dump_section_map(FILE *out, const struct bpf_object *obj, const struct bpf_map *map)
{
  struct btf *btf = bpf_object__btf(obj);
  const struct btf_type *sec = btf ? btf__type_by_id(btf, bpf_map__btf_value_type_id(map)) : NULL;
  size_t size = bpf_map__value_size(map);
  unsigned char *value = calloc(1, size);
  int key = 0;
  if (!value || bpf_map_lookup_elem(bpf_map__fd(map), &key, value) != 0) {
    fprintf(out, "    (unreadable)\n");
    free(value);
    return;
  }
  if (!sec || !btf_is_datasec(sec)) {
    char text[160];
    hex(text, sizeof text, value, size);
    fprintf(out, "    %s\n", text);
    free(value);
    return;
  }
  const struct btf_var_secinfo *vs = btf_var_secinfos(sec);
  size_t n = btf_vlen(sec), count = 0;
  char **lines = calloc(n + 1, sizeof *lines);
  for (size_t i = 0; i < n; i++) {
    const struct btf_type *var = btf__type_by_id(btf, vs[i].type);
    if (vs[i].offset + vs[i].size > size)
      continue;
    mask_kernel_managed(btf, var->type, value + vs[i].offset, vs[i].size, 0);
    char text[160], line[400];
    hex(text, sizeof text, value + vs[i].offset, vs[i].size);
    snprintf(line, sizeof line, "%s = %s", btf__name_by_offset(btf, var->name_off), text);
    lines[count++] = strdup(line);
  }
  print_sorted(out, lines, count);
  free(value);
}

/* An array or hash map: its non-zero entries sorted by key.  Per-CPU
   values show as the sorted list of the CPUs' non-zero values. */
static void dump_entries(FILE *out, const struct bpf_object *obj, const struct bpf_map *map,
                         int percpu)
{
  struct btf *btf = bpf_object__btf(obj);
  __u32 value_type = bpf_map__btf_value_type_id(map);
  int fd = bpf_map__fd(map);
  size_t ksize = bpf_map__key_size(map), vsize = bpf_map__value_size(map);
  size_t cpus = percpu ? (size_t)libbpf_num_possible_cpus() : 1;
  size_t stride = percpu ? (vsize + 7) / 8 * 8 : vsize;
  unsigned char *key = calloc(1, ksize + 1), *next = calloc(1, ksize + 1);
  unsigned char *value = calloc(cpus, stride);
  size_t cap = 64, count = 0, zero = 0, limit = 4096;
  /* An array's zero entries are its initial state; a hash entry is news. */
  int is_array = bpf_map__type(map) == BPF_MAP_TYPE_ARRAY || bpf_map__type(map) == BPF_MAP_TYPE_PERCPU_ARRAY;
  char **lines = calloc(cap, sizeof *lines);
  int err = bpf_map_get_next_key(fd, NULL, next);
  while (err == 0 && count + zero < limit) {
    memcpy(key, next, ksize);
    if (bpf_map_lookup_elem(fd, key, value) == 0) {
      char ktext[160], vtext[160 * 4] = "", line[800];
      hex(ktext, sizeof ktext, key, ksize);
      char **parts = calloc(cpus, sizeof *parts);
      size_t nparts = 0;
      for (size_t c = 0; c < cpus; c++) {
        if (btf && value_type)
          mask_kernel_managed(btf, value_type, value + c * stride, vsize, 0);
        if (percpu && all_zero(value + c * stride, vsize))
          continue;
        char t[160];
        hex(t, sizeof t, value + c * stride, vsize);
        parts[nparts++] = strdup(t);
      }
      qsort(parts, nparts, sizeof *parts, compare_strings);
      for (size_t i = 0; i < nparts; i++) {
        size_t k = strlen(vtext);
        snprintf(vtext + k, sizeof vtext - k, "%s%s", i ? " " : "", parts[i]);
        free(parts[i]);
      }
      free(parts);
      if (is_array && (nparts == 0 || all_zero(value, vsize))) {
        zero++;
      } else {
        snprintf(line, sizeof line, "%s => %s", ktext, vtext);
        if (count == cap)
          lines = realloc(lines, (cap *= 2) * sizeof *lines);
        lines[count++] = strdup(line);
      }
    }
    err = bpf_map_get_next_key(fd, key, next);
  }
  print_sorted(out, lines, count);
  if (err == 0)
    fprintf(out, "    (stopped after %zu entries)\n", limit);
  free(key);
  free(next);
  free(value);
}

static int by_map_name(const void *a, const void *b)
{
  return strcmp(bpf_map__name(*(const struct bpf_map *const *)a),
                bpf_map__name(*(const struct bpf_map *const *)b));
}

/* The maps in name order: two compilers may lay out .maps and the data
   sections in different orders, which is not a difference to report. */
static void dump_maps(FILE *out, const struct bpf_object *obj)
{
  const struct bpf_map *map, **maps = NULL;
  size_t n = 0;
  bpf_object__for_each_map(map, obj) {
    maps = realloc(maps, (n + 1) * sizeof *maps);
    if (!maps)
      return;
    maps[n++] = map;
  }
  if (n)
    qsort(maps, n, sizeof *maps, by_map_name);
  for (size_t i = 0; i < n; i++) {
    map = maps[i];
    const char *name = bpf_map__name(map);
    if (bpf_map__fd(map) < 0)
      continue;
    if (bpf_map__is_internal(map)) {
      /* .rodata and .kconfig are read-only for the program. */
      if (strstr(name, ".rodata") || strstr(name, ".kconfig"))
        continue;
      fprintf(out, "  map %s\n", name);
      dump_section_map(out, obj, map);
      continue;
    }
    enum bpf_map_type type = bpf_map__type(map);
    switch (type) {
    case BPF_MAP_TYPE_ARRAY:
    case BPF_MAP_TYPE_HASH:
    case BPF_MAP_TYPE_LRU_HASH:
      fprintf(out, "  map %s\n", name);
      dump_entries(out, obj, map, 0);
      break;
    case BPF_MAP_TYPE_PERCPU_ARRAY:
    case BPF_MAP_TYPE_PERCPU_HASH:
    case BPF_MAP_TYPE_LRU_PERCPU_HASH:
      fprintf(out, "  map %s (per-cpu)\n", name);
      dump_entries(out, obj, map, 1);
      break;
    default:
      break;
    }
  }
  free(maps);
}

/* ---- run mode ---- */

enum run_kind { NOT_RUNNABLE, RUN_PACKET, RUN_RAW_TP, RUN_SYSCALL };

static enum run_kind run_kind_of(enum bpf_prog_type type)
{
  switch (type) {
  case BPF_PROG_TYPE_XDP:
  case BPF_PROG_TYPE_SCHED_CLS:
  case BPF_PROG_TYPE_SCHED_ACT:
  case BPF_PROG_TYPE_SOCKET_FILTER:
  case BPF_PROG_TYPE_CGROUP_SKB:
  case BPF_PROG_TYPE_LWT_IN:
  case BPF_PROG_TYPE_LWT_OUT:
  case BPF_PROG_TYPE_LWT_XMIT:
  case BPF_PROG_TYPE_FLOW_DISSECTOR:
    return RUN_PACKET;
  case BPF_PROG_TYPE_RAW_TRACEPOINT:
    return RUN_RAW_TP;
  case BPF_PROG_TYPE_SYSCALL:
    return RUN_SYSCALL;
  default:
    return NOT_RUNNABLE;
  }
}

static void report_run(const char *input, int err, const struct bpf_test_run_opts *o,
                       const struct input *in, const unsigned char *out)
{
  if (err) {
    printf("  input %s: error %s\n", input, strerror(-err));
    return;
  }
  printf("  input %s: ret %u", input, o->retval);
  if (out)
    printf(" out %u %016llx%s", o->data_size_out, (unsigned long long)fnv1a(out, o->data_size_out),
           o->data_size_out == in->size && memcmp(out, in->data, in->size) == 0 ? " (unchanged)" : "");
  if (o->ctx_size_out)
    printf(" ctx %u", o->ctx_size_out);
  printf("\n");
}

/* The maps' contents as text (malloc'd), or NULL. */
static char *maps_text(const struct bpf_object *obj)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  if (!out)
    return NULL;
  dump_maps(out, obj);
  fclose(out);
  return text;
}

/* Print the maps' contents when they differ from LAST (the previous dump,
   replaced), else "maps unchanged". */
static void show_maps(const struct bpf_object *obj, char **last)
{
  char *text = maps_text(obj);
  if (!text)
    return;
  if (*last && strcmp(*last, text) == 0) {
    printf("  maps unchanged\n");
    free(text);
    return;
  }
  fputs(text, stdout);
  free(*last);
  *last = text;
}

/* Run the loaded program of A on every input of its kind; after each run,
   the maps (against their state before the first run). */
static void run_one(struct attempt *a)
{
  int fd = bpf_program__fd(a->prog);
  enum run_kind kind = run_kind_of(bpf_program__type(a->prog));
  static unsigned char out[1 << 16];
  if (kind == NOT_RUNNABLE) {
    printf("  not runnable (program type %s)\n", libbpf_bpf_prog_type_str(bpf_program__type(a->prog)));
    return;
  }
  char *last_dump = maps_text(a->obj);
  if (kind == RUN_PACKET) {
    for (int i = 0; i < N_PACKETS; i++) {
      LIBBPF_OPTS(bpf_test_run_opts, o, .data_in = packets[i].data, .data_size_in = packets[i].size,
                  .data_out = out, .data_size_out = sizeof out, .repeat = 1);
      int err = bpf_prog_test_run_opts(fd, &o);
      report_run(packets[i].name, err ? -errno : 0, &o, &packets[i], out);
      show_maps(a->obj, &last_dump);
    }
    free(last_dump);
    return;
  }
  /* Raw tracepoints take their arguments as an array of u64; syscall
     programs a context of any layout: the same two patterns for both. */
  uint64_t args[2][8] = {{0}, {1, 2, 3, 0xffffffffull, 0x8000000000000000ull, 42, 7, 0x0102030405060708ull}};
  static const char *const names[2] = {"ctx-zero", "ctx-pattern"};
  for (int i = 0; i < 2; i++) {
    uint64_t ctx[8];
    memcpy(ctx, args[i], sizeof ctx);
    LIBBPF_OPTS(bpf_test_run_opts, o, .ctx_in = ctx, .ctx_size_in = sizeof ctx);
    if (kind == RUN_SYSCALL) {
      o.ctx_out = ctx;
      o.ctx_size_out = sizeof ctx;
    }
    int err = bpf_prog_test_run_opts(fd, &o);
    report_run(names[i], err ? -errno : 0, &o, NULL, NULL);
    if (!err && kind == RUN_SYSCALL) {
      char text[160];
      hex(text, sizeof text, ctx, sizeof ctx);
      printf("  ctx out %s\n", text);
    }
    show_maps(a->obj, &last_dump);
  }
  free(last_dump);
}

/* ---- core mode ---- */

/* The global "data" of OBJ: its map (.bss or .data), offset there and
   struct type; 0 when found. */
struct data_var {
  struct bpf_map *map;
  const struct btf *btf;
  const struct btf_type *type;
  size_t offset;
};

static int find_data_var(struct bpf_object *obj, struct data_var *d)
{
  struct btf *btf = bpf_object__btf(obj);
  struct bpf_map *map;
  if (!btf)
    return -1;
  bpf_object__for_each_map(map, obj) {
    if (!bpf_map__is_internal(map))
      continue;
    const struct btf_type *sec = btf__type_by_id(btf, bpf_map__btf_value_type_id(map));
    if (!sec || !btf_is_datasec(sec))
      continue;
    const struct btf_var_secinfo *vs = btf_var_secinfos(sec);
    for (unsigned i = 0; i < btf_vlen(sec); i++) {
      const struct btf_type *var = btf__type_by_id(btf, vs[i].type);
      if (!var || strcmp(btf__name_by_offset(btf, var->name_off), "data") != 0)
        continue;
      const struct btf_type *t = btf__type_by_id(btf, var->type);
      while (t && (btf_is_mod(t) || btf_is_typedef(t)))
        t = btf__type_by_id(btf, t->type);
      if (!t || !btf_is_struct(t))
        return -1;
      *d = (struct data_var){map, btf, t, vs[i].offset};
      return 0;
    }
  }
  return -1;
}

/* Offset and size of D's member NAME; -1 when it has none. */
static long data_member(const struct data_var *d, const char *name, size_t *size)
{
  const struct btf_member *m = btf_members(d->type);
  for (unsigned i = 0; i < btf_vlen(d->type); i++, m++) {
    if (strcmp(btf__name_by_offset(d->btf, m->name_off), name) != 0)
      continue;
    long sz = btf__resolve_size(d->btf, m->type);
    if (sz < 0 || btf_member_bitfield_size(d->type, i))
      return -1;
    *size = (size_t)sz;
    return (long)(d->offset + btf_member_bit_offset(d->type, i) / 8);
  }
  return -1;
}

/* Before loading: the input pattern in data.in, this thread's pid_tgid (as
   bpf_get_current_pid_tgid gives it) in data.my_pid_tgid. */
static void fill_core_input(struct bpf_object *obj)
{
  struct data_var d;
  size_t total, size;
  long off;
  if (find_data_var(obj, &d) != 0)
    return;
  unsigned char *value = bpf_map__initial_value(d.map, &total);
  if (!value)
    return;
  if ((off = data_member(&d, "in", &size)) >= 0 && (size_t)off + size <= total)
    for (size_t i = 0; i < size; i++)
      value[off + i] = (unsigned char)(i * 37 + 11);
  uint64_t pid_tgid = (uint64_t)getpid() << 32 | (uint64_t)syscall(SYS_gettid);
  if ((off = data_member(&d, "my_pid_tgid", &size)) >= 0 && size == 8 && (size_t)off + 8 <= total)
    memcpy(value + off, &pid_tgid, 8);
}

/* After the run: every member of data but "in" and "my_pid_tgid" (the
   input, and a value that differs from run to run), in full hex. */
static void print_core_output(struct bpf_object *obj)
{
  struct data_var d;
  if (find_data_var(obj, &d) != 0) {
    printf("  no global 'data' of a struct type\n");
    return;
  }
  size_t total = bpf_map__value_size(d.map);
  unsigned char *value = calloc(1, total);
  int key = 0;
  if (!value || bpf_map_lookup_elem(bpf_map__fd(d.map), &key, value) != 0) {
    printf("  data unreadable\n");
    free(value);
    return;
  }
  const struct btf_member *m = btf_members(d.type);
  for (unsigned i = 0; i < btf_vlen(d.type); i++, m++) {
    const char *name = btf__name_by_offset(d.btf, m->name_off);
    size_t size;
    long off = data_member(&d, name, &size);
    if (off < 0 || (size_t)off + size > total || !strcmp(name, "in") || !strcmp(name, "my_pid_tgid"))
      continue;
    printf("  data.%s =", name);
    for (size_t k = 0; k < size; k++)
      printf(" %02x", value[off + k]);
    printf("\n");
  }
  free(value);
}

/* Load program NAME of PATH with its relocations against TARGET, attach
   it, make a system call, print what it wrote. */
static void core_one(const char *path, const char *name, const char *target)
{
  target_btf = strcmp(target, "-") == 0 ? NULL : target;
  before_load = fill_core_input;
  show_relocations = getenv("BPFLOAD_LOG") != NULL;
  struct attempt a = load_one(path, name, 1);
  if (!a.obj)
    return;
  struct bpf_link *link = bpf_program__attach(a.prog);
  if (!link) {
    printf("  attach failed: %s\n", strerror(errno));
  } else {
    struct timespec ns = {0, 1000};
    nanosleep(&ns, NULL);
    bpf_link__destroy(link);
    print_core_output(a.obj);
  }
  close_attempt(a.obj);
}

/* ---- Main ---- */

static int usage(void)
{
  fprintf(stderr, "usage: bpfload probe | list OBJ | load OBJ [PROG...] | run OBJ [PROG...]"
                  " | core OBJ PROG TARGET\n");
  return 2;
}

int main(int argc, char **argv)
{
  if (argc == 2 && strcmp(argv[1], "probe") == 0) {
    /* Whether this process may load a BPF program at all. */
    int ok = libbpf_probe_bpf_prog_type(BPF_PROG_TYPE_SOCKET_FILTER, NULL);
    if (ok == 1)
      return 0;
    fprintf(stderr, "bpfload: cannot load BPF programs here (%s)\n", ok < 0 ? strerror(-ok) : "not supported");
    return 1;
  }
  if (argc < 3)
    return usage();
  if (strcmp(argv[1], "core") == 0) {
    if (argc != 5)
      return usage();
    libbpf_set_print(keep_first_warning);
    setvbuf(stdout, NULL, _IOLBF, 0);
    make_pin_root();
    stats_log = malloc(STATS_LOG_SIZE);
    full_log = malloc(FULL_LOG_SIZE);
    core_one(argv[2], argv[3], argv[4]);
    free(stats_log);
    free(full_log);
    if (pin_root[0])
      rmdir(pin_root);
    return 0;
  }
  const char *mode = argv[1], *path = argv[2];
  int listing = strcmp(mode, "list") == 0, running = strcmp(mode, "run") == 0;
  if (!listing && !running && strcmp(mode, "load") != 0)
    return usage();
  libbpf_set_print(keep_first_warning);
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (running) {
    /* Every run on one processor: a per-CPU map then holds the same
       values after the same runs, wherever the scheduler would have put
       each of them (their split between processors is no result).  */
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    sched_setaffinity(0, sizeof one, &one);
  }

  /* The program names, from one opening of the object. */
  struct bpf_object *obj = bpf_object__open_file(path, NULL);
  if (!obj) {
    char obj_name[256], reason[512];
    object_name(obj_name, sizeof obj_name, path);
    one_line(reason, sizeof reason, libbpf_first_warning[0] ? libbpf_first_warning : strerror(errno));
    if (listing)
      fprintf(stderr, "bpfload: %s: %s\n", path, reason);
    else
      printf("%s\t-\t-\topen-failed\t-\t-\t%s\n", obj_name, reason);
    return 1;
  }
  size_t n = 0;
  char **names = NULL;
  struct bpf_program *p;
  bpf_object__for_each_program(p, obj) {
    names = realloc(names, (n + 1) * sizeof *names);
    names[n++] = strdup(bpf_program__name(p));
    if (listing)
      printf("%s\t%s\t%s\n", bpf_program__name(p), bpf_program__section_name(p),
             libbpf_bpf_prog_type_str(bpf_program__type(p)));
  }
  bpf_object__close(obj);
  if (listing)
    return 0;

  make_pin_root();
  stats_log = malloc(STATS_LOG_SIZE);
  full_log = malloc(FULL_LOG_SIZE);
  if (running) {
    /* A program under test may redirect or clone a packet to a device:
       in a network namespace of our own, only a loopback device exists. */
    if (unshare(CLONE_NEWNET) != 0) {
      fprintf(stderr, "bpfload: run needs a network namespace of its own: %s\n", strerror(errno));
      return 1;
    }
    make_packets();
  }
  for (size_t i = 0; i < n; i++) {
    int wanted = argc == 3;
    for (int j = 3; j < argc && !wanted; j++)
      wanted = strcmp(argv[j], names[i]) == 0;
    if (!wanted)
      continue;
    struct attempt a = load_one(path, names[i], running);
    if (running && a.obj) {
      run_one(&a);
      close_attempt(a.obj);
    }
  }
  for (size_t i = 0; i < n; i++)
    free(names[i]);
  free(names);
  free(stats_log);
  free(full_log);
  if (pin_root[0])
    rmdir(pin_root);
  return 0;
}
