int x __attribute__((no_such_attr));
