# displayio rendering of the app's state: the screens, the scorecard, text pages.
