"""Poker Dice on the screens (loaded only for it): the dice as the cards 9 10 J Q K A,
the play view's texts (the hand, the hand to beat, the rounds won per seat), the
card's rows (each round's hand, and whether it won) and the handovers' line. No
displayio here (the dice sheet is the views' bitmap): MicroPython runs it in the app
checks."""

from ui.codes import CPU
from ui.views.tiny_font import CHARS, GLYPHS, fill
from yahtzee_core.variants.poker_dice import HANDS, hand_kind
from ui import seats

CARDS = ('', '9', '10', 'J', 'Q', 'K', 'A')     # face 1..6
# The hands' names in ten characters or fewer, worst first (HANDS' order).
SHORT = ('Nothing', 'Pair', 'Two pairs', 'Three', 'Low str', 'High str', 'Full house',
         'Four', 'Five')
move = None         # its card is a list, never a grid


def draw_faces(bmp, size):
    """Draw the cards over the pips of the dice sheet's faces (ui/views/views.py
    make_dice_sheet: tile f is face f, tile 8 + f held, inverted): the 3x5 font
    at twice its size, centred."""
    for tile in range(1, 15):
        if tile == 7 or tile == 8:
            continue
        held = tile > 8
        x0 = tile * size
        fill(bmp, x0 + 2, 2, size - 4, size - 4, 1 if held else 0)   # the pips go
        text = CARDS[tile - 8 if held else tile]
        x = x0 + (size - 8 * len(text) + 2) // 2
        y = (size - 10) // 2
        for ch in text:
            bits = GLYPHS[CHARS.find(ch)]
            for row in range(5):
                for col in range(3):
                    if bits >> (3 * (4 - row) + 2 - col) & 1:
                        fill(bmp, x + 2 * col, y + 2 * row, 2, 2, 0 if held else 1)
            x += 8


def hand_of(g):
    """The rank of the dice in play (0..251)."""
    return g.rules.score(g.dice, 0)


def scores(g, own):
    """The rounds won per seat, 'a-b-c', where four seats or fewer; else the seat's."""
    n = len(g.cards)
    if n > 4:
        return '%d' % g.cards[own].total
    return '-'.join(['%d' % c.total for c in g.cards])


def play_texts(app, cpu_text=None):
    """The play view's texts for Poker Dice (ui/turns.py update_play_texts): the
    header, the seat, round, rolls left and every seat's rounds won; line a the hand
    and how it stands against the hand to beat; line b the hand to beat, or how to
    stand. 128x32: the hand in the header, a short prompt at the side."""
    v = app.view
    g = app.game
    p = g.current
    card = g.card
    left = g.rolls_left
    beat = card.beat
    v.header_right = scores(g, p)
    v.header_left = '%s R%d %d left' % (app.player_name(p), g.round, left)
    rank = hand_of(g) if g.rolled else -1
    if rank < 0:
        hand = ''
        v.line_a = 'Shake to roll' if app.settings.has_shake else 'OK to roll'
    else:
        hand = HANDS[hand_kind(rank)]
        v.line_a = hand + ('' if beat < 0 else ' wins' if rank > beat else
                             ' ties' if rank == beat else ' loses')
    stand = g.rolled and (left == 0 or _all_held(g))
    if app.scene == CPU:    # (its box's name and points, the rank: 'Stands' instead)
        v.line_b = 'Stands' if cpu_text and cpu_text[:5] == 'Round' else \
            cpu_text or 'Computer plays'
    elif stand:
        v.line_b = 'OK: stand on it'
    elif beat >= 0:
        v.line_b = 'Beat ' + HANDS[hand_kind(beat)]
    elif g.rolled:
        v.line_b = 'Hold all %d: stand' % len(g.dice)
    else:
        v.line_b = 'First to play'
    if app.small_screen:
        v.header_left = '%s %s' % (app.player_name(p), SHORT[hand_kind(rank)] if hand
                                     else 'R%d' % g.round)
        v.line_a = 'OK:std' if stand else ('>' + SHORT[hand_kind(beat)])[:6] \
            if beat >= 0 else '%d left' % left


def _all_held(g):
    for h in g.held:
        if not h:
            return False
    return True


def enter_card(app, seat, fill, now):
    """The card scene (ui/scenes/card.py) for Poker Dice: the seat's card as a list
    (each round's hand); with a hand to stand on, its first row stands on it (OK, the
    cursor starts there; scene_card fills the round's box), as OK does on the dice
    after the last roll. Read only otherwise."""
    g = app.game
    card = g.cards[seat]
    items = []
    values = []
    rows = []
    pts = app.pts
    for b in range(len(pts)):
        pts[b] = 255
    if fill:
        box = card.round_box
        pts[box] = hand_of(g)
        items.append('Stand: ' + SHORT[hand_kind(pts[box])])
        values.append('OK')
        rows.append(box)
    card_rows(app, card, fill, items, values, rows)
    if fill:            # the rounds' rows take no cursor: the stand row is the pick
        for r in range(1, len(rows)):
            rows[r] = -1
    app.rows = rows
    app.set_list(app.player_name(seat), items, values, cursor=0,
                 title_right='%d won' % card.total, footer='BACK: the dice' if fill else
                 'Won %d%s' % (card.total, '  read only' if g.rolled or seat != g.current
                               else ''))


def card_rows(app, card, rolled, items, values, rows):
    """The card's list: each round's hand (W where it won a round every seat has
    played), then the rounds won (the same whether rolled or not: the stand row is
    enter_card's)."""
    for b in range(len(card.scores)):
        items.append(app.box_label(b))
        s = card.scores[b]
        values.append('' if s == 255 else SHORT[hand_kind(s)] + (
            ' W' if s == card.best(b) and card.decided(b) else ''))
        rows.append(b)
    items.append('Rounds won')
    values.append('%d' % card.total)
    rows.append(-1)


def fill_note(app, p, rank):
    """The handovers' line for a hand stood on, 'NAME: Full house' (ui/turns.py
    note_fill: the last few fills)."""
    name = app.player_name(p)
    s = seats.summaries
    s.append('%s: %s' % (name, HANDS[hand_kind(rank)][:app.settings.text_cols - 2 - len(name)]))
    del s[:-7]


def odds_items():
    """The Odds screen's rows: the hands, best first, down to one pair (any hand is
    at least nothing)."""
    out = []
    for k in range(len(HANDS) - 1, 0, -1):
        out.append(HANDS[k])
    return out


def odds_chance(app, row):
    """(chance in 1/10,000, dice to keep or None) of standing on row's hand or better
    this turn, played for it from the dice in play (yahtzee_core/poker_planner.py)."""
    from yahtzee_core.poker_planner import PokerPlanner
    from yahtzee_core.variants.poker_dice import KIND_AT
    g = app.game
    planner = PokerPlanner(g.rules)
    return planner.chance(g.card, tuple(g.dice) if g.rolled else None, g.rolls_left,
                          KIND_AT[len(HANDS) - 1 - row])


def hint(app, src):
    """The hint dialog's lines (ui/hints.py show_hint) for Poker Dice: the dice to keep
    (as cards), or to stand, and the chance to win the round that way where the hand
    is played against others; before the roll, the odds of each hand."""
    g = app.game
    lines = app.view.dialog_lines
    card = g.card
    if not g.rolled:
        app.hint = ('odds', None)
        lines[1] = 'Roll all %d dice' % len(g.dice)
        lines[2] = 'OK: odds per hand'
        return
    value = -1
    kept = tuple(sorted(g.dice))
    if g.rolls_left > 0:
        options = src.hold_options(card, g.dice, g.rolls_left)
        value, kept = options[0]
        for v, k in options:        # standing, where it is as good: no roll for nothing
            if v == value and len(k) == len(g.dice):
                kept = k
    if len(kept) < len(g.dice):
        app.hint = ('hold', kept)
        lines[1] = 'Keep ' + (' '.join([CARDS[d] for d in kept]) if kept else 'none')
        lines[2] = 'OK roll  BACK no'
    else:
        app.hint = ('box', card.round_box)
        lines[1] = 'Stand on it'
        lines[2] = 'OK stand  BACK no'
    if value >= 0 and (card.beat >= 0 or card.after):   # a chance to win the round
        lines[0] = 'Hint, win %d%%' % ((value * 100 + 32767) // 65535)


def lines(app, table, items, values):
    """Game over's lines (ui/scenes/end.py) from the table of a turn's final hand
    (yahtzee_core.percentiles, PERFECT_HANDS): 'Best hand' ('Best hands' for more
    than one human), then each human's best hand of the game, 'Ann: Full house', and
    'better than 91%' (of perfect play's turns)."""
    g = app.game
    at = len(items)
    for p in range(len(g.cards)):
        if app.is_cpu(p):
            continue
        best = max(g.cards[p].scores)       # every round filled: ranks 0..251
        name = app.player_name(p)
        items.append('%s: %s' % (name, HANDS[hand_kind(best)][:app.settings.text_cols - 2 - len(name)]))
        items.append('better than %d%%' % table.better_than(best))
    if len(items) > at:
        items.insert(at, 'Best hand' if len(items) - at == 2 else 'Best hands')
    for _ in range(len(items) - len(values)):
        values.append('')
