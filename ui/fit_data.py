"""What setup decides by which games fit (ui/app.py App.fit), written by
bench/bench_fits.py (its docstring says how each figure is measured); not
edited by hand. (Lower-case names the app already has: a board compiling .py
would intern new ones.)"""

# the free heap at the menu, bytes, per sys.platform: .py, .mpy, our firmware
free = {'RP2040': (39524, 38516, 152352)}
# KB left beside a game's working set, .py and .mpy (bench/bench_fits.py says why)
reserve = (11, 3)
# a game's working set, KB, .py and .mpy: a row per ruleset (yahtzee_core.rules.NAMES:
# yahtzee yahtzee-free-joker yahtzee-1956 yatzy yacht kniffel generala
# kismet triple-yahtzee crag yamb maxi-yatzy balut poker-dice),
# a column per level (rules.KINDS: human perfect good beginner casual; human: a solo game)
need = (
    b'\x1d6##%\x1d###&\x1d###&\x1e###&\x1c5""%\x1e7##&\x1c5""$\x1dB%#&&...1\x1b\'!!#%+++-\'-,-4#(((+$*,*,',
    b'\x1d6""%\x1d###%\x1d###%\x1d###&\x1c5!!$\x1e7##&\x1c4!!$\x1d:%"%&...2\x1b&!!"%***,&,,,4"\'\'\'+$*,*,',
)
