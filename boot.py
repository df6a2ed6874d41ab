"""CircuitPython boot: decide who may write the CIRCUITPY drive.

Runs once at power-on or reset, before USB starts. A drive can only be written by
one side at a time:
- normally the computer writes it (copy the game, edit settings.toml) and the game
  can only read files;
- holding BACK (on the three-button Feather build: B) while powering on lets the
  game write it instead, so it can export stats as CSV; the computer then sees
  the drive read-only until the next plain reset.
The button is the profile's "write_key" (see hardware/profiles.py), moved with the
same YAHTZEE_PIN_<ROLE> setting as in the game. A missing or wrong pin only prints
a note to boot_out.txt.

Waking from the game's deep sleep (hardware/sleep.py) restarts the board too: then
the button pressed to wake it is not read as the write key, and the drive is
given back to whichever side had it before the sleep.
"""

import os


def write_pin_name():
    from hardware import profiles
    name = os.getenv("YAHTZEE_PROFILE") or "default"
    profile = profiles.PROFILES.get(str(name).strip().lower(), profiles.DEFAULT)
    role = profile.get("write_key", "BACK")
    pin_name = os.getenv("YAHTZEE_PIN_" + role) or profile["pins"].get(role)
    if pin_name is None or str(pin_name).strip().lower() in ("", "none"):
        return role, None
    return role, str(pin_name).strip()


def button_held(pin):
    import digitalio
    button = digitalio.DigitalInOut(pin)
    try:
        button.switch_to_input(pull=digitalio.Pull.UP)
        return not button.value        # pressed pulls the pin to GND
    finally:
        button.deinit()


def woke_from_sleep():
    """(woke, the game wrote the drive before) from the deep sleep's record."""
    try:
        import alarm
        from hardware.sleep import ASLEEP, FS_WRITABLE, read_record
    except ImportError:
        return False, False
    flags, _ = read_record(alarm.sleep_memory)
    return bool(flags & ASLEEP), bool(flags & FS_WRITABLE)


def main():
    try:
        import board
        import storage
        woke, game_wrote = woke_from_sleep()
        if woke:
            if game_wrote:
                storage.remount("/", readonly=False)
            print("boot: woken from deep sleep: %s may write CIRCUITPY, as before"
                  % ("the game" if game_wrote else "the computer"))
            return
        role, pin_name = write_pin_name()
        pin = getattr(board, pin_name, None) if pin_name else None
        if pin is None:
            print("boot: no %s pin (%s); the computer may write CIRCUITPY" % (role, pin_name))
            return
        if button_held(pin):
            storage.remount("/", readonly=False)
            print("boot: %s held: the game may write CIRCUITPY (read-only for the computer)"
                  % role)
        else:
            print("boot: the computer may write CIRCUITPY (hold %s at power-on for CSV export)"
                  % role)
    except Exception as error:
        print("boot: left CIRCUITPY as it was:", error)


main()
