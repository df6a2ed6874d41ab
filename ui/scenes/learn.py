"""Learning screens: pages of text (PAGES: the rules of each box and the button legend,
the how-to, the coach's list) and the odds of every open box (ODDS). Plain functions
of the app.

App.go imports this module when one of them opens and drops it when it closes; it
drops ui/help/text.py, ui/help/rules.py and yahtzee_core/odds.py then too, so the
texts and the odds tables take RAM only while they are on screen.

Keys on the pages: handle_pages (scroll, more, page back and forth, no wrap-around);
on the odds UP/DOWN (LEFT/RIGHT, HOLD_1/HOLD_2) move over the boxes. BACK goes back to
where they were opened (App.open).
"""

from events import actions as A
from yahtzee_core.dice import pack_counts
from ui.codes import (CARD, ANNOUNCE, PAGES, ODDS, PG_RULES, PG_COACH, PG_ODDS, PG_HOWTO,
                      VIEW_TEXT, TEXT_COLS, TEXT_ROWS, rules_name)

_count = 0          # PAGES: how many pages the kind on show has
_keep = []          # ODDS: the dice to keep, per row, as dice.pack_counts packs them (a
#                     small int, no tuple kept a row; -1: not worked out yet)
_boxes = []         # ODDS: the box of each row
_lender = None      # ODDS: the planner whose arrays the odds borrow (odds.lend), till then


# -- PAGES (app.page_kind from app.page: App.open) --
def enter_pages(app, now):
    global _count
    settings = app.settings
    kind = app.page_kind
    if kind == PG_COACH:
        from ui import coach
        from ui.hints import analysis_planner
        _count = coach.show_page(app, app.page, analysis_planner)
        return
    from ui.help import text as help_text
    rules = rules_in_play(app)
    profile = settings.profile
    if kind == PG_RULES:
        from ui.help import rules as help_rules
        n = help_rules.box_pages(rules)     # a page a box, or none (Yamb, Balut, Poker)
        if app.page < 0:            # -1 - b: the page of box b (HELP on a card)
            app.page = help_rules.page_of_box(rules, -1 - app.page)
        g = app.game
        # the ruleset's own pages and duplicate play's (when this game or the next has
        # it): written only when one of them is on show (a box's page needs their count)
        duplicate = g.round_dice is not None if g is not None and not g.over else \
            settings.setup_duplicate
        page = app.page
        if page < n:
            extra = help_rules.extra_count(rules, duplicate)
            title, text = help_rules.box_help(rules, page)
        else:
            pages = help_rules.extra_pages(rules, duplicate)
            extra = len(pages)
            title, text = pages[page - n] if page < n + extra else help_text.legend(profile)
            pages = None
        _count = n + extra + 1
        footer = 'OK: next  BACK: done'
    elif kind == PG_ODDS:
        _count = 1
        title, text = help_text.odds_help(rules)
        footer = 'OK/BACK: the odds'
    else:
        pages = help_text.howto(rules, profile)
        _count = len(pages)
        title, text = pages[app.page]
        footer = 'OK: next  BACK: skip'
        if not settings.howto_done:      # shown once: remembered in the records
            settings.howto_done = True
            from ui.saves.store import save_records
            save_records(app)
    # 128x32: the page in the small font, four lines at a time (ui/views/text.py)
    small = app.small_screen
    lines = list(help_text.wrap(text, TEXT_COLS if small else settings.text_cols - 1))
    app.set_list(title, lines, [''] * len(lines),
                 title_right='%d/%d' % (app.page + 1, _count), footer=footer)
    if small:
        app.view.kind = VIEW_TEXT
    elif kind != PG_ODDS:
        _footer(app)


def handle_pages(app, action, now):
    """UP/DOWN (HOLD_1/HOLD_2) scroll the page; OK shows the rest of the page, then
    the next page (after the last: done); RIGHT (HOLD_5) the next page, LEFT (HOLD_4)
    the one before: three buttons (A/B/C) read every line with B and page with A/C.
    No wrap-around: the first and last pages stay put."""
    hold = app.hold_buttons
    if action == A.UP or action == A.DOWN or hold and (action == A.HOLD_1 or
                                                       action == A.HOLD_2):
        _scroll(app, -1 if action == A.UP or action == A.HOLD_1 else 1)
    elif action == A.OK:
        if not _scroll(app, _screen_rows(app)):
            _turn(app, 1, now)
    elif action == A.RIGHT or hold and action == A.HOLD_5:
        _turn(app, 1, now, stay=True)
    elif action == A.LEFT or hold and action == A.HOLD_4:
        _turn(app, -1, now)
    elif action == A.BACK:
        _leave(app, now)


def _screen_rows(app):
    return TEXT_ROWS if app.view.kind == VIEW_TEXT else app.settings.list_rows


def _scroll(app, delta):
    """Move the page's view by delta lines: True when it moved."""
    v = app.view
    last = len(v.items) - _screen_rows(app)
    top = v.top + delta
    if top > last:
        top = last
    if top < 0:
        top = 0
    if top == v.top:
        return False
    v.top = top
    _footer(app)
    app.touch()
    return True


def _turn(app, step, now, stay=False):
    """The next (step 1) or previous (-1) page; past the last, OK leaves (stay: not)."""
    page = app.page + step
    if page < 0 or page >= _count and stay:
        return
    if page >= _count:
        _leave(app, now)
        return
    app.page = page
    enter_pages(app, now)


def _footer(app):
    """The keys, as the page stands: OK shows more of it, turns it, or is done; then
    the buttons that page back and forth (the hold buttons 4 and 5, three buttons'
    A/C), or on the how-to, which a first boot opens unasked, how to skip it (the
    footer holds one of the two)."""
    v = app.view
    if app.page_kind == PG_COACH or v.kind == VIEW_TEXT:
        return          # (the coach's own; 128x32 shows none)
    names = app.settings.profile.get('button_labels', {})
    more = v.top + _screen_rows(app) < len(v.items)
    last = app.page + 1 >= _count
    footer = '%s: %s' % (names.get('OK', 'OK'), 'more' if more else 'done' if last else
                         'next')
    if app.page_kind == PG_HOWTO:
        footer += '' if last and not more else '  BACK: skip'
    else:
        footer += '  %s: page' % ('4/5' if app.hold_buttons else '%s/%s' % (
            names.get('LEFT', '<'), names.get('RIGHT', '>')))
    v.footer = footer
    v.list_version += 1


def rules_in_play(app):
    """The game's ruleset, or the one New game offers when there is no game on."""
    g = app.game
    if g is not None and not g.over:
        return g.rules
    yc = app.yc
    return yc.ruleset(rules_name(app.settings.setup_rules))


def _leave(app, now):
    """Back where PAGES or ODDS was opened (the card or the announce step on the same
    row): the texts and the odds tables leave RAM (App.go drops this module)."""
    from yahtzee_core.rules import forget
    to = app.returns[app.scene]
    cursor = app.page_cursor
    app.page_cursor = -1
    if app.scene == ODDS:
        from sys import modules
        odds = modules.get('yahtzee_core.odds')
        if odds is not None:
            odds.lend()             # the planner's arrays back (planner_room)
        forget('odds')
        forget('odds_small')     # (fewer dice: loaded by odds for them)
        forget('odds_six')       # (six dice)
        forget('flash')          # (odds asked it where its tables are)
        forget('odds_tables')
    forget('help.text', 'ui')
    forget('help.rules', 'ui')
    forget('help.dice', 'ui')
    rules = rules_in_play(app)
    if rules.ui:
        forget(rules.ui + '.help', 'ui')    # (a family's help, when it was loaded)
    app.go(to, now)
    if cursor >= 0 and (to == CARD or to == ANNOUNCE):     # the row whose help it was
        app.view.cursor = cursor
        app.scroll_to_cursor()
        app.touch()


# -- ODDS --
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


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {PAGES: (enter_pages, handle_pages, None), ODDS: (enter_odds, handle_odds, odds_step)}
