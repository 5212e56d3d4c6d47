/* libFuzzer target: the driver's command-line reader (src/driver/args.c)
   on arbitrary bytes as a response file -- the words as GCC's buildargv
   reads them -- and those words as a command line: @FILE expansion (of
   whatever names the words give; most are missing, so stay literal) and
   the -Wp, splitting.  Any crash, hang or sanitizer report is a bug.  */
#include "../src/driver/args.c"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = 0;
  Args words = {0};
  vec_push(&words.argv, (char *)"btfcc");
  args_split(text, &words);
  Args out;
  args_expand((int)words.argv.len, words.argv.data, &out);
  args_free(&out);
  args_free(&words);
  free(text);
  return 0;
}
