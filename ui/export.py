"""The main menu's "Export CSV": high scores and lifetime stats written to the board's
drive (when boot.py left it writable by the program). Loaded for an export and
dropped again (ui/scenes/menus.py): exports are rare."""

from ui.codes import DLG_NOTE, CSV_PATH

_EROFS = 30
_ENOSPC = 28


def export_csv(app):
    """Write high scores and lifetime stats to CSV_PATH on the board's drive; the
    outcome (or why it failed: read-only, full) is a note, never a crash."""
    lines = app.records.to_csv_lines(app.yc.RULESETS)
    msg = app.view.dialog_lines
    try:
        app.settings.file_writer(CSV_PATH, lines)
        msg[0] = 'Exported to'
        msg[1] = CSV_PATH
        app.beep(1319, 80)
    except OSError as e:
        code = e.args[0] if e.args else 0
        msg[0] = 'Export failed'
        if code == _EROFS:
            msg[1] = 'Drive is read-only'
        elif code == _ENOSPC:
            msg[1] = 'Drive is full'
        else:
            msg[1] = 'File error %s' % code
        app.beep(220, 200)
    msg[2] = 'any key: close'
    app.dialog = DLG_NOTE
    app.touch()
