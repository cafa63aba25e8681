"""The scene interface: how one puzzle family describes its puzzle, once, for every format.

A scene never draws.  It puts named elements (``render.film.elements``) on a **stage** —
the board, the pieces, labels, targets — and turns each replayed event into **beats**:
one animated change each (``Tween``: a property through stops in the beat's eased
progress), how long it lasts in the video's units of time, the counter from then on and
the move in words.  The director (``render.direction.director``) places the beats on the
video's timeline and adds the words around the board; the backends draw the film.

A scene is built as ``Cls(header, options, theme)`` and reads the puzzle from the header
through its family's rules (never a solver).  Then, in order:

1. ``extent()``: the drawing's size in board cells; the layout picks a cell size;
2. ``stage(stage)``: the scene adds its elements at that cell size;
3. ``advance(item, replay)`` for each replayed event: its beats (none for notes);
4. ``retime(beats)``, then ``payoff()`` after a solved trace's last move (the goal piece
   leaving through the exit, tiles lighting up in order), if the scene has one.

``goal()``: an instant beat showing the goal (the panel's picture of it; None: none);
``payoff_area()``: where the payoff plays.  ``docs/adding-a-puzzle.md`` has an example.

Its parts: ``interface`` (``Scene``, what the director asks of a scene, and
``SceneBase``, the defaults scenes build on), ``stage`` (``Stage``, where a scene puts
its elements), ``beats`` (``Beat``, ``Tween``, ``BeatSound``: what a scene hands the
director), ``tweens`` (the changes a beat is made of: slides, fades, switches of
variant), ``shown`` (``Shown``: what each element shows, so a beat changes only what
differs), ``lapse`` (``time_lapse``: a long run of events as a few beats) and
``lookup`` (``scene_for``: the scene of a trace's puzzle).
"""
