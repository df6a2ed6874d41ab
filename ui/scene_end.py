"""The end of a game: the ranking (OVER), high-score initials (INITIALS) and points
lost against optimal play (ANALYSIS), after which the main menu (MENU; the keys of
ANALYSIS are scene_menus.handle_to_menu). Entering OVER counts the finished game in
the records once. Plain functions of the app."""

from ui import actions as A
from ui.codes import MENU, INITIALS, ANALYSIS, DLG_NONE, PG_COACH, MOMENT_HIGH
from ui.app_saves import save_records, save_people, clear_game
from ui.hints import analysis_planner
from ui.seats import big_moment
from ui.lazy_scenes import drop_module


# -- OVER: the ranking --
def enter_over(app, now):
    app.dialog = DLG_NONE
    app.tumbling = False
    perfect = perfect_scores(app, app.game.rules.name)
    if not app.over_done:
        app.over_done = True
        _record_game(app, perfect)
        drop_module('scene_turn')   # the handovers are over
        if app.pending_high:
            big_moment(app, MOMENT_HIGH, now)
    w = app.game.winner         # Generala served: the game ended at once
    items = [app.player_name(w) + ' wins'] if w >= 0 else []
    values = [''] * len(items)
    ranking = app.game.ranking()
    for place, p, total in ranking:
        items.append('%d. %s' % (place, app.player_name(p)))
        values.append('%d' % total)
    if perfect is not None and w < 0:   # (not for unfinished cards)
        # where each human's score falls among games of perfect play
        for place, p, total in ranking:
            if not app.is_cpu(p):
                items.append('%d: better than %d%%' % (total, perfect.better_than(total)))
                values.append('')
        if len(items) > len(ranking):
            items.append('of perfect games')
            values.append('')
    app.set_list('GENERALA SERVIDA' if w >= 0 else 'Game over', items, values,
                 footer='OK: continue')


def perfect_scores(app, name):
    """Perfect play's percentile table of ruleset `name` (yahtzee_core.percentiles),
    or None when the app has none or it cannot be read. App(percentile_path=...): a
    pattern with %s for the ruleset name, or a callable(name) returning a path or
    the table's bytes; None shows nothing."""
    src = app.percentile_path
    if src is not None:
        src = src(name) if callable(src) else src % name
    if src is None:
        return None
    from yahtzee_core.percentiles import PerfectScores
    try:
        return PerfectScores.load(src) if isinstance(src, str) else PerfectScores(src)
    except (ValueError, MemoryError):   # PercentileError is a ValueError
        return None


def handle_over(app, action, now):
    if app.list_move(action):
        return
    if action == A.OK or action == A.BACK:
        _after_ranking(app, now)


def _record_game(app, perfect):
    """Count the finished game once (a replay after a power cut is skipped) and put
    qualifying human scores into the table, to be named next; with perfect play's
    table the game is rated (its mean kept beside the player's score)."""
    g = app.game
    r = app.records
    app.pending_high = []
    # a game won at once (Generala served) ends with cards unfinished: it enters no
    # high score and no lifetime stats (their averages are of whole games)
    if app.game_id != r.last_game and g.winner < 0:
        r.last_game = app.game_id
        multi = len(g.players) > 1
        for place, p, total in g.ranking():
            if app.is_cpu(p):
                continue
            st = g.stats(p)
            r.add_game(total, st['yahtzees'], g.cards[p].upper_bonus > 0,
                       st['zeros'], multi and place == 1,
                       None if perfect is None else perfect.mean_tenths)
            if app.saves.keeps_people:          # per player name and ruleset
                if app.people is None:
                    from yahtzee_core.people import People
                    app.people = People()
                app.people.add_game(app.player_name(p), g.rules.id, total, st['yahtzees'],
                                    g.cards[p].upper_bonus > 0, multi and place == 1)
            entry = r.add_score(total, 'AAA', g.rules.id)
            if entry is not None:
                app.pending_high.append([entry, p])
        # a later seat's score may have pushed an earlier one out again
        app.pending_high = [e for e in app.pending_high if any(x is e[0] for x in r.high)]
        save_records(app)
        save_people(app)
    clear_game(app)


def _after_ranking(app, now):
    """Initials for each new high score first, then the analysis."""
    app.go(INITIALS if app.pending_high else ANALYSIS, now)


# -- INITIALS: naming a high score --
def enter_initials(app, now):
    from ui.scene_names import start_letters
    start_letters(app, app.player_name(app.pending_high[0][1]))
    _show_initials(app)


def _show_initials(app):
    entry, p = app.pending_high[0]
    score = entry[0]
    from ui.scene_names import letters_text
    app.set_list('High score!', ['%s scored %d' % (app.player_name(p), score),
                                 'Name:  ' + letters_text(app)], ['', ''],
                 footer='OK next  BACK prev')


def handle_initials(app, action, now):
    from ui.scene_names import edit_letters
    if edit_letters(app, action) == 1:
        entry, p = app.pending_high.pop(0)
        app.records.set_initials(entry, bytes(app.initials).decode().replace('_', ' '))
        save_records(app)
        app.beep(1319, 120)
        if not app.pending_high:
            drop_module('scene_names')
        _after_ranking(app, now)
    else:
        _show_initials(app)


# -- ANALYSIS: points lost --
def enter_analysis(app, now):
    """Points lost by each human seat; straight on to the menu when there is no
    strategy table or no decision to judge. With the coach on, its list instead (every
    costly decision, a page each: ui/coach.py), then the menu."""
    if app.coach_mode:
        from ui.scene_learn import open_pages
        open_pages(app, PG_COACH, MENU, now)
        return
    rows = analysis_rows(app)
    if rows is None:
        app.go(MENU, now)
        return
    app.set_list('Points lost', [r[0] for r in rows], [r[1] for r in rows],
                 footer='' if app.log_complete else 'since resume')


def analysis_rows(app):
    """[(player name, points lost 'P.PP')] of each human seat against optimal play
    (yahtzee_core.analysis), or None without a strategy table or decisions."""
    g = app.game
    if g is None or app.logs is None or all(log is None for log in app.logs):
        return None
    planner = analysis_planner(app)
    if planner is None:
        return None
    from yahtzee_core.analysis import analyze
    rows = []
    for p in range(len(g.players)):
        log = app.logs[p]
        if log is None:
            continue
        try:
            v = analyze(planner, log).total
        except ValueError:      # a record the planner cannot judge: leave it out
            return None
        rows.append((app.player_name(p), '%d.%02d' % (v // 100, v % 100)))
    return rows or None
