"""The solvers: each puzzle family reads its config, searches for an optimal solution and
yields trace events (``puzzlereel.trace``); none of them prints or writes files.

A family is found through its row in ``puzzlereel.registry`` (its config loader and its
``SOLVER``); ``base`` declares what every family provides, ``limits`` what one search
may do (its memory budget, ``--max-states``), ``stopwatch`` times its loading and its
search, ``search`` holds the shared reference searches and ``jit`` compiles the hot
loops.  This floor uses the trace and the rules (``puzzlereel.rules``) and never imports
the renderer.
"""
