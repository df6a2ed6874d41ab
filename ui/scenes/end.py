"""The end of a game: the ranking (OVER) and points lost against optimal play
(ANALYSIS), after which the main menu (MENU); each new high score is named first
(INITIALS, ui/scenes/names.py), and with the coach on its list (PAGES) stands in for
the analysis. Entering OVER counts the finished game in the records once. Plain
functions of the app."""

from events import actions as A
from ui.codes import (MENU, OVER, INITIALS, ANALYSIS, PAGES, DLG_NONE, PG_COACH, MOMENT_HIGH,
                      MOMENT_WON)
from ui.saves.store import save_records, save_people, clear_game
from ui.hints import analysis_planner, perfect_scores
from ui import hints
from ui.seats import big_moment


# -- OVER: the ranking --
def over(app, now):
    """The ranking; a finished game is counted first (App.over_done). (Names the app
    has already: a board compiling .py interns each new one, and the game's end would
    take a seventh pool of them: docs/ARCHITECTURE.md.)"""
    app.dialog = DLG_NONE
    app.tumbling = False
    perfect = perfect_scores(app, app.game.rules.name)
    if not app.over_done:
        app.over_done = True
        if record(app, perfect):
            big_moment(app, MOMENT_HIGH, now)
        elif app.game.rules.hands and won(app):    # Poker Dice: its own terms
            big_moment(app, MOMENT_WON, now)
    w = app.game.winner         # Generala served: the game ended at once
    items = ['%s %s' % (app.player_name(w), 'wins')] if w >= 0 else []
    values = [''] * len(items)
    ranking = app.game.ranking()
    goals = app.game.rules.goals is not None     # won on points (Balut): points, total
    rules = app.game.rules
    for place, p, total in ranking:
        items.append('%d. %s' % (place, app.player_name(p)))
        values.append('%dp' % rules.game_points(app.game.cards[p].scores) + ' %d' % total
                      if goals else '%s %s' % (total, 'won') if rules.hands else '%d' % total)
    if perfect is not None and w < 0:   # (not for unfinished cards)
        kind = perfect.play     # percentiles.PERFECT (0), GOOD, GOOD_POINTS, PERFECT_HANDS
        n = len(items)
        if rules.hands:         # Poker Dice (PERFECT_HANDS): each human's best hand
            from ui.families import family      # (its family's card)
            family(rules, 'card').lines(app, perfect, items, values)
        else:
            # where each human's score falls among games of perfect play (or, for a
            # ruleset no solver solves, of level good's: the table says which; Balut's
            # is of its points, what its players are ranked by)
            points = goals      # Balut (GOOD_POINTS)
            for place, p, total in ranking:
                if not app.is_cpu(p):
                    v = rules.game_points(app.game.cards[p].scores) if points else total
                    items.append('%d%s: better than %d%%' % (v, 'p' if points else '',
                                                             perfect.better_than(v)))
                    values.append('')
        if len(items) > n:              # whose games (turns): perfect play's, or level good's
            items.append('of perfect turns' if rules.hands else
                         'of good CPU games' if kind else 'of perfect games')
            values.append('')
    app.set_list('GENERALA SERVIDA' if w >= 0 else 'Game over', items, values,
                 footer='OK: continue')


def handle(app, action, now):
    """OK or BACK: from the ranking on to the names of new high scores, then the
    points lost; from those, the menu."""
    if app.list_move(action):
        return
    if action == A.OK or action == A.BACK:
        app.go(MENU if app.scene == ANALYSIS else INITIALS if app.pending_high else ANALYSIS,
               now)


def record(app, perfect):
    """Count the finished game once (a replay after a power cut is skipped) and put
    qualifying human scores into the table, to be named next; with perfect play's
    table the game is rated (its mean kept beside the player's score; level good's
    table, Balut's points and Poker Dice's hands rate nothing). A seat with initials
    (entered at setup) is in the table by them; only the others are asked (INITIALS).
    True when a score entered the table."""
    g = app.game
    r = app.records
    app.pending_high = []
    # a game won at once (Generala served) ends with cards unfinished: it enters no
    # high score and no lifetime stats (their averages are of whole games)
    if app.game_id != r.last_game and g.winner < 0:
        r.last_game = app.game_id
        several = len(g.players) > 1
        if 'human' in g.players:
            r.played += 1       # the game once, however many humans played it
        for place, p, total in g.ranking():
            if app.is_cpu(p):
                continue
            stats = g.stats(p)
            r.add_game(total, stats['yahtzees'], g.cards[p].upper_bonus > 0,
                       stats['zeros'], several and place == 1,     # rated: perfect's only
                       None if perfect is None or perfect.play else perfect.mean_tenths)
            if app.saves.keeps_people:          # per player name and ruleset
                if app.people is None:
                    from yahtzee_core.people import People
                    app.people = People()
                app.people.add_game(app.player_name(p), g.rules.id, total, stats['yahtzees'],
                                    g.cards[p].upper_bonus > 0, several and place == 1)
            # Poker Dice's rounds won are no score (a lone seat wins all five; more
            # seats, fewer): its games count in the stats, not the high scores
            entry = None if g.rules.hands else r.add_score(total, app.player_name(p),
                                                           g.rules.id)
            if entry is not None:
                app.pending_high.append([entry, p])
        # a later seat's score may have pushed an earlier one out again
        app.pending_high = [e for e in app.pending_high if any(x is e[0] for x in r.high)]
        save_records(app)
        save_people(app)
    high = bool(app.pending_high)
    people = app.people
    if people is not None:
        app.pending_high = [e for e in app.pending_high if not people.names[e[1]]]
    clear_game(app)
    return high


def won(app):
    """A human seat placed first in a game of several seats."""
    g = app.game
    if len(g.players) < 2:
        return False
    for place, p, _ in g.ranking():
        if place == 1 and not app.is_cpu(p):
            return True
    return False


# -- ANALYSIS: points lost --
def analysis(app, now):
    """Points lost by each human seat; straight on to the menu when there is no
    strategy table or no decision to judge. With the coach on, its list instead (every
    costly decision, a page each: ui/coach.py), then the menu."""
    if app.settings.coach_mode:
        app.open(PAGES, now, PG_COACH, back=MENU)
        return
    rows = lost(app)
    if rows is None:
        app.go(MENU, now)
        return
    app.set_list('Points lost', [r[0] for r in rows], [r[1] for r in rows],
                 footer='' if hints.log_complete else 'since resume')


def lost(app):
    """[(player name, points lost 'P.PP')] of each human seat against optimal play
    (yahtzee_core.analysis), or None without a strategy table or decisions."""
    g = app.game
    if g is None or hints.logs is None or all(log is None for log in hints.logs):
        return None
    planner = analysis_planner(app)
    if planner is None:
        return None
    from yahtzee_core.analysis import analyze
    rows = []
    for p in range(len(g.players)):
        log = hints.logs[p]
        if log is None:
            continue
        try:
            v = analyze(planner, log).total
        except ValueError:      # a record the planner cannot judge: leave it out
            return None
        rows.append((app.player_name(p), '%d.%02d' % (v // 100, v % 100)))
    return rows or None


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {OVER: (over, handle, None), ANALYSIS: (analysis, handle, None)}
