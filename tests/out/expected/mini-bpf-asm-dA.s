	.file	"objgen\011\"test\".c"
	.text
	.section	".BTF","",@progbits
.Lbtf0:
	.2byte	0xeb9f	# btf_magic
	.byte	0x1	# btf_version
	.byte	0	# btf_flags
	.4byte	0x18	# btf_hdr_len
	.4byte	0	# type_off
	.4byte	0x10	# type_len: ntypes=1, vlen=4
	.4byte	0x10	# str_off
	.4byte	0x5	# str_len
	.4byte	0x1	# TYPE 1 BTF_KIND_INT 'int'
	.4byte	0x1000000	# btt_info: kind=1, kflag=0, vlen=0
	.4byte	0x4	# btt_size: 4B
	.4byte	0x1000020	# bti_encoding
	.ascii "\0"	# btf_string, str_pos = 0x0
	.ascii "int\0"	# btf_string, str_pos = 0x1
	.ident	"btfcc 0.1.0"
