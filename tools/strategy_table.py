"""Strategy-table files for the device advisor (desktop only: writes with numpy).

A table holds, for every REACHABLE turn-start state of one ruleset, the optimal
expected remaining score in hundredths of a point. The device reads one value with
one or two seeks, never the whole table. States are ordered by (lower slot, upper
mask, upper subtotal):

- lower slot: the filled mask of the boxes after the six upper ones (lm); with a
  Yahtzee bonus, states whose five-alike box holds points come after all the others,
  at 2**n_lower + lm with the five-alike bit squeezed out;
- upper mask um (6 bits) and the capped upper subtotal u, counted only over the
  subtotals stored for um (a bitmap per um in the header; subtotals past 63, Kismet's
  to 78, in wider bitmaps right after it: advisor._AT_U_WIDER).

Formats (FORMATS below; the bundle builder takes the best one that fits the board):

- plain ``.yzt``: uint16 per reachable state at D + 2k, one seek a value (D, where
  the values start: HEADER, plus the wider bitmaps if any: data_at());
- packed ``.yzp`` (exact), ``.yz8`` and ``.yz7`` (lossy): the upper subtotal matters
  only while more upper bonus can still be earned; once it is secured or out of
  reach (with tiers: once no further tier is reachable) the rest of the game is the
  same whatever u is (the bonus is paid when crossed), so those states share one
  value, the group's base. Per (lower slot, upper mask) group a uint16 base at D + 2g; per "live" subtotal a residual
  r >= 0 of ``bits`` bits at bit k * bits of the residual area: value = base +
  r * step. Exact: step 1 (12 bits for Yahtzee, the bonus spans 3500 hundredths);
  lossy: 8 or 7 bits, step rounded up so the largest residual fits.

Any number of dice up to five: the header says how many (AT_N_DICE, 0 for five, so
five-dice tables are what they were before the field). A ruleset of fewer dice is
one tools.solver.solve_small solves (Crag: boxes scoring the dice alone, no bonus),
its turn-start state only the filled-box mask: SmallModel describes its layout, one
state per mask in mask order, and the device plays it with small_planner.

The header layout (offsets AT_*, flags, HEADER) is defined once in
yahtzee_core/advisor.py, which reads it on the device; this module writes it.

    python -m tools.strategy_table --rules yahtzee --out tables/
"""

import os
import struct
import sys
import threading
import time

import numpy as np

from yahtzee_core import advisor as fmt

# The header's layout is the device reader's, private names there (compiled in: a board
# keeps no names of them), read here as fmt._AT_NAME and so on.
MAGIC = fmt.MAGIC
VERSION = fmt._VERSION
HEADER = fmt._HEADER
UNIT = 100

# kind -> (file ending, residual bits: None plain, 0 exact packed, n lossy packed)
FORMATS = {
    'plain': ('.yzt', None),
    'packed': ('.yzp', 0),
    'packed8': ('.yz8', 8),
    'packed7': ('.yz7', 7),
}


class TableUnsupported(ValueError):
    """The device's advisor cannot play this ruleset from a table yet (message: why)."""


class SmallModel:
    """The table layout of a ruleset of fewer than five dice that tools.solver's
    solve_small solves (no bonus, Joker or served hand): what header_bytes and the
    state order ask of a tools.solver.RulesModel. No upper subtotal is tracked and
    no five-alike flag kept, so each upper mask stores one subtotal (0) and a state's
    place in the table is its filled-box mask."""

    has_y = False
    track_u = False
    cap = 0
    ushift = 0

    def __init__(self, rules):
        from tools.solver import reachable_upper, small_unsupported
        from yahtzee_core.variants import ruleset
        if isinstance(rules, str):
            rules = ruleset(rules)
        why = small_unsupported(rules)
        if why:
            raise TableUnsupported('no strategy table for ' + why)
        self.rules = rules
        self.name = rules.name
        self.n_boxes = rules.n_boxes
        self.n_dice = rules.n_dice
        self.fab = rules.five_alike_box
        self.upper_sets = reachable_upper(False, 0)
        self.upper_bonus_by_u = np.zeros(1, dtype=np.int64)

    def n_states(self):
        return 1 << self.n_boxes

    def values(self):
        """Optimal expected remaining score of every state in table order (solve_small's
        V by filled-box mask: the same order)."""
        from tools.solver import solve_small
        return solve_small(self.rules).V


def table_model(rules):
    """The layout of a ruleset's table: tools.solver.RulesModel for five dice, else
    SmallModel (TableUnsupported, or tools.solver.Unsolvable, if there is none)."""
    from yahtzee_core.variants import ruleset
    if isinstance(rules, str):
        rules = ruleset(rules)
    from tools.solver import RulesModel, Unsolvable, unsolvable
    if rules.n_dice != 5:
        why = unsolvable(rules)         # six dice (Maxi Yatzy): as RulesModel says it
        if why:
            raise Unsolvable(why)
        return SmallModel(rules)
    return RulesModel(rules)


def unsupported(model):
    """Why the table header cannot describe this ruleset's states (None: it can): its
    per-mask offsets are uint16, and the subtotal bitmaps take 8 + AT_U_WIDER bytes
    per upper mask (a byte's worth). Every solvable ruleset fits; the planner plays
    served hands (Generala) and tiered bonuses (Kismet) from the table's values."""
    top = max(int(us.max()) for us in model.upper_sets)
    if _u_bytes(model) - 8 > 255:
        return '%s: upper subtotals up to %d, past the header\'s bitmaps' % (model.name, top)
    if sum(len(us) for us in model.upper_sets) > 65535:
        return '%s: more states per lower slot than the header\'s offsets hold' % model.name
    return None


def _u_bytes(model):
    """Bitmap bytes per upper mask: 8 (subtotals 0..63) or as many more as the largest
    stored subtotal needs (Kismet's 78: 10)."""
    top = max(int(us.max()) for us in model.upper_sets)
    return max(8, (top >> 3) + 1)


def no_table_reason(name):
    """Why there is no strategy table for ruleset `name` (it cannot be solved, or the
    advisor cannot play it from one yet), or None: checked without solving, for the
    callers that build every ruleset's table (bundle builder, tests)."""
    from tools.solver import RulesModel, unsolvable
    from yahtzee_core.variants import ruleset
    rules = ruleset(name)
    why = unsolvable(rules)
    if why:
        return why
    if rules.n_dice != 5:
        from tools.solver import small_unsupported
        why = small_unsupported(rules)
        return 'no strategy table for ' + why if why else None
    why = unsupported(RulesModel(name))
    return 'no strategy table for ' + why if why else None


def table_path(out_dir, name, kind='plain'):
    return os.path.join(out_dir, name + FORMATS[kind][0])


def lower_slot_count(model):
    nl = model.n_boxes - 6
    return (1 << nl) + ((1 << (nl - 1)) if model.has_y else 0)


def upper_room(um):
    """Most points the upper boxes still open in `um` can add (five of their face)."""
    return sum(5 * (b + 1) for b in range(6) if not um >> b & 1)


def live_upper(model, um):
    """Boolean array over model.upper_sets[um]: subtotals from which the open upper
    boxes can still earn more upper bonus (the only ones whose value depends on u;
    with tiers, a subtotal past a tier that cannot reach the next one is settled)."""
    us = model.upper_sets[um]
    if not model.track_u:
        return np.zeros(len(us), dtype=bool)
    by_u = model.upper_bonus_by_u
    return by_u[np.minimum(us + upper_room(um), model.cap)] != by_u[us]


def u_layout(model, live=False):
    """(offset of each um, states per lower slot, bitmaps bytes, cumulative bytes) over
    the reachable subtotals, or with live=True over the live ones only. Bitmaps and
    cumulative counts take _u_bytes(model) bytes per upper mask (8: subtotals 0..63)."""
    width = _u_bytes(model)
    offsets = []
    total = 0
    bitmaps = bytearray(64 * width)
    cum = bytearray(64 * width)
    for um in range(64):
        offsets.append(total)
        us = model.upper_sets[um]
        if live:
            us = us[live_upper(model, um)]
        for u in us:
            bitmaps[um * width + (int(u) >> 3)] |= 1 << (int(u) & 7)
        run = 0
        for j in range(width):
            cum[um * width + j] = run
            run += bin(bitmaps[um * width + j]).count('1')
        total += len(us)
    return offsets, total, bytes(bitmaps), bytes(cum)


def _split_u_bytes(table, width):
    """(the first 8 bytes of each upper mask's row, the rest of each row) of a
    64 x width table: the header's part and the part that follows it."""
    rows = [table[um * width:(um + 1) * width] for um in range(64)]
    return b''.join(r[:8] for r in rows), b''.join(r[8:] for r in rows)


def _slots(model):
    nl = model.n_boxes - 6
    slots = [(lm, 0) for lm in range(1 << nl)]
    if model.has_y:
        j = model.fab - 6
        slots += [(lm, 1) for lm in range(1 << nl) if lm >> j & 1]
    return slots


def state_order(model):
    """Flat value-array indices (as tools.solver stores them) in table order."""
    out = []
    for lm, y in _slots(model):
        for um in range(64):
            mask = (lm << 6) | um
            us = model.upper_sets[um]
            out.append(((mask << 1 | y) << model.ushift) + us)
    return np.concatenate(out)


def table_index(model, mask, u, y):
    """k of a state in a plain table (the desktop twin of the advisor's index arithmetic)."""
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


def header_bytes(model, n_states, live=False, bits=0, step=0, groups=0):
    offsets, per_slot, bitmaps, cum = u_layout(model, live)
    flags = (fmt._FLAG_Y if model.has_y else 0) | (fmt._FLAG_U if model.track_u else 0)
    flags |= fmt._FLAG_PACKED if live else 0
    fab = model.fab if model.fab >= 0 else 255
    name = model.name.encode()
    if len(name) > fmt._NAME_BYTES:
        raise ValueError('ruleset name %r longer than the %d-byte header field'
                         % (model.name, fmt._NAME_BYTES))
    width = _u_bytes(model)
    wider = width - 8
    head = bytearray(HEADER + 128 * wider)
    struct.pack_into('<4sBBBB', head, 0, MAGIC, VERSION, flags, model.n_boxes, fab)
    head[fmt._AT_NAME:fmt._AT_NAME + len(name)] = name
    head[fmt._AT_N_DICE] = 0 if model.n_dice == 5 else model.n_dice
    struct.pack_into('<IHH', head, fmt._AT_N_STATES, n_states, UNIT, per_slot)
    assert fmt._AT_UNIT == fmt._AT_N_STATES + 4 and fmt._AT_PER_SLOT == fmt._AT_UNIT + 2
    struct.pack_into('<64H', head, fmt._AT_OFFSETS, *offsets)
    bitmaps, bitmaps_wider = _split_u_bytes(bitmaps, width)
    cum, cum_wider = _split_u_bytes(cum, width)
    head[fmt._AT_BITMAPS:fmt._AT_BITMAPS + 512] = bitmaps
    head[fmt._AT_RANKS:fmt._AT_RANKS + 512] = cum
    # subtotals from 64 (Kismet): their bitmaps and ranks after the header
    head[HEADER:HEADER + 64 * wider] = bitmaps_wider
    head[HEADER + 64 * wider:] = cum_wider
    struct.pack_into('<B', head, fmt._AT_BITS, bits)
    struct.pack_into('<B', head, fmt._AT_U_WIDER, wider)
    struct.pack_into('<H', head, fmt._AT_STEP, step)
    struct.pack_into('<I', head, fmt._AT_GROUPS, groups)
    if live:
        assert lower_slot_count(model) * per_slot == n_states
    return bytes(head)


def quantise(values):
    q = np.rint(np.asarray(values, dtype=np.float64) * UNIT)
    if q.min() < 0 or q.max() > 65535:
        raise ValueError('values out of uint16 range')
    return q.astype('<u2')


def _groups(model):
    """Per state in plain table order: its group (lower slot * 64 + um) and whether
    its subtotal is live."""
    group = []
    live = []
    for slot in range(lower_slot_count(model)):
        for um in range(64):
            lv = live_upper(model, um)
            group.append(np.full(len(lv), slot * 64 + um, dtype=np.int64))
            live.append(lv)
    return np.concatenate(group), np.concatenate(live)


def split_packed(model, q):
    """(bases per group, residuals in hundredths per live state) of plain-order values
    q. The base is the value every settled state of the group shares (checked: the
    solver gives them bit-identical values), else the group's smallest value."""
    q = np.asarray(q, dtype=np.int64)
    group, live = _groups(model)
    n_groups = lower_slot_count(model) * 64
    settled = ~live
    base = np.full(n_groups, -1, dtype=np.int64)
    base[group[settled]] = q[settled]
    lo = np.full(n_groups, 1 << 30, dtype=np.int64)
    hi = np.full(n_groups, -1, dtype=np.int64)
    np.minimum.at(lo, group[settled], q[settled])
    np.maximum.at(hi, group[settled], q[settled])
    if np.any((hi >= 0) & (lo != hi)):
        raise ValueError('settled states of a group differ: u matters after the bonus?')
    mins = np.full(n_groups, 1 << 30, dtype=np.int64)
    np.minimum.at(mins, group, q)
    base = np.where(base >= 0, base, mins)
    residual = q[live] - base[group[live]]
    assert residual.min(initial=0) >= 0
    return base, residual


def packed_bits_step(residual, bits):
    """(bits, step) of a packed variant: bits=0 asks for the exact one."""
    top = int(residual.max(initial=0))
    if bits == 0:
        return top.bit_length(), 1
    return bits, max(1, -(-top // ((1 << bits) - 1)))


def pack_bits(values, bits):
    """values (non-negative ints < 2**bits) packed LSB first, plus 2 bytes of padding
    (the device reads 3 bytes at a time)."""
    n = len(values)
    if bits == 0 or n == 0:
        return b''
    v = np.asarray(values, dtype=np.uint64)
    planes = ((v[:, None] >> np.arange(bits, dtype=np.uint64)) & 1).astype(np.uint8)
    return np.packbits(planes.reshape(-1), bitorder='little').tobytes() + b'\0\0'


def unpack_bits(data, bits, n):
    if bits == 0 or n == 0:
        return np.zeros(n, dtype=np.int64)
    flat = np.unpackbits(np.frombuffer(data, dtype=np.uint8), bitorder='little')
    planes = flat[:n * bits].reshape(n, bits).astype(np.int64)
    return (planes << np.arange(bits, dtype=np.int64)).sum(axis=1)


def packed_bytes(model, q, bits):
    """Header and data of a packed table from plain-order values q."""
    base, residual = split_packed(model, q)
    bits, step = packed_bits_step(residual, bits)
    rq = (residual + step // 2) // step if step > 1 else residual
    assert rq.max(initial=0) < (1 << bits) or bits == 0
    head = header_bytes(model, len(residual), live=True, bits=bits, step=step,
                        groups=len(base))
    return head + base.astype('<u2').tobytes() + pack_bits(rq, bits)


def write_tables(rules, out_dir, values=None, kinds=None, model=None, progress=None):
    """Solve (unless values in table order are given) and write the table formats
    `kinds` (default: every one in FORMATS; lossy packed variants only where they
    are smaller than the exact one). Returns {kind: path}. progress(layer) is called
    as the solver finishes each layer (see tools.solver.Solver.solve)."""
    from tools.solver import Solver
    if model is None:
        model = table_model(rules)
    why = unsupported(model)
    if why:
        raise TableUnsupported('no strategy table for ' + why)
    if values is None and isinstance(model, SmallModel):
        values = model.values()             # (a second's solve: no progress to show)
    elif values is None:
        s = Solver(model).solve(progress=progress)
        values = s.state_value_array()
    q = quantise(values)
    os.makedirs(out_dir, exist_ok=True)
    exact_bits = None
    paths = {}
    for kind in kinds or FORMATS:
        bits = FORMATS[kind][1]
        if bits is None:
            data = header_bytes(model, len(q)) + q.tobytes()
        else:
            if bits:
                if exact_bits is None:
                    exact_bits = packed_bits_step(split_packed(model, q)[1], 0)[0]
                if exact_bits <= bits and kinds is None:
                    continue            # the exact packed table is already this small
            data = packed_bytes(model, q, bits)
            if kinds is None and len(data) >= data_at(model) + 2 * len(q):
                continue                # nothing to gain over the plain table (yacht)
        path = table_path(out_dir, model.name, kind)
        part = '%s.%d.tmp' % (path, os.getpid())     # two test workers may build at once
        with open(part, 'wb') as f:
            f.write(data)
        os.replace(part, path)
        paths[kind] = path
    return paths


def data_at(model):
    """Where a table's values start: after the header and, for subtotals past 63, the
    wider bitmaps and ranks (advisor._AT_U_WIDER)."""
    return HEADER + 128 * (_u_bytes(model) - 8)


def read_header(data):
    """Header fields of a table's bytes (desktop)."""
    magic, ver, flags, nb, fab = struct.unpack_from('<4sBBBB', data, 0)
    if magic != MAGIC or ver != VERSION:
        raise ValueError('not a version %d strategy table' % VERSION)
    name = bytes(data[fmt._AT_NAME:fmt._AT_NAME + fmt._NAME_BYTES]).rstrip(b'\0').decode()
    n, unit, per_slot = struct.unpack_from('<IHH', data, fmt._AT_N_STATES)
    return {'name': name, 'flags': flags, 'n_boxes': nb, 'n_states': n, 'unit': unit,
            'n_dice': data[fmt._AT_N_DICE] or 5,
            'per_slot': per_slot, 'bits': data[fmt._AT_BITS],
            'data_at': HEADER + 128 * data[fmt._AT_U_WIDER],
            'step': struct.unpack_from('<H', data, fmt._AT_STEP)[0],
            'groups': struct.unpack_from('<I', data, fmt._AT_GROUPS)[0]}


def read_table(path, model=None):
    """(header fields, values of every reachable state in plain table order) of a
    table of any format: exactly the values the device reads (desktop twin)."""
    with open(path, 'rb') as f:
        data = f.read()
    head = read_header(data)
    if not head['flags'] & fmt._FLAG_PACKED:
        return head, np.frombuffer(data, dtype='<u2', offset=head['data_at'],
                                   count=head['n_states'])
    if model is None:
        model = table_model(head['name'])
    ng = head['groups']
    at = head['data_at']
    base = np.frombuffer(data, dtype='<u2', offset=at, count=ng).astype(np.int64)
    r = unpack_bits(data[at + 2 * ng:], head['bits'], head['n_states'])
    group, live = _groups(model)
    vals = base[group]
    vals[live] += r * head['step']
    return head, vals


def read_plain(path):
    """(header fields dict, uint16 values) of a plain table (desktop)."""
    head, vals = read_table(path)
    assert not head['flags'] & fmt._FLAG_PACKED
    return head, vals


def main(argv=None):
    from tools.cli_checks import Parser, bad_rules, bad_out_folder
    ap = Parser(description='Write strategy-table files for the advisor.')
    ap.add_argument('--rules', nargs='+', default=['yahtzee'])
    ap.add_argument('--out', default='tables')
    ap.add_argument('--formats', nargs='+', choices=sorted(FORMATS), default=None,
                    help='table formats to write (default: all that are worth it)')
    args = ap.parse_args(argv)
    ap.refuse(*[bad_rules(r) for r in args.rules] + [bad_out_folder(args.out, '--out')])
    from tools.solver import Unsolvable
    failed = 0
    for rules in args.rules:
        t = time.perf_counter()
        try:
            paths = write_tables(rules, args.out, kinds=args.formats)
        except (TableUnsupported, Unsolvable) as exc:
            print(exc, file=sys.stderr)
            failed += 1
            continue
        dt = time.perf_counter() - t
        for kind, p in sorted(paths.items()):
            print('%-20s %-10s %s  %d bytes' % (rules, kind, p, os.path.getsize(p)))
        print('%-20s built in %.1f s' % (rules, dt))
    return 1 if failed else 0


def _source_stamp():
    """Hash of the sources a table depends on (rules core, solver, writer, and the
    header layout in advisor.py)."""
    import hashlib
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    h = hashlib.sha256()
    paths = []
    for sub in ('yahtzee_core', os.path.join('yahtzee_core', 'variants')):
        d = os.path.join(root, sub)
        paths += [os.path.join(d, n) for n in sorted(os.listdir(d)) if n.endswith('.py')
                  and n not in ('bots.py', 'analysis.py', 'game.py', 'save.py', 'records.py')]
    paths += [os.path.join(root, 'tools', n) for n in ('solver.py', 'solver_kernel.c',
                                                       'solver_kernel_turn.h')]
    paths.append(os.path.abspath(__file__))
    for p in paths:
        with open(p, 'rb') as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def _stamp_says(stamp_path):
    """(source stamp, kinds written, whether every format was asked) from a stamp file."""
    try:
        with open(stamp_path) as f:
            lines = f.read().split('\n')
    except OSError:
        return None, (), False
    kinds = tuple(lines[1].split()) if len(lines) > 1 else ()
    return lines[0].strip(), kinds, len(lines) > 2 and lines[2].strip() == 'all'


def layer_progress(name, desc=None):
    """A tqdm bar over the states the solver has finished, and the progress(layer)
    callback that advances it (tools.solver.Solver.solve calls it per layer)."""
    from tqdm import tqdm
    from tools.solver import RulesModel
    m = RulesModel(name)
    per_layer = {}
    for mask in range(m.n_masks):
        pc = bin(mask).count('1')
        per_layer[pc] = per_layer.get(pc, 0) + len(m.upper_sets[mask & 63]) * len(m.y_values(mask))
    per_layer[m.n_boxes] = 0            # the full card: nothing left to solve
    bar = tqdm(total=sum(per_layer.values()), unit=' states', unit_scale=True, leave=False,
               desc=desc or 'strategy table %s' % name, file=sys.stderr)

    def progress(layer):
        bar.update(per_layer.get(layer, 0))
    return bar, progress


COMPILE_GUESS_S = 10        # a first bar's length; it stretches if the compile is slower


def compile_kernel_with_bar(name):
    """Compile the solver kernel's variant a table of `name` needs (once per clone:
    seconds) under a bar that says so and moves every quarter second, so the wait
    before the table's own bar is never a frozen screen. Another thread compiling it
    already (the simulator starts one at once) is waited for the same way."""
    from tqdm import tqdm
    from tools.solver import RulesModel, compiled_kernel, kernel_built
    lanes = RulesModel(name).lanes
    if kernel_built(lanes=lanes):
        return compiled_kernel(lanes=lanes)
    done = []
    worker = threading.Thread(target=lambda: done.append(compiled_kernel(lanes=lanes)),
                              daemon=True)
    start = time.monotonic()
    worker.start()
    bar = tqdm(total=COMPILE_GUESS_S, desc='compiling the solver kernel (once)',
               bar_format='{desc}: {percentage:3.0f}%|{bar}| {elapsed}', leave=False,
               file=sys.stderr, mininterval=0.2)
    try:
        while worker.is_alive():
            worker.join(0.25)
            spent = time.monotonic() - start
            if spent > 0.9 * bar.total:             # slower than guessed: stretch
                bar.total = spent / 0.9
            bar.n = spent
            bar.refresh()
        bar.n = bar.total
        bar.refresh()
    finally:
        bar.close()
    return done[0] if done else None


def fresh_tables(name, out_dir='tables', kinds=None):
    """{kind: path} of up-to-date tables of ruleset `name` (every format asked for
    present and built from the current sources), else None."""
    built, written, complete = _stamp_says(os.path.join(out_dir, name + '.stamp'))
    if built != _source_stamp() or not (complete if kinds is None else set(kinds) <= set(written)):
        return None
    paths = {k: table_path(out_dir, name, k) for k in (kinds or written)}
    return paths if all(os.path.exists(p) for p in paths.values()) else None


def ensure_tables(rules, out_dir='tables', kinds=None, progress=False):
    """Write the tables unless up-to-date ones exist: a stamp beside them records the
    hash of the sources they were built from and the formats written, so a change of
    the rules core, solver or writer rebuilds them. kinds: the formats wanted (default
    every one worth writing); progress: show a progress bar while solving (desktop).
    Returns {kind: path}. Used by the tests, benches, bundle builder and simulator."""
    name = rules if isinstance(rules, str) else rules.name
    paths = fresh_tables(name, out_dir, kinds)
    if paths is not None:
        return paths
    stamp_path = os.path.join(out_dir, name + '.stamp')
    stamp = _source_stamp()
    bar = None
    hook = None
    if progress and isinstance(table_model(name), SmallModel):
        progress = False                # solve_small: a second, no kernel, no layers
    if progress:
        compile_kernel_with_bar(name)
        bar, hook = layer_progress(name)
    try:
        paths = write_tables(name, out_dir, kinds=kinds, progress=hook)
    finally:
        if bar is not None:
            bar.close()
    part = '%s.%d.tmp' % (stamp_path, os.getpid())
    with open(part, 'w') as f:
        f.write('%s\n%s\n%s\n' % (stamp, ' '.join(sorted(paths)), 'all' if kinds is None else ''))
    os.replace(part, stamp_path)
    return paths


if __name__ == '__main__':
    sys.exit(main())
