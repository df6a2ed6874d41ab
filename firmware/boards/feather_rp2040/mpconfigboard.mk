# Our changes to ports/raspberrypi/boards/adafruit_feather_rp2040/mpconfigboard.mk (the
# build appends these lines to a copy of it, then ../../modules_off.mk; the last wins).
USB_PRODUCT = "Pocket Yahtzee"
USB_MANUFACTURER = "Pocket Yahtzee"
