/* btftool's encode and dedup commands (encode_cmds.c).  ARGV holds the
   arguments after the command's name; the result is the exit status.  */
#ifndef BTFCC_ENCODE_CMDS_H
#define BTFCC_ENCODE_CMDS_H

int cmd_encode(int argc, char **argv);
int cmd_dedup(int argc, char **argv);

#endif
