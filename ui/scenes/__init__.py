# The scene modules of the app's scene table (ui.app.MODULES).
