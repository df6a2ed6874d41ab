"""The coach: judges each human decision against the strategy table as it is made,
says what was better ("Keep 5 5", "+2.3 exp. final") and keeps every decision that
cost points for the list at the end of the game (shown by the PAGES scene, ui/scenes/learn.py).

Imported only when the coach is on (ui/hints.py calls it from the decision log). The
cost of a decision is the expected final score of the best choice minus that of the
choice made (yahtzee_core.analysis.judge), both from the strategy table and rounded to
hundredths as the hint shows them; level
`good` is no yardstick, so without a table the coach says it is unavailable.

app.coach holds the costly decisions, REC bytes each, saved with the game
(ui/saves/store.py):
    0  seat (bits 0-2), rolls left (bits 3-4: 0 for a box)
    1  round          2  roll index of the dice
    3..6  the choice made (9 bits), the best choice (9 bits) and the cost in
          hundredths (14 bits, capped), packed little end first
"""

from ui.codes import COACH_ALWAYS, COACH_BEST

REC = 7
_COST_MAX = 16383


def judge(app, g, rolls_left, choice, planner):
    """Judge the decision the seat in play is making now (before the game applies it):
    `choice` a hold index (rolls_left 1 or 2) or a box index (rolls_left 0), against
    `planner` (ui/hints.py analysis_planner; None without a strategy table)."""
    if planner is None:
        if not app.coach_warned:
            app.coach_warned = True
            app.coach_note = 'unavailable:\nno strategy table'
        return
    from yahtzee_core.analysis import judge as judge_decision
    try:
        v_best, v_made, best = judge_decision(planner, g.card, g.dice, rolls_left, choice)
    except ValueError:
        return
    # the difference of the two expected totals as the hint shows them (hundredths;
    # judge's values are on the 6**n scale of n dice)
    scale = 6 ** len(g.dice)
    half = scale // 2
    cost = (v_best + half) // scale - (v_made + half) // scale
    if cost > 0:
        add(app, g.current, g.round, g.dice, rolls_left, choice, best, cost)
    if cost >= app.coach_threshold or app.coach_mode == COACH_ALWAYS:
        app.coach_note = COACH_BEST if cost <= 0 else _better(app, rolls_left, best, cost)


def _better(app, rolls_left, best, cost):
    """The note's two lines: the better move ("Keep 5 5") and what it adds to the
    expected final score ("+2.3 exp. final", as the hint's "final"; the button
    legend explains it)."""
    return describe(app, rolls_left, best) + '\n+' + points(cost, 1) + ' exp. final'



def add(app, seat, rnd, dice, rolls_left, made, best, cost):
    from yahtzee_core.dice import roll_index
    if cost > _COST_MAX:
        cost = _COST_MAX
    app.coach.extend(bytes((seat | rolls_left << 3, rnd, roll_index(dice, len(dice)), made & 255,
                            made >> 8 | (best & 127) << 1, best >> 7 | (cost & 63) << 2,
                            cost >> 6)))


def forget_box(app, seat, rnd):
    """The box decision of `seat` in round `rnd` was undone: its entry, if it is the
    last one, goes (a hold's entry stays: that decision was made)."""
    c = app.coach
    if len(c) >= REC and c[-REC] == seat and c[-REC + 1] == rnd:    # rolls left 0
        app.coach = c[:-REC]


def record(app, i):
    """(seat, round, roll index, rolls left, choice made, best choice, cost) of entry i."""
    d = app.coach
    o = i * REC
    return (d[o] & 7, d[o + 1], d[o + 2], d[o] >> 3 & 3, d[o + 3] | (d[o + 4] & 1) << 8,
            d[o + 4] >> 1 | (d[o + 5] & 3) << 7, d[o + 5] >> 2 | d[o + 6] << 6)


def entries(app):
    return len(app.coach) // REC


def points(hundredths, decimals=2):
    """'2.30' (or '2.3' with one decimal; two when that would show 0.0)."""
    if decimals == 1 and hundredths >= 5:
        t = (hundredths + 5) // 10
        return '%d.%d' % (t // 10, t % 10)
    return '%d.%02d' % (hundredths // 100, hundredths % 100)


def describe(app, rolls_left, choice):
    """'Keep 5 5', 'Reroll all' or 'Score Full house'."""
    if rolls_left:
        from yahtzee_core.dice import hold_dice
        kept = hold_dice(choice)
        return 'Keep ' + ' '.join(['%d' % d for d in kept]) if kept else 'Reroll all'
    return 'Score ' + app.box_label(choice, 12)   # a dialog line holds 18


def show_page(app, i, yardstick):
    """Page i of the coach's list: 0 the summary, then one costly decision a page.
    yardstick(app): the planner decisions are judged by (ui/hints.py
    analysis_planner), asked only to say why a list is empty. Returns the number of
    pages."""
    g = app.game
    n = entries(app)
    if i == 0:
        _summary(app, n, yardstick)
        return n + 1
    seat, rnd, r, rolls_left, made, best, cost = record(app, i - 1)
    from yahtzee_core.dice import hold_dice, hold_index
    humans = 0
    for k in g.players:
        humans += k == 'human'
    title = ('%s R%d ' % (app.player_name(seat), rnd) if humans > 1 else 'R%d ' % rnd)
    # roll r of the game's n dice: the hold of all n (yahtzee_core/dice.py)
    title += ' '.join(['%d' % d for d in hold_dice(r + hold_index((1,) * len(g.dice)))])
    items = ['You', 'Best']
    values = [describe(app, rolls_left, made), describe(app, rolls_left, best)]
    if rolls_left:
        items.append('Rolls left')
        values.append('%d' % rolls_left)
    app.set_list(title, items, values, title_right='-' + points(cost),
                 footer='%d/%d  OK: next' % (i, n))
    return n + 1


def _summary(app, n, yardstick):
    g = app.game
    items = []
    values = []
    if not n and yardstick(app) is None:
        items = ['Unavailable:', 'no strategy table']
        values = ['', '']
    else:
        for p in range(len(g.players)):
            if app.is_cpu(p):
                continue
            total = count = 0
            for i in range(n):
                e = record(app, i)
                if e[0] == p:
                    total += e[6]
                    count += 1
            items.append('%s lost' % app.player_name(p))
            values.append(points(total))
            items.append('  decisions')
            values.append('%d' % count)
    footer = 'OK: each decision' if n else 'No costly decision'
    if app.coach_lost:
        footer = '%d not kept' % app.coach_lost
    app.set_list('Coach', items, values, title_right='%d' % n, footer=footer)
