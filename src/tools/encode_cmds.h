/* btftool's encode, dedup and link commands (encode_cmds.c).  ARGV holds the
   arguments after the command's name; the result is the exit status.  */
#ifndef BTFCC_ENCODE_CMDS_H
#define BTFCC_ENCODE_CMDS_H

int cmd_encode(int argc, char **argv);
int cmd_dedup(int argc, char **argv);
/* btftool link -o OUT FILE...: BPF objects linked into one (link.h).  */
int cmd_link(int argc, char **argv);

#endif
