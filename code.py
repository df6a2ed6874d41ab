"""CircuitPython entry point: build the hardware from settings.toml, run the app.

Parts that are missing or fail are listed in hw.messages (also printed on the
serial console) and the app shows them; the game runs with what is there. If the
program itself stops with an error, the error is printed (and shown on the OLED)
and the board waits: a button press restarts it, saving a file reloads it. It
never restarts by itself, so an error cannot turn into a crash loop.
"""

import hardware


def run():
    hw = None
    try:
        hw = hardware.build()
        from ui.loop import run_app
        run_app(hw)
    except Exception as error:      # Ctrl-C (KeyboardInterrupt) still reaches the REPL
        stopped(error, hw)


def stopped(error, hw):
    try:
        import traceback
        traceback.print_exception(error)
    except ImportError:
        print(repr(error))
    print("yahtzee: stopped by an error. Press a button to restart.")
    display = getattr(hw, "display", None)
    if display is not None and hasattr(display, "show_console"):
        display.show_console()
    controls = getattr(hw, "input", None)
    ticks_ms = getattr(hw, "ticks_ms", None)
    sleep_ms = getattr(hw, "sleep_ms", None)
    if ticks_ms is None or sleep_ms is None:
        controls = None
        import time
        sleep_ms = lambda ms: time.sleep(ms // 1000)
    while True:
        if controls is not None:
            try:
                pressed = controls.poll(ticks_ms())
            except Exception:
                controls = None     # the buttons are part of the problem: just wait
                pressed = 0
            if pressed:
                import supervisor
                supervisor.reload()
        sleep_ms(50 if controls is not None else 1000)


# CircuitPython runs this file as __main__; on a desktop, `import code` (the standard
# library's module of the same name, which pdb imports) must not start the game.
if __name__ == "__main__":
    run()
