# Each ruleset family's own screens, in the folder its ruleset class names
# (yahtzee_core.rules.Ruleset.ui: 'families.yamb' is ui/families/yamb/). A family's
# package lists the parts it has (PARTS); the app asks a ruleset for a part by its role
# and never names a family. The lookup is asked only where the ruleset has a family
# (rules.ui), so the other rulesets never load this package. What the app calls on
# each part (None: the family adds nothing there, the plain screens serve it):
#
# card  its card and its turn, no displayio (MicroPython runs it in the app checks):
#       card_rows(app, card, rolled, items, values, rows) the card's list;
#       play_texts(app, cpu_text) or None, its words on the play view after the shared
#       ones; move(app, action, allowed) or None, the cursor keys of its card shown
#       whole (VIEW_CARD: its grid). A family's own features are asked for by their
#       rules (rules.hands: Poker Dice's enter_card, fill_note, hint, lines,
#       odds_items, odds_chance and the dice's faces, draw_faces; rules.column_orders:
#       Yamb's odds_rows and bind; the standings' par of a card of columns).
# grid  (where its card shows whole as a grid) grid_layout(app, dice), the grid's
#       entries; RULE_X, the rule between the names and the cells (None: no rule);
#       draw, its own drawing of an entry (None: ui/views/card.py's), where it draws
#       its own it scrolls its rows too (scroll, from_top).
# help  pages(rules, h), its own rules pages; howto(rules, legend, h), its how-to;
#       page_of_box(rules, b), the page a box's HELP opens, and box_help(rules, b, h),
#       a box's page where its boxes share pages. `h`: ui.help.rules' globals (an
#       import of it here would be an import circle).
#
# tests/test_ui_rulesets.py checks that every ruleset's parts import and provide these.


def family(rules, part):
    """The module `part` ('card', 'grid' or 'help') of the ruleset's own screens,
    imported if it is not loaded; None where the ruleset has no family (rules.ui '')
    or its family no such part."""
    if not rules.ui or part not in __import__('ui.' + rules.ui, None, None, ('_',)).PARTS:
        return None
    return __import__('ui.' + rules.ui + '.' + part, None, None, ('_',))
