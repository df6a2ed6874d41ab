# Yamb's screens: the card by columns, the grid, the help (its announce step is a scene
# of the app's scene table, ui/app.py MODULES).
PARTS = ('card', 'grid', 'help')
