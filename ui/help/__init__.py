# The help pages: the rules in words, wrapped to the screen.
