#!/usr/bin/env python3
"""Read the header of the BTF in FILE -- an ELF object's .BTF section
(ELF32/ELF64, either byte order) or a raw BTF blob -- without bpftool or
btftool, so that a test can tell "bpftool printed nothing because there is
nothing to print" (type_len 0, which bpftool refuses with a non-zero exit)
from "bpftool printed nothing because it failed" (or was not bpftool).

Prints "type_len N str_len N" and exits 0; exits 2 with a message on
standard error when FILE has no readable BTF header.
Usage: btfhdr.py FILE        (or import btfhdr; btfhdr.header(path))"""
import struct, sys


class BtfHeaderError(Exception):
    pass


def btf_bytes(data):
    """The .BTF section of an ELF object, or DATA itself if it is raw BTF."""
    if data[:4] != b"\x7fELF":
        return data
    if len(data) < 0x34:
        raise BtfHeaderError("truncated ELF header")
    cls, enc = data[4], data[5]
    e = "<" if enc == 1 else ">"
    if cls == 2:
        shoff, = struct.unpack_from(e + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x3a)
        def sec(i):
            o = shoff + i * shentsize
            name, _t, _f, _a, off, size = struct.unpack_from(e + "IIQQQQ", data, o)
            return name, off, size
    else:
        shoff, = struct.unpack_from(e + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x2e)
        def sec(i):
            o = shoff + i * shentsize
            name, _t, _f, _a, off, size = struct.unpack_from(e + "IIIIII", data, o)
            return name, off, size
    if shoff == 0 or shnum == 0 or shstrndx >= shnum:
        raise BtfHeaderError("no section headers")
    _, stroff, strsize = sec(shstrndx)
    for i in range(shnum):
        name, off, size = sec(i)
        end = data.find(b"\0", stroff + name)
        if data[stroff + name:end] == b".BTF":
            return data[off:off + size]
    raise BtfHeaderError("no .BTF section")


def header(path):
    """(type_len, str_len) of the BTF in PATH."""
    b = btf_bytes(open(path, "rb").read())
    if len(b) < 24:
        raise BtfHeaderError("BTF shorter than its header (%d bytes)" % len(b))
    if b[:2] == b"\x9f\xeb":
        e = "<"
    elif b[:2] == b"\xeb\x9f":
        e = ">"
    else:
        raise BtfHeaderError("bad BTF magic %s" % b[:2].hex())
    _hl, _to, type_len, _so, str_len = struct.unpack_from(e + "IIIII", b, 4)
    return type_len, str_len


if __name__ == "__main__":
    try:
        t, s = header(sys.argv[1])
    except (OSError, BtfHeaderError, struct.error) as ex:
        print("btfhdr: %s: %s" % (sys.argv[1], ex), file=sys.stderr)
        sys.exit(2)
    print("type_len %d str_len %d" % (t, s))
