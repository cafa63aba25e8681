# The public names of ``puzzlereel`` for type checkers: ``__init__.py`` loads them on first
# use (``import puzzlereel`` stays quick), so their types are stated here.
from puzzlereel.actions.check import UnexpectedAnswer as UnexpectedAnswer
from puzzlereel.actions.solve import LimitReached as LimitReached
from puzzlereel.actions.solve import Unsolvable as Unsolvable
from puzzlereel.api import load as load
from puzzlereel.api import solve as solve
from puzzlereel.ground.config import ConfigError as ConfigError
from puzzlereel.ground.errors import PuzzlereelError as PuzzlereelError
from puzzlereel.ground.errors import UnsupportedFormat as UnsupportedFormat
from puzzlereel.ground.errors import UsageError as UsageError
from puzzlereel.render.declared import RenderKeywords as RenderKeywords
from puzzlereel.solution import Solution as Solution
from puzzlereel.solution import Status as Status
from puzzlereel.trace import TraceError as TraceError

__version__: str
__all__ = ["ConfigError", "LimitReached", "PuzzlereelError", "RenderKeywords", "Solution",
           "Status", "TraceError", "UnexpectedAnswer", "UnsupportedFormat", "Unsolvable",
           "UsageError", "__version__", "load", "solve"]
