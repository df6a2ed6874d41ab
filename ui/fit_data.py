"""What setup decides by which games fit (ui/scenes/menus.py fit), written by
bench/bench_fits.py (its docstring says how each figure is measured); not
edited by hand. (Lower-case names the app already has: a board compiling .py
would intern new ones.)"""

# the free heap at the menu, bytes, per sys.platform: .py, .mpy, our firmware
free = {'RP2040': (41812, 40996, 152880)}
# KB left beside a game's working set, .py and .mpy (bench/bench_fits.py says why)
reserve = (10, 5)
# a game's working set, KB, .py and .mpy: a row per ruleset (yahtzee_core.rules.NAMES:
# yahtzee yahtzee-free-joker yahtzee-1956 yatzy yacht kniffel generala
# kismet triple-yahtzee crag yamb maxi-yatzy balut poker-dice),
# a column per level (rules.KINDS: human perfect good beginner casual; human: a solo game)
need = (
    b'\x1d)#$&\x1d#$#&\x1d###&\x1e#$#&\x1d)""$\x1e)$#&\x1c(""$\x1d5%$\'%---1\x1b\'#!#%***,\'-,-5"\'(\'+#)+)+',
    b'\x1d(##%\x1d###%\x1d###%\x1e###&\x1c(""$\x1e)##&\x1c\'""$\x1d,&#&%---1\x1b\'!!"$***,\',,,4"&&&*$),),',
)
