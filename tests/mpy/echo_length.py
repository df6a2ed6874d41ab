# Prints the length of its argument (tests/test_device_core.py: the longest
# argument the unix ports accept).
import sys
print(len(sys.argv[1]))
