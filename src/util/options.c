/* The default target and language settings (a compilation starts with
   them: ctx_new).  */
#include "options.h"

const Target target_default = {ARCH_X86_64, false, "x86_64-linux-gnu"};
const Lang lang_default = {23, true, false, false};
