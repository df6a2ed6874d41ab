# One ruleset does not build the others: the variant modules loaded and the heap in
# use after importing the core, then after Yacht, then after Yatzy. Run by
# tests/test_device_core.py.
import gc
import sys
import yahtzee_core


def variants():
    return sorted(m for m in sys.modules if '.variants.' in m)


def mem():
    gc.collect()
    return gc.mem_alloc()


print('after import', mem(), variants())
yacht = yahtzee_core.ruleset('yacht')
print('after yacht', mem(), variants())
yatzy = yahtzee_core.ruleset('yatzy')
print('after yatzy', mem(), variants())
