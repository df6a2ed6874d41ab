# Our changes to ports/raspberrypi/boards/raspberry_pi_pico/mpconfigboard.mk (the build
# appends these lines to a copy of it, then ../../modules_off.mk; the last setting wins).
USB_PRODUCT = "Pocket Yahtzee"
USB_MANUFACTURER = "Pocket Yahtzee"
