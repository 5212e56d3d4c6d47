#!/usr/bin/perl
# Assemble a raw BTF blob for the tests from a description in Perl.
#
#   perl mkbtf.pl OUT 'INT("int", 4, 32, 1); PTR(1);'
#
# Type records, numbered from 1 in the order given:
#   INT(name, size, bits, encoding, bit_offset)   FLOAT(name, size)
#   PTR(type) CONST(type) VOLATILE(type) RESTRICT(type)
#   TYPEDEF(name, type)  TYPE_TAG(name, type)  FWD(name, is_union)
#   ARRAY(elem, index, nelems)
#   STRUCT(name, size, [name, type, bit_offset], ...)   UNION(...)
#   STRUCTK/UNIONK: kflag set, members [name, type, bit_offset, bitfield]
#   ENUM(name, size, [name, value], ...)  ENUM64(...)  (ENUMS/ENUM64S: kflag)
#   FUNC(name, proto, linkage)  PROTO(ret, [name, type], ...)
#   VAR(name, type, linkage)  DATASEC(name, size, [type, offset, size], ...)
#   DECL_TAG(name, type, component_idx)
#   REC(info, name, size_or_type, @words)   any record, raw info word
# A name is a string (added to the string section) or OFF(n), a raw
# offset.  KFLAG() sets the kind flag of the record just added.
# Damage: HDR(field => value, ...) overrides header fields (magic,
# version, flags, hdr_len, type_off, type_len, str_off, str_len);
# HDR_EXTRA(bytes) appends bytes to the header; STRINGS(bytes) replaces
# the string section; GAP(bytes) puts bytes between types and strings;
# TYPE_LEN(n) cuts the type section to n bytes; BIG_ENDIAN() writes the
# other byte order; TRUNCATE(n) keeps n bytes;
# PATCH(offset, u32) overwrites a word of the finished blob.
use strict;
use warnings;

my @types;            # [name_off, info, size_or_type, words...]
my $strs = "\0";
my %str_off = ("" => 0);
my (%hdr, $hdr_extra, $strings_raw, $gap, $big, $truncate, $type_len,
    @patches);
$hdr_extra = '';
$gap = '';

sub OFF { my ($n) = @_; return \$n; }

sub name_off {
  my ($name) = @_;
  return ${$name} if ref $name;
  return 0 if !defined $name || $name eq '';
  return $str_off{$name} if exists $str_off{$name};
  my $off = length $strs;
  $strs .= $name . "\0";
  $str_off{$name} = $off;
  return $off;
}

my %kinds = (INT => 1, PTR => 2, ARRAY => 3, STRUCT => 4, UNION => 5,
             ENUM => 6, FWD => 7, TYPEDEF => 8, VOLATILE => 9, CONST => 10,
             RESTRICT => 11, FUNC => 12, FUNC_PROTO => 13, VAR => 14,
             DATASEC => 15, FLOAT => 16, DECL_TAG => 17, TYPE_TAG => 18,
             ENUM64 => 19);

sub info { my ($kind, $vlen, $kflag) = @_;
  return (($kflag ? 1 : 0) << 31) | ($kinds{$kind} << 24) | ($vlen & 0xffff); }

# add(info, name_off, size_or_type, words...)
sub add { my ($info, $name, @rest) = @_;
  push @types, [$name, $info, @rest]; return scalar @types; }
sub REC { my ($info, $name, $st, @w) = @_; add($info, name_off($name), $st, @w); }
sub KFLAG { $types[-1][1] |= 1 << 31; }

sub INT { my ($n, $size, $bits, $enc, $off) = @_;
  add(info('INT', 0), name_off($n), $size,
      (($enc // 0) << 24) | (($off // 0) << 16) | $bits); }
sub FLOAT { my ($n, $size) = @_; add(info('FLOAT', 0), name_off($n), $size); }
sub PTR { add(info('PTR', 0), 0, $_[0]); }
sub CONST { add(info('CONST', 0), 0, $_[0]); }
sub VOLATILE { add(info('VOLATILE', 0), 0, $_[0]); }
sub RESTRICT { add(info('RESTRICT', 0), 0, $_[0]); }
sub TYPEDEF { add(info('TYPEDEF', 0), name_off($_[0]), $_[1]); }
sub TYPE_TAG { add(info('TYPE_TAG', 0), name_off($_[0]), $_[1]); }
sub FWD { add(info('FWD', 0, $_[1]), name_off($_[0]), 0); }
sub ARRAY { add(info('ARRAY', 0), 0, 0, @_[0 .. 2]); }
sub members { my ($k, $kflag, $n, $size, @m) = @_;
  add(info($k, scalar @m, $kflag), name_off($n), $size,
      map { (name_off($_->[0]), $_->[1],
             $kflag ? (($_->[3] // 0) << 24) | $_->[2] : $_->[2]) } @m); }
sub STRUCT { members('STRUCT', 0, @_); }
sub UNION { members('UNION', 0, @_); }
sub STRUCTK { members('STRUCT', 1, @_); }
sub UNIONK { members('UNION', 1, @_); }
sub enums { my ($k, $kflag, $n, $size, @e) = @_;
  add(info($k, scalar @e, $kflag), name_off($n), $size,
      map { $k eq 'ENUM64'
              ? (name_off($_->[0]), $_->[1] & 0xffffffff,
                 ($_->[1] >> 32) & 0xffffffff)
              : (name_off($_->[0]), $_->[1] & 0xffffffff) } @e); }
sub ENUM { enums('ENUM', 0, @_); }
sub ENUMS { enums('ENUM', 1, @_); }
sub ENUM64 { enums('ENUM64', 0, @_); }
sub ENUM64S { enums('ENUM64', 1, @_); }
sub FUNC { add(info('FUNC', $_[2] // 0), name_off($_[0]), $_[1]); }
sub PROTO { my ($ret, @p) = @_;
  add(info('FUNC_PROTO', scalar @p), 0, $ret,
      map { (name_off($_->[0]), $_->[1]) } @p); }
sub VAR { add(info('VAR', 0), name_off($_[0]), $_[1], $_[2] // 0); }
sub DATASEC { my ($n, $size, @v) = @_;
  add(info('DATASEC', scalar @v), name_off($n), $size, map { @$_ } @v); }
sub DECL_TAG { add(info('DECL_TAG', 0), name_off($_[0]), $_[1],
                   $_[2] & 0xffffffff); }

sub HDR { my %h = @_; @hdr{keys %h} = values %h; }
sub HDR_EXTRA { $hdr_extra = $_[0]; }
sub STRINGS { $strings_raw = $_[0]; }
sub GAP { $gap = $_[0]; }
sub TYPE_LEN { $type_len = $_[0]; }
sub BIG_ENDIAN { $big = 1; }
sub TRUNCATE { $truncate = $_[0]; }
sub PATCH { push @patches, [@_]; }

my ($out, $spec) = @ARGV;
die "usage: mkbtf.pl OUT SPEC\n" unless defined $spec;
eval "$spec; 1" or die "mkbtf: $@";

my $w = $big ? 'N' : 'V';
my $types = join '', map { pack("$w*", @$_) } @types;
$types = substr($types, 0, $type_len) if defined $type_len;
my $s = defined $strings_raw ? $strings_raw : $strs;
my $hdr_len = 24 + length $hdr_extra;
my %h = (magic => 0xeb9f, version => 1, flags => 0, hdr_len => $hdr_len,
         type_off => 0, type_len => length $types,
         str_off => length($types) + length($gap), str_len => length $s);
@h{keys %hdr} = values %hdr;
my $blob = pack($big ? 'n' : 'v', $h{magic}) . pack('CC', $h{version}, $h{flags})
  . pack("$w*", @h{qw(hdr_len type_off type_len str_off str_len)})
  . $hdr_extra . $types . $gap . $s;
for my $p (@patches) { substr($blob, $p->[0], 4) = pack($w, $p->[1]); }
$blob = substr($blob, 0, $truncate) if defined $truncate;
open my $fh, '>:raw', $out or die "mkbtf: $out: $!\n";
print $fh $blob;
close $fh or die "mkbtf: $out: $!\n";
