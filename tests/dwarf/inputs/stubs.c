/* Many types referred to twice or more from the compile unit and from
   each other's type units: the local stubs GCC makes for them come in
   the order of its hash table, which grows twice here (13, 31, 61
   slots).  */
struct s0 { int a0;  };
struct s1 { int a1; struct s0 *up; };
struct s2 { int a2; struct s1 *up; };
struct s3 { int a3; struct s2 *up; };
struct s4 { int a4; struct s3 *up; };
struct s5 { int a5; struct s4 *up; };
struct s6 { int a6; struct s5 *up; };
struct s7 { int a7; struct s6 *up; };
struct s8 { int a8; struct s7 *up; };
struct s9 { int a9; struct s8 *up; };
struct s10 { int a10; struct s9 *up; };
struct s11 { int a11; struct s10 *up; };
struct s12 { int a12; struct s11 *up; };
struct s13 { int a13; struct s12 *up; };
struct s14 { int a14; struct s13 *up; };
struct s15 { int a15; struct s14 *up; };
struct s16 { int a16; struct s15 *up; };
struct s17 { int a17; struct s16 *up; };
struct s18 { int a18; struct s17 *up; };
struct s19 { int a19; struct s18 *up; };
struct s20 { int a20; struct s19 *up; };
struct s21 { int a21; struct s20 *up; };
struct s22 { int a22; struct s21 *up; };
struct s23 { int a23; struct s22 *up; };
struct s24 { int a24; struct s23 *up; };
struct s25 { int a25; struct s24 *up; };
struct s26 { int a26; struct s25 *up; };
struct s27 { int a27; struct s26 *up; };
struct s28 { int a28; struct s27 *up; };
struct s29 { int a29; struct s28 *up; };
struct s30 { int a30; struct s29 *up; };
struct s31 { int a31; struct s30 *up; };
struct s32 { int a32; struct s31 *up; };
struct s33 { int a33; struct s32 *up; };
struct s34 { int a34; struct s33 *up; };
struct s35 { int a35; struct s34 *up; };
struct s36 { int a36; struct s35 *up; };
struct s37 { int a37; struct s36 *up; };
struct s38 { int a38; struct s37 *up; };
struct s39 { int a39; struct s38 *up; };
struct s0 v0, w0;
struct s1 v1, w1;
struct s2 v2, w2;
struct s3 v3, w3;
struct s4 v4, w4;
struct s5 v5, w5;
struct s6 v6, w6;
struct s7 v7, w7;
struct s8 v8, w8;
struct s9 v9, w9;
struct s10 v10, w10;
struct s11 v11, w11;
struct s12 v12, w12;
struct s13 v13, w13;
struct s14 v14, w14;
struct s15 v15, w15;
struct s16 v16, w16;
struct s17 v17, w17;
struct s18 v18, w18;
struct s19 v19, w19;
struct s20 v20, w20;
struct s21 v21, w21;
struct s22 v22, w22;
struct s23 v23, w23;
struct s24 v24, w24;
struct s25 v25, w25;
struct s26 v26, w26;
struct s27 v27, w27;
struct s28 v28, w28;
struct s29 v29, w29;
struct s30 v30, w30;
struct s31 v31, w31;
struct s32 v32, w32;
struct s33 v33, w33;
struct s34 v34, w34;
struct s35 v35, w35;
struct s36 v36, w36;
struct s37 v37, w37;
struct s38 v38, w38;
struct s39 v39, w39;
struct pair { struct s3 *a, *b; struct s7 *c, *d; struct s11 x, y; } p;
struct s0 *f0(struct s0 a, struct s0 *b) { (void)a; (void)b; return 0; }
struct s3 *f3(struct s21 a, struct s33 *b) { (void)a; (void)b; return 0; }
struct s6 *f6(struct s2 a, struct s26 *b) { (void)a; (void)b; return 0; }
struct s9 *f9(struct s23 a, struct s19 *b) { (void)a; (void)b; return 0; }
struct s12 *f12(struct s4 a, struct s12 *b) { (void)a; (void)b; return 0; }
struct s15 *f15(struct s25 a, struct s5 *b) { (void)a; (void)b; return 0; }
struct s18 *f18(struct s6 a, struct s38 *b) { (void)a; (void)b; return 0; }
struct s21 *f21(struct s27 a, struct s31 *b) { (void)a; (void)b; return 0; }
struct s24 *f24(struct s8 a, struct s24 *b) { (void)a; (void)b; return 0; }
struct s27 *f27(struct s29 a, struct s17 *b) { (void)a; (void)b; return 0; }
struct s30 *f30(struct s10 a, struct s10 *b) { (void)a; (void)b; return 0; }
struct s33 *f33(struct s31 a, struct s3 *b) { (void)a; (void)b; return 0; }
struct s36 *f36(struct s12 a, struct s36 *b) { (void)a; (void)b; return 0; }
struct s39 *f39(struct s33 a, struct s29 *b) { (void)a; (void)b; return 0; }
