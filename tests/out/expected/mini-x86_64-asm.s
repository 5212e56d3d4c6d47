	.file	"objgen\011\"test\".c"
	.text
	.section	.BTF,"",@progbits
.Lbtf0:
	.value	0xeb9f
	.byte	0x1
	.byte	0
	.long	0x18
	.long	0
	.long	0x10
	.long	0x10
	.long	0x5
	.long	0x1
	.long	0x1000000
	.long	0x4
	.long	0x1000020
	.string	""
	.string	"int"
	.ident	"btfcc 0.1.0"
	.section	.note.GNU-stack,"",@progbits
