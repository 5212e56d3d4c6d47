/* Test oracle for `btftool fixup`: let libbpf open and load a BPF object
   (programs not loaded), then read back from the kernel the BTF that
   libbpf handed to BPF_BTF_LOAD and write it to OUT.
   Usage: libbpf_fixup OBJ OUT.  Exit 0 on success, 2 when libbpf could
   not load the object.  Built by the tests with: cc ... -lbpf.  */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap) {
  if (level == LIBBPF_WARN)
    return vfprintf(stderr, fmt, ap);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s OBJ OUT\n", argv[0]);
    return 1;
  }
  libbpf_set_print(quiet);
  struct bpf_object *obj = bpf_object__open_file(argv[1], NULL);
  if (!obj)
    return 2;
  struct bpf_program *prog;
  bpf_object__for_each_program(prog, obj) bpf_program__set_autoload(prog, false);
  if (bpf_object__load(obj))
    return 2;
  int fd = bpf_object__btf_fd(obj);
  struct bpf_btf_info info;
  __u32 len = sizeof info;
  memset(&info, 0, sizeof info);
  if (fd < 0 || bpf_obj_get_info_by_fd(fd, &info, &len))
    return 2;
  __u32 size = info.btf_size;
  char *data = malloc(size);
  memset(&info, 0, sizeof info);
  info.btf = (__u64)(unsigned long)data;
  info.btf_size = size;
  len = sizeof info;
  if (bpf_obj_get_info_by_fd(fd, &info, &len))
    return 2;
  FILE *out = fopen(argv[2], "wb");
  if (!out || fwrite(data, 1, size, out) != size || fclose(out))
    return 1;
  bpf_object__close(obj);
  free(data);
  return 0;
}
