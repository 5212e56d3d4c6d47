long y[N];
