"""The list scenes around a game: boot notes (BOOT), the main menu (MENU), the pause
menu (PAUSE) and new-game setup (SETUP). Plain functions of the app.

Starting or resuming a game, Continue and Hint lead to the dice (PLAY); the menus
open high scores and lifetime stats (SCORES, STATS), rules and how-to (PAGES), the
odds (ODDS), the standings (STANDINGS) and the scorecard (CARD), and the pause menu
undoes a box (ui/turns.py undo); setup names the seats (NAMES). The CSV export is
ui/export.py's, loaded for it.
"""

from events import actions as A
from ui.codes import (BOOT, MENU, SETUP, PLAY, CARD, PAUSE, SCORES, STATS, NAMES,
                      PAGES, ODDS, STANDINGS, KIND_NAMES, RULES_NAMES, MENU_RULES,
                      SPEED_NAMES, wrap, PG_RULES, PG_HOWTO, COACH_NAMES, rules_name)
from ui.saves.store import save_game, save_records, can_save, load_people, save_people
from ui.hints import hints_available, show_hint
from ui.turns import undo, refuse
from ui.seats import seat_name

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# This scene module's own state (resident: it lives as long as the app)
menu_codes = ()     # MENU, PAUSE: the item code of each row on show
name_seat = 0       # -1 while NAMES is open: SETUP comes back to its Names row

# Menu item codes (menu_codes holds those of the menu on show).
_M_RESUME = const(0)
_M_NEW = const(1)
_M_SCORES = const(2)
_M_STATS = const(3)
_M_SOUND = const(4)
_M_CONTINUE = const(5)
_M_CARD = const(6)
_M_HINT = const(7)
_M_UNDO = const(8)
_M_QUIT = const(9)
_M_HINTS = const(10)
_M_EXPORT = const(11)
M_RULES = const(12)
M_HOWTO = const(13)
_M_COACH = const(14)
M_ODDS = const(15)
_M_STANDINGS = const(16)
_M_SPEED = const(17)
M_NAMES = ('Resume game', 'New game', 'High scores', 'Lifetime stats', 'Sound',
           'Continue', 'Scorecard', 'Hint', 'Undo last box', 'Main menu', 'Hints',
           'Export CSV', 'Rules', 'How to play', 'Coach', 'Odds', 'Standings', 'CPU speed')


# -- BOOT: notes about missing hardware --
def enter_boot(app, now):
    lines = []
    for m in app.settings.messages:
        lines += wrap(m, app.settings.text_cols)
    app.set_list('Notes', lines, [''] * len(lines), footer='OK: continue')


# -- MENU and PAUSE --
def enter_menu(app, now):
    settings = app.settings
    if settings.first_howto and not settings.howto_done and app.saves.keeps_records:
        # once, at the first boot (after BOOT); not again this power-on, also where it
        # found no room (App.run: back here with a note)
        settings.first_howto = False
        app.open(PAGES, now, PG_HOWTO)
        return
    codes = []
    if app.saved and app.game is not None and not app.game.over:
        codes.append(_M_RESUME)
    codes += [_M_NEW, M_HOWTO, M_RULES, _M_SCORES, _M_STATS]   # a newcomer's first
    if settings.fs_writable and settings.file_writer is not None:
        codes.append(_M_EXPORT)
    codes += [_M_COACH, _M_SOUND]
    _show_menu(app, 'Saved game found' if codes[0] == _M_RESUME else 'Yahtzee', codes, '')


def handle_menu(app, action, now):
    if app.list_move(action):
        return
    if action == A.OK:
        _menu_pick(app, now)


def enter_pause(app, now):
    g = app.game
    codes = [_M_CONTINUE, _M_CARD]
    several = len(g.players) > 1
    if several:
        codes.append(_M_STANDINGS)
    human = not app.is_cpu(g.current)
    if human and hints_available(app):
        codes.append(_M_HINT)
    if human:           # a computer's dice are not the table's to work on
        codes.append(M_ODDS)
    if g.can_undo and not several:     # several seats: undo is on the handover only
        codes.append(_M_UNDO)
    codes += [_M_HINTS, _M_COACH, M_RULES, _M_SOUND]
    if several:
        codes.append(_M_SPEED)
    codes.append(_M_QUIT)
    # duplicate play is shown where the game's round is
    _show_menu(app, 'Paused', codes, ('R%d Dup' if g.round_dice else 'R%d') % g.round)


def handle_pause(app, action, now):
    if app.list_move(action):
        return
    if action == A.OK:
        _menu_pick(app, now)
    elif action == A.BACK:
        app.go(PLAY, now)


def _show_menu(app, title, codes, title_right):
    global menu_codes
    menu_codes = codes
    app.set_list(title, [M_NAMES[c] for c in codes], [_menu_value(app, c) for c in codes],
                 cursor=0, title_right=title_right)


def _menu_value(app, code):
    settings = app.settings
    if code == _M_SOUND:
        return 'on' if settings.sound else 'off'
    if code == _M_HINTS:
        return 'on' if app.hints else 'off'
    if code == _M_COACH:
        return COACH_NAMES[settings.coach_mode]
    if code == _M_SPEED:
        return SPEED_NAMES[settings.cpu_speed]
    return ''


def _menu_pick(app, now):
    settings = app.settings
    v = app.view
    if v.cursor >= len(menu_codes):     # (a menu its enter had no heap for)
        return
    code = menu_codes[v.cursor]
    if code == _M_RESUME or code == _M_CONTINUE:
        app.go(PLAY, now)       # (App.begin_game on the way in)
    elif code == _M_NEW:
        app.go(SETUP, now)
    elif code == _M_SCORES or code == _M_STATS:
        app.page = 0
        app.go(SCORES if code == _M_SCORES else STATS, now)
    elif code == _M_EXPORT:
        from ui.export import export_csv    # loaded for the export, then dropped
        from yahtzee_core.rules import forget
        export_csv(app)
        forget('export', 'ui')
    elif code == _M_SOUND or code == _M_HINTS or code == _M_COACH or code == _M_SPEED:
        if code == _M_SOUND:
            settings.sound = not settings.sound
        elif code == _M_SPEED:
            settings.cpu_speed = (settings.cpu_speed + 1) % len(SPEED_NAMES)
        elif code == _M_HINTS:
            app.hints = not app.hints
        else:
            settings.coach_mode = (settings.coach_mode + 1) % len(COACH_NAMES)
        v.values[v.cursor] = _menu_value(app, code)
        v.list_version += 1
        app.touch()
        save_records(app)
        if app.game is not None and not app.game.over and app.saved:
            save_game(app)
        app.beep(880, 40)
    elif code == _M_CARD:
        app.open(CARD, now)
    elif code == _M_STANDINGS:
        app.open(STANDINGS, now)
    elif code == _M_HINT:
        app.go(PLAY, now)
        show_hint(app)
    elif code == _M_UNDO:
        undo(app, now)
    elif code == _M_QUIT:
        app.go(MENU, now)
    elif code == M_RULES or code == M_HOWTO:
        app.open(PAGES, now, PG_RULES if code == M_RULES else PG_HOWTO)
    elif code == M_ODDS:
        app.open(ODDS, now)


# -- SETUP: new game --
def _setup_ruleset(app):
    """The ruleset setup shows, its seats' levels fitted to what it can back: no
    perfect computer where it is not solved (rules.solved: level good takes the
    seat). Built as can_save builds it, the others forgotten."""
    from ui.saves.start import keep_only
    name = rules_name(app.settings.setup_rules)
    keep_only(app, name)
    rules = app.yc.ruleset(name)
    kinds = app.settings.setup_kinds
    for p in range(len(kinds)):
        if kinds[p] == 1 and not rules.solved:
            kinds[p] = 2
    return rules


def _duplicate(app, rules):
    """Duplicate play as setup offers it for `rules`: never past five dice (a round
    deals 15 dice, three rolls of five: Game refuses more); the setting itself is
    kept for the next ruleset."""
    return app.settings.setup_duplicate and rules.n_dice <= 5


def enter_setup(app, now):
    _setup_ruleset(app)
    items, values = _setup_rows(app)
    global name_seat
    # back from NAMES: on the Names row again
    app.set_list('New game', items, values,
                 cursor=app.settings.setup_players + 1 if name_seat < 0 else 0)
    name_seat = 0


def handle_setup(app, action, now):
    if not app.hold_buttons:    # Left/Right move: OK then Left/Right change a value
        from ui import setup_cursor     # (a dotted from-import costs a board 4K here)
        if setup_cursor.handle(app, action, now, _setup_change):
            return
    if app.hold_buttons and (action == A.LEFT or action == A.RIGHT):
        _setup_change(app, -1 if action == A.LEFT else 1, now)
    elif app.list_move(action):
        return
    elif action == A.OK:
        _setup_change(app, 1, now)
    elif action == A.BACK:
        save_records(app)
        load_people(app)        # names edited but not played are forgotten
        app.go(MENU, now)


def _setup_rows(app):
    settings = app.settings
    n = settings.setup_players
    dup = _duplicate(app, _setup_ruleset(app))
    items = ['Players']
    values = ['%d' % n]
    names = ''
    for p in range(n):
        k = settings.setup_kinds[p]
        items.append('  ' + seat_name(app, p, k))
        values.append(KIND_NAMES[k])
        if not k:
            names += (' ' if names else '') + seat_name(app, p, k)
    items += ['Names', 'Rules', 'Duplicate', 'Hints', 'Sound', 'Start game']
    values += [names if len(names) <= 11 else names[:10] + '+',
               RULES_NAMES[settings.setup_rules], 'on' if dup else 'off',
               'on' if app.hints else 'off', 'on' if settings.sound else 'off', '']
    from ui.fit_data import fit     # (setup's alone: start_game lets it go)
    if not fit(app):
        values[-1] = 'too large'    # (Start says why)
    elif not can_save(app, n, dup) and app.saves.journal is not None:
        values[-1] = 'no save'
    return items, values


def _setup_change(app, delta, now):
    global name_seat
    from ui.fit_data import fit     # (setup's alone: start_game lets it go)
    settings = app.settings
    v = app.view
    c = v.cursor
    n = settings.setup_players
    if c == 0:
        settings.setup_players = (n - 1 + delta) % 8 + 1
    elif c <= n:
        p = c - 1
        k = (settings.setup_kinds[p] + delta) % len(KIND_NAMES)
        if k == 1 and not _setup_ruleset(app).solved:
            k = (k + delta) % len(KIND_NAMES)      # no perfect play to back it
        settings.setup_kinds[p] = k
    elif c == n + 1:
        name_seat = -1
        app.go(NAMES, now)
        return
    elif c == n + 2:
        at = MENU_RULES.index(settings.setup_rules) if settings.setup_rules in MENU_RULES else 0
        settings.setup_rules = MENU_RULES[(at + delta) % len(MENU_RULES)]
    elif c == n + 3:
        if _setup_ruleset(app).n_dice > 5:
            refuse(app, 'Duplicate play:', 'five dice at most')
            return
        settings.setup_duplicate = not settings.setup_duplicate
    elif c == n + 4:
        app.hints = not app.hints
    elif c == n + 5:
        settings.sound = not settings.sound
    elif not fit(app):
        refuse(app, 'Needs our firmware', 'or a lower level')
        return
    else:
        start_game(app, now)
        return
    items, values = _setup_rows(app)
    v.items = items
    v.values = values
    if v.cursor >= len(items):
        v.cursor = len(items) - 1
    app.scroll_to_cursor()
    v.list_version += 1
    app.touch()


def start_game(app, now):
    """A new game with the setup's players and rules, from its first turn."""
    yc = app.yc
    rules = _setup_ruleset(app)     # (levels and duplicate play it can back)
    players = [yc.KINDS[app.settings.setup_kinds[p]] for p in range(app.settings.setup_players)]
    dup = _duplicate(app, rules)
    forget = app.yc.rules.forget
    forget('fit_data', 'ui')    # setup's alone: its room is the game's
    app.game = None         # the last game's objects go before the new game's code loads
    app.new_game_state(True)
    app.game = yc.Game(rules, players, app.rng, dup)
    # a fresh id (never 0, never the last game counted) marks this game's result
    gid = (app.records.last_game + 1 + (app.rand() & 0xFF)) & 0xFFFF
    app.game_id = gid if gid else 1
    save_records(app)
    save_people(app)
    save_game(app)      # the new game's snapshot: the last game's is not resumed now
    app.go(PLAY, now)
    if app.saves.journal is not None and not can_save(app, len(players), dup):
        if app.scene == PLAY:
            app.note('Power off loses game', now + 1500)  # no room in this board's nvm
        else:                       # a handover first (several seats): a note over it
            refuse(app, 'Power off loses', 'this game: no room')


def handle_to_menu(app, action, now):
    """BOOT's notes: UP/DOWN scroll, OK or BACK go on to the menu."""
    if app.list_move(action):
        return
    if action == A.OK or action == A.BACK:
        app.go(MENU, now)


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {BOOT: (enter_boot, handle_to_menu, None), MENU: (enter_menu, handle_menu, None),
          SETUP: (enter_setup, handle_setup, None), PAUSE: (enter_pause, handle_pause, None)}
