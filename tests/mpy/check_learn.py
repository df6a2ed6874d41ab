# The learning screens under MicroPython and 32-bit CircuitPython (ui/scenes/learn.py,
# ui/help/text.py, ui/coach.py, yahtzee_core/odds.py): the first-boot how-to, the rules
# pages, the Odds screen, the coach's records through a save and a resume, and the RAM
# they give back when they close. Run by tests/test_ui_learn.py; prints "learn checks
# passed".
import gc
import sys

from events import actions as A
from ui import app as ui_app
from ui.codes import PG_HOWTO, PG_RULES, PG_COACH

from hardware.profiles import get as board_profile
from lcg_dice import Dice

nvm = bytearray(b"\xff" * 1024)
pico = board_profile("default")    # the board the button legend describes
app = ui_app.App(storage=nvm, rng=Dice(5), now_ms=0, first_howto=True, profile=pico)


def press(*actions):
    for a in actions:
        app.handle(a, 0)


assert app.scene == ui_app.PAGES and app.page_kind == PG_HOWTO, app.scene
while app.scene == ui_app.PAGES:
    press(A.OK)
assert app.scene == ui_app.MENU
assert ui_app.App(storage=nvm, rng=Dice(5), now_ms=0, first_howto=True,
                  profile=pico).scene == ui_app.MENU
gc.collect()
base = gc.mem_alloc()

# the rules: a page per box, then the buttons
while app.items[app.cursor] != "Rules":
    press(A.DOWN)
press(A.OK)
assert app.scene == ui_app.PAGES and app.page_kind == PG_RULES
titles = []
for _ in range(14):
    titles.append(app.title)
    press(A.RIGHT)                  # the next page (OK shows the rest of a page first)
assert titles[0] == "Aces" and titles[12] == "Chance" and titles[13] == "Buttons", titles
press(A.BACK)
assert app.scene == ui_app.MENU and "ui.help.text" not in sys.modules
gc.collect()
print("heap rules closed", gc.mem_alloc() - base)


# a game; the Odds screen before the first roll and with dice
while app.items[app.cursor] != "New game":
    press(A.DOWN)
press(A.OK)
while app.items[app.cursor] != "Start game":
    press(A.DOWN)
press(A.OK)
assert app.scene == ui_app.PLAY
press(A.HINT)
assert app.dialog_lines[0] == "Hint (no table)" and app.dialog_lines[2] == "OK: odds per box"
press(A.OK)                         # a fresh turn's figures: stored, no chase
assert app.scene == ui_app.ODDS and len(app.items) == 13, app.items
fresh = app.values[11]              # Yahtzee
assert "yahtzee_core.odds" not in sys.modules
press(A.BACK, A.OK)                 # roll
dice = tuple(app.game.dice)
gc.collect()
base = gc.mem_alloc()
press(A.BACK)                       # the pause menu's Odds
while app.items[app.cursor] != "Odds":
    press(A.DOWN)
press(A.OK)
assert app.scene == ui_app.ODDS and app.title_right == "2 left", app.title_right
assert app.values[4] == "...", app.values      # below the screen: one a frame
while "..." in app.values:
    app.tick(0)
shown = app.values[11]
gc.collect()
print("heap odds open", gc.mem_alloc() - base)
press(A.BACK)
assert app.scene == ui_app.PAUSE and "yahtzee_core.odds" not in sys.modules
press(A.BACK)
gc.collect()
print("heap odds closed", gc.mem_alloc() - base)
from yahtzee_core.odds import chase
c, p, k = chase(app.game.rules, "yahtzee")
assert fresh.startswith("%d%%" % ((c + 50) // 100)), (fresh, c)
c, p, k = chase(app.game.rules, "yahtzee", dice, 2)
assert shown.startswith("%d%%" % ((c + 50) // 100)) or c < 100, (shown, c)
del chase
from yahtzee_core.rules import forget
forget("odds")

# the coach without a table: it says so, and the list at the end says so
app.coach_mode = 1
press(A.OK)                         # roll all again (a decision)
assert app.dialog_lines[:3] == ["Coach", "unavailable:", "no strategy table"], app.dialog_lines
press(A.BACK)

# the coach's records go with the game's save and come back with a resume
from ui import coach
coach.add(app, 0, 1, (6, 6, 6, 6, 6), 0, 0, 11, 2345)
coach.add(app, 0, 2, (1, 2, 6, 6, 6), 2, 0, 83, 1002)
from ui.saves.store import save_game
save_game(app)
back = ui_app.App(storage=nvm, rng=Dice(6), now_ms=0, profile=pico)
assert back.saved and bytes(back.coach) == bytes(app.coach), (back.coach, app.coach)
assert coach.record(back, 1) == (0, 2, 232, 2, 0, 83, 1002), coach.record(back, 1)
back.coach_mode = 1
back.game = back.game       # the resumed game: its list page by page
back.open(ui_app.PAGES, 0, PG_COACH, 1, back=ui_app.MENU)
assert back.title == "R1 6 6 6 6 6" and back.title_right == "-23.45", (back.title, back.title_right)


# Triple Yahtzee's rules with duplicate play on: 39 boxes (ui/help/rules.py), its
# Columns page, the Duplicate page, the buttons. Twice: the second time adds nothing
# the first did not (the first interns a few names and grows a few tables for good).
def family_rules(menu):
    menu.setup_rules = 8
    menu.setup_duplicate = True
    while menu.items[menu.cursor] != "Rules":
        menu.handle(A.DOWN, 0)
    menu.handle(A.OK, 0)
    titles = []
    for _ in range(42):
        titles.append(menu.title)
        menu.handle(A.RIGHT, 0)     # the next page
    assert titles[0] == "Aces x1" and titles[38] == "Chance x3", titles
    assert titles[39:] == ["Columns", "Duplicate", "Buttons"], titles[39:]
    menu.handle(A.BACK, 0)
    menu.setup_rules = 0
    menu.setup_duplicate = False
    assert "ui.help.text" not in sys.modules and "ui.help.rules" not in sys.modules
    # the ruleset stays built for the next game (yahtzee_core.ruleset shares it): let
    # it go here, so what is left is what the pages left
    from yahtzee_core import variants
    del variants.built["triple-yahtzee"]
    sys.modules.pop("yahtzee_core.variants.triple_yahtzee")
    sys.modules["yahtzee_core.variants"].__dict__.pop("triple_yahtzee", None)


app = None                          # room for them: one app, no game
back.game = None
back.go(ui_app.MENU, 0)
gc.collect()
family_rules(back)
gc.collect()
base = gc.mem_alloc()
family_rules(back)
gc.collect()
print("heap family again", gc.mem_alloc() - base)
print("learn checks passed")
