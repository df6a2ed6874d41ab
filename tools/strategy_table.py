"""Strategy-table files for the device advisor (desktop only: writes with numpy).

A table holds, for every REACHABLE turn-start state of one ruleset, the optimal
expected remaining score in hundredths of a point as a little-endian uint16. The device
reads one value with one seek (``f.seek(HEADER + 2 * k); f.readinto(buf2)``), never
the whole table. State k is ordered by (lower slot, upper mask, upper subtotal):

- lower slot: the filled mask of the boxes after the six upper ones (lm); with a
  Yahtzee bonus, states whose five-alike box holds points come after all the others,
  at 2**n_lower + lm with the five-alike bit squeezed out;
- upper mask um (6 bits) and the capped upper subtotal u, counted only over the
  subtotals reachable with exactly the boxes of um filled.

Header (little endian, HEADER = 1184 bytes):

    0   4s  magic b'YZST'
    4   B   format version (1)
    5   B   flags: 1 = five-alike flag in the state, 2 = upper subtotal tracked,
                   4 = block-compressed values
    6   B   number of boxes
    7   B   five-alike box index (255: none)
    8   16s ruleset name, NUL padded
    24  I   number of states
    28  H   unit (100: hundredths of a point)
    30  H   states per lower slot (sum of the reachable subtotals over the 64 um)
    32  64H offset of each um inside a lower slot
    160 512s reachable-subtotal bitmaps, 8 bytes per um (bit u of byte u >> 3)
    672 512s per um, per bitmap byte: reachable subtotals below that byte
    1184     values (uint16 each), or for the compressed variant:
             I block size, I number of blocks, one I offset per block (from the
             start of the block area), then the blocks: uint16 first value, uint8
             bit width w, then (block size - 1) zigzag deltas of w bits each,
             least significant bit first.

    python -m tools.strategy_table --rules yahtzee --out tables/
"""

import argparse
import os
import struct
import sys
import time

import numpy as np

MAGIC = b'YZST'
VERSION = 1
HEADER = 1184
UNIT = 100
FLAG_Y = 1
FLAG_U = 2
FLAG_BLOCKS = 4
BLOCK = 64


def lower_slot_count(model):
    nl = model.n_boxes - 6
    return (1 << nl) + ((1 << (nl - 1)) if model.has_y else 0)


def u_layout(model):
    """(offset of each um, states per lower slot, bitmaps bytes, cumulative bytes)."""
    offsets = []
    total = 0
    bitmaps = bytearray(512)
    cum = bytearray(512)
    for um in range(64):
        offsets.append(total)
        us = model.upper_sets[um]
        for u in us:
            bitmaps[um * 8 + (int(u) >> 3)] |= 1 << (int(u) & 7)
        run = 0
        for j in range(8):
            cum[um * 8 + j] = run
            run += bin(bitmaps[um * 8 + j]).count('1')
        total += len(us)
    return offsets, total, bytes(bitmaps), bytes(cum)


def state_order(model):
    """Flat value-array indices (as tools.solver stores them) in table order."""
    nl = model.n_boxes - 6
    out = []
    slots = [(lm, 0) for lm in range(1 << nl)]
    if model.has_y:
        j = model.fab - 6
        slots += [(lm, 1) for lm in range(1 << nl) if lm >> j & 1]
    for lm, y in slots:
        for um in range(64):
            mask = (lm << 6) | um
            us = model.upper_sets[um]
            out.append(((mask << 1 | y) << 6) + us)
    return np.concatenate(out)


def table_index(model, mask, u, y):
    """k of a state (the desktop twin of the advisor's index arithmetic)."""
    offsets, per_slot, _, _ = u_layout(model)
    nl = model.n_boxes - 6
    lm = mask >> 6
    um = mask & 63
    if y:
        j = model.fab - 6
        slot = (1 << nl) + ((lm & ((1 << j) - 1)) | ((lm >> (j + 1)) << j))
    else:
        slot = lm
    us = list(model.upper_sets[um])
    return slot * per_slot + offsets[um] + us.index(u)


def header_bytes(model, n_states, compressed=False):
    offsets, per_slot, bitmaps, cum = u_layout(model)
    flags = (FLAG_Y if model.has_y else 0) | (FLAG_U if model.track_u else 0)
    flags |= FLAG_BLOCKS if compressed else 0
    fab = model.fab if model.fab >= 0 else 255
    name = model.name.encode()[:16]
    head = struct.pack('<4sBBBB16sIHH', MAGIC, VERSION, flags, model.n_boxes, fab,
                       name, n_states, UNIT, per_slot)
    head += struct.pack('<64H', *offsets) + bitmaps + cum
    assert len(head) == HEADER
    assert lower_slot_count(model) * per_slot == n_states
    return head


def quantise(values):
    q = np.rint(np.asarray(values, dtype=np.float64) * UNIT)
    if q.min() < 0 or q.max() > 65535:
        raise ValueError('values out of uint16 range')
    return q.astype('<u2')


def encode_blocks(q, block=BLOCK):
    """Block-compressed values: per block a first value, a bit width, zigzag deltas."""
    n = len(q)
    nblocks = (n + block - 1) // block
    blocks = []
    offsets = []
    pos = 0
    qi = q.astype(np.int64)
    for b in range(nblocks):
        v = qi[b * block:(b + 1) * block]
        d = np.diff(v)
        z = np.where(d >= 0, 2 * d, -2 * d - 1)
        w = int(z.max()).bit_length() if len(z) else 0
        bits = 0
        acc = 0
        for x in z:                       # LSB-first bit packing
            acc |= int(x) << bits
            bits += w
        nbytes = (bits + 7) // 8
        data = struct.pack('<HB', int(v[0]), w) + acc.to_bytes(nbytes, 'little')
        offsets.append(pos)
        blocks.append(data)
        pos += len(data)
    return (struct.pack('<II', block, nblocks) + struct.pack('<%dI' % nblocks, *offsets)
            + b''.join(blocks))


def decode_value(data, k):
    """Read state k from a compressed table's bytes (desktop twin of the device reader)."""
    base = HEADER
    block, nblocks = struct.unpack_from('<II', data, base)
    b, i = divmod(k, block)
    area = base + 8 + 4 * nblocks
    (off,) = struct.unpack_from('<I', data, base + 8 + 4 * b)
    first, w = struct.unpack_from('<HB', data, area + off)
    v = first
    acc = int.from_bytes(data[area + off + 3: area + off + 3 + (w * block + 7) // 8], 'little')
    for j in range(i):
        z = (acc >> (j * w)) & ((1 << w) - 1)
        v += (z >> 1) if not z & 1 else -((z + 1) >> 1)
    return v


def write_tables(rules, out_dir, values=None, compressed=True, model=None):
    """Solve (unless values in table order are given) and write NAME.yzt and, if
    asked, NAME.yzc (block-compressed). Returns {kind: path}."""
    from tools.solver import Solver, RulesModel
    if values is None:
        s = Solver(rules).solve()
        model = s.model
        values = s.state_value_array()
    elif model is None:
        model = RulesModel(rules)
    q = quantise(values)
    os.makedirs(out_dir, exist_ok=True)
    paths = {}
    plain = os.path.join(out_dir, model.name + '.yzt')
    with open(plain + '.tmp', 'wb') as f:
        f.write(header_bytes(model, len(q)))
        f.write(q.tobytes())
    os.replace(plain + '.tmp', plain)
    paths['plain'] = plain
    if compressed:
        comp = os.path.join(out_dir, model.name + '.yzc')
        with open(comp + '.tmp', 'wb') as f:
            f.write(header_bytes(model, len(q), compressed=True))
            f.write(encode_blocks(q))
        os.replace(comp + '.tmp', comp)
        paths['compressed'] = comp
    return paths


def read_plain(path):
    """(header fields dict, uint16 values) of a plain table (desktop)."""
    with open(path, 'rb') as f:
        data = f.read()
    magic, ver, flags, nb, fab, name, n, unit, per_slot = struct.unpack_from(
        '<4sBBBB16sIHH', data, 0)
    assert magic == MAGIC and not flags & FLAG_BLOCKS
    vals = np.frombuffer(data, dtype='<u2', offset=HEADER, count=n)
    return {'name': name.rstrip(b'\0').decode(), 'flags': flags, 'n_states': n,
            'unit': unit}, vals


def main(argv=None):
    ap = argparse.ArgumentParser(description='Write strategy-table files for the advisor.')
    ap.add_argument('--rules', nargs='+', default=['yahtzee'])
    ap.add_argument('--out', default='tables')
    ap.add_argument('--no-compressed', action='store_true')
    args = ap.parse_args(argv)
    for rules in args.rules:
        t = time.perf_counter()
        paths = write_tables(rules, args.out, compressed=not args.no_compressed)
        dt = time.perf_counter() - t
        for kind, p in sorted(paths.items()):
            print('%-20s %-10s %s  %d bytes' % (rules, kind, p, os.path.getsize(p)))
        print('%-20s built in %.1f s' % (rules, dt))
    return 0


if __name__ == '__main__':
    sys.exit(main())


def _source_stamp():
    """Hash of the sources a table depends on (rules core, solver, writer)."""
    import hashlib
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    h = hashlib.sha256()
    paths = []
    for sub in ('yahtzee_core', os.path.join('yahtzee_core', 'variants')):
        d = os.path.join(root, sub)
        paths += [os.path.join(d, n) for n in sorted(os.listdir(d)) if n.endswith('.py')
                  and n not in ('advisor.py', 'bots.py', 'analysis.py', 'game.py',
                                'save.py', 'records.py')]
    paths += [os.path.join(root, 'tools', 'solver.py'), os.path.abspath(__file__)]
    for p in paths:
        with open(p, 'rb') as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def ensure_tables(rules, out_dir='tables', compressed=True):
    """Write the tables unless up-to-date ones exist (stamp of the sources beside
    them); returns {kind: path}. For tests and CI: built once, reused after."""
    name = rules if isinstance(rules, str) else rules.name
    stamp_path = os.path.join(out_dir, name + '.stamp')
    stamp = _source_stamp()
    paths = {'plain': os.path.join(out_dir, name + '.yzt')}
    if compressed:
        paths['compressed'] = os.path.join(out_dir, name + '.yzc')
    try:
        with open(stamp_path) as f:
            fresh = f.read().strip() == stamp
    except OSError:
        fresh = False
    if fresh and all(os.path.exists(p) for p in paths.values()):
        return paths
    paths = write_tables(name, out_dir, compressed=compressed)
    with open(stamp_path, 'w') as f:
        f.write(stamp)
    return paths
