"""What perfect play gives the app, for any scene: hints from the strategy table (the
hint dialog and applying it), the points-lost yardstick, each human seat's decision
log, and perfect play's score percentiles. Plain functions of the app."""

from ui.codes import PLAY, ODDS, DLG_NONE, DLG_HINT, DLG_NOTE, COACH_ALWAYS, COACH_BEST
from ui.saves.store import save_game


def table_for(app, rules):
    """The strategy table file for a ruleset: table_path may be a callable, a pattern
    with %s for the ruleset name, or one path; None when there is none."""
    t = app.settings.table_path
    if t is None:
        return None
    if callable(t):
        return t(rules)
    if '%s' in t:
        return t % rules.name
    return t


hint_tried = False      # hint_source was asked this game (App.end_game: not again)


def hint_source(app):
    """Where hints come from: yahtzee_core.ranking.Hints (the strategy table, or level
    `good` when there is none: then .fallback is True), or None when neither works."""
    global hint_tried
    if not hint_tried and app.game is not None:
        hint_tried = True
        src = None
        rules = app.game.rules
        try:
            if app.hints_factory is not None:
                src = app.hints_factory(rules)
            else:
                from yahtzee_core.ranking import Hints
                src = Hints(rules, table_for(app, rules))
        except (ImportError, OSError, ValueError, KeyError):   # no hints to give
            src = None
        app.hint_source = src
    return app.hint_source


def hints_available(app):
    return app.hints and app.game is not None and hint_source(app) is not None


def show_hint(app):
    """The best hold (or box) for the dice now, as a dialog, with its expected final
    score ("final": the total a game played best from here ends with on average; the
    button legend says so) where the strategy table gives it. Without one the hint is
    level good's and shows no score: good's own estimates are no expected final score
    (a fitted guess, or for Yamb and Balut a turn's gains), so the title says whose
    move it is instead."""
    g = app.game
    if not hints_available(app) or g.over or app.is_cpu(g.current):
        return
    src = hint_source(app)
    exact = not getattr(src, 'fallback', False)
    lines = app.view.dialog_lines
    lines[0] = 'Hint' if exact else 'Hint (no table)' if g.rules.solved else 'Hint (CPU good)'
    app.hint = None
    if g.rules.hands:    # Poker Dice: to win the round (its family's card)
        from ui.families import family
        family(g.rules, 'card').hint(app, src)
    elif not g.rolled:
        # before the first roll: the expected final score, and OK shows the odds
        app.hint = ('odds', None)
        lines[1] = 'Exp. final ' + final_score(100 * g.card.total +
                                              src.planner.expected_remaining(g.card)) \
            if exact else 'Roll all %d dice' % len(g.dice)
        lines[2] = 'OK: odds per box'
    elif _announce_needed(app, g):
        # Yamb with only Announce boxes open: no box and no roll until the turn
        # announces one; the box level good would bind it to
        b = src.planner.best_announce(g.card, g.dice)
        app.hint = ('announce', b)
        lines[1] = 'Announce ' + app.box_label(b, 9)
        lines[2] = 'OK: announce it'
    else:
        kept = None
        if g.rolls_left > 0:
            value, kept = src.hold_options(g.card, g.dice, g.rolls_left, True)[0]
        if kept is not None and len(kept) < len(g.dice):
            app.hint = ('hold', kept)
            lines[1] = 'Keep ' + (' '.join(['%d' % d for d in kept]) if kept else 'none')
            lines[2] = 'OK roll  BACK no'       # the keys' legend (a line holds 18)
        else:
            # the roll the dice come from, as Game.fill scores them (served points,
            # Yamb's straight)
            value, box = src.box_options(g.card, g.dice,
                                         g.rules.turn_rolls - g.rolls_left)[0]
            app.hint = ('box', box)
            lines[1] = 'Score ' + app.box_label(box, 12)
            lines[2] = 'OK score  BACK no'
        if exact:
            lines[0] = 'Hint, final ' + final_score(value)
    app.dialog = DLG_HINT
    app.touch()


def tick(app):
    """An idle frame's share of the next decisions' work, on the dice of a human's turn
    (ui/scenes/play.py): with a hint planner that works ahead
    (yahtzee_core.planner_room, where the heap has room), a step for this seat's card,
    then, once its dice are final, for the next seat's computer (its card will not
    change before its turn). A frame with something new to draw (the dice landing, a
    key's answer) is left alone: the step waits for the next quiet frame. (Only names
    the game's code already has: a board compiling .py would intern new ones.)"""
    g = app.game
    src = app.hint_source if app.hints else None
    v = getattr(getattr(src, 'planner', None), 'version', None)    # (one that works ahead)
    if v is None or g is None or g.over:
        return
    # this turn's state, which a negative version marks as worked ahead: the frames
    # after it (a banner's flashes) allocate nothing
    at = -1 - ((g.round * 8 + g.current) * 4 + g.rolls_left)
    planner = src.planner
    if v == at:
        return
    if v != app.version:
        planner.version = app.version
        return
    p = g.current
    # once the dice are final only a box is left to choose, which needs no hold
    # values: a step for this seat then would undo the computer's (a perfect computer
    # plays by this planner, whose values are kept for one state), and each would
    # work the other's out again on every quiet frame to the end of the turn
    if g.rolls_left and not planner.tick(g.cards[p]):
        return
    p = (p + 1) % len(g.players)
    if app.bots is not None and g.rolls_left == 0 and app.is_cpu(p):
        step = getattr(getattr(app.bots[p], 'planner', None), 'tick', None)
        if step is not None and not step(g.cards[p]):
            return
    planner.version = at


def _announce_needed(app, g):
    """Yamb: the core lets this rolled turn fill no box and roll no more (may_roll)
    until it announces."""
    return g.rules.column_orders is not None and not g.options() and not g.rules.may_roll(g)


def final_score(hundredths):
    """An expected final score to one decimal: '233.2'."""
    t = (hundredths + 5) // 10
    return '%d.%d' % (t // 10, t % 10)


def apply_hint(app, now):
    """OK on the hint dialog, one press as on a handheld: before the roll the odds;
    Yamb's announce: bind the turn to the box, back to the dice; a hold: hold the dice
    it keeps and return 'roll' (the app rolls the rest); a box:
    return 'fill' (the app fills app.hint's box; the handover or the pause menu can
    take it back). None when nothing more is to do."""
    h = app.hint
    app.dialog = DLG_NONE
    app.touch()
    if h is None:
        return None
    g = app.game
    if h[0] == 'odds':
        app.open(ODDS, now)         # from the dice (PLAY): BACK comes back to them
        return None
    if h[0] == 'announce':          # Yamb's announce step: announce (or not), roll on
        if h[1] >= 0:               # (its family's card binds the turn to the box)
            from ui.families import family
            family(g.rules, 'card').bind(app, h[1])
        app.go(PLAY, now)
        return None
    if h[0] == 'hold':
        from yahtzee_core.bots import held_flags
        flags = held_flags(g.dice, h[1])
        for i in range(len(g.dice)):
            g.held[i] = flags[i]
        save_game(app)
        app.sync_dice()
        return 'roll'
    return 'fill'


def analysis_planner(app):
    """The optimal-play planner the points-lost analysis judges against: only from a
    real strategy table (level `good` is no yardstick), else None. Without a table
    file the answer is None at once: making the hint source only to find it is level
    good's took a planner's code and arrays (7 KB on a board) at the coach's every
    game."""
    if app.hints_factory is None and app.game is not None and \
            table_for(app, app.game.rules) is None:
        return None
    src = hint_source(app)
    if src is None or getattr(src, 'fallback', True):
        return None
    return getattr(src, 'planner', None)


# -- decision log (for the points-lost analysis) --
# yahtzee_core.analysis.DecisionLog, one per human seat: 8 bytes a decision, each
# carrying the card state it was made in (so a resumed game still counts). Module
# globals: App.new_game_state sets them for a new or resumed game.
logs = None             # a DecisionLog per human seat (None for a CPU)
log_complete = True     # False after a resume: early decisions are gone


def seat_log(app, g):
    global logs
    if logs is None:
        if g.rules.n_boxes > 16 or g.rules.n_dice > 5 or table_for(app, g.rules) is None \
                and app.hints_factory is None or g.rules.hands:
            # no table, no analysis (nor past the 16 boxes a log record holds: Triple
            # Yahtzee; nor six dice, past the byte a roll index has and unsolved;
            # nor in points for Poker Dice, whose turns are won, not scored):
            # nothing to log, and the log's code stays unloaded
            logs = [None] * len(g.players)
        else:
            from yahtzee_core.analysis import DecisionLog
            logs = [None if k != 'human' else DecisionLog() for k in g.players]
    return logs[g.current]


def log_hold(app, g):
    log = seat_log(app, g)
    if log is not None:
        log.hold(g.card, g.dice, g.rolls_left, g.held)
    _coach(app, g, g.rolls_left, log.record(len(log) - 1)[5] if log is not None else -1)


def log_box(app, g, b):
    log = seat_log(app, g)
    if log is not None:
        log.box(g.card, g.dice, b)
    _coach(app, g, 0, b)


def _coach(app, g, rolls_left, choice):
    # a human's decision for the coach; without a table there is no log (choice -1)
    # and the coach only says that it cannot judge
    if app.settings.coach_mode and g.players[g.current] == 'human':
        from ui import coach
        coach.judge(app, g, rolls_left, choice, analysis_planner(app))


def coach_say(app):
    """The coach's note on the decision just made (ui/coach.py: one or two lines
    joined by a newline), as a dialog. On "always" every roll brings its hint (OK
    follows it) and a best move costs no press: its note heads that hint, or shows on
    the play view's note line when no hint is to give (the handover shows it itself)."""
    best = app.coach_note == COACH_BEST
    if app.settings.coach_mode == COACH_ALWAYS and (best or not app.coach_note):
        app.coach_note = ''
        g = app.game
        if app.scene == PLAY and g.rolled and not g.over:
            show_hint(app)          # every roll's hint, the first roll's too
            if app.dialog == DLG_HINT:
                if best:        # 'Best, final 233.2' (no score without a table)
                    lines = app.view.dialog_lines
                    lines[0] = 'Best,' + lines[0][5:] if lines[0][:5] == 'Hint,' \
                        else 'Best move'
                return
        if best and app.scene == PLAY:
            app.note('Coach: best move')
        return
    if app.coach_note:
        lines = app.view.dialog_lines
        lines[0] = 'Coach'
        lines[1], lines[2] = app.coach_note.split('\n')
        if not lines[2]:
            lines[2] = 'any key: close'
        app.coach_note = ''
        app.dialog = DLG_NOTE
        app.touch()


def perfect_scores(app, name):
    """Perfect play's percentile table of ruleset `name` (yahtzee_core.percentiles),
    or None when the app has none or it cannot be read. App(percentile_path=...): a
    pattern with %s for the ruleset name, or a callable(name) returning a path or
    the table's bytes; None shows nothing."""
    src = app.settings.percentile_path
    if src is not None:
        src = src(name) if callable(src) else src % name
    if src is None:
        return None
    from yahtzee_core.percentiles import PerfectScores
    try:
        return PerfectScores.load(src) if isinstance(src, str) else PerfectScores(src)
    except ValueError:      # PercentileError
        return None


def announce_hint(app):
    """HINT on the announce step: the planner's advice (level good's Yamb planner:
    yahtzee_core/yamb_planner.py best_announce, as the computer seats announce) as the
    hint dialog, OK follows it (apply_hint); without hints, what the step
    asks, in a note."""
    g = app.game
    lines = app.view.dialog_lines
    planner = hint_source(app).planner if hints_available(app) else None
    if planner is None or not hasattr(planner, 'best_announce'):
        lines[0] = 'Announce?'
        lines[1] = 'Bind the turn to a'     # (a dialog line holds 18)
        lines[2] = 'box, or play on'
        app.dialog = DLG_NOTE
    else:
        b = planner.best_announce(g.card, g.dice)
        app.hint = ('announce', b)
        lines[0] = 'Hint'
        lines[1] = 'Announce ' + app.box_label(b, 11)[:-2] if b >= 0 else 'No announce'
        lines[2] = 'OK do it  BACK no'
        app.dialog = DLG_HINT
    app.touch()
