# Importing the app (ui.app and the resident scene modules) under a fixed heap: run by
# tests/test_device_import.py from plain .py sources, which a board compiles in RAM.
import gc
import ui.app
gc.collect()
print('imported', ui.app.App.__name__, 'in use', gc.mem_alloc())
