"""The rules of each puzzle family: its model (board, pieces, layouts) and the legality of
every move, a module or two per family (the three arithmetic ones share ``equations``).

These are shared by the three users of a trace: the solvers (which build a layout from a
config and write it into the header), the renderer (which reads the layout back from
the header) and ``validate`` / ``show`` (which replay every event through the family's
replay class).  Rules know the trace format (``puzzlereel.trace``) and nothing above it.
"""
