"""Function names for program counters, from the firmware's ELF symbol table.

A 32-bit little-endian ELF (the firmware.elf a CircuitPython build leaves next to its
UF2) is read directly: the section headers, `.symtab` and its string table. Enough to
turn the emulator's program-counter samples into "where the time goes" by function,
without arm-none-eabi binutils. Desktop only.
"""

import bisect
import struct


def _symbols(path):
    """(name, value, size, kind) of every symbol in the ELF's .symtab."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise ValueError("%s is not a 32-bit little-endian ELF file" % path)
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x2E)
    sections = [struct.unpack_from("<IIIIIIIIII", data, shoff + i * shentsize)
                for i in range(shnum)]
    for sh in sections:
        if sh[1] != 2:                  # SHT_SYMTAB
            continue
        str_at = sections[sh[6]][4]     # sh_link: its string table
        for at in range(sh[4], sh[4] + sh[5], 16):
            name_at, value, size, info = struct.unpack_from("<IIIB", data, at)
            end = data.index(b"\0", str_at + name_at)
            yield data[str_at + name_at:end].decode("latin-1"), value, size, info & 0xF


def symbol_values(path, names):
    """{name: value} of the named symbols the ELF has (linker symbols too)."""
    return {name: value for name, value, _, _ in _symbols(path) if name in names}


class Symbols:
    """Function and object symbols of an ELF, looked up by address."""

    def __init__(self, path):
        entries = [(value & ~1, size, name) for name, value, size, kind in _symbols(path)
                   if kind in (1, 2) and value]         # OBJECT, FUNC
        entries.sort()
        # hand-written assembly often has no size: it runs up to the next symbol
        for i, (start, size, name) in enumerate(entries):
            if not size:
                end = entries[i + 1][0] if i + 1 < len(entries) else start + 2
                entries[i] = (start, max(2, min(end - start, 4096)), name)
        self.starts = [e[0] for e in entries]
        self.entries = entries

    def name(self, address):
        """The function containing address, or its hex form."""
        i = bisect.bisect_right(self.starts, address) - 1
        if i >= 0:
            start, size, name = self.entries[i]
            if address < start + size:
                return name
        return "0x%08x" % address


def by_function(samples, symbols):
    """[(count, function)] of PC samples {pc: count}, most first."""
    totals = {}
    for pc, count in samples.items():
        name = symbols.name(pc) if symbols is not None else "0x%08x" % pc
        totals[name] = totals.get(name, 0) + count
    return sorted(((n, f) for f, n in totals.items()), reverse=True)
