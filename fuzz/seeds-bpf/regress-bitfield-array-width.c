struct s { unsigned int v[4611686018427387904] : 3; };
struct t { int a[1152921504606846975] : 1; };
