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
    if not app.over_done:
        app.over_done = True
        _record_game(app)
        drop_module('scene_turn')   # the handovers are over
        if app.pending_high:
            big_moment(app, MOMENT_HIGH, now)
    items = []
    values = []
    for place, p, total in app.game.ranking():
        items.append('%d. %s' % (place, app.player_name(p)))
        values.append('%d' % total)
    app.set_list('Game over', items, values, footer='OK: continue')


def handle_over(app, action, now):
    if app.list_move(action):
        return
    if action == A.OK or action == A.BACK:
        _after_ranking(app, now)


def _record_game(app):
    """Count the finished game once (a replay after a power cut is skipped) and put
    qualifying human scores into the table, to be named next."""
    g = app.game
    r = app.records
    app.pending_high = []
    if app.game_id != r.last_game:
        r.last_game = app.game_id
        multi = len(g.players) > 1
        for place, p, total in g.ranking():
            if app.is_cpu(p):
                continue
            st = g.stats(p)
            r.add_game(total, st['yahtzees'], g.cards[p].upper_bonus > 0,
                       st['zeros'], multi and place == 1)
            if app.people_store is not None:    # per player name and ruleset
                if app.people is None:
                    from yahtzee_core.people import People
                    app.people = People()
                app.people.add_game(app.player_name(p), g.rules.id, total, st['yahtzees'],
                                    g.cards[p].upper_bonus > 0, multi and place == 1)
            spot = r.add_score(total, 'AAA', g.rules.id)
            if spot >= 0:
                # later insertions push earlier ones down
                for e in app.pending_high:
                    if e[0] >= spot:
                        e[0] += 1
                app.pending_high.append([spot, p])
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
    place, p = app.pending_high[0]
    score = app.records.high[place][0]
    from ui.scene_names import letters_text
    app.set_list('High score!', ['%s scored %d' % (app.player_name(p), score),
                                 'Name:  ' + letters_text(app)], ['', ''],
                 footer='OK next  BACK prev')


def handle_initials(app, action, now):
    from ui.scene_names import edit_letters
    if edit_letters(app, action) == 1:
        place, p = app.pending_high.pop(0)
        app.records.set_initials(place, bytes(app.initials).decode().replace('_', ' '))
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
