/* The global target and language settings (set by the driver).  */
#include "options.h"

Target target = {ARCH_X86_64, false, "x86_64-linux-gnu"};
Lang lang = {17, true, false, false};
