int a1(float a) { return (int)a; }
unsigned a2(float a) { return a; }
long a3(float a) { return a; }
unsigned long a4(float a) { return a; }
long a5(double a) { return a; }
unsigned long a6(double a) { return a; }
float b1(int a) { return a; }
float b2(unsigned a) { return a; }
float b3(long a) { return a; }
float b4(unsigned long a) { return a; }
double b5(unsigned a) { return a; }
double b6(long a) { return a; }
float c1(double a) { return a; }
float c2(float a, float b) { return a - b; }
float c3(float a, float b) { return a * b; }
float c4(float a, float b) { return a / b; }
int d1(float a, float b) { return a <= b; }
int d2(float a, float b) { return a > b; }
int d3(float a, float b) { return a >= b; }
int d4(float a, float b) { return a != b; }
int d5(double a, double b) { return a <= b; }
int d6(double a, double b) { return a > b; }
int d7(double a, double b) { return a >= b; }
int d8(double a, double b) { return a != b; }
double e1(double a) { return -a; }
int e2(double a) { return !a; }
int e3(float a, float b) { return a == b; }
int e4(float a, float b) { return a < b; }
