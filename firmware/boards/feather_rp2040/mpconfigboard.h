// Our changes to ports/raspberrypi/boards/adafruit_feather_rp2040/mpconfigboard.h: each
// #define here replaces the upstream one of the same name.
#define MICROPY_HW_BOARD_NAME "Pocket Yahtzee (Adafruit Feather RP2040)"
