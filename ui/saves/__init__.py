# The game, records and names in the nvm journal: writing, the first snapshot,
# reading back at power-on, the older layout.
