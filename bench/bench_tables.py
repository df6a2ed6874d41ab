"""Every strategy-table format of a ruleset: size, read cost and the exact expected
score of the advisor's own decisions from it (no sampling).

    .venv/bin/python bench/bench_tables.py [--rules yahtzee] [--games 20] [--no-policy]

Per format: bytes on disk; seeks and bytes read per table value and per decision,
counted while the advisor plays seeded games (the group base is kept between reads,
as on the device); and the policy value: tools.solver.PolicyEvaluator replays the
advisor's integer arithmetic on the values the device reads from that file
(tools.strategy_table.read_table), against the optimum of the plain table.
"""
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


class CountingFile:
    """A table file that counts seeks and bytes read (what the flash would serve)."""

    def __init__(self, path):
        self.f = open(path, 'rb')
        self.seeks = 0
        self.bytes = 0

    def seek(self, pos, whence=0):
        self.seeks += 1
        return self.f.seek(pos, whence)

    def tell(self):
        return self.f.tell()

    def read(self, n):
        data = self.f.read(n)
        self.bytes += len(data)
        return data

    def readinto(self, buf):
        n = self.f.readinto(buf)
        self.bytes += n
        return n

    def close(self):
        self.f.close()


def read_cost(path, rules_name, games, seed=7):
    """(seeks per value, bytes per value, seeks per decision, most seeks in one
    turn) over `games` seeded advised games."""
    import yahtzee_core as yc
    from yahtzee_core.advisor import Advisor
    rules = yc.ruleset(rules_name)
    f = CountingFile(path)
    adv = Advisor(rules, f)
    f.seeks = f.bytes = 0
    rng = random.Random(seed)
    decisions = 0
    worst_turn = 0
    for _ in range(games):
        card = yc.Scorecard(rules)
        for _turn in range(rules.rounds):
            before = f.seeks
            dice = [rng.randint(1, 6) for _ in range(5)]
            for rolls_left in (2, 1):
                kept, _ = adv.best_hold(card, dice, rolls_left)
                decisions += 1
                dice = list(kept) + [rng.randint(1, 6) for _ in range(5 - len(kept))]
            box, _ = adv.best_box(card, dice)
            decisions += 1
            card.fill(box, tuple(dice))
            worst_turn = max(worst_turn, f.seeks - before)
    reads = adv.table.reads
    adv.close()
    return f.seeks / reads, f.bytes / reads, f.seeks / decisions, worst_turn


def policy_value(path, model):
    from tools import strategy_table as st
    from tools.solver import PolicyEvaluator, guide_from_table
    _, values = st.read_table(path, model)
    return PolicyEvaluator(model, guide=guide_from_table(model, values)).run().expected_score


def main(argv=None):
    from tools.cli_checks import Parser, bad_count, bad_rules
    ap = Parser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--rules', default='yahtzee')
    ap.add_argument('--games', type=int, default=20)
    ap.add_argument('--no-policy', action='store_true', help='skip the exact policy values')
    args = ap.parse_args(argv)
    ap.refuse(bad_rules(args.rules), bad_count(args.games, '--games'))
    from tools import strategy_table as st
    from tools.solver import RulesModel, Solver
    paths = st.ensure_tables(args.rules, os.path.join(ROOT, 'tables'), progress=True)
    model = RulesModel(args.rules)
    optimum = Solver(model).solve().expected_score
    print('%s: optimal expected score %.4f (solver, float values)' % (args.rules, optimum))
    print('seeks/v, bytes/v: per table value; seeks/dec: mean per decision; seeks/turn: '
          'the most in one turn (%d seeded games)' % args.games)
    print('%-8s %-6s %10s %5s %6s %8s %8s %9s %10s %12s %9s' % (
        'format', 'file', 'bytes', 'bits', 'step', 'seeks/v', 'bytes/v', 'seeks/dec',
        'seeks/turn', 'policy', 'loss'))
    for kind in st.FORMATS:
        if kind not in paths:
            continue
        path = paths[kind]
        head = st.read_header(open(path, 'rb').read(st.HEADER))
        sv, bv, sd, st_max = read_cost(path, args.rules, args.games)
        if args.no_policy:
            pol = loss = ''
        else:
            t = time.perf_counter()
            value = policy_value(path, model)
            pol = '%.5f' % value
            loss = '%.5f' % (optimum - value)
            sys.stderr.write('  (%s policy evaluated in %.0f s)\n' % (kind, time.perf_counter() - t))
        print('%-8s %-6s %10d %5s %6s %8.2f %8.2f %9.1f %10d %12s %9s' % (
            kind, st.FORMATS[kind][0], os.path.getsize(path),
            head['bits'] if head['flags'] & st.fmt._FLAG_PACKED else 16, head['step'] or 1,
            sv, bv, sd, st_max, pol, loss))
    return 0


if __name__ == '__main__':
    sys.exit(main())
