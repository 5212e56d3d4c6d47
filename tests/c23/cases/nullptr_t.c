/* The type of nullptr: GCC 16 describes it as an unspecified type
   "typeof (nullptr)", which BTF cannot represent.  */
typeof(nullptr) nt;
void *p = nullptr;
