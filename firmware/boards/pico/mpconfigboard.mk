# Our changes to ports/raspberrypi/boards/raspberry_pi_pico/mpconfigboard.mk (the build
# appends these lines to a copy of it, then ../../modules_off.mk; the last setting wins).
USB_PRODUCT = "Pocket Yahtzee"
USB_MANUFACTURER = "Pocket Yahtzee"
# No 1 s wait at power-on for a second reset press (safe mode): the menu a second
# sooner. Safe mode is still reached from the REPL (docs/BUILD.md).
CIRCUITPY_SKIP_SAFE_MODE_WAIT = 1
