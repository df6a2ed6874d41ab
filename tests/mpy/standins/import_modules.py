# Imports every module named on the command line, with the displayio stand-in in place,
# and prints "imported NAME" or "FAILED NAME: error" for each.
import sys

import displayio_standin

displayio_standin.install()
for name in sys.argv[1:]:
    try:
        __import__(name)
        print("imported", name)
    except Exception as e:  # report every module, not just the first failure
        print("FAILED %s: %s %s" % (name, type(e).__name__, e))
