#include <i.h>
#include <s.h>
#include <a.h>
#include "q.h"
int v[FROM_I+FROM_SYS+FROM_AFTER+FROM_Q];
