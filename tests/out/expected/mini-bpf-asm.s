	.file	"objgen\011\"test\".c"
	.text
	.section	".BTF","",@progbits
.Lbtf0:
	.2byte	0xeb9f
	.byte	0x1
	.byte	0
	.4byte	0x18
	.4byte	0
	.4byte	0x10
	.4byte	0x10
	.4byte	0x5
	.4byte	0x1
	.4byte	0x1000000
	.4byte	0x4
	.4byte	0x1000020
	.string	""
	.string	"int"
	.ident	"btfcc 0.1.0"
