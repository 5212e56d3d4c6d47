/* Statements: switch with cases (and a GNU range), loops, goto, labels,
   computed goto, break/continue, return conversion.  */
int h(int n, unsigned char k) {
  static void *tab[] = { &&one, &&two };
  int acc = 0;
  for (int i = 0; i < n; i++) {
    if (i == 3)
      continue;
    acc += i;
  }
  while (n--)
    acc <<= 1;
  do acc--; while (acc > 100);
  switch (k) {
  case 1: acc = 5; break;
  case 2 ... 4: acc = 6;
  default: goto *tab[acc & 1];
  }
one:
  return acc;
two:
  return k;
}
