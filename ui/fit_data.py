"""What ui/fits.py decides by, written by bench/bench_fits.py (its docstring says
how each figure is measured); not edited by hand."""

# the free heap at the menu, bytes, per sys.platform and firmware
FREE = {'RP2040': {'py': 41812, 'mpy': 40996, 'ours': 152880}}
# KB left beside a game's working set (bench/bench_fits.py says why)
RESERVE = {'mpy': 5, 'py': 10}
RULESETS = ('yahtzee', 'yahtzee-free-joker', 'yahtzee-1956', 'yatzy', 'yacht', 'kniffel', 'generala', 'kismet', 'triple-yahtzee', 'crag', 'yamb', 'maxi-yatzy', 'balut', 'poker-dice')
KINDS = ('human', 'perfect', 'good', 'beginner', 'casual')
# a game's working set, KB: RULESETS x KINDS (a solo game for 'human')
NEED = {
    'mpy': b'\x1d(##%\x1d###%\x1d###%\x1e###&\x1c(""$\x1e)##&\x1c\'""$\x1d,&#&%---1\x1b\'!!"$***,\',,,4"&&&*$),),',
    'py': b'\x1d)#$&\x1d#$#&\x1d###&\x1e#$#&\x1d)""$\x1e)$#&\x1c(""$\x1d5%$\'%---1\x1b\'#!#%***,\'-,-5"\'(\'+#)+)+',
}
