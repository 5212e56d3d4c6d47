/* Reader errors (binary.h).  */
#include "binary.h"

bool read_error(ReadError *err, const char *fmt, ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
  }
  return false;
}

bool read_error_at(ReadError *err, const char *label, uint64_t offset,
                   const char *fmt, ...) {
  if (err) {
    char msg[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int n = snprintf(err->msg, sizeof err->msg, "%s+0x%llx: ", label,
                     (unsigned long long)offset);
    if (n >= 0 && (size_t)n < sizeof err->msg)
      snprintf(err->msg + n, sizeof err->msg - (size_t)n, "%s", msg);
  }
  return false;
}
