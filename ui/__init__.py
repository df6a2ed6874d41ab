"""The handheld's app (app.py: state machine, runs anywhere) and its displayio views
(ui/views/views.py: CircuitPython/Blinka only). Importing the package imports neither, so the
app logic also loads under plain MicroPython without displayio."""
