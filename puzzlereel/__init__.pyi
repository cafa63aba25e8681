# The public names of ``puzzlereel`` for type checkers: ``__init__.py`` loads them on first
# use (``import puzzlereel`` stays quick), so their types are stated here.
from puzzlereel.api import load as load
from puzzlereel.api import solve as solve
from puzzlereel.errors import PuzzlereelError as PuzzlereelError
from puzzlereel.solution import Solution as Solution

__version__: str
__all__ = ["PuzzlereelError", "Solution", "__version__", "load", "solve"]
