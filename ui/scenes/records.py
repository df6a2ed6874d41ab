"""High scores (SCORES), one ruleset a page, and lifetime stats (STATS): every human
seat pooled, then one page per player name and ruleset (yahtzee_core.people). OK
turns the page (after the last, the main menu), BACK goes back to the menu (MENU).
Plain functions of the app; App.go loads them on first use and drops them again.
"""

from events import actions as A
from ui.codes import MENU, SCORES, STATS, RULES_NAMES, rules_name


def enter_scores(app, now):
    """One ruleset a page (OK: the next ruleset with scores)."""
    items = []
    values = []
    high = app.records.high
    rids = []
    for e in high:
        if e[2] not in rids:
            rids.append(e[2])
    rids.sort()
    if app.page and app.page >= len(rids):
        app.go(MENU, now)
        return
    rid = rids[app.page] if rids else -1
    for e in high:
        if e[2] == rid:
            items.append('%d %s' % (len(items) + 1, e[1]))
            values.append('%d' % e[0])
    if not items:
        items.append('No scores yet')
        values.append('')
    right = RULES_NAMES[rid] if 0 <= rid < len(RULES_NAMES) else ''
    _show_page(app, 'High scores' if len(right) < 10 else 'Scores', items, values,
               len(rids), right)


def _show_page(app, title, items, values, pages, right):
    more = app.page + 1 < pages
    app.set_list(title, items, values, title_right=right,
                 footer=('OK: next' if more else '') + ('' if app.saves.keeps_records else
                                                        ' not saved'))


def handle_pages(app, action, now):
    """SCORES and STATS: UP/DOWN scroll, OK the next page (after the last, the menu),
    BACK the menu."""
    if app.list_move(action):
        return
    if action == A.OK:
        app.page += 1
        app.go(app.scene, now)      # enter_* sends a page past the last to MENU
    elif action == A.BACK:
        app.go(MENU, now)


def enter_stats(app, now):
    """Page 0: every human seat of every game; then one page per player name and
    ruleset (yahtzee_core.people), most recently played first."""
    rows = app.people.rows if app.people is not None else ()
    if app.page > len(rows):
        app.go(MENU, now)
        return
    if app.page:
        p = rows[app.page - 1]
        items = ['Games', 'Average', 'Best', 'Yahtzees', 'Upper bonus', 'Wins']
        values = ['%d' % v for v in (p.games, p.average, p.best, p.yahtzees,
                                     p.upper_bonuses, p.wins)]
        name = rules_name(p.rules_id)
        if name:
            # one ruleset a page: perfect play's mean in it, beside the player's average
            # (level good's where no solver solves it: Maxi Yatzy); not where the
            # table is of something else than the totals averaged here (Balut's
            # points, Poker Dice's hands)
            from ui.hints import perfect_scores
            perfect = perfect_scores(app, name)
            if perfect is not None:
                from yahtzee_core.percentiles import GOOD
                if perfect.play <= GOOD:
                    items.insert(2, 'Good CPU avg' if perfect.play else 'Perfect avg')
                    values.insert(2, _tenths(perfect.mean_tenths))
        _show_page(app, p.name, items, values, len(rows) + 1,
                   RULES_NAMES[p.rules_id] if p.rules_id < len(RULES_NAMES) else '')
        return
    r = app.records
    items = ['Games', 'Average', 'Best', 'Yahtzees', 'Upper bonus', 'Wins', 'Zeros']
    # games counted once each; the average is per human seat
    values = ['%d' % v for v in (r.played, r.average, r.best, r.yahtzees, r.upper_bonuses,
                                 r.wins, r.zeros)]
    vs = r.versus_perfect()
    if vs is not None:
        # perfect play's mean over the same (rated) games, whatever their rulesets
        items.insert(2, 'Perfect avg')
        values.insert(2, _tenths(vs[1]))
        if r.rated != r.games:      # games from before the tables: compare rated ones
            items.insert(2, 'Rated avg')
            values.insert(2, _tenths(vs[0]))
    _show_page(app, 'Lifetime stats', items, values, len(rows) + 1, 'all')


def _tenths(v):
    return '%d.%d' % (v // 10, v % 10)


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {SCORES: (enter_scores, handle_pages, None),
          STATS: (enter_stats, handle_pages, None)}
