#include <stdio.h>
int main(void) { printf("%d\n", BUFSIZ); return 0; }
