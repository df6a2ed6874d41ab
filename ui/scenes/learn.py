"""Learning screens: pages of text (PAGES: the rules of each box and the button legend,
the how-to, the coach's list, what the odds mean). Plain functions of the app (the
Odds screen is ui/scenes/odds.py).

App.go imports this module when the pages open and drops it when they close; it drops
ui/help/text.py and ui/help/rules.py then too, so the texts take RAM only while they
are on screen.

Keys: handle_pages (scroll, more, page back and forth, no wrap-around). BACK goes back
to where they were opened (App.open).
"""

from events import actions as A
from ui.codes import (CARD, ANNOUNCE, PAGES, PG_RULES, PG_COACH, PG_ODDS, PG_HOWTO,
                      VIEW_TEXT, TEXT_COLS, TEXT_ROWS, rules_name)

_count = 0          # how many pages the kind on show has


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
    """Back where the pages were opened (the card or the announce step on the same
    row, or the Odds): the texts leave RAM (App.go drops this module)."""
    from yahtzee_core.rules import forget
    forget('help.text', 'ui')
    forget('help.rules', 'ui')
    forget('help.dice', 'ui')
    rules = rules_in_play(app)
    if rules.ui:
        forget(rules.ui + '.help', 'ui')    # (a family's help, when it was loaded)
    to = app.returns[app.scene]
    cursor = app.page_cursor
    app.page_cursor = -1
    app.go(to, now)
    if cursor >= 0 and (to == CARD or to == ANNOUNCE):     # the row it was opened from
        app.view.cursor = cursor
        app.scroll_to_cursor()
        app.touch()


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {PAGES: (enter_pages, handle_pages, None)}
