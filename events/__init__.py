"""The event vocabulary the hardware edge and the app share: action codes
(events/actions.py) and wrapping millisecond ticks (events/ticks.py). A leaf: it
imports nothing of ours, so hardware/ never needs ui/ and ui/ never needs hardware/."""
