"""Direction: a replayed trace made into a film: the scene every family builds on, the plan
of beats, the frame's layout, the words around the board and the search's chart."""
