int a;
struct s { int x; } v;
