/* btftool's BPF assembler commands (bpf_cmds.c).  ARGV holds the
   arguments after the command's name; the result is the exit status.  */
#ifndef BTFCC_BPF_CMDS_H
#define BTFCC_BPF_CMDS_H

int cmd_bpf_asm(int argc, char **argv);
int cmd_bpf_disasm(int argc, char **argv);

#endif
