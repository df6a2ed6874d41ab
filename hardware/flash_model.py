"""A board's nvm as CircuitPython 10.2.1 writes it, with power cuts (desktop only).

The simulator's `--save FILE` and every power-cut test write through this model, so
they see what a board's flash does and not a bytearray that changes bytes in place.

Flash is erased a whole unit at a time (every bit to 1, bytes read 0xFF) and
programming can only clear bits. What one `nvm[a:b] = data` does depends on the port:

- rp2040 (ports/raspberrypi/common-hal/nvm/ByteArray.c): nvm is one 4 KB sector. When
  every target byte still reads 0xFF, each 256-byte page the range touches is
  programmed in turn (interrupts off per page) and nothing is erased; otherwise the
  sector is copied to RAM, erased, and all 16 pages programmed back, interrupts off
  throughout.
- samd51 (ports/atmel-samd: ASF4's _flash_write, hpl_nvmctrl.c): nvm is one 8 KB
  block. Every write, whatever the bytes held, reads the block, erases it and programs
  its 16 pages of 512 bytes back.
- plain: nvm that is not flash (a RAM stand-in, EEPROM): bytes change in place, one
  after another.

Times are datasheet figures, typical and worst. RP2040 boards: Winbond W25Q16JV (the
Pico's flash): sector erase tSE 45 ms typical, 400 ms max; page program tPP 0.4 ms
typical, 3 ms max; 100,000 erase cycles. SAMD51: Microchip SAM D5x/E5x data sheet,
NVM electrical specifications: write page 1.5 ms typical, 3 ms max; erase block
200 ms (the one figure given, used for both); 10,000 cycles.

A power cut can come at any instant: mid-erase (the unit partly erased: each bit that
was 0 may read either way), after the erase and before the programming, mid-page (each
bit being cleared may or may not be), between pages, or mid-write on plain storage
(some of the bytes written). What is left is decided by a seeded generator, so a cut
repeats exactly.
"""

import random

ERASED = 0xFF

# family: (nvm bytes, page bytes, appends program without erasing, erases every write,
#          erase us typical, erase us worst, page program us typical, worst, erase cycles)
FAMILIES = {
    "rp2040": (4096, 256, True, False, 45000, 400000, 400, 3000, 100000),
    "samd51": (8192, 512, False, True, 200000, 200000, 1500, 3000, 10000),
    "plain": (4096, 1, True, False, 0, 0, 0, 0, 0),
}


class PowerCut(Exception):
    """Raised by a write the power was cut in: the model holds what the cut left."""


class Cut:
    """Where the power goes: at flash operation `op` (counted from 0 over the model's
    life), part way through it (`fraction` 0 < f < 1 of its bits or bytes done) or, with
    fraction 1, just after it (before the next operation). `seed` picks which bits."""

    def __init__(self, op, fraction=1, seed=0):
        self.op = op
        self.fraction = fraction
        self.seed = seed


class FlashNvm(bytearray):
    """The nvm of one board family, as a bytearray to the app: indexing, slices, len.

    Counters (for the benches): writes, erases, programs (pages), ops (flash operations
    so far: an erase, a page program, a plain write), and per write the time it holds
    the board, typical and worst, in microseconds: `last` (erased?, pages, us typical,
    us worst) and the totals busy_typ / busy_max. On the RP2040 that time is spent with
    interrupts off."""

    def __init__(self, family="rp2040", size=None, data=None):
        if family not in FAMILIES:
            raise ValueError("unknown flash family %r (choose from %s)"
                             % (family, ", ".join(sorted(FAMILIES))))
        spec = FAMILIES[family]
        size = spec[0] if size is None else size
        super().__init__(size)
        bytearray.__setitem__(self, slice(0, size), bytes([ERASED]) * size)
        if data is not None:
            if len(data) != size:
                raise ValueError("%d bytes given for a %d-byte nvm" % (len(data), size))
            bytearray.__setitem__(self, slice(0, size), data)
        self.family = family
        (_, self.page, self.appends, self.erase_always, self.erase_typ, self.erase_max,
         self.program_typ, self.program_max, self.cycles) = spec
        self.cut = None
        self.writes = self.erases = self.programs = self.ops = 0
        self.busy_typ = self.busy_max = 0
        self.last = (False, 0, 0, 0)

    # -- the app's view: a bytearray whose writes go through the flash rules --------
    def __setitem__(self, key, value):
        size = len(self)
        if isinstance(key, slice):
            start, stop, step = key.indices(size)
            data = bytes(value)
            if step != 1 or len(data) != stop - start:
                raise ValueError("nvm writes replace a run of bytes of the same length")
        else:
            start = key + size if key < 0 else key
            if not 0 <= start < size:
                raise IndexError("nvm index out of range")
            data = bytes((value,))
            stop = start + 1
        if stop > start:
            self._write(start, data)

    def _write(self, start, data):
        self.writes += 1
        stop = start + len(data)
        if self.family == "plain":
            self._op("write", start, data)
            self.last = (False, 0, 0, 0)
            return
        image = bytearray(self)
        image[start:stop] = data
        page = self.page
        fresh = not self.erase_always and all(b == ERASED for b in bytes(self[start:stop]))
        typ = worst = 0
        if fresh:
            first = start - start % page
            pages = range(first, stop, page)
        else:
            self._op("erase", 0, None)
            typ, worst = self.erase_typ, self.erase_max
            pages = range(0, len(self), page)
        for at in pages:
            self._op("program", at, bytes(image[at:at + page]))
            typ += self.program_typ
            worst += self.program_max
        self.busy_typ += typ
        self.busy_max += worst
        self.last = (not fresh, len(pages), typ, worst)

    def _op(self, kind, at, data):
        """One flash operation, cut short when the power goes in it."""
        n = self.ops
        self.ops += 1
        cut = self.cut
        part = 1
        if cut is not None and cut.op == n:
            part = cut.fraction
        if kind == "erase":
            self.erases += 1
            self._erase(part, cut)
        elif kind == "program":
            self.programs += 1
            self._program(at, data, part, cut)
        else:
            done = len(data) if part >= 1 else int(len(data) * part)
            bytearray.__setitem__(self, slice(at, at + done), data[:done])
        if cut is not None and cut.op == n:
            self.cut = None
            raise PowerCut("power cut at flash operation %d (%s, %s done)"
                           % (n, kind, "all" if part >= 1 else "%d%%" % (100 * part)))

    def _erase(self, part, cut):
        if part >= 1:
            bytearray.__setitem__(self, slice(0, len(self)), bytes([ERASED]) * len(self))
            return
        rnd = random.Random(cut.seed)
        for i in range(len(self)):
            b = self[i]
            for bit in range(8):
                if not b >> bit & 1 and rnd.random() < part:
                    b |= 1 << bit      # this 0 has already gone back to 1
            bytearray.__setitem__(self, i, b)

    def _program(self, at, data, part, cut):
        rnd = random.Random(cut.seed) if part < 1 else None
        for k in range(len(data)):
            old = self[at + k]
            new = old & data[k]         # programming clears bits, never sets them
            if rnd is not None:
                for bit in range(8):
                    if old >> bit & 1 and not new >> bit & 1 and rnd.random() >= part:
                        new |= 1 << bit     # not cleared yet when the power went
            bytearray.__setitem__(self, at + k, new)

    # -- for the tests and benches -------------------------------------------------
    def ops_of_write(self, start, data):
        """How many flash operations `self[start:start + len(data)] = data` would take
        now (without doing it): where the instants of a cut in that write lie."""
        if self.family == "plain":
            return 1
        stop = start + len(data)
        if not self.erase_always and all(b == ERASED for b in bytes(self[start:stop])):
            page = self.page
            return len(range(start - start % page, stop, page))
        return 1 + len(range(0, len(self), self.page))

    def copy(self):
        """A new model of the same family holding the same bytes (counters at 0)."""
        return FlashNvm(self.family, len(self), bytes(self))
