"""The Odds screen (ODDS): each open box's chance to be made this turn and its expected
points, when chasing it from the dice showing, and the dice to keep for it (opened
from the pause menu and from a hint before the first roll). Plain functions of the
app.

App.go imports this module when the screen opens and drops it when it closes; the
odds code and tables (yahtzee_core/odds.py, odds_small.py, odds_six.py) go then too,
so they take RAM only while the screen is on. UP/DOWN (LEFT/RIGHT, HOLD_1/HOLD_2)
move over the boxes; HELP says what "made" means (PAGES); OK and BACK go back to where
the screen was opened (App.open).
"""

from events import actions as A
from yahtzee_core.dice import pack_counts
from ui.codes import PAGES, ODDS, PG_ODDS

_keep = []          # the dice to keep, per row, as dice.pack_counts packs them (a small
#                     int, no tuple kept a row; -1: not worked out yet)
_boxes = []         # the box of each row
_lender = None      # the planner whose arrays the odds borrow (odds.lend), till then


def enter_odds(app, now):
    """Each open box: the chance to make it this turn and its expected points, when
    chasing it from the dice showing (yahtzee_core.odds.chase, aim 'make'); before the
    first roll, a fresh turn's figures, the same every turn: read from ui/odds_fresh.py
    (fewer dice: worked out here; six dice: odds_six.py).
    With dice, chase takes a tenth of a second or more a box on a board: the rows on
    screen are worked out now, the others one a frame (odds_step, from App.tick)."""
    try:
        open(__file__).close()
        import gc
        gc.collect()    # before the odds code loads: room that garbage held, not new room
    except OSError:     # no file: frozen into our firmware, the code stays in flash
        pass
    g = app.game
    rules = g.rules
    scores = g.card.scores
    items = []
    values = []
    keeps = []
    # boxes of one column (Triple Yahtzee) or one cell (Balut): the fresh odds'
    # table has a figure pair for each of them
    per = rules.n_boxes // (rules.columns * rules.cells)
    if rules.hands:  # Poker Dice: each hand's chance (its family's card)
        from ui.families import family
        items = family(rules, 'card').odds_items()
        keeps = [-1] * len(items)
        values = ['...'] * len(items)
    elif not g.rolled:
        from ui.odds_fresh import FRESH
        fresh = FRESH.get(rules.name)
        from yahtzee_core.rules import forget
        forget('odds_fresh', 'ui')
        if fresh is None:       # fewer dice (Crag's three): quick enough to work out
            from yahtzee_core.odds_small import chase
            fresh = []
            for b in range(per):
                fresh.extend(chase(rules, b)[:2])
    if rules.hands:
        boxes = ()
    elif rules.column_orders:   # Yamb: once a row, a box the turn may fill (its family's card)
        from ui.families import family
        boxes = family(rules, 'card').odds_rows(g)
    else:
        boxes = [b for b in range(rules.n_boxes) if scores[b] == 255]
    for b in boxes:
        # Triple Yahtzee: column m scores x m
        m = b // per + 1 if rules.columns > 1 and not rules.column_orders else 1
        # cut to leave room for the figures (20 columns); box_label adds the column
        items.append(app.box_label(b, 11))
        keeps.append(-1)        # not worked out yet (always so before a roll)
        k = 2 * (b % per)
        values.append(_odds_text(fresh[k], m * fresh[k + 1]) if not g.rolled else '...')
    global _keep, _boxes, _lender
    _keep = keeps
    _boxes = boxes
    # the hint planner's arrays, where it keeps its values (odds.lend, odds_six.lend):
    # the odds work in them while the screen is open (no hint is asked here), it
    # works its values out again after
    planner = getattr(app.hint_source, 'planner', None)
    _lender = planner if hasattr(planner, 'x') else None
    # what the two figures are; HELP says what "made" means (PG_ODDS)
    app.set_list('Made pts' if app.small_screen else 'Made% pts', items, values, cursor=0)
    if rules.hands:
        app.view.title = 'Or better'     # each row: that hand or a better one
    if g.rolled or rules.hands:
        for row in range(min(app.settings.list_rows, len(keeps))):
            _odds_row(app, row)
    _odds_texts(app)


def odds_step(app, now):
    """The next row still to work out, if any (one a frame)."""
    if app.game.rolled or app.game.rules.hands:
        keeps = _keep
        for row in range(len(keeps)):
            if keeps[row] < 0:
                _odds_row(app, row)
                if row == app.view.cursor:
                    _odds_texts(app)
                return


def _odds_row(app, row):
    v = app.view
    g = app.game
    poker = g.rules.hands       # Poker Dice: row r is a hand (its family's card)
    b = -1 if poker else _boxes[row]
    if poker:
        from ui.families import family
        chance, keep = family(g.rules, 'card').odds_chance(app, row)
        pts = -1
    else:
        chance, pts, keep = _chase(g, b)
    v.values[row] = _odds_text(chance, pts) if pts >= 0 else _percent(chance)
    _keep[row] = pack_counts(keep) if keep else 0
    v.list_version += 1
    app.touch()


def _chase(g, b):
    global _lender
    n = g.rules.n_dice
    if n < 5:                   # fewer dice (Crag's three): their own module
        from yahtzee_core.odds_small import chase
        return chase(g.rules, b, tuple(g.dice), g.rolls_left)
    if n > 5:                   # six (Maxi Yatzy): theirs, in digits of small ints
        from yahtzee_core.odds_six import chase, lend
    else:
        from yahtzee_core.odds import chase, lend
    if _lender is not None:     # its kept values as the odds' scratch, and where it has
        lend(_lender)           # one, its child table (a table's planner: 6 KB less;
        _lender = None          # level good's 1.8 KB; six dice's 6.5 KB)
    return chase(g.rules, b, tuple(g.dice), g.rolls_left)


def _odds_text(chance, pts):
    tenths = (pts + 5) // 10
    return '%s %d.%d' % (_percent(chance), tenths // 10, tenths % 10)


def _percent(chance):
    """Whole percent; '<1%' for a small chance that is not 0, '99%' short of certain."""
    if chance == 0:
        return '0%'
    if chance < 100:
        return '<1%'
    p = (chance + 50) // 100
    return '%d%%' % (99 if p == 100 and chance < 10000 else p)


def _odds_texts(app):
    """The dice to keep for the box under the cursor: in the footer (title on 128x32)."""
    settings = app.settings
    v = app.view
    g = app.game
    keep = _keep[v.cursor] if _keep else -1
    if keep < 0:
        text = 'a fresh turn' if not g.rolled else '...'
    elif not g.rolled:
        text = 'a fresh turn'
    elif not g.rolls_left:
        text = 'no rolls left'
    elif not keep:
        text = 'keep none'
    else:
        keep = [f for f in range(1, 7) for _ in range(keep >> (3 * f - 3) & 7)]
        if app.small_screen and not g.rules.hands:
            # beside the title in 21 columns: the faces without gaps (not Poker Dice's 10)
            text = 'keep ' + ''.join(['%d' % d for d in keep])
        else:
            text = 'keep ' + ' '.join([_face(g, d) for d in keep])
    if app.small_screen:
        v.title_right = text
    else:
        v.title_right = ('%d left' % g.rolls_left) if g.rolled else 'new turn'
        v.footer = text[0].upper() + text[1:] if text else ''
    v.list_version += 1
    app.touch()


def _face(g, d):
    """A die's face as the odds name it: Poker Dice's card, else its number."""
    return ('9', '10', 'J', 'Q', 'K', 'A')[d - 1] if g.rules.hands else \
        '%d' % d


def handle_odds(app, action, now):
    v = app.vertical(action)
    if v:
        app.move_cursor(v)
        _odds_texts(app)
    elif action == A.HELP or (action == A.HOLD_3 and app.hold_buttons):   # as on the card
        app.open(PAGES, now, PG_ODDS)
    elif action == A.OK or action == A.BACK:
        _leave(app, now)


def _leave(app, now):
    """Back where the screen was opened: the planner's arrays go back to it, the odds
    code and tables leave RAM (App.go drops this module)."""
    from sys import modules
    from yahtzee_core.rules import forget
    odds = modules.get('yahtzee_core.odds')
    if odds is not None:
        odds.lend()             # the planner's arrays back (planner_room)
    forget('odds')
    forget('odds_small')     # (fewer dice: loaded by odds for them)
    forget('odds_six')       # (six dice)
    forget('flash')          # (odds asked it where its tables are)
    forget('odds_tables')
    app.page_cursor = -1        # (opened from the dice or the pause menu: no row to keep)
    app.go(app.returns[ODDS], now)


# This module's scene (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {ODDS: (enter_odds, handle_odds, odds_step)}
