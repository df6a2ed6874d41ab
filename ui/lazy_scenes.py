"""The scenes a one-seat game never needs, loaded on first use: two-line stubs here
(small, so resident for little) import their module when the scene is entered or
handled, and drop_module lets that code leave RAM again once it is done with.

    TURN, STANDINGS   ui/scene_turn.py     handovers, standings
    NAMES             ui/scene_names.py    the seats' initials at setup
    SCORES, STATS     ui/scene_records.py  high scores and lifetime stats, in pages
    PAGES, ODDS       ui/scene_learn.py    rules pages, how-to, legend; the Odds screen
                                           (help texts and odds tables in RAM only while
                                           one of them is on screen)
"""


def drop_module(name):
    """Let a lazily loaded ui module's code leave RAM (imported again when needed)."""
    import sys
    import ui
    sys.modules.pop('ui.' + name, None)
    ui.__dict__.pop(name, None)


# TURN and STANDINGS (ui/scene_turn.py): games of one seat never need them.
def enter_turn(app, now):
    from ui import scene_turn
    scene_turn.enter_turn(app, now)


def handle_turn(app, action, now):
    from ui import scene_turn
    scene_turn.handle_turn(app, action, now)


def enter_standings(app, now):
    from ui import scene_turn
    scene_turn.enter_standings(app, now)


def handle_standings(app, action, now):
    from ui import scene_turn
    scene_turn.handle_standings(app, action, now)


# NAMES (ui/scene_names.py)
def enter_names(app, now):
    from ui import scene_names
    scene_names.enter_names(app, now)


def handle_names(app, action, now):
    from ui import scene_names
    scene_names.handle_names(app, action, now)


# SCORES and STATS (ui/scene_records.py)
def enter_scores(app, now):
    from ui import scene_records
    scene_records.enter_scores(app, now)


def enter_stats(app, now):
    from ui import scene_records
    scene_records.enter_stats(app, now)


def handle_records(app, action, now):
    from ui import scene_records
    scene_records.handle_pages(app, action, now)


# PAGES and ODDS (ui/scene_learn.py)
def enter_pages(app, now):
    from ui import scene_learn
    scene_learn.enter_pages(app, now)


def handle_pages(app, action, now):
    from ui import scene_learn
    scene_learn.handle_pages(app, action, now)


def enter_odds(app, now):
    from ui import scene_learn
    scene_learn.enter_odds(app, now)


def handle_odds(app, action, now):
    from ui import scene_learn
    scene_learn.handle_odds(app, action, now)


def odds_step(app):
    """App.tick on ODDS: one more row of figures a frame (scene_learn.odds_step)."""
    from ui import scene_learn
    scene_learn.odds_step(app)
