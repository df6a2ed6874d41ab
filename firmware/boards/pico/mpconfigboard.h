// Our changes to ports/raspberrypi/boards/raspberry_pi_pico/mpconfigboard.h: each
// #define here replaces the upstream one of the same name.
#define MICROPY_HW_BOARD_NAME "Pocket Yahtzee (Raspberry Pi Pico)"
